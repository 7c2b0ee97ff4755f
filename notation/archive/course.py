"""How a game went, beyond its result, for the balance report (docs/balance.md#the-report): how
many turns the side to move could choose from through the game, and how often the lead changed.

Branching: at each position of the main line from which a turn was played, the number of legal
turns the rules list there (`Game.turn_count`, with the chance outcome of the turn played: Tektop's
throws). The positions are cut into TENTHS by their place in the game: of n turns, the position
before turn i (counted from 0) falls in tenth floor(10 i / n), so that a short game and a long
one are compared at the same stage. A game gives, for each tenth it has positions in, their mean.
A game whose rules cannot list every turn (T'Chako: a shot's outcome is the player's hand) has
no branching.

Lead: each side's running total of what its turns took from the opponent, by the measure the
greedy player uses (`Game.taken`, each game's page says what it counts). The side with the larger
total is ahead; the lead changes when it passes from one side to the other, through a tie or not
(ahead, level, then ahead again the same side is no change).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..games import History, SomeGame

TENTHS = 10


@dataclass(frozen=True)
class Course:
    """What the report keeps of how one game went."""

    branching: tuple[float | None, ...] | None  # each tenth's mean (None where it has no position); None if not counted
    mean_branching: float | None  # the mean over every position of the game; None if not counted
    lead_changes: int


def course(rules: SomeGame, history: History) -> Course:
    """How the main line of `history` went (`history.positions[i]` is the position before `history.turns[i]`)."""
    positions, turns = history.positions, [turn for _, turn in history.turns]
    return Course(*_branching(rules, positions, turns), lead_changes=_lead_changes(rules, positions))


def _branching(rules: SomeGame, positions: list[Any], turns: list[Any]
               ) -> tuple[tuple[float | None, ...] | None, float | None]:
    """Each tenth's mean number of legal turns, and the mean over every position; (None, None) when not counted."""
    sums, sizes = [0] * TENTHS, [0] * TENTHS
    total = len(turns)
    if not total:  # no position a turn was played from: nothing to count, though the rules could
        return (None,) * TENTHS, None
    for index, turn in enumerate(turns):
        count = rules.turn_count(positions[index], turn)
        if count is None:
            return None, None
        tenth = TENTHS * index // total
        sums[tenth] += count
        sizes[tenth] += 1
    return tuple(sums[i] / sizes[i] if sizes[i] else None for i in range(TENTHS)), sum(sums) / total


def _lead_changes(rules: SomeGame, positions: list[Any]) -> int:
    """How often the side ahead by the running totals of `taken` became the other side."""
    totals, ahead, changes = [0, 0], None, 0
    for before, after in zip(positions, positions[1:]):
        totals[before.side] += rules.taken(before, after)
        now = None if totals[0] == totals[1] else int(totals[1] > totals[0])
        if now is not None and ahead is not None and now != ahead:
            changes += 1
        ahead = ahead if now is None else now
    return changes
