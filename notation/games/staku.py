"""Staku: stacks of tokens race for the opponent's palaces on a 49-cell hexagonal board.

Cells are numbered 0..48 in reading order of their names (a1..a6, b1..b7, ..., g1..g6).
A stack is a string of tokens listed bottom to top: 'w' White, 'b' Black, 'n' neutral,
'' for an empty cell. Lines, neighbours and the distance between two cells on a line
are precomputed, so a move is checked with a few table look-ups.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Iterable, Iterator, NamedTuple, Sequence

from ..languages import game_word
from .base import BadSetUp, Cells, Ending, Game, History, Match, Outcome, Played, Refusal, RefusalCode, SetUpCode
from .plugins import GamePlugin
from .rows import read_row, write_row
from ..problems import VariantProblem, say

WHITE, BLACK = 0, 1
SIDES = (game_word("White"), game_word("Black"))
COLOURS = "wb"  # the token of each side
NEUTRAL = "n"

# Rows a..g: (name, axial v, first u, last u), as docs/games/staku.md ("Board") draws them.
ROWS = (("a", -3, -1, 4), ("b", -2, -2, 4), ("c", -1, -3, 4), ("d", 0, -3, 3),
        ("e", 1, -4, 3), ("f", 2, -4, 2), ("g", 3, -4, 1))
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
AXIAL = [(u, v) for _, v, first, last in ROWS for u in range(first, last + 1)]
NAMES = [f"{row}{u - first + 1}" for row, v, first, last in ROWS for u in range(first, last + 1)]
CELL_OF = {name: cell for cell, name in enumerate(NAMES)}
CELLS = len(NAMES)
ROW_CELLS = [[CELL_OF[f"{row}{k}"] for k in range(1, last - first + 2)] for row, _, first, last in ROWS]
_AT = {uv: cell for cell, uv in enumerate(AXIAL)}


def _ray(u: int, v: int, du: int, dv: int) -> tuple[int, ...]:
    """The cells met going straight from (u, v) in direction (du, dv), at most 3."""
    cells: list[int] = []
    while len(cells) < 3 and (u := u + du, v := v + dv) in _AT:
        cells.append(_AT[(u, v)])
    return tuple(cells)


# RAYS[cell]: for each direction leading somewhere, the cells met going straight that way.
RAYS = [tuple(ray for ray in (_ray(u, v, du, dv) for du, dv in DIRECTIONS) if ray) for u, v in AXIAL]
NEIGHBOURS = [tuple(ray[0] for ray in rays) for rays in RAYS]
CAPTURE = 1 << 14  # in a move's code (_move): the move captures
MAX_STACK = 3  # the most tokens a stack holds under any variant (Staku-3, the usual rules)
COUNTS = [range(1, height + 1) for height in range(MAX_STACK + 1)]  # the groups a stack of each height may move
# REACH[cell][count]: each ray of the cell cut to its first `count` cells (a group of `count` tokens goes
# at most that far), for the counts a stack may hold.
REACH = [[tuple(ray[:count] for ray in rays) for count in range(MAX_STACK + 1)] for rays in RAYS]
# (origin, to) -> the cells passed over, for every cell 1 to 3 steps away in a straight line.
BETWEEN = {(cell, ray[k]): ray[:k] for cell in range(CELLS) for ray in RAYS[cell] for k in range(len(ray))}

PALACES = (tuple(CELL_OF[c] for c in ("a1", "a6")), tuple(CELL_OF[c] for c in ("g1", "g6")))  # White's, Black's
FLOWERS = tuple(CELL_OF[c] for c in ("c1", "c3", "c6", "c8", "d4", "e1", "e3", "e6", "e8"))
DRAW_AFTER = 20  # turns in a row without a capture
# Cells from each side's own edge: where its stacks are most likely found first.
SEARCH_ORDER = (tuple(range(CELLS)), tuple(reversed(range(CELLS))))
TOKENS = {"w": 13, "b": 13, "n": 9}
SYMBOLS = "-+*"  # a move of 1, 2 or 3 tokens


class Move(NamedTuple):
    """The top `count` tokens of `origin` go straight to `to`; `capture` if marked 'x'.

    Turns made by the engine (and turns of a checked record) always carry the right
    `capture`; a turn read from text carries it only where the text marks it.
    """

    origin: int
    to: int
    count: int  # type: ignore[assignment]  # the number of tokens moved (hides tuple.count, unused here)
    capture: bool = False


def _move(code: int) -> Move:
    """The Move of a code the engine lists moves by: origin + 64 * to + 4096 * count, + CAPTURE if it captures."""
    return tuple.__new__(Move, (code & 63, code >> 6 & 63, code >> 12 & 3, code >= CAPTURE))


class Turn(NamedTuple):
    """One side's turn: one move, or two written as one chain (c3-d3+f3)."""

    moves: tuple[Move, ...]


@dataclass(frozen=True, slots=True)
class StakuPosition:
    stacks: tuple[str, ...]  # 49 stacks, bottom to top
    side: int = WHITE
    quiet: int = 0  # turns played since the last capture (or the start)
    number: int = field(default=1, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # worked out once, when first asked: replaying a record hashes each position thrice
        found = self._hash
        if not found:
            found = hash((self.stacks, self.side, self.quiet)) or 1
            object.__setattr__(self, "_hash", found)
        return found


def move_text(move: Move, with_origin: bool = True) -> str:
    mark = "x" if move.capture else ""
    return f"{NAMES[move.origin] if with_origin else ''}{SYMBOLS[move.count - 1]}{mark}{NAMES[move.to]}"


def start_stacks() -> tuple[str, ...]:
    stacks = [""] * CELLS
    for cell in ROW_CELLS[0] + ROW_CELLS[1]:
        stacks[cell] = "w"
    for cell in ROW_CELLS[5] + ROW_CELLS[6]:
        stacks[cell] = "b"
    for cell in FLOWERS:
        stacks[cell] = NEUTRAL
    return tuple(stacks)


START = start_stacks()
CELL = "a[1-6]|b[1-7]|c[1-8]|d[1-7]|e[1-8]|f[1-7]|g[1-6]"
class StakuRefusal(RefusalCode):
    """Why the Staku rules refuse a turn (docs/games/staku.md#refusal-codes)."""

    EMPTY = "empty", "{cell} is empty: there is nothing to move"
    NEUTRAL_ONLY = "neutral-only", "{cell} holds only neutral tokens, which never move on their own"
    OPPONENT_TOP = "opponent-top", "{cell} has a {opponent} token on top: {side} moves only stacks topped by a " \
        "{side} token"
    TOO_FEW = "too-few", "{move} moves {count} tokens but {cell} holds only {height}"
    NOWHERE = "nowhere", "{move} goes nowhere: a move ends on another cell"
    NOT_STRAIGHT = "not-straight", "{to} is not in a straight line from {cell}: a group moves straight across cell sides"
    TOO_FAR = "too-far", "{to} is {distance} cells from {cell}: a group of {count:# token|# tokens} moves " \
        "{count:1 cell|at most # cells}"
    IN_THE_WAY = "in-the-way", "{between} is in the way of {move}: a group passes over empty cells only"
    CAPTURE_ON_EMPTY = "capture-on-empty", "{move} marks a capture, but {to} is empty"
    CAPTURE_NO_OPPONENT = "capture-no-opponent", "{move} marks a capture, but {to} has no {opponent} token on top"
    STACK_TOO_HIGH = "stack-too-high", "{move} would make a stack of {height} on {to}: stacks hold at most " \
        "{limit} tokens{limit:2= in Staku-2|}"
    NEUTRAL_ABOVE = "neutral-above", "{move} would put a neutral token above a {side} token on {to}: neutrals stay " \
        "at the bottom of a stack"
    AFTER_WIN = "after-win", "{move} already wins on {opponent}'s palace {palace}: no second move follows a winning move"
    NO_SECOND = "no-second", "no second move after {move}: a second move follows only a stacking or a move of 2 or " \
        "3 tokens"
    SECOND_WHOLE_STACK = "second-whole-stack", "after stacking on {cell}, the second move takes the whole stack " \
        "of {height} from {cell}"
    SECOND_UNSTACKS = "second-unstacks", "after {move} the second move only unstacks {cell}: " \
        "{height:2=its top token|its top 1 or 2 tokens}"


class StakuSetUp(SetUpCode):
    """Why Staku refuses a position code (docs/games/staku.md#set-up-codes)."""

    CODE_SHAPE = "code-shape", "a Staku position code is ROWS SIDE TURNS-WITHOUT-CAPTURE NUMBER, as in {example}"
    ROW_COUNT = "row-count", "a Staku position has 7 rows (g to a), not {rows}"
    BADLY_WRITTEN_STACK = "badly-written-stack", "row {row} of the position has a badly written stack {stack!r}"
    ROW_WIDTH = "row-width", "row {row} of the position covers {width} cells, not {cells}"
    QUIET_TOO_LONG = "quiet-too-long", "the turns without capture are at most {most} (the game is drawn then)"
    STACK_TOO_HIGH = "stack-too-high", "the stack on {cell} holds {height} tokens: at most {limit} in Staku-{limit}"
    NOT_A_STACK = "not-a-stack", "the stack on {cell} ({stack}) is not a legal stack: neutrals at the bottom, " \
        "then tokens of one colour"
    TOO_MANY_TOKENS = "too-many-tokens", "the position has {count} {side} tokens: there are {most}"
    TOO_MANY_NEUTRALS = "too-many-neutrals", "the position has {count} neutral tokens: there are {most}"
    BOTH_PALACES = "both-palaces", "both sides stand on an opponent's palace"


POSITION_CODE = re.compile(r"(?P<rows>[wbn0-9()/]+) (?P<side>[WB]) (?P<quiet>[0-9]+) (?P<number>[1-9][0-9]*)")
ROW_CELL = r"\([^()]*\)|[wbn]|."  # a stack, a token, or a stray character (an error)
LEGAL_STACK = re.compile(r"n*(?:w*|b*)")
COUNT_OF = {"-": 1, "+": 2, "*": 3}


class Staku(Game[StakuPosition, Turn]):
    name = "Staku"
    sides = SIDES
    options = frozenset({"Staku-2", "Staku-3"})
    refusal_codes = StakuRefusal
    set_up_codes = StakuSetUp
    usual_options = frozenset({"staku-3"})  # docs/games/staku.md#variant-staku-2
    cell_contents = "(?=[nwb]{1,3}$)n*(?:w*|b*)"  # a stack, bottom to top: neutrals, then one colour
    turn_example = game_word("one or two moves like c3-d3, c3+d4, a1*a4, c3-d3+f4; x marks a capture: c3-xd4")
    turn_rules = rf'''
# A Staku turn is a chain of cells joined by the number of tokens moved: - one, + two,
# * three; x before a cell marks a capture there. One move (c3-d3) or two (c3-d3+f4).
turn            = ~r"(?P<c0>{CELL})(?P<o1>[-+*])(?P<x1>x?)(?P<c1>{CELL})(?:(?P<o2>[-+*])(?P<x2>x?)(?P<c2>{CELL}))?(?![\w*+-])\s*"
'''

    def __init__(self, variant: str = "") -> None:
        super().__init__(variant)
        if {"staku-2", "staku-3"} <= self.variant:
            raise ValueError(say(VariantProblem.EXCLUDE, game="Staku", first="Staku-2", second="Staku-3"))
        self.limit = 2 if "staku-2" in self.variant else MAX_STACK  # tokens in a stack

    def start_position(self) -> StakuPosition:
        return StakuPosition(START)

    # --- position code: rows g..a of stacks, side, turns since capture, turn number ---
    def position_code(self, position: StakuPosition) -> str:
        stacks = position.stacks
        rows = [write_row(stacks[cell] if len(stacks[cell]) < 2 else f"({stacks[cell]})" for cell in cells)
                for cells in reversed(ROW_CELLS)]
        return f"{'/'.join(rows)} {'WB'[position.side]} {position.quiet} {position.number}"

    def read_position(self, code: str) -> StakuPosition:
        match = POSITION_CODE.fullmatch(code.strip())
        if not match:
            raise BadSetUp(StakuSetUp.CODE_SHAPE, example=self.position_code(self.start_position()))
        rows = match["rows"].split("/")
        if len(rows) != len(ROWS):
            raise BadSetUp(StakuSetUp.ROW_COUNT, rows=len(rows))
        stacks = [""] * CELLS
        for cells, text, (row, *_) in zip(reversed(ROW_CELLS), rows, reversed(ROWS)):
            width, occupied = read_row(text, ROW_CELL)
            for _, part in occupied:
                if part in "()":  # "(", ")" or an empty stack "()"
                    raise BadSetUp(StakuSetUp.BADLY_WRITTEN_STACK, row=row, stack=part)
            if width != len(cells):
                raise BadSetUp(StakuSetUp.ROW_WIDTH, row=row, width=width, cells=len(cells))
            for column, part in occupied:
                stacks[cells[column]] = part.strip("()")
        quiet = int(match["quiet"])
        if quiet > DRAW_AFTER:
            raise BadSetUp(StakuSetUp.QUIET_TOO_LONG, most=DRAW_AFTER)
        position = StakuPosition(tuple(stacks), "WB".index(match["side"]), quiet, int(match["number"]))
        self._check_position(position)
        return position

    def cells(self, position: StakuPosition) -> Cells:
        """Each cell's stack, its tokens bottom to top as the code writes them (without the
        parentheses): w, nb, nww."""
        return Cells(CELL_OF, position.stacks.__getitem__)

    def _check_position(self, position: StakuPosition) -> None:
        for cell, stack in enumerate(position.stacks):
            if len(stack) > self.limit:
                raise BadSetUp(StakuSetUp.STACK_TOO_HIGH, cell=NAMES[cell], height=len(stack), limit=self.limit)
            if not LEGAL_STACK.fullmatch(stack):
                raise BadSetUp(StakuSetUp.NOT_A_STACK, cell=NAMES[cell], stack=stack)
        joined = "".join(position.stacks)
        for token, most in TOKENS.items():
            if joined.count(token) > most:
                if token == "n":
                    raise BadSetUp(StakuSetUp.TOO_MANY_NEUTRALS, count=joined.count(token), most=most)
                raise BadSetUp(StakuSetUp.TOO_MANY_TOKENS, count=joined.count(token), side=SIDES["wb".index(token)],
                               most=most)
        if all(self._palace_taken(position.stacks, side) is not None for side in (WHITE, BLACK)):
            raise BadSetUp(StakuSetUp.BOTH_PALACES)

    # --- turns as text ---------------------------------------------------------------
    def turn_from_match(self, match: Match) -> Turn:
        c0, o1, x1, c1, o2, x2, c2 = match.groups()
        first = Move(CELL_OF[c0], CELL_OF[c1], COUNT_OF[o1], x1 == "x")
        if o2 is None:
            return Turn((first,))
        return Turn((first, Move(first.to, CELL_OF[c2], COUNT_OF[o2], x2 == "x")))

    def turn_text(self, turn: Turn) -> str:
        first, *rest = turn.moves
        return move_text(first) + "".join(move_text(move, False) for move in rest)

    # --- rules -------------------------------------------------------------------------
    def play(self, position: StakuPosition, turn: Turn) -> Played[StakuPosition, Turn]:
        """The turn played on a copy of the position's stacks, every capture marked (the
        position tells which moves capture)."""
        side = position.side
        stacks = list(position.stacks)
        moves = turn.moves
        first = moves[0]
        refusal = self._why_move_illegal(stacks, side, first)
        if refusal is not None:
            return Played(refusal, turn, None)
        before = stacks[first.to]
        took = self._play(stacks, first)
        if len(moves) == 1:
            done = turn if first.capture == took else Turn((first._replace(capture=took),))
            return Played(None, done, self._after(position, stacks, took))
        second = moves[1]
        refusal = self._why_second_illegal(stacks, side, first, before, took, second)
        if refusal is None:
            refusal = self._why_move_illegal(stacks, side, second)
        if refusal is not None:
            return Played(refusal, turn, None)
        took_too = self._play(stacks, second)
        if (first.capture, second.capture) != (took, took_too):
            turn = Turn((first._replace(capture=took), second._replace(capture=took_too)))
        return Played(None, turn, self._after(position, stacks, took or took_too))

    @staticmethod
    def _after(position: StakuPosition, stacks: list[str], captured: bool) -> StakuPosition:
        """The position after a turn that left these stacks (and captured or not)."""
        side = position.side
        return StakuPosition(tuple(stacks), 1 - side, 0 if captured else position.quiet + 1, position.number + side)

    @staticmethod
    def _play(stacks: list[str], move: Move) -> bool:
        """Move the group on `stacks`; whether it captured."""
        origin, to, count = move.origin, move.to, move.count
        group = stacks[origin][-count:]
        stacks[origin] = stacks[origin][:-count]
        target = stacks[to]
        if target and target[-1] != NEUTRAL and target[-1] != group[-1]:
            stacks[to] = group
            return True
        stacks[to] = target + group
        return False

    def _why_move_illegal(self, stacks: list[str], side: int, move: Move) -> Refusal | None:
        origin, to, count = move.origin, move.to, move.count
        mover, other = SIDES[side], SIDES[1 - side]
        here, there = NAMES[origin], NAMES[to]
        stack = stacks[origin]
        if not stack:
            return Refusal(StakuRefusal.EMPTY, cell=here)
        top = stack[-1]
        if top == NEUTRAL:
            return Refusal(StakuRefusal.NEUTRAL_ONLY, cell=here)
        if top != COLOURS[side]:
            return Refusal(StakuRefusal.OPPONENT_TOP, cell=here, opponent=other, side=mover)
        if count > len(stack):
            return Refusal(StakuRefusal.TOO_FEW, move=move_text(move), count=count, cell=here, height=len(stack))
        passed = BETWEEN.get((origin, to))
        if passed is None or len(passed) >= count:
            if origin == to:
                return Refusal(StakuRefusal.NOWHERE, move=move_text(move))
            distance = _distance(origin, to)
            if distance is None:
                return Refusal(StakuRefusal.NOT_STRAIGHT, to=there, cell=here)
            return Refusal(StakuRefusal.TOO_FAR, to=there, distance=distance, cell=here, count=count)
        for cell in passed:
            if stacks[cell]:
                return Refusal(StakuRefusal.IN_THE_WAY, between=NAMES[cell], move=move_text(move))
        target = stacks[to]
        capture = bool(target) and target[-1] == COLOURS[1 - side]
        if move.capture and not capture:
            if not target:
                return Refusal(StakuRefusal.CAPTURE_ON_EMPTY, move=move_text(move), to=there)
            return Refusal(StakuRefusal.CAPTURE_NO_OPPONENT, move=move_text(move), to=there, opponent=other)
        if target and not capture:
            group = stack[-count:]
            if len(target) + count > self.limit:
                return Refusal(StakuRefusal.STACK_TOO_HIGH, move=move_text(move), height=len(target) + count, to=there,
                               limit=self.limit)
            if group[0] == NEUTRAL and target[-1] != NEUTRAL:
                return Refusal(StakuRefusal.NEUTRAL_ABOVE, move=move_text(move), side=mover, to=there)
        return None

    def _why_second_illegal(self, stacks: list[str], side: int, first: Move, before: str, captured: bool,
                            second: Move) -> Refusal | None:
        """Whether the first move allows a second one taking `second.count` tokens."""
        landing = NAMES[first.to]
        if first.to in PALACES[1 - side]:
            return Refusal(StakuRefusal.AFTER_WIN, move=move_text(first), opponent=SIDES[1 - side], palace=landing)
        stacked = bool(before) and not captured
        allowed = _second_counts(first.count, stacked, len(stacks[first.to]))
        if not allowed:
            return Refusal(StakuRefusal.NO_SECOND, move=move_text(first))
        if second.count in allowed:
            return None
        height = len(stacks[first.to])
        if first.count == 1:
            return Refusal(StakuRefusal.SECOND_WHOLE_STACK, cell=landing, height=height)
        return Refusal(StakuRefusal.SECOND_UNSTACKS, move=move_text(first), cell=landing, height=height)

    def legal_turns(self, position: StakuPosition, chance: None = None) -> Iterator[Turn]:
        side = position.side
        for code in self._moves(position.stacks, side):
            first = _move(code)
            stacks = list(position.stacks)
            before = stacks[first.to]
            captured = self._play(stacks, first)
            yield Turn((first,))
            for second in self._seconds(stacks, side, first, before, captured):
                yield Turn((first, _move(second)))

    def _seconds(self, stacks: list[str], side: int, first: Move, before: str, captured: bool) -> list[int]:
        """The legal second moves after `first`, as codes (`_move`)."""
        if first.to in PALACES[1 - side]:
            return []
        counts = _second_counts(first.count, bool(before) and not captured, len(stacks[first.to]))
        return self._moves_from(stacks, side, first.to, counts)

    def _moves(self, stacks: Sequence[str], side: int) -> list[int]:
        """Every legal single move of `side`, as codes (`_move`)."""
        colour = COLOURS[side]
        return self._listed(stacks, side, [(cell, COUNTS[len(stack)]) for cell, stack in enumerate(stacks)
                                           if stack and stack[-1] == colour])

    def _moves_from(self, stacks: Sequence[str], side: int, cell: int, counts: Iterable[int]) -> list[int]:
        """The legal moves of the top `count` tokens of `cell`, for each count given, as codes (`_move`)."""
        return self._listed(stacks, side, ((cell, counts),))

    def _listed(self, stacks: Sequence[str], side: int, groups: Iterable[tuple[int, Iterable[int]]]) -> list[int]:
        """The legal moves of the top `count` tokens of each cell, for each (cell, counts), each as a number
        (`_move` makes it a Move): listing the moves is most of a random player's time, which makes a Move
        of the one it draws alone."""
        enemy = COLOURS[1 - side]
        limit = self.limit
        moves: list[int] = []
        add = moves.append
        for cell, counts in groups:
            stack = stacks[cell]
            reach = REACH[cell]
            for count in counts:
                neutral_below = stack[-count] == NEUTRAL
                move = cell | count << 12
                for ray in reach[count]:
                    for to in ray:
                        target = stacks[to]
                        if not target:
                            add(move | to << 6)
                            continue
                        top = target[-1]
                        if top == enemy:
                            add(move | to << 6 | CAPTURE)
                        elif len(target) + count <= limit and not (neutral_below and top != NEUTRAL):
                            add(move | to << 6)
                        break
        return moves

    def successors(self, position: StakuPosition, chance: None = None) -> Iterator[tuple[Turn, StakuPosition]]:
        """The legal turns, in legal_turns' order, with the positions after them, played as they are listed
        (the engine's moves carry their captures: `play` completes nothing)."""
        side = position.side
        for code in self._moves(position.stacks, side):
            first = _move(code)
            stacks = list(position.stacks)
            before = stacks[first.to]
            captured = self._play(stacks, first)
            yield Turn((first,)), self._after(position, stacks, captured)
            for later in self._seconds(stacks, side, first, before, captured):
                second = _move(later)
                again = list(stacks)
                took = self._play(again, second)
                yield Turn((first, second)), self._after(position, again, captured or took)

    def random_turn(self, position: StakuPosition, rng: random.Random) -> Turn | None:
        """A random first move, followed half the time by a random second move if one is allowed."""
        play = self.random_play(position, rng)
        return None if play is None else play[0]

    def random_play(self, position: StakuPosition, rng: random.Random) -> tuple[Turn, StakuPosition] | None:
        """The random turn with the position after it, played as it is drawn."""
        side = position.side
        firsts = self._moves(position.stacks, side)
        if not firsts:
            return None
        first = _move(rng.choice(firsts))
        stacks = list(position.stacks)
        before = stacks[first.to]
        captured = self._play(stacks, first)
        seconds = self._seconds(stacks, side, first, before, captured)
        if seconds and rng.random() < 0.5:
            second = _move(rng.choice(seconds))
            took = self._play(stacks, second)
            return Turn((first, second)), self._after(position, stacks, captured or took)
        return Turn((first,)), self._after(position, stacks, captured)

    def taken(self, before: StakuPosition, after: StakuPosition) -> int:
        """The opponent's tokens the turn's captures removed (docs/games/staku.md#generated-games)."""
        enemy = COLOURS[1 - before.side]
        return "".join(before.stacks).count(enemy) - "".join(after.stacks).count(enemy)

    def outcome(self, position: StakuPosition, history: History | None = None) -> Outcome | None:
        stacks = position.stacks
        for side in (1 - position.side, position.side):
            colour = COLOURS[side]
            for palace in PALACES[1 - side]:
                if stacks[palace][-1:] == colour:
                    return Outcome(side, Ending.PALACE_TAKEN,
                                   {"side": SIDES[side], "opponent": SIDES[1 - side], "palace": NAMES[palace]})
        if position.quiet >= DRAW_AFTER:
            return Outcome(None, Ending.NO_CAPTURE, {"turns": DRAW_AFTER})
        if not self._can_move(stacks, position.side):
            return Outcome(1 - position.side, Ending.NO_LEGAL_MOVE, {"side": SIDES[position.side]})
        return None

    @staticmethod
    def _palace_taken(stacks: Sequence[str], side: int) -> int | None:
        """The opponent's palace topped by `side`'s colour, if any."""
        colour = COLOURS[side]
        for palace in PALACES[1 - side]:
            if stacks[palace][-1:] == colour:
                return palace
        return None

    def _can_move(self, stacks: Sequence[str], side: int) -> bool:
        """Whether `side` has a legal move: some top token of its colour can step to a neighbour.

        A move of more tokens or over more cells needs that too (an empty neighbour,
        or a target the single top token could also take or stack on).
        """
        colour, enemy, limit = COLOURS[side], COLOURS[1 - side], self.limit
        for cell in SEARCH_ORDER[side]:
            stack = stacks[cell]
            if stack and stack[-1] == colour:
                for neighbour in NEIGHBOURS[cell]:
                    target = stacks[neighbour]
                    if not target or target[-1] == enemy or len(target) < limit:
                        return True
        return False


def _second_counts(count: int, stacked: bool, height: int) -> tuple[int, ...]:
    """How many tokens a second move may take from where the first one landed.

    After a stacking, the whole stack; after a move of 2 or 3 tokens, the top one, or
    the top two of a stack of 3 (unstacking); both when a moved group stacked.
    """
    counts = set()
    if stacked:
        counts.add(height)
    if count >= 2:
        counts.update((1, 2) if height == 3 else (1,))
    return tuple(sorted(counts))


def _distance(origin: int, to: int) -> int | None:
    """How many cells apart two cells on one straight line are; None if on no common line."""
    (u1, v1), (u2, v2) = AXIAL[origin], AXIAL[to]
    du, dv = u2 - u1, v2 - v1
    if du and dv and du != -dv:
        return None
    return max(abs(du), abs(dv))


PLUGIN = GamePlugin("Staku", Staku)
