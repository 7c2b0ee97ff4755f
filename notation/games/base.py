"""The interface every game implements, and what the common layer knows of a game.

The common layer (reader, writer, replay, diagrams, CLI) only ever talks to a game
through this class. It knows that two sides alternate, that each turn is one token
of the game's grammar, and that positions are values with a side to move and a turn
number. Everything else is the game's business: cells and their names (squares,
hexagons, zones), what a turn holds (one move or two, dice throws, orientations,
flick outcomes), which turns are legal and why not, and when the game ends.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any, Callable, ClassVar, Generic, Hashable, Iterable, Iterator, Protocol, TypeVar, cast

from ..grammar import turn_pattern
from ..languages import Words
from ..limits import shorten
from ..model import RESULT_OF
from ..problems import FormatProblem, say
from ..worded import Param as Param, Said as Said, Worded as Worded, _json  # the games have them from here

Match = re.Match[str]  # a match of the game's turn pattern (grammar.turn_pattern)


class Position(Protocol):
    """What the common layer reads from any game's position.

    Positions are immutable. Equal positions compare equal and hash alike; counters
    that never repeat, like the turn number, are left out of equality.
    """

    @property
    def side(self) -> int:
        """Index in Game.sides of the side to move."""

    @property
    def number(self) -> int:
        """Number of the turn about to be played."""


P = TypeVar("P", bound=Position)  # a game's position type
T = TypeVar("T", bound=Hashable)  # a game's turn type
DRAWN_PLAYS = 16  # random turns a player weighs where the rules cannot list every turn (Game.drawn_plays)


class RefusalCode(Worded):
    """Why the rules refuse a turn: each game's refusals are an enum of this kind (its
    `refusal_codes`), listed on the game's page in docs/games."""


class Refusal(Said):
    """Why the rules refuse a turn: one of the game's refusal codes and its parameters,
    as `Refusal(TebloRefusal.NOT_ADJACENT, to="D6", side="Yellow", pawn="D4")`."""

    code: RefusalCode

    def __init__(self, code: RefusalCode, **params: Param) -> None:
        super().__init__(code, **params)


class Ending(Worded):
    """Every way a game of the format ends, by its code (docs/format.md#ending-codes), with the
    template of the sentence that says it. `Outcome` gives it with its parameters."""

    # the code, the template of its sentence, its general words (Worded.general)
    BASE_REACHED = "base-reached", "{side}'s pawn reached {opponent}'s base {base}", \
        "the winner's pawn reached the loser's base"  # Teblo
    REPETITION = "repetition", "the turns {turns:join} were played three times in a row", \
        "the same turns played three times in a row"  # Teblo
    NO_LEGAL_TURN = "no-legal-turn", "{side} has no legal turn", "the loser has no legal turn"  # Teblo
    PALACE_TAKEN = "palace-taken", "{side} took {opponent}'s palace {palace}", \
        "the winner took the loser's palace"  # Staku
    NO_CAPTURE = "no-capture", "{turns} turns in a row without a capture", \
        "the limit of turns in a row without a capture"  # Staku
    NO_LEGAL_MOVE = "no-legal-move", "{side} has no legal move", "the loser has no legal move"  # Staku
    HOME = "home", "{side} brought its second pawn home", \
        "the winner brought its second pawn home"  # Tektop: Black, first
    HOME_LAST_TURN = "home-last-turn", "{side} brought its second pawn home first, but {opponent} brought its " \
        "second home in its last turn", "the loser brought its second pawn home first, but the winner brought " \
        "its second home in its last turn"  # Tektop: both, Black in its last turn
    HOME_FIRST = "home-first", "{side} brought its second pawn home, and {opponent} did not bring its second " \
        "home in its last turn", "the winner brought its second pawn home, and the loser did not bring its " \
        "second home in its last turn"  # Tektop: White alone
    FLAG_TAKEN = "flag-taken", "{side} took {opponent}'s flag", "the winner took the loser's flag"  # Tekao
    NO_LEGAL_ACTION = "no-legal-action", "{side} has no legal action", "the loser has no legal action"  # Tekao
    QUEEN_HIT = "queen-hit", "{side} hit {opponent}'s queen while {opponent} was in t'chako", \
        "the winner hit the loser's queen while the loser was in t'chako"  # T'Chako
    NO_QUEEN = "no-queen", "{opponent} was put in t'chako with its queen off the board", \
        "the loser was put in t'chako with its queen off the board"
    ANARCHY = "anarchy", "{side} linked a chain of zones to {opponent}'s vital zone and controls it (anarchy)", \
        "the winner linked a chain of zones to the loser's vital zone and controls it (anarchy)"
    HILL = "hill", "{side} holds {zones:join and} (king of the hill)", \
        "the winner holds the zones of a hill (king of the hill)"
    LEAD = "lead", "{side} has {pucks} pucks more than {opponent} (demographic victory)", \
        "the winner leads by the pucks the variant sets (demographic victory)"
    TOTAL = "total", "{side} has {pucks} pucks on the board (demographic victory)", \
        "the winner has as many pucks on the board as the variant sets (demographic victory)"
    SUDDEN_DEATH = "sudden-death", "{opponent} has no puck left and may create no more (sudden death)", \
        "the loser has no puck left and may create no more (sudden death)"
    COUNTDOWN_ZONES = "countdown-zones", "the countdown is over and {side} captures more zones", \
        "the countdown is over and the winner captures more zones"
    COUNTDOWN_PUCKS = "countdown-pucks", "the countdown is over, both capture as many zones, and {side} has more " \
        "pucks on the board", "the countdown is over, both capture as many zones, and the winner has more pucks " \
        "on the board"
    COUNTDOWN_TIE = "countdown-tie", "the countdown is over with as many zones and pucks each: the players decide " \
        "by the pucks nearest the opponent's vital zone", "the countdown is over with as many zones and pucks " \
        "each"  # T'Chako: not a result the rules give
    # not the rules: the record's Termination tag says how
    RECORDED = "recorded", "{termination}", "decided by the players (the Termination tag says how)"
    RESULT_RECORDED = "result-recorded", "the result recorded", \
        "decided by the players (no Termination tag)"  # not the rules, and no Termination tag

TERMINATIONS: dict[Worded, str] = {  # the Termination tag's word for an ending, when it is not "normal"
    Ending.REPETITION: "repetition", Ending.RECORDED: "recorded", Ending.RESULT_RECORDED: "recorded"}
@dataclass(slots=True)
class Played(Generic[P, T]):
    """What the rules say of a turn played from a position (`Game.play`): an answer, read
    and not changed (not frozen only because replaying makes one a turn, and a frozen
    dataclass is built three times slower).

    `refusal` is why they refuse it (a code of the game and its parameters; `reason` says
    it in words), or None when it is legal; `turn` is the turn as the position completes it
    (what the notation lets a player leave out written in: a capture mark, say), the turn
    as given when it is refused; `after` is the position after a legal turn, None after a
    refused one.
    """

    refusal: Refusal | None
    turn: T
    after: P | None

    @property
    def reason(self) -> str | None:
        """Why the rules refuse the turn, in words a player reads; None when it is legal."""
        return None if self.refusal is None else self.refusal.sentence


class SetUpCode(Worded):
    """Why a position code is refused (a record's set-up position, one written in the studio or
    for `diagram`): each game's reasons are an enum of this kind (its `set_up_codes`), listed on
    its page in docs/games; those of the format, the same for every game, are FormatSetUp
    (docs/format.md#set-up-codes)."""


class SetUpRefusal(Said):
    """Why a position code is refused: a set-up code and its parameters, as
    `SetUpRefusal(TebloSetUp.ROW_COUNT, rows=11)`."""

    code: SetUpCode

    def __init__(self, code: SetUpCode, **params: Param) -> None:
        super().__init__(code, **params)


class BadSetUp(ValueError):
    """A position code refused: the message says why, `refusal` gives the code and its
    parameters (a ValueError, as every refused position code is)."""

    def __init__(self, code: SetUpCode, **params: Param) -> None:
        self.refusal = SetUpRefusal(code, **params)
        super().__init__(self.refusal.sentence)

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle keeps the code
        return partial(type(self), self.refusal.code, **self.refusal.params), ()

    @property
    def detail(self) -> dict[str, object]:
        """The code and its parameters as a problem's `detail` carries them: {"refusal": ...}."""
        return {"refusal": self.refusal.as_json()}


class FormatSetUp(SetUpCode):
    """The format's reasons for refusing a set-up position, the same for every game: the tags,
    and a position edited cell by cell and field by field (docs/annotating.md#set-up-positions)."""

    NO_POSITION_TAG = "no-position-tag", 'SetUp "1" needs a Position tag'
    NOT_A_POSITION_CODE = "not-a-position-code", "{written!r} is not a {game} position code"
    NOT_EDITED_BY_CELL = "not-edited-by-cell", "{game} positions are not edited cell by cell here: write the " \
        "position's code"
    NOT_A_CELL = "not-a-cell", "{cell!r} is not a cell of {game}"
    NOT_CONTENTS = "not-contents", "{contents!r} is not what a cell holds: letters and digits, as the code writes them"
    CANNOT_HOLD = "cannot-hold", "{cell} cannot hold {contents!r}: the code does not say that"
    NOT_A_FIELD = "not-a-field", "{field!r} is not a field of a {game} position"
    NUMBER_BETWEEN = "number-between", "{field}: {value!r} is not a whole number from {lowest} to {highest}"
    NUMBER_FROM = "number-from", "{field}: {value!r} is not a whole number from {lowest} or more"
    NOT_YES_OR_NO = "not-yes-or-no", "{field}: {value!r} is not yes or no"
    NOT_A_CHOICE = "not-a-choice", "{field}: {value!r} is not one of {choices:join ,}"
    NOT_AS_WRITTEN = "not-as-written", "{field}: {value!r} is not {hint}"
    NOT_SET_BY_HAND = "not-set-by-hand", "{field} follows from the board: it is not set by hand"
    SIDE_IN_CODE = "side-in-code", "the side to move of a {game} position is written in its code: write it there"
    NOT_TO_MOVE = "not-to-move", "the code does not put {side} to move"


class IllegalTurn(ValueError):
    """A turn the rules refuse: the message says why, `refusal` gives the code."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.sentence)
        self.refusal = refusal


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning side (None for a draw), and why: the `ending` code (an
    Ending for the format's games; a game added as a plugin may have a Worded enum of its
    own) and its parameters (sides, cells, numbers), which `reason` says in words."""

    winner: int | None
    ending: Worded
    params: Mapping[str, Param] = field(default_factory=dict)

    @property
    def result(self) -> str:
        return RESULT_OF[self.winner]

    @property
    def reason(self) -> str:
        return self.ending.say(self.params)

    def reason_in(self, words: Words) -> str:
        """`reason` in the language of `words`."""
        return self.ending.say(self.params, words)

    @property
    def termination(self) -> str:
        """The Termination tag's word for this end: "repetition", "recorded" (an end the rules
        did not reach), else "normal"."""
        return TERMINATIONS.get(self.ending, "normal")

    def __str__(self) -> str:
        return self.reason

    def __hash__(self) -> int:  # the parameters, a dict, are left out
        return hash((self.winner, self.ending))

    def __repr__(self) -> str:
        params = f", {dict(self.params)!r}" if self.params else ""
        return f"Outcome({self.winner!r}, Ending.{self.ending.name}{params})"

    def as_json(self) -> dict[str, object]:
        """{"code": the ending, then each parameter}."""
        return {"code": str(self.ending), **{name: _json(value) for name, value in self.params.items()}}


class History:
    """The line being played: its turns in order and the position after each, start first.

    For rules about the turns played rather than the position reached (Teblo's
    repetition draw). For each length m = 1, 2, 4, 8, ... every block of m turns gets a
    name, a small number shared by exactly the blocks of the same m turns (same sides, same
    turns): a block of 2m turns is named after the names of its two halves. Two blocks of
    any length L, with m <= L < 2m, are then the same turns exactly when their first m turns
    and their last m turns have the same names, one step. For each m the line keeps where
    each name's blocks end. Naming a turn, or taking a named turn back, costs a step for
    each m (about log2 of the line's length), and so does `tripled` (see there). Blocks are
    named only once a question needs them, each length on its own: a game that never asks
    (T'Chako) pays for two list appends a turn, and lengths that `tripled` does not reach
    are not named.
    """

    def __init__(self, start: Position) -> None:
        self.turns: list[tuple[int, Hashable]] = []  # (side that played it, turn)
        self.positions: list[Position] = [start]
        # For each level t (blocks of 2**t turns): _names[t][e] names the block ending after
        # turn e (None while e < 2**t), for the turns named so far; _namers[t] gives the names
        # (level 0: a turn's name; above: the pair of its halves' names), 0, 1, 2, ... in order
        # of appearance; _ends[t][name]: where that name's blocks end, in order.
        self._names: list[list[int | None]] = [[None]]
        self._namers: list[dict[Hashable, int]] = [{}]
        self._ends: list[list[list[int]]] = [[]]
        # The positions counted so far (the first _counted of the line), by position: see occurrences.
        self._counts: dict[Position, int] = {}
        self._counted = 0

    def __len__(self) -> int:
        return len(self.turns)

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def push(self, turn: Hashable, after: Position) -> None:
        """Add the turn played from the current position, and the position after it."""
        self.turns.append((self.position.side, turn))
        self.positions.append(after)

    def pop(self) -> None:
        """Take back the last turn."""
        end = len(self.turns)
        for level, (names, ends) in enumerate(zip(self._names, self._ends)):
            if 1 << level > end or len(names) <= end:  # no block of this length ends with the turn, or not named
                break
            ends[cast(int, names.pop())].pop()  # named: the block ends with a played turn
        self.turns.pop()
        if self._counted == len(self.positions):
            self._counted -= 1
            self._counts[self.positions[-1]] -= 1
        self.positions.pop()

    def copy(self) -> History:
        """Another history of the same line, which the changes of either leave the other's as it is."""
        other = History(self.positions[0])
        other.turns, other.positions = self.turns[:], self.positions[:]
        other._names = [names[:] for names in self._names]
        other._namers = [dict(namers) for namers in self._namers]
        other._ends = [[ends[:] for ends in level] for level in self._ends]
        other._counts, other._counted = dict(self._counts), self._counted
        return other

    def rewind(self, length: int) -> None:
        """Take back turns until `length` are left."""
        while len(self.turns) > length:
            self.pop()

    def _named(self, level: int) -> list[int | None]:
        """The names of the blocks of 2**level turns, up to the end of the line (named now if need be)."""
        while len(self._names) <= level:  # blocks of a new length: none ends before their length
            self._names.append([None] * (1 << len(self._names)))
            self._namers.append({})
            self._ends.append([])
        names, namer, ends = self._names[level], self._namers[level], self._ends[level]
        if len(names) > len(self.turns):
            return names
        if level:
            half = 1 << (level - 1)
            halves = self._named(level - 1)
            keys: Iterable[Hashable] = ((halves[end - half], halves[end])
                                        for end in range(len(names), len(self.turns) + 1))
        else:
            keys = self.turns[len(names) - 1:]
        for end, key in enumerate(keys, len(names)):
            name = namer.get(key)
            if name is None:
                name = namer[key] = len(ends)
                ends.append([end])
            else:
                ends[name].append(end)
            names.append(name)
        return names

    def _same(self, first: int, second: int, length: int) -> bool:
        """Whether the `length` turns after the first `first` are those after the first `second`."""
        level = length.bit_length() - 1
        names, size = self._named(level), 1 << level
        return names[first + size] == names[second + size] and names[first + length] == names[second + length]

    def occurrences(self, position: Position) -> int:
        """How many positions of the line, the start included, are equal to `position` (counted once asked for:
        a game that never asks pays nothing)."""
        counts = self._counts
        for seen in self.positions[self._counted:]:
            counts[seen] = counts.get(seen, 0) + 1
        self._counted = len(self.positions)
        return counts.get(position, 0)

    def tripled(self) -> int | None:
        """The smallest k such that the last 3k turns are the same k turns (same sides, same
        turns) three times in a row, or None.

        A block of k turns, with 2**t <= k < 2**(t+1), ends with the same 2**t turns in each
        copy, so only the places where those 2**t turns ended earlier, between k and 2k
        turns back, are tried. If no earlier end of the line had such a repetition, those
        places are more than 2**(t-1) apart (closer ones would overlap into one), so there
        are at most two of them for each t. When the last 2**t turns were never played
        before, neither were any longer last turns: no longer block is looked for (nor named).
        """
        end = len(self.turns)
        level = 0
        while 3 << level <= end:
            size = 1 << level
            names = self._named(level)
            earlier_ends = self._ends[level][cast(int, names[end])]
            if len(earlier_ends) == 1:  # only this one
                return None
            for earlier in reversed(earlier_ends):
                if earlier > end - size:
                    continue
                if earlier <= end - 2 * size:
                    break
                if self.repeats(end - earlier, 3):
                    return end - earlier
            level += 1
        return None

    def repeats(self, length: int, times: int) -> bool:
        """Whether the last `length` * `times` turns are the same `length` turns `times` times in a row."""
        end = len(self.turns)
        begin = end - length * times
        if length < 1 or begin < 0:
            return False
        return all(self._same(at, end - length, length) for at in range(begin, end - length, length))

    def last(self, length: int) -> list[Hashable]:
        """The last `length` turns."""
        return [turn for _, turn in self.turns[len(self.turns) - length:]]


class Cells(Mapping[str, str]):
    """What the cells of one position hold, by cell name, each worked out when it is asked
    for (a question about a few cells does not pay for the whole board): `index` gives each
    name's cell number, `content(number)` what that cell holds ("" when it is empty)."""

    __slots__ = ("index", "content")

    def __init__(self, index: Mapping[str, int], content: Callable[[int], str]) -> None:
        self.index, self.content = index, content

    def __getitem__(self, name: str) -> str:
        return self.content(self.index[name])

    def __contains__(self, name: object) -> bool:
        return name in self.index

    def __iter__(self) -> Iterator[str]:
        return iter(self.index)

    def __len__(self) -> int:
        return len(self.index)


class Game(ABC, Generic[P, T]):
    """The rules of one game, with its options (the record's Variant tag) applied: P is its
    position type, T its turn type."""

    name: ClassVar[str]  # as written in the Game tag
    sides: ClassVar[tuple[str, str]]  # first side, second side: also their tag names
    turn_rules: ClassVar[str]  # the rule `turn`: one regular expression, in parsimonious syntax (grammar.py)
    turn_example: ClassVar[str]  # how turns look, for error messages
    options: ClassVar[frozenset[str]] = frozenset()  # Variant options understood
    usual_options: ClassVar[frozenset[str]] = frozenset()  # options (lower case) naming the rules without options
    cell_contents: ClassVar[str] = ""  # regular expression of what an occupied cell holds, as `cells` writes it
    every_turn_listed: ClassVar[bool] = True  # legal_turns lists every turn a player may choose (not T'Chako's)
    number_field: ClassVar[int] = -1  # which space-separated field of the position code is the turn number
    refusal_codes: ClassVar[Iterable[RefusalCode]] = ()  # every code its rules refuse a turn with (an enum)
    set_up_codes: ClassVar[Iterable[SetUpCode]] = ()  # every code it refuses a position code with (an enum)

    def __init_subclass__(cls, **options: object) -> None:
        """Refuse, naming the way out, a game written for the rules as three methods
        (why_illegal, complete, apply) instead of `play` (docs/contributing.md#the-rules)."""
        super().__init_subclass__(**options)
        earlier = [name for name in ("why_illegal", "complete", "apply")
                   if any(name in vars(klass) for klass in cls.__mro__ if klass is not Game)]
        if earlier and getattr(cls.play, "__isabstractmethod__", False):
            raise TypeError(f"{cls.__name__} writes its rules as {' and '.join(earlier)}: a game's rules are "
                            "one method, play, which returns a Played (docs/contributing.md#the-rules)")

    @classmethod
    def shared(cls: type[G], variant: str = "") -> G:
        """The game with these Variant options, one object for every caller: games keep no
        state, so records of one game and variant can share their rules (ValueError as the
        constructor gives it)."""
        return cast(G, _shared(cls, variant))

    def __init__(self, variant: str = "") -> None:
        chosen = {part.strip() for part in variant.split(",") if part.strip()}
        unknown = sorted(o for o in chosen if o.lower() not in {k.lower() for k in self.options})
        if unknown:
            raise ValueError(say(FormatProblem.UNKNOWN_VARIANT, game=self.name, variant=unknown[0],
                                 known=sorted(self.options)))
        self.variant = frozenset(o.lower() for o in chosen)

    def variant_name(self) -> str:
        """The options in force that change the usual rules, spelt as `options` spells them,
        joined by ", " in alphabetical order; "" for the usual rules. Records of a game whose
        names are the same play by the same rules (docs/archive.md#figures-stats)."""
        spelt = {option.lower(): option for option in self.options}
        return ", ".join(sorted((spelt.get(option, option) for option in self.variant - self.usual_options),
                                key=str.lower))

    # --- positions -------------------------------------------------------------
    @abstractmethod
    def start_position(self) -> P:
        """The position before the first turn."""

    @abstractmethod
    def read_position(self, code: str) -> P:
        """Parse a one-line position code; BadSetUp (a ValueError) with the game's set-up code if it is wrong."""

    @abstractmethod
    def position_code(self, position: P) -> str:
        """The one-line code of a position (read_position reads it back)."""

    def cells(self, position: P) -> Mapping[str, str]:
        """What each cell holds in a position, by the cell's name as the game's turns name it,
        written with the letters of its position code ("" for an empty cell); see
        docs/archive.md (`filter --cells`). A game that does not say has no cells to ask
        about: `filter --cells` chooses none of its records."""
        return {}

    # --- turns as text -----------------------------------------------------------
    @abstractmethod
    def turn_from_match(self, match: Match) -> T:
        """The turn that a match of the game's `turn` rule stands for (its groups are at hand)."""

    @abstractmethod
    def turn_text(self, turn: T) -> str:
        """The canonical spelling of a turn."""

    def read_turn(self, text: str) -> T:
        """Read one turn as a record writes it (whitespace after it allowed), with the game's
        turn pattern, the one the TGN reader uses; ValueError saying why if it is not one."""
        match = turn_pattern(type(self)).match(text)
        if match is None or match.end() != len(text):
            raise ValueError(self.not_a_turn(text))
        return self.turn_from_match(match)

    def not_a_turn(self, word: str) -> str:
        """What a reader is told of a word that is not a turn of this game (a long word shortened)."""
        return say(FormatProblem.NOT_A_TURN, written=shorten(word), game=self.name, turns=self.turn_example)

    # --- rules -------------------------------------------------------------------
    @abstractmethod
    def play(self, position: P, turn: T) -> Played[P, T]:
        """Play a turn from a position: why the rules refuse it, or the turn as completed and
        the position after it (see Played). The one question of the rules: a game works a
        turn out once, keeping nothing between calls."""

    def why_illegal(self, position: P, turn: T) -> str | None:
        """None if the turn is legal here, else the reason (`play`'s answer)."""
        return self.play(position, turn).reason

    def refusal(self, position: P, turn: T) -> Refusal | None:
        """None if the turn is legal here, else why not, as a code and its parameters (`play`'s answer)."""
        return self.play(position, turn).refusal

    def apply(self, position: P, turn: T) -> P:
        """The position after a legal turn (`play`'s answer); IllegalTurn saying why if it is not legal."""
        played = self.play(position, turn)
        if played.after is None:
            raise IllegalTurn(cast(Refusal, played.refusal))
        return played.after

    @abstractmethod
    def legal_turns(self, position: P, chance: Any = None) -> Iterable[T]:
        """Every legal turn from the position.

        `chance` is the turn's chance outcome for games that record one (Tektop's dice
        throws): the turns are those legal with that outcome. Games without chance
        take None.
        """

    @abstractmethod
    def random_turn(self, position: P, rng: random.Random) -> T | None:
        """A random legal turn (chance or dexterity outcomes drawn from rng), or None."""

    def choices(self, position: P, chance: Any = None) -> Iterable[T]:
        """Legal turns enough to reach every position that a turn reaches from here, for a
        player choosing by the position after the turn (the greedy player of `generate`):
        `legal_turns` unless the game can leave out turns that end where another one does."""
        return self.legal_turns(position, chance)

    def successors(self, position: P, chance: Any = None) -> Iterator[tuple[T, P]]:
        """Each turn of `choices`, in its order, as `play` completes it, with the position after it. A
        game that makes the position as it lists the turn gives both at once, so that the players
        of `generate` never check a turn the rules listed as legal a second time."""
        for turn in self.choices(position, chance):
            played = self.play(position, turn)
            if played.after is not None:
                yield played.turn, played.after

    def random_play(self, position: P, rng: random.Random) -> tuple[T, P] | None:
        """`random_turn` as `play` completes it, with the position after it; None when there is no
        turn. The same random numbers are drawn as by `random_turn`."""
        turn = self.random_turn(position, rng)
        if turn is None:
            return None
        played = self.play(position, turn)
        return None if played.after is None else (played.turn, played.after)

    def drawn_plays(self, position: P, rng: random.Random,
                    value: Callable[[P], Any] | None = None) -> list[tuple[T, P]]:
        """Where `legal_turns` cannot list every turn (`every_turn_listed` is False), the turns a
        player weighs, each with the position after it: DRAWN_PLAYS random plays. A game may
        draw them for a player that prefers positions after the turn by `value` (the greedy
        player of `generate`: higher is better) at less cost, by building a turn towards it."""
        return [play for play in (self.random_play(position, rng) for _ in range(DRAWN_PLAYS)) if play is not None]

    def chance(self, position: P, rng: random.Random) -> Any:
        """The chance outcome of the next turn drawn from rng as `random_turn` draws it, to
        hand to `legal_turns` (Tektop's throws); None for a game without chance."""
        return None

    def turn_count(self, position: P, played: T) -> int | None:
        """How many legal turns the side to move had at `position`, with the chance outcome of the
        turn `played` from it (Tektop's throws): the branching of docs/balance.md#the-report.
        None when `legal_turns` cannot list every turn (`every_turn_listed`)."""
        return sum(1 for _ in self.legal_turns(position)) if self.every_turn_listed else None

    def taken(self, before: P, after: P) -> int:
        """How much a turn from `before` to `after` took from the opponent of the side that
        played it, by the game's own idea of taking (its page in docs/games says which):
        0 when it took nothing. The greedy player of `generate` prefers the turns that take
        most (docs/cli.md#players)."""
        return 0

    @abstractmethod
    def outcome(self, position: P, history: History | None = None) -> Outcome | None:
        """How the game ended at this position, if it did.

        `history` is the line that led to the position (it ends with it), for rules about
        the turns played, like Teblo's repetition draw; without it such rules are not applied.
        """

    def label(self, number: int, side: int) -> str:
        """How errors name a turn: 'turn 3 Red'."""
        return f"turn {number} {self.sides[side]}"


# Any game, as the common layer holds it: it reads a position through Position and hands
# positions and turns back to the game that made them, never looking inside.
SomeGame = Game[Any, Any]
G = TypeVar("G", bound=SomeGame)  # a game's rules class


@lru_cache(maxsize=256)
def _shared(game: type[SomeGame], variant: str) -> SomeGame:
    return game(variant)
