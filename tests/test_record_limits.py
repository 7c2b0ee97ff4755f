"""Whatever a scoresheet accepts, a scoresheet resumes: every change is checked against the limits
of the readers before it is kept (docs/format.md#limits, docs/tournaments.md#nothing-is-lost)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from ludoscribe.notation import check, read_string
from ludoscribe.notation.limits import MAX_LINE, MAX_WORD
from ludoscribe.notation.recording.scoresheet import Scoresheet

from conftest import examples

LUDOSCRIBE = str(Path(sys.executable).with_name("ludoscribe"))
BRACE_TOO_LONG = (f"a comment holding '}}' is written on one line and this one is over {MAX_WORD} bytes: "
                  "split it, or drop the '}'")
BRACE_COMMENT = "}" + "x" * (MAX_WORD - 3)  # fits, by one byte
OPEN_COMMAND = "[%note " + "x" * (MAX_WORD - 20)  # a "[%" that a later "]" would close


@pytest.mark.parametrize("comment, refused", [
    (BRACE_COMMENT, BRACE_TOO_LONG),
    (OPEN_COMMAND, f"a comment command ('[%note xxxxxxxxxxxxxx...') is {MAX_WORD + 2} bytes long, "
                   f"over the {MAX_WORD}-byte limit of one word"),
])
def test_a_clock_never_pushes_a_comment_over_a_limit(tmp_path, comment, refused):
    sheet = Scoresheet.new("Teblo")
    assert sheet.add_turn("D4") is None and sheet.comment(comment) is None
    assert sheet.clock("0:10:00") == refused
    assert sheet.record.moves[0].comments == [comment]
    path = tmp_path / "sheet.tgn"
    sheet.save(str(path))
    assert Scoresheet.resume(str(path)).text() == sheet.text()


def test_the_terminal_refuses_the_clock_and_the_file_still_resumes(tmp_path):
    path = tmp_path / "long.tgn"
    path.write_text(f'[Game "Teblo"]\n[Result "*"]\n\n1. D4 ;{BRACE_COMMENT}\n*\n', encoding="utf-8")
    first = subprocess.run([LUDOSCRIBE, "record", "teblo", "-o", str(path)], capture_output=True, text=True,
                           input="clock 0:10:00\nquit\n")
    assert first.returncode == 0
    assert first.stdout == (f"Resuming {path}.\nTeblo to {path}: 1 turn so far. Type help for the commands.\n"
                            f"turn 1 Red> refused: {BRACE_TOO_LONG}\nturn 1 Red> saved {path}: 1 turn, unfinished\n")
    again = subprocess.run([LUDOSCRIBE, "record", "teblo", "-o", str(path)], capture_output=True, text=True,
                           input="quit\n")
    assert again.returncode == 0 and again.stdout.startswith(f"Resuming {path}.\n")


def test_an_undo_whose_correction_would_be_too_long_is_refused():
    sheet = Scoresheet.new("Teblo")
    assert sheet.add_turn("D4") is None and sheet.comment(BRACE_COMMENT) is None
    with pytest.raises(ValueError, match=r"^the correction cannot be written: a comment holding '\}' is written"):
        sheet.undo()
    assert len(sheet.record.moves) == 1 and sheet.record.moves[0].comments == [BRACE_COMMENT]
    assert sheet.label() == "turn 1 Red" and sheet.add_turn("H10") is None


# --- any sequence of what a scorer may do ----------------------------------------------------------------------

def near_limit(kind: str, offset: int) -> str:
    """A comment or a tag value `offset` bytes from its limit (0: at the limit, still accepted)."""
    if kind == "brace":  # written after ";" on one line, with "; " before it
        return "}" + "x" * (MAX_WORD - 3 + offset)
    if kind == "command":  # "[%" that a later "]" closes into one long word
        return "[%note " + "x" * (MAX_WORD - 7 - 15 + offset)  # 15: what a clock adds
    if kind == "word":
        return "x" * (MAX_WORD + offset)
    return "€" * ((MAX_LINE - len('[Annotator ""]')) // 3 + offset)  # a tag value of 3-byte characters


NEAR_LIMIT = st.builds(near_limit, st.sampled_from(["brace", "command", "word", "tag"]), st.integers(-3, 1))
TEXTS = st.one_of(
    NEAR_LIMIT, NEAR_LIMIT,
    st.sampled_from(["}", "[%", "]", "[%clk 0:01:00]", "a [%x", "y] b", "{", ";", "\\", '"', "\u2028", "\x1b"]),
    st.text(max_size=12),
)
TURN = st.tuples(st.just("turn"), st.integers(0, 2 ** 16))
COMMENT = st.tuples(st.just("comment"), TEXTS)
CLOCK = st.tuples(st.just("clock"), st.sampled_from(["0:10:00", "12:00:59", "soon"]))
UNDO = st.tuples(st.just("undo"))
# weighted towards what changes comments: a comment at a limit, then a clock or a correction
ACTIONS = st.lists(st.one_of(
    TURN, COMMENT, CLOCK, UNDO,
    st.tuples(st.just("typed"), st.text(max_size=8)),
    st.tuples(st.just("result"), st.sampled_from(["1-0", "0-1", "1/2-1/2", "*", "2-0"])),
    st.tuples(st.just("reopen")),
    st.tuples(st.just("tag"), st.sampled_from(["Event", "Date", "first side", "second side", "Annotator"]), TEXTS),
), min_size=2, max_size=10)


def act(sheet: Scoresheet, action: tuple) -> bool:
    """Do one thing a scorer may do; whether the scoresheet took it."""
    kind, *args = action
    if kind == "turn":
        turn = sheet.game.random_turn(sheet.position, random.Random(args[0]))
        return turn is not None and sheet.add_turn(sheet.game.turn_text(turn)) is None
    if kind == "undo":
        try:
            return sheet.undo() is not None
        except ValueError:
            return False
    if kind == "tag":
        name = {"first side": sheet.game.sides[0], "second side": sheet.game.sides[1]}.get(args[0], args[0])
        return sheet.set_tag(name, args[1]) is None
    method = {"typed": sheet.add_turn, "comment": sheet.comment, "clock": sheet.clock, "result": sheet.finish,
              "reopen": lambda: sheet.reopen()}[kind]
    return method(*args) is None


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(game="Teblo", actions=[("turn", 0), ("comment", near_limit("brace", 0)), ("clock", "0:10:00")])
@example(game="Teblo", actions=[("turn", 0), ("comment", near_limit("command", 0)), ("clock", "0:10:00")])
@example(game="Teblo", actions=[("turn", 0), ("comment", near_limit("brace", 0)), ("undo",)])
@example(game="Staku", actions=[("turn", 0), ("result", "0-1"), ("reopen",), ("undo",), ("tag", "Date", "?")])
@given(game=st.sampled_from(["Teblo", "Staku", "Tektop", "Tekao", "TChako"]), actions=ACTIONS)
def test_whatever_is_accepted_is_saved_as_a_record_that_resumes(tmp_path_factory, game, actions):
    path = tmp_path_factory.mktemp("sheets") / "sheet.tgn"
    sheet = Scoresheet.new(game)
    for action in actions:
        before = sheet.text()
        if not act(sheet, action):
            assert sheet.text() == before, action  # a refused change leaves the record as it was
            continue
        sheet.save(str(path))
        again = Scoresheet.load(str(path))
        assert again.text() == sheet.text() and again.position == sheet.position
        [record] = read_string(path.read_text(encoding="utf-8"))
        check(record)
        assert [problem.code for problem in record.problems] in ([], ["result-contradicts"])
