"""Tektop: pawns climb a 5x5 relief with dice to reach the summit a5.

Squares are numbered 0..24 as rank * 5 + file (a1 = 0, e1 = 4, a5 = 20). Each side's
pawns on the board are a bitboard (a Python int); levels, neighbours and the three
classes of squares a displaced pawn may fall to are precomputed masks, so a step is
checked with a few integer operations. A turn holds its dice throws (the chance
outcome, as written) and its steps.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Hashable, Iterator, NamedTuple, Sequence, cast

from ..languages import game_word
from .base import BadSetUp, Cells, Ending, Game, History, Match, Outcome, Param, Played, Refusal, RefusalCode, SetUpCode
from ..problems import VariantProblem, say
from .entry import Entry, EntryProblem
from .plugins import GamePlugin
from .rows import read_row, write_row

SIZE = 5
FILES = "abcde"
CELLS = SIZE * SIZE
WHITE, BLACK = 0, 1
SIDES = (game_word("White"), game_word("Black"))
PAWNS = 4  # per side
HOME_TO_WIN = 2
SUMMIT = 4 * SIZE  # a5
TOP = 4  # the summit's level


def square_name(square: int) -> str:
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


NAMES = tuple(square_name(square) for square in range(CELLS))
SQUARE_OF = {name: square for square, name in enumerate(NAMES)}
# The relief (docs/games/tektop.md, "Board and levels"): level = 4 - max(file, 4 - rank), so a5 is 4 and rank 1 and file e are 0.
LEVEL = tuple(TOP - max(square % SIZE, SIZE - 1 - square // SIZE) for square in range(CELLS))
LEVEL_BITS = tuple(sum(1 << square for square in range(CELLS) if LEVEL[square] == k) for k in range(TOP + 1))


def _around(square: int, directions: tuple[tuple[int, int], ...]) -> int:
    file, rank = square % SIZE, square // SIZE
    return sum(1 << ((rank + dr) * SIZE + file + df) for df, dr in directions
               if 0 <= file + df < SIZE and 0 <= rank + dr < SIZE)


ORTHOGONAL = tuple(_around(square, ((0, 1), (0, -1), (1, 0), (-1, 0))) for square in range(CELLS))
DIAGONAL = tuple(_around(square, ((1, 1), (1, -1), (-1, 1), (-1, -1))) for square in range(CELLS))
KING = tuple(o | d for o, d in zip(ORTHOGONAL, DIAGONAL))
# Where a pawn displaced from a square may fall, best class first (empty squares only):
# orthogonal neighbours on the level below, then diagonal ones, then that whole level.
FALLS = tuple(
    () if LEVEL[t] == 0 else (ORTHOGONAL[t] & LEVEL_BITS[LEVEL[t] - 1], DIAGONAL[t] & LEVEL_BITS[LEVEL[t] - 1],
                              LEVEL_BITS[LEVEL[t] - 1])
    for t in range(CELLS)
)


def squares_of(bits: int) -> list[int]:
    """The squares of a bitboard, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        found.append(low.bit_length() - 1)
        bits ^= low
    return found


def levels(bits: int) -> int:
    """The levels on which `bits` has a pawn, as a 5-bit mask."""
    l0, l1, l2, l3, l4 = LEVEL_BITS
    return ((bits & l0 != 0) | (bits & l1 != 0) << 1 | (bits & l2 != 0) << 2
            | (bits & l3 != 0) << 3 | (bits & l4 != 0) << 4)


def _gaps(mask: int) -> int:
    """The levels without a pawn strictly between the lowest and highest level with one."""
    between = 0
    if mask:
        low, high = (mask & -mask).bit_length() - 1, mask.bit_length() - 1
        between = sum(1 << level for level in range(low + 1, high))
    return between & ~mask


GAPS = tuple(_gaps(mask) for mask in range(1 << (TOP + 1)))


def _score(group: str) -> int:
    counts = sorted(Counter(group).values(), reverse=True)
    if counts[0] == 4:
        return 4
    if "".join(sorted(group)) in ("1234", "2345", "3456"):
        return 3
    if counts[0] == 3:
        return 2
    return counts.count(2)


# Points scored by one throw of the four dice, written as four digits.
SCORE = {"".join(dice): _score("".join(dice)) for dice in product("123456", repeat=4)}


class Step(NamedTuple):
    """One own pawn goes from `origin` to `to` (a neighbouring square; for a throw worth
    0, any square one level down); `fall` is where the pawn displaced from `to` goes
    (None when nobody is displaced, or when a record left it out)."""

    origin: int
    to: int
    fall: int | None = None


class Turn(NamedTuple):
    """A whole turn: the throws as written (1 to 3 groups of four digits), then the steps."""

    dice: tuple[str, ...]
    steps: tuple[Step, ...] = ()

    @property
    def points(self) -> int:
        return SCORE[self.dice[-1]]


@dataclass(frozen=True, slots=True)
class TektopPosition:
    pawns: tuple[int, int]  # bitboards of White's and Black's pawns on the board
    home: tuple[int, int]  # pawns each side brought to the summit
    side: int = WHITE
    number: int = field(default=1, compare=False)

    @property
    def stage(self) -> str:
        """'play'; 'last' while Black plays its last turn after White's second pawn came
        home; 'over' once the game has ended (the end-game state, derived from the counts)."""
        white, black = self.home
        if black >= HOME_TO_WIN or (white >= HOME_TO_WIN and self.side == WHITE):
            return "over"
        return "last" if white >= HOME_TO_WIN else "play"


class Board(NamedTuple):
    """The board of the side to move during its turn, after some of its steps."""

    own: int
    other: int
    home: int


class TektopRefusal(RefusalCode):
    """Why the Tektop rules refuse a turn (docs/games/tektop.md#refusal-codes)."""

    GAME_OVER = "game-over", "the game is over: {ending}"
    TOO_MANY_STEPS = "too-many-steps", "the throw {throw} scores {points:# point|# points}: at most " \
        "{points:# step|# steps}, not {steps}"
    AFTER_SECOND_HOME = "after-second-home", "{step}: the game ended when {side}'s second pawn reached the summit: " \
        "no step may follow"
    ZERO_ONE_STEP = "zero-one-step", "the throw {throw} scores 0 points: its only step takes one pawn down a level, " \
        "not {steps} steps"
    ZERO_MUST_DESCEND = "zero-must-descend", "the throw {throw} scores 0 points: {side} must take one pawn down a " \
        "level, as in {example}"
    OPPONENT_PAWN = "opponent-pawn", "{step}: {cell} holds a {opponent} pawn: {side} moves only its own pawns"
    NO_PAWN = "no-pawn", "{step}: there is no pawn on {cell}"
    FROZEN = "frozen", "{step}: {side}'s pawn on {cell} is frozen: {side} has no pawn on level {level} below it, and " \
        "pawns above an empty level cannot move until it is filled again"
    OPENS_GAP = "opens-gap", "{step} would leave {side} no pawn on level {level}, between its pawns below and above " \
        "it: a player may not open an empty level among its pawns"
    DIAGONAL = "diagonal", "{step} is a diagonal step: the orthogonal variant allows only the 4 orthogonal neighbours"
    NOT_NEXT = "not-next", "{step}: {to} is not next to {cell} (a step goes to one of its " \
        "{neighbours:4=4 orthogonal neighbours|# neighbouring squares})"
    CLIMB_ONTO_PAWN = "climb-onto-pawn", "{step}: {to} is occupied, and a pawn climbs a level only onto an empty square"
    DESCEND_ONTO_PAWN = "descend-onto-pawn", "{step}: {to} is occupied, and a pawn goes down a level only onto an " \
        "empty square"
    FALL_NAMED_ON_EMPTY = "fall-named-on-empty", "{step} names a square for a displaced pawn, but {to} is empty: " \
        "write {cell}-{to}"
    DISPLACE_ON_LEVEL_0 = "displace-on-level-0", "{step}: {to} is occupied and on level 0, where nobody can be " \
        "displaced (there is no level below)"
    NO_FALL_SQUARE = "no-fall-square", "{step}: {to} is occupied and level {level} has no empty square for {owner}'s " \
        "pawn to go down to"
    FALL_CHOICE = "fall-choice", "{step} displaces {owner}'s pawn on {to}, which may go to {choices:list or}: write " \
        "the choice, as in {step}>{example}"
    WRONG_FALL = "wrong-fall", "{step}: {owner}'s pawn displaced from {to} goes to {choices:list or} " \
        "({best:0=an empty orthogonal neighbour of {to} on level {level}|1=an empty diagonal neighbour of {to} on " \
        "level {level}|an empty square of level {level}}), not {fall}"
    ZERO_NOT_DOWN = "zero-not-down", "{step}: with 0 points the only step takes a pawn down one level, and {to} is " \
        "on level {to_level}, {cell} on level {level}"
    ZERO_ONTO_PAWN = "zero-onto-pawn", "{step}: {to} is occupied, and the pawn going down needs an empty square"
    ZERO_DISPLACES = "zero-displaces", "{step}: a pawn going down displaces nobody: write {cell}-{to}"


class Illegal(Exception):
    """Raised while playing a turn, with the refusal (args[0])."""

    def __init__(self, code: TektopRefusal, **params: Param) -> None:
        super().__init__(Refusal(code, **params))

    @property
    def refusal(self) -> Refusal:
        return cast(Refusal, self.args[0])


def step_text(step: Step) -> str:
    fall = "" if step.fall is None else f">{NAMES[step.fall]}"
    return f"{NAMES[step.origin]}-{NAMES[step.to]}{fall}"


def read_step(text: str) -> Step:
    """The step written `b1-b2` or `b2-b3>c4` (text the turn rule matched)."""
    return Step(SQUARE_OF[text[:2]], SQUARE_OF[text[3:5]], SQUARE_OF[text[6:]] if len(text) > 5 else None)


@lru_cache(maxsize=1 << 14)
def read_steps(text: str) -> tuple[Step, ...]:
    """The steps written `b1-b2,b2-b3>c4` (text the turn rule matched); the same few
    step lists come back often, so they are remembered."""
    return tuple(map(read_step, text.split(",")))


def _names(bits: int) -> list[str]:
    return [NAMES[square] for square in squares_of(bits)]


START = TektopPosition(
    pawns=(sum(1 << SQUARE_OF[n] for n in ("a1", "b1", "c1", "d1")),
           sum(1 << SQUARE_OF[n] for n in ("e2", "e3", "e4", "e5"))),
    home=(0, 0),
)
class TektopSetUp(SetUpCode):
    """Why Tektop refuses a position code (docs/games/tektop.md#set-up-codes)."""

    CODE_SHAPE = "code-shape", "a Tektop position code is RANKS WHITE-HOME BLACK-HOME SIDE STATE NUMBER, as in {example}"
    RANK_COUNT = "rank-count", "a Tektop position has 5 ranks (5 down to 1), not {ranks}"
    RANK_WIDTH = "rank-width", "rank {rank} of the position covers {width} squares, not 5"
    ON_SUMMIT = "on-summit", "a pawn stands on the summit a5: a pawn reaching it goes home at once"
    TOO_MANY_HOME = "too-many-home", "{side} has {home} pawns home: the game ends with the second"
    PAWN_COUNT = "pawn-count", "{side} has {on_board:# pawn|# pawns} on the board and {home} home: each side has " \
        "{pawns} pawns"
    STATE_IS_PLAY = "state-is-play", "the state of this position is play (the game is on), not {state}"
    STATE_IS_LAST = "state-is-last", "the state of this position is last (White has brought its second pawn home " \
        "and Black plays its last turn), not {state}"
    STATE_IS_OVER = "state-is-over", "the state of this position is over (the game is over), not {state}"


POSITION_CODE = re.compile(r"(?P<ranks>[wb0-9/]+) (?P<white>[0-9]) (?P<black>[0-9]) (?P<side>[WB]) "
                           r"(?P<stage>play|last|over) (?P<number>[1-9][0-9]*)")
SQUARE = "[a-e][1-5]"
STEP = f"{SQUARE}-{SQUARE}(?:>{SQUARE})?"
STATES = {  # a position's state, as its code writes it, and the code refusing a code that writes another
    "play": TektopSetUp.STATE_IS_PLAY, "last": TektopSetUp.STATE_IS_LAST, "over": TektopSetUp.STATE_IS_OVER}


class Tektop(Game[TektopPosition, Turn]):
    name = "Tektop"
    sides = SIDES
    options = frozenset({"orthogonal"})
    refusal_codes = TektopRefusal
    set_up_codes = TektopSetUp
    cell_contents = "[wb]"  # a White or a Black pawn
    turn_example = game_word("the dice, then the steps: 2514/2554/5554:b1-b2,b2-b3>c4, or the dice alone: 1356")
    turn_rules = rf'''
# A Tektop turn is its dice, 1 to 3 throws of four dice (2514/2554/5554), then, after
# ":", its steps joined by "," (b1-b2), each with ">square" where a pawn it displaces
# goes (b2-b3>c4). The lookahead keeps turn numbers such as 1234. from being read as dice.
turn            = ~r"(?P<dice>[1-6]{{4}}(?:/[1-6]{{4}}){{0,2}})(?![0-9./])(?::(?P<steps>{STEP}(?:,{STEP})*))?\s*"
'''

    def __init__(self, variant: str = "") -> None:
        super().__init__(variant)
        self.neighbours = ORTHOGONAL if "orthogonal" in self.variant else KING
        self.around = [squares_of(bits) for bits in self.neighbours]  # each square's neighbours, lowest first

    def start_position(self) -> TektopPosition:
        return START

    # --- position code: ranks 5..1 (w, b, digits for empty runs), pawns home,
    # side to move, end-game state, turn number ---------------------------------------
    def position_code(self, position: TektopPosition) -> str:
        white, black = position.pawns
        ranks = []
        for rank in reversed(range(SIZE)):
            ranks.append(write_row("w" if white >> square & 1 else "b" if black >> square & 1 else ""
                                   for square in range(rank * SIZE, rank * SIZE + SIZE)))
        home = position.home
        return f"{'/'.join(ranks)} {home[0]} {home[1]} {'WB'[position.side]} {position.stage} {position.number}"

    def read_position(self, code: str) -> TektopPosition:
        match = POSITION_CODE.fullmatch(code.strip())
        if not match:
            raise BadSetUp(TektopSetUp.CODE_SHAPE, example=self.position_code(START))
        ranks = match["ranks"].split("/")
        if len(ranks) != SIZE:
            raise BadSetUp(TektopSetUp.RANK_COUNT, ranks=len(ranks))
        pawns = [0, 0]
        for rank, text in zip(reversed(range(SIZE)), ranks):
            width, occupied = read_row(text, "[wb]")
            if width != SIZE:
                raise BadSetUp(TektopSetUp.RANK_WIDTH, rank=rank + 1, width=width)
            for file, cell in occupied:
                pawns["wb".index(cell)] |= 1 << (rank * SIZE + file)
        home = (int(match["white"]), int(match["black"]))
        position = TektopPosition((pawns[0], pawns[1]), home, "WB".index(match["side"]), int(match["number"]))
        self._check_position(position, match["stage"])
        return position

    def cells(self, position: TektopPosition) -> Cells:
        """Each square's pawn, w or b (the summit a5 is always empty: a pawn reaching it goes home)."""
        white, black = position.pawns
        return Cells(SQUARE_OF, lambda square: "w" if white >> square & 1 else "b" if black >> square & 1 else "")

    @staticmethod
    def _check_position(position: TektopPosition, stage: str) -> None:
        if (position.pawns[0] | position.pawns[1]) >> SUMMIT & 1:
            raise BadSetUp(TektopSetUp.ON_SUMMIT)
        for side in (WHITE, BLACK):
            home, on_board = position.home[side], position.pawns[side].bit_count()
            if home > HOME_TO_WIN:
                raise BadSetUp(TektopSetUp.TOO_MANY_HOME, side=SIDES[side], home=home)
            if home + on_board != PAWNS:
                raise BadSetUp(TektopSetUp.PAWN_COUNT, side=SIDES[side], on_board=on_board, home=home, pawns=PAWNS)
        if stage != position.stage:
            raise BadSetUp(STATES[position.stage], state=stage)

    # --- turns as text ---------------------------------------------------------------
    def turn_from_match(self, match: Match) -> Turn:
        dice, steps = match.group("dice", "steps")
        if not steps:
            return Turn(tuple(dice.split("/")))
        return Turn(tuple(dice.split("/")), read_steps(steps))

    def turn_text(self, turn: Turn) -> str:
        dice = "/".join(turn.dice)
        return f"{dice}:{','.join(map(step_text, turn.steps))}" if turn.steps else dice

    # --- rules -------------------------------------------------------------------------
    def play(self, position: TektopPosition, turn: Turn) -> Played[TektopPosition, Turn]:
        """The turn played step by step, with the square of every displaced pawn written
        (always, even when the rules leave only one)."""
        side = position.side
        board = Board(position.pawns[side], position.pawns[1 - side], position.home[side])
        try:
            if position.stage == "over":
                raise Illegal(TektopRefusal.GAME_OVER, ending=self._end(position))
            group = turn.dice[-1]
            points, steps = SCORE[group], turn.steps
            if points == 0:
                return Played(None, turn, self._after(position, self._play_forced(side, board, steps, group)))
            if len(steps) > points:
                raise Illegal(TektopRefusal.TOO_MANY_STEPS, throw=group, points=points, steps=len(steps))
            done = []
            for step in steps:
                if board.home >= HOME_TO_WIN:
                    raise Illegal(TektopRefusal.AFTER_SECOND_HOME, step=step_text(step), side=SIDES[side])
                board, step = self._step(side, board, step)
                done.append(step)
        except Illegal as error:
            return Played(error.refusal, turn, None)
        if tuple(done) != steps:
            turn = Turn(turn.dice, tuple(done))
        return Played(None, turn, self._after(position, board))

    @staticmethod
    def _after(position: TektopPosition, board: Board) -> TektopPosition:
        """The position after the mover's turn left its board so."""
        own, other, home = board
        if position.side == WHITE:
            return TektopPosition((own, other), (home, position.home[1]), BLACK, position.number)
        return TektopPosition((other, own), (position.home[0], home), WHITE, position.number + 1)

    def _play_forced(self, side: int, board: Board, steps: tuple[Step, ...], group: str) -> Board:
        """A throw scoring 0: one pawn down one level, if some pawn can go down."""
        if len(steps) > 1:
            raise Illegal(TektopRefusal.ZERO_ONE_STEP, throw=group, steps=len(steps))
        if steps:
            return self._descend(side, board, steps[0])
        example = next(self._descents(board), None)
        if example is not None:
            raise Illegal(TektopRefusal.ZERO_MUST_DESCEND, throw=group, side=SIDES[side], example=step_text(example[0]))
        return board

    @staticmethod
    def _check_movable(side: int, board: Board, step: Step, gaps: int) -> None:
        """The side may move a pawn from the step's origin: its own, and not frozen above
        one of its empty levels `gaps`."""
        origin = step.origin
        mover, name = SIDES[side], NAMES[origin]
        if not board.own >> origin & 1:
            if board.other >> origin & 1:
                raise Illegal(TektopRefusal.OPPONENT_PAWN, step=step_text(step), cell=name, opponent=SIDES[1 - side],
                              side=mover)
            raise Illegal(TektopRefusal.NO_PAWN, step=step_text(step), cell=name)
        below = gaps & ((1 << LEVEL[origin]) - 1)
        if below:
            gap = (below & -below).bit_length() - 1
            raise Illegal(TektopRefusal.FROZEN, step=step_text(step), side=mover, cell=name, level=gap)

    @staticmethod
    def _check_no_new_gap(side: int, gaps: int, after: int, step: Step) -> None:
        """The side's pawns `after` the step show no empty level it did not have (`gaps`)."""
        new = GAPS[levels(after)] & ~gaps
        if new:
            gap = (new & -new).bit_length() - 1
            raise Illegal(TektopRefusal.OPENS_GAP, step=step_text(step), side=SIDES[side], level=gap)

    def _step(self, side: int, board: Board, step: Step) -> tuple[Board, Step]:
        """One step paid with a point: the board after it, and the step with the square of
        a displaced pawn filled in."""
        origin, to, fall = step
        gaps = GAPS[levels(board.own)]
        self._check_movable(side, board, step, gaps)
        own, other, home = board
        if not self.neighbours[origin] >> to & 1:
            if self.neighbours is ORTHOGONAL and KING[origin] >> to & 1:
                raise Illegal(TektopRefusal.DIAGONAL, step=step_text(step))
            raise Illegal(TektopRefusal.NOT_NEXT, step=step_text(step), to=NAMES[to], cell=NAMES[origin],
                          neighbours=4 if self.neighbours is ORTHOGONAL else 8)
        rise = LEVEL[to] - LEVEL[origin]
        occupied = (own | other) >> to & 1
        if rise and occupied:
            raise Illegal(TektopRefusal.CLIMB_ONTO_PAWN if rise > 0 else TektopRefusal.DESCEND_ONTO_PAWN,
                          step=step_text(step), to=NAMES[to])
        if not occupied:
            if fall is not None:
                raise Illegal(TektopRefusal.FALL_NAMED_ON_EMPTY, step=step_text(step), to=NAMES[to], cell=NAMES[origin])
            after = own ^ (1 << origin) | (1 << to)
        else:
            fall = self._fall(side, board, step)
            step = Step(origin, to, fall)
            if own >> to & 1:
                after = own ^ (1 << origin) | (1 << fall)
            else:
                after = own ^ (1 << origin) | (1 << to)
                other = other ^ (1 << to) | (1 << fall)
        if to == SUMMIT:
            after ^= 1 << to
            home += 1
        self._check_no_new_gap(side, gaps, after, step)
        return Board(after, other, home), step

    @staticmethod
    def _fall(side: int, board: Board, step: Step) -> int:
        """Where the pawn displaced by a same-level step goes: the square the step names,
        which must be in the best class, or the only square of that class."""
        origin, to, fall = step
        text, level = step_text(step), LEVEL[to]
        owner = SIDES[side] if board.own >> to & 1 else SIDES[1 - side]
        if level == 0:
            raise Illegal(TektopRefusal.DISPLACE_ON_LEVEL_0, step=text, to=NAMES[to])
        empty = ~(board.own | board.other)
        best = next((k for k, bits in enumerate(FALLS[to]) if bits & empty), None)
        if best is None:
            raise Illegal(TektopRefusal.NO_FALL_SQUARE, step=text, to=NAMES[to], level=level - 1, owner=owner)
        choices = FALLS[to][best] & empty
        if fall is None:
            if choices & (choices - 1):
                raise Illegal(TektopRefusal.FALL_CHOICE, step=text, owner=owner, to=NAMES[to], choices=_names(choices),
                              example=NAMES[squares_of(choices)[0]])
            return choices.bit_length() - 1
        if not choices >> fall & 1:
            raise Illegal(TektopRefusal.WRONG_FALL, step=text, owner=owner, to=NAMES[to], choices=_names(choices),
                          best=best, level=level - 1, fall=NAMES[fall])
        return fall

    def _descend(self, side: int, board: Board, step: Step) -> Board:
        """The one step of a throw scoring 0: a pawn down one level to any empty square."""
        origin, to, fall = step
        gaps = GAPS[levels(board.own)]
        self._check_movable(side, board, step, gaps)
        own, other, home = board
        text = step_text(step)
        if LEVEL[to] != LEVEL[origin] - 1:
            raise Illegal(TektopRefusal.ZERO_NOT_DOWN, step=text, to=NAMES[to], to_level=LEVEL[to], cell=NAMES[origin],
                          level=LEVEL[origin])
        if (own | other) >> to & 1:
            raise Illegal(TektopRefusal.ZERO_ONTO_PAWN, step=text, to=NAMES[to])
        if fall is not None:
            raise Illegal(TektopRefusal.ZERO_DISPLACES, step=text, to=NAMES[to], cell=NAMES[origin])
        after = own ^ (1 << origin) | (1 << to)
        self._check_no_new_gap(side, gaps, after, step)
        return Board(after, other, home)

    # --- generating turns ------------------------------------------------------------
    def _movable(self, own: int) -> list[int]:
        """The side's pawns that may move: those with no empty level of theirs below."""
        gaps = GAPS[levels(own)]
        return [o for o in squares_of(own) if not gaps & ((1 << LEVEL[o]) - 1)]

    def _moves(self, board: Board) -> Iterator[tuple[Step, Board]]:
        """Every legal step paid with a point, with the board after it."""
        for choice in self._steps_from(board):
            yield self._stepped(board, choice)

    def _steps_from(self, board: Board) -> list[tuple[int, int, int | None]]:
        """The legal steps paid with a point, in `_moves`' order, as (origin, to, fall): the board after
        each is made by `_stepped` (a random turn makes the one it draws alone)."""
        own, other, _ = board
        occupied = own | other
        empty = ~occupied
        own_levels = levels(own)
        gaps = GAPS[own_levels]
        steps: list[tuple[int, int, int | None]] = []
        for origin in self._movable(own):
            level = LEVEL[origin]
            rest = own ^ (1 << origin)
            # the levels the side keeps after the step, and the level of `to`
            left = own_levels if rest & LEVEL_BITS[level] else own_levels & ~(1 << level)
            for to in self.around[origin]:
                if not occupied >> to & 1:
                    if to == SUMMIT or not GAPS[left | 1 << LEVEL[to]] & ~gaps:
                        steps.append((origin, to, None))
                    continue
                if LEVEL[to] != level or level == 0:
                    continue
                choices = next((bits & empty for bits in FALLS[to] if bits & empty), 0)
                for fall in squares_of(choices):
                    if own >> to & 1 or not GAPS[left | 1 << LEVEL[to]] & ~gaps:
                        steps.append((origin, to, fall))
        return steps

    @staticmethod
    def _stepped(board: Board, choice: tuple[int, int, int | None]) -> tuple[Step, Board]:
        """The step of a choice of `_steps_from`, with the board after it."""
        own, other, home = board
        origin, to, fall = choice
        rest = own ^ (1 << origin)
        if fall is None:
            if to == SUMMIT:
                return Step(origin, to), Board(rest, other, home + 1)
            return Step(origin, to), Board(rest | (1 << to), other, home)
        if own >> to & 1:
            return Step(origin, to, fall), Board(rest | (1 << fall), other, home)
        return Step(origin, to, fall), Board(rest | (1 << to), other ^ (1 << to) | (1 << fall), home)

    def _descents(self, board: Board) -> Iterator[tuple[Step, Board]]:
        """Every legal step of a throw scoring 0 (a pawn down one level, onto any empty square)."""
        own, other, home = board
        empty = ~(own | other)
        gaps = GAPS[levels(own)]
        for origin in self._movable(own):
            level = LEVEL[origin]
            if level == 0:
                continue
            for to in squares_of(LEVEL_BITS[level - 1] & empty):
                after = own ^ (1 << origin) | (1 << to)
                if GAPS[levels(after)] & ~gaps:
                    break  # the same level for every square of it
                yield Step(origin, to), Board(after, other, home)

    def legal_turns(self, position: TektopPosition, chance: Sequence[str | Sequence[int]] | None = None
                    ) -> Iterator[Turn]:
        """Every legal turn with the given throws (`chance`: 1 to 3 groups of four dice,
        as '2514' or (2, 5, 1, 4)); the steps are listed up to the points scored."""
        yield from (turn for turn, _ in self._turns(position, self._dice(chance), None))

    @staticmethod
    def _dice(chance: Sequence[str | Sequence[int]] | None) -> tuple[str, ...]:
        """The throws handed to legal_turns, as written; ValueError if they are not throws."""
        if chance is None:
            raise ValueError(say(VariantProblem.NO_DICE))
        dice = tuple(group if isinstance(group, str) else "".join(map(str, group)) for group in chance)
        if not 1 <= len(dice) <= 3 or any(group not in SCORE for group in dice):
            raise ValueError(say(VariantProblem.NOT_THROWS, written=repr(chance)))
        return dice

    def _turns(self, position: TektopPosition, dice: tuple[str, ...], explored: set[tuple[Board, int]] | None
               ) -> Iterator[tuple[Turn, Board]]:
        """Each legal turn with the throws and the board it ends on. With `explored` (the boards
        and step counts gone through), a board reached again after as many steps is not gone
        through again: what can follow it was listed the first time."""
        if position.stage == "over":
            return
        side = position.side
        board = Board(position.pawns[side], position.pawns[1 - side], position.home[side])
        points = SCORE[dice[-1]]
        if points == 0:
            descents = [(Turn(dice, (step,)), after) for step, after in self._descents(board)]
            yield from descents or [(Turn(dice), board)]
            return

        def extend(board: Board, done: tuple[Step, ...]) -> Iterator[tuple[Turn, Board]]:
            yield Turn(dice, done), board
            if len(done) < points and board.home < HOME_TO_WIN:
                for step, after in self._moves(board):
                    if explored is not None:
                        if (after, len(done) + 1) in explored:
                            continue
                        explored.add((after, len(done) + 1))
                    yield from extend(after, done + (step,))

        yield from extend(board, ())

    def choices(self, position: TektopPosition, chance: Sequence[str | Sequence[int]] | None = None
                ) -> Iterator[Turn]:
        """One legal turn for each board the throws can lead to: steps taken in another order,
        or ending where fewer steps end, reach nothing new (legal_turns lists them all)."""
        ended: set[Board] = set()
        for turn, board in self._turns(position, self._dice(chance), set()):
            if board not in ended:
                ended.add(board)
                yield turn

    def random_turn(self, position: TektopPosition, rng: random.Random) -> Turn | None:
        """Throws drawn from rng (re-throwing some dice at random), then random legal steps;
        now and then the player stops before spending every point."""
        drawn = self._random(position, rng)
        return None if drawn is None else drawn[0]

    def random_play(self, position: TektopPosition, rng: random.Random) -> tuple[Turn, TektopPosition] | None:
        """The random turn, played as it is drawn, with the position after it."""
        drawn = self._random(position, rng)
        return None if drawn is None else (drawn[0], self._after(position, drawn[1]))

    def _random(self, position: TektopPosition, rng: random.Random) -> tuple[Turn, Board] | None:
        """The random turn and the board it leaves."""
        if position.stage == "over":
            return None
        dice = self.chance(position, rng)
        side = position.side
        board = Board(position.pawns[side], position.pawns[1 - side], position.home[side])
        points = SCORE[dice[-1]]
        if points == 0:
            descents = list(self._descents(board))
            if not descents:
                return Turn(dice, ()), board
            step, board = rng.choice(descents)
            return Turn(dice, (step,)), board
        steps: list[Step] = []
        while len(steps) < points and board.home < HOME_TO_WIN and rng.random() < 0.9:
            moves = self._steps_from(board)
            if not moves:
                break
            step, board = self._stepped(board, rng.choice(moves))
            steps.append(step)
        return Turn(dice, tuple(steps)), board

    def chance(self, position: TektopPosition, rng: random.Random) -> tuple[str, ...]:
        """The throws of the turn, drawn as random_turn draws them."""
        return throws(rng)

    def turn_count(self, position: TektopPosition, played: Turn) -> int:
        """The legal turns with the throws of the turn played."""
        return sum(1 for _ in self.legal_turns(position, played.dice))

    def taken(self, before: TektopPosition, after: TektopPosition) -> int:
        """The levels the opponent's pawns lost, pushed down by displacements
        (docs/games/tektop.md#generated-games)."""
        other = 1 - before.side
        return sum(LEVEL[square] for square in squares_of(before.pawns[other])) \
            - sum(LEVEL[square] for square in squares_of(after.pawns[other]))

    # --- the end -------------------------------------------------------------------------
    def outcome(self, position: TektopPosition, history: History | None = None) -> Outcome | None:
        return self._end(position) if position.stage == "over" else None

    @staticmethod
    def _end(position: TektopPosition) -> Outcome:
        white, black = position.home
        if black >= HOME_TO_WIN:
            if white >= HOME_TO_WIN:
                return Outcome(BLACK, Ending.HOME_LAST_TURN, {"side": SIDES[WHITE], "opponent": SIDES[BLACK]})
            return Outcome(BLACK, Ending.HOME, {"side": SIDES[BLACK]})
        return Outcome(WHITE, Ending.HOME_FIRST, {"side": SIDES[WHITE], "opponent": SIDES[BLACK]})


FACES = "123456"  # a die's faces, as a throw writes them


def throws(rng: random.Random) -> tuple[str, ...]:
    """One to three throws of the four dice: after a throw, the player may throw some of
    the dice again (more likely when the throw scores little), keeping the others."""
    group = [rng.choice(FACES) for _ in range(4)]  # a face as randint(1, 6) would draw it, as its digit
    groups = ["".join(group)]
    while len(groups) < 3 and rng.random() < (0.7 if SCORE[groups[-1]] < 2 else 0.2):
        again = [k for k in range(4) if rng.random() < 0.5] or [rng.randrange(4)]
        for k in again:
            group[k] = rng.choice(FACES)
        groups.append("".join(group))
    return tuple(groups)


class DiceFirst(Entry):
    """Tektop: the dice of the turn come first (docs/games/tektop.md#turns), the steps extend them."""

    needs = "dice"
    DICE = re.compile(r"[1-6]{4}(?:/[1-6]{4}){0,2}")

    def chance(self, draft: str) -> Hashable:
        dice = draft.partition(":")[0]
        if not self.DICE.fullmatch(dice):
            raise ValueError(say(EntryProblem.DICE_FIRST))
        return tuple(dice.split("/"))


PLUGIN = GamePlugin("Tektop", Tektop, entry=DiceFirst())
