"""What a command prints for the user beside its output: problem lines, notes, progress
(docs/cli.md#problem-lines), every line safe for a terminal."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, NoReturn, TextIO

import click

from ..notation.languages import ENGLISH, Words, words
from ..notation.problems import sentence_in
from ..render.escaping import terminal_text
from .errors import Status

if TYPE_CHECKING:
    from ..notation.model import Record


class Messages:
    """The lines a command prints beside its output: reports, notes, progress.

    A closed pipe stops them, never the work: the command goes on (a site is built, a file
    written), prints nothing more, and ends with status 141 (docs/cli.md#exit-status).
    """

    def __init__(self) -> None:
        self.cut = False
        self.status_line = False  # a progress line is drawn on standard error (cli/progress.py)

    def say(self, line: str, err: bool = True) -> None:
        """Print one line, already safe for a terminal (standard error unless `err` is false)."""
        try:
            if self.status_line:  # the message takes the progress line's place
                click.echo("\r\x1b[K", err=True, nl=False)
                self.status_line = False
            click.echo(line, err=err)
        except BrokenPipeError:
            self.cut = True
            stop_writing(sys.stderr if err else sys.stdout)


MESSAGES = Messages()


def say(line: str, err: bool = True) -> None:
    """Print one line, already safe for a terminal, through MESSAGES."""
    MESSAGES.say(line, err)


def note(line: str) -> None:
    """A message on standard error (a note, progress, an error that does not stop the run),
    written safe for a terminal."""
    say(terminal_text(line))


def problem_lines(path: str, index: int, record: Record, words: Words | None = None) -> list[str]:
    """FILE:LINE:COL: turn N Side: message, or FILE: record K: ... where lines are unknown (JSON),
    in English or in the language of `words` (docs/languages.md#the-command-line).

    Safe for a terminal: control characters from file names or records are shown escaped.
    """
    if words is None or words.language == ENGLISH:
        return [terminal_text(f"{path}:{problem}" if problem.line is not None else f"{path}: record {index}: {problem}")
                for problem in record.problems]
    lines = []
    for problem in record.problems:
        where = f"{problem.line}:{problem.column}: " if problem.line is not None else ""
        turn = problem.turn_in(words)
        message = problem.message_in(words)
        said = where + (words.gettext("{turn}: {message}").format(turn=turn, message=message) if turn else message)
        lines.append(terminal_text(f"{path}:{said}" if problem.line is not None else
                                   words.gettext("{path}: record {index}: {problem}").format(
                                       path=path, index=index, problem=said)))
    return lines


def report(path: str, index: int, record: Record, words: Words | None = None) -> None:
    """The problem lines of a record, on standard error (in the language of `words`)."""
    for line in problem_lines(path, index, record, words):
        say(line)


IN_ENGLISH = words()  # the words of a caller that chooses no language


def reason_of(error: OSError, said: Words) -> str:
    """Why a file could not be read or written: the system's reason in its own words, or ours (a path
    that is not a regular file: notation/files.py's FileProblem) in the language of `said`."""
    return sentence_in(error.strerror, said) if error.strerror else str(error)


def cannot_write(said: Words, path: object, error: OSError) -> str:
    """cannot write PATH: the reason (reason_of)."""
    return said.gettext("cannot write {path}: {reason}").format(path=path, reason=reason_of(error, said))


def output_name(words: Words, out: str) -> str:
    """An output's name in the line that ends a run: `-` is standard output, in the language of `words`."""
    return words.gettext("standard output") if out == "-" else out


def no_record(source: str, index: int, words: Words) -> str:
    """Why a command given --record K has nothing to do: the input has no K-th record."""
    return words.gettext("{source} has no record {index}").format(source=source, index=index)


def count(number: int, noun: str) -> str:
    """'1 record', '2 records'."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def closed_output() -> NoReturn:
    """End the run whose output was cut short by its reader (| head), as a program stopped by
    SIGPIPE does, like cat or grep."""
    stop_writing(sys.stdout)
    sys.exit(Status.CLOSED_PIPE)


def stop_writing(stream: TextIO) -> None:
    """Point a standard stream at /dev/null, so that nothing more is flushed to its closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (under a test runner)
        pass
