"""The canonical TGN writer.

Canonical form: the required tags first (Game, Event, Site, Date, Round, the two
side tags, Result, with "?" for unknown values), then the other tags in the order
they were read; turn numbers where they are needed; each turn in its game's
canonical spelling; NAG glyphs glued to the turn for $1-$6 when they come first;
movetext wrapped before column 80. Writing what was read again gives the same text.
"""

from __future__ import annotations

import re
from typing import Iterator

from .limits import MAX_RECORD
from .model import GLYPH_OF, Node, Record, find_commands
from .reader import ENDS_WITH_RESULT

UNKNOWN = {"Date": "????.??.??"}  # how a missing required tag is written, when not "?"
NEWLINE = "\n"  # token that forces a line break (after a ";" comment)
WORD = re.compile(r"\S+")


def required_tags(record: Record) -> tuple[str, ...]:
    return ("Game", "Event", "Site", "Date", "Round", *record.game.sides, "Result")


def canonical_tags(record: Record) -> dict[str, str]:
    """The tags in canonical order, required ones filled in ("?" when unknown)."""
    tags = {name: record.tags.get(name, UNKNOWN.get(name, "?")) for name in required_tags(record)}
    tags["Game"] = record.game.name
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


def write_record(record: Record, columns: int = 80) -> str:
    """The canonical text of a record (which must have been read without problems).

    TooLong if that text would be over the record size limit.
    """
    tokens = [*_comment_tokens(record.comments), *_line_tokens(record, record.moves, _start(record), True)]
    tokens.append(record.result)
    text = write_tags(record) + "\n" + _wrap(tokens, columns) + "\n"
    if len(text) > MAX_RECORD:
        raise TooLong(f"the record would be written in {len(text)} characters, over the {MAX_RECORD}-character "
                      "limit of a record: split it")
    return text


def _start(record: Record) -> tuple[int, int]:
    return record.start.number, record.start.side


def _line_tokens(record: Record, line: list[Node], at: tuple[int, int], force_number: bool) -> Iterator[str]:
    game = record.game
    number, side = at
    for node in line:
        if side == 0 or force_number or node.before:
            yield f"{number}." if side == 0 else f"{number}..."
        yield from _comment_tokens(node.before)
        nags = node.nags
        glyph = GLYPH_OF.get(nags[0], "") if nags else ""
        yield game.turn_text(node.turn) + glyph
        yield from (f"${nag}" for nag in nags[1 if glyph else 0:])
        yield from _comment_tokens(node.comments)
        for variation in node.variations:
            inner = list(_line_tokens(record, variation, (number, side), True))
            inner[0] = "(" + inner[0]
            if inner[-1] == NEWLINE:
                inner.append(")")
            else:
                inner[-1] += ")"
            yield from inner
        force_number = bool(node.comments or node.variations)
        number, side = (number, 1) if side == 0 else (number + 1, 0)


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


def comment_words(text: str) -> list[str]:
    """The words of a comment, a [%command] being never split over lines (linear time)."""
    glued, at = [], 0  # the text with the spaces inside commands made non-spaces
    for command in find_commands(text):
        glued.append(text[at:command.start])
        glued.append("x" * (command.end - command.start))
        at = command.end
    glued.append(text[at:])
    return [text[word.start():word.end()] for word in WORD.finditer("".join(glued))]


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
