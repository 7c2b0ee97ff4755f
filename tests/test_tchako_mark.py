"""The mark `#` after a T'Chako turn: the game is decided at the start of the next turn
(docs/games/tchako.md#the-end-decided-as-a-turn-begins)."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from conftest import checked, ended, read_one, refused, what_happened
from ludoscribe.notation import ProblemCode
from ludoscribe.cli.main import cli
from ludoscribe.notation import write_record
from ludoscribe.notation.games import Ending, Outcome, Refusal
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.tchako.actions import TChakoRefusal
from ludoscribe.notation.games.tchako.turns import DECIDED
from ludoscribe.notation.jsonio import read_json, write_json
from ludoscribe.notation.recording.scoresheet import Scoresheet

HILL = "Aw3/BQ/Cw3/Dw1/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 3 0/0 play"  # White holds F and G from A
NO_QUEEN = "Aw3/BQ/Cw3/Ew1/Jw1b1/Kw1/Lb3 -/-/-/-/-/- B 5 0/0 play"  # Black's queen is off the board
TOTAL = "Aw8/BQ/Cw2/Jb3/Kq/Lb3 -/-/-/-/-/- W 4 0/0 play"  # White has 11 pieces


def played(variant: str, code: str, text: str):
    game = TChako(variant)
    before = game.read_position(code)
    played = game.play(before, game.read_turn(text))
    return played.refusal, game.turn_text(played.turn), game.position_code(played.after or before)


@pytest.mark.parametrize("variant, code, text, after", [
    ("king of the hill", HILL, "pass#", "Aw3/BQ/Cw3/Dw1/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 4 0/0 W:hill"),
    ("king of the hill", HILL, "J>I #", "Aw3/BQ/Cw3/Dw1/Fw1/Gw1/Ib1/Jb2/Kq/Lb3 -/-/-/-/-/- W 4 0/0 W:hill"),
    ("", NO_QUEEN, "J>O#", "Aw3/BQ/Cw3/Ew1/Jw1/Kw1/Lb3 -/-/-/-/-/- W 6 0/0 W:noqueen"),
    ("countdown 4", "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- B 4 0/0 play", "pass#",
     "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 5 0/0 W:zones"),
])
def test_a_mark_where_the_next_turn_begins_decided(variant, code, text, after):
    refusal, turn, position = played(variant, code, text)
    assert refusal is None
    assert turn == text.replace(" ", "")
    assert position == after


@pytest.mark.parametrize("variant, code, text, refusal", [
    ("king of the hill", HILL, "J>FxF#", Refusal(TChakoRefusal.MARK_NOT_DECIDED, side="White", number=4)),
    ("", NO_QUEEN, "L>L#", Refusal(TChakoRefusal.MARK_NOT_DECIDED, side="White", number=6)),
    ("countdown 4", "Aw3/BQ/Cw3/Dw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 4 0/0 play", "pass#",
     Refusal(TChakoRefusal.MARK_NOT_DECIDED, side="Black", number=4)),
    ("demographic total 12", TOTAL, "+A#",
     Refusal(TChakoRefusal.MARK_DURING, ending=Outcome(0, Ending.TOTAL, {"side": "White", "opponent": "Black", "pucks": 12}))),
])
def test_a_mark_where_nothing_is_decided_is_refused(variant, code, text, refusal):
    assert played(variant, code, text)[0] == refusal


def test_the_engine_writes_the_mark_the_record_left_out():
    reason, turn, after = played("king of the hill", HILL, "J>I")
    assert reason is None and turn == "J>I#" and after.endswith("W:hill")
    reason, turn, _ = played("demographic total 12", TOTAL, "+A")
    assert reason is None and turn == "+A"  # ended during the turn: no mark


def test_the_mark_reads_as_the_turns_last_element():
    game = TChako()
    assert game.read_turn("pass#") == (DECIDED,)
    assert game.read_turn("A>D,A>E #")[-1] == DECIDED and len(game.read_turn("A>D,A>E #")) == 3
    for text in ("#", "A>D##", "A>D#,A>E", "#A>D"):
        with pytest.raises(ValueError):
            game.read_turn(text)


def record(moves: str, result: str, variant: str = "king of the hill", code: str = HILL) -> str:
    return (f'[Game "TChako"]\n[Variant "{variant}"]\n[SetUp "1"]\n[Position "{code}"]\n[Result "{result}"]\n\n'
            f"{moves} {result}\n")


def test_a_record_ending_with_the_mark_round_trips_through_tgn_and_json():
    record_, replayed = checked(record("3... J>I #! {White holds the hill as its turn begins.}", "1-0"))
    assert record_.problems == [] and replayed.outcome.result == "1-0"
    text = write_record(record_)
    assert "3... J>I#! {White holds the hill as its turn begins.} 1-0" in text
    again, _ = checked(text)
    assert again.problems == [] and write_record(again) == text
    stream = io.StringIO()
    write_json([again], stream)
    assert json.loads(stream.getvalue())["records"][0]["moves"][0]["turn"] == "J>I#"
    (from_json,) = read_json(stream.getvalue())
    assert from_json.moves[0].turn[-1] == DECIDED and write_record(from_json) == text


def test_an_old_record_without_the_mark_still_checks_and_gets_it_written():
    record_, replayed = checked(record("3... J>I", "1-0"))
    assert record_.problems == [] and replayed.outcome.result == "1-0"
    assert "3... J>I# 1-0" in write_record(record_)


def test_a_wrong_mark_in_a_record_names_line_column_and_turn():
    record_, replayed = checked(record("3... J>FxF#", "*"))
    assert what_happened(record_) == [(ProblemCode.ILLEGAL_TURN,
        refused(Refusal(TChakoRefusal.MARK_NOT_DECIDED, side="White", number=4)), 7, 6, "turn 3 Black")]


def test_a_turn_after_the_mark_is_after_the_end():
    record_, _ = checked(record("3... J>I# 4. A>D", "1-0"))
    hill = Outcome(0, Ending.HILL, {"side": "White", "opponent": "Black", "zones": ["F and G"]})
    assert what_happened(record_) == [(ProblemCode.GAME_OVER, ended(hill), 7, 14, "turn 4 White")]


def test_a_stray_mark_is_not_a_turn():
    record_ = read_one(record("3... J>I\n#", "1-0"))
    assert record_.problems[0].message.startswith("'#' is not a TChako turn")


def test_check_exit_codes(tmp_path):
    good, bad = tmp_path / "good.tgn", tmp_path / "bad.tgn"
    good.write_text(record("3... J>I#", "1-0"), encoding="utf-8")
    bad.write_text(record("3... J>FxF#", "*"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(good)])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(cli, ["check", "--json", str(bad)])
    assert result.exit_code == 1
    assert [(p["file"], p["line"], p["column"], p["turn"], p["code"], p["refusal"])
            for p in json.loads(result.output)["problems"]] == [
        (str(bad), 7, 6, "turn 3 Black", "illegal-turn", {"code": "mark-not-decided", "side": "White", "number": 4})]


def test_the_scoresheet_writes_the_mark():
    sheet = Scoresheet.new("TChako", {"SetUp": "1", "Position": NO_QUEEN})
    assert sheet.add_turn("J>O") is None
    assert sheet.outcome() == Outcome(0, Ending.NO_QUEEN, {"side": "White", "opponent": "Black"})
    assert sheet.finish("1-0") is None
    assert "5... J>O# 1-0" in sheet.text()
