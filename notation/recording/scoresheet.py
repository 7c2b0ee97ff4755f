"""A scoresheet kept at the table: a record growing turn by turn, every turn checked at once.

The record is rewritten whole (atomically) by `save`, so a session that dies loses
nothing, and a saved record is resumed by reading it back and replaying it. Every
change is checked against the limits of the readers before it is kept, so whatever a
scoresheet saves, a scoresheet resumes (docs/format.md#limits).

Nothing recorded is ever dropped: taking back a turn (`undo`) or a result (`reopen`)
leaves a correction in the record, a comment `[%undone WHAT]` followed by the comments
of what was taken back (docs/tournaments.md#corrections).
"""

from __future__ import annotations

import datetime
import itertools
import os
import re
from typing import Callable, Hashable

from ..files import open_regular, write_text
from ..games import History, Outcome, game_class
from ..games.base import IllegalTurn, Position, Refusal, SomeGame
from ..limits import MAX_WORD, comment_problem, shorten, tag_problem, text_problem
from ..model import GLYPHS, NAME, RESULTS, WINNERS, Node, Record, find_commands
from ..problems import FormatProblem, Saying, SheetProblem, message_of, said_of, say, turn_label
from ..reader import line_break_problem, read_records, start_position
from ..replay import play_turn, replay
from ..walk import Step
from ..worded import Said
from ..writer import TooLong, _TokenWriter, required_tags, write_record


class Objection(str):
    """Why the scoresheet refuses a change, in words (a str, what every caller shows), with
    the rules' code behind it when the rules refused: `said`, the turn's Refusal, or the
    Outcome of a game that is over; None for the scoresheet's own reasons
    (docs/format.md#refusal-and-ending-codes)."""

    said: Refusal | Outcome | None
    whole: Said | None  # the sentence's own code and parameters (problems.sentence_in)

    def __new__(cls, words: str, said: Refusal | Outcome | None = None) -> Objection:
        objection = super().__new__(cls, words)
        objection.said = said
        objection.whole = words.said if isinstance(words, Saying) else None
        return objection

    def detail(self) -> dict[str, object] | None:
        """The code and its parameters, as `check --json` gives them: {"refusal": ...} or {"ending": ...}."""
        if self.said is None:
            return None
        return {"refusal" if isinstance(self.said, Refusal) else "ending": self.said.as_json()}


CLOCK = re.compile(r"\d+:[0-5]\d:[0-5]\d")
# A turn as written in a record: a glyph glued to it (I9?, D4!?) and $N annotations after it.
ANNOTATED = re.compile(r"(?P<turn>.*?)(?P<glyph>!!|\?\?|!\?|\?!|!|\?)?(?P<nags>(?:\s+\$[0-9]{1,3})*)\s*")
# A turn written after its number, as in a record: 2... I10, 3.D6 (docs/cli.md#record).
NUMBERED = re.compile(r"(?P<number>[0-9]+)(?P<dots>\.\.\.|\.)\s*(?P<turn>\S.*)", re.DOTALL)
# The Date tag: YYYY.MM.DD, ?? for an unknown part (docs/format.md#required-tags).
DATE = re.compile(r"(?P<year>[0-9]{4}|\?{4})\.(?P<month>[0-9]{2}|\?\?)\.(?P<day>[0-9]{2}|\?\?)")
LEAP_YEAR = 2000  # stands for an unknown year: February may have 29 days
CORRECTION = "undone"  # the command of a correction: [%undone 2. D5!?], [%undone 0-1]
# Tags that decide the game and its start: given to `new`, never changed afterwards.
START_TAGS = ("Variant", "SetUp", "Position")


def date_problem(value: str) -> str | None:
    """Why `value` is not a Date tag's value (YYYY.MM.DD, ?? for an unknown part), if it is not."""
    written = DATE.fullmatch(value)
    if written is None:
        return say(SheetProblem.NOT_A_DATE, written=shorten(value))
    known = [None if "?" in part else int(part) for part in written.groups()]
    try:
        datetime.date(*(default if part is None else part for part, default in zip(known, (LEAP_YEAR, 1, 1))))
    except ValueError:
        return say(SheetProblem.NOT_IN_CALENDAR, written=value)
    return None


def correction(what: str, kept: list[str]) -> str:
    """The comment that keeps what was taken back: [%undone WHAT], then the comments it had."""
    return " ".join([f"[%{CORRECTION} {what}]", *kept])


def is_correction(comment: str) -> bool:
    """Whether a comment is a correction: it starts with [%undone ...]."""
    return comment.startswith(f"[%{CORRECTION} ")


def result_words(record: Record, result: str) -> str:
    """What a result of `record` means, with the game's sides and their players: '0-1: Red (Bo) wins'."""
    if result not in WINNERS:
        return say(SheetProblem.UNFINISHED, result=result)
    winner = WINNERS[result]
    if winner is None:
        return say(SheetProblem.DRAW, result=result)
    side = record.rules.sides[winner]
    player = record.tags.get(side, "?").strip()
    if player in ("", "?"):
        return say(SheetProblem.WINS, result=result, side=side)
    return say(SheetProblem.PLAYER_WINS, result=result, side=side, written=player)


def _same_player(one: str, other: str) -> bool:
    """Two side tags name the same player: the same words, whatever their case ('?' names nobody)."""
    return one.strip() not in ("", "?") and " ".join(one.casefold().split()) == " ".join(other.casefold().split())


class Scoresheet:
    """The record of one game being played, and the position it has reached."""

    def __init__(self, record: Record, history: History) -> None:
        """Take a record read with its game and replayed without problems, and its main line as played."""
        self.record = record
        self.history = history

    @classmethod
    def new(cls, game: str, tags: dict[str, str] | None = None) -> Scoresheet:
        """An empty scoresheet; ValueError if the game, its variant or set-up is unknown, or a tag is refused."""
        tags = dict(tags or {})
        rules = game_class(game)(tags.get("Variant", ""))
        start_tags = {name: value for name, value in tags.items() if name in START_TAGS}
        start = start_position(rules, start_tags)
        sheet = cls(Record(tags=start_tags, game=rules, start=start), History(start))
        for name, value in tags.items():
            if name not in START_TAGS and (problem := sheet.set_tag(name, value)) is not None:
                raise ValueError(problem)
        return sheet

    @classmethod
    def load(cls, path: str) -> Scoresheet:
        """The record saved in `path`, finished or not; ValueError saying why it cannot be taken up.

        OSError if the file cannot be read, or is not a regular file (a symbolic link, a
        folder, a FIFO: none is followed or opened for reading).
        """
        with os.fdopen(open_regular(path, os.O_RDONLY), "rb") as stream:
            records = list(itertools.islice(read_records(stream, str(path)), 2))
        if len(records) != 1:
            raise ValueError(say(SheetProblem.NOT_ONE_RECORD, path=str(path), count=len(records)))
        record = records[0]
        replayed = replay(record)
        if replayed is None or record.problems:
            raise ValueError(say(SheetProblem.DOES_NOT_CHECK, path=str(path),
                                 written="; ".join(str(p) for p in record.problems)))
        return cls(record, replayed.history)

    @classmethod
    def resume(cls, path: str) -> Scoresheet:
        """The unfinished record saved in `path` (see `load`); ValueError if it is finished.

        Unfinished means result `*`, even when the rules have ended the game (the session
        that saved it left the end unconfirmed): the sheet then asks for the result again.
        A finished record is taken up with `load`, then `reopen`.
        """
        sheet = cls.load(path)
        if sheet.finished:
            raise ValueError(say(SheetProblem.FINISHED, path=str(path),
                                 said=said_of(sheet.result_words(sheet.record.result))))
        return sheet

    @property
    def game(self) -> SomeGame:
        return self.record.rules

    @property
    def position(self) -> Position:
        return self.history.position

    @property
    def finished(self) -> bool:
        """Whether the record has its result (anything but `*`)."""
        return self.record.result != "*"

    def label(self) -> str:
        """The turn about to be played: 'turn 3 Red'."""
        return turn_label(self.game, self.position.number, self.position.side)

    def tag_names(self) -> tuple[str, ...]:
        """The tags asked for at the start: the required ones but Game and Result, and Board after Round
        (as the live scoresheet asks them: docs/live.md#recording-a-game)."""
        names = [name for name in required_tags(self.record) if name not in ("Game", "Result")]
        names.insert(names.index("Round") + 1, "Board")
        return tuple(names)

    def outcome(self) -> Outcome | None:
        """How the game ended by the rules at this position, if it did."""
        return self.game.outcome(self.position, self.history)

    def result_words(self, result: str) -> str:
        """What a result means, with the game's sides and their players: '0-1: Red (Bo) wins'."""
        return result_words(self.record, result)

    def _closed(self) -> str | None:
        """Why the turns and the result cannot change, if they cannot: the record is finished."""
        if not self.finished:
            return None
        return say(SheetProblem.CLOSED, said=said_of(self.result_words(self.record.result)))

    def add_turn(self, text: str) -> str | None:
        """Play the turn written `text`, as in a record (with a glyph or $N annotations if
        any): None if it is recorded, else why it is refused."""
        closed = self._closed()
        if closed is not None:
            return closed
        ended = self.outcome()
        if ended is not None:
            return Objection(say(SheetProblem.GAME_OVER, ending=ended), ended)
        written = ANNOTATED.fullmatch(text.strip())
        if written is None:
            return say(SheetProblem.ONE_LINE)
        nags = [GLYPHS[written["glyph"]]] if written["glyph"] else []
        nags += [int(word[1:]) for word in written["nags"].split()]
        if any(nag > 255 for nag in nags):
            return say(SheetProblem.ANNOTATION_RANGE)
        try:
            turn = self._read_turn(written["turn"])
        except ValueError as error:
            return message_of(error)
        try:
            turn = play_turn(self.game, self.history, turn)
        except IllegalTurn as error:
            return Objection(Saying(error.refusal), error.refusal)
        self.record.moves.append(Node(turn, nags=nags))
        problem = _turn_problem(self.game.turn_text(turn) + (written["glyph"] or ""))
        if problem is not None:
            self._drop_last_turn()
            return problem
        return self._kept(self._drop_last_turn)

    def _read_turn(self, text: str) -> Hashable:
        """The turn written `text`, perhaps after its number as a record writes it (`2... I10`,
        `3.D6`): ValueError if it is no turn of the game, or its number is not this turn's."""
        try:
            turn: Hashable = self.game.read_turn(text)
            return turn
        except ValueError:
            numbered = NUMBERED.fullmatch(text)
            if numbered is None:
                raise
        position = self.history.position
        right = f"{position.number}." if position.side == 0 else f"{position.number}..."
        if numbered["number"].lstrip("0") != str(position.number) or (numbered["dots"] == ".") != (position.side == 0):
            shown = shorten(f"{numbered['number']}{numbered['dots']}")
            raise ValueError(say(FormatProblem.NUMBER_MISFITS, written=shown, number=right))
        turn = self.game.read_turn(numbered["turn"])
        return turn

    def _drop_last_turn(self) -> Node:
        self.history.pop()
        return self.record.moves.pop()

    def _last_written(self) -> str:
        """The last turn as a record writes it, with its number and annotations: '2. D5!? $14'."""
        node, before = self.record.moves[-1], self.history.positions[-2]
        writer = _TokenWriter(self.game)
        writer.visit_turn(Step(Node(node.turn, nags=node.nags), before.number, before.side, 0, True))
        return " ".join(writer.tokens)

    def undo(self) -> str | None:
        """Take back the last turn, keeping it as a correction; its text, or None if there is none.

        The correction, `[%undone 2. D5!?]` followed by the turn's own comments, is added
        after the turn before it (before the first turn: to the record's comments).
        ValueError saying why if the turn cannot be taken back: it has variations, or
        the correction would be over a limit.
        """
        if not self.record.moves:
            return None
        closed = self._closed()
        if closed is not None:
            raise ValueError(closed)
        node = self.record.moves[-1]
        if node.variations:
            raise ValueError(say(SheetProblem.HAS_VARIATIONS, written=self._last_written()))
        kept, after = correction(self._last_written(), [*node.before, *node.comments]), self.position
        self._drop_last_turn()
        comments = self._comments()
        comments.append(kept)

        def put_back() -> None:
            comments.pop()
            self.history.push(node.turn, after)
            self.record.moves.append(node)

        problem = self._kept(put_back, kept)
        if problem is not None:
            raise ValueError(say(SheetProblem.CORRECTION_TOO_LONG, said=said_of(problem)))
        return self.game.turn_text(node.turn)

    def _comments(self) -> list[str]:
        """Where a comment goes: after the last turn, or before the first."""
        return self.record.moves[-1].comments if self.record.moves else self.record.comments

    def comment(self, text: str) -> str | None:
        """Attach a comment to the last turn; why not, if it cannot be written.

        The limits are those of the readers (docs/format.md#limits), so that the
        saved record always reads back; a comment never holds a correction's command,
        which only `undo` and `reopen` write (docs/tournaments.md#corrections).
        """
        text = " ".join(text.split())
        if not text:
            return say(SheetProblem.EMPTY_COMMENT)
        problem = text_problem(text)
        if problem is not None:
            return problem
        if any(command.name.casefold() == CORRECTION for command in find_commands(text)):
            return say(SheetProblem.CORRECTION_BY_HAND, command=CORRECTION)
        comments = self._comments()
        comments.append(text)
        return self._kept(comments.pop, text)

    def set_tag(self, name: str, value: str) -> str | None:
        """Give a tag its value; why not, if it cannot be written or contradicts the others.

        The Date must be a date (YYYY.MM.DD, ?? for an unknown part), and the two sides
        need two different players. Game, Result, Variant, SetUp and Position are not
        set here: `new` takes the ones that decide the start, `finish` the result.
        """
        if not NAME.fullmatch(name) or not name.isascii():
            return say(SheetProblem.NOT_A_TAG_NAME, written=shorten(name))
        if name in ("Game", "Result", *START_TAGS):
            return say(SheetProblem.TAG_NOT_CHANGED, written=name)
        problem = text_problem(value) or line_break_problem(name, value) or tag_problem(name, value)
        if problem is None and name == "Date":
            problem = date_problem(value)
        if problem is None and name in self.game.sides:
            other = self.game.sides[1 - self.game.sides.index(name)]
            if _same_player(value, self.record.tags.get(other, "?")):
                problem = say(SheetProblem.SAME_PLAYER, written=self.record.tags[other], side=other)
        if problem is not None:
            return problem
        tags, had = self.record.tags, self.record.tags.get(name)
        tags[name] = value

        def put_back() -> None:
            if had is None:
                del tags[name]
            else:
                tags[name] = had

        return self._kept(put_back)

    def clock(self, text: str) -> str | None:
        """Note the time left after the last turn (H:MM:SS) as [%clk] in its comment; why not, if refused."""
        if not self.record.moves:
            return say(SheetProblem.NO_TURN_FOR_CLOCK)
        if not CLOCK.fullmatch(text.strip()):
            return say(SheetProblem.NOT_A_CLOCK, written=shorten(text.strip()))
        comments, command = self._comments(), f"[%clk {text.strip()}]"
        if comments and not is_correction(comments[-1]):
            before = comments[-1]
            comments[-1] += " " + command

            def put_back() -> None:
                comments[-1] = before

            return self._kept(put_back, comments[-1])
        comments.append(command)
        return self._kept(comments.pop, command)

    def result_problem(self, result: str) -> str | None:
        """Why the record cannot end with `result`, if it cannot (not a result, or against the rules)."""
        if result not in RESULTS:
            return say(SheetProblem.NOT_A_RESULT, written=shorten(result))
        closed = self._closed()
        if closed is not None:
            return closed
        ended = self.outcome()
        if ended is not None and result != ended.result:
            return Objection(say(SheetProblem.RESULT_AGAINST_END, ending=ended, result=ended.result), ended)
        return None

    def finish(self, result: str) -> str | None:
        """End the record with a result; why not, if it is refused (see `result_problem`)."""
        problem = self.result_problem(result)
        if problem is not None:
            return problem
        before, self.record.result = self.record.result, result
        return self._kept(lambda: setattr(self.record, "result", before))

    def reopen(self) -> str | None:
        """Take back the result of a finished record, keeping it as a correction ([%undone 0-1]
        after the last turn); why not, if it cannot be.

        A Termination tag says how that result came about: it is taken back with it, its
        value kept after the command ([%undone 0-1] resignation).
        """
        if not self.finished:
            return say(SheetProblem.NOT_FINISHED)
        result, comments, tags = self.record.result, self._comments(), dict(self.record.tags)
        termination = tags.get("Termination", "").strip()
        kept = correction(result, [termination] if termination not in ("", "?") else [])
        comments.append(kept)
        self.record.result = "*"
        self.record.tags.pop("Termination", None)

        def put_back() -> None:
            comments.pop()
            self.record.result = result
            self.record.tags.clear()
            self.record.tags.update(tags)

        return self._kept(put_back, kept)

    def _kept(self, revert: Callable[[], object], *comments: str) -> str | None:
        """Keep the change just made if the record can still be written and read back, else revert it
        and say why: every comment it wrote within the limits, the record within its size."""
        problem = next(filter(None, map(comment_problem, comments)), None) or self._too_long()
        if problem is not None:
            revert()
        return problem

    def _too_long(self) -> str | None:
        """Why the record can no longer be written, if it cannot (over the record size limit)."""
        try:
            self.text()
        except TooLong as error:
            return message_of(error)
        return None

    def text(self) -> str:
        """The record's canonical TGN text."""
        return write_record(self.record)

    def save(self, path: str) -> str:
        """Write the record to `path` atomically (OSError if it cannot); the text written."""
        text = self.text()
        write_text(path, text)
        return text


def _turn_problem(word: str) -> str | None:
    """Why a turn, written as one word with its glyph, cannot be written on a line, if it cannot."""
    if len(word) * 4 <= MAX_WORD or len(word.encode("utf-8")) <= MAX_WORD:
        return None
    return say(SheetProblem.TURN_TOO_LONG, written=shorten(word), size=len(word.encode("utf-8")), limit=MAX_WORD)
