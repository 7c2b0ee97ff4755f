"""Records from files and folders, and output written atomically."""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Iterable, Iterator, TextIO

from .jsonio import SchemaError, read_json
from .model import Problem, Record
from .reader import read_file, read_records

RECORD_SUFFIXES = (".tgn", ".json")


def expand(paths: Iterable[str]) -> list[str]:
    """Files named, and the record files (.tgn, .json) of folders named, in order."""
    found: list[str] = []
    for path in paths:
        if path != "-" and Path(path).is_dir():
            found.extend(str(p) for p in sorted(Path(path).rglob("*")) if p.suffix in RECORD_SUFFIXES and p.is_file())
        else:
            found.append(path)
    return found


def load(path: str, json_input: bool | None = None) -> Iterator[Record]:
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
        yield from read_records(sys.stdin.buffer, "<stdin>")
    else:
        yield from read_file(path)


@contextlib.contextmanager
def output(path: str) -> Iterator[TextIO]:
    """A text stream to `path` ('-' is standard output), replaced atomically when done.

    The file appears whole or not at all: it is written beside its target and
    renamed over it only when the block ends without error.
    """
    if path == "-":
        yield sys.stdout
        return
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())  # on disk before it replaces the old file
        os.chmod(temporary, 0o666 & ~_umask())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text(path: str, text: str) -> None:
    """Write a whole text file atomically."""
    with output(path) as stream:
        stream.write(text)
