"""What a set-up position holds besides its cells, game by game, as data (docs/annotating.md#set-up-positions).

Each built-in game's `Layout` says how its board is written in its code (notation/editing/set_up.py),
the other parts of its code as labelled fields in the game's own words (`Field`: where in the code,
what it may hold), what its cells can be given from a palette, and the parts of the code that
follow from the board (Tektop's pawns home; Tekao's pieces to place while the set-up of the
pieces lasts), written again after each change.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Mapping

from ..games import SomeGame
from ..games.tekao import LETTERS as TEKAO_LETTERS, WEAPON_NAMES as TEKAO_WEAPONS
from ..games.tchako.position import WINS as TCHAKO_WINS

Cells = Mapping[str, str]
Palette = list[tuple[str, str]]  # (what a cell is given, as the code writes it; its name in words)
Computed = Callable[[Cells, list[str]], str]  # a value shown, from the cells and the code's fields


def _same(piece: str) -> str:
    return piece


def _replaced(piece: str, value: str) -> str:
    return value


@dataclass(frozen=True)
class Field:
    """A part of the position code that is not a cell.

    `kind`: "number", "flag" (yes or no), "choice" (one of `choices`, (value, words)), "text"
    (matching `pattern`, said as `hint`), or "shown" (it follows from the board: not set by hand).
    `at`: which space-separated field of the code holds it, `part` which "/"-separated part of
    that; `read` gives the field's value from that piece of the code, `write` the piece with the
    value. A shown value the code does not write is `computed` from the cells and the code."""

    key: str
    label: str
    kind: str
    at: int = -1
    part: int | None = None
    read: Callable[[str], str] = _same
    write: Callable[[str, str], str] = _replaced
    lowest: int = 0
    highest: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    pattern: str = ""
    hint: str = ""
    computed: Computed | None = None


@dataclass(frozen=True)
class Layout:
    """A game's set-up: its other fields and its palette (each made for the game's options), and
    what follows from the board after a cell is changed (`after_cell`, with the code before it)
    and after any change (`after_any`)."""

    fields: Callable[[SomeGame], tuple[Field, ...]]
    palette: Callable[[SomeGame], Palette]
    after_cell: Callable[[Cells, list[str], list[str]], list[str]] | None = None
    after_any: Callable[[Cells, list[str]], list[str]] | None = None


def _count(cells: Cells, letter: str) -> int:
    return sum(contents.count(letter) for contents in cells.values())


def _left(of: int, counted: Callable[[Cells, str], int], letter: str) -> Computed:
    """A shown value: `of` less the pieces `counted` on the board."""
    return lambda cells, code: str(of - counted(cells, letter))


# --- Teblo: pieces in hand are 25 less those on the board (docs/games/teblo.md#position-code) -------

def _teblo_fields(game: SomeGame) -> tuple[Field, ...]:
    return tuple(Field(f"{side.lower()}-hand", f"{side}'s support pieces in hand", "shown",
                       computed=_left(25, _count, letter))
                 for side, letter in (("Yellow", "y"), ("Red", "r")))


def _teblo_palette(game: SomeGame) -> Palette:
    return [("y", "Yellow support piece"), ("r", "Red support piece"), ("Y", "Yellow's pawn"), ("R", "Red's pawn"),
            ("yY", "Yellow's pawn on a Yellow piece"), ("rR", "Red's pawn on a Red piece")]


# --- Staku: the turns since the last capture (docs/games/staku.md#position-code) ---------------------

def _staku_fields(game: SomeGame) -> tuple[Field, ...]:
    return (Field("quiet", "Turns played since the last capture (0 to 20)", "number", at=2),)


STAKU_TOKENS = {"n": "neutral", "w": "White", "b": "Black"}


def _staku_palette(game: SomeGame) -> Palette:
    """Every stack the game can have: neutrals at the bottom, then tokens of one colour, as high as its variant allows."""
    limit: int = getattr(game, "limit", 3)
    stacks = [("n" * neutrals) + (colour * (height - neutrals)) for height in range(1, limit + 1)
              for colour in "wb" for neutrals in range(height, -1, -1)]
    unique = list(dict.fromkeys(stacks))
    return [(stack, f"{STAKU_TOKENS[stack]} token" if len(stack) == 1 else
             "stack of " + ", ".join(STAKU_TOKENS[token] for token in stack) + " (bottom to top)") for stack in unique]


# --- Tektop: the pawns home and the state follow from the board and the side to move ----------------

def _tektop_fields(game: SomeGame) -> tuple[Field, ...]:
    return (Field("white-home", "White's pawns home (4 less those on the board)", "shown", at=1),
            Field("black-home", "Black's pawns home (4 less those on the board)", "shown", at=2),
            Field("state", "Where the game stands (from the pawns home and the side to move)", "shown", at=4))


def _tektop_home(cells: Cells, code: list[str]) -> list[str]:
    """The pawns home, 4 less those on the board, and the state they give (docs/games/tektop.md#position-code)."""
    white, black = (4 - sum(contents == pawn for contents in cells.values()) for pawn in "wb")
    state = "over" if black >= 2 or (white >= 2 and code[3] == "W") else "last" if white >= 2 else "play"
    return [code[0], str(max(white, 0)), str(max(black, 0)), code[3], state, *code[5:]]


# --- Tekao: pieces to place, streaks (docs/games/tekao.md#position-code) ------------------------------

SQUARE = "[a-h][1-8]"


def _tekao_fields(game: SomeGame) -> tuple[Field, ...]:
    fields: list[Field] = []
    for part, side in enumerate(("Blue", "Yellow")):
        key = side.lower()
        fields += [
            Field(f"{key}-weapons", f"{side}'s weapon pieces still to place (0 to 8)", "number", at=1, part=part,
                  highest=8, read=lambda piece: piece.rstrip("F"),
                  write=lambda piece, value: value + ("F" if piece.endswith("F") else "")),
            Field(f"{key}-flag", f"{side}'s flag piece still to place", "flag", at=1, part=part,
                  read=lambda piece: "yes" if piece.endswith("F") else "no",
                  write=lambda piece, value: piece.rstrip("F") + ("F" if value == "yes" else ""))]
    for part, side in enumerate(("Blue", "Yellow")):
        key = side.lower()
        fields += [
            Field(f"{key}-streak", f"{side}'s piece acting in a row: its square (empty if none)", "text", at=3,
                  part=part, pattern=SQUARE, hint="a square such as d4, or nothing",
                  read=lambda piece: "" if piece == "-" else piece[:2],
                  write=lambda piece, value: f"{value}:{'1' if piece == '-' else piece[3:]}" if value else "-"),
            Field(f"{key}-turns", f"Turns in a row {side}'s piece has acted (1 to 3)", "number", at=3, part=part,
                  lowest=1, highest=3, read=lambda piece: "1" if piece == "-" else piece[3:],
                  write=lambda piece, value: piece if piece == "-" else f"{piece[:2]}:{value}")]
    for part, side in enumerate(("Blue", "Yellow")):
        fields.append(Field(f"{side.lower()}-taken", f"{side}'s pieces taken (9 less those on the board and to place)",
                            "shown", computed=_tekao_taken(part)))
    return tuple(fields)


def _tekao_pieces(cells: Cells, side: int) -> list[str]:
    return [contents for contents in cells.values() if contents and contents.isupper() == (side == 0)]


def _tekao_taken(side: int) -> Computed:
    """A side's pieces taken: 9 less those on the board and those still to place."""
    def taken(cells: Cells, code: list[str]) -> str:
        hand = code[1].split("/")[side]
        return str(9 - len(_tekao_pieces(cells, side)) - int(hand.rstrip("F")) - hand.endswith("F"))
    return taken


def _tekao_palette(game: SomeGame) -> Palette:
    faces: str = getattr(game, "faces", "HTBP")
    palette = []
    for side in ("Blue", "Yellow"):
        letters = [*faces, "F"]
        for letter in letters:
            written = letter if side == "Blue" else letter.lower()
            name = TEKAO_WEAPONS[TEKAO_LETTERS.index(letter)]
            palette.append((written, f"{side} flag piece" if letter == "F" else f"{side} piece, {name} facing north"))
    return palette


def _tekao_placing(cells: Cells, code: list[str], before: list[str]) -> list[str]:
    """While pieces are still to place, a piece put on the board comes from its side's hand and one
    taken off goes back to it, and the side to move is the one placing next: Blue when both have as
    many to place (docs/games/tekao.md#position-code)."""
    if before[1] == "0/0":
        return code
    hands, to_place = [], []
    for side in (0, 1):
        pieces = _tekao_pieces(cells, side)
        flag_on_board = any(piece in "Ff" for piece in pieces)
        weapons = max(8 - (len(pieces) - flag_on_board), 0)
        hands.append(f"{weapons}{'' if flag_on_board else 'F'}")
        to_place.append(weapons + (not flag_on_board))
    placing = {0: "B", -1: "Y"}.get(to_place[0] - to_place[1], code[2])
    return [code[0], "/".join(hands), placing, *code[3:]]


# --- T'Chako: elastics, pucks created, state (docs/games/tchako.md#position-code) --------------------

ELASTIC = "[A-L]{2}:(?:[A-L]{2}(?::[A-L]{2})?)?"
ELASTIC_HINT = "its anchors, as AD:AF (AD: with one; a long one's middle last, AD:DF:DE), or nothing when off the board"
TCHAKO_WINS_SAID = {"queen": "queen hit in t'chako", "noqueen": "t'chako with the queen off the board",
                    "anarchy": "anarchy", "hill": "king of the hill", "lead": "demographic lead",
                    "total": "demographic total", "sudden": "sudden death", "zones": "countdown, more zones",
                    "count": "countdown, more pucks"}
TCHAKO_STATES = (("play", "the game is on"), ("stop", "the countdown is over, undecided"),
                 *((f"{letter}:{why}", f"{side} won: {TCHAKO_WINS_SAID[why]}")
                   for letter, side in (("W", "White"), ("B", "Black")) for why in TCHAKO_WINS))
PUCK_COUNTS = re.compile(r"([wb])([0-9]+)")


def _tchako_fields(game: SomeGame) -> tuple[Field, ...]:
    fields = [Field(f"{side.lower()}-{letter}", f"{side}'s {name} elastic ({letter})", "text", at=1,
                    part=number * 3 + index, pattern=ELASTIC, hint=ELASTIC_HINT,
                    read=lambda piece: "" if piece == "-" else piece, write=lambda piece, value: value or "-")
              for number, side in enumerate(("White", "Black"))
              for index, (letter, name) in enumerate((("s", "first short"), ("t", "second short"), ("l", "long")))]
    fields += [Field(f"{side.lower()}-created", f"Pucks {side} has created (sudden death)", "number", at=4, part=part)
               for part, side in enumerate(("White", "Black"))]
    fields.append(Field("state", "Where the game stands", "choice", at=5, choices=TCHAKO_STATES))
    fields += [Field(f"{side.lower()}-off", f"{side}'s pucks not on the board (of 11)", "shown",
                     computed=_left(11, _pucks, letter))
               for side, letter in (("White", "w"), ("Black", "b"))]
    return tuple(fields)


def _pucks(cells: Cells, colour: str) -> int:
    return sum(int(count) for contents in cells.values() for letter, count in PUCK_COUNTS.findall(contents)
               if letter == colour)


def _tchako_palette(game: SomeGame) -> Palette:
    palette = [(f"{letter}{count}", f"{count} {side} puck{'s' if count > 1 else ''}")
               for letter, side in (("w", "White"), ("b", "Black")) for count in (1, 2, 3)]
    palette += [("w1+w", "a White puck on the creation space"), ("b1+b", "a Black puck on the creation space")]
    if "anarchy" not in game.variant:
        palette += [("Q", "White's queen"), ("q", "Black's queen")]
    return palette


LAYOUTS: dict[str, Layout] = {
    "Teblo": Layout(_teblo_fields, _teblo_palette),
    "Staku": Layout(_staku_fields, _staku_palette),
    "Tektop": Layout(_tektop_fields, lambda game: [("w", "White pawn"), ("b", "Black pawn")],
                     after_any=_tektop_home),
    "Tekao": Layout(_tekao_fields, _tekao_palette, after_cell=_tekao_placing),
    "TChako": Layout(_tchako_fields, _tchako_palette),
}
