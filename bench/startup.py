"""Start-up of the `ludoscribe` command, as whole processes: --version, --help, and check of a
small record (docs/contributing.md#start-up).

Each case is timed against `python -c "import chess.pgn"` (the time Python takes to import
python-chess's PGN reader), or against another install of Ludoscribe given with --against,
in alternating rounds (bench/timing.py); prints the best time of each side in milliseconds.

    python bench/startup.py [--seconds 5] [--against /path/to/other/bin/ludoscribe]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Callable

from parse_replay import ludoscribe_command
from timing import add_cpu_option, process_rates

SMALL = Path(__file__).resolve().parent.parent / "corpus" / "tchako" / "strategic-centre.tgn"
CASES = {"--version": ["--version"], "--help": ["--help"], "check small.tgn": ["check", str(SMALL)]}


def always(command: list[str]) -> Callable[[int], list[str]]:
    """The same command line every round (process_rates asks for one per round)."""
    return lambda _: command


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="Time spent on each case.")
    parser.add_argument("--against", help="Another ludoscribe command to compare with.")
    add_cpu_option(parser)
    options = parser.parse_args()
    ours = ludoscribe_command()
    for name, args in CASES.items():
        theirs = [options.against, *args] if options.against else [sys.executable, "-c", "import chess.pgn"]
        mine, other = process_rates(always([ours, *args]), always(theirs), (1, 1), options.seconds, options.cpu)
        print(f"{name:16} {1000 / mine:7.1f} ms   {'other' if options.against else 'import chess.pgn'} "
              f"{1000 / other:7.1f} ms")


if __name__ == "__main__":
    main()
