"""What every game's SVG diagram shares: the drawing, cached parts, annotations."""

from __future__ import annotations

import math
import re
from functools import lru_cache
from html import unescape
from typing import Callable, Iterable, Sequence
from xml.etree import ElementTree

import svgwrite
from svgwrite.base import BaseElement

from ..notation.games.base import Outcome
from ..notation.model import Node

HIGHLIGHT = "#00acc1"  # the last turn's cells: a teal unlike any board colour of the five games
HIGHLIGHT_OPACITY = 0.55
MARK = "#2e7d32"
ARROW = "#1565c0"
ARROW_OPACITY = 0.6  # arrows are see-through: the pieces under them stay readable
INK = "#3b352c"
HEAD = 2.6, 1.6  # an arrowhead's length and half width, in shaft widths

Point = tuple[float, float]
Reach = Callable[[int, float, float], float]  # (cell, dx, dy) -> centre to the cell's edge along (dx, dy)


FACTORY = svgwrite.Drawing(debug=False, profile="full")  # svgwrite's element makers, without its slow checks


class SvgText(str):
    """A diagram's SVG text that also keeps its parts: the <svg> element's attributes
    (namespace declarations left out) and the text of each top-level element, so that
    pages holding many positions (render/frames.py) need not cut the text up again."""

    root: dict[str, str]
    elements: list[str]


class Picture:
    """A diagram being drawn: its size and the text of each top-level element, in order.

    Elements come from svgwrite's makers (`picture.rect(...)`, as on an svgwrite Drawing)
    and are written out when added. Parts drawn for many positions are memoised as text
    (`cached`, `shape`, `arrow`) and added as text.
    """

    def __init__(self, width: float, height: float) -> None:
        self.size = f"{width:g}", f"{height:g}"
        self.elements: list[str] = ["<defs />"]  # svgwrite's drawing always starts with its own <defs>

    def __getattr__(self, name: str) -> Callable[..., BaseElement]:
        return getattr(FACTORY, name)

    def add(self, element: BaseElement | str) -> None:
        self.elements.append(element if isinstance(element, str) else written(element))


def drawing(width: float, height: float) -> Picture:
    """A new diagram `width` by `height` (its viewBox in the same units)."""
    return Picture(width, height)


def written(element: BaseElement) -> str:
    """An svgwrite element's SVG text."""
    return ElementTree.tostring(element.get_xml(), encoding="unicode")


ATTRIBUTE = re.compile(r"([^\s=<]+)=(\"[^\"]*\")")


@lru_cache(maxsize=64)
def _root(width: str, height: str) -> tuple[str, dict[str, str]]:
    """The <svg> start tag svgwrite writes for a drawing of this size, and its attributes."""
    text = svgwrite.Drawing(size=(width, height), viewBox=f"0 0 {width} {height}", debug=False,
                            profile="full").tostring()
    start = text[:text.index("<defs />")]
    return start, {name: unescape(value[1:-1]) for name, value in ATTRIBUTE.findall(start)
                   if not name.startswith("xmlns")}


def finish(picture: Picture) -> SvgText:
    """The diagram's SVG text, which keeps its parts."""
    start, root = _root(*picture.size)
    text = SvgText(start + "".join(picture.elements) + "</svg>")
    text.root, text.elements = root, picture.elements
    return text


def cached(build: Callable[..., BaseElement]) -> Callable[..., str]:
    """Memoise a builder of parts (grid, labels, piece drawings) by its arguments, as SVG text."""

    @lru_cache(maxsize=256)
    def text(*args):
        return written(build(*args))

    return text


def shape(kind: str, *args, **attributes) -> str:
    """The text of one element made by svgwrite (`shape("circle", (x, y), r, fill=...)`), memoised;
    its arguments must be hashable (points as tuples)."""
    return _shape(kind, args, tuple(attributes.items()))


@lru_cache(maxsize=1 << 16)
def placed(reference: str, point: Point) -> str:
    """A <use> of a drawing defined once (`#piece0`) with its corner at `point`."""
    return written(FACTORY.use(reference, insert=point))


@lru_cache(maxsize=1 << 16)
def _shape(kind: str, args: tuple, attributes: tuple) -> str:
    return written(getattr(FACTORY, kind)(*args, **dict(attributes)))


@lru_cache(maxsize=64)
def square_grid(size: int, margin: float, unit: float, flipped: bool) -> Callable[[int], tuple[float, float]]:
    """For a size x size board, squares numbered row * size + column from the first
    side's bottom left: a function from a square to the top-left corner of its cell."""
    origin = margin * unit
    corners = []
    for square in range(size * size):
        row, column = divmod(square, size)
        if flipped:
            row, column = size - 1 - row, size - 1 - column
        corners.append((round(origin + column * unit, 2), round(origin + (size - 1 - row) * unit, 2)))
    return corners.__getitem__


def centre(at: Callable[[int], tuple[float, float]], unit: float, cell: int) -> tuple[float, float]:
    """The centre of a cell placed by `at`."""
    x, y = at(cell)
    return round(x + unit / 2, 2), round(y + unit / 2, 2)


def square_reach(unit: float) -> Reach:
    """How far a square cell of side `unit` reaches from its centre in a direction (a unit vector)."""
    half = unit / 2
    return lambda cell, dx, dy: half / max(abs(dx), abs(dy))


def hexagon_reach(apothem: float) -> Reach:
    """How far a pointy-topped hexagonal cell with this apothem reaches from its centre."""
    normals = [(math.cos(math.radians(a)), math.sin(math.radians(a))) for a in (0, 60, 120)]
    return lambda cell, dx, dy: apothem / max(abs(dx * nx + dy * ny) for nx, ny in normals)


def edge_to_edge(start: Point, end: Point, reach_start: float, reach_end: float,
                 shortest: float) -> tuple[Point, Point]:
    """Tail and tip of an arrow between two cells: the tip on the edge of the end cell, the
    tail on the edge of the start cell, or further back (never behind its centre) when the
    cells are too close for an arrow `shortest` long between their edges."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip_at = length - reach_end
    tail_at = max(0.0, min(reach_start, tip_at - shortest))
    return ((round(start[0] + ux * tail_at, 2), round(start[1] + uy * tail_at, 2)),
            (round(start[0] + ux * tip_at, 2), round(start[1] + uy * tip_at, 2)))


@lru_cache(maxsize=4096)
def arrow(tail: Point, tip: Point, width: float, colour: str, opacity: float = ARROW_OPACITY,
          dashed: bool = False) -> str:
    """An arrow whose point is at `tip`: a shaft and a head, see-through as one shape."""
    dx, dy = tip[0] - tail[0], tip[1] - tail[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    head = min(HEAD[0] * width, length)
    bx, by = tip[0] - ux * head, tip[1] - uy * head  # the middle of the head's base
    wing = HEAD[1] * width
    group = FACTORY.g(opacity=opacity)
    shaft = FACTORY.line(tail, (round(bx, 2), round(by, 2)), stroke=colour, stroke_width=width)
    if dashed:
        shaft["stroke-dasharray"] = f"{round(width * 2, 2):g},{round(width * 1.5, 2):g}"
    group.add(shaft)
    group.add(FACTORY.polygon([tip, (round(bx - uy * wing, 2), round(by + ux * wing, 2)),
                               (round(bx + uy * wing, 2), round(by - ux * wing, 2))], fill=colour))
    return written(group)


def cell_arrow(start: int, end: int, centre_of: Callable[[int], Point], reach: Reach,
               width: float, colour: str = ARROW, dashed: bool = False) -> str:
    """An arrow from cell `start` to cell `end`, from edge to edge (see edge_to_edge)."""
    (x1, y1), (x2, y2) = centre_of(start), centre_of(end)
    length = math.hypot(x2 - x1, y2 - y1)
    dx, dy = (x2 - x1) / length, (y2 - y1) / length
    shortest = max(2 * HEAD[0] * width, 0.55 * length)  # from next to the start cell's centre, between neighbours
    tail, tip = edge_to_edge((x1, y1), (x2, y2), reach(start, dx, dy), reach(end, -dx, -dy), shortest)
    return arrow(tail, tip, width, colour, dashed=dashed)


def draw_arrows(dwg: Picture, arrows: Sequence[tuple[str, str]], cell_of: dict[str, int],
                centre_of: Callable[[int], Point], width: float, reach: Reach) -> None:
    """The [%arrow] annotations, edge to edge; names the board lacks, and arrows from a
    cell to itself, are not drawn."""
    for a, b in arrows:
        if a in cell_of and b in cell_of and cell_of[a] != cell_of[b]:
            dwg.add(cell_arrow(cell_of[a], cell_of[b], centre_of, reach, width))


def highlight(kind: str, *args, **attributes) -> str:
    """A shape marking one of the last turn's cells (class 'last', drawn under the pieces)."""
    return shape(kind, *args, **attributes, fill=HIGHLIGHT, fill_opacity=HIGHLIGHT_OPACITY, class_="last")


def state_text(outcome: Outcome | None, sides: Sequence[str], side: int, reason: bool = False) -> str:
    """'White to move', or at the end 'White wins' or 'Drawn' (after the reason if asked)."""
    if outcome is None:
        return f"{sides[side]} to move"
    verdict = "drawn" if outcome.winner is None else f"{sides[outcome.winner]} wins"
    return f"{outcome.reason} · {verdict}" if reason else verdict[0].upper() + verdict[1:]


def marks_and_arrows(node: Node | None) -> tuple[list[str], list[tuple[str, str]]]:
    """The cells a turn's comments mark ([%mark A,B]) and its arrows ([%arrow A-B,C-D])."""
    marks: list[str] = []
    arrows: list[tuple[str, str]] = []
    if node is None:
        return marks, arrows
    for name, args in node.commands():
        items = [item.strip() for item in args.split(",") if item.strip()]
        if name == "mark":
            marks.extend(items)
        elif name == "arrow":
            arrows.extend((item.split("-", 1)[0], item.split("-", 1)[1]) for item in items if "-" in item)
    return marks, arrows


def known(names: Iterable[str], table: dict[str, int]) -> list[int]:
    """The cells of `names` that exist in `table` (other names are not drawn)."""
    return [table[name] for name in names if name in table]
