"""An archive of a million generated records: exporting it to Parquet, and asking it a tag
question and a position question through DuckDB against `filter` on the TGN text.

Every step is a whole command, start-up included, run once (a million records is not
repeated in rounds), timed by the wall clock and by the processor time it used:

1. `ludoscribe generate GAME --count N --jobs J` writes the TGN file;
2. `ludoscribe export` writes the Parquet folder: records and turns per second;
3. the sizes of the TGN text and of the folder (each table apart);
4. a tag question (`filter --tag Round=...`, one record) and a position question
   (`filter --position`, every record replayed) on the TGN file, against the same
   questions in SQL run by DuckDB on the folder (a Python process importing duckdb).
   Both sides' counts are printed and must agree, or the bench stops.

Needs the parquet and bench extras (pyarrow, duckdb).

    python bench/archive_scale.py [--records 1000000] [--game Staku] [--jobs 2] [--folder DIR]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ludoscribe.notation.archive.columnar import code_hash
from ludoscribe.notation.games import game_class
from ludoscribe.notation.reader import read_records

DUCKDB = """
import sys, duckdb
folder = sys.argv[1]
duckdb.sql(f"CREATE VIEW games AS SELECT * FROM read_parquet('{folder}/games/**/*.parquet', hive_partitioning = true)")
duckdb.sql(f"CREATE VIEW turns AS SELECT * FROM read_parquet('{folder}/turns/**/*.parquet', hive_partitioning = true)")
print(duckdb.sql(sys.argv[2]).fetchall()[0][0])
"""


def timed(command: list[str]) -> tuple[str, str, float, float]:
    """Standard output, standard error, wall seconds and processor seconds of one whole command."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return done.stdout, done.stderr, wall, cpu


def size(path: Path) -> int:
    return path.stat().st_size if path.is_file() else sum(each.stat().st_size for each in path.rglob("*") if each.is_file())


def searched_position(tgn: Path, game: str) -> str:
    """The position after the second turn of the first record: one that other random games reach too."""
    with tgn.open("rb") as stream:
        record = next(read_records(stream))
    rules = game_class(game)()
    position = rules.start_position()
    for node in record.moves[:2]:
        position = rules.apply(position, node.turn)
    return rules.position_code(position)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--game", default="Staku")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--folder", help="Where to write the files (kept); a temporary folder otherwise.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(args.folder or temporary)
        root.mkdir(parents=True, exist_ok=True)
        run(args, root)


def run(args: argparse.Namespace, root: Path) -> None:
    ludoscribe = [str(Path(sys.executable).with_name("ludoscribe"))]  # as a user runs it
    tgn, folder, jobs = root / "games.tgn", root / "parquet", str(args.jobs)
    n = args.records
    print(f"{n:,} random {args.game} records, --jobs {jobs}")
    rows = []
    if not tgn.exists():
        _, _, wall, cpu = timed([*ludoscribe, "generate", args.game, "--count", str(n), "--seed", "1",
                                 "--jobs", jobs, "-o", str(tgn)])
        rows.append(("generate (TGN)", wall, cpu, f"{n / wall:,.0f} records/s"))
    _, messages, wall, cpu = timed([*ludoscribe, "export", str(tgn), "--to", "parquet", "-o", str(folder),
                                    "--force", "--jobs", jobs])
    turns = int(messages.split(" and ")[1].split()[0])
    rows.append(("export to Parquet", wall, cpu, f"{n / wall:,.0f} records/s, {turns / wall:,.0f} turns/s"))
    for label, seconds_wall, seconds_cpu, rate in rows:
        print(f"  {label:<20} {seconds_wall:8.1f} s wall {seconds_cpu:8.1f} s CPU   {rate}")

    text, games, turns_size = size(tgn), size(folder / "games"), size(folder / "turns")
    print(f"  sizes: TGN {text / 1e6:,.1f} MB; Parquet {(games + turns_size) / 1e6:,.1f} MB "
          f"(games {games / 1e6:,.1f} MB, turns {turns_size / 1e6:,.1f} MB), {(games + turns_size) / text:.2f}x the TGN")

    rules = game_class(args.game)()
    round_ = str(n // 2)
    code = searched_position(tgn, args.game)
    hash_ = code_hash(rules, code)
    questions = [
        (f"tag Round={round_}", ["--tag", f"Round={round_}"],
         f"SELECT count(*) FROM games WHERE round = '{round_}'"),
        ("position (2 turns in)", ["--position", code],
         f"SELECT count(*) FROM games WHERE start_hash = {hash_} OR record IN "
         f"(SELECT record FROM turns WHERE position_hash = {hash_})"),
    ]
    print(f"  {'question':<22} {'filter on TGN':>16} {'DuckDB on Parquet':>19} {'ratio':>8}   records found")
    for label, condition, sql in questions:
        found, _, ours, ours_cpu = timed([*ludoscribe, "filter", str(tgn), *condition, "--count", "--jobs", jobs])
        answer, _, theirs, theirs_cpu = timed([sys.executable, "-c", DUCKDB, str(folder), sql])
        if found.strip() != answer.strip():
            raise SystemExit(f"{label}: filter found {found.strip()}, DuckDB {answer.strip()}")
        print(f"  {label:<22} {ours:8.1f} s wall {theirs:9.2f} s wall {ours / theirs:8.1f}   {found.strip()}"
              f"   (CPU {ours_cpu:.1f} s / {theirs_cpu:.2f} s)")


if __name__ == "__main__":
    main()
