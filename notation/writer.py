"""The canonical TGN writer.

Canonical form: the required tags first (Game, Event, Site, Date, Round, the two
side tags, Result, with "?" for unknown values), then the other tags in the order
they were read; turn numbers where they are needed; each turn in its game's
canonical spelling; NAG glyphs glued to the turn for $1-$6 when they come first;
movetext wrapped before column 80. Writing what was read again gives the same text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from .grammar import ENDS_WITH_RESULT
from .limits import MAX_DEPTH, MAX_RECORD
from .model import GLYPH_OF, Record, comment_words
from .problems import FormatProblem, say
from .walk import Step, Visitor, accept

if TYPE_CHECKING:
    from .games.base import SomeGame

UNKNOWN = {"Date": "????.??.??"}  # how a missing required tag is written, when not "?"
NEWLINE = "\n"  # token that forces a line break (after a ";" comment)


def required_tags(record: Record) -> tuple[str, ...]:
    return ("Game", "Event", "Site", "Date", "Round", *record.rules.sides, "Result")


def canonical_tags(record: Record) -> dict[str, str]:
    """The tags in canonical order, required ones filled in ("?" when unknown)."""
    tags = {name: record.tags.get(name, UNKNOWN.get(name, "?")) for name in required_tags(record)}
    tags["Game"] = record.rules.name
    tags["Result"] = record.result
    tags.update((name, value) for name, value in record.tags.items() if name not in tags)
    return tags


def write_tags(record: Record) -> str:
    tags = canonical_tags(record)
    return "".join(f'[{name} "{_escape(value)}"]\n' for name, value in tags.items())


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


class TooLong(ValueError):
    """A record whose canonical text would be longer than a reader accepts (docs/format.md#limits)."""


class TooDeep(ValueError):
    """A record whose variations are nested deeper than a reader accepts (docs/format.md#limits);
    none read from TGN or JSON is, but a program can make one."""


def check_depth(depth: int) -> None:
    """TooDeep if a line this deep could not be read back; writers call it as each line begins."""
    if depth > MAX_DEPTH:
        raise TooDeep(say(FormatProblem.WRITTEN_TOO_DEEP, limit=MAX_DEPTH))


def write_record(record: Record, columns: int = 80) -> str:
    """The canonical text of a record (which must have been read without problems).

    TooLong if that text would be over the record size limit, TooDeep if its variations
    are nested too deep.
    """
    writer = _TokenWriter(record.rules)
    accept(record, writer)
    tokens = [*_comment_tokens(record.comments), *writer.tokens, record.result]
    text = write_tags(record) + "\n" + _wrap(tokens, columns) + "\n"
    if len(text) > MAX_RECORD:
        raise TooLong(say(FormatProblem.WRITTEN_TOO_LONG, size=len(text), limit=MAX_RECORD))
    return text


class _TokenWriter(Visitor):
    """The movetext's tokens: numbers, turns with their glyph, NAGs, comments, variations in parentheses."""

    def __init__(self, game: SomeGame) -> None:
        self.game = game
        self.tokens: list[str] = []
        self._outer: list[list[str]] = []

    def begin_line(self, depth: int, parent: Step | None) -> None:
        check_depth(depth)
        if parent is not None:
            self._outer.append(self.tokens)
            self.tokens = []

    def visit_turn(self, step: Step) -> None:
        node, out = step.node, self.tokens
        if step.numbered:
            out.append(step.number_text)
        if node.before:
            out.extend(_comment_tokens(node.before))
        nags = node.nags
        if not nags:  # most turns: the turn alone
            out.append(self.game.turn_text(node.turn))
        else:
            glyph = GLYPH_OF.get(nags[0], "")
            out.append(self.game.turn_text(node.turn) + glyph)
            out.extend(f"${nag}" for nag in nags[1 if glyph else 0:])
        if node.comments:
            out.extend(_comment_tokens(node.comments))

    def end_line(self, depth: int) -> None:
        if depth == 0:
            return
        inner, self.tokens = self.tokens, self._outer.pop()
        inner[0] = "(" + inner[0]
        if inner[-1] == NEWLINE:
            inner.append(")")
        else:
            inner[-1] += ")"
        self.tokens.extend(inner)


def _comment_tokens(comments: list[str]) -> Iterator[str]:
    for text in comments:
        if "}" in text:  # only a ";" comment can hold it; it runs to the end of the line
            yield f"; {text}"
            yield NEWLINE
            continue
        words = comment_words(text) or [""]
        words[0] = "{" + words[0]
        words[-1] += "}"
        yield from words


def _wrap(tokens: list[str], columns: int) -> str:
    lines: list[str] = []
    current = ""
    for token in tokens:
        if token == NEWLINE:
            lines.append(current)
            current = ""
        elif not current:
            current = token
        elif len(current) + 1 + len(token) < columns or (token.startswith("[") and ENDS_WITH_RESULT.search(current)):
            # (a comment word "[..." never starts a line after one ending like a result:
            # the reader could take that line for the tag section of a new record)
            current += " " + token
        else:
            lines.append(current)
            current = token
    lines.append(current)
    return "\n".join(line for line in lines if line)
