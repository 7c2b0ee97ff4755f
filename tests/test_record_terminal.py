"""`ludoscribe record` driven through a terminal as an organiser would, crash and resume included."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from ludoscribe.notation import read_string
from ludoscribe.notation.model import WINNERS
from ludoscribe.notation.generate import random_records
from ludoscribe.notation.writer import write_record

LUDOSCRIBE = str(Path(sys.executable).with_name("ludoscribe"))
# How record's terminal line shows a refusal to the user, in words (what happened is asserted by code elsewhere).
ILLEGAL = "refused: D6 is not next to Yellow's pawn on D4: a pawn steps to an orthogonally adjacent square"


def spawn(*args: str) -> pexpect.spawn:
    return pexpect.spawn(LUDOSCRIBE, list(args), encoding="utf-8", timeout=20, dimensions=(50, 200))


def answer_tags(child: pexpect.spawn, answers: dict[str, str]) -> None:
    for name, value in answers.items():
        child.expect_exact(f"{name} [")
        child.expect_exact("]: ")
        child.sendline(value)


def turn(child: pexpect.spawn, prompt: str, text: str) -> None:
    child.expect_exact(f"{prompt}> ")
    child.sendline(text)


def check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([LUDOSCRIBE, "check", str(path)], capture_output=True, text=True)


def test_record_refuse_undo_crash_and_resume(tmp_path):
    path = tmp_path / "board1.tgn"
    child = spawn("record", "teblo", "-o", str(path))
    answer_tags(child, {"Event": "Club <night>", "Site": "", "Date": "2026.03.14", "Round": "2", "Board": "1",
                        "Yellow": "Ana", "Red": "Bo"})
    turn(child, "turn 1 Yellow", "D4")
    turn(child, "turn 1 Red", "H10")
    turn(child, "turn 2 Yellow", "D6")
    child.expect_exact(ILLEGAL)
    turn(child, "turn 2 Yellow", "(H9)")
    turn(child, "turn 2 Red", "undo")
    child.expect_exact("undone: (H9)")
    turn(child, "turn 2 Yellow", "D5")
    turn(child, "turn 2 Red", "comment Bo thinks long")
    turn(child, "turn 2 Red", "clock 0:58:12")
    turn(child, "turn 2 Red", "clock soon")
    child.expect_exact("refused: 'soon' is not a time left H:MM:SS (e.g. 0:58:12)")
    turn(child, "turn 2 Red", "board")
    child.expect_exact("position: 12/12/12/12/12/12/12/12/12/12/12/12 D5 H10 R 2")
    turn(child, "turn 2 Red", "G10")
    child.expect_exact("turn 3 Yellow> ")
    child.kill(9)  # the crash: no goodbye, no chance to save
    child.close()

    record = read_string(path.read_text(encoding="utf-8"))[0]
    assert [record.game.turn_text(node.turn) for node in record.moves] == ["D4", "H10", "D5", "G10"]
    assert record.moves[2].comments == ["Bo thinks long [%clk 0:58:12]"]
    assert record.tags["Event"] == "Club <night>" and record.tags["Site"] == "?"
    assert record.result == "*"
    assert check(path).returncode == 0

    child = spawn("record", "teblo", "-o", str(path))
    child.expect_exact(f"Resuming {path}.")
    turn(child, "turn 3 Yellow", "(I9)")
    turn(child, "turn 3 Red", "result 2-0")
    child.expect_exact("refused: '2-0' is not a result (1-0, 0-1, 1/2-1/2 or *)")
    turn(child, "turn 3 Red", "result 0-1")
    child.expect_exact("End the game with 0-1: Red (Bo) wins? [y/N] ")
    child.sendline("y")
    child.expect_exact(f"saved {path}: 5 turns, result 0-1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert path.read_text(encoding="utf-8").endswith(
        "\n\n1. D4 H10 {[%undone 2. (H9)]} 2. D5 {Bo thinks long [%clk 0:58:12]} 2... G10 3.\n(I9) 0-1\n")
    assert check(path).stderr == "checked 1 record in 1 file: 1 valid\n"

    child = spawn("record", "teblo", "-o", str(path))
    child.expect_exact(f"{path} is finished: 0-1: Red (Bo) wins.")
    child.expect_exact("[y/N] ")
    child.sendline("")
    child.expect_exact(f"Error: {path} is finished (0-1: Red (Bo) wins) and was not reopened")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1


def test_the_end_by_the_rules_is_proposed_as_the_result(tmp_path):
    finished = next(r for r in random_records("Tekao", 20, seed=3, max_turns=200) if r.result != "*")
    path = tmp_path / "tekao.tgn"
    child = spawn("record", "tekao", "-o", str(path))
    answer_tags(child, {name: "" for name in ("Event", "Site", "Date", "Round", "Board", "Blue", "Yellow")})
    for node in finished.moves:
        child.expect_exact("> ")
        child.sendline(finished.game.turn_text(node.turn))
    child.expect_exact("The game is over: ")
    winner = finished.game.sides[WINNERS[finished.result]]
    child.expect_exact(f"Result {finished.result}: {winner} wins? [Y/n] ")
    child.sendline("")
    child.expect_exact(f"result {finished.result}")
    child.expect(pexpect.EOF)
    child.close()
    saved = read_string(path.read_text(encoding="utf-8"))[0]
    assert write_record(saved).split("\n\n", 1)[1] == write_record(finished).split("\n\n", 1)[1]
    assert check(path).returncode == 0


def test_quit_and_end_of_input_save_an_unfinished_record(tmp_path):
    path = tmp_path / "quit.tgn"
    child = spawn("record", "staku", "-o", str(path))
    answer_tags(child, {name: "" for name in ("Event", "Site", "Date", "Round", "Board", "White", "Black")})
    turn(child, "turn 1 White", "help")
    child.expect_exact("undo ")
    turn(child, "turn 1 White", "quit")
    child.expect_exact(f"saved {path}: 0 turns, unfinished")
    child.expect(pexpect.EOF)
    child.close()
    assert check(path).returncode == 0
    assert spawn("record", "teblo", "-o", str(path)).expect_exact(f"{path} records a Staku game, not teblo") == 0


@pytest.mark.parametrize("text", ["[Game \"Teblo\"]\n[Result \"*\"]\n\n1. D6 *\n", "not a record\n"])
def test_a_record_that_does_not_check_is_not_resumed(tmp_path, text):
    path = tmp_path / "bad.tgn"
    path.write_text(text, encoding="utf-8")
    result = subprocess.run([LUDOSCRIBE, "record", "teblo", "-o", str(path)], capture_output=True, text=True,
                            input="")
    assert result.returncode == 1
    assert result.stderr.startswith(f"Error: cannot resume {path}: ")
    assert path.read_text(encoding="utf-8") == text


def test_a_yes_or_no_question_asks_again_after_any_other_answer(tmp_path):
    """docs/cli.md#record: y, yes, n or no in any case, Enter for the capital letter's answer."""
    path = tmp_path / "asked.tgn"
    child = spawn("record", "teblo", "-o", str(path))
    answer_tags(child, {"Event": "", "Site": "", "Date": "2026.03.14", "Round": "", "Board": "", "Yellow": "Ana", "Red": "Bo"})
    turn(child, "turn 1 Yellow", "result 1-0")
    question = "End the game with 1-0: Yellow (Ana) wins? [y/N] "
    child.expect_exact(question)
    child.sendline("D4")  # a turn typed at the question is not an answer to it
    child.expect_exact("Error: invalid input")
    child.expect_exact(question)
    child.sendline("NO")
    child.expect_exact("Not ended.")
    turn(child, "turn 1 Yellow", "result 1-0")
    child.expect_exact(question)
    child.sendline("")
    child.expect_exact("Not ended.")
    turn(child, "turn 1 Yellow", "result 1-0")
    child.expect_exact(question)
    child.sendline("Yes")
    child.expect_exact(f"saved {path}: 0 turns, result 1-0")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0

    child = spawn("record", "teblo", "-o", str(path))
    child.expect_exact("[y/N] ")
    child.sendline("maybe")
    child.expect_exact("Error: invalid input")
    child.expect_exact("[y/N] ")
    child.sendeof()
    child.expect_exact(f"Error: {path} is finished (1-0: Yellow (Ana) wins) and was not reopened")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert read_string(path.read_text(encoding="utf-8"))[0].result == "1-0"
