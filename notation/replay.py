"""Replaying a record under its game's rules: legality, the end, the result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, cast

from .games import Ending, History, Outcome
from .games.base import IllegalTurn, Played, Position, Refusal, SomeGame
from .limits import MAX_RECORD
from .model import WINNERS, Node, Problem, ProblemCode, Record
from .problems import FormatProblem, Saying, message_of, say, turn_label
from .walk import Step, Stop, Visitor, accept
from .writer import TooDeep, TooLong, write_record


@dataclass
class Replayed:
    """What replaying a record found: how its main line ended, if it did, and the main line played."""

    outcome: Outcome | None
    history: History  # the main line's turns and positions, up to its end or its first refused turn

    @property
    def final(self) -> Position:
        """The last position reached on the main line."""
        return self.history.position


def recorded_ending(record: Record) -> Outcome | None:
    """How a finished record's game ended when its rules did not end it (a resignation, an
    agreement, time): its result, the Termination tag saying why if it does; None while the
    game goes on (`*`)."""
    if record.result not in WINNERS:
        return None
    termination = record.tags.get("Termination", "").strip()
    if termination not in ("", "?"):
        return Outcome(WINNERS[record.result], Ending.RECORDED, {"termination": termination})
    return Outcome(WINNERS[record.result], Ending.RESULT_RECORDED)


def check(record: Record, then: Visitor | None = None) -> Replayed | None:
    """Replay every line of a record, adding a problem for each illegal turn.

    Each legal turn is stored as the game completes it (Game.complete), so that
    writing a checked record spells every turn in full. `then` is walked along with
    the replay, each step with its positions (see `Replayer`).

    A record whose canonical text would be over the record size limit, or whose
    variations are nested too deep (a record made by a program), gets a problem too
    (docs/format.md#limits).

    A record read with problems is replayed as far as it was read (`then` is not walked),
    so that no problem hides another (docs/format.md#errors): an illegal turn is
    reported beside a result unlike the Result tag, a tag written twice, or a mistake
    later in the movetext. Returns None for such a record, or one whose game is unknown.
    """
    if record.problems:
        if record.game is not None and record.start is not None:
            accept(record, Replayer(record))
            if all(problem.line is not None for problem in record.problems):  # JSON's turns have no place
                record.problems.sort(key=_place)
        return None
    replayed = replay(record, then)
    if replayed is None:
        return None
    outcome = replayed.outcome
    if outcome is not None and record.result != outcome.result:
        record.problem(say(FormatProblem.RESULT_CONTRADICTS, result=record.result, ending=outcome, outcome=outcome.result),
                       record.result_offset, None, code=ProblemCode.RESULT_CONTRADICTS,
                       detail={"ending": outcome.as_json()})
    if not record.problems and (record.source is None or len(record.source.text) > MAX_RECORD // 8):
        try:  # the canonical text of a small TGN text stays far below the limit
            write_record(record)
        except TooLong as error:
            record.problem(message_of(error), code=ProblemCode.TOO_LONG)
        except TooDeep as error:
            record.problem(message_of(error), code=ProblemCode.VARIATION)
    return replayed


def _place(problem: Problem) -> tuple[int, int]:
    """Where a problem is in its record's text, for listing them in reading order."""
    return (problem.line or 0, problem.column or 0)


def replay(record: Record, then: Visitor | None = None) -> Replayed | None:
    """Replay every line of a record like `check`, without judging its result or its size."""
    if record.problems or record.game is None:
        return None
    replayer = Replayer(record, then)
    accept(record, replayer)
    return Replayed(replayer.outcome, replayer.history)


def play_turn(game: SomeGame, history: History, turn: Hashable) -> Hashable:
    """Play a turn at the end of the line `history`, which then ends with it; the turn as the position completes it.

    IllegalTurn with the reason if the rules refuse the turn. Recording a game at the
    table plays every turn through here.
    """
    played: Played[Position, Hashable] = game.play(history.position, turn)
    if played.after is None:
        raise IllegalTurn(cast(Refusal, played.refusal))
    history.push(played.turn, played.after)
    return played.turn


class _Line:
    """A line being replayed: where it starts in the history, its last turn played and the
    position after it, and how the game stands at its end."""

    __slots__ = ("start", "node", "turn", "after", "outcome", "refused")

    def __init__(self, start: int, outcome: Outcome | None) -> None:
        self.start = start
        self.node: Node | None = None
        self.turn: Hashable = None
        self.after: Position | None = None
        self.outcome = outcome
        self.refused = False


class Replayer(Visitor):
    """The walk's visitor that plays every turn: a problem for each turn refused or played
    after the end, each legal turn stored as the game completes it.

    A line stops at its first problem; the variations of that turn are still replayed.
    The variations of a turn (alternatives to it) are replayed from the position before
    it: the turn is taken back from the history for them and played again after them.
    `then`, if given, is walked along with the replay and sees each legal step with the
    positions before and after it, while the record has no problem; so one replay both
    checks a record and builds what its pages need.
    """

    def __init__(self, record: Record, then: Visitor | None = None) -> None:
        self.record, self.game, self.then = record, record.rules, then
        self.history = History(record.start_position)
        self.lines: list[_Line] = []
        self.outcome: Outcome | None = self.game.outcome(record.start, self.history)  # a set-up may be over already

    def begin_line(self, depth: int, parent: Step | None) -> None:
        outcome = self.outcome
        if parent is not None:
            line = self.lines[-1]
            outcome = line.outcome
            if line.node is parent.node:  # the turn was played: its alternatives start before it
                self.history.pop()
                outcome = None  # the game was not over before a turn played
        self.lines.append(_Line(len(self.history), outcome))
        if self.then is not None:
            self.then.begin_line(depth, parent)

    def visit_turn(self, step: Step) -> bool | Stop | None:
        line, history, game, node = self.lines[-1], self.history, self.game, step.node
        position = history.positions[-1]
        if line.outcome is not None:
            self._refuse(line, node, position, say(FormatProblem.GAME_OVER, ending=line.outcome), code=ProblemCode.GAME_OVER,
                         detail={"ending": line.outcome.as_json()})
            return False
        played = game.play(position, node.turn)
        if played.refusal is not None:
            self._refuse(line, node, position, Saying(played.refusal), code=ProblemCode.ILLEGAL_TURN,
                         detail={"refusal": played.refusal.as_json()})
            return False
        turn, after = played.turn, played.after
        assert after is not None, "a turn the rules accept leads somewhere"
        node.turn = line.turn = turn
        history.push(turn, after)
        line.outcome, line.node, line.after = game.outcome(after, history), node, after
        if self.then is not None:
            step.before, step.after = position, after
            return self.then.visit_turn(step)
        return None

    def _refuse(self, line: _Line, node: Node, position: Position, reason: str, *, code: ProblemCode,
                detail: dict[str, object]) -> None:
        self.record.problem(reason, node.offset, turn_label(self.game, position.number, position.side), code=code,
                            detail=detail)
        line.refused, line.node, self.then = code is ProblemCode.ILLEGAL_TURN, None, None

    def end_line(self, depth: int) -> None:
        line = self.lines.pop()
        if depth == 0:  # the main line's history is kept: see Replayed
            self.outcome = None if line.refused else line.outcome
        else:
            self.history.rewind(line.start)
            outer = self.lines[-1]
            if outer.node is not None and outer.after is not None:  # play again the turn the variation is an alternative to
                self.history.push(outer.turn, outer.after)
        if self.then is not None:
            self.then.end_line(depth)


class _MainLine(Visitor):
    """Gathers the main line's (node, position after it) pairs."""

    def __init__(self, start: Position) -> None:
        self.line: list[tuple[Node | None, Position]] = [(None, start)]

    def visit_turn(self, step: Step) -> None:
        assert step.after is not None, "walked with its positions"
        self.line.append((step.node, step.after))


def positions(record: Record) -> list[tuple[Node | None, Position]]:
    """The main line's positions of a checked record: (None, start), then (node, position after it)."""
    main_line = _MainLine(record.start_position)
    accept(record, main_line, positions=True, variations=False)
    return main_line.line
