"""Pebbles, a sixth game written outside Ludoscribe, as docs/contributing.md#adding-a-game shows.

Rules: a row of seven cells, A to G. Light and Dark take turns putting a pebble of their
colour on an empty cell (the turn is the cell's name: D). Three pebbles of one colour on
neighbouring cells win; a full row without three is a draw. Competition points: 2 for a
win, 1 for a draw.

tests/test_game_plugins.py installs it through the `ludoscribe.games` entry point and
reads, checks, draws and publishes it without a change anywhere in Ludoscribe.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Iterable, Sequence

from ludoscribe.notation.games import Game, GamePlugin, History, Outcome, Played, Refusal, RefusalCode, Worded

CELLS = "ABCDEFG"
STONES = "ld"  # Light's and Dark's pebbles in a position code
SIDES = ("Light", "Dark")
CODE = re.compile(r"(?P<row>[.ld]{7}) (?P<side>[LD]) (?P<number>[1-9][0-9]*)")


@dataclass(frozen=True)
class Row:
    cells: str  # one character a cell: '.', 'l' or 'd'
    side: int = 0
    number: int = field(default=1, compare=False)


class PebblesRefusal(RefusalCode):
    """Why the rules refuse a turn: a game of its own has codes of its own."""

    OVER = "over", "the game is over"
    TAKEN = "taken", "{cell} already holds a pebble"


class PebblesEnding(Worded):
    """How a game of Pebbles ends: not one of the format's Endings."""

    ROW = "row", "three in a row"
    FULL = "full", "the row is full"


class Pebbles(Game[Row, int]):
    """The rules: a turn is the index of the cell it fills."""

    name = "Pebbles"
    sides = SIDES
    turn_example = "a cell from A to G, like D"
    refusal_codes = PebblesRefusal
    turn_rules = r'''
# A Pebbles turn names the cell it fills: A to G.
turn            = ~r"(?P<cell>[A-G])(?![A-Za-z0-9])\s*"
'''

    def start_position(self) -> Row:
        return Row("." * len(CELLS))

    def read_position(self, code: str) -> Row:
        found = CODE.fullmatch(code.strip())
        if found is None:
            raise ValueError(f"{code!r} is not a Pebbles position (seven cells of . l d, L or D, a number)")
        return Row(found["row"], "LD".index(found["side"]), int(found["number"]))

    def position_code(self, position: Row) -> str:
        return f"{position.cells} {'LD'[position.side]} {position.number}"

    def turn_from_match(self, match: Any) -> int:
        return CELLS.index(match.group("cell"))

    def turn_text(self, turn: int) -> str:
        return CELLS[turn]

    def play(self, position: Row, turn: int) -> Played[Row, int]:
        if self.outcome(position) is not None:
            return Played(Refusal(PebblesRefusal.OVER), turn, None)
        if position.cells[turn] != ".":
            return Played(Refusal(PebblesRefusal.TAKEN, cell=CELLS[turn]), turn, None)
        cells = position.cells[:turn] + STONES[position.side] + position.cells[turn + 1:]
        return Played(None, turn, Row(cells, 1 - position.side, position.number + position.side))

    def legal_turns(self, position: Row, chance: Any = None) -> Iterable[int]:
        if self.outcome(position) is not None:
            return []
        return [cell for cell, stone in enumerate(position.cells) if stone == "."]

    def random_turn(self, position: Row, rng: random.Random) -> int | None:
        turns = list(self.legal_turns(position))
        return rng.choice(turns) if turns else None

    def outcome(self, position: Row, history: History | None = None) -> Outcome | None:
        for side, stone in enumerate(STONES):
            if stone * 3 in position.cells:
                return Outcome(side, PebblesEnding.ROW)
        return Outcome(None, PebblesEnding.FULL) if "." not in position.cells else None


def board(position: Row, *, last: tuple[Row, int] | None = None, marks: Sequence[str] = (),
          arrows: Sequence[tuple[str, str]] = (), flipped: bool = False, size: int = 480,
          outcome: Outcome | None = None) -> str:
    """The row as SVG: cells, pebbles, the last turn's cell, marks, and who is to move or how it ended."""
    unit = size / len(CELLS)
    order = CELLS[::-1] if flipped else CELLS
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{unit * 1.5:g}" '
             f'viewBox="0 0 {size} {unit * 1.5:g}">']
    for x, name in enumerate(order):
        cell = CELLS.index(name)
        fill = "#00acc1" if last is not None and last[1] == cell else "#fbf8ef"
        stroke = "#2e7d32" if name in marks else "#9c927d"
        parts.append(f'<rect x="{x * unit:g}" y="0" width="{unit:g}" height="{unit:g}" fill="{fill}" '
                     f'stroke="{stroke}" />')
        stone = position.cells[cell]
        if stone != ".":
            colour = "#f4f1e8" if stone == "l" else "#3b352c"
            parts.append(f'<circle cx="{(x + 0.5) * unit:g}" cy="{unit / 2:g}" r="{unit * 0.35:g}" '
                         f'fill="{colour}" stroke="#3b352c" />')
    for start, end in arrows:
        if start in CELLS and end in CELLS:
            x1, x2 = ((order.index(name) + 0.5) * unit for name in (start, end))
            parts.append(f'<line x1="{x1:g}" y1="{unit / 2:g}" x2="{x2:g}" y2="{unit / 2:g}" stroke="#1565c0" />')
    if outcome is None:
        state = f"{SIDES[position.side]} to move"
    else:
        state = "Drawn" if outcome.winner is None else f"{SIDES[outcome.winner]} wins"
    parts.append(f'<text x="{size / 2:g}" y="{unit * 1.3:g}" text-anchor="middle">{state}</text></svg>')
    return "".join(parts)


def text_board(game: Pebbles, position: Row) -> list[str]:
    """The row for the terminal: cell names over the pebbles."""
    return [" ".join(CELLS), " ".join(position.cells)]


PLUGIN = GamePlugin("Pebbles", Pebbles, title="Pebbles (row of seven)", aliases=("Pebble",),
                    diagram=board, text_board=text_board, scoring="2,1,0")
