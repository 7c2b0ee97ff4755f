"""Set-up positions edited cell by cell and field by field (docs/annotating.md#set-up-positions).

A cell is given its contents as `Game.cells` spells them (a Staku stack `nww`, a Teblo square's
piece and pawn `yY`, a T'Chako zone's pucks `w2q`), and the position code is written again around
it: the board's part of the code from every cell, the rest of the code (side to move, counters,
pieces in hand) as it was. The new code is then read by the game's rules, which refuse a
position they cannot have with their reason, and read back: a cell must hold what it was given.

The board's part of a code is, for most games, its rows from the top, each written as
`rows.write_row` writes it, the rows being the game's cells grouped by their letter (Teblo,
Staku) or their number (Tektop, Tekao); a Staku stack of more than one token is in parentheses.
Teblo writes its pawns apart from its rows; T'Chako lists its zones with their pucks. A game
whose code is written otherwise (a plugin's) is not edited cell by cell: `board_of` finds that
out by writing its start position, and its code is written by hand.

The other parts of a built-in game's code are fields (`fields_of`, `set_fields`), and the contents
its cells can be given a palette (`palette`), described game by game in set_up_games.py.
"""

from __future__ import annotations

import itertools
import re
from typing import Callable, Mapping

from ..games import BadSetUp, FormatSetUp, Position, SomeGame
from ..games.rows import write_row
from ..languages import Words
from ..problems import say, sentence_in
from .set_up_games import LAYOUTS, Field, Palette, SetUpWords

CELL_NAME = re.compile(r"([A-Za-z]+)([0-9]+)")
Cells = dict[str, str]


def _rows(names: list[str]) -> list[list[str]] | None:
    """The cells in rows, top row first: grouped by letter when the first two share it, else by number."""
    parts = [CELL_NAME.fullmatch(name) for name in names]
    if len(names) < 2 or not all(parts):
        return None
    by_letter = parts[0][1] == parts[1][1]  # type: ignore[index]
    groups = itertools.groupby(zip(names, parts), key=lambda pair: pair[1][1 if by_letter else 2])  # type: ignore[index]
    return [[name for name, _ in group] for _, group in groups][::-1]


def _row_board(cells: Cells, fields: list[str]) -> list[str]:
    rows = _rows(list(cells))
    if rows is None:
        raise ValueError("the cells do not make rows")  # never shown: board_of finds a game written otherwise
    written = "/".join(write_row(_token(cells[name]) for name in row) for row in rows)
    return [written, *fields[1:]]


def _token(contents: str) -> str:
    return f"({contents})" if len(contents) > 1 else contents


def _teblo_board(cells: Cells, fields: list[str]) -> list[str]:
    """Teblo: the rows hold the pieces (y, r), the pawns (Y, R) are written after them."""
    rows = _rows(list(cells))
    assert rows is not None
    written = "/".join(write_row("".join(char for char in cells[name] if char.islower()) for name in row) for row in rows)
    pawns = []
    for pawn in "YR":
        found = [name for name, contents in cells.items() if pawn in contents]
        if len(found) != 1:
            from ..games.teblo import TebloSetUp  # only Teblo's board is written so

            raise BadSetUp(TebloSetUp.ONE_PAWN, side="Yellow" if pawn == "Y" else "Red", pawn=pawn)
        pawns.append(found[0])
    return [written, *pawns, *fields[3:]]


def _zones_board(cells: Cells, fields: list[str]) -> list[str]:
    """T'Chako: the zones holding something, each with its contents, in order."""
    return ["/".join(f"{zone}{contents}" for zone, contents in cells.items() if contents), *fields[1:]]


BOARDS: dict[str, Callable[[Cells, list[str]], list[str]]] = {"Teblo": _teblo_board, "TChako": _zones_board}


def board_of(game: SomeGame) -> Callable[[Cells, list[str]], list[str]] | None:
    """How the game's code is written from its cells, if it is written one of the ways known here
    (checked on its start position); None for a game whose code is written otherwise."""
    write = BOARDS.get(game.name, _row_board)
    start = game.start_position()
    code = game.position_code(start)
    try:
        return write if " ".join(write(dict(game.cells(start)), code.split())) == code else None
    except (ValueError, AssertionError):
        return None


def set_cell(game: SomeGame, code: str, cell: str, contents: str, again_empties: bool = False) -> tuple[str, Position]:
    """The position code with `cell` holding `contents` (emptied instead if it holds them already and
    `again_empties`), and its position, what follows from the board written again; ValueError with
    the game's reason if the rules cannot have that position, or if the game is not edited cell by cell."""
    write = board_of(game)
    if write is None:
        raise BadSetUp(FormatSetUp.NOT_EDITED_BY_CELL, game=game.name)
    position = game.read_position(code)
    cells = dict(game.cells(position))
    if cell not in cells:
        raise BadSetUp(FormatSetUp.NOT_A_CELL, cell=cell[:20], game=game.name)
    contents = contents.strip()
    if not re.fullmatch(r"[A-Za-z0-9+^]*", contents):
        raise BadSetUp(FormatSetUp.NOT_CONTENTS, contents=contents[:20])
    if again_empties and cells[cell] == contents:
        contents = ""
    if game.name == "Teblo":  # a pawn put on a square leaves the one it stood on
        for pawn in "YR":
            if pawn in contents:
                cells = {name: held.replace(pawn, "") for name, held in cells.items()}
    cells[cell] = contents
    before = game.position_code(position).split()
    fields = write(cells, before)
    layout = LAYOUTS.get(game.name)
    if layout is not None and layout.after_cell is not None:
        fields = layout.after_cell(cells, fields, before)
    placed = game.read_position(" ".join(_settled(game, cells, fields)))
    if dict(game.cells(placed)) != cells:
        raise BadSetUp(FormatSetUp.CANNOT_HOLD, cell=cell, contents=contents)
    return game.position_code(placed), placed


def _settled(game: SomeGame, cells: Mapping[str, str], fields: list[str]) -> list[str]:
    """The code's fields with what follows from the board and the side to move written again."""
    layout = LAYOUTS.get(game.name)
    return layout.after_any(cells, fields) if layout is not None and layout.after_any is not None else fields


def palette(game: SomeGame, words: Words | None = None) -> Palette:
    """What a cell of the game can be given, each with its name in words (in the language of
    `words`, English without), to choose from (none for a game not known here: its cells are
    given what is typed)."""
    layout = LAYOUTS.get(game.name)
    found = layout.palette(game) if layout is not None and board_of(game) is not None else []
    return found if words is None else [(contents, sentence_in(name, words)) for contents, name in found]


def fields_of(game: SomeGame) -> tuple[Field, ...]:
    """The parts of the game's position code that are not cells, the side to move apart: the game's
    own (LAYOUTS), then the turn number, which every game's code holds (`Game.number_field`)."""
    layout = LAYOUTS.get(game.name)
    own = layout.fields(game) if layout is not None else ()
    return (*own, Field("number", say(SetUpWords.NUMBER), "number", at=game.number_field,
                        lowest=1))


def _piece(fields: list[str], field: Field) -> str:
    whole = fields[field.at]
    return whole if field.part is None else whole.split("/")[field.part]


def field_values(game: SomeGame, position: Position, words: Words | None = None) -> list[dict[str, object]]:
    """Each field of a position for the page: its key, label, kind, value and what it may hold, its
    words in the language of `words` (English without)."""
    said = (lambda text: text) if words is None else (lambda text: sentence_in(text, words))
    code = game.position_code(position).split()
    cells = dict(game.cells(position))
    shown = []
    for field in fields_of(game):
        value = field.computed(cells, code) if field.computed is not None else field.read(_piece(code, field))
        shown.append({"key": field.key, "label": said(field.label), "kind": field.kind, "value": value,
                      "lowest": field.lowest, "highest": field.highest, "hint": said(field.hint),
                      "choices": [[choice, said(name)] for choice, name in field.choices]})
    return shown


def _checked(field: Field, value: str) -> str:
    """The value as the code writes it; BadSetUp saying what the field holds if it is not one."""
    value = value.strip()
    said = {"field": field.label, "value": value[:20]}
    if field.kind == "number":
        if not re.fullmatch(r"[0-9]{1,9}", value) or int(value) < field.lowest or (
                field.highest is not None and int(value) > field.highest):
            if field.highest is None:
                raise BadSetUp(FormatSetUp.NUMBER_FROM, **said, lowest=field.lowest)
            raise BadSetUp(FormatSetUp.NUMBER_BETWEEN, **said, lowest=field.lowest, highest=field.highest)
        return str(int(value))
    if field.kind == "flag" and value not in ("yes", "no"):
        raise BadSetUp(FormatSetUp.NOT_YES_OR_NO, **said)
    if field.kind == "choice" and value not in dict(field.choices):
        raise BadSetUp(FormatSetUp.NOT_A_CHOICE, **said, choices=list(dict(field.choices)))
    if field.kind == "text" and value and not re.fullmatch(field.pattern, value):
        raise BadSetUp(FormatSetUp.NOT_AS_WRITTEN, **said, hint=field.hint)
    if field.kind == "shown":
        raise BadSetUp(FormatSetUp.NOT_SET_BY_HAND, field=field.label)
    return value


def set_fields(game: SomeGame, code: str, values: Mapping[str, str]) -> tuple[str, Position]:
    """The position code with its fields given these values (by key), and its position; ValueError
    saying why a value is not one the field holds, or with the game's reason if the rules cannot have
    the position."""
    position = game.read_position(code)
    fields = game.position_code(position).split()
    known = {field.key: field for field in fields_of(game)}
    for key in values:
        if key not in known:
            raise BadSetUp(FormatSetUp.NOT_A_FIELD, field=key[:20], game=game.name)
    for key, field in known.items():
        if key not in values:
            continue
        value = _checked(field, values[key])
        if field.part is None:
            fields[field.at] = field.write(fields[field.at], value)
        else:
            parts = fields[field.at].split("/")
            parts[field.part] = field.write(parts[field.part], value)
            fields[field.at] = "/".join(parts)
    placed = game.read_position(" ".join(_settled(game, dict(game.cells(position)), fields)))
    return game.position_code(placed), placed


def side_field(game: SomeGame) -> tuple[int, dict[int, str]] | None:
    """Where the code writes the side to move, and each side's letter: found by playing a turn from
    the start, the one field of one letter that changes (None for a game whose code is not so)."""
    import random

    start = game.start_position()
    turn = game.random_turn(start, random.Random(0))
    played = game.play(start, turn) if turn is not None else None
    if played is None or played.after is None or played.after.side == start.side:
        return None
    before, after = game.position_code(start).split(), game.position_code(played.after).split()
    found = [number for number, (one, other) in enumerate(zip(before, after))
             if len(one) == len(other) == 1 and one.isalpha() and other.isalpha() and one != other]
    if len(found) != 1 or len(before) != len(after):
        return None
    return found[0], {start.side: before[found[0]], played.after.side: after[found[0]]}


def set_side(game: SomeGame, code: str, side: int) -> tuple[str, Position]:
    """The position code with `side` to move; ValueError with the game's reason if the rules cannot
    have that position, or if the game's code does not say the side to move in one letter."""
    found = side_field(game)
    if found is None or side not in found[1]:
        raise BadSetUp(FormatSetUp.SIDE_IN_CODE, game=game.name)
    field, letters = found
    fields = code.split()
    if field >= len(fields):
        raise BadSetUp(FormatSetUp.NOT_A_POSITION_CODE, written=code[:40], game=game.name)
    fields[field] = letters[side]
    placed = game.read_position(" ".join(_settled(game, dict(game.cells(game.read_position(code))), fields)))
    if placed.side != side:
        raise BadSetUp(FormatSetUp.NOT_TO_MOVE, side=game.sides[side])
    return game.position_code(placed), placed
