"""A record file open in the studio (docs/annotating.md#saving): the file is the truth.

The file's bytes are kept as they were read. Each record of a TGN file is a span of them;
an edit writes the edited record in canonical form in place of its span and leaves every
other byte as it was: other records, the blank lines between them, the line breaks. A file
opened and saved without an edit is not written at all, so it stays byte for byte the same.
A JSON file is one document: an edit writes it again whole, as `convert --to json` does.

Every save is atomic and made under the lock `record` and `serve` take (notation/recording/lock.py),
after checking that the file on disk is still the one read: a file changed by another
program is never overwritten (`ChangedOnDisk`), it is offered for reloading. Every edit
can be undone and redone; an undo is a save too.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, TypeVar

from ..files import open_regular, output
from ..jsonio import SchemaError, read_json, write_json
from ..recording.lock import Busy, ScoresheetLock
from ..model import Problem, Record
from ..reader import parse_record, read_moves, read_records
from ..replay import check
from ..writer import TooDeep, TooLong, write_record

T = TypeVar("T")
MAX_HISTORY = 500  # edits kept for undo, per file


class ChangedOnDisk(Exception):
    """The file on disk is not the one read: another program changed it."""


class NotEditable(Exception):
    """A record that cannot be edited: its problems say why (the first one is the message)."""


@dataclass
class Span:
    """Where a record is in a TGN file's bytes, its text, and its first line."""

    start: int
    end: int
    text: str
    first_line: int


@dataclass
class Change:
    """One saved edit: the file's bytes before and after it, the record and the turn it was at."""

    before: bytes
    after: bytes
    index: int
    at: str


class EditedFile:
    """One TGN or JSON file of records, read from disk and written back as it is edited."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.label = self.path.name  # how pages name it (the studio: its place under the folder opened)
        self.json = self.path.suffix.lower() == ".json"
        self.data = b""
        self.stamp: tuple[int, int] = (0, 0)
        self.spans: list[Span] = []
        self.heads: list[Record] = []  # each record's tags (TGN: the movetext not read yet)
        self._full: dict[int, Record] = {}
        self._written: dict[int, str] = {}  # the canonical text of the records read whole, once written
        self.done: list[Change] = []
        self.undone: list[Change] = []
        self.load()

    # --- reading -------------------------------------------------------------------

    def _read(self) -> bytes:
        fd = open_regular(self.path, os.O_RDONLY)
        with os.fdopen(fd, "rb") as stream:
            return stream.read()

    def load(self, data: bytes | None = None) -> None:
        """Read the file (or take `data` as its bytes) and split it into records."""
        self.data = self._read() if data is None else data
        self.stamp = self._stamp()
        self._full = {}
        self._written = {}
        if self.json:
            self.spans = []
            try:
                self.heads = list(read_json(io.BytesIO(self.data), str(self.path)))
            except SchemaError as error:
                self.heads = [Record(problems=[error.problem()])]
            return
        self.heads = list(read_records(io.BytesIO(self.data), str(self.path), moves=False))
        self.spans = self._spans()

    def _stamp(self) -> tuple[int, int]:
        try:
            info = os.stat(self.path)
        except OSError:
            return (0, 0)
        return (info.st_size, info.st_mtime_ns)

    def _spans(self) -> list[Span]:
        data = self.data
        starts = [0]
        at = data.find(b"\n")
        while at != -1:
            starts.append(at + 1)
            at = data.find(b"\n", at + 1)
        firsts = [head.source.first_line if head.source else 1 for head in self.heads]
        spans = []
        for number, first in enumerate(firsts):
            start = starts[first - 1] if first - 1 < len(starts) else len(data)
            if first == 1 and data.startswith(b"\xef\xbb\xbf"):
                start = 3
            following = firsts[number + 1] if number + 1 < len(firsts) else None
            end = starts[following - 1] if following is not None and following - 1 < len(starts) else len(data)
            kept = data[start:end].rstrip()
            stop = start + len(kept)
            newline = data.find(b"\n", stop, end)
            stop = newline + 1 if newline != -1 else end
            head = self.heads[number]
            spans.append(Span(start, stop, head.source.text if head.source else "", first))
        return spans

    def __len__(self) -> int:
        return len(self.heads)

    def record(self, index: int) -> Record:
        """The record read whole and checked (kept until the next edit of the file)."""
        if index not in self._full:
            if self.json:
                record = self.heads[index]
                if not record.problems:
                    check(record)
            else:
                span = self.spans[index]
                record = parse_record(span.text, span.first_line, str(self.path))
                read_moves(record)
                check(record)
            self._full[index] = record
        return self._full[index]

    def editable(self, index: int) -> Record:
        """The record, for an edit: NotEditable with its first problem if it has any."""
        record = self.record(index)
        if record.problems:
            raise NotEditable(f"this record cannot be edited until it is corrected: {_said(record.problems[0])}")
        return record

    def changed_on_disk(self) -> bool:
        """Whether the file on disk differs from the one read (its size and time first, then its bytes)."""
        if self._stamp() == self.stamp:
            return False
        try:
            return self._read() != self.data
        except OSError:
            return True

    # --- writing -------------------------------------------------------------------

    def edit(self, index: int, at: str, change: Callable[[Record], T]) -> T:
        """Make `change` to the record `index` and save it, if it changed the record's text; what
        `change` gives. The edit is kept for undoing; an edit refused (an exception) leaves
        the file and the record as they were. `at`: the turn shown, for undoing."""
        record = self.editable(index)
        before = self._written.get(index)
        try:
            if before is None:
                before = write_record(record)
            result = change(record)
            after = write_record(record)
        except BaseException:
            self._full.pop(index, None)  # read again from the file: the edit may have begun
            self._written.pop(index, None)
            raise
        if after != before:
            self._commit(index, at, record, after)
        self._written[index] = after
        return result

    def _commit(self, index: int, at: str, record: Record, text: str) -> None:
        try:
            if self.json:
                out = io.StringIO()
                write_json([self._full.get(number) or self.record(number) for number in range(len(self))], out)
                new = out.getvalue().encode("utf-8")
            else:
                new = self._spliced(index, text)
        except (TooLong, TooDeep):
            self._full.pop(index, None)
            raise
        if new == self.data:
            return
        change = Change(self.data, new, index, at)
        try:
            self._write(new)
        except BaseException:
            self._full.pop(index, None)
            raise
        self.done.append(change)
        del self.done[:-MAX_HISTORY]
        self.undone.clear()
        if self.json:
            self.load(new)
        else:
            self._respan(index, new, record)

    def _spliced(self, index: int, text: str) -> bytes:
        span = self.spans[index]
        old = self.data[span.start:span.end]
        written = text.replace("\n", "\r\n") if b"\r\n" in old else text
        return self.data[:span.start] + written.encode("utf-8") + self.data[span.end:]

    def _respan(self, index: int, new: bytes, record: Record) -> None:
        """After the record `index` was written again: the spans, lines and heads that follow."""
        old = self.data
        self.data = new
        self.stamp = self._stamp()
        span = self.spans[index]
        shift = len(new) - len(old)
        end = span.end + shift
        lines = new.count(b"\n", span.start, end) - old.count(b"\n", span.start, span.end)
        text = new[span.start:end].decode("utf-8").replace("\r\n", "\n")
        self.spans[index] = Span(span.start, end, text, span.first_line)
        for later in self.spans[index + 1:]:
            later.start += shift
            later.end += shift
            later.first_line += lines
        self._full = {index: record}  # the others' places in the file moved: read again when asked for
        self._written = {index: self._written[index]} if index in self._written else {}
        self.heads[index] = record

    def add_record(self, text: str) -> int:
        """Add a record (its canonical text) at the end of the file, after a blank line; its index."""
        if self.json:
            self.heads.append(parse_record(text))
            index = len(self.heads) - 1
            self._commit(index, "", self.record(index), write_record(self.record(index)))
            return index
        data = self.data
        if data.strip():
            data += (b"" if data.endswith(b"\n") else b"\n") + b"\n"
        else:
            data = b""
        self._save_whole(data + text.encode("utf-8"), len(self.heads), "")
        return len(self.heads) - 1

    def _save_whole(self, new: bytes, index: int, at: str) -> None:
        change = Change(self.data, new, index, at)
        self._write(new)
        self.done.append(change)
        self.undone.clear()
        self.load(new)

    def undo(self) -> Change:
        """Take back the last edit (saved at once); the change taken back. IndexError if none is left."""
        change = self.done[-1]
        self._write(change.before)
        self.undone.append(self.done.pop())
        self.load(change.before)
        return change

    def redo(self) -> Change:
        """Make again the last edit taken back; IndexError if none is left."""
        change = self.undone[-1]
        self._write(change.after)
        self.done.append(self.undone.pop())
        self.load(change.after)
        return change

    def _write(self, new: bytes) -> None:
        """Write the file atomically, under the lock, if it is still the one read (else ChangedOnDisk)."""
        _locked(self.path, lambda: self._replace(new))

    def _replace(self, new: bytes) -> None:
        try:
            on_disk = self._read()
        except FileNotFoundError:
            on_disk = b""
        if on_disk != self.data:
            raise ChangedOnDisk(f"{self.path.name} was changed on disk by another program: reload it to go on "
                                "(nothing was written over it)")
        with output(str(self.path), binary=True) as stream:
            stream.write(new)
        self.stamp = self._stamp()


def _locked(path: Path, step: Callable[[], T]) -> T:
    """Run `step` holding the lock of the file (Busy if a `record` or `serve` session holds it)."""
    lock = ScoresheetLock(str(path))
    lock.acquire()
    try:
        return step()
    finally:
        lock.release()


def create(path: Path, text: str) -> None:
    """Make a new file holding `text` (never over an existing one), under its lock."""
    def make() -> None:
        with output(str(path), replace=False, binary=True) as stream:
            stream.write(text.encode("utf-8"))
    _locked(path, make)


def _said(problem: Problem) -> str:
    return str(problem)


__all__ = ["Busy", "ChangedOnDisk", "EditedFile", "NotEditable", "create"]
