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
from ..languages import game_word
from ..problems import Saying, say
from ..worded import Said, Worded
from ..games.tekao import LETTERS as TEKAO_LETTERS, WEAPON_NAMES as TEKAO_WEAPONS
from ..games.tchako.position import WINS as TCHAKO_WINS

Cells = Mapping[str, str]
Palette = list[tuple[str, str]]  # (what a cell is given, as the code writes it; its name in words, a Saying)
Computed = Callable[[Cells, list[str]], str]  # a value shown, from the cells and the code's fields


class SetUpWords(Worded):
    """The words of the studio's set-up form by their code: its fields' labels and hints, the
    choices of a field, the names of what a cell can be given (docs/languages.md#the-studio).
    Each is given as a Saying (its English sentence, keeping the code), said in the page's
    language by `sentence_in`, and in it too where a set-up refusal names a field."""

    NUMBER = "number", "Turn number (of the turn about to be played)"
    # Teblo
    IN_HAND = "in-hand", "{side}'s support pieces in hand"
    SUPPORT_PIECE = "support-piece", "{side} support piece"
    PAWN_OF = "pawn-of", "{side}'s pawn"
    PAWN_ON_PIECE = "pawn-on-piece", "{side}'s pawn on a {side} piece"
    # Staku
    QUIET = "quiet", "Turns played since the last capture (0 to 20)"
    TOKEN = "token", "{colour} token"
    STACK = "stack", "stack of {colours:join ,} (bottom to top)"
    # Tektop
    HOME = "home", "{side}'s pawns home (4 less those on the board)"
    TEKTOP_STATE = "tektop-state", "Where the game stands (from the pawns home and the side to move)"
    PAWN = "pawn", "{side} pawn"
    # Tekao
    WEAPONS_TO_PLACE = "weapons-to-place", "{side}'s weapon pieces still to place (0 to 8)"
    FLAG_TO_PLACE = "flag-to-place", "{side}'s flag piece still to place"
    STREAK = "streak", "{side}'s piece acting in a row: its square (empty if none)"
    STREAK_TURNS = "streak-turns", "Turns in a row {side}'s piece has acted (1 to 3)"
    TAKEN = "taken", "{side}'s pieces taken (9 less those on the board and to place)"
    SQUARE_HINT = "square-hint", "a square such as d4, or nothing"
    FLAG_PIECE = "flag-piece", "{side} flag piece"
    WEAPON_PIECE = "weapon-piece", "{side} piece, {weapon} facing north"
    # T'Chako
    FIRST_SHORT = "first-short", "{side}'s first short elastic ({letter})"
    SECOND_SHORT = "second-short", "{side}'s second short elastic ({letter})"
    LONG = "long", "{side}'s long elastic ({letter})"
    ELASTIC_HINT = "elastic-hint", "its anchors, as AD:AF (AD: with one; a long one's middle last, AD:DF:DE), " \
        "or nothing when off the board"
    CREATED = "created", "Pucks {side} has created (sudden death)"
    TCHAKO_STATE = "tchako-state", "Where the game stands"
    OFF_BOARD = "off-board", "{side}'s pucks not on the board (of 11)"
    ON = "on", "the game is on"
    STOPPED = "stopped", "the countdown is over, undecided"
    WON = "won", "{side} won: {how}"
    WIN_QUEEN = "win-queen", "queen hit in t'chako"
    WIN_NO_QUEEN = "win-no-queen", "t'chako with the queen off the board"
    WIN_ANARCHY = "win-anarchy", "anarchy"
    WIN_HILL = "win-hill", "king of the hill"
    WIN_LEAD = "win-lead", "demographic lead"
    WIN_TOTAL = "win-total", "demographic total"
    WIN_SUDDEN = "win-sudden", "sudden death"
    WIN_ZONES = "win-zones", "countdown, more zones"
    WIN_COUNT = "win-count", "countdown, more pucks"
    PUCKS = "pucks", "{count} {side} {count:puck|pucks}"
    ON_CREATION = "on-creation", "a {side} puck on the creation space"
    QUEEN = "queen", "{side}'s queen"


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
    label: Saying
    kind: str
    at: int = -1
    part: int | None = None
    read: Callable[[str], str] = _same
    write: Callable[[str, str], str] = _replaced
    lowest: int = 0
    highest: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    pattern: str = ""
    hint: str = ""  # a Saying where there is one
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
    return tuple(Field(f"{side.lower()}-hand", say(SetUpWords.IN_HAND, side=side), "shown",
                       computed=_left(25, _count, letter))
                 for side, letter in (("Yellow", "y"), ("Red", "r")))


def _teblo_palette(game: SomeGame) -> Palette:
    return [("y", say(SetUpWords.SUPPORT_PIECE, side="Yellow")), ("r", say(SetUpWords.SUPPORT_PIECE, side="Red")),
            ("Y", say(SetUpWords.PAWN_OF, side="Yellow")), ("R", say(SetUpWords.PAWN_OF, side="Red")),
            ("yY", say(SetUpWords.PAWN_ON_PIECE, side="Yellow")), ("rR", say(SetUpWords.PAWN_ON_PIECE, side="Red"))]


# --- Staku: the turns since the last capture (docs/games/staku.md#position-code) ---------------------

def _staku_fields(game: SomeGame) -> tuple[Field, ...]:
    return (Field("quiet", say(SetUpWords.QUIET), "number", at=2),)


STAKU_TOKENS = {"n": game_word("neutral"), "w": "White", "b": "Black"}


def _staku_palette(game: SomeGame) -> Palette:
    """Every stack the game can have: neutrals at the bottom, then tokens of one colour, as high as its variant allows."""
    limit: int = getattr(game, "limit", 3)
    stacks = [("n" * neutrals) + (colour * (height - neutrals)) for height in range(1, limit + 1)
              for colour in "wb" for neutrals in range(height, -1, -1)]
    unique = list(dict.fromkeys(stacks))
    return [(stack, say(SetUpWords.TOKEN, colour=STAKU_TOKENS[stack]) if len(stack) == 1 else
             say(SetUpWords.STACK, colours=[STAKU_TOKENS[token] for token in stack])) for stack in unique]


# --- Tektop: the pawns home and the state follow from the board and the side to move ----------------

def _tektop_fields(game: SomeGame) -> tuple[Field, ...]:
    return (Field("white-home", say(SetUpWords.HOME, side="White"), "shown", at=1),
            Field("black-home", say(SetUpWords.HOME, side="Black"), "shown", at=2),
            Field("state", say(SetUpWords.TEKTOP_STATE), "shown", at=4))


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
            Field(f"{key}-weapons", say(SetUpWords.WEAPONS_TO_PLACE, side=side), "number", at=1, part=part,
                  highest=8, read=lambda piece: piece.rstrip("F"),
                  write=lambda piece, value: value + ("F" if piece.endswith("F") else "")),
            Field(f"{key}-flag", say(SetUpWords.FLAG_TO_PLACE, side=side), "flag", at=1, part=part,
                  read=lambda piece: "yes" if piece.endswith("F") else "no",
                  write=lambda piece, value: piece.rstrip("F") + ("F" if value == "yes" else ""))]
    for part, side in enumerate(("Blue", "Yellow")):
        key = side.lower()
        fields += [
            Field(f"{key}-streak", say(SetUpWords.STREAK, side=side), "text", at=3,
                  part=part, pattern=SQUARE, hint=say(SetUpWords.SQUARE_HINT),
                  read=lambda piece: "" if piece == "-" else piece[:2],
                  write=lambda piece, value: f"{value}:{'1' if piece == '-' else piece[3:]}" if value else "-"),
            Field(f"{key}-turns", say(SetUpWords.STREAK_TURNS, side=side), "number", at=3, part=part,
                  lowest=1, highest=3, read=lambda piece: "1" if piece == "-" else piece[3:],
                  write=lambda piece, value: piece if piece == "-" else f"{piece[:2]}:{value}")]
    for part, side in enumerate(("Blue", "Yellow")):
        fields.append(Field(f"{side.lower()}-taken", say(SetUpWords.TAKEN, side=side), "shown",
                            computed=_tekao_taken(part)))
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
    palette: Palette = []
    for side in ("Blue", "Yellow"):
        letters = [*faces, "F"]
        for letter in letters:
            written = letter if side == "Blue" else letter.lower()
            name = TEKAO_WEAPONS[TEKAO_LETTERS.index(letter)]
            palette.append((written, say(SetUpWords.FLAG_PIECE, side=side) if letter == "F"
                            else say(SetUpWords.WEAPON_PIECE, side=side, weapon=name)))
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
ELASTIC_HINT = say(SetUpWords.ELASTIC_HINT)
TCHAKO_WINS_SAID = {"queen": SetUpWords.WIN_QUEEN, "noqueen": SetUpWords.WIN_NO_QUEEN, "anarchy": SetUpWords.WIN_ANARCHY,
                    "hill": SetUpWords.WIN_HILL, "lead": SetUpWords.WIN_LEAD, "total": SetUpWords.WIN_TOTAL,
                    "sudden": SetUpWords.WIN_SUDDEN, "zones": SetUpWords.WIN_ZONES, "count": SetUpWords.WIN_COUNT}
TCHAKO_STATES = (("play", say(SetUpWords.ON)), ("stop", say(SetUpWords.STOPPED)),
                 *((f"{letter}:{why}", say(SetUpWords.WON, side=side, how=Said(TCHAKO_WINS_SAID[why])))
                   for letter, side in (("W", "White"), ("B", "Black")) for why in TCHAKO_WINS))
ELASTICS = (("s", SetUpWords.FIRST_SHORT), ("t", SetUpWords.SECOND_SHORT), ("l", SetUpWords.LONG))
PUCK_COUNTS = re.compile(r"([wb])([0-9]+)")


def _tchako_fields(game: SomeGame) -> tuple[Field, ...]:
    fields = [Field(f"{side.lower()}-{letter}", say(code, side=side, letter=letter), "text", at=1,
                    part=number * 3 + index, pattern=ELASTIC, hint=ELASTIC_HINT,
                    read=lambda piece: "" if piece == "-" else piece, write=lambda piece, value: value or "-")
              for number, side in enumerate(("White", "Black"))
              for index, (letter, code) in enumerate(ELASTICS)]
    fields += [Field(f"{side.lower()}-created", say(SetUpWords.CREATED, side=side), "number", at=4, part=part)
               for part, side in enumerate(("White", "Black"))]
    fields.append(Field("state", say(SetUpWords.TCHAKO_STATE), "choice", at=5, choices=TCHAKO_STATES))
    fields += [Field(f"{side.lower()}-off", say(SetUpWords.OFF_BOARD, side=side), "shown",
                     computed=_left(11, _pucks, letter))
               for side, letter in (("White", "w"), ("Black", "b"))]
    return tuple(fields)


def _pucks(cells: Cells, colour: str) -> int:
    return sum(int(count) for contents in cells.values() for letter, count in PUCK_COUNTS.findall(contents)
               if letter == colour)


def _tchako_palette(game: SomeGame) -> Palette:
    palette: Palette = [(f"{letter}{count}", say(SetUpWords.PUCKS, count=count, side=side))
                        for letter, side in (("w", "White"), ("b", "Black")) for count in (1, 2, 3)]
    palette += [("w1+w", say(SetUpWords.ON_CREATION, side="White")), ("b1+b", say(SetUpWords.ON_CREATION, side="Black"))]
    if "anarchy" not in game.variant:
        palette += [("Q", say(SetUpWords.QUEEN, side="White")), ("q", say(SetUpWords.QUEEN, side="Black"))]
    return palette


LAYOUTS: dict[str, Layout] = {
    "Teblo": Layout(_teblo_fields, _teblo_palette),
    "Staku": Layout(_staku_fields, _staku_palette),
    "Tektop": Layout(_tektop_fields, lambda game: [("w", say(SetUpWords.PAWN, side="White")),
                                                   ("b", say(SetUpWords.PAWN, side="Black"))],
                     after_any=_tektop_home),
    "Tekao": Layout(_tekao_fields, _tekao_palette, after_cell=_tekao_placing),
    "TChako": Layout(_tchako_fields, _tchako_palette),
}
