"""The one way a command writes an output (docs/cli.md#files), and how it fails."""

from __future__ import annotations

import contextlib
import errno
from typing import Any, Iterable, Iterator, TextIO, cast

import click

from ..notation.files import OutputError, check_output, make_folders, writing
from ..notation.files import output as open_output
from ..render.escaping import terminal_lines
from .errors import IOFailure


@contextlib.contextmanager
def output(target: str, force: bool, binary: bool = False) -> Iterator[Any]:
    """Write into `target` ('-' is standard output), making the folders it needs; an existing
    file is replaced only with `force`, a device or a pipe is written into. With `binary` the
    stream takes bytes (an image), never written to a terminal. IOFailure (exit status 2) if
    it cannot be written; what the block itself raises goes on as it is."""
    if not target:
        raise click.BadParameter("an empty name is no file's name; - is standard output", param_hint="'-o'")
    try:
        make_folders(target)
        with open_output(target, replace=force, binary=binary) as stream:
            if binary and stream.isatty():
                raise IOFailure("an image is not written to a terminal: give -o FILE, or send standard output "
                                "to a file or a pipe")
            yield cast(TextIO, Screen(stream)) if stream.isatty() else stream
    except OutputError as error:
        raise write_failure(target, error) from None


def write(target: str, data: str | bytes, force: bool = False) -> None:
    """Write a whole output (text, or the bytes of an image) through `output`; IOFailure if it
    cannot be written."""
    with output(target, force, binary=isinstance(data, bytes)) as stream:
        stream.write(data)


def check_outputs(targets: Iterable[str], force: bool) -> None:
    """IOFailure for the first of several outputs that could not be written, before any is."""
    for target in targets:
        try:
            check_output(target, replace=force)
        except OutputError as error:
            raise write_failure(target, error) from None


def write_failure(target: str, error: OSError) -> IOFailure:
    """The error of an output that cannot be written: an existing file (never when replacing), a folder, a reason."""
    if error.errno == errno.EEXIST:
        return IOFailure(f"{target}: exists already (--force replaces it)")
    return IOFailure(f"cannot write {target}: {error.strerror or error}")


class Screen:
    """An output that is a terminal: control characters written escaped, as ls does."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(terminal_lines(text))


class StandardOutput:
    """Standard output, whose failures to take what is written (a full device, an I/O error)
    are OutputErrors naming `-`, so that every command reports them as it reports a file it
    cannot write (docs/cli.md#exit-status); a closed pipe stays a BrokenPipeError."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        with writing("-"):
            return self.stream.write(text)

    def flush(self) -> None:
        with writing("-"):
            self.stream.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)
