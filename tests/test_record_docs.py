"""The `ludoscribe record` sessions shown in docs/cli.md and docs/tournaments.md run as shown:
each prompt appears, the answer shown is typed, every other line is printed."""

from __future__ import annotations

import random
import re
import shlex
import sys
from pathlib import Path

import pexpect
import pytest

from ludoscribe.notation.generate import random_record
from ludoscribe.notation.writer import write_record

ROOT = Path(__file__).resolve().parent.parent
LUDOSCRIBE = str(Path(sys.executable).with_name("ludoscribe"))
# A prompt, then what the user typed after it (maybe nothing).
PROMPT = re.compile(r"(?P<prompt>.*?(?:\]:|>|\[y/N\]|\[Y/n\]))(?: (?P<answer>.*))?")
BLOCK = re.compile(r"```text\n(\$ ludoscribe record .*?)```", re.S)


def sessions(page: str) -> list[str]:
    return BLOCK.findall((ROOT / "docs" / page).read_text(encoding="utf-8"))


def finished_game(path: Path) -> None:
    """The game of docs/tournaments.md#reopening-a-finished-record: 44 turns, Bo won, not by the rules."""
    record = next(record for seed in range(100)
                  if (record := random_record("Teblo", random.Random(seed), max_turns=44)).result == "*"
                  and len(record.moves) == 44)
    record.tags.update({"Event": "Club night", "Date": "2026.03.14", "Yellow": "Ana", "Red": "Bo"})
    record.result = "0-1"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(write_record(record), encoding="utf-8")


def replay_session(session: str, folder: Path) -> None:
    first, *lines = session.rstrip("\n").split("\n")
    child = pexpect.spawn(LUDOSCRIBE, shlex.split(first[2:])[1:], cwd=str(folder), encoding="utf-8", timeout=30,
                          dimensions=(50, 300))
    for line in lines:
        written = PROMPT.fullmatch(line)
        if written is None or line.startswith(("refused:", "Error:")):
            child.expect_exact(line)
            continue
        prompt = written["prompt"]
        if prompt.startswith("Date ["):  # today's date, whatever the page shows
            child.expect_exact("Date [")
            child.expect_exact("]:")
        else:
            child.expect_exact(prompt)
        if written["answer"] is None and line is lines[-1]:
            child.sendeof()
        else:
            child.sendline(written["answer"] or "")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_sessions_are_found():
    assert len(sessions("cli.md")) == 1 and len(sessions("tournaments.md")) == 1


@pytest.mark.parametrize("session", sessions("cli.md"))
def test_the_command_line_page_shows_a_session_as_it_runs(session, tmp_path):
    replay_session(session, tmp_path)


@pytest.mark.parametrize("session", sessions("tournaments.md"))
def test_the_tournaments_guide_shows_a_reopening_as_it_runs(session, tmp_path):
    record = tmp_path / "2026-club" / "round2-board1.tgn"
    finished_game(record)
    replay_session(session, tmp_path)
    assert record.read_text(encoding="utf-8").endswith(" {[%undone 0-1]} *\n")
