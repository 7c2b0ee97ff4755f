"""Board rows in position codes: each occupied cell's text, runs of empty cells as numbers."""

from __future__ import annotations

import re
from functools import cache
from typing import Iterable


def write_row(cells: Iterable[str]) -> str:
    """A row's code from its cells' texts ('' for an empty cell): `y2r` is y, two empty, r."""
    text, empty = "", 0
    for cell in cells:
        if cell:
            text += (str(empty) if empty else "") + cell
            empty = 0
        else:
            empty += 1
    return text + (str(empty) if empty else "")


@cache
def _parts(cell: str) -> re.Pattern[str]:
    return re.compile(rf"[0-9]+|{cell}")


def read_row(text: str, cell: str) -> tuple[int, list[tuple[int, str]]]:
    """A row's width and its occupied cells as (column, text), from its code; `cell` is
    the pattern of one occupied cell's text. The caller checks the width."""
    width, occupied = 0, []
    for part in _parts(cell).findall(text):
        if part.isdigit():
            width += int(part)
        else:
            occupied.append((width, part))
            width += 1
    return width, occupied
