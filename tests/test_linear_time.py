"""Every pass over text a user wrote takes time in proportion to its length.

Each test times one pass on an adversarial input and on the same input four times
longer, in the same run, and compares: a linear pass takes about 4 times as long, a
quadratic one about 16 times. The bound (8) is generous so that a loaded machine does
not fail the test; no test looks at seconds. The inputs are those that made the
earlier patterns quadratic (docs/format.md, Commands; docs/publishing.md, Budgets).
"""

from __future__ import annotations

import gc
import time
from typing import Any, Callable

import pytest

from ludoscribe.notation import check, read_string
from ludoscribe.notation.model import find_commands, without_commands
from ludoscribe.notation.writer import write_record
from ludoscribe.render.diagram import record_diagrams
from ludoscribe.render.document import render_html, render_markdown
from ludoscribe.render.mkdocs_plugin import _options, replace_blocks
from ludoscribe.render.site import Slugs, _natural
from ludoscribe.render.text import board_rows

GROWTH = 4  # the larger input is this many times the smaller
BOUND = 8  # linear: about GROWTH; quadratic: about GROWTH ** 2

HEAD = '[Game "Teblo"]\n[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "A"]\n[Red "B"]\n[Result "*"]\n\n'

# comments that made the [%command] patterns scan to the end of the comment from every "[%"
COMMENTS = {
    "[%a repeated": lambda n: "[%a " * n,
    "[% repeated": lambda n: "[%" * n,
    "[%a b repeated": lambda n: "[%a b" * n,
    "commands then [%": lambda n: "[%mark D4] " * (n // 4) + "[%a " * n,
}


def seconds(function: Callable[[Any], Any], argument: Any) -> float:
    gc.collect()
    gc.disable()  # a collection costs time in proportion to all objects alive, not to this pass
    try:
        started = time.process_time()  # CPU time: other programs running do not count
        function(argument)
        return time.process_time() - started
    finally:
        gc.enable()


def assert_linear(function: Callable[[Any], Any], make: Callable[[int], Any], size: int, rounds: int = 5) -> None:
    """The best of several timings of each size, taken in turns so that a busy moment hits both."""
    small, large = make(size), make(GROWTH * size)
    function(small)  # warm up caches (grammars, imports)
    best_small = best_large = float("inf")
    for _ in range(rounds):
        best_small = min(best_small, seconds(function, small))
        best_large = min(best_large, seconds(function, large))
    ratio = best_large / best_small
    assert ratio < BOUND, f"{GROWTH} times the input took {ratio:.1f} times as long"


def record_with_comment(comment: str) -> str:
    return HEAD + "1. D4 {" + comment + "} *\n"


def checked(text: str):
    record = read_string(text)[0]
    replayed = check(record)
    assert not record.problems, record.problems
    return record, replayed


# --- the command finder and what uses it ----------------------------------------------


@pytest.mark.parametrize("make", COMMENTS.values(), ids=COMMENTS.keys())
def test_finding_commands_is_linear(make):
    assert_linear(lambda text: list(find_commands(text)), make, 50_000)


@pytest.mark.parametrize("make", COMMENTS.values(), ids=COMMENTS.keys())
def test_leaving_commands_out_is_linear(make):
    assert_linear(without_commands, make, 50_000)


@pytest.mark.parametrize("make", COMMENTS.values(), ids=COMMENTS.keys())
def test_reading_and_writing_tgn_is_linear(make):
    """convert --to tgn: read, check, write the canonical text (the writer's comment words)."""
    assert_linear(lambda text: write_record(checked(text)[0]), lambda n: record_with_comment(make(n)), 10_000)


@pytest.mark.parametrize("make", COMMENTS.values(), ids=COMMENTS.keys())
def test_diagram_of_a_commented_turn_is_linear(make):
    """diagram: the marks and arrows of the turn drawn come from its comment."""
    records = {}

    def draw(text: str) -> None:
        record = records.get(text) or records.setdefault(text, checked(text)[0])
        list(record_diagrams(record))

    assert_linear(draw, lambda n: record_with_comment(make(n)), 10_000)


@pytest.mark.parametrize("make", COMMENTS.values(), ids=COMMENTS.keys())
def test_publishing_a_commented_record_is_linear(make):
    """convert --to md and --to html (and so site and the plugin): comment text and [%diagram]."""

    def publish(pair) -> None:
        record, replayed = pair
        render_html(record, replayed)
        render_markdown(record, replayed, lambda number: f"d-{number}.svg")

    assert_linear(publish, lambda n: checked(record_with_comment(make(n))), 10_000)


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


# --- site: page names and sorting -------------------------------------------------------


def test_page_names_of_records_sharing_a_name_are_linear():
    def allocate(count: int) -> None:
        slugs = Slugs()
        for _ in range(count):
            slugs.new("", "record")

    assert_linear(allocate, lambda n: n, 5_000)


def test_page_names_stay_unique_and_numbered():
    slugs = Slugs()
    names = [slugs.new(text, "record") for text in ("Ann", "Ann", "Ann 2", "Ann", "", "", "index")]
    assert names == ["ann", "ann-2", "ann-2-2", "ann-3", "record", "record-2", "index-2"]


def test_round_sort_key_takes_numbers_of_any_length():
    assert_linear(_natural, lambda n: "9" * n, 50_000)
    rounds = ["10", "2", "02b", "1" * 5000, "round 3", "9" * 4400]
    assert sorted(rounds, key=_natural) == ["2", "02b", "10", "9" * 4400, "1" * 5000, "round 3"]


# --- the mkdocs plugin's block scanning -------------------------------------------------


def test_fence_scanning_is_linear():
    assert_linear(lambda text: replace_blocks(text, lambda kind, body: ""), lambda n: "```" + "a" * n + "`\n", 20_000)
    assert_linear(lambda text: replace_blocks(text, lambda kind, body: ""), lambda n: "```" + " " * n + "`\n", 20_000)


def test_option_lines_are_linear():
    assert_linear(lambda text: _options(text, frozenset({"turn"}), False),
                  lambda n: "turn: 1" + " " * n + "x\n", 20_000)
    assert _options("  turn :  12...  \n[Game \"Teblo\"]\n", frozenset({"turn"}), False) == (
        {"turn": "12..."}, '[Game "Teblo"]\n')


def test_fences_found_as_before():
    seen = []
    replace_blocks("```tgn\nA\n```\n~~~ tgn-file extra\nB\n~~~\n```tgn `x`\nC\n```\n",
                   lambda kind, body: seen.append((kind, body)) or "")
    assert seen == [("tgn", "A\n"), ("tgn-file", "B\n")]


# --- the terminal board -------------------------------------------------------------------


def test_terminal_board_rows_are_linear():
    assert_linear(board_rows, lambda n: "(" * n + "/1", 20_000)
    assert board_rows("2(wb)w/1") == [[".", ".", "wb", "w"], ["."]]


# --- the reader: splitting records, tags, movetext tokens ----------------------------------


def _game(name: str) -> str:
    return f'[Game "{name}"]\n[Result "*"]\n\n'


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


@pytest.mark.parametrize("make", MOVETEXTS.values(), ids=MOVETEXTS.keys())
def test_reading_and_checking_is_linear(make):
    assert_linear(lambda text: [check(record) for record in read_string(text)], make, 20_000)


def test_a_huge_turn_number_or_nag_is_a_problem_not_a_crash():
    number = read_string(_game("Teblo") + "1" * 5000 + ". D4 *\n")[0]
    assert [str(p) for p in number.problems] == [
        "4:1: turn 1 Yellow: turn number 111111111111111111111... does not fit: this turn is 1."]
    nag = read_string(_game("Teblo") + "1. D4 $" + "1" * 5000 + " *\n")[0]
    assert [str(p) for p in nag.problems] == ["4:7: turn 1 Yellow: NAG $111111111111111111111... is out of range ($0 to $255)"]
    padded = read_string(_game("Teblo") + "0001. D4 $0000000000000001 *\n")[0]
    assert padded.problems == [] and padded.moves[0].nags == [1]
