"""Where each cell of a game's board is drawn, so that a tap on the drawing names a cell.

No game says where it draws its cells; every drawing marks a cell it is asked to
(`marks=`), and the difference between a board drawn with a cell marked and without it
is that cell's place. The places found are laid over the board as transparent shapes
(`<g class="ls-cell" data-cell="D4">`) that a page makes tappable.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from ...notation.annotations import NONE
from ...notation.games import Position, SomeGame, game_class
from ..diagram import draw_annotated, renderer_for
from ..escaping import html_text
from ..frames import split
from ..svg import SvgText


def _parts(svg: str) -> tuple[dict[str, str], list[str]]:
    return (svg.root, svg.elements) if isinstance(svg, SvgText) else split(svg)


@lru_cache(maxsize=32)
def regions(game: str, size: int, flipped: bool) -> tuple[tuple[str, str], ...]:
    """(cell, SVG text of the shapes that mark it) for every cell of the game's board, in the
    order the game lists its cells; none for a game that has no cells or no drawing."""
    rules = game_class(game)()
    try:
        draw = renderer_for(rules)
    except ValueError:
        return ()
    position = rules.start_position()
    plain = Counter(_parts(draw(position, size=size, flipped=flipped))[1])
    found = []
    for cell in rules.cells(position):
        marked = _parts(draw(position, marks=[cell], size=size, flipped=flipped))[1]
        extra = Counter(marked) - plain
        if extra:
            found.append((cell, "".join(element for element in marked if element in extra)))
    return tuple(found)


def with_cells(svg: str, game: str, size: int, flipped: bool, picked: frozenset[str] = frozenset()) -> str:
    """The drawing with a transparent, tappable shape over each cell (the cells `picked` shown picked)."""
    shapes = "".join(f'<g class="ls-cell{" ls-picked" if cell in picked else ""}" data-cell="{html_text(cell)}">'
                     f"{element}</g>" for cell, element in regions(game, size, flipped))
    if not shapes:
        return svg
    end = svg.rindex("</svg>")
    return svg[:end] + f'<g class="ls-cells">{shapes}</g>' + svg[end:]


def draw(rules: SomeGame, position: Position, size: int, **options: object) -> str | None:
    """A position's drawing (None for a game without diagrams); its words in the language of `words`
    if the options give it and the game's drawing says its words in a language given."""
    try:
        return draw_annotated(renderer_for(rules), position, NONE, size=size, **options)
    except ValueError:
        return None
