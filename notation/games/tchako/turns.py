"""T'Chako turns: the actions a record states (shots with their outcomes, creations,
elastics' anchors), as the notation writes and reads them (docs/games/tchako.md#turns).

Actions are immutable named tuples, read once for each spelling met and shared.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple, cast

from ...problems import VariantProblem, say
from .board import ZONES
from .zones import OFF, ZONE

COLOURS = "wb"  # a piece's colour as a push names it: White's, Black's
ELASTICS = "stl"  # each side's two short elastics and its long one


class Place(NamedTuple):
    """Where a piece ends: a zone (OFF for off the board), with optional coordinates in
    percent of the board's width and height."""

    zone: int
    at: tuple[int, int] | None = None


class Piece(NamedTuple):
    """A piece named as the notation does: kind '' a puck, 'q' the queen, 'c' the puck on
    the zone's creation space; its zone; its colour (for pushes, else None)."""

    kind: str
    zone: int
    colour: int | None = None


class Shot(NamedTuple):
    piece: Piece  # the shooter's own piece
    stop: Place
    hit: Piece | None = None  # the first opponent piece hit
    hit_to: Place | None = None  # where that piece went, when it is not eliminated
    pushes: tuple[tuple[Piece, Place], ...] = ()
    charged: bool = False  # strategic shots: announced as eliminating


class Create(NamedTuple):
    zone: int
    queen: bool = False  # the queen's return


class Anchor(NamedTuple):
    elastic: int  # 0, 1 short, 2 long
    origin: str  # the obstacle the anchor leaves ('' from the player's hand)
    to: str
    middle: str = ""  # the long elastic's middle obstacle, when the record names it


class Decided:
    """The mark `#` after a turn's actions: the game is decided at the start of the next turn
    (docs/games/tchako.md#the-end-decided-as-a-turn-begins). Always a turn's last element."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decided)

    def __hash__(self) -> int:
        return hash("#")

    def __repr__(self) -> str:
        return "DECIDED"


DECIDED = Decided()
Action = Shot | Create | Anchor
Turn = tuple[Action | Decided, ...]  # of actions, possibly closed by DECIDED; () is a pass


def place_text(place: Place) -> str:
    if place.zone == OFF:
        return "O"
    at = "" if place.at is None else f"@{place.at[0]}:{place.at[1]}"
    return ZONES[place.zone] + at


def piece_text(piece: Piece) -> str:
    colour = "" if piece.colour is None else COLOURS[piece.colour]
    return f"{colour}{piece.kind}{ZONES[piece.zone]}"


def action_text(action: Action) -> str:
    if isinstance(action, Shot):
        text = f"{'^' if action.charged else ''}{piece_text(action.piece)}>{place_text(action.stop)}"
        if action.hit is not None:
            text += f"x{piece_text(action.hit)}"
            if action.hit_to is not None:
                text += f">{place_text(action.hit_to)}"
        return text + "".join(f"/{piece_text(piece)}>{place_text(to)}" for piece, to in action.pushes)
    if isinstance(action, Create):
        return f"+{'q' if action.queen else ''}{ZONES[action.zone]}"
    middle = f"({action.middle})" if action.middle else ""
    return f"~{ELASTICS[action.elastic]}{action.origin}>{action.to}{middle}"


DEST = r"(?:[A-L](?:@(?:100|[0-9]{1,2}):(?:100|[0-9]{1,2}))?|O)"
SHOT = rf"\^?[qc]?[A-L]>{DEST}(?:x[qc]?[A-L](?:>{DEST})?)?(?:/[wb][qc]?[A-L]>{DEST})*"
ACTION = rf"(?:{SHOT}|\+q?[A-L]|~[stl](?:[A-L]{{2}})?>[A-L]{{2}}(?:\([A-L]{{2}}\))?)"
# The parts of one action the turn rule matched, in one pass: a shot (charge, piece,
# stop, hit and where it went, the pushes' text), a creation or an elastic's anchor.
PARTS = re.compile(r"(\^?)([qc]?)([A-L])>([A-LO])(?:@([0-9]+):([0-9]+))?"
                   r"(?:x([qc]?)([A-L])(?:>([A-LO])(?:@([0-9]+):([0-9]+))?)?)?(/.*)?"
                   r"|\+(q?)([A-L])|~([stl])([A-L]{2})?>([A-L]{2})(?:\(([A-L]{2})\))?")
PUSH = re.compile(r"/([wb])([qc]?)([A-L])>([A-LO])(?:@([0-9]+):([0-9]+))?")
PLACES = {letter: Place(ZONE.get(letter, OFF)) for letter in ZONES + "O"}  # the places without coordinates
PIECES = {(kind, letter): Piece(kind, ZONE[letter]) for kind in ("", "q", "c") for letter in ZONES}  # uncoloured


def _place(letter: str, x: str | None, y: str | None) -> Place:
    """A place from its letter and coordinates (None or '' when it has none)."""
    return Place(ZONE.get(letter, OFF), (int(x), int(y or 0))) if x else PLACES[letter]


@lru_cache(maxsize=1 << 14)
def read_action(text: str) -> Action:
    """One action as the turn rule matched it (actions are immutable tuples: shared); ValueError
    for a text that is not one."""
    found = PARTS.fullmatch(text)
    if found is None:
        raise ValueError(say(VariantProblem.NOT_ACTION, written=text))
    (charged, kind, zone, stop, x, y, hit_kind, hit_zone, hit_to, hit_x, hit_y, pushes,
     queen, created, elastic, origin, to, middle) = found.groups()
    if zone is not None:
        pushed = () if pushes is None else tuple(
            (Piece(push_kind, ZONE[push_zone], COLOURS.index(colour)), _place(place, place_x, place_y))
            for colour, push_kind, push_zone, place, place_x, place_y in PUSH.findall(pushes))
        return Shot(PIECES[kind, zone], _place(stop, x, y), None if hit_zone is None else PIECES[hit_kind, hit_zone],
                    None if hit_to is None else _place(hit_to, hit_x, hit_y), pushed, bool(charged))
    if created is not None:
        return Create(ZONE[created], bool(queen))
    return Anchor(ELASTICS.index(elastic), "".join(sorted(origin or "")), "".join(sorted(to)),
                  "".join(sorted(middle or "")))


def read_actions(text: str) -> Turn:
    """The actions written `F>G,+A,~s>AD` (text the turn rule matched)."""
    return tuple(map(read_action, text.split(",")))


def turn_of(actions: str | None, decided: bool) -> Turn:
    """The turn the turn rule matched: its actions (None for `pass`), and whether `#` followed."""
    turn = read_actions(actions) if actions else ()
    return turn + (DECIDED,) if decided else turn


def actions_of(turn: Turn) -> tuple[Action, ...]:
    """A turn's actions, without the mark DECIDED (only ever its last element)."""
    return cast("tuple[Action, ...]", turn[:-1] if turn and isinstance(turn[-1], Decided) else turn)


def write_turn(turn: Turn) -> str:
    """A turn's canonical spelling: its actions joined by commas, `pass` for none, `#` after a decided one."""
    if turn and isinstance(turn[-1], Decided):
        return write_turn(turn[:-1]) + "#"
    return ",".join(map(action_text, actions_of(turn))) if turn else "pass"
