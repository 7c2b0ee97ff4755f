"""Replaying a record under its game's rules: legality, the end, the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from .games import History, Outcome
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
    replayed = replay(record)
    if replayed is None:
        return None
    outcome = replayed.outcome
    if outcome is not None and record.result != outcome.result:
        record.problem(f"the result {record.result} contradicts the end: {outcome.reason}, so the result is {outcome.result}",
                       record.result_offset, None, code="result-contradicts")
    if not record.problems and (record.source is None or len(record.source.text) > MAX_RECORD // 8):
        try:  # the canonical text of a small TGN text stays far below the limit
            write_record(record)
        except TooLong as error:
            record.problem(str(error), code="too-long")
    return replayed


def replay(record: Record) -> Replayed | None:
    """Replay every line of a record like `check`, without judging its result or its size."""
    if record.problems or record.game is None:
        return None
    history = History(record.start)
    over = record.game.outcome(record.start, history)  # a set-up position may be over already
    return Replayed(_replay_line(record, record.moves, history, over), history.position)


def _replay_line(record: Record, line: list[Node], history: History, outcome: Outcome | None) -> Outcome | None:
    """Replay one line from the end of `history`, adding its turns to it; stop at its first illegal turn.

    A variation is replayed from the same history and taken back from it afterwards.
    """
    game = record.game
    for node in line:
        for variation in node.variations:
            length = len(history)
            _replay_line(record, variation, history, outcome)
            history.rewind(length)
        position = history.position
        if outcome is not None:
            record.problem(f"the game is already over: {outcome.reason}", node.offset,
                           game.label(position.number, position.side), code="game-over")
            return outcome
        try:
            node.turn = play_turn(game, history, node.turn)
        except IllegalTurn as error:
            record.problem(str(error), node.offset, game.label(position.number, position.side), code="illegal-turn")
            return None
        outcome = game.outcome(history.position, history)
    return outcome


class IllegalTurn(ValueError):
    """A turn the rules refuse; the message says why."""


def play_turn(game: Any, history: History, turn: Any) -> Any:
    """Play a turn at the end of the line `history`, which then ends with it; the turn as the position completes it.

    IllegalTurn with the reason if the rules refuse the turn. Replaying a record and
    recording one at the table both play every turn through here.
    """
    reason, turn, after = game.play(history.position, turn)
    if reason is not None:
        raise IllegalTurn(reason)
    history.push(turn, after)
    return turn


def positions(record: Record) -> Iterator[tuple[Node | None, Any]]:
    """The main line's positions: (None, start), then (node, position after it)."""
    position = record.start
    yield None, position
    for node in record.moves:
        position = record.game.apply(position, node.turn)
        yield node, position
