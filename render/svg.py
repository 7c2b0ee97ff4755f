"""What every game's SVG diagram shares: the drawing, cached parts, annotations."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from html import unescape
from typing import Callable, Mapping, Sequence
from xml.etree import ElementTree

import svgwrite
from svgwrite.base import BaseElement

from ..notation.annotations import ARROW_COLOUR, MARK_COLOUR, Annotations, Arrow, Label, Mark
from ..notation.games.base import Outcome
from ..notation.languages import GAME_WORD, Words
from ..notation.languages import words as words_of

ENGLISH = words_of()  # a drawing's words unless it is given others

HIGHLIGHT = "#00acc1"  # the last turn's cells: a teal unlike any board colour of the five games
HIGHLIGHT_OPACITY = 0.55
COLOURS = {  # the colours of marks and arrows (notation/annotations.py names them), dark enough on every board
    "green": "#2e7d32", "blue": "#1565c0", "red": "#c62828", "orange": "#e65100", "purple": "#6a1b9a",
}
MARK = COLOURS[MARK_COLOUR]
ARROW = COLOURS[ARROW_COLOUR]
ARROW_OPACITY = 0.7  # arrows are see-through: the pieces under them stay readable
HALO = "#ffffff"  # under a mark's lines, so that it shows on dark pieces too
DIM, DIM_OPACITY = "#8f8f8f", 0.6  # a dimmed cell: greyed, its pieces still seen
INK = "#3b352c"
HEAD = 2.6, 1.6  # an arrowhead's length and half width, in shaft widths

Point = tuple[float, float]
At = Callable[[int], Point]  # where a board's cell is drawn: the top-left corner of its square


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
        maker: Callable[..., BaseElement] = getattr(FACTORY, name)
        return maker

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
    def text(*args: object) -> str:
        return written(build(*args))

    return text


def shape(kind: str, *args: object, **attributes: object) -> str:
    """The text of one element made by svgwrite (`shape("circle", (x, y), r, fill=...)`), memoised;
    its arguments must be hashable (points as tuples)."""
    return _shape(kind, args, tuple(attributes.items()))


@lru_cache(maxsize=1 << 16)
def placed(reference: str, point: Point) -> str:
    """A <use> of a drawing defined once (`#piece0`) with its corner at `point`."""
    return written(FACTORY.use(reference, insert=point))


@lru_cache(maxsize=1 << 16)
def _shape(kind: str, args: tuple[object, ...], attributes: tuple[tuple[str, object], ...]) -> str:
    return written(getattr(FACTORY, kind)(*args, **dict(attributes)))


@lru_cache(maxsize=64)
def square_grid(size: int, margin: float, unit: float, flipped: bool) -> At:
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


def centre(at: At, unit: float, cell: int) -> tuple[float, float]:
    """The centre of a cell placed by `at`."""
    x, y = at(cell)
    return round(x + unit / 2, 2), round(y + unit / 2, 2)


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


def cell_arrow(start: int, end: int, centre_of: Callable[[int], Point], width: float, colour: str = ARROW,
               dashed: bool = False) -> str:
    """An arrow from the centre of cell `start` to the centre of cell `end`: between
    neighbours its shaft crosses the gap between their pieces, where it is seen."""
    return arrow(centre_of(start), centre_of(end), width, colour, dashed=dashed)


def highlight(kind: str, *args: object, **attributes: object) -> str:
    """A shape marking one of the last turn's cells (class 'last', drawn under the pieces)."""
    return shape(kind, *args, **attributes, fill=HIGHLIGHT, fill_opacity=HIGHLIGHT_OPACITY, class_="last")


def fitting(text: str, room: float, largest: float, bold: bool = False) -> float:
    """A font size at most `largest` at which `text` fits in `room`, its width estimated from
    the widest sans-serif fonts' average letter (DejaVu Sans: about 0.6 em, 0.68 em in bold)."""
    return round(min(largest, room / ((0.68 if bold else 0.6) * max(len(text), 1))), 2)


def side_word(sides: Sequence[str], side: int, words: Words = ENGLISH) -> str:
    """A side's name in the language of `words` (the game's own word, docs/languages.md#pages)."""
    return words.pgettext(GAME_WORD, sides[side])


def state_text(outcome: Outcome | None, sides: Sequence[str], side: int, reason: bool = False,
               words: Words = ENGLISH) -> str:
    """'White to move', or at the end 'White wins' or 'Drawn' (after the reason if asked), in
    the language of `words`."""
    if outcome is None:
        return words.gettext("{side} to move").format(side=side_word(sides, side, words))
    verdict = (words.gettext("drawn") if outcome.winner is None else
               words.gettext("{side} wins").format(side=side_word(sides, outcome.winner, words)))
    said = outcome.reason if words.language == "en" else outcome.reason_in(words)
    return f"{said} · {verdict}" if reason else verdict[0].upper() + verdict[1:]


@dataclass(frozen=True)
class Places:
    """Where a drawing puts its cells, for the annotations drawn over them."""

    index: Mapping[str, int]  # cell name -> cell number
    centre: Callable[[int], Point]
    width: Callable[[int], float]  # the side of the square a mark or a label fits in
    cover: Callable[..., str]  # cover(cell, **attributes): a shape over the whole cell
    outline: Callable[[int, str], str]  # outline(cell, colour): the cell's edge, the mark `outline`
    arrow_width: float


def square_places(index: Mapping[str, int], at: Callable[[int], Point], unit: float, arrow_width: float) -> Places:
    """The places of a board of squares `unit` wide, each with its top-left corner at `at(square)`."""

    def cover(square: int, **attributes: object) -> str:
        return shape("rect", at(square), (unit, unit), **attributes)

    def outline(square: int, colour: str) -> str:
        line = max(3.0, round(unit * 0.07, 2))
        x, y = at(square)
        return shape("rect", (round(x + line / 2, 2), round(y + line / 2, 2)), (round(unit - line, 2),) * 2,
                     fill="none", stroke=colour, stroke_width=line)

    return Places(index, lambda square: centre(at, unit, square), lambda square: unit, cover, outline, arrow_width)


def gathered(marks: Sequence[str | Mark] = (), arrows: Sequence[tuple[str, str] | Arrow] = (),
             labels: Sequence[Label] = (), dims: Sequence[str] = ()) -> Annotations:
    """A drawing's annotation options as one value: cell names are marks of the default
    shape and colour, (from, to) pairs arrows of the default colour."""
    return Annotations(tuple(Mark(mark) if isinstance(mark, str) else mark for mark in marks),
                       tuple(Arrow(*arrow) for arrow in arrows), tuple(labels), tuple(dims))


def annotate(dwg: Picture, places: Places, annotations: Annotations) -> None:
    """Draw over the pieces, in this order: dimmed cells, marks, arrows (centre to centre),
    labels. Names the board lacks, and arrows from a cell to itself, are not drawn."""
    index = places.index
    for name in annotations.dims:
        if name in index:
            dwg.add(places.cover(index[name], fill=DIM, fill_opacity=DIM_OPACITY, class_="dim"))
    for mark in annotations.marks:
        if mark.cell in index:
            cell = index[mark.cell]
            colour = COLOURS.get(mark.colour, MARK)
            if mark.shape == "outline":
                dwg.add(f'<g class="mark outline">{places.outline(cell, colour)}</g>')
            else:
                dwg.add(_mark(mark.shape, places.centre(cell), round(places.width(cell), 2), colour))
    for start, end, colour in annotations.arrows:
        if start in index and end in index and index[start] != index[end]:
            dwg.add(cell_arrow(index[start], index[end], places.centre, places.arrow_width, COLOURS.get(colour, ARROW)))
    for label in annotations.labels:
        if label.cell in index:
            cell = index[label.cell]
            dwg.add(_label(label.text, places.centre(cell), round(places.width(cell), 2)))


@lru_cache(maxsize=4096)
def _mark(kind: str, at: Point, width: float, colour: str) -> str:
    """A mark of one shape centred on `at`, in a cell `width` wide: its lines in `colour` over a white halo."""
    x, y = at
    line = round(width * 0.08, 2)
    group = FACTORY.g(class_=f"mark {kind}", fill="none", stroke_linejoin="round", stroke_linecap="round")
    if kind == "circle":
        outline = FACTORY.circle((x, y), round(width * 0.3, 2))
    elif kind == "square":
        half = round(width * 0.27, 2)
        outline = FACTORY.rect((round(x - half, 2), round(y - half, 2)), (round(2 * half, 2),) * 2)
    elif kind == "triangle":
        radius = width * 0.36  # from the centre to a corner; the centre of the triangle's area on the cell's
        outline = FACTORY.polygon([(round(x + radius * math.cos(math.radians(a)), 2),
                                    round(y + radius * 0.15 - radius * math.sin(math.radians(a)), 2))
                                   for a in (90, 210, 330)])
    else:  # cross
        arm = round(width * 0.22, 2)
        outline = FACTORY.path(d=f"M{round(x - arm, 2)},{round(y - arm, 2)}L{round(x + arm, 2)},{round(y + arm, 2)}"
                                 f"M{round(x - arm, 2)},{round(y + arm, 2)}L{round(x + arm, 2)},{round(y - arm, 2)}")
    for stroke, thickness in ((HALO, round(line * 2.2, 2)), (colour, line)):
        copy = outline.copy()
        copy.update({"stroke": stroke, "stroke_width": thickness})
        if stroke == HALO:
            copy["stroke-opacity"] = 0.85
        group.add(copy)
    return written(group)


@lru_cache(maxsize=4096)
def _label(text: str, at: Point, width: float) -> str:
    """A label centred on `at`, in a cell `width` wide: dark text on a light badge, smaller
    for a longer text."""
    x, y = at
    font = round(min(0.5 * width, 1.45 * width / max(len(text), 1)), 2)
    badge_width = round(0.62 * font * len(text) + 0.5 * font, 2)
    badge_height = round(1.25 * font, 2)
    group = FACTORY.g(class_="label")
    group.add(FACTORY.rect((round(x - badge_width / 2, 2), round(y - badge_height / 2, 2)), (badge_width, badge_height),
                           rx=round(font * 0.3, 2), fill="#fffdf6", fill_opacity=0.9, stroke=INK,
                           stroke_width=round(font * 0.06, 2)))
    group.add(FACTORY.text(text, insert=(x, round(y + 0.36 * font, 2)), font_size=font, font_family="sans-serif",
                           font_weight="bold", text_anchor="middle", fill=INK))
    return written(group)
