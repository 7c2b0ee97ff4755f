"""The scoresheet behind `ludoscribe record`, and the text board it shows."""

from __future__ import annotations

from ludoscribe.notation import check, read_string
from ludoscribe.notation.games import Refusal
from ludoscribe.notation.games.teblo import TebloRefusal
from ludoscribe.notation.generate import random_records
from ludoscribe.notation.recording.scoresheet import Scoresheet
from ludoscribe.render.text import board_rows, text_board


def test_turns_are_checked_completed_and_undone():
    sheet = Scoresheet.new("Teblo", {"Yellow": "Ana"})
    assert sheet.tag_names() == ("Event", "Site", "Date", "Round", "Board", "Yellow", "Red")
    assert sheet.add_turn("D4") is None and sheet.add_turn("H10") is None
    assert sheet.add_turn("Q4") == "'Q4' is not a Teblo turn (a step like D4 or a placement like (H9))"
    refused = sheet.add_turn("D6")
    assert refused.said == Refusal(TebloRefusal.NOT_ADJACENT, to="D6", side="Yellow", pawn="D4")  # words: a str
    assert refused.detail() == {"refusal": {"code": "not-adjacent", "to": "D6", "side": "Yellow", "pawn": "D4"}}
    assert refused == refused.said.sentence
    assert sheet.label() == "turn 2 Yellow"
    assert sheet.comment("  a   quiet  start ") is None and sheet.clock("0:59:01") is None
    assert sheet.clock("59") == "'59' is not a time left H:MM:SS (e.g. 0:58:12)"
    assert sheet.undo() == "H10" and sheet.label() == "turn 1 Red"
    assert sheet.undo() == "D4" and sheet.undo() is None
    assert sheet.clock("0:59:01") == "no turn yet: the clock is noted after a turn"


def test_saved_text_is_canonical_and_resumes(tmp_path):
    sheet = Scoresheet.new("Staku", {"Event": "Cup"})
    for turn in ("a3-a2", "g4-f4", "a5-a6+b7"):
        assert sheet.add_turn(turn) is None
    assert sheet.comment("sharp}") is None  # written as a ';' comment
    path = tmp_path / "game.tgn"
    sheet.save(str(path))
    record = read_string(path.read_text(encoding="utf-8"))[0]
    check(record)
    assert not record.problems
    again = Scoresheet.resume(str(path))
    assert again.text() == sheet.text() and again.position == sheet.position


def test_the_result_must_agree_with_the_end_by_the_rules():
    finished = next(r for r in random_records("Tekao", 20, seed=3) if r.result != "*")
    sheet = Scoresheet.new("Tekao")
    for node in finished.moves:
        assert sheet.add_turn(finished.game.turn_text(node.turn)) is None
    ended = sheet.outcome()
    assert ended is not None and ended.result == finished.result
    wrong = "1-0" if finished.result != "1-0" else "0-1"
    refused_result, refused_turn = sheet.finish(wrong), sheet.add_turn("a1-a2")
    assert refused_result.said == refused_turn.said == ended  # the end's code, for a program
    assert refused_result.detail() == refused_turn.detail() == {"ending": ended.as_json()}
    assert sheet.record.result == "*" and len(sheet.record.moves) == len(finished.moves)
    assert sheet.finish(finished.result) is None and sheet.record.result == finished.result


def test_text_board_draws_the_rows_of_the_position_code():
    assert board_rows("2a/(bc)1d") == [[".", ".", "a"], ["bc", ".", "d"]]
    assert board_rows("-") is None
    sheet = Scoresheet.new("Tektop")
    assert text_board(sheet.game, sheet.position) == (
        "5  . . . . b\n4  . . . . b\n3  . . . . b\n2  . . . . b\n1  w w w w .\n   a b c d e\n"
        "position: 4b/4b/4b/4b/wwww1 0 0 W play 1\nto move: turn 1 White\n")


def test_a_turn_spread_over_two_lines_is_refused_not_a_crash():
    sheet = Scoresheet.new("Teblo")
    assert sheet.add_turn("D4\nI9") == "a turn is written on one line"
    assert sheet.add_turn("D4") is None
