"""SVG diagrams of Tektop positions.

`board()` is a pure function from a position (and options) to SVG text: the 5x5 relief
shaded by level (darker is higher, as on the real board) with each square's level
written in its corner and the terraces outlined, the pawns, a side panel with each
side's pawns home, the last turn's throws drawn as dice faces in the thrower's colours
beside its pawns home, with the points the last one scored, and the game's state; the
last turn's steps are highlighted and drawn as arrows (dashed for a displaced pawn), and
a comment's marks and arrows are drawn too.
The same arguments always give the same bytes.
"""

from __future__ import annotations

from typing import Sequence

import svgwrite
from svgwrite.base import BaseElement

from ...notation.annotations import Arrow, Label, Mark
from ...notation.games.base import Outcome
from ...notation.games.tektop import (CELLS, FILES, HOME_TO_WIN, LEVEL, SCORE, SIDES, SIZE, SQUARE_OF,
                                     Tektop, TektopPosition, Turn, squares_of)
from ...notation.languages import Words
from ..svg import (ENGLISH, INK, At, annotate, cached, cell_arrow, centre, drawing, finish, gathered, highlight, placed, shape,
                  side_word, square_grid, square_places, state_text)
from ..text import code_board

SHADES = ("#f3ead3", "#dcc69b", "#c1a06d", "#9a7446", "#6b4726")  # level 0 (lowest) to 4 (the summit)
LEVEL_INK = ("#7d6c50", "#6e5a3c", "#4e3c24", "#efe3c8", "#f6ecd6")  # a level's number on its shade
PAWNS = {0: ("#fbf9f3", "#2b2621"), 1: ("#2b2621", "#d9cfbd")}  # side: (fill, rim)
STEP = "#d84315"  # the last turn's steps
BACKGROUND = "#e9e1cf"
PANEL = "#f6f1e4"
GRID = "#8c7a5c"
MARGIN = 0.6  # coordinates band around the board, in squares
PANEL_WIDTH = 2.7  # side panel, in squares
DIE = 0.42  # a die's side, in squares
THROW = 0.5  # from one throw's row of dice to the next, in squares
DICE = {0: ("#ffffff", INK), 1: ("#2b2621", "#f6ecd6")}  # thrower: (face, pips), as its pawns
PIPS = {  # pips of each face, on a 3x3 grid of the die (column, row)
    1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def board(
    position: TektopPosition,
    *,
    last: tuple[TektopPosition, Turn] | None = None,
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

    last: the position before the last turn and that turn, to draw its dice and steps.
    marks, arrows, labels, dims: what to draw over the pieces (svg.annotate).
    flipped: the board turned half round (a5 at the bottom right).
    outcome: how the game ended at this position, if it did (the position says it too).
    words: the language of what the diagram says (docs/languages.md#pages).
    """
    unit = round(size / (SIZE + 2 * MARGIN + PANEL_WIDTH), 2)
    dwg = drawing(size, round(unit * (SIZE + 2 * MARGIN), 2))
    dwg.add(_defs(unit))
    dwg.add(_static_board(unit, flipped))
    at = square_grid(SIZE, MARGIN, unit, flipped)
    turn = last[1] if last is not None else None
    if turn is not None:
        for square in sorted({square for step in turn.steps for square in step[:2]}):
            dwg.add(highlight("rect", at(square), (unit, unit)))
    for side in (0, 1):
        for square in squares_of(position.pawns[side]):
            dwg.add(placed(f"#pawn{side}", at(square)))
    if turn is not None and turn.steps:
        _draw_steps(dwg, turn, at, unit)
    annotate(dwg, square_places(SQUARE_OF, at, unit, round(unit / 9, 2)), gathered(marks, arrows, labels, dims))
    _draw_panel(dwg, position, turn, last[0].side if last is not None else None, unit, flipped, outcome, words)
    return finish(dwg)


def _draw_steps(dwg: svgwrite.Drawing, turn: Turn, at: At, unit: float) -> None:
    """The last turn's steps as arrows, and each displaced pawn's fall as a dashed one."""
    width = round(unit * 0.07, 2)

    def centre_of(square: int) -> tuple[float, float]:
        return centre(at, unit, square)

    for origin, to, fall in turn.steps:
        dwg.add(cell_arrow(origin, to, centre_of, width, STEP))
        if fall is not None:
            dwg.add(cell_arrow(to, fall, centre_of, width, STEP, dashed=True))


def _draw_panel(dwg: svgwrite.Drawing, position: TektopPosition, turn: Turn | None, mover: int | None,
                unit: float, flipped: bool, outcome: Outcome | None, said: Words = ENGLISH) -> None:
    """Pawns home (the side at the top of the board above), the last turn's dice beside the
    side that threw them, in its colours, and the state at the bottom."""
    left = (SIZE + 2 * MARGIN) * unit
    font = round(unit * 0.26, 2)

    def text(words: str, x: float, y: float, **extra: object) -> None:
        dwg.add(shape("text", words, insert=(round(left + x * unit, 2), round(y * unit, 2)), font_size=font,
                         font_family="sans-serif", fill=INK, **extra))

    top, bottom = (0, 1) if flipped else (1, 0)
    for side, label, slots in ((top, 0.45, 0.55), (bottom, 4.25, 4.35)):
        home = position.home[side]
        text(said.gettext("{side}: {count} home").format(side=side_word(SIDES, side, said), count=home), 0.15, label)
        for slot in range(HOME_TO_WIN):
            x = round(left + (0.15 + slot * 0.7) * unit, 2)
            dwg.add(placed(f"#pawn{side}" if slot < home else "#slot", (x, round((slots - 0.18) * unit, 2))))
    if turn is not None and mover is not None:
        throws = len(turn.dice)
        # under the top side's pawns, going down; above the bottom side's label, going up
        first = 1.45 if mover == top else 3.9 - throws * THROW
        for row, group in enumerate(turn.dice):
            y = round((first + row * THROW) * unit, 2)
            for k, value in enumerate(group):
                x = round(left + (0.15 + k * (DIE + 0.08)) * unit, 2)
                dwg.add(shape("use", f"#die{value}-{mover}", insert=(x, y), opacity=1 if row == throws - 1 else 0.45))
        points = SCORE[turn.dice[-1]]
        words = said.ngettext("{side}: {count} point", "{side}: {count} points", points).format(
            side=side_word(SIDES, mover, said), count=points)
        text(words, 0.15, first + throws * THROW + 0.22 if mover == top else first - 0.12)
    if outcome is not None:
        state = state_text(outcome, SIDES, position.side, words=said)
    elif position.stage == "over":
        state = said.gettext("{side} wins").format(side=side_word(SIDES, 1 if position.home[1] >= HOME_TO_WIN else 0, said))
    elif position.stage == "last":
        state = said.gettext("{side}'s last turn").format(side=side_word(SIDES, 1, said))
    else:
        state = state_text(None, SIDES, position.side, words=said)
    text(state, 0.15, SIZE + 2 * MARGIN - 0.2, font_weight="bold")


@cached
def _defs(unit: float) -> BaseElement:
    """Pawns, an empty home slot and the six dice faces, drawn once and placed by <use>."""
    dwg = svgwrite.Drawing(debug=False)
    defs = dwg.defs
    centre = round(unit / 2, 2)
    for side, (fill, rim) in PAWNS.items():
        pawn = dwg.g(id=f"pawn{side}")
        pawn.add(dwg.circle((centre, centre), round(unit * 0.32, 2), fill=fill, stroke=rim,
                            stroke_width=round(unit * 0.06, 2)))
        pawn.add(dwg.circle((centre, centre), round(unit * 0.16, 2), fill="none", stroke=rim,
                            stroke_width=round(unit * 0.03, 2)))
        defs.add(pawn)
    defs.add(dwg.circle((centre, centre), round(unit * 0.3, 2), id="slot", fill="none", stroke=GRID,
                        stroke_width=round(unit * 0.03, 2), stroke_dasharray=f"{round(unit * 0.06, 2):g}"))
    span = round(unit * DIE, 2)
    pip = round(unit * 0.04, 2)
    for thrower, (face, spot) in DICE.items():
        for value, spots in PIPS.items():
            die = dwg.g(id=f"die{value}-{thrower}")
            die.add(dwg.rect((0, 0), (span, span), rx=round(unit * 0.07, 2), fill=face, stroke=INK,
                             stroke_width=round(unit * 0.025, 2)))
            for column, row in spots:
                die.add(dwg.circle((round(span * (0.25 + 0.25 * column), 2), round(span * (0.25 + 0.25 * row), 2)),
                                   pip, fill=spot))
            defs.add(die)
    return defs


@cached
def _static_board(unit: float, flipped: bool) -> BaseElement:
    """Background, panel, the relief shaded by level with level numbers, terraces and
    coordinates: the same for every position."""
    dwg = svgwrite.Drawing(debug=False)
    group = dwg.g(id="board")
    span = round(SIZE * unit, 2)
    origin = round(MARGIN * unit, 2)
    height = round(span + 2 * origin, 2)
    group.add(dwg.rect((0, 0), (round(height + PANEL_WIDTH * unit, 2), height), fill=BACKGROUND))
    group.add(dwg.rect((height, 0), (round(PANEL_WIDTH * unit, 2), height), fill=PANEL))
    at = square_grid(SIZE, MARGIN, unit, flipped)
    font = round(unit * 0.2, 2)
    for square in range(CELLS):
        x, y = at(square)
        level = LEVEL[square]
        group.add(dwg.rect((x, y), (unit, unit), fill=SHADES[level]))
        group.add(dwg.text(str(level), insert=(round(x + unit * 0.08, 2), round(y + unit * 0.24, 2)), font_size=font,
                           font_family="sans-serif", font_weight="bold", fill=LEVEL_INK[level], class_="level"))
    lines = []
    for k in range(SIZE + 1):
        offset = round(origin + k * unit, 2)
        lines.append(f"M{offset},{origin}V{round(origin + span, 2)}M{origin},{offset}H{round(origin + span, 2)}")
    group.add(dwg.path(d="".join(lines), stroke=GRID, stroke_width=round(unit * 0.01, 2) or 1, fill="none"))
    group.add(dwg.path(d=_terraces(at, unit), stroke=INK, stroke_width=round(unit * 0.05, 2), fill="none",
                       stroke_linecap="round"))
    label = round(unit * 0.3, 2)
    for k in range(SIZE):
        centre = round(origin + (k + 0.5) * unit, 2)
        file = FILES[SIZE - 1 - k] if flipped else FILES[k]
        rank = str(k + 1) if flipped else str(SIZE - k)
        for x, y, name in ((round(origin * 0.5, 2), round(centre + label * 0.35, 2), rank),
                           (centre, round(origin + span + origin * 0.65, 2), file)):
            group.add(dwg.text(name, insert=(x, y), font_size=label, font_family="sans-serif",
                               text_anchor="middle", fill=INK))
    return group


def _terraces(at: At, unit: float) -> str:
    """Path data of the edges between squares of different levels (the steps of the relief)."""
    parts = []
    for square in range(CELLS):
        rank, file = divmod(square, SIZE)
        for neighbour in ((square + 1) if file < SIZE - 1 else None, (square + SIZE) if rank < SIZE - 1 else None):
            if neighbour is None or LEVEL[neighbour] == LEVEL[square]:
                continue
            (x1, y1), (x2, y2) = at(square), at(neighbour)
            if y1 == y2:  # side by side: the shared edge is vertical
                x = max(x1, x2)
                parts.append(f"M{x},{y1}V{round(y1 + unit, 2)}")
            else:
                y = max(y1, y2)
                parts.append(f"M{x1},{y}H{round(x1 + unit, 2)}")
    return "".join(parts)


# --- the board as text, for the terminal (render/text.py) ---------------------------


def text_board(game: Tektop, position: TektopPosition) -> list[str]:
    """The rows of the position code, with the names of the rows and columns."""
    return code_board(game, position, "54321", tuple("abcde"))
