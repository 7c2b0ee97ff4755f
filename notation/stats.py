"""Figures on an archive, per game: results by side, lengths, openings and their scores,
and how games end (docs/archive.md#stats).

Only records that read and replay without problems are counted; the others are
counted apart. A game's end is the rule the engine names, its words made general (side
names become "the winner" or "the loser", cells and numbers become "…"), so that every
game ended by the same rule falls in one line.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable

from .games import display_name
from .model import Record
from .replay import check

SPECIFIC = re.compile(r"\S*[0-9]\S*")  # cells (D4, c3, a5), counts, turn sequences
REPEATED = re.compile(r"…(?:[ ,]+…)+")


@dataclass
class GameFigures:
    """What an archive holds of one game."""

    game: str
    sides: tuple[str, str]
    opening_turns: int
    records: int = 0
    results: Counter[str] = field(default_factory=Counter)  # "1-0", "0-1", "1/2-1/2", "*"
    lengths: list[int] = field(default_factory=list)  # turns on each main line
    openings: dict[tuple[str, ...], Counter[str]] = field(default_factory=dict)  # first turns -> results
    endings: Counter[str] = field(default_factory=Counter)  # the rule that ended each finished game

    def add(self, record: Record, outcome: Any) -> None:
        self.records += 1
        self.results[record.result] += 1
        self.lengths.append(len(record.moves))
        if len(record.moves) >= self.opening_turns:
            opening = tuple(record.game.turn_text(node.turn) for node in record.moves[:self.opening_turns])
            self.openings.setdefault(opening, Counter())[record.result] += 1
        if outcome is not None:
            self.endings[ending_kind(outcome.reason, record.game.sides, outcome.winner)] += 1
        elif record.result != "*":
            self.endings["decided by the players (resignation, agreement, time)"] += 1

    def score(self, results: Counter[str]) -> float | None:
        """The first side's share of the points in finished games (a draw is half); None if none finished."""
        finished = results["1-0"] + results["0-1"] + results["1/2-1/2"]
        return (results["1-0"] + results["1/2-1/2"] / 2) / finished if finished else None

    def length_summary(self) -> dict[str, float]:
        lengths = sorted(self.lengths)
        return {"shortest": lengths[0], "median": statistics.median(lengths), "longest": lengths[-1]} if lengths else {}


@dataclass
class Figures:
    """Per game figures, and how many records could not be counted."""

    games: dict[str, GameFigures] = field(default_factory=dict)
    unreadable: int = 0


def ending_kind(reason: str, sides: tuple[str, str], winner: int | None) -> str:
    """The general words of an end: sides named by their part, cells and numbers hidden."""
    text = reason
    if winner is not None:
        for index, name in enumerate(sides):
            text = re.sub(rf"\b{re.escape(name)}\b", "the winner" if index == winner else "the loser", text)
    text = SPECIFIC.sub("…", text)
    return REPEATED.sub("…", text)


def gather(records: Iterable[Record], opening_turns: int = 2) -> Figures:
    """Replay and count every record (records with problems are only counted as such)."""
    figures = Figures()
    for record in records:
        replayed = None if record.problems else check(record)
        if record.problems or replayed is None:
            figures.unreadable += 1
            continue
        name = display_name(record.game.name)
        if name not in figures.games:
            figures.games[name] = GameFigures(name, record.game.sides, opening_turns)
        figures.games[name].add(record, replayed.outcome)
    return figures
