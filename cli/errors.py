"""The exit statuses of the commands (docs/cli.md#exit-status) and the errors they report."""

from __future__ import annotations

from enum import IntEnum
from typing import TYPE_CHECKING

import click

from ..render.escaping import terminal_text

if TYPE_CHECKING:
    from ..notation.archive.sources import Sources


class Status(IntEnum):
    """How a command ended, as its exit status."""

    OK = 0
    PROBLEMS = 1  # a record has problems (or a diagram could not be drawn)
    USAGE = 2  # a bad option or argument
    UNREADABLE = 2  # an input that could not be read (the others were processed)
    UNWRITABLE = 2  # an output that cannot be written, or exists already
    INTERNAL = 3  # a bug, reported on one line
    INTERRUPTED = 130  # Ctrl-C: 128 + SIGINT, as shells expect
    CLOSED_PIPE = 141  # the program reading the output or the messages closed the pipe: 128 + SIGPIPE
    TERMINATED = 143  # SIGTERM: 128 + SIGTERM


def exit_status(sources: Sources, failed: bool) -> Status:
    """How a command that read `sources` ends: an input not read, else a record with problems, else OK."""
    return Status.UNREADABLE if sources.errors else Status.PROBLEMS if failed else Status.OK


class IOFailure(click.ClickException):
    """A file that cannot be read or written: exit status 2, like usage errors."""

    exit_code = Status.UNWRITABLE

    def format_message(self) -> str:
        """The message, safe for a terminal (file names may hold control characters)."""
        return terminal_text(self.message)


class BadUsage(click.ClickException):
    """An option's value refused, said in one line (exit status 2)."""

    exit_code = Status.USAGE


class MissingExtra(click.ClickException):
    """An optional extra is not installed (the web stack of serve, the images of diagram):
    one line says how to install it (exit status 2)."""

    exit_code = Status.USAGE


class Stopped(BaseException):
    """The run was stopped by a signal (Ctrl-C, SIGTERM): a BaseException, so that nothing on
    the way out mistakes it for an error, and every `finally` and context manager cleans up."""

    def __init__(self, signal_number: int) -> None:
        super().__init__(signal_number)
        self.status = Status(128 + signal_number)


class Signals:
    """The handler of Ctrl-C and SIGTERM: Stopped, raised once, so that a second signal does
    not cut short the cleaning up the first one started."""

    def __init__(self) -> None:
        self.received: int | None = None

    def __call__(self, number: int, frame: object) -> None:
        if self.received is None:
            self.received = number
            raise Stopped(number)

    def as_planned(self) -> None:
        """The signal received is how the command ends (a server stopped with Ctrl-C): exit 0."""
        self.received = None


SIGNALS = Signals()
