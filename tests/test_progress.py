"""The progress of long commands (docs/cli.md#progress): on a terminal, a line redrawn in place
with the count, the rate and the time left, then what was written; piped, nothing but the
documented output. The line is drawn a bounded number of times, however many items."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from ludoscribe.cli import progress as progress_module
from ludoscribe.cli.messages import MESSAGES
from ludoscribe.cli.progress import INTERVAL, Progress, duration
from ludoscribe.notation.languages import words

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
RECORD = CORPUS / "staku" / "club-final.tgn"
LUDOSCRIBE = str(Path(sys.executable).parent / "ludoscribe")
LINE = re.compile(r"(\d+)(?: of (\d+))? records?(?:, [\d.,]+/s(?:, \d+:\d\d left)?)?")


def commands(tmp: Path) -> list[tuple[list[str], str]]:
    """(command, the last line it says on a terminal) for each long command."""
    return [
        (["generate", "staku", "--count", "40", "-o", f"{tmp}/g.tgn"], f"wrote 40 records to {tmp}/g.tgn"),
        (["generate", "staku", "--count", "40", "--to", "parquet", "-o", f"{tmp}/g"], f"wrote 40 records to {tmp}/g"),
        (["export", str(CORPUS), "--to", "parquet", "-o", f"{tmp}/a"], f"exported 31 records and 1049 turns to {tmp}/a"),
        (["filter", str(CORPUS), "-o", f"{tmp}/f.tgn"], f"wrote 31 records to {tmp}/f.tgn"),
        (["diagram", str(CORPUS), "-o", f"{tmp}/d/"], f"wrote 31 files to {tmp}/d/"),
        (["diagram", str(RECORD), "--sheet", "-o", f"{tmp}/s.pdf"], f"wrote {tmp}/s.pdf"),
    ]


@pytest.mark.parametrize("number", range(6))
def test_a_long_command_on_a_terminal_shows_its_progress_then_what_it_wrote(number, tmp_path):
    arguments, last = commands(tmp_path)[number]
    child = pexpect.spawn(LUDOSCRIBE, arguments, encoding="utf-8", timeout=300, dimensions=(24, 200))
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    drawn = child.before.split("\r\x1b[K")
    assert drawn[0] == "" and drawn[-1] == f"{last}\r\n"
    counts = []
    for line in drawn[1:-1]:
        if line.startswith("making the sheet of "):
            continue
        found = LINE.fullmatch(line)
        assert found, line
        counts.append(int(found.group(1)))
    assert counts[0] == 0 and counts == sorted(counts)  # drawn at once, then as the work goes


def test_check_shows_its_progress_when_its_output_is_not_the_terminal(tmp_path):
    child = pexpect.spawn("bash", ["-c", f"{LUDOSCRIBE} check {CORPUS} > {tmp_path}/out"], encoding="utf-8",
                          timeout=300)
    child.expect(pexpect.EOF)
    assert child.before.startswith("\r\x1b[K0 records")
    assert child.before.endswith("\r\x1b[Kchecked 31 records in 27 files: 31 valid\r\n")


def test_no_progress_over_an_output_on_the_terminal():
    child = pexpect.spawn(LUDOSCRIBE, ["generate", "staku", "--count", "3", "--max-turns", "4"], encoding="utf-8",
                          timeout=300)
    child.expect(pexpect.EOF)
    assert "\x1b[K" not in child.before and "wrote" not in child.before


@pytest.mark.parametrize("number", range(6))
def test_piped_a_long_command_says_nothing_but_its_documented_output(number, tmp_path):
    arguments, last = commands(tmp_path)[number]
    done = subprocess.run([LUDOSCRIBE, *arguments], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0
    assert done.stderr == (f"{last}\n" if arguments[0] == "export" else "")  # export's last line is documented


def test_the_line_is_drawn_at_most_once_an_interval_however_many_items(monkeypatch):
    terminal = io.StringIO()
    terminal.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr(progress_module.sys, "stderr", terminal)
    now = [0.0]
    progress = Progress("record", 10_000, clock=lambda: now[0])
    for _ in progress.each(range(10_000)):  # no time passes: drawn once, at the start
        pass
    assert terminal.getvalue().count("\r\x1b[K") == 1
    for step in range(1, 5):
        now[0] = step * INTERVAL
        progress.advance(0)
        progress.advance(0)  # the same moment: not drawn again
    assert terminal.getvalue().count("\r\x1b[K") == 5
    assert terminal.getvalue().endswith("\r\x1b[K10,000 of 10,000 records, 10,000/s, 0:00 left")
    progress.finish("wrote 10,000 records to lab.tgn")
    assert terminal.getvalue().endswith("\r\x1b[Kwrote 10,000 records to lab.tgn\n") and not MESSAGES.status_line


def test_the_rate_and_the_time_left():
    progress = Progress("record", 1000, clock=lambda: 0.0)
    progress.count = 250
    assert progress.line(5.0) == "250 of 1,000 records, 50/s, 0:15 left"
    assert duration(3725) == "1:02:05" and duration(7) == "0:07"


def test_the_line_in_french_counts_in_french_words_and_groups_its_numbers_as_french_does():
    """docs/languages.md#the-command-line: the progress line speaks the command's language."""
    progress = Progress("record", 12000, clock=lambda: 0.0, words=words("fr"))
    progress.count = 2500
    assert progress.line(5.0) == "2\u202f500 sur 12\u202f000 parties, 500/s, encore 0:19"
    alone = Progress("record", clock=lambda: 0.0, words=words("fr"))
    alone.count = 1
    assert alone.line(4.0) == "1 partie, 0,2/s"
    english = Progress("record", 12000, clock=lambda: 0.0, words=words("en"))
    english.count = 2500
    assert english.line(5.0) == "2,500 of 12,000 records, 500/s, 0:19 left"
