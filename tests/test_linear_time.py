"""Every pass over text a user wrote does work in proportion to its length.

Each pass of PASSES runs on an adversarial input and on the same input four times longer,
and the work of each run is counted (tests/work.py: lines of Python run, bytes allocated):
a linear pass does about 4 times the work, a quadratic one about 16 times. Counts, not
seconds: the answer is the same on a busy machine. The inputs are those that made earlier
code quadratic (docs/format.md, Commands and Limits; docs/publishing.md, Budgets).
bench/linear.py times the same passes, which also covers what one regular expression
does inside a single call.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any, Callable, NamedTuple

import pytest

from ludoscribe.notation import check, read_string
from ludoscribe.notation.annotations import of_commands
from ludoscribe.notation.jsonio import read_json
from ludoscribe.notation.model import find_commands, without_commands
from ludoscribe.notation.writer import write_record
from ludoscribe.render.budgets import Budgets
from ludoscribe.render.diagram import record_diagrams
from ludoscribe.render.document import render_html
from ludoscribe.render.markdown_document import render_markdown
from ludoscribe.render.site.mkdocs_plugin import _options, replace_blocks
from ludoscribe.render.site.index import natural
from ludoscribe.render.site.plan import Slugs
from ludoscribe.render.text import board_rows

from work import assert_linear

HEAD = '[Game "Teblo"]\n[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "A"]\n[Red "B"]\n[Result "*"]\n\n'


class Pass(NamedTuple):
    """A pass over an input: what runs, the input of a size, the smaller size counted."""

    run: Callable[[Any], Any]
    make: Callable[[int], Any]
    size: int


# --- the command finder and what uses it ----------------------------------------------

# comments that made the [%command] patterns scan to the end of the comment from every "[%"
COMMENTS = {
    "[%a repeated": lambda n: "[%a " * n,
    "[% repeated": lambda n: "[%" * n,
    "[%a b repeated": lambda n: "[%a b" * n,
    "commands then [%": lambda n: "[%mark D4] " * (n // 4) + "[%a " * n,
    # n // 16 commands stay within a diagram's 1,000 items (docs/diagrams.md#bounds)
    "many marks and arrows": lambda n: "[%mark D4 triangle red] [%arrow D4-E5 red] " * (n // 16),
}


def record_with_comment(comment: str) -> str:
    return HEAD + "1. D4 {" + comment + "} *\n"


def checked(text: str):
    record = read_string(text)[0]
    replayed = check(record)
    assert not record.problems, record.problems
    return record, replayed


def draw(text: str) -> None:
    """diagram: the marks and arrows of the turn drawn come from its comment."""
    list(record_diagrams(checked(text)[0]))


# the passes are counted on records over the marks' budgets too (docs/publishing.md#budgets)
ROOMY = Budgets(annotations=10**6, annotations_per_diagram=10**6)


def publish(pair) -> None:
    """convert --to md and --to html (and so site and the plugin): comment text and [%diagram]."""
    record, replayed = pair
    render_html(record, replayed, budgets=ROOMY)
    render_markdown(record, replayed, lambda number: f"d-{number}.svg", budgets=ROOMY)


PASSES: dict[str, Pass] = {}
for name, comment in COMMENTS.items():
    PASSES |= {
        f"finding commands: {name}": Pass(lambda text: list(find_commands(text)), comment, 5_000),
        f"leaving commands out: {name}": Pass(without_commands, comment, 5_000),
        f"reading and writing TGN: {name}": Pass(lambda text: write_record(checked(text)[0]),
                                                  lambda n, comment=comment: record_with_comment(comment(n)), 2_000),
        f"drawing a commented turn: {name}": Pass(draw, lambda n, comment=comment: record_with_comment(comment(n)),
                                                   2_000),
        f"publishing a commented record: {name}": Pass(
            publish, lambda n, comment=comment: checked(record_with_comment(comment(n))), 2_000),
    }

# a turn's marks and arrows were gathered command by command, copying all those before at each one
# (that copying counts 10 times the bytes for 4 times the commands from 2,000 of them, 8 from 1,000)
PASSES["gathering a turn's marks and arrows"] = Pass(
    lambda text: of_commands((command.name, command.args) for command in find_commands(text)),
    lambda n: "[%mark D4 red] [%arrow D4-E5] " * n, 2_000)


# --- site, plugin, terminal -----------------------------------------------------------------


def allocate(count: int) -> None:
    slugs = Slugs()
    for _ in range(count):
        slugs.new("", "record")


PASSES |= {
    "page names of records sharing a name": Pass(allocate, lambda n: n, 1_000),
    "round sort key of a long number": Pass(natural, lambda n: "9" * n, 5_000),
    "fence scanning, letters": Pass(lambda text: replace_blocks(text, lambda kind, body: ""),
                                    lambda n: "```" + "a" * n + "`\n", 5_000),
    "fence scanning, spaces": Pass(lambda text: replace_blocks(text, lambda kind, body: ""),
                                   lambda n: "```" + " " * n + "`\n", 5_000),
    "option lines": Pass(lambda text: _options(text, frozenset({"turn"}), False),
                         lambda n: "turn: 1" + " " * n + "x\n", 5_000),
    "terminal board rows": Pass(board_rows, lambda n: "(" * n + "/1", 5_000),
}


# --- the reader: splitting records, tags, movetext tokens, turns from JSON -------------------


def _game(name: str) -> str:
    return f'[Game "{name}"]\n[Result "*"]\n\n'


def json_record(game: str, turn: str) -> bytes:
    return json.dumps({"format": "tgn-json", "version": 1, "records": [
        {"tags": {"Game": game, "Result": "*"}, "moves": [{"turn": turn}], "result": "*"}]}).encode()


# movetext words that made the turn rules back out of a repeat in quadratic time, and
# lines that the record splitter and the tag rule look at whole
MOVETEXTS = {
    "T'Chako turn of many actions, then a stray letter": lambda n: _game("TChako") + "1. " + ",".join(["F>G"] * n) + "x *\n",
    "T'Chako shot of many pushes, then a stray letter": lambda n: _game("TChako") + "1. " + "F>G" + "/wA>B" * n + "x *\n",
    "Tekao step of many captures, then a stray letter": lambda n: _game("Tekao") + "1. b2-b4" + "xc4" * n + "y *\n",
    "glyphs glued to a turn": lambda n: _game("Teblo") + "1. D4" + "!" * n + " *\n",
    "many NAGs": lambda n: _game("Teblo") + "1. D4 " + "$1 " * n + "*\n",
    "results inside a comment": lambda n: _game("Teblo") + "1. D4 {" + "1-0 " * n + "} *\n",
    "comment never closed": lambda n: _game("Teblo") + "1. D4 " + "{ " * n + "*\n",
    "tag line never closed": lambda n: '[Game "Teblo"]\n[Event "' + '\\"' * n + '\n[Result "*"]\n\n1. D4 *\n',
    "line almost a tag line": lambda n: '[Game "Teblo"]\n[E "' + '"] ' * n + 'x\n[Result "*"]\n\n1. D4 *\n',
    "a long run of digits": lambda n: _game("Teblo") + "1" * n + ". D4 *\n",
}
JSON_TURNS = {
    "T'Chako turn of many actions from JSON, then a stray letter": lambda n: json_record(
        "TChako", ",".join(["F>G"] * n) + "x"),
    "Tekao step of many captures from JSON, then a stray letter": lambda n: json_record("Tekao", "b2-b4" + "xc4" * n + "y"),
}

PASSES |= {f"reading and checking: {name}": Pass(lambda text: [check(record) for record in read_string(text)], make,
                                                 2_000)
           for name, make in MOVETEXTS.items()}
PASSES |= {f"reading and checking: {name}": Pass(
    lambda data: [check(record) for record in read_json(io.BytesIO(data))], make, 2_000) for name, make in JSON_TURNS.items()}


@pytest.mark.slow
@pytest.mark.parametrize("name", PASSES)
def test_each_pass_is_linear(name):
    run, make, size = PASSES[name]
    assert_linear(run, make, size)


# --- what those passes answer ------------------------------------------------------------


def test_commands_found_as_before():
    text = "a [%clk 0:59:56] b [%diagram] [% x] [%mark  D4,H9 ] [%a [%b c] [%unclosed"
    assert [(c.name, c.args) for c in find_commands(text)] == [
        ("clk", "0:59:56"), ("diagram", ""), ("mark", "D4,H9"), ("a", "[%b c")]
    assert without_commands(text) == "a b [% x] [%unclosed"
    assert list(find_commands("[%" * 5 + "]")) == []
    assert [c.name for c in find_commands("[%[%x]")] == ["x"]


def test_a_command_is_never_split_over_lines():
    record, _ = checked(record_with_comment("word " * 30 + "[%arrow D4-D6, H9-H11, A1-A2] " + "word " * 30))
    text = write_record(record)
    assert "[%arrow D4-D6, H9-H11, A1-A2]" in text
    assert read_string(text)[0].moves[0].comments == record.moves[0].comments


def test_page_names_stay_unique_and_numbered():
    slugs = Slugs()
    names = [slugs.new(text, "record") for text in ("Ann", "Ann", "Ann 2", "Ann", "", "", "index")]
    assert names == ["ann", "ann-2", "ann-2-2", "ann-3", "record", "record-2", "index-2"]


def test_round_sort_key_takes_numbers_of_any_length():
    rounds = ["10", "2", "02b", "1" * 5000, "round 3", "9" * 4400]
    assert sorted(rounds, key=natural) == ["2", "02b", "10", "9" * 4400, "1" * 5000, "round 3"]


def test_option_lines_are_read():
    assert _options("  turn :  12...  \n[Game \"Teblo\"]\n", frozenset({"turn"}), False) == (
        {"turn": "12..."}, '[Game "Teblo"]\n')


def test_fences_found_as_before():
    seen = []
    replace_blocks("```tgn\nA\n```\n~~~ tgn-file extra\nB\n~~~\n```tgn `x`\nC\n```\n",
                   lambda kind, body: seen.append((kind, body)) or "")
    assert seen == [("tgn", "A\n"), ("tgn-file", "B\n")]


def test_terminal_board_rows():
    assert board_rows("2(wb)w/1") == [[".", ".", "wb", "w"], ["."]]


def test_a_huge_turn_number_or_nag_is_a_problem_not_a_crash():
    number = read_string(_game("Teblo") + "1" * 5000 + ". D4 *\n")[0]
    assert [str(p) for p in number.problems] == [
        "4:1: turn 1 Yellow: turn number 111111111111111111111... does not fit: this turn is 1."]
    nag = read_string(_game("Teblo") + "1. D4 $" + "1" * 5000 + " *\n")[0]
    assert [str(p) for p in nag.problems] == ["4:7: turn 1 Yellow: NAG $111111111111111111111... is out of range ($0 to $255)"]
    padded = read_string(_game("Teblo") + "0001. D4 $0000000000000001 *\n")[0]
    assert padded.problems == [] and padded.moves[0].nags == [1]


# --- the count itself ------------------------------------------------------------------------


@pytest.mark.slow
def test_the_count_tells_a_quadratic_pass_from_a_linear_one():
    def starts_over(text: str) -> int:  # looks at the rest of the text from every character
        return sum(len(text[at:].strip()) for at in range(len(text)))

    def builds_by_copying(text: str) -> str:  # copies what it built at every step
        built = ""
        for char in text:
            built = built + char
        return built

    assert_linear(lambda text: sum(map(ord, text)), lambda n: "ab" * n, 1_000)
    for quadratic in (starts_over, builds_by_copying):
        with pytest.raises(AssertionError, match=r"^4 times the input allocated 1[0-9]\.[0-9] times the bytes$"):
            assert_linear(quadratic, lambda n: "ab" * n, 1_000)


def test_no_test_reads_a_clock():
    """A test that times itself fails on a busy machine: tests count work instead (tests/work.py)."""
    # the last letter of each name is written as a class ([r]), so that this line is not a use of a clock
    clock = re.compile(r"\b(?:perf_counte[r]|process_tim[e]|thread_tim[e]|monotoni[c]|time\.tim[e]|datetime\.no[w])\b|"
                       r"^\s*from tim[e] import (?!sleep$)", re.MULTILINE)  # time.sleep to wait for a state is no clock
    tests = Path(__file__).parent
    sources = sorted(tests.glob("*.py"))
    assert len(sources) > 50
    readers = [f"{path.name}:{text[:found.start()].count(chr(10)) + 1}" for path in sources
               if path.name != Path(__file__).name
               for text in [path.read_text(encoding="utf-8")] for found in clock.finditer(text)]
    assert readers == []
