"""Teblo: two pawns race for each other's base across a 12x12 board they wall in.

Squares are numbered 0..143 as row * 12 + column, row 0 being row A (Yellow's side)
and column 0 being column 1 (Yellow's left). Sets of squares are Python ints used as
bitboards, which makes rule c (every pawn can still reach both bases) a few integer
operations per step of a flood fill.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterator, cast

from ..languages import game_word
from .base import BadSetUp, Cells, Ending, Game, History, Match, Outcome, Played, Refusal, RefusalCode, SetUpCode
from .plugins import GamePlugin
from .rows import read_row, write_row

SIZE = 12
ROWS = "ABCDEFGHIJKL"
SQUARES = SIZE * SIZE
PIECES = 25  # support pieces per side
DRAWS = 16  # squares a random placement draws before it lists the squares left
YELLOW, RED = 0, 1
SIDES = (game_word("Yellow"), game_word("Red"))
BASES = (3 * SIZE + 2, 8 * SIZE + 9)  # D3 (Yellow's), I10 (Red's): point-symmetric
ALL = (1 << SQUARES) - 1
BASE_BITS = (1 << BASES[0]) | (1 << BASES[1])
COLUMN_1 = sum(1 << (row * SIZE) for row in range(SIZE))
COLUMN_12 = COLUMN_1 << (SIZE - 1)


def square_name(square: int) -> str:
    return f"{ROWS[square // SIZE]}{square % SIZE + 1}"


NAMES = [square_name(square) for square in range(SQUARES)]
SQUARE_OF = {name: square for square, name in enumerate(NAMES)}
NEIGHBOURS = [
    tuple(
        row * SIZE + col
        for row, col in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
        if 0 <= row < SIZE and 0 <= col < SIZE
    )
    for r, c in (divmod(square, SIZE) for square in range(SQUARES))
]
NEIGHBOUR_BITS = [sum(1 << near for near in around) for around in NEIGHBOURS]  # the same, as bits


def spread(bits: int) -> int:
    """The squares orthogonally next to any of `bits`."""
    return (
        ((bits << SIZE) & ALL)
        | (bits >> SIZE)
        | ((bits << 1) & ~COLUMN_1 & ALL)
        | ((bits >> 1) & ~COLUMN_12)
    )


def reaches(start: int, targets: int, passable: int) -> bool:
    """Whether a flood fill from `start` through `passable` squares covers `targets`."""
    reached = 1 << start
    while True:
        if reached & targets == targets:
            return True
        grown = reached | (spread(reached) & passable)
        if grown == reached:
            return False
        reached = grown


# The eight squares around each square, going round (north, north-east, east, ... north-west); -1 off the board.
RING = [
    tuple(row * SIZE + col if 0 <= row < SIZE and 0 <= col < SIZE else -1
          for row, col in ((r - 1, c), (r - 1, c + 1), (r, c + 1), (r + 1, c + 1),
                           (r + 1, c), (r + 1, c - 1), (r, c - 1), (r - 1, c - 1)))
    for r, c in (divmod(square, SIZE) for square in range(SQUARES))
]


def _joined_around(ring: int) -> bool:
    """Whether the orthogonal neighbours among the passable squares `ring` (bit i: the i-th square round)
    are joined to one another by passable squares going round: the square inside may then be closed
    without parting any two squares outside it (a way through it goes round it instead)."""
    sides = [i for i in (0, 2, 4, 6) if ring >> i & 1]
    if len(sides) <= 1 or ring == 0xFF:
        return True
    closed = next(i for i in range(8) if not ring >> i & 1)
    arc, arcs = 0, {}
    for step in range(1, 9):
        i = (closed + step) % 8
        if ring >> i & 1:
            arcs[i] = arc
        else:
            arc += 1
    return len({arcs[i] for i in sides}) == 1


JOINED_AROUND = [_joined_around(ring) for ring in range(256)]
# For each square, the squares around it on the board as (their bit, their place in the ring's bits).
RING_BITS = [tuple((1 << around, 1 << i) for i, around in enumerate(ring) if around >= 0) for ring in RING]


def parts_nothing(square: int, passable: int) -> bool:
    """Whether closing `square` leaves every two other `passable` squares as connected as they were (a
    local test: when it fails, the square may or may not part them)."""
    ring = 0
    for bit, place in RING_BITS[square]:
        if passable & bit:
            ring |= place
    return JOINED_AROUND[ring]


@lru_cache(maxsize=1024)  # asked of one position once for each of its placements
def reaches_both_bases(start: int, passable: int) -> bool:
    return reaches(start, BASE_BITS, passable)


@lru_cache(maxsize=1024)  # the greedy player asks it of one position once for each of its placements
def distance(start: int, target: int, passable: int) -> int | None:
    """The fewest steps from `start` to `target` through `passable` squares; None if it cannot be reached."""
    reached, steps = 1 << start, 0
    while not reached >> target & 1:
        grown = reached | (spread(reached) & passable)
        if grown == reached:
            return None
        reached, steps = grown, steps + 1
    return steps


def _layers(start: int, passable: int) -> list[int]:
    """The squares `passable` from `start` by their number of steps: layer k holds those k steps away."""
    reached = layer = 1 << start
    layers = [layer]
    while True:
        layer = spread(layer) & passable & ~reached
        if not layer:
            return layers
        reached |= layer
        layers.append(layer)


@lru_cache(maxsize=1024)  # the greedy player asks it of one position once for each of its placements
def on_every_shortest_way(start: int, target: int, passable: int) -> int:
    """The squares that every shortest way from `start` to `target` goes through: those alone in their layer
    (a shortest way goes through one square of each layer, so another square of the layer is a way round)."""
    return sum(layer for layer in _shortest_layers(start, target, passable) if layer & (layer - 1) == 0)


def _shortest_layers(start: int, target: int, passable: int) -> list[int]:
    """For each k, the squares k steps from `start` on a shortest way to `target` (none if it cannot be reached)."""
    going, coming = _layers(start, passable), _layers(target, passable)
    steps = next((k for k, layer in enumerate(going) if layer >> target & 1), None)
    if steps is None:
        return []
    return [going[k] & coming[steps - k] for k in range(steps + 1)]


def _cut_base(start: int, around: int, on: int) -> int | None:
    """Which base a pawn on `start` crossing the `around` squares could no longer reach once `on` is closed."""
    if parts_nothing(on, around) and reaches_both_bases(start, around):
        return None  # the pawn reached both bases, and a piece there parts no squares from each other
    passable = around & ~(1 << on)
    if reaches(start, BASE_BITS, passable):
        return None
    return next(base for base in (YELLOW, RED) if not reaches(start, 1 << BASES[base], passable))


def taken_squares(position: TebloPosition) -> int:
    """The squares no piece may be put on: the pieces, the pawns and the bases."""
    return position.pieces[0] | position.pieces[1] | BASE_BITS | 1 << position.pawns[0] | 1 << position.pawns[1]


@dataclass(frozen=True, slots=True)
class Step:
    """The side's pawn moves to the next square `to`."""

    to: int


@dataclass(frozen=True, slots=True)
class Placement:
    """The side puts one support piece from its hand on square `on`."""

    on: int


@dataclass(frozen=True, slots=True)
class TebloPosition:
    pawns: tuple[int, int]  # Yellow's pawn, Red's pawn
    pieces: tuple[int, int]  # bitboards of Yellow's and Red's support pieces
    side: int = YELLOW
    number: int = field(default=1, compare=False)

    def in_hand(self, side: int) -> int:
        return PIECES - self.pieces[side].bit_count()

    def passable(self, side: int) -> int:
        """Squares `side`'s pawn may cross, pawns ignored: all but the opponent's pieces."""
        return ALL & ~self.pieces[1 - side]


class TebloRefusal(RefusalCode):
    """Why the Teblo rules refuse a turn (docs/games/teblo.md#refusal-codes)."""

    NOT_ADJACENT = "not-adjacent", "{to} is not next to {side}'s pawn on {pawn}: a pawn steps to an orthogonally " \
        "adjacent square"
    OPPONENT_PIECE = "opponent-piece", "{to} holds a {opponent} support piece: a pawn never steps onto the " \
        "opponent's pieces"
    OPPONENT_PAWN = "opponent-pawn", "{to} holds {opponent}'s pawn: only the opponent's base may be entered while a " \
        "pawn stands there (rule d)"
    NO_PIECES_LEFT = "no-pieces-left", "{side} has no support pieces left in hand (each side has {pieces})"
    ON_BASE = "on-base", "{on} is a base square: support pieces never go on a base"
    ON_PAWN = "on-pawn", "{on} holds {owner}'s pawn: a piece goes on an empty square"
    ON_PIECE = "on-piece", "{on} already holds a {owner} support piece"
    CUTS_BASE = "cuts-base", "({on}) would cut {opponent}'s pawn off from {base_of}'s base {base} (rule c)"


class TebloSetUp(SetUpCode):
    """Why Teblo refuses a position code (docs/games/teblo.md#set-up-codes)."""

    CODE_SHAPE = "code-shape", "a Teblo position code is ROWS YELLOW-PAWN RED-PAWN SIDE NUMBER, as in {example}"
    ROW_COUNT = "row-count", "a Teblo position has 12 rows, not {rows}"
    ROW_WIDTH = "row-width", "row {row} of the position covers {width} squares, not 12"
    NOT_A_SQUARE = "not-a-square", "{square} is not a Teblo square"
    TOO_MANY_PIECES = "too-many-pieces", "{side} has more than {pieces} support pieces on the board"
    PIECE_ON_BASE = "piece-on-base", "a support piece stands on a base square"
    PAWN_ON_PIECE = "pawn-on-piece", "{side}'s pawn stands on an opponent's support piece"
    PAWNS_TOGETHER = "pawns-together", "both pawns stand on the same square"
    PAWN_CUT_OFF = "pawn-cut-off", "{side}'s pawn cannot reach both bases (rule c)"
    ONE_PAWN = "one-pawn", "a Teblo position has one {side} pawn: put it on one square ({pawn})"


POSITION_CODE = re.compile(
    r"(?P<rows>[0-9yr/]+) (?P<yellow>[A-L][0-9]{1,2}) (?P<red>[A-L][0-9]{1,2}) "
    r"(?P<side>[YR]) (?P<number>[1-9][0-9]*)"
)


class Teblo(Game[TebloPosition, Step | Placement]):
    name = "Teblo"
    sides = SIDES
    turn_example = game_word("a step like D4 or a placement like (H9)")
    refusal_codes = TebloRefusal
    set_up_codes = TebloSetUp
    cell_contents = "[yr]?Y?R?"  # a support piece (y, r), then the pawns standing there (Y, R)
    turn_rules = r'''
# A Teblo turn names a square: alone for a pawn step (D4), in parentheses for the
# placement of a support piece ((H9)). Rows A-L, columns 1-12.
turn            = ~r"(?P<placement>\()?(?P<square>[A-L](?:1[0-2]|[1-9]))(?(placement)\))(?![0-9])\s*"
'''

    def start_position(self) -> TebloPosition:
        return TebloPosition(pawns=BASES, pieces=(0, 0))

    # --- position code: rows L..A of pieces (y, r, digits for empty runs),
    # then the pawns, the side to move and the turn number -------------------------
    def position_code(self, position: TebloPosition) -> str:
        yellow_bits, red_bits = position.pieces
        rows = [write_row("y" if yellow_bits >> square & 1 else "r" if red_bits >> square & 1 else ""
                          for square in range(row * SIZE, row * SIZE + SIZE))
                for row in reversed(range(SIZE))]
        yellow, red = (NAMES[pawn] for pawn in position.pawns)
        return f"{'/'.join(rows)} {yellow} {red} {'YR'[position.side]} {position.number}"

    def read_position(self, code: str) -> TebloPosition:
        match = POSITION_CODE.fullmatch(code.strip())
        if not match:
            raise BadSetUp(TebloSetUp.CODE_SHAPE, example=self.position_code(self.start_position()))
        rows = match["rows"].split("/")
        if len(rows) != SIZE:
            raise BadSetUp(TebloSetUp.ROW_COUNT, rows=len(rows))
        pieces = [0, 0]
        for row, text in zip(reversed(range(SIZE)), rows):
            width, occupied = read_row(text, "[yr]")
            if width != SIZE:
                raise BadSetUp(TebloSetUp.ROW_WIDTH, row=ROWS[row], width=width)
            for col, cell in occupied:
                pieces["yr".index(cell)] |= 1 << (row * SIZE + col)
        pawns = []
        for square_text in (match["yellow"], match["red"]):
            if square_text not in SQUARE_OF:
                raise BadSetUp(TebloSetUp.NOT_A_SQUARE, square=square_text)
            pawns.append(SQUARE_OF[square_text])
        position = TebloPosition((pawns[0], pawns[1]), (pieces[0], pieces[1]), "YR".index(match["side"]),
                                 int(match["number"]))
        self._check_position(position)
        return position

    def cells(self, position: TebloPosition) -> Cells:
        """Each square's support piece (y or r, as in the code's rows), then the pawns on it:
        Y for Yellow's, R for Red's (the code's side letters). D3 holds Y at the start;
        a pawn on its own piece is yY; both pawns on a base, YR."""
        yellow, red = position.pieces
        pawns = position.pawns

        def content(square: int) -> str:
            piece = "y" if yellow >> square & 1 else "r" if red >> square & 1 else ""
            return piece + ("Y" if pawns[0] == square else "") + ("R" if pawns[1] == square else "")

        return Cells(SQUARE_OF, content)

    def _check_position(self, position: TebloPosition) -> None:
        for side in (YELLOW, RED):
            if position.in_hand(side) < 0:
                raise BadSetUp(TebloSetUp.TOO_MANY_PIECES, side=SIDES[side], pieces=PIECES)
            if position.pieces[side] & BASE_BITS:
                raise BadSetUp(TebloSetUp.PIECE_ON_BASE)
            if position.pieces[1 - side] >> position.pawns[side] & 1:
                raise BadSetUp(TebloSetUp.PAWN_ON_PIECE, side=SIDES[side])
        if position.pawns[0] == position.pawns[1] and position.pawns[0] not in BASES:
            raise BadSetUp(TebloSetUp.PAWNS_TOGETHER)
        for side in (YELLOW, RED):
            if not reaches(position.pawns[side], BASE_BITS, position.passable(side)):
                raise BadSetUp(TebloSetUp.PAWN_CUT_OFF, side=SIDES[side])

    # --- turns as text ---------------------------------------------------------------
    def turn_from_match(self, match: Match) -> Step | Placement:
        groups = match.groupdict()
        square = SQUARE_OF[groups["square"]]
        return Placement(square) if groups["placement"] else Step(square)

    def turn_text(self, turn: Step | Placement) -> str:
        return f"({NAMES[turn.on]})" if isinstance(turn, Placement) else NAMES[turn.to]

    # --- rules -------------------------------------------------------------------------
    def play(self, position: TebloPosition, turn: Step | Placement) -> Played[TebloPosition, Step | Placement]:
        if isinstance(turn, Step):
            refusal = self._why_step_illegal(position, turn.to)
        else:
            refusal = self._why_placement_illegal(position, turn.on)
        if refusal is not None:
            return Played(refusal, turn, None)
        return Played(None, turn, self._after(position, turn))

    def _why_step_illegal(self, position: TebloPosition, to: int) -> Refusal | None:
        side = position.side
        pawn = position.pawns[side]
        if to not in NEIGHBOURS[pawn]:
            return Refusal(TebloRefusal.NOT_ADJACENT, to=NAMES[to], side=SIDES[side], pawn=NAMES[pawn])
        if position.pieces[1 - side] >> to & 1:
            return Refusal(TebloRefusal.OPPONENT_PIECE, to=NAMES[to], opponent=SIDES[1 - side])
        if to == position.pawns[1 - side] and to != BASES[1 - side]:
            return Refusal(TebloRefusal.OPPONENT_PAWN, to=NAMES[to], opponent=SIDES[1 - side])
        return None

    @staticmethod
    def _steps(position: TebloPosition) -> list[int]:
        """The squares the side's pawn may step to: the steps `_why_step_illegal` lets through."""
        side = position.side
        blocked, other, base = position.pieces[1 - side], position.pawns[1 - side], BASES[1 - side]
        return [to for to in NEIGHBOURS[position.pawns[side]]
                if not blocked >> to & 1 and (to != other or to == base)]

    @staticmethod
    def _can_step(position: TebloPosition) -> bool:
        """Whether `_steps` lists a step, worked out on bits."""
        side = position.side
        other, base = position.pawns[1 - side], BASES[1 - side]
        return bool(NEIGHBOUR_BITS[position.pawns[side]] & ~position.pieces[1 - side] & ~((other != base) << other))

    def _why_placement_illegal(self, position: TebloPosition, on: int) -> Refusal | None:
        side = position.side
        mover, name = SIDES[side], NAMES[on]
        if position.in_hand(side) == 0:
            return Refusal(TebloRefusal.NO_PIECES_LEFT, side=mover, pieces=PIECES)
        if on in BASES:
            return Refusal(TebloRefusal.ON_BASE, on=name)
        if on in position.pawns:
            return Refusal(TebloRefusal.ON_PAWN, on=name, owner=SIDES[position.pawns.index(on)])
        for owner in (YELLOW, RED):
            if position.pieces[owner] >> on & 1:
                return Refusal(TebloRefusal.ON_PIECE, on=name, owner=SIDES[owner])
        cut = self._cut_base(position, on)
        if cut is not None:
            return Refusal(TebloRefusal.CUTS_BASE, on=name, opponent=SIDES[1 - side], base_of=SIDES[cut],
                           base=NAMES[BASES[cut]])
        return None

    def _cut_base(self, position: TebloPosition, on: int) -> int | None:
        """Which base the opponent's pawn could no longer reach after a piece on `on`.

        The mover's own piece leaves the mover's paths as they were, so only the
        opponent's pawn needs the test (rule c).
        """
        opponent = 1 - position.side
        return _cut_base(position.pawns[opponent], position.passable(opponent), on)

    @staticmethod
    def _placements(position: TebloPosition) -> Iterator[int]:
        """The squares the side may put a piece on (rule c kept), in order: none without a piece in hand."""
        if position.in_hand(position.side) == 0:
            return
        opponent = 1 - position.side
        start, around = position.pawns[opponent], position.passable(opponent)
        free = ALL & ~taken_squares(position)
        while free:
            low = free & -free
            on = low.bit_length() - 1
            free ^= low
            if _cut_base(start, around, on) is None:
                yield on

    @staticmethod
    def _after(position: TebloPosition, turn: Step | Placement) -> TebloPosition:
        side = position.side
        pawns, pieces = position.pawns, position.pieces
        if isinstance(turn, Step):
            pawns = (turn.to, pawns[1]) if side == YELLOW else (pawns[0], turn.to)
        else:
            bit = 1 << turn.on
            pieces = (pieces[0] | bit, pieces[1]) if side == YELLOW else (pieces[0], pieces[1] | bit)
        return TebloPosition(pawns, pieces, 1 - side, position.number + side)

    def legal_turns(self, position: TebloPosition, chance: None = None) -> Iterator[Step | Placement]:
        for to in self._steps(position):
            yield Step(to)
        for on in self._placements(position):
            yield Placement(on)

    def successors(self, position: TebloPosition, chance: None = None
                   ) -> Iterator[tuple[Step | Placement, TebloPosition]]:
        """The legal turns with the positions after them, each turn checked once (as it is listed)."""
        for turn in self.legal_turns(position):
            yield turn, self._after(position, turn)

    def random_play(self, position: TebloPosition, rng: random.Random
                    ) -> tuple[Step | Placement, TebloPosition] | None:
        """The random turn, checked as it is drawn, with the position after it."""
        turn = self.random_turn(position, rng)
        return None if turn is None else (turn, self._after(position, turn))

    def random_turn(self, position: TebloPosition, rng: random.Random) -> Step | Placement | None:
        """A step or a placement, each half the time when both are possible; each legal step, and each legal
        placement, as likely as the others (a placement: the first legal one of squares drawn at random,
        each drawn once)."""
        steps = [Step(to) for to in self._steps(position)]
        if steps and (position.in_hand(position.side) == 0 or rng.random() < 0.5):
            return rng.choice(steps)
        if position.in_hand(position.side):
            tried = taken_squares(position)
            for _ in range(DRAWS):  # random squares first: almost always one of the first is free and legal
                on = rng.randrange(SQUARES)
                if not tried >> on & 1:
                    tried |= 1 << on
                    if self._cut_base(position, on) is None:
                        return Placement(on)
            squares = [on for on in range(SQUARES) if not tried >> on & 1]  # the rest, in random order
            rng.shuffle(squares)
            for on in squares:
                if self._cut_base(position, on) is None:
                    return Placement(on)
        return rng.choice(steps) if steps else None

    def taken(self, before: TebloPosition, after: TebloPosition) -> int:
        """Nothing is ever removed in Teblo: a turn takes from the opponent the steps it adds to
        the shortest way of the opponent's pawn to its goal, pawns ignored (docs/games/teblo.md#generated-games)."""
        if before.pieces == after.pieces:  # a step: the ways stay as they were
            return 0
        opponent = 1 - before.side
        goal = BASES[before.side]
        placed = before.pieces[before.side] ^ after.pieces[before.side]
        if not placed & on_every_shortest_way(before.pawns[opponent], goal, before.passable(opponent)):
            return 0  # a shortest way goes round it: the way is as long as it was
        ways = (distance(position.pawns[opponent], goal, position.passable(opponent)) for position in (before, after))
        was, now = (cast(int, way) for way in ways)  # rule c keeps both ways open
        return now - was

    def outcome(self, position: TebloPosition, history: History | None = None) -> Outcome | None:
        for side in (YELLOW, RED):
            if position.pawns[side] == BASES[1 - side]:
                return Outcome(side, Ending.BASE_REACHED,
                               {"side": SIDES[side], "opponent": SIDES[1 - side], "base": NAMES[BASES[1 - side]]})
        # The same turns three times in a row are steps alone (a placement is never played twice: no piece
        # leaves the board), which bring each pawn back to where the block left it: the position after
        # each of the three blocks is the same. A line whose position is new, or seen once before, has none.
        repeated = history.tripled() if history is not None and history.occurrences(history.position) >= 3 else None
        if history is not None and repeated is not None:
            block = [self.turn_text(cast(Step | Placement, turn)) for turn in history.last(repeated)]
            return Outcome(None, Ending.REPETITION, {"turns": block})
        if not self._can_step(position) and next(self._placements(position), None) is None:
            return Outcome(1 - position.side, Ending.NO_LEGAL_TURN, {"side": SIDES[position.side]})
        return None


PLUGIN = GamePlugin("Teblo", Teblo, scoring="3,1,0")
