"""SVG diagrams of Staku positions.

`board()` is a pure function from a position (and options) to SVG text: the 49 hexagonal
cells laid out as on the designer's board (row a at the bottom, row g at the top, the
first and last cell of each row labelled), the four palaces ringed in their owner's
colour, the flower cells (where the neutral tokens start, and the others of the
designer's picture), every stack drawn as tokens piled bottom to top, the last turn's
cells highlighted, and the marks and arrows of a comment. The same arguments always
give the same bytes.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import svgwrite
from svgwrite.base import BaseElement

from ...notation.annotations import Arrow, Label, Mark
from ...notation.games.base import Outcome
from ...notation.games.staku import (AXIAL, CELL_OF, DRAW_AFTER, FLOWERS, NAMES, PALACES, ROW_CELLS, SIDES,
                                    Staku, StakuPosition, Turn)
from ...notation.languages import Words
from ..svg import ENGLISH, INK, Places, annotate, cached, drawing, finish, gathered, highlight, placed, shape, state_text
from ..text import code_board

BACKGROUND = "#c9a47e"
CELL_FILL = "#ead9bd"
FLOWER_FILL = "#b39474"
FLOWER_LINE = "#5a4632"
TOKENS = {  # token letter: (fill, edge, text colour for a stack's height)
    "w": ("#fbf9f3", "#3b352c", "#3b352c"),
    "b": ("#26231f", "#000000", "#fbf9f3"),
    "n": ("#9b958b", "#4a463f", "#fbf9f3"),
}
PALACE_RING = ("#fbf9f3", "#26231f")  # White's palaces, Black's palaces
# Flower cells of the designer's picture: big hearts (where neutrals start, and the
# palaces) and small hearts (decoration of rows b, d and f).
BIG_HEARTS = frozenset(FLOWERS) | frozenset(PALACES[0] + PALACES[1])
SMALL_HEARTS = frozenset(CELL_OF[name] for name in ("b1", "b3", "b4", "b5", "b7", "d2", "d6",
                                                    "f1", "f3", "f4", "f5", "f7"))
LABEL_BAND = 0.75  # room for the row labels on each side, in cell widths
TOP, CAPTION = 0.35, 1.15  # margins above and below the board, in cell radii
CELL = 0.95  # a cell's drawn hexagon, in cell radii (the rest is the gap between cells)
LIFT = 0.2  # each token of a stack sits this much higher than the one below, in radii


class Layout:
    """Where things go for one size and orientation (all in pixels)."""

    def __init__(self, size: int, flipped: bool) -> None:
        self.width = size
        self.cell_width = size / (8 + 2 * LABEL_BAND)
        self.radius = self.cell_width / math.sqrt(3)
        self.height = round(self.radius * (11 + TOP + CAPTION), 2)
        self.flipped = flipped
        sign = -1 if flipped else 1
        middle_y = self.radius * (TOP + 5.5)
        self.centres = [
            (round(size / 2 + sign * (u + v / 2) * self.cell_width, 2), round(middle_y - sign * 1.5 * v * self.radius, 2))
            for u, v in AXIAL
        ]

    def r(self, fraction: float) -> float:
        """A length given as a fraction of the cell radius, rounded."""
        return round(fraction * self.radius, 2)


@lru_cache(maxsize=16)
def _layout(size: int, flipped: bool) -> Layout:
    return Layout(size, flipped)


def board(
    position: StakuPosition,
    *,
    last: tuple[StakuPosition, Turn] | None = None,
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

    last: the position before the last turn and that turn, to highlight its cells
    (where the first move started, where it landed, where the second move ended).
    marks, arrows, labels, dims: what to draw over the stacks (svg.annotate); the mark
    `outline` rings a cell.
    flipped: Black's side at the bottom.
    outcome: how the game ended at this position, if it did (the caption says it,
    instead of the side to move and the turns without capture).
    words: the language of what the diagram says (docs/languages.md#pages).
    """
    layout = _layout(size, flipped)
    centres = layout.centres
    dwg = drawing(size, layout.height)
    dwg.add(_defs(size))
    dwg.add(_static_board(size, flipped))
    if last is not None:
        moves = last[1].moves
        for cell in (moves[0].origin, *(move.to for move in moves)):
            dwg.add(highlight("use", "#cell", insert=centres[cell]))
    lift = layout.r(LIFT)
    for cell, stack in enumerate(position.stacks):
        if not stack:
            continue
        x, y = centres[cell]
        base = y + (len(stack) - 1) * lift / 2
        for level, token in enumerate(stack):
            dwg.add(placed(f"#token-{token}", (x, round(base - level * lift, 2))))
        if len(stack) > 1:
            dwg.add(shape("text", str(len(stack)), insert=(x, round(base - (len(stack) - 1) * lift + layout.r(0.2), 2)),
                             fill=TOKENS[stack[-1]][2], font_size=layout.r(0.55), font_weight="bold",
                             font_family="sans-serif", text_anchor="middle"))
    annotate(dwg, _places(size, flipped), gathered(marks, arrows, labels, dims))
    caption = (state_text(outcome, SIDES, position.side, reason=True, words=words) if outcome is not None else
               state_text(None, SIDES, position.side, words=words) + " · " +
               words.gettext("{count} of {limit} turns without capture").format(count=position.quiet, limit=DRAW_AFTER))
    dwg.add(shape("text", caption,
                     insert=(round(size / 2, 2), round(layout.height - layout.r(0.45), 2)), font_size=layout.r(0.5),
                     font_family="sans-serif", text_anchor="middle", fill=INK))
    return finish(dwg)


@lru_cache(maxsize=16)
def _places(size: int, flipped: bool) -> Places:
    """Where the cells are, for annotations: a mark fits in a cell's width across its flat sides."""
    layout = _layout(size, flipped)
    centres = layout.centres

    def cover(cell: int, **attributes: object) -> str:
        return shape("use", "#cell", insert=centres[cell], **attributes)

    def outline(cell: int, colour: str) -> str:
        return shape("use", "#ring", insert=centres[cell], fill="none", stroke=colour, stroke_width=layout.r(0.12))

    across = round(layout.r(CELL) * math.sqrt(3), 2)
    return Places(CELL_OF, centres.__getitem__, lambda cell: across, cover, outline, layout.r(0.22))


def _hexagon(radius: float) -> list[tuple[float, float]]:
    """The corners of a pointy-topped hexagon centred on (0, 0)."""
    return [(round(radius * math.cos(math.radians(90 + 60 * k)), 2), round(radius * math.sin(math.radians(90 + 60 * k)), 2))
            for k in range(6)]


def _star(outer: float, inner: float, points: int) -> str:
    """An SVG path of a star with `points` tips, centred on (0, 0)."""
    corners = []
    for k in range(2 * points):
        radius = outer if k % 2 == 0 else inner
        angle = math.radians(90 + 180 * k / points)
        corners.append(f"{round(radius * math.cos(angle), 2)},{round(radius * math.sin(angle), 2)}")
    return "M" + "L".join(corners) + "Z"


@cached
def _defs(size: int) -> BaseElement:
    """Cell shapes, flowers and tokens, drawn once in <defs> and placed by <use>."""
    layout = _layout(size, False)
    r = layout.r
    dwg = svgwrite.Drawing(debug=False)
    defs = dwg.defs
    defs.add(dwg.polygon(_hexagon(r(CELL)), id="cell"))
    defs.add(dwg.polygon(_hexagon(r(0.8)), id="ring"))
    for name, heart in (("flower-big", 0.17), ("flower-small", 0.07)):
        flower = dwg.g(id=name, fill="none", stroke=FLOWER_LINE, stroke_width=r(0.035))
        flower.add(dwg.circle((0, 0), r(0.62)))
        flower.add(dwg.path(d=_star(r(0.62), r(0.3), 12)))
        flower.add(dwg.path(d=_star(r(0.45), r(0.2), 8)))
        flower.add(dwg.circle((0, 0), r(heart), fill=CELL_FILL))
        defs.add(flower)
    for token, (fill, edge, _) in TOKENS.items():
        group = dwg.g(id=f"token-{token}")
        group.add(dwg.circle((0, 0), r(0.5), fill=fill, stroke=edge, stroke_width=r(0.06)))
        group.add(dwg.circle((0, 0), r(0.3), fill="none", stroke=edge, stroke_width=r(0.03), stroke_opacity=0.5))
        defs.add(group)
    return defs


@cached
def _static_board(size: int, flipped: bool) -> BaseElement:
    """Background, cells, flowers, palaces and row labels: the same for every position."""
    layout = _layout(size, flipped)
    r, centres = layout.r, layout.centres
    dwg = svgwrite.Drawing(debug=False)
    group = dwg.g(id="board")
    group.add(dwg.rect((0, 0), (size, layout.height), fill=BACKGROUND))
    for cell, centre in enumerate(centres):
        flower = cell in BIG_HEARTS or cell in SMALL_HEARTS
        group.add(dwg.use("#cell", insert=centre, fill=FLOWER_FILL if flower else CELL_FILL))
        if flower:
            group.add(dwg.use("#flower-big" if cell in BIG_HEARTS else "#flower-small", insert=centre))
    for side, palaces in enumerate(PALACES):
        for cell in palaces:
            group.add(dwg.use("#ring", insert=centres[cell], fill="none", stroke=PALACE_RING[side],
                              stroke_width=r(0.16)))
    font = r(0.5)
    reach = layout.cell_width * 0.58
    for cells in ROW_CELLS:
        for cell, outward in ((cells[0], -1), (cells[-1], 1)):
            if layout.flipped:
                outward = -outward
            x, y = centres[cell]
            group.add(dwg.text(NAMES[cell], insert=(round(x + outward * reach, 2), round(y + font * 0.35, 2)),
                               font_size=font, font_family="sans-serif", fill=INK,
                               text_anchor="end" if outward < 0 else "start"))
    return group


# --- the board as text, for the terminal (render/text.py) ---------------------------


def text_board(game: Staku, position: StakuPosition) -> list[str]:
    """The rows of the position code, with the rows' names and how a cell is named."""
    return code_board(game, position, "gfedcba",
                      ("a cell is its row's letter and its place in the row from the left, from 1: d4",))
