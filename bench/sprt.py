"""Games the SPRT saves: pairs played until it decides, against the fixed number of pairs with the same error rates.

    .venv/bin/python bench/sprt.py --runs 400

Simulated pairs (a seeded RNG; each game won, drawn or lost by the first side, 20% draws)
with a true edge of 0, 20 and 40 Elo, tested with H0 0 Elo, H1 40 Elo, alpha = beta = 0.05
(notation/archive/sprt.py). The fixed count is the number of pairs a test of the mean after a
fixed number of pairs needs for the same errors: ((z(1 - alpha) + z(1 - beta)) sd / (s1 - s0))²,
sd the spread of a pair's mean score. Printed as docs/balance.md#fewer-games-pairs-and-a-sequential-test reports it.
"""

from __future__ import annotations

import argparse
import random
import statistics
from statistics import NormalDist

from ludoscribe.notation.archive.sprt import Pairs, Sprt, Verdict, score_of_elo


def game(rng: random.Random, score: float, drawn: float = 0.2) -> str:
    roll = rng.random()
    return "1-0" if roll < score - drawn / 2 else "1/2-1/2" if roll < score + drawn / 2 else "0-1"


def run(test: Sprt, rng: random.Random, elo: float) -> tuple[Verdict, int]:
    pairs, score = Pairs(test), score_of_elo(elo)
    while True:
        pairs.add(game(rng, score))
        if pairs.add(game(rng, score)) is not Verdict.UNDECIDED:
            return pairs.verdict, pairs.pairs


def fixed_pairs(test: Sprt, elo: float) -> float:
    """Pairs a fixed-count test needs for the same error rates, with the spread of pairs at `elo`."""
    score, drawn = score_of_elo(elo), 0.2
    game_points = {1.0: score - drawn / 2, 0.5: drawn, 0.0: 1 - score - drawn / 2}
    pair_means = {a + b: 0.0 for a in game_points for b in game_points}
    for a, pa in game_points.items():
        for b, pb in game_points.items():
            pair_means[a + b] += pa * pb
    mean = sum(points / 2 * p for points, p in pair_means.items())
    variance = sum((points / 2 - mean) ** 2 * p for points, p in pair_means.items())
    z = NormalDist().inv_cdf(1 - test.alpha) + NormalDist().inv_cdf(1 - test.beta)
    return (z * variance ** 0.5 / (score_of_elo(test.elo1) - score_of_elo(test.elo0))) ** 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=400)
    arguments = parser.parse_args()
    test = Sprt(0.0, 40.0)
    for elo in (0.0, 20.0, 40.0):
        rng = random.Random(7)
        runs = [run(test, rng, elo) for _ in range(arguments.runs)]
        lengths = [pairs for _, pairs in runs]
        edge = sum(verdict is Verdict.EDGE for verdict, _ in runs) / len(runs)
        print(f"true edge {elo:g} Elo: H1 accepted in {100 * edge:.1f}% of {len(runs)} runs; pairs played: "
              f"mean {statistics.mean(lengths):.0f}, median {statistics.median(lengths):.0f}, "
              f"90th percentile {sorted(lengths)[int(0.9 * len(lengths))]}; fixed count {fixed_pairs(test, elo):.0f} pairs")


if __name__ == "__main__":
    main()
