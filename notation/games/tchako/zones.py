"""T'Chako's zones as numbers and sets of zones as bits: how they connect, and who controls
and captures them (docs/games/tchako.md#control-and-capture).

A set of zones is an int whose bit k stands for zone k (A is 0, L is 11); each side's
occupied zones are such a pair, (White's, Black's).
"""

from __future__ import annotations

from typing import Sequence

from ...languages import game_word
from .board import BASES, FINE_LINES, NEIGHBOURS, OBSTACLES, VITAL, WHITE, BLACK, ZONES

ZONE = {zone: k for k, zone in enumerate(ZONES)}
OFF = -1  # where a piece off the board is
NEIGHBOUR_BITS = tuple(sum(1 << ZONE[other] for other in NEIGHBOURS[zone]) for zone in ZONES)
BASE_BITS = tuple(sum(1 << ZONE[zone] for zone in bases) for bases in BASES)
HOME_BITS = tuple(BASE_BITS[side] | 1 << ZONE[VITAL[side]] for side in (WHITE, BLACK))
VITAL_ZONE = tuple(ZONE[zone] for zone in VITAL)
OBSTACLE_SET = frozenset(OBSTACLES)
FINE = {obstacle: frozenset(b if a == obstacle else a for a, b in FINE_LINES if obstacle in (a, b))
        for obstacle in OBSTACLES}  # each obstacle's neighbours along fine lines


def bits_of(zones: str) -> int:
    return sum(1 << ZONE[zone] for zone in zones)


def zone_list(bits: int) -> str:
    """The zones of a set in words: A, F and G."""
    names = [ZONES[k] for k in range(len(ZONES)) if bits >> k & 1]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# the zones of each king of the hill mode as zone_list says them, which Ending.HILL names: marked
# for the catalogue, which says them in French (docs/languages.md#the-games-words-in-french)
HILLS_IN_WORDS = (game_word("F and G"), game_word("E, F, G and H"), game_word("D, F, G and I"))


def reach(start: int, through: int) -> int:
    """The zones of `through` reached from `start` (a subset of it) along connections."""
    found, frontier = start, start
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        new = NEIGHBOUR_BITS[low.bit_length() - 1] & through & ~found
        found |= new
        frontier |= new
    return found


def occupied_zones(pucks: Sequence[tuple[int, ...]]) -> tuple[int, int]:
    """Each side's occupied zones, from the count of each side's pieces in each zone."""
    return (sum(1 << k for k, pair in enumerate(pucks) if pair[0]),
            sum(1 << k for k, pair in enumerate(pucks) if pair[1]))


def controlled_zones(zones: Sequence[int], side: int) -> int:
    """Zones `side` controls: only its pieces there, or its own vital and base zones while
    no opponent piece is there (`zones`: each side's occupied zones)."""
    return (zones[side] | HOME_BITS[side]) & ~zones[1 - side]


def captured_zones(zones: Sequence[int], side: int) -> int:
    """The zones `side` captures: those it controls linked, through such zones, to one of
    its bases it controls."""
    controlled = controlled_zones(zones, side)
    return reach(BASE_BITS[side] & controlled, controlled)


def chain(zones: Sequence[int], side: int, captures: int) -> bool:
    """Whether `side` holds a chain of captured or controlled zones from one of its bases
    to the opponent's vital zone, which it controls: the opponent is in t'chako."""
    controlled = controlled_zones(zones, side)
    vital = 1 << VITAL_ZONE[1 - side]
    if not controlled & vital:
        return False
    through = captures | controlled
    return bool(reach(BASE_BITS[side] & through, through) & vital)
