"""Random T'Chako records in every mode combination: each must check clean and round-trip.

    .venv/bin/python bench/tchako_playouts.py --records 1000

The suite runs the same check on two records a combination (tests/test_tchako_play.py);
this runs as many as asked, spread over the 70 combinations, and prints what it found.
"""

from __future__ import annotations

import argparse
import random
import sys
from itertools import cycle
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from conftest import checked  # noqa: E402
from test_tchako_play import PLAY, VICTORY  # noqa: E402

from ludoscribe.notation import write_record  # noqa: E402
from ludoscribe.notation.games.tchako import TChako  # noqa: E402


def playout(variant: str, rng: random.Random, turns: int) -> list[str]:
    """Problems found with one random record of the variant (none when it checks clean and round-trips)."""
    game = TChako(variant)
    position, moves = game.start_position(), []
    for _ in range(turns):
        turn = game.random_turn(position, rng)
        if turn is None:
            break
        moves.append(game.turn_text(turn))
        position = game.apply(position, turn)
    outcome = game.outcome(position)
    result = outcome.result if outcome else "*"
    tags = f'[Variant "{variant}"]\n' if variant else ""
    text = f'[Game "TChako"]\n{tags}[Result "{result}"]\n\n' + " ".join(
        f"{k // 2 + 1}. {m}" if k % 2 == 0 else m for k, m in enumerate(moves)) + f" {result}\n"
    record, replayed = checked(text)
    problems = [f"{variant}: {problem}" for problem in record.problems]
    if not problems:
        written = write_record(record)
        again, _ = checked(written)
        if replayed.final != position or write_record(again) != written:
            problems.append(f"{variant}: does not round-trip")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--turns", type=int, default=80)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    combinations = [", ".join(filter(None, (v, p))) for v in VICTORY for p in PLAY]
    problems = []
    for _, variant in zip(range(args.records), cycle(combinations)):
        problems += playout(variant, rng, args.turns)
    print(f"{args.records} records over {len(combinations)} mode combinations: {len(problems)} problems")
    for problem in problems[:20]:
        print(problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
