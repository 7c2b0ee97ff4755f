"""Records from files and folders, and output written atomically."""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import tempfile
from pathlib import Path
from typing import Iterator, TextIO

from .jsonio import SchemaError, read_json
from .model import Record
from .reader import read_file, read_records

RECORD_SUFFIXES = (".tgn", ".json")


def load(path: str, json_input: bool | None = None, moves: bool = True) -> Iterator[Record]:
    """The records of a file ('-' for standard input): JSON if it ends in .json, else TGN.

    Both are read one record at a time. OSError if the file cannot be opened; a JSON
    document that cannot be read on (not UTF-8, not JSON, not TGN JSON) ends with a
    record holding the problem.
    """
    if json_input is None:
        json_input = path.endswith(".json")
    if json_input:
        with contextlib.ExitStack() as stack:
            stream = sys.stdin.buffer if path == "-" else stack.enter_context(open(path, "rb"))
            try:
                yield from read_json(stream, path)
            except SchemaError as error:
                yield Record(problems=[error.problem()])
    elif path == "-":
        yield from read_records(sys.stdin.buffer, "<stdin>", moves)
    else:
        yield from read_file(path, moves)


@contextlib.contextmanager
def output(path: str, replace: bool = True) -> Iterator[TextIO]:
    """A text stream to `path` ('-' is standard output), replaced atomically when done.

    The file appears whole or not at all: it is written beside its target and
    renamed over it only when the block ends without error. With `replace` false an
    existing file is never touched: FileExistsError, before and after the writing.
    """
    if path == "-":
        yield sys.stdout
        return
    target = Path(path)
    if not replace and os.path.lexists(target):
        raise FileExistsError(errno.EEXIST, "the file exists already", path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())  # on disk before it replaces the old file
        os.chmod(temporary, 0o666 & ~_umask())
        if replace:
            os.replace(temporary, target)
        else:
            _place(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _place(temporary: str, target: Path) -> None:
    """Give `temporary` the name `target` unless that name exists (a hard link fails then)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise FileExistsError(errno.EEXIST, "the file exists already", str(target)) from None
    except OSError:  # a file system without hard links: check, then rename
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "the file exists already", str(target)) from None
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: str, text: str, replace: bool = True) -> None:
    """Write a whole text file atomically (never over an existing one unless `replace`)."""
    with output(path, replace) as stream:
        stream.write(text)
