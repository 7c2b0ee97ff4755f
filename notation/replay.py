"""Replaying a record under its game's rules: legality, the end, the result."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator

from .games import Outcome
from .limits import MAX_RECORD
from .model import Node, Record
from .writer import TooLong, write_record


@dataclass
class Replayed:
    """What replaying a record found: how its main line ended, if it did."""

    outcome: Outcome | None
    final: Any  # the last position reached on the main line


def check(record: Record) -> Replayed | None:
    """Replay every line of a record, adding a problem for each illegal turn.

    Each legal turn is stored as the game completes it (Game.complete), so that
    writing a checked record spells every turn in full.

    A record whose canonical text would be over the record size limit gets a problem
    too (docs/format.md#limits). Returns None if the record could not be read (it
    already has problems).
    """
    if record.problems or record.game is None:
        return None
    start = record.start
    over = record.game.outcome(start, 1)  # a set-up position may be over already
    final, outcome = _replay_line(record, record.moves, start, Counter({start: 1}), over)
    if outcome is not None and record.result != outcome.result:
        record.problem(f"the result {record.result} contradicts the end: {outcome.reason}, so the result is {outcome.result}",
                       record.result_offset, None)
    if not record.problems and (record.source is None or len(record.source.text) > MAX_RECORD // 8):
        try:  # the canonical text of a small TGN text stays far below the limit
            write_record(record)
        except TooLong as error:
            record.problem(str(error))
    return Replayed(outcome, final)


def _replay_line(record: Record, line: list[Node], position: Any, seen: Counter,
                 outcome: Outcome | None) -> tuple[Any, Outcome | None]:
    """Replay one line from `position`; stop at its first illegal turn."""
    game = record.game
    for node in line:
        for variation in node.variations:
            _replay_line(record, variation, position, seen.copy(), outcome)
        if outcome is not None:
            record.problem(f"the game is already over: {outcome.reason}", node.offset,
                           game.label(position.number, position.side))
            return position, outcome
        try:
            node.turn, position, count = play_turn(game, position, node.turn, seen)
        except IllegalTurn as error:
            record.problem(str(error), node.offset, game.label(position.number, position.side))
            return position, None
        outcome = game.outcome(position, count)
    return position, outcome


class IllegalTurn(ValueError):
    """A turn the rules refuse; the message says why."""


def play_turn(game: Any, position: Any, turn: Any, seen: Counter) -> tuple[Any, Any, int]:
    """The turn as the position completes it, the position after it, and how often that
    position has now occurred (counted in `seen`).

    IllegalTurn with the reason if the rules refuse the turn. Replaying a record and
    recording one at the table both play every turn through here.
    """
    reason, turn, after = game.play(position, turn)
    if reason is not None:
        raise IllegalTurn(reason)
    count = seen.get(after, 0) + 1
    seen[after] = count
    return turn, after, count


def positions(record: Record) -> Iterator[tuple[Node | None, Any]]:
    """The main line's positions: (None, start), then (node, position after it)."""
    position = record.start
    yield None, position
    for node in record.moves:
        position = record.game.apply(position, node.turn)
        yield node, position
