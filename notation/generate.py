"""Random legal records, the same for the same seed: for practice, tests and benchmarks."""

from __future__ import annotations

import random
from typing import Iterator

from .games import History, game_class
from .model import Node, Record
from .replay import play_turn
from .writer import write_record


def random_record(game: str, rng: random.Random, max_turns: int = 200, round_: int = 1) -> Record:
    """One random game played from the start until it ends, or unfinished (`*`) after `max_turns`."""
    rules = game_class(game)()
    start = rules.start_position()
    history = History(start)
    moves: list[Node] = []
    result = "*"
    while len(moves) < max_turns:
        turn = rules.random_turn(history.position, rng)
        if turn is None:
            break
        moves.append(Node(play_turn(rules, history, turn)))  # as a scoresheet plays it
        outcome = rules.outcome(history.position, history)
        if outcome is not None:
            result = outcome.result
            break
    first, second = rules.sides
    tags = {"Event": "Random games", "Site": "?", "Date": "????.??.??", "Round": str(round_),
            first: f"Random {first}", second: f"Random {second}"}
    return Record(tags=tags, moves=moves, result=result, game=rules, start=start)


def random_records(game: str, count: int, seed: int, max_turns: int = 200) -> Iterator[Record]:
    """`count` random records, numbered by their Round tag; the seed decides every turn."""
    rng = random.Random(seed)
    for number in range(1, count + 1):
        record = random_record(game, rng, max_turns, number)
        record.tags["Annotator"] = f"ludoscribe generate --seed {seed}"
        yield record


def random_text(game: str, count: int, seed: int, max_turns: int = 200) -> str:
    """The TGN text of `random_records`, records separated by a blank line."""
    return "\n".join(write_record(record) for record in random_records(game, count, seed, max_turns))
