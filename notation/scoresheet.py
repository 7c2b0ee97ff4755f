"""A scoresheet kept at the table: a record growing turn by turn, every turn checked at once.

The record is rewritten whole (atomically) by `save`, so a session that dies loses
nothing, and a saved record is resumed by reading it back and replaying it.
"""

from __future__ import annotations

import re
from typing import Any

from .files import write_text
from .limits import comment_problem, tag_problem, text_problem
from .games import History, Outcome, game_class
from .model import GLYPHS, RESULTS, Node, Record
from .reader import line_break_problem, read_file, start_position
from .replay import IllegalTurn, play_turn, replay
from .writer import TooLong, required_tags, write_record

CLOCK = re.compile(r"\d+:[0-5]\d:[0-5]\d")
# A turn as written in a record: a glyph glued to it (I9?, D4!?) and $N annotations after it.
ANNOTATED = re.compile(r"(?P<turn>.*?)(?P<glyph>!!|\?\?|!\?|\?!|!|\?)?(?P<nags>(?:\s+\$[0-9]{1,3})*)\s*")


class Scoresheet:
    """The record of one game being played, and the position it has reached."""

    def __init__(self, record: Record, history: History) -> None:
        """Take a record read with its game and replayed without problems, and its main line as played."""
        self.record = record
        self.history = history

    @classmethod
    def new(cls, game: str, tags: dict[str, str] | None = None) -> Scoresheet:
        """An empty scoresheet; ValueError if the game or its set-up is unknown."""
        rules = game_class(game)()
        tags = dict(tags or {})
        start = start_position(rules, tags)
        return cls(Record(tags=tags, game=rules, start=start), History(start))

    @classmethod
    def resume(cls, path: str) -> Scoresheet:
        """The unfinished record saved in `path`; ValueError saying why it cannot go on.

        Unfinished means result `*`, even when the rules have ended the game (the session
        that saved it left the end unconfirmed): the sheet then asks for the result again.
        """
        records = list(read_file(path))
        if len(records) != 1:
            raise ValueError(f"{path} holds {len(records)} records: a scoresheet is one record")
        record = records[0]
        replayed = replay(record)
        if replayed is None or record.problems:
            raise ValueError(f"{path} does not check: " + "; ".join(str(p) for p in record.problems))
        if record.result != "*":
            raise ValueError(f"{path} is finished already (result {record.result})")
        return cls(record, replayed.history)

    @property
    def game(self) -> Any:
        return self.record.game

    @property
    def position(self) -> Any:
        return self.history.position

    def label(self) -> str:
        """The turn about to be played: 'turn 3 Red'."""
        return self.game.label(self.position.number, self.position.side)

    def tag_names(self) -> tuple[str, ...]:
        """The tags asked for at the start: the required ones but Game and Result."""
        return tuple(name for name in required_tags(self.record) if name not in ("Game", "Result"))

    def outcome(self) -> Outcome | None:
        """How the game ended by the rules at this position, if it did."""
        return self.game.outcome(self.position, self.history)

    def add_turn(self, text: str) -> str | None:
        """Play the turn written `text`, as in a record (with a glyph or $N annotations if
        any): None if it is recorded, else why it is refused."""
        ended = self.outcome()
        if ended is not None:
            return f"the game is over: {ended.reason}"
        written = ANNOTATED.fullmatch(text.strip())
        if written is None:
            return "a turn is written on one line"
        nags = [GLYPHS[written["glyph"]]] if written["glyph"] else []
        nags += [int(word[1:]) for word in written["nags"].split()]
        if any(nag > 255 for nag in nags):
            return "an annotation $N goes from $0 to $255"
        try:
            turn = self.game.read_turn(written["turn"])
        except ValueError as error:
            return str(error)
        try:
            turn = play_turn(self.game, self.history, turn)
        except IllegalTurn as error:
            return str(error)
        self.record.moves.append(Node(turn, nags=nags))
        too_long = self._too_long()
        if too_long is not None:
            self.undo()
        return too_long

    def undo(self) -> str | None:
        """Take back the last turn; its text, or None if there is none."""
        if not self.record.moves:
            return None
        node = self.record.moves.pop()
        self.history.pop()
        return self.game.turn_text(node.turn)

    def _comments(self) -> list[str]:
        """Where a comment goes: after the last turn, or before the first."""
        return self.record.moves[-1].comments if self.record.moves else self.record.comments

    def comment(self, text: str) -> str | None:
        """Attach a comment to the last turn; why not, if it cannot be written.

        The limits are those of the readers (docs/format.md#limits), so that the
        saved record always reads back.
        """
        text = " ".join(text.split())
        if not text:
            return "the comment is empty"
        problem = text_problem(text) or comment_problem(text)
        if problem is not None:
            return problem
        comments = self._comments()
        comments.append(text)
        too_long = self._too_long()
        if too_long is not None:
            comments.pop()
        return too_long

    def set_tag(self, name: str, value: str) -> str | None:
        """Give a tag its value; why not, if it cannot be written."""
        problem = text_problem(value) or line_break_problem(name, value) or tag_problem(name, value)
        if problem is not None:
            return problem
        self.record.tags[name] = value
        return None

    def _too_long(self) -> str | None:
        """Why the record can no longer be written, if it cannot (over the record size limit)."""
        try:
            self.text()
        except TooLong as error:
            return str(error)
        return None

    def clock(self, text: str) -> str | None:
        """Note the time left after the last turn (H:MM:SS) as [%clk] in its comment; why not, if refused."""
        if not self.record.moves:
            return "no turn yet: the clock is noted after a turn"
        if not CLOCK.fullmatch(text.strip()):
            return f"{text.strip()!r} is not a time left H:MM:SS (e.g. 0:58:12)"
        comments, command = self._comments(), f"[%clk {text.strip()}]"
        before = list(comments)
        if comments:
            comments[-1] += " " + command
        else:
            comments.append(command)
        too_long = self._too_long()
        if too_long is not None:
            comments[:] = before
        return too_long

    def finish(self, result: str) -> str | None:
        """End the record with a result; why not, if it contradicts the rules."""
        if result not in RESULTS:
            return f"{result!r} is not a result (1-0, 0-1, 1/2-1/2 or *)"
        ended = self.outcome()
        if ended is not None and result != ended.result:
            return f"the game is over: {ended.reason}, so the result is {ended.result}"
        self.record.result = result
        return None

    def text(self) -> str:
        """The record's canonical TGN text."""
        return write_record(self.record)

    def save(self, path: str) -> None:
        """Write the record to `path` atomically (OSError if it cannot)."""
        write_text(path, self.text())
