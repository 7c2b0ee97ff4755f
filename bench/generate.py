"""How fast `generate` makes records, per game and player, in one process and in several.

    .venv/bin/python bench/generate.py --count 200 --jobs 1 2
    .venv/bin/python bench/generate.py --count 200 --jobs 2 --cluster local:2

Prints records a second for each game, player and number of processes, and on a Dask cluster
with --cluster (docs/archive.md#on-a-cluster; the cluster is started for each run, as the
command starts it): the records are made as `ludoscribe generate` makes them
(notation/generate/__init__.py), their text thrown away.
"""

from __future__ import annotations

import argparse
import time

from ludoscribe.notation.generate import Generation, texts

GAMES = ("Teblo", "Staku", "Tektop", "Tekao", "TChako")


def rate(generation: Generation, count: int, jobs: int, cluster: str | None = None) -> float:
    """Records a second of one run of `count` records."""
    start = time.perf_counter()
    for _ in texts(generation, count, jobs, cluster):
        pass
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200, help="Records a run.")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="Numbers of processes to try.")
    parser.add_argument("--players", nargs="+", default=["random", "greedy"], help="Players to try.")
    parser.add_argument("--games", nargs="+", default=list(GAMES), help="Games to try.")
    parser.add_argument("--max-turns", type=int, default=200)
    parser.add_argument("--cluster", help="A Dask cluster to try too: tcp://host:8786, or local:N.")
    options = parser.parse_args()
    print(f"{'game':8} {'players':8} " + " ".join(f"{f'--jobs {jobs}':>10}" for jobs in options.jobs)
          + (f" {'--cluster':>10}" if options.cluster else "") + "   (records/s)")
    for game in options.games:
        for players in options.players:
            generation = Generation(game, players_named=players, max_turns=options.max_turns)
            rates = [rate(generation, options.count, jobs) for jobs in options.jobs]
            if options.cluster:
                rates.append(rate(generation, options.count, 1, options.cluster))
            print(f"{game:8} {players:8} " + " ".join(f"{each:10.1f}" for each in rates))


if __name__ == "__main__":
    main()
