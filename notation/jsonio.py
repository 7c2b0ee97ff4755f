"""TGN records as JSON, and back (the schema is documented in docs/json.md).

A JSON document is {"format": "tgn-json", "version": 1, "records": [RECORD, ...]}.
RECORD is {"tags": {name: value, ...}, "comments": [...], "moves": [MOVE, ...],
"result": "1-0"}; MOVE is {"turn": "D4", "nags": [...], "before": [...],
"comments": [...], "variations": [[MOVE, ...], ...]}, where empty lists are left out.
Tags keep their order: canonical tags first, then the others as read.
"""

from __future__ import annotations

import codecs
import io
import json
import re
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Iterable, Iterator, TextIO, cast

from .limits import (MAX_DEPTH, MAX_DIGITS, MAX_JSON_RECORD, MAX_LINE, SURROGATE, comment_problem, shorten,
                     tag_problem, text_problem)
from .model import RESULTS, Node, Problem, ProblemCode, Record, skipped
from .problems import FormatProblem, Saying, message_of, said_of, say
from .reader import bind_game, line_break_problem
from .walk import Step, Visitor, accept
from .worded import Param, Said
from .writer import canonical_tags, check_depth

if TYPE_CHECKING:
    from .games.base import SomeGame

FORMAT, VERSION = "tgn-json", 1
TAG_NAME = re.compile(r"[A-Za-z0-9_]+")
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def record_to_json(record: Record, tags_as_held: bool = False) -> dict[str, Any]:
    """A record (read without problems) as a JSON object; TooDeep (notation/writer.py) if its
    variations are nested deeper than a reader accepts.

    The tags are the canonical ones, required tags filled in; with `tags_as_held`, the
    record's own, in their order, none added but the Game tag that names its rules, so that
    the object is read back as the same record (docs/archive.md#columnar-export).
    """
    tags = canonical_tags(record) if not tags_as_held else \
        record.tags if "Game" in record.tags else {"Game": record.rules.name, **record.tags}
    data: dict[str, Any] = {"tags": dict(tags)}
    if record.comments:
        data["comments"] = list(record.comments)
    writer = _JsonWriter(record.rules)
    accept(record, writer)
    data["moves"] = writer.moves
    data["result"] = record.result
    return data


class _JsonWriter(Visitor):
    """The moves as JSON values: each turn an object, its variations lists inside it."""

    def __init__(self, game: SomeGame) -> None:
        self.game = game
        self.moves: list[dict[str, Any]] = []
        self._lines: list[list[dict[str, Any]]] = []

    def begin_line(self, depth: int, parent: Step | None) -> None:
        check_depth(depth)
        line = self.moves if parent is None else []
        if parent is not None:  # the alternative's object is the last one of the enclosing line
            self._lines[-1][-1].setdefault("variations", []).append(line)
        self._lines.append(line)

    def visit_turn(self, step: Step) -> None:
        node = step.node
        data: dict[str, Any] = {"turn": self.game.turn_text(node.turn)}
        for key in ("nags", "before", "comments"):
            if getattr(node, key):
                data[key] = list(getattr(node, key))
        self._lines[-1].append(data)

    def end_line(self, depth: int) -> None:
        self._lines.pop()


def write_json(records: Iterable[Record], out: TextIO) -> None:
    """Write records as one JSON document, one record at a time."""
    out.write(f'{{"format": "{FORMAT}", "version": {VERSION}, "records": [')
    for index, record in enumerate(records):
        out.write(",\n  " if index else "\n  ")
        out.write(json.dumps(record_to_json(record), ensure_ascii=False))
    out.write("\n]}\n")


class SchemaError(ValueError):
    """A JSON document, or one of its records, that does not have the documented shape."""

    def __init__(self, message: str, line: int | None = None, column: int | None = None) -> None:
        super().__init__(message)
        self.message, self.line, self.column = message, line, column

    def __str__(self) -> str:
        return f"{self.line}:{self.column}: {self.message}" if self.line is not None else self.message

    def problem(self) -> Problem:
        return Problem(self.message, self.line, self.column, code=ProblemCode.JSON)


class Huge:
    """A JSON number written with more digits than a record may hold (never a valid value)."""

    def __init__(self, text: str) -> None:
        self.text = text


def _number(text: str) -> int | Huge:
    return int(text) if len(text.lstrip("-")) <= MAX_DIGITS else Huge(text)


DECODER = json.JSONDecoder(parse_int=_number, parse_float=lambda text: Huge(text),
                           parse_constant=lambda text: Huge(text))
CHUNK = 1 << 20  # characters read at a time
WHITESPACE = re.compile(r"[ \t\n\r]*")


def _spaces_end(text: str, pos: int) -> int:
    """Where the JSON whitespace starting at `pos` ends."""
    return skipped(WHITESPACE, text, pos)


class JsonStream:
    """The text of a JSON document read a chunk at a time, its values decoded one by one.

    Only the value being decoded is held in memory: the document is never read whole.
    """

    def __init__(self, read: Callable[[int], str]) -> None:
        self.read = read
        self.buffer = ""
        self.pos = 0
        self.eof = False
        # line breaks are counted up to `counted` in the buffer: `line` is the line there,
        # starting at `line_start` (negative when it started in text already dropped)
        self.counted, self.line, self.line_start = 0, 1, 0
        self.first_line_start = 0  # where the line holding the buffer's first character starts

    def where(self, pos: int | None = None) -> tuple[int, int]:
        """Line and column (from 1) of an offset of the buffer."""
        pos = self.pos if pos is None else pos
        if pos >= self.counted:
            breaks = self.buffer.count("\n", self.counted, pos)
            if breaks:
                self.line += breaks
                self.line_start = self.buffer.rfind("\n", self.counted, pos) + 1
            self.counted = pos
            return self.line, pos - self.line_start + 1
        breaks = self.buffer.count("\n", pos, self.counted)
        start = self.buffer.rfind("\n", 0, pos) + 1 or self.first_line_start
        return self.line - breaks, pos - start + 1

    def error(self, message: str, pos: int | None = None) -> SchemaError:
        return SchemaError(message, *self.where(pos))

    def more(self, size: int = CHUNK) -> bool:
        """Read at least `size` more characters (fewer at the end); whether any came."""
        if self.eof:
            return False
        self.where(self.pos)
        self.counted -= self.pos
        self.line_start -= self.pos
        self.first_line_start = self.line_start
        parts, got = [self.buffer[self.pos:]], 0
        while got < size:
            text = self.read(max(size - got, CHUNK))
            if not text:
                self.eof = True
                break
            parts.append(text)
            got += len(text)
        self.buffer, self.pos = "".join(parts), 0
        return got > 0

    def peek(self) -> str:
        """The next character that is not whitespace ('' at the end), not consumed."""
        while True:
            self.pos = _spaces_end(self.buffer, self.pos)
            if self.pos < len(self.buffer) or not self.more():
                return self.buffer[self.pos: self.pos + 1]

    def expect(self, characters: str, what: str) -> str:
        found = self.peek()
        if not found or found not in characters:
            shown = repr(found) if found else say(FormatProblem.THE_END)
            raise self.error(say(FormatProblem.JSON_EXPECTED, what=said_of(what), written=said_of(shown)))
        self.pos += 1
        return found

    def value(self, limit: int, what: str) -> Any:
        """Decode the next value, at most `limit` characters long."""
        self.peek()
        while True:
            try:
                value, end = DECODER.raw_decode(self.buffer, self.pos)
            except RecursionError:
                raise self.error(say(FormatProblem.JSON_TOO_DEEP)) from None
            except json.JSONDecodeError as error:
                incomplete = error.msg.startswith("Unterminated string") or error.pos >= len(self.buffer) - 16
                if not (incomplete and self._grow(limit, what)):
                    message = error.msg[:-3] + " here" if error.msg.endswith(" at") else error.msg
                    raise self.error(say(FormatProblem.JSON_NOT_VALID, written=message), error.pos) from None
                continue
            if end < len(self.buffer) or not self._grow(limit, what):  # a number may go on
                self.pos = end
                return value

    def _grow(self, limit: int, what: str) -> bool:
        """Read more of a value being decoded; False at the end of the text."""
        held = len(self.buffer) - self.pos
        if held > limit:
            raise self.error(say(FormatProblem.JSON_TOO_LONG, what=said_of(what), limit=limit))
        return self.more(max(CHUNK, held))


def read_json(source: str | TextIO | BinaryIO, name: str = "<json>") -> Iterator[Record]:
    """Records from a JSON document, read one at a time (see docs/json.md).

    `source` is the text, or a stream (bytes are read as UTF-8, with or without a byte
    order mark). A record of the wrong shape gets a problem and the next is read; a
    document that is not TGN JSON raises SchemaError, possibly after some records.
    """
    stream = JsonStream(_reader(source))
    seen: dict[str, Any] = {}
    if stream.peek() != "{":
        raise stream.error(say(FormatProblem.JSON_NOT_DOCUMENT, format=FORMAT))
    stream.pos += 1
    while stream.peek() != "}":
        if seen:
            stream.expect(",", say(FormatProblem.COMMA_OR_BRACE))
        if stream.peek() != '"':
            stream.expect('"', say(FormatProblem.QUOTED_KEY))
        key_at = stream.pos
        key = stream.value(MAX_LINE, say(FormatProblem.A_KEY))
        if key in seen:
            raise stream.error(say(FormatProblem.JSON_KEY_TWICE, written=_safe(key)), key_at)
        stream.expect(":", "':'")
        if key == "records":
            _check_header(seen, stream, final=False)
            seen[key] = True
            yield from _records(stream, name)
        else:
            seen[key] = stream.value(MAX_JSON_RECORD, say(FormatProblem.VALUE_OF, written=_safe(key)))
    stream.pos += 1
    if stream.peek():
        raise stream.error(say(FormatProblem.JSON_TEXT_AFTER))
    _check_header(seen, stream, final=True)


def read_json_record(text: str, name: str = "<json>") -> Record:
    """The record of a JSON object such as `record_to_json` gives (a problem if it has the
    wrong shape)."""
    return next(read_json(f'{{"format": "{FORMAT}", "version": {VERSION}, "records": [{text}]}}', name))


def _reader(source: str | TextIO | BinaryIO) -> Callable[[int], str]:
    """A function reading characters from `source`, decoding bytes as UTF-8."""
    if isinstance(source, str):
        text = io.StringIO(source[1:] if source.startswith("\ufeff") else source)
        return text.read
    probe = source.read(0)
    if isinstance(probe, str):
        characters = cast(TextIO, source)
        first = [True]

        def read_text(size: int) -> str:
            text = characters.read(size)
            if first[0] and text:
                first[0] = False
                return text[1:] if text.startswith("\ufeff") else text
            return text
        return read_text
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    offset = [0]
    octets = cast(BinaryIO, source)

    def read_bytes(size: int) -> str:
        while True:
            data = octets.read(size)
            try:
                text = decoder.decode(data, final=not data)
            except UnicodeDecodeError as error:
                at = offset[0] + error.start - len(decoder.getstate()[0])
                raise SchemaError(say(FormatProblem.JSON_NOT_UTF8, byte=f"{error.object[error.start]:02x}",
                                      at=max(at, 0))) from None
            offset[0] += len(data)
            if text or not data:
                return text
    return read_bytes


def _check_header(seen: dict[str, Any], stream: JsonStream, final: bool) -> None:
    """The document's "format" and "version", checked before its records and at its end."""
    if "format" not in seen and not final:
        raise stream.error(say(FormatProblem.JSON_FORMAT_FIRST, format=FORMAT))
    if seen.get("format") != FORMAT:
        raise stream.error(say(FormatProblem.JSON_FORMAT, format=FORMAT))
    if "version" in seen or final:
        version = seen.get("version")
        if type(version) is not int or version != VERSION:
            shown = version.text if isinstance(version, Huge) else repr(version)
            raise stream.error(say(FormatProblem.JSON_VERSION, written=_safe(shown), version=VERSION))
    if final and "records" not in seen:
        raise stream.error(say(FormatProblem.JSON_NO_RECORDS))


def _records(stream: JsonStream, name: str) -> Iterator[Record]:
    """The records of the "records" list, decoded one at a time."""
    if stream.peek() != "[":
        raise stream.error(say(FormatProblem.JSON_RECORDS_NOT_LIST, written=stream.peek()))
    stream.pos += 1
    index = 0
    while stream.peek() != "]":
        if index:
            stream.expect(",", say(FormatProblem.COMMA_IN_RECORDS))
        line, column = stream.where(_spaces_end(stream.buffer, stream.pos))
        data = stream.value(MAX_JSON_RECORD, say(FormatProblem.RECORD_NUMBER, number=index + 1))
        record = Record()
        try:
            _fill(record, data, f"$.records[{index}]")
        except SchemaError as error:
            record.problems.append(Problem(error.message, line, column, code=ProblemCode.JSON))
        yield record
        index += 1
    stream.pos += 1


RECORD_KEYS = {"tags", "comments", "moves", "result"}
MOVE_KEYS = {"turn", "nags", "before", "comments", "variations"}


def _known_keys(data: dict[str, Any], keys: set[str], path: str) -> None:
    unknown = sorted(set(data) - keys)
    if unknown:
        raise SchemaError(say(FormatProblem.JSON_UNKNOWN_KEY, path=path, written=_safe(repr(unknown[0])), known=sorted(keys)))


def _fill(record: Record, data: Any, path: str) -> None:
    _known_keys(_expect(data, dict, path), RECORD_KEYS, path)
    tags = _expect(data.get("tags"), dict, f"{path}.tags")
    for name, value in tags.items():
        where = f"{path}.tags.{_safe(name)}"
        if not TAG_NAME.fullmatch(name):
            raise SchemaError(say(FormatProblem.JSON_TAG_NAME, path=where))
        record.tags[name] = _text(value, where)
        problem = line_break_problem(name, value) or tag_problem(name, value)
        if problem is not None:
            raise SchemaError(say(FormatProblem.JSON_AT, path=where, said=said_of(problem)))
    record.comments = _comments(data.get("comments", []), f"{path}.comments")
    record.result = _text(data.get("result"), f"{path}.result")
    if record.result not in RESULTS:
        raise SchemaError(say(FormatProblem.JSON_RESULT, path=path, written=_safe(repr(record.result)), results=list(RESULTS)))
    if not bind_game(record):
        raise SchemaError(say(FormatProblem.JSON_AT, path=f"{path}.tags", said=said_of(record.problems.pop().message)))
    record.moves = _line(record, data.get("moves"), f"{path}.moves", 0)
    if record.tags.get("Result", record.result) != record.result:  # after the turns, which check still replays
        raise SchemaError(say(FormatProblem.JSON_RESULT_DIFFERS, path=path, result=record.result, written=record.tags["Result"]))


def _line(record: Record, data: Any, path: str, depth: int) -> list[Node]:
    if depth > MAX_DEPTH:
        raise SchemaError(say(FormatProblem.JSON_AT, path=path, said=Said(FormatProblem.TOO_DEEP, limit=MAX_DEPTH)))
    line = []
    for index, item in enumerate(_expect(data, list, path)):
        where = f"{path}[{index}]"
        _known_keys(_expect(item, dict, where), MOVE_KEYS, where)
        text = _text(item.get("turn"), f"{where}.turn")
        try:
            turn = record.rules.read_turn(text)
        except ValueError as error:
            raise SchemaError(say(FormatProblem.JSON_TURN, path=where, said=_safe_said(error))) from None
        nags = _expect(item.get("nags", []), list, f"{where}.nags")
        for k, nag in enumerate(nags):
            if type(nag) is not int or not 0 <= nag <= 255:  # bool is no NAG
                raise SchemaError(say(FormatProblem.JSON_NAG, path=where, index=k))
        variations = _expect(item.get("variations", []), list, f"{where}.variations")
        line.append(Node(
            turn,
            nags=list(nags),
            before=_comments(item.get("before", []), f"{where}.before"),
            comments=_comments(item.get("comments", []), f"{where}.comments"),
            variations=[_line(record, variation, f"{where}.variations[{k}]", depth + 1)
                        for k, variation in enumerate(variations)],
        ))
    if depth and not line:
        raise SchemaError(say(FormatProblem.JSON_EMPTY_VARIATION, path=path))
    return line


KINDS: dict[type, str] = {dict: say(FormatProblem.AN_OBJECT), list: say(FormatProblem.A_LIST),
                          str: say(FormatProblem.A_STRING), int: say(FormatProblem.A_NUMBER)}


def _expect(value: Any, kind: type, path: str) -> Any:
    if not isinstance(value, kind):
        raise SchemaError(say(FormatProblem.JSON_KIND, path=path, what=said_of(KINDS[kind]), found=said_of(_kind(value))))
    return value


def _kind(value: Any) -> str:
    if value is None:
        return say(FormatProblem.NOTHING)
    if isinstance(value, Huge):
        return say(FormatProblem.THE_NUMBER, written=shorten(value.text, 12))
    if isinstance(value, bool):
        return "true" if value else "false"
    return KINDS.get(type(value)) or say(FormatProblem.A_VALUE)


def _text(value: Any, path: str) -> str:
    """A string of the document, which must be text that UTF-8 can write."""
    text: str = _expect(value, str, path)
    problem = text_problem(text)
    if problem is not None:
        raise SchemaError(say(FormatProblem.JSON_AT, path=path, said=said_of(problem)))
    return text


def _comments(value: Any, path: str) -> list[str]:
    comments = []
    for index, item in enumerate(_expect(value, list, path)):
        comment = " ".join(_text(item, f"{path}[{index}]").split())
        problem = comment_problem(comment)
        if problem is not None:
            raise SchemaError(say(FormatProblem.JSON_AT, path=f"{path}[{index}]", said=said_of(problem)))
        comments.append(comment)
    return comments


def _safe_said(error: ValueError) -> Param:
    """Why a turn was refused, kept as its code when the message needs no escaping."""
    message = message_of(error)
    if isinstance(message, Saying) and _safe(message, None) == message:
        return message.said
    return _safe(str(error), None)


def _safe(text: str, size: int | None = 40) -> str:
    """Text from the document fit for a message: lone surrogates escaped, cut to `size` characters."""
    text = SURROGATE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
    return text if size is None else shorten(text, size)
