"""Tekao: two armies of square pieces, a weapon on each side, hunt each other's flag.

Squares are numbered 0..63 as rank * 8 + file (a1 = 0, h1 = 7, a8 = 56). A cell holds
0 (empty) or a piece code 1 + owner * 5 + k: k = 0..3 for a weapon piece whose north
side shows faces[k] (the face order read clockwise), k = 4 for the flag piece. The
weapon a piece shows in direction d (0 north, 1 east, 2 south, 3 west) is then
faces[(k + d) % 4], so a quarter turn only changes k. Per-game tables give that weapon
for every code and direction, which makes a fight a handful of lookups.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Iterator

from ..languages import game_word
from .base import BadSetUp, Cells, Ending, Game, History, Match, Outcome, Played, Refusal, RefusalCode, SetUpCode
from .plugins import GamePlugin
from .rows import write_row
from ..problems import VariantProblem, say

SIZE = 8
FILES = "abcdefgh"
BLUE, YELLOW = 0, 1
SIDES = (game_word("Blue"), game_word("Yellow"))
WEAPON_PIECES = 8  # per side, plus one flag piece
ZONES = (range(0, 16), range(48, 64))  # Blue ranks 1-2, Yellow ranks 7-8

# Weapons, by index: what each one is called, beats and how far it moves.
LETTERS = "HTBPF"
HOOK, TOWER, BOW, PISTOL, FLAG = range(5)
WEAPON_NAMES = (game_word("Hook"), game_word("Tower"), game_word("Bow"), game_word("Pistol"), game_word("Flag"))
BEATEN_BY_EACH = {HOOK: {TOWER, FLAG}, TOWER: {BOW, PISTOL, FLAG}, BOW: {HOOK, FLAG},
                  PISTOL: {HOOK, BOW, FLAG}, FLAG: set()}
BEATS = tuple(tuple(other in BEATEN_BY_EACH[weapon] for other in range(5)) for weapon in range(5))
RANGE = (1, 1, 2, 3, 1)
DEFAULT_FACES = "HTBP"

# Directions: north (towards rank 8), east, south, west.
DIRECTIONS = (game_word("north"), game_word("east"), game_word("south"), game_word("west"))
DELTAS = ((1, 0), (0, 1), (-1, 0), (0, -1))  # (rank, file)
OPPOSITE = (2, 3, 0, 1)

# A flag piece's state: its square, or one of these.
IN_HAND, TAKEN = -1, -2
NO_STREAK = (-1, 0)  # (square of the piece that acted on the side's last turns, how many)
STREAK_LIMIT = 3


def square_name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


NAMES = [square_name(square) for square in range(SIZE * SIZE)]
SQUARE_OF = {name: square for square, name in enumerate(NAMES)}


def _ray(square: int, direction: int) -> tuple[int, ...]:
    rank, file = divmod(square, SIZE)
    d_rank, d_file = DELTAS[direction]
    found = []
    while 0 <= (rank := rank + d_rank) < SIZE and 0 <= (file := file + d_file) < SIZE:
        found.append(rank * SIZE + file)
    return tuple(found)


RAYS = [tuple(_ray(square, d) for d in range(4)) for square in range(SIZE * SIZE)]
NEXT_TO = [tuple((d, ray[0]) for d, ray in enumerate(rays) if ray) for rays in RAYS]
# (from, to) on one file or rank -> (direction, distance)
LINE = {(square, target): (d, k) for square, rays in enumerate(RAYS)
        for d, ray in enumerate(rays) for k, target in enumerate(ray, 1)}

# Piece codes.
CODES = range(1, 11)
OWNER = (None,) + (BLUE,) * 5 + (YELLOW,) * 5
IS_FLAG = tuple(code != 0 and (code - 1) % 5 == 4 for code in range(11))


def piece_code(owner: int, k: int) -> int:
    return 1 + owner * 5 + k


def _turned(code: int, step: int) -> int:
    owner, k = divmod(code - 1, 5)
    return code if k == 4 else piece_code(owner, (k + step) % 4)


CLOCKWISE = (0, *(_turned(code, 3) for code in CODES))  # the west side comes round to the north
ANTICLOCKWISE = (0, *(_turned(code, 1) for code in CODES))


@dataclass(frozen=True, slots=True)
class Placement:
    """Setup: a piece from hand goes on square `on`, `letter` (HTBP, or F) facing north."""

    letter: str
    on: int


@dataclass(frozen=True, slots=True)
class Step:
    """The piece on `frm` moves to `to` in a straight line.

    `taken`: the squares the fight empties, as marked in the record (None when not
    marked): the enemies taken by the moved piece, then `to` itself if it falls.
    """

    frm: int
    to: int
    taken: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class Rotation:
    """The piece on `on` makes a quarter turn, clockwise or not."""

    on: int
    clockwise: bool


TekaoTurn = Placement | Step | Rotation


@dataclass(frozen=True, slots=True)
class TekaoPosition:
    cells: bytes  # 64 piece codes, 0 for empty (bytes hash once and copy fast)
    hands: tuple[int, ...] = (WEAPON_PIECES, WEAPON_PIECES)  # weapon pieces each side has to place
    flags: tuple[int, ...] = (IN_HAND, IN_HAND)  # each side's flag: a square, IN_HAND or TAKEN
    streaks: tuple[tuple[int, int], ...] = (NO_STREAK, NO_STREAK)
    side: int = BLUE
    number: int = field(default=1, compare=False)
    alive: tuple[int, ...] = field(default=(0, 0), compare=False)  # pieces on the board per side
    faces: str = field(default=DEFAULT_FACES, compare=False)  # the game's face order, for drawings

    def to_place(self, side: int) -> int:
        """How many pieces `side` still has to put on the board."""
        return self.hands[side] + (self.flags[side] == IN_HAND)

    def taken(self, side: int) -> tuple[int, bool]:
        """How many of `side`'s weapon pieces were taken, and whether its flag was."""
        flag = self.flags[side]
        weapons = WEAPON_PIECES - self.hands[side] - (self.alive[side] - (flag >= 0))
        return weapons, flag == TAKEN


def faces_of(variant_value: str) -> str:
    """The face order of a `faces XXXX` option, rotated to start with H."""
    order = variant_value.strip().upper()
    if sorted(order) != sorted(DEFAULT_FACES):
        shown = f"faces {variant_value.strip()}".strip()
        raise ValueError(say(VariantProblem.FACES, game="Tekao", written=shown))
    start = order.index("H")
    return order[start:] + order[:start]


class TekaoRefusal(RefusalCode):
    """Why the Tekao rules refuse a turn (docs/games/tekao.md#refusal-codes)."""

    STILL_PLACING = "still-placing", "{side} still has pieces to place: until the setup is over a turn places one, " \
        "as in P@c2"
    NO_PIECE = "no-piece", "there is no piece on {cell}"
    OPPONENT_PIECE = "opponent-piece", "the piece on {cell} is {opponent}'s: {side} acts with its own pieces"
    STREAK = "streak", "the piece on {cell} acted on {side}'s last {limit} turns: one piece acts on at most {limit} " \
        "turns in a row"
    ALL_PLACED = "all-placed", "{side} has placed all its pieces: now a turn moves a piece (b2-b4) or turns it " \
        "(b2> or b2<)"
    OUTSIDE_ZONE = "outside-zone", "{on} is outside {side}'s start zone: {side} places its pieces on ranks " \
        "{ranks:join and}"
    PLACE_NOT_EMPTY = "place-not-empty", "{on} is not empty: a piece is placed on an empty square"
    FLAG_PLACED = "flag-placed", "{side}'s flag piece is already placed: the others go with a weapon facing north " \
        "(H, T, B or P)"
    ONLY_FLAG_LEFT = "only-flag-left", "{side} has only its flag piece left to place: F@{on}"
    NOT_STRAIGHT = "not-straight", "{step} is not along a file or a rank: a piece steps north, east, south or west"
    OUT_OF_RANGE = "out-of-range", "{step} goes {distance} squares {direction}, but the piece on {cell} shows its " \
        "{weapon} that way, which moves at most {most:# square|# squares}"
    PASSES_OVER = "passes-over", "{step} passes over {between}, which is not empty: a piece moves through empty " \
        "squares only"
    STEP_NOT_EMPTY = "step-not-empty", "{to} is not empty: a piece steps onto an empty square only"
    CAPTURES_TAKE_NOTHING = "captures-take-nothing", "the capture marks of {turn} are wrong: the fight takes " \
        "nothing ({right})"
    WRONG_CAPTURES = "wrong-captures", "the capture marks of {turn} are wrong: the moved piece takes " \
        "{taken:join and} ({right})"
    WRONG_CAPTURES_FALLS = "wrong-captures-falls", "the capture marks of {turn} are wrong: the moved piece takes " \
        "{taken:0=nothing|join and}, then falls on {to} ({right})"


class TekaoSetUp(SetUpCode):
    """Why Tekao refuses a position code (docs/games/tekao.md#set-up-codes)."""

    CODE_SHAPE = "code-shape", "a Tekao position code is ROWS HANDS SIDE STREAKS NUMBER, as in {example}"
    RANK_COUNT = "rank-count", "a Tekao position has 8 ranks, not {ranks}"
    RANK_WIDTH = "rank-width", "rank {rank} of the position covers {width} squares, not 8"
    TWO_FLAGS = "two-flags", "{side} has more than one flag piece on the board"
    FLAG_TWICE = "flag-twice", "{side}'s flag piece is on the board and still to place"
    TOO_MANY_WEAPONS = "too-many-weapons", "{side} has more than {pieces} weapon pieces on the board and to place"
    STREAK_ELSEWHERE = "streak-elsewhere", "the streak of {side} names {square}, which holds no {side} piece"
    NO_FLAGS = "no-flags", "both flags are gone: a game ends when the first one is taken"
    PLACING_OUT_OF_TURN = "placing-out-of-turn", "the pieces to place do not fit the side to move: the sides " \
        "place one piece each in turn, {first} first"
    TAKEN_DURING_SETUP = "taken-during-setup", "during the setup no piece has been taken, yet {side} has " \
        "{pieces} pieces, not {all}"
    OUT_OF_ZONE = "out-of-zone", "during the setup every {side} piece stands in its start zone"
    STREAK_DURING_SETUP = "streak-during-setup", "during the setup no piece has acted yet: the streaks are -/-"


POSITION_CODE = re.compile(
    r"(?P<rows>[1-8HTBPFhtbpf/]+) (?P<hands>[0-8]F?/[0-8]F?) (?P<side>[BY]) "
    r"(?P<streaks>(?:-|[a-h][1-8]:[1-3])/(?:-|[a-h][1-8]:[1-3])) (?P<number>[1-9][0-9]*)"
)
START_CODE = "8/8/8/8/8/8/8/8 8F/8F B -/- 1"


class Tekao(Game[TekaoPosition, TekaoTurn]):
    name = "Tekao"
    sides = SIDES
    options = frozenset({"faces"})
    refusal_codes = TekaoRefusal
    set_up_codes = TekaoSetUp
    cell_contents = "[HTBPFhtbpf]"  # a piece: the weapon facing north (F the flag), upper case Blue's
    turn_example = game_word("a placement like P@c2 or F@d1, a step like b2-b4 (captures: b2-b4xc4), a turn like b2> or b2<")
    turn_rules = r'''
# A Tekao turn: a setup placement (P@c2: the weapon facing north, then the square; F@d1
# for the flag piece), a step (b2-b4, with the squares its fight empties: b2-b4xc4xb4),
# or a quarter turn clockwise (b2>) or anticlockwise (b2<).
turn            = ~r"(?:(?P<letter>[HTBPF])@(?P<on>[a-h][1-8])|(?P<frm>[a-h][1-8])(?:(?P<rotation>[<>])|-(?P<to>[a-h][1-8])(?P<taken>(?:x[a-h][1-8])*)))(?![\w@<>-])\s*"
'''  # noqa: E501 - the turn rule is one regular expression

    def __init__(self, variant: str = "") -> None:
        faces, others = DEFAULT_FACES, []
        for part in variant.split(","):
            words = part.split(None, 1)
            if words and words[0].lower() == "faces":
                faces = faces_of(words[1] if len(words) > 1 else "")
            else:
                others.append(part)
        super().__init__(",".join(others))
        self.faces = faces
        if faces != DEFAULT_FACES:
            self.variant |= {f"faces {faces.lower()}"}
        weapon = [LETTERS.index(letter) for letter in faces]
        # The weapon each piece code shows in each direction.
        self.shows: tuple[tuple[int, ...], ...] = ((), *(  # code 0 is an empty square
            (FLAG,) * 4 if k == 4 else tuple(weapon[(k + d) % 4] for d in range(4))
            for _owner in (0, 1) for k in range(5)))
        self.north_of = {letter: k for k, letter in enumerate(faces)} | {"F": 4}

    # --- positions -------------------------------------------------------------------
    def start_position(self) -> TekaoPosition:
        return TekaoPosition(bytes(SIZE * SIZE), faces=self.faces)

    def letter(self, code: int) -> str:
        """The letter a piece is written with: its north weapon (F for a flag), case by side."""
        owner, k = divmod(code - 1, 5)
        letter = "F" if k == 4 else self.faces[k]
        return letter if owner == BLUE else letter.lower()

    def position_code(self, position: TekaoPosition) -> str:
        rows = [write_row(self.letter(code) if code else "" for code in position.cells[rank * SIZE:rank * SIZE + SIZE])
                for rank in reversed(range(SIZE))]
        hands = "/".join(f"{position.hands[s]}{'F' if position.flags[s] == IN_HAND else ''}" for s in (BLUE, YELLOW))
        streaks = "/".join(f"{NAMES[square]}:{count}" if count else "-" for square, count in position.streaks)
        return f"{'/'.join(rows)} {hands} {'BY'[position.side]} {streaks} {position.number}"

    def cells(self, position: TekaoPosition) -> Cells:
        """Each square's piece, as the code's rows write it: the weapon its north side shows
        (F for a flag piece), upper case for Blue, lower case for Yellow."""
        codes, letter = position.cells, self.letter
        return Cells(SQUARE_OF, lambda square: letter(codes[square]) if codes[square] else "")

    def read_position(self, code: str) -> TekaoPosition:
        match = POSITION_CODE.fullmatch(code.strip())
        if not match:
            raise BadSetUp(TekaoSetUp.CODE_SHAPE, example=START_CODE)
        rows = match["rows"].split("/")
        if len(rows) != SIZE:
            raise BadSetUp(TekaoSetUp.RANK_COUNT, ranks=len(rows))
        cells = [0] * (SIZE * SIZE)
        for rank, text in zip(reversed(range(SIZE)), rows):
            file = 0
            for char in text:
                if char.isdigit():
                    file += int(char)
                    continue
                if file < SIZE:
                    owner = BLUE if char.isupper() else YELLOW
                    cells[rank * SIZE + file] = piece_code(owner, self.north_of[char.upper()])
                file += 1
            if file != SIZE:
                raise BadSetUp(TekaoSetUp.RANK_WIDTH, rank=rank + 1, width=file)
        hands = tuple(int(part[0]) for part in match["hands"].split("/"))
        flag_in_hand = tuple(part.endswith("F") for part in match["hands"].split("/"))
        streaks = tuple(NO_STREAK if part == "-" else (SQUARE_OF[part[:2]], int(part[3]))
                        for part in match["streaks"].split("/"))
        position = self._position(bytes(cells), hands, flag_in_hand, streaks,
                                  "BY".index(match["side"]), int(match["number"]))
        return position

    def _position(self, cells: bytes, hands: tuple[int, ...], flag_in_hand: tuple[bool, ...],
                  streaks: tuple[tuple[int, int], ...], side: int, number: int) -> TekaoPosition:
        """A position from a code's parts, refused (BadSetUp) if no game can reach it."""
        flags, alive = [], []
        for owner in (BLUE, YELLOW):
            name = SIDES[owner]
            mine = [square for square, code in enumerate(cells) if code and OWNER[code] == owner]
            on_board = [square for square in mine if IS_FLAG[cells[square]]]
            if len(on_board) > 1:
                raise BadSetUp(TekaoSetUp.TWO_FLAGS, side=name)
            if on_board and flag_in_hand[owner]:
                raise BadSetUp(TekaoSetUp.FLAG_TWICE, side=name)
            weapons = len(mine) - len(on_board)
            if weapons + hands[owner] > WEAPON_PIECES:
                raise BadSetUp(TekaoSetUp.TOO_MANY_WEAPONS, side=name, pieces=WEAPON_PIECES)
            flags.append(on_board[0] if on_board else IN_HAND if flag_in_hand[owner] else TAKEN)
            alive.append(len(mine))
            square, count = streaks[owner]
            if count and square not in mine:
                raise BadSetUp(TekaoSetUp.STREAK_ELSEWHERE, side=name, square=NAMES[square])
        if flags == [TAKEN, TAKEN]:
            raise BadSetUp(TekaoSetUp.NO_FLAGS)
        to_place = [hands[s] + flag_in_hand[s] for s in (BLUE, YELLOW)]
        if any(to_place):
            if to_place[BLUE] - to_place[YELLOW] != (0 if side == BLUE else -1):
                raise BadSetUp(TekaoSetUp.PLACING_OUT_OF_TURN, first=SIDES[BLUE])
            for owner in (BLUE, YELLOW):
                if alive[owner] + to_place[owner] != WEAPON_PIECES + 1:
                    raise BadSetUp(TekaoSetUp.TAKEN_DURING_SETUP, side=SIDES[owner],
                                   pieces=alive[owner] + to_place[owner], all=WEAPON_PIECES + 1)
                if any(cells[square] and OWNER[cells[square]] == owner and square not in ZONES[owner]
                       for square in range(SIZE * SIZE)):
                    raise BadSetUp(TekaoSetUp.OUT_OF_ZONE, side=SIDES[owner])
            if streaks != (NO_STREAK, NO_STREAK):
                raise BadSetUp(TekaoSetUp.STREAK_DURING_SETUP)
        return TekaoPosition(cells, hands, tuple(flags), streaks, side, number, tuple(alive), self.faces)

    # --- turns as text -----------------------------------------------------------------
    def turn_from_match(self, match: Match) -> TekaoTurn:
        letter, on, frm, rotation, to, taken = match.groups()
        if letter:
            return Placement(letter, SQUARE_OF[on])
        if rotation:
            return Rotation(SQUARE_OF[frm], rotation == ">")
        marks = tuple(SQUARE_OF[taken[i:i + 2]] for i in range(1, len(taken), 3)) if taken else None
        return Step(SQUARE_OF[frm], SQUARE_OF[to], marks)

    def turn_text(self, turn: TekaoTurn) -> str:
        if isinstance(turn, Step):
            marks = "".join("x" + NAMES[square] for square in turn.taken) if turn.taken else ""
            return f"{NAMES[turn.frm]}-{NAMES[turn.to]}{marks}"
        if isinstance(turn, Rotation):
            return NAMES[turn.on] + (">" if turn.clockwise else "<")
        return f"{turn.letter}@{NAMES[turn.on]}"

    # --- fights ------------------------------------------------------------------------
    def fight(self, cells: bytes | bytearray, to: int, code: int) -> tuple[int, ...]:
        """The squares emptied when the piece `code` arrives on `to`: the enemies it takes
        (by square name), then `to` if an enemy left beside it takes it."""
        owner, shows = OWNER[code], self.shows
        mine = shows[code]
        taken: list[int] = []
        falls = False
        for d, square in NEXT_TO[to]:
            other = cells[square]
            if other and OWNER[other] != owner:
                theirs = shows[other][OPPOSITE[d]]
                if BEATS[mine[d]][theirs]:
                    taken.append(square)
                elif BEATS[theirs][mine[d]]:  # never both: no two weapons beat each other
                    falls = True
        if len(taken) > 1:
            taken.sort(key=NAMES.__getitem__)
        if falls:
            taken.append(to)
        return tuple(taken)

    def _fight_after(self, position: TekaoPosition, turn: Step) -> tuple[int, ...]:
        cells = bytearray(position.cells)
        cells[turn.to], cells[turn.frm] = cells[turn.frm], 0
        return self.fight(cells, turn.to, cells[turn.to])

    def _complete(self, position: TekaoPosition, turn: TekaoTurn) -> TekaoTurn:
        """The legal turn with its capture marks written out, in canonical order (marks
        already present are right, or the turn would not be legal: only their order may change)."""
        if not isinstance(turn, Step):
            return turn
        if turn.taken is None:
            return Step(turn.frm, turn.to, self._fight_after(position, turn))
        if len(turn.taken) < 2:
            return turn
        enemies = sorted((square for square in turn.taken if square != turn.to), key=NAMES.__getitem__)
        taken = (*enemies, turn.to) if turn.to in turn.taken else tuple(enemies)
        return turn if taken == turn.taken else Step(turn.frm, turn.to, taken)

    # --- rules -------------------------------------------------------------------------
    def play(self, position: TekaoPosition, turn: TekaoTurn) -> Played[TekaoPosition, TekaoTurn]:
        refusal = self._why_illegal(position, turn)
        if refusal is not None:
            return Played(refusal, turn, None)
        turn = self._complete(position, turn)
        return Played(None, turn, self._after(position, turn))

    def _why_illegal(self, position: TekaoPosition, turn: TekaoTurn) -> Refusal | None:
        side = position.side
        mover = SIDES[side]
        if isinstance(turn, Placement):
            return self._why_placement_illegal(position, turn)
        if position.to_place(side):
            return Refusal(TekaoRefusal.STILL_PLACING, side=mover)
        square = turn.frm if isinstance(turn, Step) else turn.on
        code = position.cells[square]
        name = NAMES[square]
        if not code:
            return Refusal(TekaoRefusal.NO_PIECE, cell=name)
        if OWNER[code] != side:
            return Refusal(TekaoRefusal.OPPONENT_PIECE, cell=name, opponent=SIDES[1 - side], side=mover)
        if position.streaks[side] == (square, STREAK_LIMIT):
            return Refusal(TekaoRefusal.STREAK, cell=name, side=mover, limit=STREAK_LIMIT)
        if isinstance(turn, Step):
            return self._why_step_illegal(position, turn, code)
        return None

    def _why_placement_illegal(self, position: TekaoPosition, turn: Placement) -> Refusal | None:
        side = position.side
        mover, name = SIDES[side], NAMES[turn.on]
        if not position.to_place(side):
            return Refusal(TekaoRefusal.ALL_PLACED, side=mover)
        if turn.on not in ZONES[side]:
            return Refusal(TekaoRefusal.OUTSIDE_ZONE, on=name, side=mover, ranks=("1", "2") if side == BLUE else ("7", "8"))
        if position.cells[turn.on]:
            return Refusal(TekaoRefusal.PLACE_NOT_EMPTY, on=name)
        if turn.letter == "F" and position.flags[side] != IN_HAND:
            return Refusal(TekaoRefusal.FLAG_PLACED, side=mover)
        if turn.letter != "F" and not position.hands[side]:
            return Refusal(TekaoRefusal.ONLY_FLAG_LEFT, side=mover, on=name)
        return None

    def _why_step_illegal(self, position: TekaoPosition, turn: Step, code: int) -> Refusal | None:
        text = f"{NAMES[turn.frm]}-{NAMES[turn.to]}"
        line = LINE.get((turn.frm, turn.to))
        if line is None:
            return Refusal(TekaoRefusal.NOT_STRAIGHT, step=text)
        d, distance = line
        weapon = self.shows[code][d]
        if distance > RANGE[weapon]:
            return Refusal(TekaoRefusal.OUT_OF_RANGE, step=text, distance=distance, direction=DIRECTIONS[d],
                           cell=NAMES[turn.frm], weapon=WEAPON_NAMES[weapon], most=RANGE[weapon])
        cells = position.cells
        for square in RAYS[turn.frm][d][:distance - 1]:
            if cells[square]:
                return Refusal(TekaoRefusal.PASSES_OVER, step=text, between=NAMES[square])
        if cells[turn.to]:
            return Refusal(TekaoRefusal.STEP_NOT_EMPTY, to=NAMES[turn.to])
        if turn.taken is not None:
            taken = self._fight_after(position, turn)
            if sorted(turn.taken) != sorted(taken):
                return self._wrong_captures(turn, taken)
        return None

    def _wrong_captures(self, turn: Step, taken: tuple[int, ...]) -> Refusal:
        """Why the capture marks of a step are wrong: what the fight really takes."""
        said, right = self.turn_text(turn), self.turn_text(Step(turn.frm, turn.to, taken))
        enemies = [NAMES[square] for square in taken if square != turn.to]
        if not taken:
            return Refusal(TekaoRefusal.CAPTURES_TAKE_NOTHING, turn=said, right=right)
        if taken[-1] == turn.to:
            return Refusal(TekaoRefusal.WRONG_CAPTURES_FALLS, turn=said, taken=enemies, to=NAMES[turn.to], right=right)
        return Refusal(TekaoRefusal.WRONG_CAPTURES, turn=said, taken=enemies, right=right)

    def _after(self, position: TekaoPosition, turn: TekaoTurn) -> TekaoPosition:
        """The position after a legal turn (a step's capture marks, when present, are trusted)."""
        side = position.side
        cells = bytearray(position.cells)
        hands, flags, streaks, alive = position.hands, position.flags, position.streaks, position.alive
        if isinstance(turn, Step):
            code = cells[turn.frm]
            cells[turn.frm], cells[turn.to] = 0, code
            last, count = streaks[side]
            streak = (turn.to, count + 1 if last == turn.frm else 1)
            streaks = (streak, streaks[1]) if side == BLUE else (streaks[0], streak)
            if IS_FLAG[code]:
                flags = (turn.to, flags[1]) if side == BLUE else (flags[0], turn.to)
            taken = turn.taken if turn.taken is not None else self.fight(cells, turn.to, code)
            if taken:
                new_flags, new_streaks, new_alive = list(flags), list(streaks), list(alive)
                for square in taken:
                    owner = OWNER[cells[square]]
                    assert owner is not None, "a fight takes pieces only"
                    if IS_FLAG[cells[square]]:
                        new_flags[owner] = TAKEN
                    if new_streaks[owner][0] == square:
                        new_streaks[owner] = NO_STREAK
                    cells[square] = 0
                    new_alive[owner] -= 1
                flags, streaks, alive = tuple(new_flags), tuple(new_streaks), tuple(new_alive)
        elif isinstance(turn, Rotation):
            cells[turn.on] = (CLOCKWISE if turn.clockwise else ANTICLOCKWISE)[cells[turn.on]]
            last, count = streaks[side]
            streak = (turn.on, count + 1 if last == turn.on else 1)
            streaks = (streak, streaks[1]) if side == BLUE else (streaks[0], streak)
        else:
            k = self.north_of[turn.letter]
            cells[turn.on] = piece_code(side, k)
            alive = (alive[0] + 1, alive[1]) if side == BLUE else (alive[0], alive[1] + 1)
            if k == 4:
                flags = (turn.on, flags[1]) if side == BLUE else (flags[0], turn.on)
            else:
                hands = (hands[0] - 1, hands[1]) if side == BLUE else (hands[0], hands[1] - 1)
        return TekaoPosition(bytes(cells), hands, flags, streaks, 1 - side, position.number + side, alive,
                             position.faces)

    def legal_turns(self, position: TekaoPosition, chance: None = None) -> Iterator[TekaoTurn]:
        cells = position.cells
        for choice in self._choices(position):
            yield self._made(cells, choice)

    def _choices(self, position: TekaoPosition) -> list[Placement | tuple[int, bool] | tuple[int, int, int]]:
        """The legal turns in legal_turns' order, a rotation as (square, clockwise) and a step as (from, to,
        piece) until `_made` makes them turns (a step with its fight worked out): a random turn makes the
        one it draws alone."""
        side, cells = position.side, position.cells
        choices: list[Placement | tuple[int, bool] | tuple[int, int, int]] = []
        if position.to_place(side):
            letters = (LETTERS[:4] if position.hands[side] else "") + ("F" if position.flags[side] == IN_HAND else "")
            for square in ZONES[side]:
                if not cells[square]:
                    choices.extend(Placement(letter, square) for letter in letters)
            return choices
        blocked = position.streaks[side]
        for square, code in enumerate(cells):
            if not code or OWNER[code] != side or blocked == (square, STREAK_LIMIT):
                continue
            choices.append((square, True))
            choices.append((square, False))
            for d, weapon in enumerate(self.shows[code]):
                for to in RAYS[square][d][:RANGE[weapon]]:
                    if cells[to]:
                        break
                    choices.append((square, to, code))
        return choices

    def _made(self, cells: bytes, choice: Placement | tuple[int, bool] | tuple[int, int, int]) -> TekaoTurn:
        """The turn of a choice of `_choices`: a step with the squares its fight empties."""
        if not isinstance(choice, tuple):
            return choice
        if len(choice) == 2:
            return Rotation(choice[0], choice[1])
        square, to, code = choice
        moved = bytearray(cells)
        moved[square], moved[to] = 0, code
        return Step(square, to, self.fight(moved, to, code))

    def random_turn(self, position: TekaoPosition, rng: random.Random) -> TekaoTurn | None:
        choices = self._choices(position)
        return self._made(position.cells, rng.choice(choices)) if choices else None

    def can_act(self, position: TekaoPosition) -> bool:
        """Whether the side to move has a legal turn (every piece may turn, unless it is
        the one that acted on the side's last three turns)."""
        side = position.side
        if position.to_place(side):
            return True  # a start zone has 16 squares for 9 pieces
        return position.alive[side] > 1 or position.streaks[side][1] < STREAK_LIMIT

    def taken(self, before: TekaoPosition, after: TekaoPosition) -> int:
        """The opponent's pieces the turn's fight took off the board (docs/games/tekao.md#generated-games)."""
        other = 1 - before.side
        return before.alive[other] - after.alive[other]

    def outcome(self, position: TekaoPosition, history: History | None = None) -> Outcome | None:
        for side in (BLUE, YELLOW):
            if position.flags[side] == TAKEN:
                return Outcome(1 - side, Ending.FLAG_TAKEN, {"side": SIDES[1 - side], "opponent": SIDES[side]})
        if not self.can_act(position):
            return Outcome(1 - position.side, Ending.NO_LEGAL_ACTION, {"side": SIDES[position.side]})
        return None


PLUGIN = GamePlugin("Tekao", Tekao)
