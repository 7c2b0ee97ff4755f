"""A record of marks and arrows: the seconds of processor time that `diagram` and `convert
--to html` take on it, whole processes, and those of gathering one turn's commands.

The record is one turn whose comment holds `[%mark ...] [%arrow ...]` pairs, one pair a
line, --kilobytes long (900 by default, the record of docs/diagrams.md#bounds). Each command
is run --rounds times and its least processor time kept.

    python bench/marks.py [--kilobytes 900] [--rounds 3]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ludoscribe.notation.annotations import of_commands
from ludoscribe.notation.model import find_commands

HEAD = '[Game "Teblo"]\n[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "A"]\n[Red "B"]\n[Result "*"]\n\n'
CELLS = [f"{column}{row}" for column in "ABCDEFGHIJKL" for row in range(1, 13)]


def comment(size: int) -> str:
    """Mark and arrow commands, one pair a line, about `size` characters."""
    pairs, length, n = [], 0, 0
    while length < size:
        start, end = CELLS[n % 144], CELLS[(n * 7 + 3) % 144]
        pairs.append(f"[%mark {start} triangle red] [%arrow {start}-{end} orange]\n")
        length += len(pairs[-1])
        n += 1
    return "".join(pairs)


def children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def process_seconds(command: list[str], rounds: int) -> tuple[float, int]:
    """The least processor time of `rounds` runs, and the exit status."""
    best, status = float("inf"), 0
    for _ in range(rounds):
        before = children_cpu()
        status = subprocess.run(command, capture_output=True).returncode
        best = min(best, children_cpu() - before)
    return best, status


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kilobytes", type=int, default=900)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    text = comment(args.kilobytes * 1000)
    started = time.process_time()
    gathered = of_commands((command.name, command.args) for command in find_commands(text))
    items = len(gathered.marks) + len(gathered.arrows)
    print(f"gathering {items} items of one comment: {time.process_time() - started:.2f} s")
    with tempfile.TemporaryDirectory() as folder:
        record = Path(folder, "marks.tgn")
        record.write_text(HEAD + "1. D4 {" + text + "} *\n", encoding="utf-8")
        ludoscribe = [sys.executable, "-c", "from ludoscribe.cli.main import main; main()"]
        for name, command in {
            "diagram": [*ludoscribe, "diagram", str(record), "-o", str(Path(folder, "final.svg")), "--force"],
            "convert --to html": [*ludoscribe, "convert", str(record), "--to", "html", "-o",
                                  str(Path(folder, "page.html")), "--force"],
        }.items():
            seconds, status = process_seconds(command, args.rounds)
            print(f"{name} on {record.stat().st_size / 1000:.0f} KB: {seconds:.2f} s (exit status {status})")


if __name__ == "__main__":
    main()
