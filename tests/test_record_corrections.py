"""What a scorer types is checked before it ends up in the record: dates, players, a result given by
hand confirmed in words; what is taken back (a turn, a result) stays in the record as a correction
(docs/tournaments.md#corrections)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from ludoscribe.notation import check, read_string
from ludoscribe.notation.recording.scoresheet import Scoresheet, date_problem

LUDOSCRIBE = str(Path(sys.executable).with_name("ludoscribe"))
DATE_REFUSED = ("refused: '14/03/2026' is not a date: write YYYY.MM.DD, with ?? for an unknown part "
                "(2026.03.14, 2026.03.??, ????.??.??)")
FINISHED = '''[Game "Teblo"]
[Event "Club night"]
[Site "?"]
[Date "2026.03.14"]
[Round "2"]
[Yellow "Ana"]
[Red "Bo"]
[Result "0-1"]

1. D4 H10 2. D5 {Ana resigns} 0-1
'''


def spawn(path: Path, game: str = "teblo") -> pexpect.spawn:
    return pexpect.spawn(LUDOSCRIBE, ["record", game, "-o", str(path)], encoding="utf-8", timeout=30,
                         dimensions=(50, 200))


def answer(child: pexpect.spawn, prompt: str, text: str) -> None:
    child.expect_exact(prompt)
    child.sendline(text)


def ended(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([LUDOSCRIBE, *args], capture_output=True, text=True, input=stdin)


def movetext(path: Path) -> str:
    return path.read_text(encoding="utf-8").split("\n\n", 1)[1]


def test_a_date_is_written_yyyy_mm_dd_and_the_two_players_differ(tmp_path):
    path = tmp_path / "board1.tgn"
    child = spawn(path)
    answer(child, "Event [", "Club night")
    answer(child, "Site [?]: ", "")
    answer(child, "]: ", "14/03/2026")
    child.expect_exact(DATE_REFUSED)
    answer(child, "Date [", "2026.02.30")
    child.expect_exact("refused: '2026.02.30' is not a date of the calendar")
    answer(child, "]: ", "2026.03.??")
    answer(child, "Round [?]: ", "2")
    answer(child, "Board [?]: ", "")
    answer(child, "Yellow [?]: ", "Ana de Wit")
    answer(child, "Red [?]: ", "ana  de wit")
    child.expect_exact("refused: Ana de Wit plays Yellow already: the two sides need two different players")
    answer(child, "Red [?]: ", "Bo")
    answer(child, "turn 1 Yellow> ", "quit")
    assert ended(child) == 0
    record = read_string(path.read_text(encoding="utf-8"))[0]
    assert (record.tags["Date"], record.tags["Yellow"], record.tags["Red"]) == ("2026.03.??", "Ana de Wit", "Bo")


@pytest.mark.parametrize("value, problem", [
    ("2026.03.14", None), ("2026.03.??", None), ("2026.??.??", None), ("????.??.??", None), ("????.02.29", None),
    ("2024.02.29", None), ("2026.??.31", None),
    ("2026.02.29", "'2026.02.29' is not a date of the calendar"),
    ("2026.13.??", "'2026.13.??' is not a date of the calendar"),
    ("2026.00.01", "'2026.00.01' is not a date of the calendar"),
    ("2026.04.31", "'2026.04.31' is not a date of the calendar"),
    ("0000.01.01", "'0000.01.01' is not a date of the calendar"),
    ("????.??.32", "'????.??.32' is not a date of the calendar"),
    ("?", "'?' is not a date: write YYYY.MM.DD, with ?? for an unknown part (2026.03.14, 2026.03.??, ????.??.??)"),
    ("2026-03-14", "'2026-03-14' is not a date: write YYYY.MM.DD, with ?? for an unknown part (2026.03.14, "
                   "2026.03.??, ????.??.??)"),
    ("2026.3.14", "'2026.3.14' is not a date: write YYYY.MM.DD, with ?? for an unknown part (2026.03.14, "
                  "2026.03.??, ????.??.??)"),
    ("2026.03.1?", "'2026.03.1?' is not a date: write YYYY.MM.DD, with ?? for an unknown part (2026.03.14, "
                   "2026.03.??, ????.??.??)"),
    ("２０２６.03.14", "'２０２６.03.14' is not a date: write YYYY.MM.DD, with ?? for an unknown part (2026.03.14, "
                      "2026.03.??, ????.??.??)"),
])
def test_date_problem(value, problem):
    assert date_problem(value) == problem


def test_tags_are_checked_the_same_way_from_python():
    with pytest.raises(ValueError, match="^Ana plays White already: the two sides need two different players$"):
        Scoresheet.new("Staku", {"White": "Ana", "Black": "ANA"})
    with pytest.raises(ValueError, match="^'14/03/2026' is not a date"):
        Scoresheet.new("Teblo", {"Date": "14/03/2026"})
    sheet = Scoresheet.new("Staku", {"White": "?", "Black": "?", "Annotator": "Cy"})
    assert sheet.set_tag("White", "Ana") is None and sheet.set_tag("Black", "Bo") is None
    assert sheet.set_tag("Black", "Ana") == "Ana plays White already: the two sides need two different players"
    assert sheet.record.tags["Black"] == "Bo"
    assert sheet.set_tag("Result", "1-0") == "the Result tag is not changed on a scoresheet"
    assert sheet.set_tag("SetUp", "1") == "the SetUp tag is not changed on a scoresheet"
    assert sheet.set_tag("Bad name", "x") == "'Bad name' is not a tag name (letters, digits and _)"


def test_a_result_given_by_hand_is_confirmed_in_words(tmp_path):
    path = tmp_path / "board2.tgn"
    path.write_text('[Game "Teblo"]\n[Yellow "Ana"]\n[Result "*"]\n\n1. D4 H10 *\n', encoding="utf-8")
    child = spawn(path)
    answer(child, "turn 2 Yellow> ", "result 0-1")
    answer(child, "End the game with 0-1: Red wins? [y/N] ", "")
    child.expect_exact("Not ended.")
    answer(child, "turn 2 Yellow> ", "result 1-0")
    answer(child, "End the game with 1-0: Yellow (Ana) wins? [y/N] ", "no")
    answer(child, "turn 2 Yellow> ", "result 2-0")
    child.expect_exact("refused: '2-0' is not a result (1-0, 0-1, 1/2-1/2 or *)")
    answer(child, "turn 2 Yellow> ", "result 1/2-1/2")
    answer(child, "End the game with 1/2-1/2: a draw? [y/N] ", "y")
    child.expect_exact(f"saved {path}: 2 turns, result 1/2-1/2")
    assert ended(child) == 0
    assert movetext(path) == "1. D4 H10 1/2-1/2\n"


def test_end_of_input_at_the_confirmation_saves_unfinished(tmp_path):
    path = tmp_path / "board3.tgn"
    result = run("record", "teblo", "-o", str(path), stdin="\n" * 7 + "D4\nresult 0-1\n")
    assert result.returncode == 0
    assert result.stdout.endswith(f"turn 1 Red> End the game with 0-1: Red wins? [y/N] \n"
                                  f"saved {path}: 1 turn, unfinished\n")
    assert movetext(path) == "1. D4 *\n"


def test_a_finished_record_is_reopened_with_its_result_kept_as_a_correction(tmp_path):
    path = tmp_path / "board4.tgn"
    path.write_text(FINISHED, encoding="utf-8")
    declined = run("record", "teblo", "-o", str(path), stdin="n\n")
    assert declined.returncode == 1
    assert declined.stdout == (f"{path} is finished: 0-1: Red (Bo) wins.\nReopen it to correct it? The result is "
                               "taken back, and kept in the record as a correction. [y/N] ")
    assert declined.stderr == f"Error: {path} is finished (0-1: Red (Bo) wins) and was not reopened\n"
    assert run("record", "teblo", "-o", str(path)).returncode == 1  # end of input: not reopened either
    assert path.read_text(encoding="utf-8") == FINISHED

    child = spawn(path)
    answer(child, "[y/N] ", "y")
    child.expect_exact(f"Reopened {path}: the result 0-1 is taken back.")
    child.expect_exact(f"Teblo to {path}: 3 turns so far.")
    answer(child, "turn 2 Red> ", "quit")
    assert ended(child) == 0
    assert movetext(path) == "1. D4 H10 2. D5 {Ana resigns} {[%undone 0-1]} *\n"
    assert run("check", str(path)).stderr == "checked 1 record in 1 file: 1 valid\n"

    child = spawn(path)  # unfinished now: resumed without a question
    child.expect_exact(f"Resuming {path}.")
    answer(child, "turn 2 Red> ", "undo")
    child.expect_exact("undone: D5 (kept in the record as a correction)")
    answer(child, "turn 2 Yellow> ", "D3")
    answer(child, "turn 2 Red> ", "result 1-0")
    answer(child, "End the game with 1-0: Yellow (Ana) wins? [y/N] ", "y")
    assert ended(child) == 0
    assert movetext(path) == "1. D4 H10 {[%undone 2. D5] Ana resigns [%undone 0-1]} 2. D3 1-0\n"
    record = read_string(path.read_text(encoding="utf-8"))[0]
    assert list(record.moves[1].commands()) == [("undone", "2. D5"), ("undone", "0-1")]


def test_undo_keeps_the_turn_its_annotations_and_comments(tmp_path):
    path = tmp_path / "board5.tgn"
    child = spawn(path)
    for _ in range(7):  # Enter at each tag
        answer(child, "]: ", "")
    answer(child, "turn 1 Yellow> ", "undo")
    child.expect_exact("refused: no turn to undo")
    answer(child, "turn 1 Yellow> ", "D4!?")
    answer(child, "turn 1 Red> ", "comment a quiet start")
    answer(child, "turn 1 Red> ", "clock 0:59:30")
    answer(child, "turn 1 Red> ", "undo")
    child.expect_exact("undone: D4 (kept in the record as a correction)")
    answer(child, "turn 1 Yellow> ", "C3")
    answer(child, "turn 1 Red> ", "H10 $14")
    answer(child, "turn 2 Yellow> ", "undo")
    child.expect_exact("undone: H10 (kept in the record as a correction)")
    answer(child, "turn 1 Red> ", "clock 0:58:00")  # Yellow's time after C3: not inside the correction
    answer(child, "turn 1 Red> ", "I11")
    answer(child, "turn 2 Yellow> ", "quit")
    assert ended(child) == 0
    text = path.read_text(encoding="utf-8")
    assert movetext(path) == ("{[%undone 1. D4!?] a quiet start [%clk 0:59:30]} 1. C3 {[%undone 1... H10 $14]}\n"
                              "{[%clk 0:58:00]} 1... I11 *\n")
    record = read_string(text)[0]
    assert record.comments == ["[%undone 1. D4!?] a quiet start [%clk 0:59:30]"]
    assert list(record.moves[0].commands()) == [("undone", "1... H10 $14"), ("clk", "0:58:00")]
    # check calls it valid, and converting keeps it: TGN to JSON and back gives the same text
    assert run("check", str(path)).returncode == 0
    as_json = run("convert", str(path), "--to", "json")
    assert as_json.returncode == 0
    assert json.loads(as_json.stdout)["records"][0]["comments"] == record.comments
    assert run("convert", "-", "--from", "json", "--to", "tgn", stdin=as_json.stdout).stdout == text


def test_what_cannot_be_taken_back_is_refused_with_the_reason():
    sheet = Scoresheet.new("Teblo")
    assert sheet.reopen() == "the record is not finished"
    for turn in ("D4", "H10"):
        assert sheet.add_turn(turn) is None
    assert sheet.finish("0-1") is None
    assert sheet.add_turn("D5") == "the record is finished already (0-1: Red wins): reopen it first"
    assert sheet.finish("1-0") == "the record is finished already (0-1: Red wins): reopen it first"
    with pytest.raises(ValueError, match=r"^the record is finished already \(0-1: Red wins\): reopen it first$"):
        sheet.undo()
    assert sheet.reopen() is None and sheet.record.result == "*"
    assert sheet.undo() == "H10"
    assert sheet.record.moves[0].comments == ["[%undone 1... H10] [%undone 0-1]"]
    [saved] = read_string(sheet.text())
    check(saved)
    assert saved.problems == [] and saved.moves[0].comments == sheet.record.moves[0].comments


def test_a_turn_with_variations_is_not_undone(tmp_path):
    path = tmp_path / "study.tgn"
    path.write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 (1... I9) *\n', encoding="utf-8")
    sheet = Scoresheet.resume(str(path))
    with pytest.raises(ValueError, match=r"^1\.\.\. H10 has variations, which a correction cannot keep: "
                                         "edit the file to correct it$"):
        sheet.undo()
    assert len(sheet.record.moves) == 2 and sheet.label() == "turn 2 Yellow"


def test_reopening_takes_back_the_termination_with_the_result(tmp_path):
    """A Termination says how the result came about: reopened, the record keeps it in the
    correction, and no longer claims an unfinished game ended by resignation."""
    path = tmp_path / "resigned.tgn"
    path.write_text(FINISHED.replace('[Result "0-1"]', '[Result "0-1"]\n[Termination "resignation"]'), encoding="utf-8")
    sheet = Scoresheet.load(str(path))
    assert sheet.reopen() is None
    assert "Termination" not in sheet.record.tags and sheet.record.result == "*"
    assert sheet.record.moves[-1].comments == ["Ana resigns", "[%undone 0-1] resignation"]
    [saved] = read_string(sheet.text())
    check(saved)
    assert saved.problems == [] and list(saved.moves[-1].commands()) == [("undone", "0-1")]


@pytest.mark.parametrize("comment", ["[%undone 1. D4] a fake correction", "fine [%undone 0-1] resignation",
                                     "[%UNDONE 1... H10]", "[%undone]"])
def test_a_comment_cannot_fake_a_correction(comment):
    """Only taking back a turn or a result writes a correction; a comment holding its command is
    refused, with the reason, whoever writes it (the terminal's scoresheet or the phone's)."""
    sheet = Scoresheet.new("Teblo")
    assert sheet.add_turn("D4") is None
    assert sheet.comment(comment) == ("a comment cannot hold [%undone ...]: a correction is written by taking back "
                                      "a turn or a result, never by hand")
    assert sheet.record.moves[0].comments == []
    assert sheet.comment("undone, as [%clk 0:58:12] says") is None
