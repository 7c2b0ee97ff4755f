"""Standings of an event from its records: scores, crosstable and tie-breaks.

Players are the names written in the side tags, as written. Each game scores by its
game's competition rules (its plugin's `scoring`; 1 / ½ / 0 when it gives none), unless
the caller gives one scoring for all. Unfinished games (`*`) and games without two
different named players (a side tag unknown, '?') score nothing and are counted apart. Players are ranked by, in turn:

1. points;
2. Sonneborn-Berger: the sum, over a player's games, of the points they scored in
   the game times their opponent's final points (the usual beaten-plus-half-drawn
   sum with 1 / ½ / 0 scoring);
3. direct encounter: the points scored in the games among the players still tied;
4. the number of wins.

Players equal on all four share a rank.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Iterable

from ..games.plugins import plugin_for
from ..model import WINNERS, Record
from ..problems import say
from ..worded import Worded

Points = Fraction
POINTS = re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,6})?")  # no exponent: 1e5000 would be a 5001-digit number


class ScoringProblem(Worded):
    """Why points for a win, a draw and a loss are refused (`standings --points`), by its code."""

    NOT_POINTS = "not-points", "{written!r} is not WIN,DRAW,LOSS (three numbers such as 3,1,0 or 1,0.5,0, each of " \
        "at most six digits before and after the point)"


@dataclass(frozen=True)
class Scoring:
    """The points for a win, a draw and a loss."""

    win: Points
    draw: Points
    loss: Points

    @classmethod
    def parse(cls, text: str) -> Scoring:
        """'3,1,0' or '1,0.5,0'; ValueError saying why if it is not three numbers."""
        parts = [part.strip() for part in text.split(",")]
        if len(parts) != 3 or not all(POINTS.fullmatch(part) for part in parts):
            raise ValueError(say(ScoringProblem.NOT_POINTS, written=text))
        return cls(*(Fraction(part) for part in parts))


DEFAULT = Scoring(Fraction(1), Fraction(1, 2), Fraction(0))


def game_scoring(game: str) -> Scoring:
    """How a game's competition rules score (its plugin's `scoring`), by its Game tag: 1 / ½ / 0 unless they say."""
    points = plugin_for(game).scoring
    return Scoring.parse(points) if points else DEFAULT


@dataclass(frozen=True)
class ScoredGame:
    """One game of the event: its two players (first side, second side) and result."""

    first: str
    second: str
    result: str
    scoring: Scoring = DEFAULT

    def points(self) -> tuple[Points, Points] | None:
        """The points of each player, or None while the game is unfinished."""
        if self.result not in WINNERS:
            return None
        s, winner = self.scoring, WINNERS[self.result]
        return (s.draw, s.draw) if winner is None else (s.win, s.loss) if winner == 0 else (s.loss, s.win)


def played(record: Record, scoring: Scoring | None = None) -> ScoredGame:
    """The standings' view of a record read with its game (checked or not)."""
    first, second = (record.tags.get(side, "?").strip() or "?" for side in record.rules.sides)
    return ScoredGame(first, second, record.result, scoring or game_scoring(record.rules.name))


@dataclass
class Row:
    """One player's line of the standings."""

    player: str
    rank: int = 0
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: Points = Fraction(0)
    sonneborn_berger: Points = Fraction(0)
    direct: Points = Fraction(0)
    # the points scored against each opponent, one entry per finished game
    against: dict[str, list[Points]] = field(default_factory=lambda: defaultdict(list))


@dataclass
class Standings:
    """The rows in rank order, and the games left out."""

    rows: list[Row]
    unfinished: int = 0
    unnamed: int = 0  # games without two different named players


def standings(games: Iterable[ScoredGame]) -> Standings:
    """Rank the players of these games (see the module's docstring for the order)."""
    rows: dict[str, Row] = {}
    unfinished = unnamed = 0
    for game in games:
        if "?" in (game.first, game.second) or game.first == game.second:
            unnamed += 1
            continue
        for name in (game.first, game.second):
            rows.setdefault(name, Row(name))
        points = game.points()
        if points is None:
            unfinished += 1
            continue
        first, second = points
        sides: tuple[tuple[str, str, Points, Points], ...] = ((game.first, game.second, first, second),
                                                              (game.second, game.first, second, first))
        for me, other, mine, theirs in sides:
            row = rows[me]
            row.games += 1
            row.points += mine
            row.against[other].append(mine)
            row.wins += mine > theirs
            row.draws += mine == theirs
            row.losses += mine < theirs
    for row in rows.values():
        row.sonneborn_berger = sum((mine * rows[other].points for other, scores in row.against.items()
                                    for mine in scores), Fraction(0))
    groups: dict[tuple[Points, Points], list[Row]] = defaultdict(list)
    for row in rows.values():
        groups[row.points, row.sonneborn_berger].append(row)
    for tied in groups.values():
        names = {row.player for row in tied}
        for row in tied:
            row.direct = sum((p for other in names for p in row.against.get(other, [])), Fraction(0))
    ordered = sorted(rows.values(), key=lambda r: (-r.points, -r.sonneborn_berger, -r.direct, -r.wins,
                                                    r.player.lower(), r.player))
    for index, row in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        same = previous is not None and _key(previous) == _key(row)
        row.rank = previous.rank if same and previous else index + 1
    return Standings(ordered, unfinished, unnamed)


def _key(row: Row) -> tuple[Points, Points, Points, int]:
    return row.points, row.sonneborn_berger, row.direct, row.wins


def by_event(records: Iterable[Record], scoring: Scoring | None = None) -> dict[str, Standings]:
    """The standings of each event (Event tag, '?' when unknown), in the order first met.

    The records are read one at a time and only each game's players and result are kept,
    so that a generator of records is never held in memory whole."""
    games: dict[str, list[ScoredGame]] = defaultdict(list)
    for record in records:
        games[record.tags.get("Event", "?").strip() or "?"].append(played(record, scoring))
    return {event: standings(found) for event, found in games.items()}
