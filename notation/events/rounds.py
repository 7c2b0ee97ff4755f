"""A tournament's rounds as data: its entrants, who met whom on which board with what result,
and the rounds a player did not play (docs/tournaments.md).

The common ground of the event file, the pairings, the tie-breaks and the FIDE report file:
each reads or writes these values and none needs another's. Players are known by their
starting number (1, 2, ... in the order of the players' list); results are the record's
(`notation/model.py` RESULTS), first side first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction

from ..model import RESULTS
from .standings import DEFAULT, Scoring


@dataclass(frozen=True)
class Entrant:
    """A player of the event, by starting number."""

    number: int
    name: str
    rating: int | None = None
    club: str = ""
    id: str = ""  # a federation's or club's id, as written


@dataclass(frozen=True)
class Pairing:
    """A game of a round: the player of the first side, of the second, and the result so far.

    `forfeit`: the result was given without the game being played (a player absent), so it
    counts in the points but not as a game met over the board (no rematch is allowed either way)."""

    round: int
    board: int
    first: int
    second: int
    result: str = "*"
    forfeit: bool = False

    def __post_init__(self) -> None:
        if self.result not in RESULTS:
            raise ValueError(f"{self.result!r} is not a result ({', '.join(RESULTS)})")
        if self.first == self.second:
            raise ValueError(f"player {self.first} cannot meet themselves")


class Unplayed(Enum):
    """Why a player has no game in a round, as the FIDE report file says it."""

    PAIRING_BYE = "U"  # left over by the pairing: the event's points for a bye
    FULL_BYE = "F"  # asked for, a win's points
    HALF_BYE = "H"  # asked for, a draw's points
    ZERO_BYE = "Z"  # asked for, or absent: nothing


@dataclass(frozen=True)
class Absence:
    """A round a player is in the event but has no game."""

    round: int
    player: int
    why: Unplayed


@dataclass
class Rounds:
    """Everything the tie-breaks, the pairings and the report file need to know of an event."""

    entrants: list[Entrant]
    games: list[Pairing] = field(default_factory=list)
    absences: list[Absence] = field(default_factory=list)
    scoring: Scoring = DEFAULT
    bye_points: Fraction = Fraction(1)  # the points of a pairing bye, in the event's scoring

    def entrant(self, number: int) -> Entrant:
        """The entrant of that starting number; KeyError if there is none."""
        for entrant in self.entrants:
            if entrant.number == number:
                return entrant
        raise KeyError(number)

    def played_rounds(self) -> int:
        """The highest round with a game or an absence (0 before the first pairing)."""
        return max([game.round for game in self.games] + [absence.round for absence in self.absences], default=0)
