"""Reading TGN: split a stream into records, parse each into a Record.

Reading streams: a file is read line by line and each record is parsed and handed
out before the next one is read, so memory stays bounded whatever the file's size.
A record with a mistake gets a Problem and the reader goes on with the next one.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator, NamedTuple, Protocol



from .games import BadSetUp, FormatSetUp, Position, SomeGame, game_class
from .games.plugins import built_ins
from .grammar import ENDS_WITH_RESULT, Token, header, tokens
from .limits import MAX_DEPTH, MAX_LINE, MAX_RECORD, comment_problem, shorten, tag_problem
from .model import GLYPHS, Node, Problem, ProblemCode, Record, Source, skipped
from .problems import FormatProblem, message_of, said_of, say, turn_label

TAG_LINE = re.compile(r'\[[A-Za-z0-9_]+[ \t]+".*"\][ \t]*$')
TAG_START = re.compile(rb'\[[A-Za-z0-9_]+[ \t]+"')  # how a tag line starts, in bytes
UNESCAPE = re.compile(r'\\(["\\])')  # \" and \\; any other backslash is itself
# What ends a line for Markdown, HTML, YAML or Python's str.splitlines: never in a tag value.
LINE_BREAK = re.compile("[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
VALUE_BREAK = re.compile("[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")  # the same but \n, which no tag value holds
TURN_FOLLOWERS = ")!?${;"  # what may be glued to the end of a turn token


# --- splitting a stream into records --------------------------------------------


@dataclass
class Chunk:
    """The text of one record and the line it starts on (or why it can't be read)."""

    text: str
    first_line: int
    problem: Problem | None = None


class Readable(Protocol):
    """What read_lines reads from: a binary stream, or a stream some of which was read already."""

    def readline(self, limit: int = -1, /) -> bytes: ...


class Line(NamedTuple):
    """One line of a stream, as read_lines reads it."""

    number: int
    text: str  # without its line break; "" for a line over the limit, which is not kept
    problem: Problem | None
    tag: bool  # a tag line; for a line over the limit, one that starts as a tag line does


def read_lines(stream: Readable, number: int = 0) -> Iterator[Line]:
    """Decode a byte stream line by line; undecodable or huge lines come with a Problem.

    number: how many lines of the file came before the stream's first one."""
    while raw := stream.readline(MAX_LINE + 2):  # a line at the limit and its "\r\n"
        number += 1
        if number == 1 and raw.startswith(BOM):
            bom, raw = BOM, raw[3:]
        else:
            bom = b""
        if line_size(bom + raw) > MAX_LINE:
            if not raw.endswith(b"\n"):
                while (rest := stream.readline(MAX_LINE)) and not rest.endswith(b"\n"):
                    pass
            problem = Problem(say(FormatProblem.LINE_TOO_LONG, limit=MAX_LINE), number, 1, code=ProblemCode.TOO_LONG)
            yield Line(number, "", problem, TAG_START.match(raw) is not None)
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            column = len(raw[: error.start].decode("utf-8", "replace")) + 1
            problem = Problem(say(FormatProblem.NOT_UTF8, byte=f"{raw[error.start]:02x}"), number, column,
                              code=ProblemCode.ENCODING)
            # the text, approximated, still tells split_records where the record ends
            text = raw.decode("utf-8", "replace").rstrip("\r\n")
            yield Line(number, text, problem, TAG_LINE.match(text) is not None)
            continue
        text = text.rstrip("\r\n").rstrip("\r")
        yield Line(number, text, None, TAG_LINE.match(text) is not None)


def line_size(raw: bytes) -> int:
    """The bytes of a line without its line break ("\n" or "\r\n"), for the line limit."""
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    return len(raw) - raw.endswith(b"\r")


def split_records(lines: Iterable[Line]) -> Iterator[Chunk]:
    """Group lines into records.

    A tag line starts a new record when it follows a blank line, or a movetext line
    ending in a result: so a tag-like line inside a long comment does not split a
    record, while a record whose comment is never closed, or that has no movetext,
    does not swallow the next one. The rest of a record over a limit is not read: its
    next tag line after movetext starts a new record, blank line or not
    (docs/format.md#limits). Blank lines at the end of a record do not count in its size.
    """
    lines_of: list[str] = []
    first = size = trailing = 0  # trailing: characters of the blank lines ending the record so far
    problem: Problem | None = None
    in_movetext = after_blank = after_result = False

    def chunk() -> Chunk:
        return Chunk("\n".join(lines_of) + "\n", first, problem)

    for number, text, line_problem, tag in lines:
        blank = line_problem is None and not text.strip()
        over = problem is not None and problem.code is ProblemCode.TOO_LONG
        if lines_of and tag and (after_blank or (in_movetext and (after_result or over))):
            yield chunk()
            lines_of, problem, in_movetext = [], None, False
        if not lines_of:
            if blank:
                continue
            first, size, trailing = number, 0, 0
        problem = problem or line_problem
        after_blank, after_result = blank, ENDS_WITH_RESULT.search(text) is not None
        if blank:
            trailing += len(text) + 1  # part of the record only if more of it follows
        else:
            size += trailing + len(text) + 1
            trailing = 0
            if size > MAX_RECORD:
                problem = problem or Problem(say(FormatProblem.RECORD_TOO_LONG, limit=MAX_RECORD), number, 1,
                                             code=ProblemCode.TOO_LONG)
            in_movetext = in_movetext or not tag  # a line too long to keep counts as movetext unless it starts as a tag
        lines_of.append(text if size + trailing <= MAX_RECORD else "")  # a record over the limit is not kept
    if lines_of:
        yield chunk()


# Where split_records cuts, found in a block of clean lines at once: before a tag line that
# follows a blank line, or a line ending with a result. (A line ending with a result is
# movetext, so the record being cut has movetext, as split_records asks.)
TAG_AHEAD = r'(?=\[[A-Za-z0-9_]+[ \t]+".*"\][ \t]*$)'
BLANK_CUT = re.compile(r"\n[^\S\n]*\n" + TAG_AHEAD, re.MULTILINE)
RESULT_CUT = re.compile(r"(?:1-0|0-1|1/2-1/2|\*)[^\S\n]*\n" + TAG_AHEAD, re.MULTILINE)  # and a space or nothing before
BLANK_LINES = re.compile(r"(?:[^\S\n]*\n)*")
TRAILING_CR = re.compile(r"\r+(?=\n)|\r+\Z")  # what read_lines strips from the end of each line
BLOCK = 1 << 16  # bytes read at a time by split_stream
BOM = b"\xef\xbb\xbf"  # UTF-8's byte order mark, left out at the start of a file


def split_stream(stream: BinaryIO) -> Iterator[Chunk]:
    """The records of a byte stream: what split_records(read_lines(stream)) gives, faster.

    Clean text (UTF-8, lines and records within the limits) is decoded and cut a block at
    a time. From the first thing that is not clean on, starting with the record it is in,
    the stream is read line by line by read_lines and split_records, which say what is wrong.
    """
    read = getattr(stream, "read1", stream.read)
    record = ""  # the whole lines read of the record not yet cut
    done = 0  # lines before it
    head = b""  # bytes read after the last whole line
    fresh = True  # nothing read yet but, perhaps, the start of a byte order mark
    bom = b""  # the byte order mark left out, given back if the first line is read line by line
    while True:
        more = read(BLOCK)
        raw = head + more
        if fresh and more:
            if len(raw) < 3 and BOM.startswith(raw):
                head = raw
                continue
            fresh = False
            if raw.startswith(BOM):
                raw, bom = raw[3:], BOM
        end = len(raw) if not more else raw.rfind(b"\n") + 1  # at the end, the last line needs no line break
        block, head = raw[:end], raw[end:]
        bom_kept = len(bom) if done == 0 and not record else 0  # read_lines counts it in the first line
        text = _clean(block, bom_kept) if line_size(head) + (0 if block else bom_kept) <= MAX_LINE else None
        if text is None:  # not clean: line by line from the start of the record
            yield from split_records(read_lines(_Rest((bom if done == 0 else b"") + record.encode("utf-8") + raw,
                                                      stream), done))
            return
        if not more and block:
            text += "\n"
        if not record:  # blank lines before the first record are no part of it
            blank = skipped(BLANK_LINES, text)
            done += text.count("\n", 0, blank)
            text = text[blank:]
        start = record.rfind("\n", 0, len(record) - 1) + 1  # a cut may come after the last line read before
        record += text
        cut = 0
        for end in _cuts(record, start):
            if end - cut > MAX_RECORD:
                break
            yield Chunk(record[cut:end], done + 1)
            done += record.count("\n", cut, end)
            cut = end
        record = record[cut:]
        if len(record) > MAX_RECORD:  # over the limit: split_records says where
            yield from split_records(read_lines(_Rest((bom if done == 0 else b"") + record.encode("utf-8") + head,
                                                      stream), done))
            return
        if not more:
            break
    if record:
        yield Chunk(record, done + 1)


def _cuts(text: str, start: int) -> list[int]:
    """Where split_records cuts `text` (whole lines, no record starting before `start`,
    which starts a line): the start of each tag line that begins a record."""
    cuts = [found.end() for found in BLANK_CUT.finditer(text, max(start - 1, 0))]
    cuts += [found.end() for found in RESULT_CUT.finditer(text, start)
             if found.start() == 0 or text[found.start() - 1].isspace()]
    return sorted(cuts)


def _clean(block: bytes, extra: int = 0) -> str | None:
    """A block of whole lines as read_lines decodes them, or None if it would report a
    problem; `extra` bytes before the first line count in its length."""
    if len(block) + extra > MAX_LINE:
        lines = block.split(b"\n")
        if line_size(lines[0]) + extra > MAX_LINE or max(map(line_size, lines)) > MAX_LINE:
            return None
    try:
        text = block.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return TRAILING_CR.sub("", text) if "\r" in text else text


class _Rest:
    """A stream whose first bytes, `head`, were read from it already."""

    def __init__(self, head: bytes, stream: BinaryIO) -> None:
        self.head, self.stream = io.BytesIO(head), stream

    def readline(self, limit: int = -1, /) -> bytes:
        line = self.head.readline(limit)
        if not line.endswith(b"\n") and (limit < 0 or len(line) < limit):
            line += self.stream.readline(limit - len(line) if limit >= 0 else -1)
        return line


# --- parsing one record -----------------------------------------------------------


def parse_record(text: str, first_line: int = 1, name: str = "<string>", moves: bool = True) -> Record:
    """Parse the text of one record; mistakes become the record's problems.

    moves: false to read the tags only, for a question about tags (`filter`); `read_moves`
    reads the rest when it is needed.
    """
    record = Record(source=Source(name, first_line, text))
    tags, start = header(text)
    tag_offsets = _read_tags(record, tags, start)
    if tag_offsets is None:
        return record
    if text.startswith("[", start):
        record.problem(say(FormatProblem.MALFORMED_TAG), start, code=ProblemCode.TAG)
        return record
    if not bind_game(record, tag_offsets, start):
        return record
    if moves:
        _read_movetext(record, start)
    else:
        record.unread = start
    return record


def read_moves(record: Record) -> None:
    """Read the movetext of a record read for its tags only (nothing if it was read)."""
    if record.unread is not None:
        start, record.unread = record.unread, None
        _read_movetext(record, start)


def _read_movetext(record: Record, start: int) -> None:
    assert record.source is not None, "a record being read has its text"
    _build_lines(record, tokens(type(record.rules), record.source.text, start))
    if "Result" not in record.tags:
        record.problem(say(FormatProblem.MISSING_RESULT_TAG), start,
                       code=ProblemCode.MISSING_TAG)


def _read_tags(record: Record, tags: list[re.Match[str]], end: int) -> dict[str, int] | None:
    """The tags (the section ends at `end`) into the record; their offsets, or None if one is beyond the limits."""
    offsets: dict[str, int] = {}
    assert record.source is not None, "a record being read has its text"
    breaks = VALUE_BREAK.search(record.source.text, 0, end) is not None  # perhaps in a value: look at each
    for tag in tags:
        name, value = tag.group("name", "value")
        if name in record.tags:
            record.problem(say(FormatProblem.TAG_TWICE, written=name), tag.start(), code=ProblemCode.TAG)
            continue
        record.tags[name] = UNESCAPE.sub(r"\1", value) if "\\" in value else value
        offsets[name] = tag.start()
        if breaks and (problem := line_break_problem(name, value)) and (found := LINE_BREAK.search(value)):
            record.problem(problem, tag.start("value") + found.start(), code=ProblemCode.TAG)
        too_long = tag_problem(name, record.tags[name])
        if too_long is not None:
            record.problem(too_long, tag.start(), code=ProblemCode.TOO_LONG)
            return None
    return offsets


def line_break_problem(name: str, value: str) -> str | None:
    """Why a tag's value cannot be kept: it holds a line break (docs/format.md#tags)."""
    found = LINE_BREAK.search(value)
    if found is None:
        return None
    return say(FormatProblem.LINE_BREAK, written=name, char=f"{ord(found[0]):04X}")


def bind_game(record: Record, tag_offsets: dict[str, int] | None = None, at: int | None = None) -> bool:
    """Choose the record's game from its tags and set its start position.

    Returns False (with a problem recorded) when the record cannot be read further.
    """
    offsets = tag_offsets or {}
    if "Game" not in record.tags:
        names = [plugin.name for plugin in built_ins()]
        record.problem(say(FormatProblem.MISSING_GAME_TAG, names=names), at,
                       code=ProblemCode.MISSING_TAG)
        return False
    try:
        rules = game_class(record.tags["Game"])
    except ValueError as error:
        record.problem(message_of(error), offsets.get("Game", at), code=ProblemCode.GAME)
        return False
    try:
        record.game = rules.shared(record.tags.get("Variant", ""))
    except ValueError as error:
        record.problem(message_of(error), offsets.get("Variant", at), code=ProblemCode.GAME)
        return False
    try:
        record.start = start_position(record.game, record.tags)
    except ValueError as error:
        record.problem(say(FormatProblem.BAD_POSITION, said=error.refusal if isinstance(error, BadSetUp) else said_of(error)),
                       offsets.get("Position", at), code=ProblemCode.POSITION,
                       detail=error.detail if isinstance(error, BadSetUp) else None)
        return False
    return True


def start_position(game: SomeGame, tags: dict[str, str]) -> Position:
    """The position a record starts from: its SetUp position, or the game's start."""
    if tags.get("SetUp", "0").strip() == "1":
        if "Position" not in tags:
            raise BadSetUp(FormatSetUp.NO_POSITION_TAG)
        position: Position = game.read_position(tags["Position"])
        return position
    start: Position = game.start_position()
    return start


def _build_lines(record: Record, elements: Iterable[Token]) -> None:
    """Turn the flat token list into lines of nodes, checking order and nesting."""
    assert record.source is not None, "a record being read has its text"
    game, text = record.rules, record.source.text
    line = record.moves
    number, side = record.start_position.number, record.start_position.side
    node: Node | None = None  # the last turn of the current line
    node_at = (number, side)  # its number and side
    stack: list[tuple[list[Node], Node, tuple[int, int], tuple[int, int], int]] = []
    pending: int | None = None  # offset of a turn number whose turn has not come yet
    before: list[str] = []

    def fail(message: str, offset: int, at: tuple[int, int] | None = None, code: ProblemCode = ProblemCode.SYNTAX) -> None:
        turn_number, turn_side = at or (number, side)
        record.problem(message, offset, turn_label(game, turn_number, turn_side), code=code)

    for kind, token in elements:
        start = token.start()
        if record.result_offset is not None:
            return fail(say(FormatProblem.TEXT_AFTER_RESULT), start, code=ProblemCode.RESULT)
        if kind == "turn":
            end = token.end()
            if end < len(text) and not text[end - 1].isspace() and text[end] not in TURN_FOLLOWERS:
                return fail(_unexpected(game, text[start:].split(None, 1)[0]), start)
            node = Node(game.turn_from_match(token), offset=start, before=before)
            line.append(node)
            node_at, pending, before = (number, side), None, []
            number, side = (number, 1) if side == 0 else (number + 1, 0)
        elif kind == "number":
            written = _small_number(token["number"])
            first_side = token["dots"] == "."
            if pending is not None:
                return fail(say(FormatProblem.NUMBER_WITHOUT_TURN), pending)
            if written != number or first_side != (side == 0):
                right = f"{number}." if side == 0 else f"{number}..."
                shown = shorten(token.group().strip())
                return fail(say(FormatProblem.NUMBER_MISFITS, written=shown, number=right), start, code=ProblemCode.NUMBER)
            pending = start
        elif kind in ("brace_comment", "line_comment"):
            comment = " ".join(token["text"].split())
            too_long = comment_problem(comment)
            if too_long is not None:
                return fail(too_long, start, code=ProblemCode.TOO_LONG)
            if pending is not None:
                before.append(comment)
            elif node is None:
                record.comments.append(comment)
            else:
                node.comments.append(comment)
        elif kind == "nag":
            if node is None or pending is not None:
                return fail(say(FormatProblem.NAG_WITHOUT_TURN), start, code=ProblemCode.NAG)
            value = GLYPHS.get(token["glyph"]) or _small_number(token["nag"])
            if value > 255:
                return fail(say(FormatProblem.NAG_OUT_OF_RANGE, written=shorten(token["nag"])), start, node_at,
                            code=ProblemCode.NAG)
            node.nags.append(value)
        elif kind == "variation_start":
            if node is None or pending is not None:
                return fail(say(FormatProblem.VARIATION_WITHOUT_TURN), start, code=ProblemCode.VARIATION)
            if len(stack) == MAX_DEPTH:
                return fail(say(FormatProblem.TOO_DEEP, limit=MAX_DEPTH), start, code=ProblemCode.VARIATION)
            stack.append((line, node, node_at, (number, side), start))
            line = []
            node.variations.append(line)
            (number, side), node = node_at, None
        elif kind == "variation_end":
            if not stack or pending is not None or node is None:
                return fail(say(FormatProblem.CLOSES_NO_VARIATION if not stack else FormatProblem.EMPTY_VARIATION), start,
                            code=ProblemCode.VARIATION)
            line, node, node_at, (number, side), _ = stack.pop()
        elif kind == "result":
            if stack:
                return fail(_not_closed(record, stack[-1][4]), start,
                            code=ProblemCode.VARIATION)
            if pending is not None:
                return fail(say(FormatProblem.NUMBER_WITHOUT_TURN), pending)
            record.result, record.result_offset = token["result"], start
            tag = record.tags.get("Result")
            if tag is not None and tag != record.result:  # the turns are all read: check goes on replaying them
                fail(say(FormatProblem.RESULT_DIFFERS, result=record.result, written=tag), start, code=ProblemCode.RESULT)
        else:
            return fail(_unexpected(game, token.group().split()[0]), start)
    end = len(text.rstrip())
    if stack:
        return fail(_not_closed(record, stack[-1][4]), stack[-1][4],
                    code=ProblemCode.VARIATION)
    if record.result_offset is None:
        fail(say(FormatProblem.NO_RESULT), end, code=ProblemCode.RESULT)


def _small_number(digits: str) -> int:
    """The value of a run of digits; any run of more than 9 significant digits counts as 10**9."""
    digits = digits.lstrip("0")
    return int(digits or "0") if len(digits) <= 9 else 10**9  # no long conversion of a huge number


def _not_closed(record: Record, offset: int) -> str:
    line, column = record.locate(offset)
    return say(FormatProblem.VARIATION_NOT_CLOSED, line=line or 0, column=column or 0)


def _unexpected(game: SomeGame, word: str) -> str:
    if word.startswith("{"):
        return say(FormatProblem.COMMENT_NOT_CLOSED)
    if word.startswith("}"):
        return say(FormatProblem.CLOSES_NO_COMMENT)
    if word.startswith("("):
        return say(FormatProblem.VARIATION_NOT_A_TURN, said=said_of(game.not_a_turn(word)))
    return game.not_a_turn(word)


# --- entry points -----------------------------------------------------------------


def read_records(stream: BinaryIO, name: str = "<stream>", moves: bool = True) -> Iterator[Record]:
    """Read every record of a byte stream, one at a time (moves: see parse_record)."""
    for chunk in split_stream(stream):
        if chunk.problem is not None:
            record = Record(source=Source(name, chunk.first_line, chunk.text))
            record.problems.append(chunk.problem)
            yield record
        else:
            yield parse_record(chunk.text, chunk.first_line, name, moves)


def read_file(path: str | Path, moves: bool = True) -> Iterator[Record]:
    """Read every record of a file, one at a time (OSError if it can't be opened; moves: see parse_record)."""
    with open(path, "rb") as stream:
        yield from read_records(stream, str(path), moves)


def read_string(text: str, name: str = "<string>") -> list[Record]:
    """Read every record of a string."""
    return list(read_records(io.BytesIO(text.encode("utf-8")), name))
