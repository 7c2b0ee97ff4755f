"""SVG diagrams of Tekao positions.

`board()` is a pure function from a position (and options) to SVG text: the 8x8 board
with its coordinates and both start zones, every piece with the weapon on each of its
sides, the flag pieces, the pieces still to place and those taken (under the board),
the last turn highlighted with the squares its fight emptied, and the marks and arrows
of a comment. The same arguments always give the same bytes.
"""

from __future__ import annotations

import re
from typing import Sequence

import svgwrite
from svgwrite.base import BaseElement

from ...notation.annotations import Arrow, Label, Mark
from ...notation.games.base import Outcome
from ...notation.games.tekao import (DIRECTIONS, FILES, LETTERS, SIDES, SIZE, SQUARE_OF, WEAPON_NAMES, ZONES, Rotation,
                                    Step, Tekao, TekaoPosition, TekaoTurn)
from ...notation.languages import GAME_WORD, Words
from ..svg import (ENGLISH, HIGHLIGHT, INK, At, annotate, cached, drawing, finish, fitting, gathered, highlight, placed,
                  shape, side_word, square_grid, square_places, state_text)
from ..text import code_board

COLOURS = {  # side: (tile, edge)
    0: ("#4a86d4", "#1d4680"),
    1: ("#f2c230", "#8a6a00"),
}
SQUARE_FILLS = {None: ("#f6f1e4", "#e4dac2"), 0: ("#e1ebf8", "#c9daf0"), 1: ("#fbf1cf", "#f1e0a6")}  # zone: light, dark
GRID = "#9c927d"
TAKEN = "#c62828"
MARGIN = 0.55  # coordinates band, in squares
BAND = 1.0  # pieces to place and taken pieces, under the board, in squares
SMALL = 0.42  # scale of the pieces drawn under the board: a side's nine fit in one row
# (dx, dy) of each side's letter from the tile centre, north east south west, in squares
LETTER_AT = ((0, -0.3), (0.3, 0), (0, 0.3), (-0.3, 0))


def board(
    position: TekaoPosition,
    *,
    last: tuple[TekaoPosition, TekaoTurn] | None = None,
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
    marks, arrows, labels, dims: what to draw over the pieces (svg.annotate).
    flipped: Yellow's side at the bottom.
    outcome: how the game ended at this position, if it did (said under the board,
    instead of the side to move).
    words: the language of what the diagram says (docs/languages.md#pages).
    """
    unit = round(size / (SIZE + 2 * MARGIN), 2)
    dwg = drawing(size, round(unit * (SIZE + 2 * MARGIN + BAND), 2))
    dwg.add(_pieces_defs(unit, position.faces, words))
    dwg.add(_static_board(unit, flipped))
    at = square_grid(SIZE, MARGIN, unit, flipped)
    emptied: list[int] = []
    played: list[int] = []
    if last is not None:
        played, emptied = _draw_last(dwg, position, last, at, unit)
    for square, code in enumerate(position.cells):
        if code:
            dwg.add(placed(f"#{_piece_id(code, position.faces)}", at(square)))
    for square in played:  # a frame over the pieces too, which cover most of their square
        x, y = at(square)
        inset = round(unit * 0.03, 2)
        dwg.add(shape("rect", (round(x + inset, 2), round(y + inset, 2)), (round(unit - 2 * inset, 2),) * 2, fill="none",
                         stroke=HIGHLIGHT, stroke_width=round(unit * 0.06, 2), class_="last"))
    for square in emptied:
        _draw_cross(dwg, at(square), unit)
    annotate(dwg, square_places(SQUARE_OF, at, unit, round(unit / 8, 2)), gathered(marks, arrows, labels, dims))
    _draw_band(dwg, position, unit, flipped, outcome, words)
    return finish(dwg)


def _piece_id(code: int, faces: str) -> str:
    owner, k = divmod(code - 1, 5)
    return f"{SIDES[owner].lower()}-{'F' if k == 4 else faces[k]}"


def _draw_last(dwg: svgwrite.Drawing, position: TekaoPosition, last: tuple[TekaoPosition, TekaoTurn],
               at: At, unit: float) -> tuple[list[int], list[int]]:
    """Highlight the last turn's squares; return them, and the squares its fight emptied."""
    before, turn = last
    if isinstance(turn, Step):
        squares = [turn.frm, turn.to]
        emptied = [square for square, (was, now) in enumerate(zip(before.cells, position.cells))
                   if was and not now and square != turn.frm]
        if not position.cells[turn.to]:
            emptied.append(turn.to)
    else:
        squares, emptied = [turn.on], []
    for square in squares:
        x, y = at(square)
        dwg.add(highlight("rect", (x, y), (unit, unit)))
    if isinstance(turn, Rotation):
        x, y = at(turn.on)
        r = round(unit * 0.42, 2)
        cx, cy = round(x + unit / 2, 2), round(y + unit / 2, 2)
        sweep = 1 if turn.clockwise else 0
        end_x = round(cx + (r if turn.clockwise else -r), 2)
        dwg.add(shape("path", d=f"M{cx},{round(cy - r, 2)} A{r},{r} 0 0,{sweep} {end_x},{cy}", fill="none",
                         stroke=HIGHLIGHT, stroke_width=round(unit * 0.06, 2)))
    return squares, emptied


def _draw_cross(dwg: svgwrite.Drawing, corner: tuple[float, float], unit: float) -> None:
    """A red cross on a square whose piece the last fight took."""
    x, y = corner
    a, b = round(unit * 0.2, 2), round(unit * 0.8, 2)
    dwg.add(shape("path", d=f"M{round(x + a, 2)},{round(y + a, 2)}L{round(x + b, 2)},{round(y + b, 2)}"
                       f"M{round(x + b, 2)},{round(y + a, 2)}L{round(x + a, 2)},{round(y + b, 2)}",
                     stroke=TAKEN, stroke_width=round(unit * 0.09, 2), stroke_linecap="round",
                     stroke_opacity=0.85, fill="none"))


def _draw_band(dwg: svgwrite.Drawing, position: TekaoPosition, unit: float, flipped: bool,
               outcome: Outcome | None, said: Words = ENGLISH) -> None:
    """Under the board, each side: its pieces still to place (blank tiles), then the pieces it
    lost; the side to move, or the winner at the end, is named in bold."""
    top = (SIZE + 2 * MARGIN) * unit
    font = round(unit * 0.3, 2)
    state = state_text(outcome, SIDES, position.side, words=said)
    drawn = outcome is not None and outcome.winner is None
    named = position.side if outcome is None else outcome.winner
    for column, side in enumerate((1, 0) if flipped else (0, 1)):
        x = round((MARGIN + column * SIZE / 2) * unit, 2)
        to_place = position.to_place(side)
        weapons, flag = position.taken(side)
        count = (said.gettext("{count} to place").format(count=to_place) if to_place else
                 said.gettext("lost {count}").format(count=weapons + flag))
        bold = side == named or (drawn and column == 0)  # a draw is said once, on the left
        counted = said.gettext("{side}: {count}").format(side=side_word(SIDES, side, said), count=count)
        words = f"{state} · {counted}" if drawn and bold else f"{state}, {count}" if bold else counted
        dwg.add(shape("text", words, insert=(x, round(top + font, 2)),
                      font_size=fitting(words, (SIZE / 2 - 0.2) * unit, font, bold), font_family="sans-serif", fill=INK,
                      font_weight="bold" if bold else "normal"))
        name = SIDES[side].lower()
        pieces = [f"{name}-tile"] * to_place + [f"{name}-{position.faces[0]}"] * weapons + [f"{name}-F"] * flag
        for index, ref in enumerate(pieces):
            corner = (round(x + index * SMALL * unit * 1.05, 2), round(top + unit * 0.45, 2))
            dwg.add(shape("use", f"#{ref}", transform=f"translate({corner[0]},{corner[1]}) scale({SMALL})"))


# The weapon letters drawn as strokes in a box 1 high, 0.6 wide, centred on (0, 0):
# one path holds a piece's four letters, far cheaper than four text elements.
STROKES = {
    "H": "M-.3,-.5V.5M.3,-.5V.5M-.3,0H.3",
    "T": "M-.3,-.5H.3M0,-.5V.5",
    "B": "M-.28,.5V-.5H.02A.25,.25 0 0,1 .02,0H-.28M.02,0A.25,.25 0 0,1 .02,.5H-.28",
    "P": "M-.25,.5V-.5H.05A.25,.25 0 0,1 .05,0H-.25",
}
LETTER_SIZE = 0.2  # height of a letter, in squares


def _letters(faces: str, k: int, unit: float) -> str:
    """The path of the four letters of a piece whose north side shows faces[k]."""
    size = LETTER_SIZE * unit
    parts = []
    for d, (dx, dy) in enumerate(LETTER_AT):
        cx, cy = unit / 2 + dx * unit, unit / 2 + dy * unit
        for command in re.findall(r"[A-Z][^A-Z]*", STROKES[faces[(k + d) % 4]]):
            parts.append(command[0] + _scaled(command, size, cx, cy))
    return "".join(parts)


def _scaled(command: str, size: float, cx: float, cy: float) -> str:
    """One path command of STROKES, scaled by `size` and moved to (cx, cy)."""
    numbers = [float(n) for n in re.findall(r"-?[0-9.]+", command[1:])]
    if command[0] == "A":  # rx, ry, rotation, large arc, sweep, x, y
        rx, ry, rotation, large, sweep, x, y = numbers
        return (f"{round(rx * size, 2)},{round(ry * size, 2)} {rotation:g} {large:g},{sweep:g} "
                f"{round(cx + x * size, 2)},{round(cy + y * size, 2)}")
    if command[0] in "HV":
        return f"{round((cx if command[0] == 'H' else cy) + numbers[0] * size, 2)}"
    return f"{round(cx + numbers[0] * size, 2)},{round(cy + numbers[1] * size, 2)}"


@cached
def _pieces_defs(unit: float, faces: str, words: Words = ENGLISH) -> BaseElement:
    """Every piece of both sides in each orientation, drawn once in <defs> and placed by <use>; their
    titles (what a screen reader or a pointer says of a piece) in the language of `words`."""
    dwg = svgwrite.Drawing(debug=False)
    side_piece, weapon_at, side_flag = (words.gettext("{side} piece: {weapons}"), words.gettext("{weapon} {direction}"),
                                        words.gettext("{side} flag piece"))
    defs = dwg.defs
    inset = round(unit * 0.06, 2)
    span = round(unit - 2 * inset, 2)
    low, high = round(inset + unit * 0.05, 2), round(unit - inset - unit * 0.05, 2)
    for side, (fill, edge) in COLOURS.items():
        name = SIDES[side].lower()
        tile = dwg.g(id=f"{name}-tile")
        tile.add(dwg.rect((inset, inset), (span, span), rx=round(unit * 0.1, 2), fill=fill, stroke=edge,
                          stroke_width=round(unit * 0.04, 2)))
        tile.add(dwg.path(d=f"M{low},{low}L{high},{high}M{high},{low}L{low},{high}", stroke=edge,
                          stroke_width=round(unit * 0.02, 2), stroke_opacity=0.6))
        defs.add(tile)
        said = side_word(SIDES, side, words)
        for k, north in enumerate(faces):
            piece = dwg.g(id=f"{name}-{north}")
            shown = ", ".join(weapon_at.format(weapon=words.pgettext(GAME_WORD, WEAPON_NAMES[LETTERS.index(faces[(k + d) % 4])]),
                                               direction=words.pgettext(GAME_WORD, direction))
                              for d, direction in enumerate(DIRECTIONS))
            piece.set_desc(title=side_piece.format(side=said, weapons=shown))  # a title: ARIA allows no name on a bare <g>
            piece.add(dwg.use(f"#{name}-tile"))
            piece.add(dwg.path(d=_letters(faces, k, unit), fill="none", stroke="#ffffff" if side == 0 else INK,
                               stroke_width=round(unit * 0.035, 2), stroke_linecap="round", stroke_linejoin="round"))
            defs.add(piece)
        flag = dwg.g(id=f"{name}-F")
        flag.set_desc(title=side_flag.format(side=said))
        flag.add(dwg.rect((inset, inset), (span, span), rx=round(unit * 0.1, 2), fill=fill, stroke=edge,
                          stroke_width=round(unit * 0.04, 2)))
        _flag_icon(dwg, flag, unit, edge)
        defs.add(flag)
    return defs


def _flag_icon(dwg: svgwrite.Drawing, piece: BaseElement, unit: float, edge: str) -> None:
    """The flag piece: a pennant on a pole, and a ring all round (no weapon on any side)."""
    def p(x: float, y: float) -> str:
        return f"{round(x * unit, 2)},{round(y * unit, 2)}"

    piece.add(dwg.rect((round(unit * 0.14, 2),) * 2, (round(unit * 0.72, 2),) * 2, rx=round(unit * 0.06, 2),
                       fill="none", stroke="#ffffff", stroke_width=round(unit * 0.04, 2)))
    piece.add(dwg.path(d=f"M{p(0.33, 0.8)}L{p(0.33, 0.2)}", stroke=INK, stroke_width=round(unit * 0.05, 2),
                       stroke_linecap="round"))
    piece.add(dwg.path(d=f"M{p(0.35, 0.22)}L{p(0.74, 0.36)}L{p(0.35, 0.5)}z", fill=TAKEN, stroke=edge,
                       stroke_width=round(unit * 0.02, 2)))


@cached
def _static_board(unit: float, flipped: bool) -> BaseElement:
    """Squares, start zones, grid and coordinates: the same for every position."""
    dwg = svgwrite.Drawing(debug=False)
    group = dwg.g(id="board")
    origin = round(MARGIN * unit, 2)
    span = round(SIZE * unit, 2)
    group.add(dwg.rect((0, 0), (round(span + 2 * origin, 2), round(span + 2 * origin + BAND * unit, 2)),
                       fill="#ece4d0"))
    at = square_grid(SIZE, MARGIN, unit, flipped)
    squares: dict[str, list[str]] = {}  # fill: path of its squares (one path per colour)
    for square in range(SIZE * SIZE):
        zone = next((side for side in (0, 1) if square in ZONES[side]), None)
        x, y = at(square)
        fill = SQUARE_FILLS[zone][(square // SIZE + square % SIZE) % 2 == 0]
        squares.setdefault(fill, []).append(f"M{x},{y}h{unit}v{unit}h{-unit}z")
    for fill, cells in squares.items():
        group.add(dwg.path(d="".join(cells), fill=fill))
    lines = []
    for k in range(SIZE + 1):
        offset = round(origin + k * unit, 2)
        lines.append(f"M{offset},{origin}V{round(origin + span, 2)}M{origin},{offset}H{round(origin + span, 2)}")
    group.add(dwg.path(d="".join(lines), stroke=GRID, stroke_width=1, fill="none"))
    font = round(unit * 0.32, 2)
    for k in range(SIZE):
        rank_name = str(SIZE - k) if not flipped else str(k + 1)
        file_name = FILES[k] if not flipped else FILES[SIZE - 1 - k]
        centre = round(origin + (k + 0.5) * unit, 2)
        for x, y, label in ((round(origin * 0.5, 2), round(centre + font * 0.35, 2), rank_name),
                            (centre, round(origin + span + origin * 0.75, 2), file_name)):
            group.add(dwg.text(label, insert=(x, y), font_size=font, font_family="sans-serif",
                               text_anchor="middle", fill=INK))
    return group


# --- the board as text, for the terminal (render/text.py) ---------------------------


def text_board(game: Tekao, position: TekaoPosition) -> list[str]:
    """The rows of the position code, with the names of the rows and columns."""
    return code_board(game, position, "87654321", tuple("abcdefgh"))
