"""The one way a command writes an output (docs/cli.md#files), and how it fails."""

from __future__ import annotations

import contextlib
import errno
from typing import Any, Iterable, Iterator, TextIO, cast

import click

from ..notation.files import OutputError, check_output, make_folders, writing
from ..notation.files import output as open_output
from ..notation.languages import Words
from ..render.escaping import terminal_lines
from .errors import IOFailure
from .messages import IN_ENGLISH, cannot_write


@contextlib.contextmanager
def output(target: str, force: bool, binary: bool = False, words: Words = IN_ENGLISH) -> Iterator[Any]:
    """Write into `target` ('-' is standard output), making the folders it needs; an existing
    file is replaced only with `force`, a device or a pipe is written into. With `binary` the
    stream takes bytes (an image), never written to a terminal. IOFailure (exit status 2) if
    it cannot be written (said in the language of `words`); what the block itself raises goes on as it is."""
    if not target:
        raise click.BadParameter(words.gettext("an empty name is no file's name; - is standard output"), param_hint="'-o'")
    try:
        make_folders(target)
        with open_output(target, replace=force, binary=binary) as stream:
            if binary and stream.isatty():
                raise IOFailure(words.gettext("an image is not written to a terminal: give -o FILE, or send standard "
                                              "output to a file or a pipe"))
            yield cast(TextIO, Screen(stream)) if stream.isatty() else stream
    except OutputError as error:
        raise write_failure(target, error, words) from None


def write(target: str, data: str | bytes, force: bool = False, words: Words = IN_ENGLISH) -> None:
    """Write a whole output (text, or the bytes of an image) through `output`; IOFailure if it
    cannot be written (said in the language of `words`)."""
    with output(target, force, binary=isinstance(data, bytes), words=words) as stream:
        stream.write(data)


def check_outputs(targets: Iterable[str], force: bool) -> None:
    """IOFailure for the first of several outputs that could not be written, before any is."""
    for target in targets:
        try:
            check_output(target, replace=force)
        except OutputError as error:
            raise write_failure(target, error) from None


def write_failure(target: str, error: OSError, words: Words = IN_ENGLISH) -> IOFailure:
    """The error of an output that cannot be written: an existing file (never when replacing), a folder, a reason
    (in the language of `words`; the reason is the system's)."""
    if error.errno == errno.EEXIST:
        return IOFailure(words.gettext("{target}: exists already (--force replaces it)").format(target=target))
    return IOFailure(cannot_write(words, target, error))


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
