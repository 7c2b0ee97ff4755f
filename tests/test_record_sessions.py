"""`ludoscribe record` at a real event (docs/tournaments.md): whatever a session saves, the next
one resumes; one session per file, however the first one ends; turns typed as in a record."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pexpect

from ludoscribe.notation import read_string

LUDOSCRIBE = str(Path(sys.executable).with_name("ludoscribe"))
SHUFFLE = ["D4", "H10", "D3", "I10"] * 3
DRAWN = "The game is over: the turns D4 H10 D3 I10 were played three times in a row."  # record's words for the end
TAGS = ("Event", "Site", "Date", "Round", "Board", "Yellow", "Red")


def spawn(path: Path) -> pexpect.spawn:
    return pexpect.spawn(LUDOSCRIBE, ["record", "teblo", "-o", str(path)], encoding="utf-8", timeout=30,
                         dimensions=(50, 200))


def new_sheet(path: Path) -> pexpect.spawn:
    child = spawn(path)
    for name in TAGS:
        child.expect_exact(f"{name} [")
        child.expect_exact("]: ")
        child.sendline("")
    return child


def play(child: pexpect.spawn, turns: list[str]) -> None:
    for turn in turns:
        child.expect_exact("> ")
        child.sendline(turn)


def check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([LUDOSCRIBE, "check", str(path)], capture_output=True, text=True)


def finished(child: pexpect.spawn) -> int:
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def test_an_end_left_unconfirmed_is_resumed_and_proposed_again(tmp_path):
    path = tmp_path / "rep.tgn"
    child = new_sheet(path)
    play(child, SHUFFLE)
    child.expect_exact(DRAWN)
    child.expect_exact("Result 1/2-1/2: a draw? [Y/n] ")
    child.sendline("n")
    child.expect_exact("Not ended: undo the last turn, or give the result.")
    play(child, ["quit"])
    child.expect_exact(f"saved {path}: 12 turns, unfinished")
    assert finished(child) == 0
    assert read_string(path.read_text(encoding="utf-8"))[0].result == "*"
    # check says what is missing; record takes the sheet up again and asks for the result.
    report = json.loads(subprocess.run([LUDOSCRIBE, "check", "--json", str(path)], capture_output=True,
                                       text=True).stdout)
    assert [(problem["code"], problem["ending"]) for problem in report["problems"]] == [
        ("result-contradicts", {"code": "repetition", "turns": SHUFFLE[:4]})]
    child = spawn(path)
    child.expect_exact(f"Resuming {path}.")
    child.expect_exact(DRAWN)
    child.expect_exact("Result 1/2-1/2: a draw? [Y/n] ")
    child.sendline("n")
    play(child, ["D5"])
    child.expect_exact("refused: the game is over: ")  # D5, after the end
    play(child, ["undo"])
    child.expect_exact("undone: I10")
    play(child, ["I11", "quit"])
    assert finished(child) == 0
    assert check(path).returncode == 0


def test_a_session_killed_at_the_result_prompt_is_resumed(tmp_path):
    path = tmp_path / "killed.tgn"
    child = new_sheet(path)
    play(child, SHUFFLE)
    child.expect_exact("Result 1/2-1/2: a draw? [Y/n] ")
    child.kill(9)
    child.close()
    child = spawn(path)
    child.expect_exact(f"Resuming {path}.")
    child.expect_exact("Result 1/2-1/2: a draw? [Y/n] ")
    child.sendline("")
    child.expect_exact(f"saved {path}: 12 turns, result 1/2-1/2")
    assert finished(child) == 0
    assert check(path).returncode == 0


def test_end_of_input_at_the_result_prompt_saves_unfinished(tmp_path):
    path = tmp_path / "eof.tgn"
    child = new_sheet(path)
    play(child, SHUFFLE)
    child.expect_exact("Result 1/2-1/2: a draw? [Y/n] ")
    child.sendeof()
    child.expect_exact(f"saved {path}: 12 turns, unfinished")
    assert finished(child) == 0


def test_a_second_session_on_the_same_file_is_refused_until_the_first_one_ends(tmp_path):
    path = tmp_path / "board3.tgn"
    first = new_sheet(path)
    play(first, ["D4"])
    first.expect_exact("turn 1 Red> ")
    second = spawn(path)
    second.expect_exact(f"Error: {path} is being recorded by another session (process {first.pid}): "
                        "finish or quit that one first")
    assert finished(second) == 1
    first.sendline("H10")
    first.expect_exact("turn 2 Yellow> ")
    first.kill(9)  # a crash: the lock goes with the process
    first.close()
    third = spawn(path)
    third.expect_exact(f"Resuming {path}.")
    play(third, ["D5", "quit"])
    assert finished(third) == 0
    record = read_string(path.read_text(encoding="utf-8"))[0]
    assert [record.game.turn_text(node.turn) for node in record.moves] == ["D4", "H10", "D5"]


def test_a_turn_with_a_glyph_keeps_it(tmp_path):
    path = tmp_path / "glyphs.tgn"
    child = new_sheet(path)
    play(child, ["D4!?", "I9?", "(H9)!! $14", "D4 $300"])
    child.expect_exact("refused: an annotation $N goes from $0 to $255")
    play(child, ["quit"])
    assert finished(child) == 0
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n\n1. D4!? I9? 2. (H9)!! $14 *\n")
    assert check(path).returncode == 0


def test_the_teblo_board_shows_coordinates_pawns_pieces_and_bases(tmp_path):
    path = tmp_path / "board.tgn"
    child = new_sheet(path)
    play(child, ["D4", "(H9)", "board"])
    child.expect_exact("     1  2  3  4  5  6  7  8  9 10 11 12")
    child.expect_exact("I    .  .  .  .  .  .  .  .  .  R  .  .")
    child.expect_exact("H    .  .  .  .  .  .  .  .  r  .  .  .")
    child.expect_exact("D    .  .  +  Y  .  .  .  .  .  .  .  .")
    child.expect_exact("in hand: Yellow 25, Red 24")
    child.expect_exact("position: 12/12/12/12/8r3/12/12/12/12/12/12/12 D4 I10 Y 2")
    play(child, ["quit"])
    assert finished(child) == 0


def test_the_tchako_board_lists_zones_owners_pucks_queens_and_elastics():
    from ludoscribe.notation.recording.scoresheet import Scoresheet
    from ludoscribe.render.text import text_board

    sheet = Scoresheet.new("TChako")
    lines = text_board(sheet.game, sheet.position).splitlines()
    assert lines[0] == "zone  kind     owner  next to    White  Black  creation space"
    assert lines[2] == "B     vital    White  AC         1Q     0      free"
    assert lines[10] == "J     base     Black  EFIK       0      3      free"
    assert lines[13:15] == ["White: queen on B; elastics none laid", "Black: queen on K; elastics none laid"]
    assert lines[-1] == "to move: turn 1 White"


def test_square_and_hexagonal_boards_have_their_coordinates():
    from ludoscribe.notation.recording.scoresheet import Scoresheet
    from ludoscribe.render.text import text_board

    tekao = text_board(*(lambda sheet: (sheet.game, sheet.position))(Scoresheet.new("Tekao"))).splitlines()
    assert tekao[0] == "8  . . . . . . . ." and tekao[8] == "   a b c d e f g h"
    staku = text_board(*(lambda sheet: (sheet.game, sheet.position))(Scoresheet.new("Staku"))).splitlines()
    assert staku[0] == "g    b b b b b b" and staku[6] == "a    w w w w w w"
