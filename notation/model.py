"""The record model: tags, a tree of turns with comments, NAGs and variations."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator, NamedTuple

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
COMMAND = re.compile(r"\[%(\w+)(?:\s+([^\]]*))?\]")


class Problem(NamedTuple):
    """One thing wrong with a record: where it is, at which turn, and why."""

    message: str
    line: int | None = None
    column: int | None = None
    turn: str | None = None  # "turn 3 Red"; None outside the movetext

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}: " if self.line is not None else ""
        turn = f"{self.turn}: " if self.turn else ""
        return f"{where}{turn}{self.message}"


@dataclass(eq=False, slots=True)
class Node:
    """One turn of a line, with what was written around it.

    `variations` are alternatives to this turn: each is a line (a list of nodes)
    whose first turn is played instead of this one.
    """

    turn: Any
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    before: list[str] = field(default_factory=list)  # comments between number and turn
    variations: list[list[Node]] = field(default_factory=list)
    offset: int | None = None  # where the turn starts in the record's text

    def commands(self) -> Iterator[tuple[str, str]]:
        """The [%name args] commands of this turn's comments, in order."""
        for comment in self.comments:
            for match in COMMAND.finditer(comment):
                yield match.group(1), (match.group(2) or "").strip()


class Source:
    """Where a record's text came from, to turn offsets into line and column."""

    def __init__(self, name: str, first_line: int, text: str) -> None:
        self.name, self.first_line, self.text = name, first_line, text

    @cached_property
    def line_starts(self) -> list[int]:
        return [0] + [match.end() for match in re.finditer("\n", self.text)]

    def locate(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.line_starts, offset) - 1
        return self.first_line + index, offset - self.line_starts[index] + 1


@dataclass(eq=False)
class Record:
    """One game record: tags, the main line of turns, the result."""

    tags: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)  # before the first turn
    moves: list[Node] = field(default_factory=list)
    result: str = "*"
    game: Any = None  # the Game (rules) chosen by the Game tag
    start: Any = None  # the position before the first turn
    problems: list[Problem] = field(default_factory=list)
    source: Source | None = None
    result_offset: int | None = None

    def locate(self, offset: int | None) -> tuple[int | None, int | None]:
        if offset is None or self.source is None:
            return None, None
        return self.source.locate(offset)

    def problem(self, message: str, offset: int | None = None, turn: str | None = None) -> Problem:
        """Record a problem found at `offset` of the record's text."""
        line, column = self.locate(offset)
        found = Problem(message, line, column, turn)
        self.problems.append(found)
        return found
