"""The limits of what a record may hold, stated once for every way in (docs/format.md#limits).

The TGN reader, the JSON reader and the scoresheet all refuse the same things, and the
canonical writer can write everything they accept: a record read from any of them is
written as TGN that reads back to the same record.
"""

from __future__ import annotations

import re

from .model import comment_words
from .problems import FormatProblem, say, said_of

MAX_LINE = 1 << 20  # bytes in one TGN line, without its line break
MAX_RECORD = 8 << 20  # characters in one TGN record, line breaks included
MAX_DEPTH = 100  # variations inside variations
MAX_DIGITS = 9  # digits of a number written in a record: turn numbers, NAGs, numbers in tags
# bytes of one word of a comment (a [%command] counts as one word), or of a whole comment
# holding "}" (written as a ";" comment, which cannot be split): the rest of a line is
# kept for what the writer may set beside it (braces, closing brackets, a short word)
MAX_WORD = MAX_LINE - 1024
MAX_JSON_RECORD = 8 * MAX_RECORD  # characters of one record in a JSON document

LONG_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1},}}")
SURROGATE = re.compile("[\ud800-\udfff]")


def shorten(text: str, size: int = 24) -> str:
    """`text` cut to `size` characters for a message."""
    return text if len(text) <= size else text[: size - 3] + "..."


def text_problem(text: str) -> str | None:
    """Why `text` is not text UTF-8 can write (it holds half of a character), if it is not."""
    found = SURROGATE.search(text)
    if found is None:
        return None
    return say(FormatProblem.LONE_SURROGATE, char=f"{ord(found.group()):04x}")


def tag_problem(name: str, value: str) -> str | None:
    """Why the tag cannot be written on one TGN line, if it cannot (line breaks apart: see
    reader.line_break_problem)."""
    # at most 4 bytes a character, and a backslash before some: short tags need no counting
    if 4 * len(name) + 5 * len(value) + 5 > MAX_LINE:
        written = len(name.encode("utf-8")) + len(value.encode("utf-8", "surrogatepass")) + 5  # [N "v"]
        written += value.count("\\") + value.count('"')  # each is written with a backslash
        if written > MAX_LINE:
            return say(FormatProblem.TAG_TOO_LONG, written=name, size=written, limit=MAX_LINE)
    return number_problem(say(FormatProblem.TAG, written=name), value) if name in ("Position", "Variant", "SetUp") else None


def comment_problem(text: str) -> str | None:
    """Why a comment (whitespace already normalised) cannot be written, if it cannot."""
    if "}" in text:  # written after ";" up to the end of its line
        if len(text.encode("utf-8")) + 2 > MAX_WORD:
            return say(FormatProblem.COMMENT_LINE_TOO_LONG, limit=MAX_WORD)
        return None
    if len(text) * 4 <= MAX_WORD or len(text.encode("utf-8")) <= MAX_WORD:
        return None  # no word of it can be longer than the whole
    for word in comment_words(text):
        if len(word.encode("utf-8")) > MAX_WORD:
            code = FormatProblem.COMMENT_COMMAND_TOO_LONG if word.startswith("[%") else FormatProblem.COMMENT_WORD_TOO_LONG
            return say(code, written=shorten(word), size=len(word.encode("utf-8")), limit=MAX_WORD)
    return None


def number_problem(what: str, text: str) -> str | None:
    """Why a number written in `text` is refused (more than MAX_DIGITS digits), if it is."""
    found = LONG_NUMBER.search(text)
    if found is None:
        return None
    return say(FormatProblem.LONG_NUMBER, what=said_of(what), written=shorten(found.group(), 12),
               digits=len(found.group()), limit=MAX_DIGITS)
