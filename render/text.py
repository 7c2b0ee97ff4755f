"""A position as text for the terminal: its board, its code and who is to move.

Each game's board is drawn by the function its drawings name (render/boards/__init__.py), in the
game's own render module: (game, position) -> lines. A game without one gets the
generic board: a position code that starts with a board, rows separated by '/', a digit
run counting empty cells and '(...)' holding a stack in one cell, is shown row by row as
written, one column per cell, '.' for an empty one, rows centred (so that the rows of a
hexagonal board stagger).
"""

from __future__ import annotations

import re
from ..notation.games.base import Position, SomeGame
from ..notation.languages import Words
from ..notation.languages import words as words_of
from .boards import boards_for

ENGLISH = words_of()

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


def code_board(game: SomeGame, position: Position, rows_named: str = "", columns: tuple[str, ...] = ()) -> list[str]:
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


def text_board(game: SomeGame, position: Position, words: Words = ENGLISH) -> str:
    """The board (the game's own drawing, else the rows of the position code), then the code and who is to move
    (those two lines' words in the language of `words`)."""
    lines = (boards_for(game.name).board_lines or code_board)(game, position)
    lines += [words.gettext("position: {code}").format(code=game.position_code(position)),
              words.gettext("to move: {turn}").format(turn=game.label(position.number, position.side))]
    return "\n".join(lines) + "\n"
