"""The tree of a checked record's turns (main line and variations) in reading order,
and the diagram of each of its positions (render/document.py)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from ..notation.games import Position
from ..notation.languages import Words
from ..notation.model import Node, Record
from ..notation.walk import Step, Visitor, accept
from .diagram import GOES_ON, LINE_END, MAIN_END, position_diagram, renderer_for


@dataclass
class Entry:
    """One position of the tree: the start (node None) or the one after a turn."""

    node: Node | None
    after: Position
    before: Position | None = None
    parent: int = -1  # the entry of the position before the turn
    next: int = -1  # the entry of the following turn in the same line
    label: str = "Start"  # "12... D4"

    @property
    def played_from(self) -> Position:
        """The position before the entry's turn (an entry of a turn: not the start)."""
        assert self.before is not None, "the start follows no turn"
        return self.before


@dataclass
class Tree:
    """Every position of a checked record (main line and variations) in reading order."""

    record: Record
    entries: list[Entry] = field(default_factory=list)
    number: dict[int, int] = field(default_factory=dict)  # id(node) -> entry number

    def of(self, node: Node) -> int:
        return self.number[id(node)]

    @property
    def main_line_end(self) -> int:
        return self.of(self.record.moves[-1]) if self.record.moves else 0

    def main_line(self) -> list[Position]:
        """The main line's positions: the start, then the one after each turn."""
        return [self.entries[0].after] + [self.entries[self.of(node)].after for node in self.record.moves]


def walk(record: Record) -> Tree:
    """Replay every line of a checked record, numbering its positions in reading order."""
    builder = TreeBuilder(record)
    accept(record, builder, positions=True)
    return builder.tree


class TreeBuilder(Visitor):
    """Builds a record's `Tree` from a walk with positions: an entry per turn, linked to the
    entry before it and to the turn after it in its line.

    Walked along with checking the record (`check(record, then=builder)`), it builds the
    tree from the one replay that checks it, as the site does.
    """

    def __init__(self, record: Record) -> None:
        # a record whose Game tag names no game is never walked: its tree stays empty
        self.tree = Tree(record, [Entry(None, record.start)] if record.start is not None else [])
        self.last: list[int] = []  # per open line, its last entry so far

    def begin_line(self, depth: int, parent: Step | None) -> None:
        self.last.append(0 if parent is None else self.tree.entries[self.tree.of(parent.node)].parent)

    def visit_turn(self, step: Step) -> None:
        tree, parent, number = self.tree, self.last[-1], len(self.tree.entries)
        tree.number[id(step.node)] = number
        assert step.before is not None and step.after is not None, "walked with its positions"
        label = f"{turn_number(step.before)} {tree.record.rules.turn_text(step.node.turn)}"
        tree.entries.append(Entry(step.node, step.after, step.before, parent, label=label))
        if tree.entries[parent].next == -1:  # a variation's first turn does not replace the main continuation
            tree.entries[parent].next = number
        self.last[-1] = number

    def end_line(self, depth: int) -> None:
        self.last.pop()


def turn_number(position: Position) -> str:
    """'12.' before the first side's turn, '12...' before the second side's."""
    return f"{position.number}." + (".." if position.side else "")


def diagrams(tree: Tree, size: int = 480, flipped: bool = False, words: Words | None = None) -> list[str] | None:
    """The SVG of every entry of the tree (None if the game has no renderer), its words in the
    language of `words` (English if None)."""
    try:
        draw = renderer_for(tree.record.rules)
    except ValueError:
        return None
    return [drawing(tree, number, draw, size, flipped, words) for number in range(len(tree.entries))]


def drawing(tree: Tree, number: int, draw: Callable[..., str], size: int, flipped: bool,
            words: Words | None = None) -> str:
    """The SVG of one entry of the tree (its words in the language of `words`; English if None)."""
    entry = tree.entries[number]
    where = MAIN_END if number == tree.main_line_end else LINE_END if entry.next == -1 else GOES_ON
    options: dict[str, Any] = {"flipped": flipped, "size": size}
    if words is not None and words.language != "en":  # English: drawn as it always was, given no words
        options["words"] = words
    return position_diagram(tree.record, draw, entry.node, entry.before, entry.after, lambda: _line_to(tree, entry),
                            where, **options)


def _line_to(tree: Tree, entry: Entry) -> list[tuple[Hashable, Position]]:
    """The (turn, position after it) pairs of the line from the start to an entry."""
    line = []
    while entry.node is not None:
        line.append((entry.node.turn, entry.after))
        entry = tree.entries[entry.parent]
    return line[::-1]
