"""`stats` and `filter` on a Parquet folder, answered from its columns, against DuckDB answering
the same questions on the same folder, and against the same commands on the TGN file the folder
was exported from.

`stats`: what `stats --format json` prints for one game: the results of each set of rules, the
shortest, median and longest game, how games ended, and the ten most played openings with their
scores. DuckDB answers it in four SQL queries. `filter --count`: a tag question (one round) and a
position question (a position of the first record, two turns in). Both sides' answers are
compared and the bench stops if they differ.

Whole commands, start-up included (`ludoscribe stats` against a Python process importing
duckdb), each run --rounds times, the median kept; then the same in one process (the command
run with click's test runner against the four queries on a DuckDB connection), after one run
to warm both up. Prints seconds and the ratio (above 1: ludoscribe slower).

Needs the parquet and bench extras (pyarrow, duckdb).

    python bench/folder_answers.py [--records 20000] [--game Staku] [--players greedy,greedy] [--jobs 2] [--folder DIR]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

QUERIES = [
    "SELECT variant, result, count(*) FROM games GROUP BY ALL ORDER BY ALL",
    "SELECT min(turns), median(turns), max(turns) FROM games",
    "SELECT ending, count(*) FROM games WHERE ending IS NOT NULL GROUP BY ALL ORDER BY ALL",
    "SELECT o, count(*) n FROM (SELECT g.record, list(t.turn ORDER BY t.ply) o FROM games g JOIN turns t "
    "USING (record) WHERE t.ply <= 2 AND g.turns >= 2 AND g.start = (SELECT start FROM games WHERE record = 1) "
    "GROUP BY ALL) GROUP BY o ORDER BY n DESC, o LIMIT 10",
]
DUCKDB = """
import json, sys, duckdb
folder, queries = sys.argv[1], json.loads(sys.argv[2])

connection = duckdb.connect()
for table in ("games", "turns"):
    files = f"{folder}/{table}/**/*.parquet"
    connection.sql(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{files}', hive_partitioning = true)")
print(json.dumps([connection.sql(query).fetchall() for query in queries], default=str))
"""


def whole(command: list[str]) -> tuple[str, float]:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{' '.join(command[:3])} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
    return done.stdout, seconds


def median_of(rounds: int, command: list[str]) -> tuple[str, float]:
    runs = [whole(command) for _ in range(rounds)]
    return runs[0][0], statistics.median(seconds for _, seconds in runs)


def agree(ours: str, theirs: str) -> None:
    """Stop unless `stats` and DuckDB found the same results, lengths, endings and openings."""
    group = next(iter(json.loads(ours)["games"].values()))
    results, lengths, endings, openings = json.loads(theirs)
    ours_results = {result: count for result, count in group["results"].items() if count}
    if ours_results != {result: count for _, result, count in results}:
        raise SystemExit(f"results differ: {ours_results} against {results}")
    if [group["length"][key] for key in ("shortest", "median", "longest")] != [float(value) for value in lengths[0]]:
        raise SystemExit(f"lengths differ: {group['length']} against {lengths}")
    if {ending["code"]: ending["records"] for ending in group["endings"]} != dict(endings):
        raise SystemExit(f"endings differ: {group['endings']} against {endings}")
    top = sorted(opening["records"] for opening in group["openings"])
    if top != sorted(count for _, count in openings):
        raise SystemExit(f"openings differ: {top} against {openings}")


def in_process(folder: Path, rounds: int) -> tuple[float, float]:
    """The median seconds of `stats --format json` run by click's test runner, and of the four queries."""
    import duckdb
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli

    connection = duckdb.connect()
    for table in ("games", "turns"):
        connection.sql(f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{folder}/{table}/**/*.parquet', "
                       "hive_partitioning = true)")

    def ours() -> None:
        assert CliRunner().invoke(cli, ["stats", str(folder), "--format", "json"]).exit_code == 0

    def theirs() -> None:
        for query in QUERIES:
            connection.sql(query).fetchall()

    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    for name, job in (("ours", ours), ("theirs", theirs)) * (rounds + 1):
        start = time.perf_counter()
        job()
        times[name].append(time.perf_counter() - start)
    return statistics.median(times["ours"][1:]), statistics.median(times["theirs"][1:])


def filter_questions(tgn: Path, game: str, records: int) -> list[tuple[str, list[str], str]]:
    """(label, filter's condition, the same question in SQL) for a tag question and a position question."""
    from archive_scale import searched_position

    from ludoscribe.notation.archive.columnar import code_hash
    from ludoscribe.notation.games import game_class

    code, round_ = searched_position(tgn, game), str(records // 2)
    hashed = code_hash(game_class(game)(), code)
    return [(f"--tag Round={round_}", ["--tag", f"Round={round_}"], f"SELECT count(*) FROM games WHERE round = '{round_}'"),
            ("--position (2 turns in)", ["--position", code],
             f"SELECT count(*) FROM games WHERE start_hash = {hashed} OR record IN "
             f"(SELECT record FROM turns WHERE position_hash = {hashed})")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--game", default="Staku")
    parser.add_argument("--players", default="greedy,greedy")
    parser.add_argument("--jobs", type=int, default=2, help="Processes generating and exporting the records.")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--folder", help="Where to keep the records and the folder (made once); a temporary folder "
                                         "otherwise.")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(args.folder or temporary)
        root.mkdir(parents=True, exist_ok=True)
        ludoscribe = [str(Path(sys.executable).with_name("ludoscribe"))]  # as a user runs it
        tgn, folder = root / "games.tgn", root / "parquet"
        if not tgn.exists():
            whole([*ludoscribe, "generate", args.game, "--count", str(args.records), "--players", args.players,
                   "--jobs", str(args.jobs), "-o", str(tgn)])
        whole([*ludoscribe, "export", str(tgn), "--to", "parquet", "-o", str(folder), "--force",
               "--jobs", str(args.jobs)])  # every run: the folder is stamped with the code running
        print(f"{args.records:,} {args.players} {args.game} records; median of {args.rounds} runs")
        ours, columns = median_of(args.rounds, [*ludoscribe, "stats", str(folder), "--format", "json"])
        theirs, duck = median_of(args.rounds, [sys.executable, "-c", DUCKDB, str(folder), json.dumps(QUERIES)])
        agree(ours, theirs)
        replayed_text, replayed = median_of(1, [*ludoscribe, "stats", str(tgn), "--format", "json"])
        if replayed_text != ours:
            raise SystemExit("stats on the folder and on its TGN file differ")
        print(f"  whole command: stats on the folder {columns:.2f} s, DuckDB {duck:.2f} s: ratio {columns / duck:.2f}; "
              f"stats replaying the TGN file {replayed:.2f} s ({replayed / columns:.1f}x the folder)")
        ours_in, duck_in = in_process(folder, args.rounds)
        print(f"  in one process: stats {ours_in:.3f} s, DuckDB {duck_in:.3f} s: ratio {ours_in / duck_in:.2f}")
        for label, condition, sql in filter_questions(tgn, args.game, args.records):
            found, ours = median_of(args.rounds, [*ludoscribe, "filter", str(folder), *condition, "--count"])
            answer, duck = median_of(args.rounds, [sys.executable, "-c", DUCKDB, str(folder), json.dumps([sql])])
            on_text, replayed = median_of(1, [*ludoscribe, "filter", str(tgn), *condition, "--count"])
            if not found.strip() == on_text.strip() == str(json.loads(answer)[0][0][0]):
                raise SystemExit(f"{label}: the folder gives {found.strip()}, the TGN file {on_text.strip()}, "
                                 f"DuckDB {answer.strip()}")
            print(f"  filter {label}: the folder {ours:.2f} s, DuckDB {duck:.2f} s: ratio {ours / duck:.2f}; the TGN "
                  f"file {replayed:.2f} s ({replayed / ours:.1f}x the folder); {found.strip()} found")


if __name__ == "__main__":
    main()
