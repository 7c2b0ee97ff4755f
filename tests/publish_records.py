"""Records for the publishing tests: random legal games of every game with an engine."""

from __future__ import annotations

import random

from ludoscribe.notation.games import GAMES, History, game_class
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.writer import write_record

ENGINES = list(GAMES)

# A hand-written Teblo record: comments with commands, NAGs, nested variations, [%diagram]s.
ANNOTATED = """[Game "Teblo"]
[Event "Club night"]
[Site "Cluny"]
[Date "2026.11.20"]
[Round "3"]
[Yellow "Ann"]
[Red "Bob"]
[Result "*"]

{Opening remark} 1. D4! {Good [%mark D4]} H10 2. (H9)?! $14 (2. D5 G10 (2... H9 3. D6)
3. D6 {[%diagram]}) G10 {[%diagram] Red comes} 3. D5 $18 $200 *
"""

# A record corrected at the table (docs/tournaments.md#corrections): its first turn taken back
# (kept among the record's comments), then a turn and the result it had taken back, and a
# result taken back at the end.
CORRECTED = """[Game "Teblo"]
[Event "Club night"]
[Site "Cluny"]
[Date "2026.11.20"]
[Round "4"]
[Yellow "Ana"]
[Red "Bo"]
[Result "*"]

{[%undone 1. D4!?] a quiet start [%clk 0:59:30]} 1. C3 H10 {[%undone 2. D5] Ana resigns [%undone 0-1]}
2. D3 {[%undone 1-0]} *
"""


def random_record(game: str, turns: int, seed: int, *, variation: bool = False, tags: dict | None = None) -> str:
    """The TGN text of a random legal game of at most `turns` turns.

    variation: add, at the second turn, a two-turn variation holding a nested one,
    and a [%diagram] comment inside it.
    """
    rules = game_class(game)()
    rng = random.Random(seed)
    position = rules.start_position()
    positions, moves, history, outcome = [position], [], History(position), None
    while len(moves) < turns and outcome is None:
        turn = rules.random_turn(position, rng)
        if turn is None:
            break
        moves.append(Node(turn, comments=["[%diagram]"] if len(moves) == 3 else []))
        position = rules.apply(position, turn)
        positions.append(position)
        history.push(turn, position)
        outcome = rules.outcome(position, history)
    if variation and len(moves) > 2:
        first = _other_turn(rules, positions[1], moves[1].turn, rng)
        reply = rules.random_turn(rules.apply(positions[1], first), rng)
        line = [Node(first, comments=["another idea [%diagram]"])]
        if reply is not None and rules.outcome(rules.apply(positions[1], first)) is None:
            second = _other_turn(rules, rules.apply(positions[1], first), reply, rng)
            line.append(Node(reply, variations=[[Node(second)]] if second != reply else []))
        moves[1].variations.append(line)
    record = Record(tags={"Event": f"{game} test", "Round": str(seed), **(tags or {})}, moves=moves,
                    result=outcome.result if outcome else "*", game=rules, start=rules.start_position())
    return write_record(record)


def _other_turn(rules, position, turn, rng):
    """A legal turn other than `turn` when there is one."""
    for _ in range(50):
        other = rules.random_turn(position, rng)
        if other is not None and other != turn:
            return other
    return turn
