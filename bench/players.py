"""A ladder of the players of `generate`: each stronger player against the one below it, at one game.

    .venv/bin/python bench/players.py --game Staku --games 40 --budgets 50 200 --jobs 2

Each match plays GAMES games, half with each player first (records of `generate`, seeded
as it seeds them), and prints the stronger player's score with its 95% interval
(notation/archive/balance.py), as docs/balance.md#a-ladder-of-players reports it.
"""

from __future__ import annotations

import argparse
from collections import Counter

from ludoscribe.notation.archive.balance import first_side_score
from ludoscribe.notation.generate import Generation, texts
from ludoscribe.notation.reader import read_string


def score(game: str, strong: str, weak: str, games: int, jobs: int, max_turns: int) -> str:
    """The stronger player's score over `games` games, half of them as the first side."""
    points: Counter[str] = Counter()
    for first, second, flip in ((strong, weak, False), (weak, strong, True)):
        generation = Generation(game, players_named=f"{first},{second}", seed=1, max_turns=max_turns)
        for text in texts(generation, games // 2, jobs):
            [record] = read_string(text)
            result = record.result
            if flip:
                result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
            points[result] += 1
    found = first_side_score(points)
    if found is None:
        return f"{strong} against {weak}: no game finished"
    return (f"{strong} against {weak}: {100 * found.value:.1f}% (95% CI {100 * found.low:.1f}–"
            f"{100 * found.high:.1f}%) over {found.finished} finished games, {dict(points)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Staku")
    parser.add_argument("--games", type=int, default=40, help="Games a match, half each way.")
    parser.add_argument("--budgets", type=int, nargs=2, default=[50, 200], help="The two mcts budgets.")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-turns", type=int, default=200)
    arguments = parser.parse_args()
    low, high = (f"mcts:{budget}" for budget in arguments.budgets)
    for strong, weak in (("greedy", "random"), (low, "greedy"), (high, low)):
        print(score(arguments.game, strong, weak, arguments.games, arguments.jobs, arguments.max_turns), flush=True)


if __name__ == "__main__":
    main()
