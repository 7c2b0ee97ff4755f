"""A position as text for the terminal: its code, and its board as a grid where the code draws one.

Generic: every game's position code starts with its board, rows separated by '/', a
digit run counting empty cells and '(...)' holding a stack in one cell. Each row is
shown as written in the code, one column per cell, '.' for an empty one, rows
centred (so that the rows of a hexagonal board stagger).
"""

from __future__ import annotations

import re
from typing import Any

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


def text_board(game: Any, position: Any) -> str:
    """The board (rows as in the position code), then the code and who is to move."""
    code = game.position_code(position)
    rows = board_rows(code.split(" ", 1)[0]) or []
    width = max((len(cell) for row in rows for cell in row), default=1)
    lines = [" ".join(cell.rjust(width) for cell in row) for row in rows]
    widest = max((len(line) for line in lines), default=0)
    lines = [line.center(widest).rstrip() for line in lines]  # rows of a hexagonal board stagger
    lines += [f"position: {code}", f"to move: {game.label(position.number, position.side)}"]
    return "\n".join(lines) + "\n"
