"""A position as text for the terminal: its code, and its board as a grid where the code draws one.

Generic: every game's position code starts with its board, rows separated by '/', a
digit run counting empty cells and '(...)' holding a stack in one cell. Each row is
shown as written in the code, one column per cell, '.' for an empty one, rows
centred (so that the rows of a hexagonal board stagger).
"""

from __future__ import annotations

import re
from typing import Any, Callable

from ..notation.games.tchako import ELASTICS, OFF, TChakoPosition
from ..notation.games.tchako_board import KIND, NEIGHBOURS, OWNER, ZONES
from ..notation.games.teblo import BASES, ROWS, SIZE

CELL = re.compile(r"\d+|\([^()]*\)|.")  # "(" never looks past the next "(": linear time


def board_rows(field: str) -> list[list[str]] | None:
    """The cells of each row of a code's board field, or None if it is not one."""
    if "/" not in field:
        return None
    rows = []
    for text in field.split("/"):
        cells: list[str] = []
        for token in CELL.findall(text):
            cells.extend(["."] * int(token) if token.isdigit() else [token.strip("()") or "."])
        rows.append(cells)
    return rows


def teblo_board(position: Any) -> list[str]:
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


def tchako_board(position: TChakoPosition) -> list[str]:
    """T'Chako's zones one a line: kind, owner, neighbours, each side's pucks (Q: its queen among
    them), who stands on the creation space; then the elastics laid."""
    lines = ["zone  kind     owner  next to    White  Black  creation space"]
    for k, zone in enumerate(ZONES):
        counts = [f"{position.pucks[k][side]}{'Q' if position.queens[side] == k else ''}" for side in (0, 1)]
        owner = ("White", "Black")[OWNER[zone]] if zone in OWNER else "-"
        standing = {"": "free", "w": "White puck", "b": "Black puck", "Q": "White queen", "q": "Black queen"}
        lines.append(f"{zone:<6}{KIND[zone]:<9}{owner:<7}{NEIGHBOURS[zone]:<11}{counts[0]:<7}{counts[1]:<7}"
                     f"{standing[position.created[k]]}")
    for side, name in enumerate(("White", "Black")):
        laid = [f"{kind} {a}-{b}" + (f" via {middle}" if middle else "")
                for kind, (a, b, middle) in zip(ELASTICS, position.elastics[3 * side:3 * side + 3]) if a]
        queen = "off the board" if position.queens[side] == OFF else f"on {ZONES[position.queens[side]]}"
        lines.append(f"{name}: queen {queen}; elastics {', '.join(laid) or 'none laid'}")
    lines.append("(pucks of each side in each zone, its queen included and marked Q)")
    return lines


# Row names, top row first, and the column names under the board (or a note on naming cells).
COORDINATES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Tekao": ("87654321", tuple("abcdefgh")),
    "Tektop": ("54321", tuple("abcde")),
    "Staku": ("gfedcba", ("a cell is its row's letter and its place in the row from the left, from 1: d4",)),
}
BOARDS: dict[str, Callable[[Any], list[str]]] = {"Teblo": teblo_board, "TChako": tchako_board}  # boards the code does not draw


def text_board(game: Any, position: Any) -> str:
    """The board (the game's own drawing, else the rows of the position code), then the code and who is to move."""
    code = game.position_code(position)
    if game.name in BOARDS:
        lines = BOARDS[game.name](position)
    else:
        rows = board_rows(code.split(" ", 1)[0]) or []
        width = max((len(cell) for row in rows for cell in row), default=1)
        lines = [" ".join(cell.rjust(width) for cell in row) for row in rows]
        widest = max((len(line) for line in lines), default=0)
        lines = [line.center(widest).rstrip() for line in lines]  # rows of a hexagonal board stagger
        if game.name in COORDINATES and len(rows) == len(COORDINATES[game.name][0]):
            names, footer = COORDINATES[game.name]
            lines = [f"{name:<3}{line}" for name, line in zip(names, lines)]
            lines.append("   " + (" ".join(letter.rjust(width) for letter in footer) if len(footer) > 1 else footer[0]))
    lines += [f"position: {code}", f"to move: {game.label(position.number, position.side)}"]
    return "\n".join(lines) + "\n"
