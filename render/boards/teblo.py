"""SVG diagrams of Teblo positions.

`board()` is a pure function from a position (and options) to SVG text: the 12x12
board with its coordinates and two base squares, both pawns, the support pieces in
the two colours, the pieces each side still has in hand, the last turn highlighted,
and the marks and arrows of a comment. The same arguments always give the same bytes.
"""

from __future__ import annotations

from typing import Sequence

import svgwrite
from svgwrite.base import BaseElement

from ...notation.games.base import Outcome
from ...notation.games.teblo import BASES, ROWS, SIDES, SIZE, SQUARE_OF, Placement, Step, Teblo, TebloPosition
from ...notation.annotations import Arrow, Label, Mark
from ...notation.languages import Words
from ..svg import (ENGLISH, INK, annotate, cached, drawing, finish, fitting, gathered, highlight, placed, shape, square_grid,
                  square_places, state_text)

COLOURS = {  # side: (fill, edge)
    0: ("#f4c430", "#8a6d00"),
    1: ("#d64541", "#7a1f1c"),
}
SQUARE_FILL = "#fbf8ef"
GRID = "#9c927d"
MARGIN = 0.7  # coordinates band, in squares
HAND_BAND = 1.1  # pieces-in-hand band under the board, in squares


def board(
    position: TebloPosition,
    *,
    last: tuple[TebloPosition, Step | Placement] | None = None,
    marks: Sequence[str | Mark] = (),
    arrows: Sequence[tuple[str, str] | Arrow] = (),
    labels: Sequence[Label] = (),
    dims: Sequence[str] = (),
    flipped: bool = False,
    size: int = 480,
    outcome: Outcome | None = None,
    words: Words = ENGLISH,
) -> str:
    """An SVG diagram of `position`, `size` pixels wide.

    last: the position before the last turn and that turn, to highlight it.
    marks, arrows, labels, dims: what to draw over the pieces (svg.annotate): marks on
    squares (names, or Marks of a shape and colour), arrows ((from, to) pairs, or Arrows),
    labels and dimmed squares.
    flipped: Red's side at the bottom.
    outcome: how the game ended at this position, if it did (said under the board
    instead of the side to move).
    words: the language of what the diagram says (docs/languages.md#pages).
    """
    unit = round(size / (SIZE + 2 * MARGIN), 2)
    dwg = drawing(size, round(unit * (SIZE + 2 * MARGIN + HAND_BAND), 2))
    dwg.add(_pieces_defs(unit))
    dwg.add(_static_board(unit, flipped))
    at = square_grid(SIZE, MARGIN, unit, flipped)
    if last is not None:
        before, turn = last
        squares = [turn.on] if isinstance(turn, Placement) else [before.pawns[before.side], turn.to]
        for square in squares:
            x, y = at(square)
            dwg.add(highlight("rect", (x, y), (unit, unit)))
    for side in (0, 1):
        bits = position.pieces[side]
        while bits:
            square = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            dwg.add(placed(f"#piece{side}", at(square)))
    same = position.pawns[0] == position.pawns[1]
    for side in (0, 1):
        x, y = at(position.pawns[side])
        shift = (unit * (0.14 if side else -0.14)) if same else 0
        dwg.add(placed(f"#pawn{side}", (round(x + shift, 2), y)))
    annotate(dwg, square_places(SQUARE_OF, at, unit, round(unit / 7, 2)), gathered(marks, arrows, labels, dims))
    _draw_band(dwg, position, unit, outcome, words)
    return finish(dwg)


def _draw_band(dwg: svgwrite.Drawing, position: TebloPosition, unit: float, outcome: Outcome | None,
               said: Words = ENGLISH) -> None:
    """Under the board: each side's pieces still in hand (a piece and a count), and the state."""
    y = round((SIZE + 2 * MARGIN) * unit, 2)
    baseline = round(y + unit * 0.68, 2)
    font = round(unit * 0.42, 2)
    end = MARGIN
    for side in (0, 1):
        x = MARGIN + side * 3.6
        words = said.gettext("{count} in hand").format(count=position.in_hand(side))
        dwg.add(placed(f"#piece{side}", (round(x * unit, 2), y)))
        dwg.add(shape("text", words, insert=(round((x + 1.05) * unit, 2), baseline), font_size=font,
                      font_family="sans-serif", fill=INK))
        end = x + 1.05 + 0.6 * 0.42 * len(words)
    state = state_text(outcome, SIDES, position.side, words=said)
    dwg.add(shape("text", state, insert=(round((MARGIN + SIZE) * unit, 2), baseline),
                  font_size=fitting(state, (MARGIN + SIZE - end - 0.4) * unit, round(unit * 0.5, 2), bold=True),
                  font_family="sans-serif", font_weight="bold", text_anchor="end", fill=INK))


@cached
def _pieces_defs(unit: float) -> BaseElement:
    """Support pieces and pawns of both sides, drawn once in <defs> and placed by <use>."""
    dwg = svgwrite.Drawing(debug=False)
    defs = dwg.defs
    for side, (fill, edge) in COLOURS.items():
        inset = round(unit * 0.16, 2)
        piece = dwg.g(id=f"piece{side}")
        piece.add(dwg.rect((inset, inset), (round(unit - 2 * inset, 2),) * 2, rx=round(unit * 0.08, 2),
                           fill=fill, stroke=edge, stroke_width=round(unit * 0.05, 2)))
        defs.add(piece)
        pawn = dwg.g(id=f"pawn{side}")
        centre = round(unit / 2, 2)
        pawn.add(dwg.circle((centre, centre), round(unit * 0.36, 2), fill=fill, stroke=edge,
                            stroke_width=round(unit * 0.08, 2)))
        pawn.add(dwg.circle((centre, centre), round(unit * 0.14, 2), fill="#ffffff", stroke=edge,
                            stroke_width=round(unit * 0.04, 2)))
        defs.add(pawn)
    return defs


@cached
def _static_board(unit: float, flipped: bool) -> BaseElement:
    """Squares, grid, base squares and coordinates: the same for every position."""
    dwg = svgwrite.Drawing(debug=False)
    group = dwg.g(id="board")
    origin = round(MARGIN * unit, 2)
    span = round(SIZE * unit, 2)
    group.add(dwg.rect((0, 0), (round(span + 2 * origin, 2), round(span + 2 * origin + HAND_BAND * unit, 2)),
                       fill="#ece4d0"))
    group.add(dwg.rect((origin, origin), (span, span), fill=SQUARE_FILL))
    at = square_grid(SIZE, MARGIN, unit, flipped)
    for side, base in enumerate(BASES):
        group.add(dwg.rect(at(base), (unit, unit), fill=COLOURS[side][0], fill_opacity=0.55))
    lines = []
    for k in range(SIZE + 1):
        offset = round(origin + k * unit, 2)
        lines.append(f"M{offset},{origin}V{round(origin + span, 2)}M{origin},{offset}H{round(origin + span, 2)}")
    group.add(dwg.path(d="".join(lines), stroke=GRID, stroke_width=1, fill="none"))
    font = round(unit * 0.42, 2)
    for k in range(SIZE):
        row_name = ROWS[SIZE - 1 - k] if not flipped else ROWS[k]
        column_name = str(k + 1) if not flipped else str(SIZE - k)
        centre = round(origin + (k + 0.5) * unit, 2)
        for x, y, label in ((round(origin * 0.5, 2), round(centre + font * 0.35, 2), row_name),
                            (centre, round(origin + span + origin * 0.7, 2), column_name)):
            group.add(dwg.text(label, insert=(x, y), font_size=font, font_family="sans-serif",
                               text_anchor="middle", fill=INK))
    return group


# --- the board as text, for the terminal (render/text.py) ---------------------------


def text_board(game: Teblo, position: TebloPosition) -> list[str]:
    """Teblo's board with its coordinates: pawns Y and R, support pieces y and r, bases +."""

    def cell(square: int) -> str:
        for side, mark in enumerate("YR"):
            if position.pawns[side] == square:
                return mark
        for side, mark in enumerate("yr"):
            if position.pieces[side] >> square & 1:
                return mark
        return "+" if square in BASES else "."

    lines = ["   " + "".join(f"{column:>3}" for column in range(1, SIZE + 1))]
    for row in reversed(range(SIZE)):
        lines.append(f"{ROWS[row]}  " + "".join(f"{cell(row * SIZE + column):>3}" for column in range(SIZE)))
    lines.append(f"Y R pawns, y r support pieces, + bases D3 and I10; in hand: Yellow {position.in_hand(0)}, "
                 f"Red {position.in_hand(1)}")
    return lines
