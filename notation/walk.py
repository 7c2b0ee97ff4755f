"""One walk over a record's tree of turns, shared by everything that goes through a record.

`accept(record, visitor)` visits the main line and every variation in reading order
(a turn, then the variations that are alternatives to it, then the next turn), and
gives each turn as a `Step` that knows its number, its side, its depth and whether a
reader needs its number written before it. With `positions=True` each step also holds
the positions before and after its turn. Writers (TGN, JSON, HTML, Markdown), the
viewer's tree of positions and replaying a record are visitors; docs/contributing.md
shows how they fit together.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .model import Node, Record


@dataclass(slots=True)
class Step:
    """One turn as the walk meets it."""

    node: Node
    number: int  # the turn's number, as the record numbers its turns
    side: int  # the side playing it
    depth: int  # 0 on the main line, 1 in a variation of it, ...
    numbered: bool  # its number is written before it: first of its line, first side's turn,
    # after a turn with comments or variations, or with comments between number and turn
    before: Any = None  # the position before the turn (with positions=True)
    after: Any = None  # the position after it (with positions=True)

    @property
    def number_text(self) -> str:
        """'12.' before the first side's turn, '12...' before the second side's."""
        return f"{self.number}." + (".." if self.side else "")


class Visitor:
    """What a walk tells: override the methods you need (the defaults do nothing)."""

    def begin_line(self, depth: int, parent: Step | None) -> None:
        """A line starts: the main line (parent None) or a variation, an alternative to `parent`."""

    def visit_turn(self, step: Step) -> bool | None:
        """A turn; return False to leave the rest of its line unvisited (its own variations are still visited)."""

    def end_line(self, depth: int) -> None:
        """The line begun last ends."""


def accept(record: Record, visitor: Visitor, positions: bool = False) -> None:
    """Walk every line of a record (read without problems; `positions` needs its turns legal)."""
    _line(record, record.moves, visitor, record.start.number, record.start.side, 0, None,
          record.start if positions else None, positions)


def _line(record: Record, line: list[Node], visitor: Visitor, number: int, side: int, depth: int,
          parent: Step | None, position: Any, positions: bool) -> None:
    apply = record.game.apply
    visitor.begin_line(depth, parent)
    numbered = True
    for node in line:
        step = Step(node, number, side, depth, numbered or side == 0 or bool(node.before))
        if positions:
            step.before, step.after = position, apply(position, node.turn)
        go_on = visitor.visit_turn(step) is not False
        for variation in node.variations:
            _line(record, variation, visitor, number, side, depth + 1, step, position, positions)
        if not go_on:
            break
        numbered = bool(node.comments or node.variations)
        number, side = (number, 1) if side == 0 else (number + 1, 0)
        position = step.after
    visitor.end_line(depth)
