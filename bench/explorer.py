"""Time to build a site's opening explorer when many records share their first turns.

Every record of the bench plays the same random legal Teblo game (seeded), so that all of
them meet in each of the explorer's positions: the case where work that grows with the
records already met would show. Prints, for each number of records, the time to add them
to a tree and to write its page, and the time per record.

    python bench/explorer.py [--records 10000 20000]
"""

from __future__ import annotations

import argparse
import random
import time

from ludoscribe.notation import check
from ludoscribe.notation.games import History, game_class
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.replay import positions
from ludoscribe.render.explorer import OpeningTree


def shared_game(plies: int, seed: int) -> Record:
    """A random legal Teblo game of at most `plies` turns, checked."""
    rules = game_class("Teblo")()
    rng = random.Random(seed)
    position = rules.start_position()
    moves, history = [], History(position)
    while len(moves) < plies:
        turn = rules.random_turn(position, rng)
        if turn is None:
            break
        moves.append(Node(turn))
        position = rules.apply(position, turn)
        history.push(turn, position)
    record = Record(tags={"Game": "Teblo"}, moves=moves, result="*", game=rules, start=rules.start_position())
    check(record)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, nargs="+", default=[10_000, 20_000])
    args = parser.parse_args()
    record = shared_game(30, 2026)
    line = [position for _, position in positions(record)]
    for count in args.records:
        started = time.perf_counter()
        tree = OpeningTree(record.game)
        for number in range(count):
            tree.add(record, f"../records/r{number}.html", f"record {number}", line)
        added = time.perf_counter() - started
        tree.html()
        total = time.perf_counter() - started
        print(f"{count:6d} records sharing their first turns: added in {added:6.2f} s, page written in "
              f"{total - added:5.2f} s; {total / count * 1e6:6.1f} µs per record")


if __name__ == "__main__":
    main()
