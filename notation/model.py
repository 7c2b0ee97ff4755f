"""The record model: tags, a tree of turns with comments, NAGs and variations."""

from __future__ import annotations

import bisect
import enum
import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Hashable, Iterator, NamedTuple

from .problems import Saying

if TYPE_CHECKING:
    from .games.base import Position, SomeGame
    from .languages import Words
    from .worded import Said

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
WINNERS = {"1-0": 0, "0-1": 1, "1/2-1/2": None}  # a finished game's result -> the side that won (None: drawn)
RESULT_OF = {winner: result for result, winner in WINNERS.items()}
GLYPHS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}  # a turn's suffix -> its NAG ($1-$6)
GLYPH_OF = {nag: glyph for glyph, nag in GLYPHS.items()}
NAME = re.compile(r"\w+")
SPACE = re.compile(r"\s+")
WORD = re.compile(r"\S+")


class Command(NamedTuple):
    """One [%name args] command of a comment, and where it is in the comment."""

    name: str
    args: str  # as written, spaces around it left out
    start: int
    end: int  # just after its "]"


def skipped(pattern: re.Pattern[str], text: str, pos: int = 0) -> int:
    """Where `pattern`, which matches the empty string (spaces, blank lines), stops matching from `pos`."""
    match = pattern.match(text, pos)
    assert match is not None, "the pattern matches the empty string"
    return match.end()


def find_commands(text: str) -> Iterator[Command]:
    """The [%name args] commands of a comment, left to right, in time linear in its length.

    A command is "[%", a name of letters, digits and "_", then "]" or spaces, its
    arguments and the first "]" after them (docs/format.md). Every part of the text is
    looked at a bounded number of times, whatever the text: no "[%" makes the search
    start over from the end of the comment.
    """
    last_close = text.rfind("]")
    at = text.find("[%")
    while at != -1:
        name = NAME.match(text, at + 2)
        after = name.end() if name else at + 2
        if after > last_close:
            return  # no "]" is left to close this command or any later one
        if name and text[after] == "]":
            yield Command(name.group(), "", at, after + 1)
            at = text.find("[%", after + 1)
        elif name and (space := SPACE.match(text, after)):
            close = text.find("]", space.end())
            yield Command(name.group(), text[space.end():close].strip(), at, close + 1)
            at = text.find("[%", close + 1)
        else:
            at = text.find("[%", at + 1)


def comment_words(text: str) -> list[str]:
    """The words of a comment, a [%command] being never split over lines (linear time)."""
    glued, at = [], 0  # the text with the spaces inside commands made non-spaces
    for command in find_commands(text):
        glued.append(text[at:command.start])
        glued.append("x" * (command.end - command.start))
        at = command.end
    glued.append(text[at:])
    return [text[word.start():word.end()] for word in WORD.finditer("".join(glued))]


def without_commands(text: str) -> str:
    """A comment's text with its commands left out, spaces tidied (what readers see)."""
    parts, at = [], 0
    for command in find_commands(text):
        parts.append(text[at:command.start])
        at = command.end
    parts.append(text[at:])
    return " ".join(" ".join(parts).split())


class ProblemCode(str, enum.Enum):
    """Every kind of problem, by its code: stable names a program can rely on (the messages
    may be reworded). docs/format.md#problem-codes lists them with examples. A code is its
    text wherever it is written: in JSON, in messages, compared with a string."""

    ENCODING = "encoding"  # a line is not UTF-8 text
    TOO_LONG = "too-long"  # a line, a record, a tag value, a comment or the record written out is over a limit
    TAG = "tag"  # a tag is malformed, written twice, or its value holds a line break
    MISSING_TAG = "missing-tag"  # the Game or the Result tag is missing
    GAME = "game"  # the Game tag names no game, or the Variant tag an option the game does not have
    POSITION = "position"  # the Position tag is not a position of the game
    SYNTAX = "syntax"  # the movetext holds a word that is not a turn of the game, or a turn number without its turn
    NUMBER = "number"  # a turn number does not fit the turn that follows it
    NAG = "nag"  # a NAG does not follow a turn, or is out of range
    VARIATION = "variation"  # a variation is misplaced, empty, not closed, or nested too deep
    RESULT = "result"  # the movetext's result is missing, differs from the Result tag, or has text after it
    ILLEGAL_TURN = "illegal-turn"  # the game's rules refuse a turn
    GAME_OVER = "game-over"  # a turn is played after the game ended
    RESULT_CONTRADICTS = "result-contradicts"  # the result contradicts the end the rules reach
    JSON = "json"  # a TGN JSON document does not hold what the format says
    BUDGET = "budget"  # a record is over a publishing budget, so it is not published

    def __str__(self) -> str:
        return self.value


class _Located(NamedTuple):
    message: str
    line: int | None = None
    column: int | None = None
    turn: str | None = None  # "turn 3 Red"; None outside the movetext


class Problem(_Located):
    """One thing wrong with a record: why, where it is, at which turn (the tuple's four
    fields, which equality compares), its kind, `code`, and for a turn the rules refuse or
    an end they reach, their code and its parameters, `detail`: {"refusal": {"code": ...,
    ...}} or {"ending": {...}} (docs/format.md#refusal-and-ending-codes), else None."""

    code: ProblemCode
    detail: dict[str, object] | None

    def __new__(cls, message: str, line: int | None = None, column: int | None = None, turn: str | None = None,
                code: ProblemCode = ProblemCode.SYNTAX, detail: dict[str, object] | None = None) -> Problem:
        problem = super().__new__(cls, message, line, column, turn)
        problem.code, problem.detail = code, detail
        return problem

    def __getnewargs__(self) -> tuple[str, int | None, int | None, str | None, ProblemCode,
                                      dict[str, object] | None]:  # a copy or a pickle keeps the code
        return (*self, self.code, self.detail)

    def __str__(self) -> str:
        where = f"{self.line}:{self.column}: " if self.line is not None else ""
        turn = f"{self.turn}: " if self.turn else ""
        return f"{where}{turn}{self.message}"

    @property
    def said(self) -> Said | None:
        """The code and parameters the message was made from (a FormatProblem, a game's refusal),
        from which it is said in another language; None for a message that keeps none."""
        return self.message.said if isinstance(self.message, Saying) else None

    def message_in(self, words: Words) -> str:
        """The message in the language of `words` (as it is, for one that keeps no code)."""
        return self.message.said.sentence_in(words) if isinstance(self.message, Saying) else self.message

    def turn_in(self, words: Words) -> str | None:
        """Which turn, in the language of `words`: "tour 3 Jaune"."""
        return self.turn.said.sentence_in(words) if isinstance(self.turn, Saying) else self.turn


@dataclass(eq=False, slots=True)
class Node:
    """One turn of a line, with what was written around it.

    `variations` are alternatives to this turn: each is a line (a list of nodes)
    whose first turn is played instead of this one.
    """

    turn: Hashable  # the game's own turn object (Game.turn_text spells it)
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    before: list[str] = field(default_factory=list)  # comments between number and turn
    variations: list[list[Node]] = field(default_factory=list)
    offset: int | None = None  # where the turn starts in the record's text

    def commands(self) -> Iterator[tuple[str, str]]:
        """The [%name args] commands of this turn's comments, in order."""
        for comment in self.comments:
            for command in find_commands(comment):
                yield command.name, command.args


class Source:
    """Where a record's text came from, to turn offsets into line and column."""

    def __init__(self, name: str, first_line: int, text: str) -> None:
        self.name, self.first_line, self.text = name, first_line, text

    @cached_property
    def line_starts(self) -> list[int]:
        return [0] + [match.end() for match in re.finditer("\n", self.text)]

    def locate(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.line_starts, offset) - 1
        return self.first_line + index, offset - self.line_starts[index] + 1


@dataclass(eq=False)
class Record:
    """One game record: tags, the main line of turns, the result."""

    tags: dict[str, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)  # before the first turn
    moves: list[Node] = field(default_factory=list)
    result: str = "*"
    game: SomeGame | None = None  # the Game (rules) chosen by the Game tag
    start: Position | None = None  # the position before the first turn
    problems: list[Problem] = field(default_factory=list)
    source: Source | None = None
    result_offset: int | None = None
    unread: int | None = None  # where the movetext starts, while it is not read (reader.read_moves)

    @property
    def rules(self) -> SomeGame:
        """The game, for a record whose Game tag names one (what every step after reading
        the tags works on); ValueError for one whose tag does not."""
        if self.game is None:
            raise ValueError("the record's Game tag names no game")
        return self.game

    @property
    def start_position(self) -> Position:
        """The position before the first turn, for a record whose Game tag names a game
        (ValueError for one whose tag does not)."""
        if self.start is None:
            raise ValueError("the record's Game tag names no game")
        return self.start

    def locate(self, offset: int | None) -> tuple[int | None, int | None]:
        if offset is None or self.source is None:
            return None, None
        return self.source.locate(offset)

    def problem(self, message: str, offset: int | None = None, turn: str | None = None, *,
                code: ProblemCode, detail: dict[str, object] | None = None) -> Problem:
        """Record a problem of kind `code` found at `offset` of the record's text (`detail`: see Problem)."""
        line, column = self.locate(offset)
        found = Problem(message, line, column, turn, code, detail)
        self.problems.append(found)
        return found
