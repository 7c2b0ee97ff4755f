"""What every game's SVG diagram shares: the drawing, cached parts, annotations."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable, Iterable, Sequence
from xml.etree import ElementTree

import svgwrite
from svgwrite.base import BaseElement

from ..notation.model import Node

HIGHLIGHT = "#5b9bd5"
MARK = "#2e7d32"
ARROW = "#1565c0"
INK = "#3b352c"


def drawing(width: float, height: float) -> svgwrite.Drawing:
    """A new drawing, without svgwrite's slow debug checks (our values are known good)."""
    return svgwrite.Drawing(size=(f"{width:g}", f"{height:g}"), viewBox=f"0 0 {width:g} {height:g}",
                            debug=False, profile="full")


class Prebuilt(BaseElement):
    """A part built and written out once; `finish` puts its text into each drawing."""

    elementname = "prebuilt"
    texts: dict[str, str] = {}  # placeholder reference -> the part's SVG text

    def __init__(self, element: BaseElement) -> None:
        super().__init__(debug=False)
        self.ref = str(len(Prebuilt.texts))
        Prebuilt.texts[self.ref] = ElementTree.tostring(element.get_xml(), encoding="unicode")

    def get_xml(self) -> ElementTree.Element:
        return ElementTree.Element("prebuilt", ref=self.ref)


PLACEHOLDER = re.compile(r'<prebuilt ref="([0-9]+)" />')


def finish(dwg: svgwrite.Drawing) -> str:
    """The drawing's SVG text, with the text of its prebuilt parts in place."""
    return PLACEHOLDER.sub(lambda match: Prebuilt.texts[match[1]], dwg.tostring())


def cached(build: Callable[..., BaseElement]) -> Callable[..., Prebuilt]:
    """Memoise a builder of static parts (grid, labels) by its arguments."""

    @lru_cache(maxsize=64)
    def prebuilt(*args):
        return Prebuilt(build(*args))

    return prebuilt


def square_grid(size: int, margin: float, unit: float, flipped: bool) -> Callable[[int], tuple[float, float]]:
    """For a size x size board, squares numbered row * size + column from the first
    side's bottom left: a function from a square to the top-left corner of its cell."""
    origin = margin * unit

    def at(square: int) -> tuple[float, float]:
        row, column = divmod(square, size)
        if flipped:
            row, column = size - 1 - row, size - 1 - column
        return round(origin + column * unit, 2), round(origin + (size - 1 - row) * unit, 2)

    return at


def centre(at: Callable[[int], tuple[float, float]], unit: float, cell: int) -> tuple[float, float]:
    """The centre of a cell placed by `at`."""
    x, y = at(cell)
    return round(x + unit / 2, 2), round(y + unit / 2, 2)


def draw_arrows(dwg: svgwrite.Drawing, arrows: Sequence[tuple[str, str]], cell_of: dict[str, int],
                centre_of: Callable[[int], tuple[float, float]], width: float) -> None:
    """The [%arrow] annotations, between cell centres; names the board lacks are not drawn."""
    pairs = [(cell_of[a], cell_of[b]) for a, b in arrows if a in cell_of and b in cell_of]
    if not pairs:
        return
    _arrow_marker(dwg)
    for start, end in pairs:
        dwg.add(dwg.line(centre_of(start), centre_of(end), stroke=ARROW, stroke_width=width,
                         stroke_opacity=0.8, marker_end="url(#arrowhead)"))


def _arrow_marker(dwg: svgwrite.Drawing) -> None:
    """Define the arrowhead used by annotation arrows (id 'arrowhead')."""
    marker = dwg.marker(id="arrowhead", insert=(2.5, 2), size=(4, 4), orient="auto", markerUnits="strokeWidth")
    marker.add(dwg.path(d="M0,0 L4,2 L0,4 z", fill=ARROW))
    dwg.defs.add(marker)


def annotations(node: Node | None) -> tuple[list[str], list[tuple[str, str]]]:
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
            arrows.extend(tuple(item.split("-", 1)) for item in items if "-" in item)
    return marks, arrows


def known(names: Iterable[str], table: dict[str, int]) -> list[int]:
    """The cells of `names` that exist in `table` (other names are not drawn)."""
    return [table[name] for name in names if name in table]
