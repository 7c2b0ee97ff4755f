"""Build time and size of `ludoscribe site` for the bundled corpus and for generated records.

The generated records are random legal games (seeded) of the games with an engine and
diagrams, taken in turn, each of at most --plies turns. Prints, for each source and
each --jobs value: records, time to render the record pages, time of the mkdocs build,
total time, the processor time spent (all processes), the site's size, and the size of
the record pages alone (the rest is the theme's files, the same for any site).

    python bench/site.py [--records 200] [--plies 80] [--jobs 1 2] [--theme auto]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from ludoscribe.notation.games import GAMES, History, game_class
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.writer import write_record
from ludoscribe.render.diagram import RENDERERS
from ludoscribe.render.site import build_site

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def generated(folder: Path, records: int, plies: int, rng: random.Random) -> None:
    """Write `records` random legal games, one file each, cycling through the games."""
    games = [name for name in GAMES if name in RENDERERS]
    for number in range(records):
        rules = game_class(games[number % len(games)])()
        position = rules.start_position()
        moves, history, outcome = [], History(position), None
        while len(moves) < plies and outcome is None:
            turn = rules.random_turn(position, rng)
            if turn is None:
                break
            moves.append(Node(turn))
            position = rules.apply(position, turn)
            history.push(turn, position)
            outcome = rules.outcome(position, history)
        record = Record(tags={"Event": f"Bench {rules.name}", "Round": str(number + 1), "Date": "2026.11.22"},
                        moves=moves, result=outcome.result if outcome else "*", game=rules,
                        start=rules.start_position())
        (folder / f"game-{number:04d}.tgn").write_text(write_record(record), encoding="utf-8")


def measure(source: Path, jobs: int, theme: str) -> str:
    """One build: a line of figures."""
    marks: dict[str, float] = {}
    started, cpu = time.perf_counter(), _cpu()

    def progress(line: str) -> None:
        if line.startswith("site: building"):
            marks["rendered"] = time.perf_counter() - started

    with tempfile.TemporaryDirectory() as temporary:
        report = build_site([str(source)], Path(temporary) / "site", jobs=jobs, theme=theme, progress=progress)
        pages = sum(path.stat().st_size for path in (Path(temporary) / "site" / "records").iterdir())
    total, cpu = report.seconds, _cpu() - cpu
    return (f"{report.records:5d} records  jobs {jobs}  render {marks['rendered']:6.1f} s  "
            f"mkdocs {total - marks['rendered']:5.1f} s  total {total:6.1f} s  cpu {cpu:6.1f} s  "
            f"site {report.size / 1e6:6.1f} MB ({report.files} files)  record pages {pages / 1e6:6.1f} MB "
            f"({pages / max(1, report.records) / 1e3:.0f} kB each)")


def _cpu() -> float:
    """Processor seconds of this process and of its finished children."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--theme", default="auto", choices=["auto", "material", "mkdocs"])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        generated(Path(temporary), args.records, args.plies, random.Random(2026))
        for jobs in args.jobs:
            print(f"corpus     {measure(CORPUS, jobs, args.theme)}")
            print(f"generated  {measure(Path(temporary), jobs, args.theme)}")


if __name__ == "__main__":
    main()
