"""A position as text for the terminal: its board, its code and who is to move.

Each game's plugin names its board function here, (game, position) -> lines. A game
without one gets the generic board: a position code that starts with a board, rows
separated by '/', a digit run counting empty cells and '(...)' holding a stack in one
cell, is shown row by row as written, one column per cell, '.' for an empty one, rows
centred (so that the rows of a hexagonal board stagger).
"""

from __future__ import annotations

import re
from typing import Any

from ..notation.games.plugins import plugin_for

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


def teblo_board(game: Any, position: Any) -> list[str]:
    """Teblo's board with its coordinates: pawns Y and R, support pieces y and r, bases +."""
    from ..notation.games.teblo import BASES, ROWS, SIZE

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


def tchako_board(game: Any, position: Any) -> list[str]:
    """T'Chako's zones one a line: kind, owner, neighbours, each side's pucks (Q: its queen among
    them), who stands on the creation space; then the elastics laid."""
    from ..notation.games.tchako_turns import ELASTICS
    from ..notation.games.tchako_zones import OFF
    from ..notation.games.tchako_board import KIND, NEIGHBOURS, OWNER, ZONES

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


def code_board(game: Any, position: Any, rows_named: str = "", columns: tuple[str, ...] = ()) -> list[str]:
    """The rows of the position code; with the rows' names (top row first) and the columns' names
    under the board (or one note on naming cells) when the code has that many rows."""
    rows = board_rows(game.position_code(position).split(" ", 1)[0]) or []
    width = max((len(cell) for row in rows for cell in row), default=1)
    lines = [" ".join(cell.rjust(width) for cell in row) for row in rows]
    widest = max((len(line) for line in lines), default=0)
    lines = [line.center(widest).rstrip() for line in lines]  # rows of a hexagonal board stagger
    if rows_named and len(rows) == len(rows_named):
        lines = [f"{name:<3}{line}" for name, line in zip(rows_named, lines)]
        lines.append("   " + (" ".join(letter.rjust(width) for letter in columns) if len(columns) > 1 else columns[0]))
    return lines


def tekao_board(game: Any, position: Any) -> list[str]:
    return code_board(game, position, "87654321", tuple("abcdefgh"))


def tektop_board(game: Any, position: Any) -> list[str]:
    return code_board(game, position, "54321", tuple("abcde"))


def staku_board(game: Any, position: Any) -> list[str]:
    return code_board(game, position, "gfedcba",
                      ("a cell is its row's letter and its place in the row from the left, from 1: d4",))


def text_board(game: Any, position: Any) -> str:
    """The board (the game's own drawing, else the rows of the position code), then the code and who is to move."""
    lines = (plugin_for(game.name).board_lines or code_board)(game, position)
    lines += [f"position: {game.position_code(position)}", f"to move: {game.label(position.number, position.side)}"]
    return "\n".join(lines) + "\n"
