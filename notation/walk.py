"""One walk over a record's tree of turns, shared by everything that goes through a record.

`accept(record, visitor)` visits the main line and every variation in reading order
(a turn, then the variations that are alternatives to it, then the next turn), or the
main line only, and gives each turn as a `Step` that knows its number, its side, its
depth and whether a reader needs its number written before it. With `positions=True`
each step also holds the positions before and after its turn. Writers (TGN, JSON, HTML,
Markdown), the viewer's tree of positions, replaying a record (notation/replay.py
`Replayer`, which can carry another visitor along), the main line's positions, the
search for a position, a comment or a NAG, and the budgets of a published page are
visitors; docs/contributing.md shows how they fit together.

The walk keeps the lines it has entered on a stack of its own, as python-chess's
`GameNode.accept` does, rather than on Python's call stack: variations nested however
deep are walked without reaching the interpreter's recursion limit.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from .model import Node, Record

if TYPE_CHECKING:
    from .games.base import Position


class Stop(enum.Enum):
    """What `Visitor.visit_turn` returns to end the whole walk at once."""

    WALK = "walk"


STOP = Stop.WALK


@dataclass(slots=True)
class Step:
    """One turn as the walk meets it."""

    node: Node
    number: int  # the turn's number, as the record numbers its turns
    side: int  # the side playing it
    depth: int  # 0 on the main line, 1 in a variation of it, ...
    numbered: bool  # its number is written before it: first of its line, first side's turn,
    # after a turn with comments or variations, or with comments between number and turn
    before: Position | None = None  # the position before the turn (with positions=True)
    after: Position | None = None  # the position after it (with positions=True)

    @property
    def number_text(self) -> str:
        """'12.' before the first side's turn, '12...' before the second side's."""
        return f"{self.number}." + (".." if self.side else "")


class Visitor:
    """What a walk tells: override the methods you need (the defaults do nothing)."""

    def begin_line(self, depth: int, parent: Step | None) -> None:
        """A line starts: the main line (parent None) or a variation, an alternative to `parent`."""

    def visit_turn(self, step: Step) -> bool | Stop | None:
        """A turn. Return False to leave the rest of its line unvisited (its own variations are
        still visited), STOP to end the walk there (no line is ended after it)."""

    def end_line(self, depth: int) -> None:
        """The line begun last ends."""


# What a line being walked hands back to the walk: a variation to walk before it goes on
# (the variation's turns and the step it is an alternative to), or STOP.
_Pending = Iterator["tuple[list[Node], Step] | Stop"]


def accept(record: Record, visitor: Visitor, positions: bool = False, variations: bool = True) -> None:
    """Walk every line of a record (read without problems; `positions` needs its turns legal),
    or only its main line if not `variations`."""
    start = record.start_position
    lines = [_line(record, record.moves, visitor, start.number, start.side, 0, None,
                   start if positions else None, positions, variations)]
    while lines:  # the lines entered and not yet ended, the innermost last
        pending = next(lines[-1], None)
        if pending is None:  # the line has ended
            lines.pop()
        elif pending is STOP:
            return
        else:
            line, step = pending
            lines.append(_line(record, line, visitor, step.number, step.side, step.depth + 1, step, step.before,
                               positions, variations))


def _line(record: Record, line: list[Node], visitor: Visitor, number: int, side: int, depth: int,
          parent: Step | None, position: Position | None, positions: bool, variations: bool) -> _Pending:
    """Visit one line, handing each of its variations back to `accept` to walk in its place."""
    apply, visit = record.rules.apply, visitor.visit_turn
    visitor.begin_line(depth, parent)
    numbered = True
    for node in line:
        step = Step(node, number, side, depth, numbered or not side or bool(node.before))
        if positions:
            step.before = position
            step.after = position = apply(position, node.turn)
        answer = visit(step)
        if answer is STOP:
            yield STOP
        if node.variations and variations:
            for variation in node.variations:
                yield variation, step
        if answer is False:
            break
        numbered = bool(node.comments or node.variations)
        if side:
            number += 1
        side = 1 - side
    visitor.end_line(depth)
