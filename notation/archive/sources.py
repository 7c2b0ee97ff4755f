"""The records of the files and folders a user names, each bad input reported on its own.

Like grep or pgn-extract, a batch goes on past a missing file, a folder it cannot list or a
file it cannot decode: each is handed to a callback as one `InputError` and the walk
continues (docs/cli.md#files). Folders that Ludoscribe wrote itself (a built site, a kept
mkdocs project: they hold a mark file) are not searched for records; a Parquet folder that
`export` wrote, named as an input, gives the records it holds (notation/archive/parquet.py).
"""

from __future__ import annotations

import itertools
import os
import re
import stat
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..files import RECORD_SUFFIXES, file_kind, is_parquet_export, load
from ..model import Record
from ..problems import InputProblem, said_of, say

Answered = Callable[[str], "Iterator[tuple[str, int, Any]] | None"]  # see Sources
SITE_MARK = ".ludoscribe-site"  # in a site built by `site`
PROJECT_MARK = ".ludoscribe-project"  # in an mkdocs project kept by `site --project`
OWN_MARKS = (SITE_MARK, PROJECT_MARK)
SNIFF = 4096  # bytes of standard input looked at to tell JSON from TGN
JSON_START = re.compile(rb"(?:\xef\xbb\xbf)?\s*\{\s*[\"}]")


@dataclass(frozen=True)
class InputError:
    """A file or folder that gave no records: printed as 'PATH: message'."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


def written_by_ludoscribe(folder: str | Path) -> bool:
    """True for a folder holding the mark of a site or project that Ludoscribe built."""
    return any(os.path.lexists(os.path.join(folder, mark)) for mark in OWN_MARKS)


class Sources:
    """Iterate (file, index in the file from 1, record) over the record files of `paths`.

    Folders are searched recursively, in sorted order, for .tgn and .json files; '-' is
    standard input. Folders in `skip` (an output folder) and folders Ludoscribe wrote are
    left out. A Parquet folder written by `export` gives its records, each named by the
    file and numbered as when it was exported, files in the order they were exported (it
    needs pyarrow: without it, the folder is an input that gives no record). Every input that gives
    no record goes to `failed`; afterwards `files` counts the files read and `errors` the
    inputs that failed.

    answered: what the caller wants of each record of a Parquet folder, from the folder's columns
    rather than as a Record (notation/archive/folder_figures.py): given a folder, the (file, index,
    answer) triples of its records, or None when its columns cannot answer (its records are then
    given as Records). The answers then stand in the records' place.
    """

    def __init__(self, paths: Iterable[str], *, json_input: bool | None = None, skip: Iterable[str | Path] = (),
                 failed: Callable[[InputError], None] = lambda error: None, moves: bool = True,
                 answered: Answered | None = None) -> None:
        self.paths = list(paths)
        self.moves = moves  # false: TGN records are read for their tags (reader.read_moves reads the rest)
        self.answered = answered
        self.json_input = json_input
        self.skip = {_identity(path) for path in skip} - {None}
        self.failed = failed
        self.files = 0
        self.errors = 0

    def __iter__(self) -> Iterator[tuple[str, int, Record]]:
        for path, records in self.by_file():
            for index, record in records:
                yield path, index, record

    def by_file(self) -> Iterator[tuple[str, Iterator[tuple[int, Record]]]]:
        """(file, its (index, record) pairs) for each file, to be read before the next one."""
        for path, exported in self._files():
            if exported:
                yield from self._exported(path)
                continue
            self.files += 1
            yield path, self._read(path)

    def _exported(self, folder: str) -> Iterator[tuple[str, Iterator[tuple[int, Record]]]]:
        """The files of a Parquet folder, each with its (index, record) pairs. The records of a
        file still unread when the next file is asked for (a JSON file that `tgn_first` reads
        last) are kept, as text, until they are read."""
        for path, rows in itertools.groupby(self._guarded(folder, self._rows(folder)), key=lambda row: row[0]):
            self.files += 1
            rest = [rows]

            def records(rest: list[Iterator[Any]] = rest) -> Iterator[tuple[int, Record]]:
                while (row := next(rest[0], None)) is not None:
                    _, index, found, answer = row
                    yield index, found if answer else found.record(self.moves)

            yield path, records()
            rest[0] = iter(list(rest[0]))

    def _rows(self, folder: str) -> Iterator[tuple[str, int, Any, bool]]:
        """(file, index, row, False) for each record of a Parquet folder (parquet.Row, its record unread), or
        (file, index, answer, True) when `answered` answers from its columns."""
        from .parquet import read_rows  # only for an export folder: other inputs never import it

        answers = self.answered(folder) if self.answered is not None else None
        if answers is not None:
            for path, index, answer in answers:
                yield path, index, answer, True
            return
        for row in read_rows(folder):
            yield row.source, row.index, row, False

    def _guarded(self, folder: str, records: Iterator[Any]) -> Iterator[Any]:
        """The records read from a Parquet folder; a folder that cannot be read (or pyarrow
        missing) is reported, and ends."""
        from .parquet import Damaged, OtherLayout, ParquetMissing

        found = False
        try:
            for entry in records:
                found = True
                yield entry
        except (ParquetMissing, OtherLayout, Damaged) as error:
            self._fail(folder, str(error))
        except (OSError, ValueError, KeyError) as error:  # pyarrow's errors are these (KeyError: a column missing)
            self._fail(folder, say(InputProblem.NOT_PARQUET, written=str(error)))
        else:
            if not found:
                self._fail(folder, say(InputProblem.NO_RECORD_IN_PARQUET))

    def _read(self, path: str) -> Iterator[tuple[int, Record]]:
        count = 0
        try:
            for count, record in enumerate(load(path, self._json_input(path), self.moves), 1):
                yield count, record
        except OSError as error:
            self._fail(path, error.strerror or str(error))
        except UnicodeDecodeError as error:
            self._fail(path, say(InputProblem.NOT_UTF8, written=error.reason, at=error.start))
        else:
            if count == 0:
                self._fail(path, say(InputProblem.NO_RECORD_IN_FILE if path != "-" else InputProblem.NO_RECORD_IN_INPUT))

    def _json_input(self, path: str) -> bool | None:
        """How to read `path`: as told, else by its name; standard input by its first characters."""
        if self.json_input is not None or path != "-":
            return self.json_input
        return stdin_is_json()

    def _fail(self, path: str, message: str) -> None:
        self.errors += 1
        self.failed(InputError(path, message))

    def _files(self) -> Iterator[tuple[str, bool]]:
        """Each file to read, and whether it is a Parquet folder written by `export`."""
        for path in self.paths:
            if path == "-":
                yield path, False
                continue
            try:
                mode = os.stat(path).st_mode
            except (OSError, ValueError) as error:
                self._fail(path, getattr(error, "strerror", None) or str(error))
                continue
            is_folder = stat.S_ISDIR(mode)
            if not (is_folder or stat.S_ISREG(mode) or stat.S_ISFIFO(mode)):  # a pipe named is read: <(zcat ...)
                self._fail(path, say(InputProblem.NOT_REGULAR, kind=said_of(file_kind(mode))))
            elif not is_folder or is_parquet_export(path):
                yield path, is_folder  # a folder here is an export
            elif _identity(path) in self.skip:
                self._fail(path, say(InputProblem.OUTPUT_FOLDER))
            elif written_by_ludoscribe(path):
                self._fail(path, say(InputProblem.WRITTEN_BY_LUDOSCRIBE))
            else:
                files, errors = self.files, self.errors
                yield from ((found, False) for found in self._walk(str(Path(path))))
                if (self.files, self.errors) == (files, errors):
                    self._fail(path, say(InputProblem.NO_RECORD_FILE))

    def _walk(self, top: str) -> Iterator[str]:
        """Record files under `top`, in the order of their sorted paths.

        An entry with a record's name that cannot be read as a file (a link that loops or
        leads nowhere, a named pipe that would wait for a writer, a socket) is reported as
        an input not read; a link to a folder is not followed.
        """
        pending = [self._entries(top)]
        while pending:
            entry = next(pending[-1], None)
            if entry is None:
                pending.pop()
            elif _is_folder(entry):
                if _identity(entry.path) not in self.skip and not written_by_ludoscribe(entry.path):
                    pending.append(self._entries(entry.path))
            elif entry.name.endswith(RECORD_SUFFIXES):
                if (why := _not_a_file(entry)) is None:
                    yield entry.path
                elif why:
                    self._fail(entry.path, why)

    def _entries(self, folder: str) -> Iterator[os.DirEntry[str]]:
        """The entries of a folder sorted by name; none, and an error, if it cannot be listed."""
        try:
            with os.scandir(folder) as listing:
                entries = sorted(listing, key=lambda entry: entry.name)
        except OSError as error:
            self._fail(folder, say(InputProblem.CANNOT_LIST, written=str(error.strerror or error)))
            entries = []
        return iter(entries)


def _is_folder(entry: os.DirEntry[str]) -> bool:
    """A folder itself, not a link to one."""
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def _not_a_file(entry: os.DirEntry[str]) -> str | None:
    """Why a folder's entry with a record's name is not read: None for a file (or a link to
    one), "" for a link to a folder (not followed), else the reason it is reported."""
    try:
        mode = os.stat(entry.path).st_mode
    except OSError as error:
        reason = error.strerror or str(error)
        return say(InputProblem.LINK_TO_NOTHING, written=reason) if isinstance(error, FileNotFoundError) else reason
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return ""
    return say(InputProblem.NOT_REGULAR, kind=said_of(file_kind(mode)))


def stdin_is_json() -> bool:
    """Whether standard input starts like a JSON document ('{' then '"' or '}'), not TGN.

    A TGN record starts with a tag, or with a comment that never holds a quoted key
    right after its brace. Only what the input's buffer holds is looked at; nothing is
    consumed.
    """
    stream = sys.stdin.buffer
    if hasattr(stream, "peek"):
        head = stream.peek(SNIFF)[:SNIFF]
    else:  # an in-memory stream (tests): read, then go back
        where = stream.tell()
        head = stream.read(SNIFF)
        stream.seek(where)
    return JSON_START.match(head) is not None


def _identity(path: str | Path) -> tuple[int, int] | None:
    """What tells a folder apart whatever its spelling (device and inode), None if it is missing."""
    try:
        status = os.stat(path)
    except (OSError, ValueError):
        return None
    return status.st_dev, status.st_ino


def output_names(items: list[tuple[str, int | None]], root: str) -> list[str]:
    """A distinct name (a relative path without extension) for each (file, K) of `root`.

    The tree under a folder `root` is mirrored: a/game.tgn is named a/game, and the K-th
    record of a file holding several is a/event-K (K None: the file's only record). Names
    that clash (a/game.tgn beside a/game.json; event.tgn's record 2 beside event-2.tgn)
    keep the file's extension instead, for every record of the file: a/game.tgn and
    a/game.json, event.tgn-1, event.tgn-2 and event-2.tgn, which no two inputs share.
    """
    folder = os.path.isdir(root)
    relative = [os.path.relpath(path, root) if folder else os.path.basename(path) for path, _ in items]

    def name(number: int, full: bool) -> str:
        path, index = relative[number], items[number][1]
        base = path if full else os.path.splitext(path)[0] or path
        return base if index is None else f"{base}-{index}"

    full: set[str] = set()  # files whose names keep their extension
    while True:
        names = [name(number, path in full) for number, path in enumerate(relative)]
        counts = Counter(names)
        clashing = {relative[number] for number, each in enumerate(names) if counts[each] > 1} - full
        if not clashing:
            return names
        full |= clashing
