"""How far a long command has gone, on a terminal (docs/cli.md#progress).

One line on standard error, redrawn in place a few times a second at most: what is counted,
of how many when that is known, the rate and the time left. It is drawn only when standard
error is a terminal and the output is not written to that terminal too; piped or
redirected, the command prints nothing but what it documents. A message printed meanwhile
(cli/messages.py) takes the line's place, and the next count draws it again.
"""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Callable, Iterable, Iterator, TextIO, TypeVar

from ..notation.languages import ENGLISH, Words, words as words_of
from .messages import MESSAGES

T = TypeVar("T")
INTERVAL = 0.25  # seconds between two drawings of the line, at least
ERASE = "\r\x1b[K"  # back to the start of the line, and clear it


def on_terminal(stream: TextIO) -> bool:
    """Whether `stream` is a terminal (a closed or replaced stream is not)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def duration(seconds: float) -> str:
    """0:07, 3:25, 1:02:03."""
    minutes, second = divmod(int(seconds + 0.5), 60)
    hours, minute = divmod(minutes, 60)
    return f"{hours}:{minute:02}:{second:02}" if hours else f"{minute}:{second:02}"


class Progress:
    """The progress line of one long step: `advance` as the work goes, `finish` with what was
    written. Used as a context manager, so that an error clears the line before it is said."""

    def __init__(self, noun: str, total: int | None = None, *, output: str | None = None,
                 clock: Callable[[], float] = time.monotonic, words: Words | None = None) -> None:
        """`noun`: what is counted ("record"); `words`: the language of the line (English without)."""
        self.noun, self.total, self.clock = noun, total, clock
        self.words = words or words_of(ENGLISH)
        self.shown = on_terminal(sys.stderr) and not (output == "-" and on_terminal(sys.stdout))
        self.count = 0
        self.started = clock()
        self.drawn_at: float | None = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if kind is not None:
            self.finish()

    def advance(self, step: int = 1) -> None:
        """Count `step` more; draw the line if it was not drawn in the last INTERVAL."""
        self.count += step
        if not self.shown:
            return
        now = self.clock()
        if self.drawn_at is None or now - self.drawn_at >= INTERVAL:
            self.drawn_at = now
            self._write(ERASE + self.line(now))
            MESSAGES.status_line = True

    def each(self, items: Iterable[T]) -> Iterator[T]:
        """The items, each counted once it is taken (the line drawn at once, at 0)."""
        self.advance(0)
        for item in items:
            yield item
            self.advance()

    def line(self, now: float) -> str:
        """`1,200 of 5,000 records, 310/s, 0:12 left` (in French `1 200 sur 5 000 parties, 310/s, encore 0:12`)."""
        if self.words.language != ENGLISH and self.noun == "record":
            return self._line_in(now, self.words)
        done = f"{self.count:,}" + (f" of {self.total:,}" if self.total is not None else "")
        number = self.count if self.total is None else self.total
        parts = [f"{done} {self.noun}{'' if number == 1 else 's'}"]
        elapsed = now - self.started
        if self.count and elapsed > 0:
            rate = self.count / elapsed
            parts.append(f"{rate:,.0f}/s" if rate >= 10 else f"{rate:.1f}/s")
            if self.total is not None:
                parts.append(f"{duration(max(self.total - self.count, 0) / rate)} left")
        return ", ".join(parts)

    def _line_in(self, now: float, said: Words) -> str:
        """The line in the language of `said`: its words from the catalogue, its numbers grouped as it groups them."""
        done = grouped(self.count, said) if self.total is None else said.gettext("{count} of {total}").format(
            count=grouped(self.count, said), total=grouped(self.total, said))
        number = self.count if self.total is None else self.total
        parts = [said.ngettext("{count} record", "{count} records", number).format(count=done)]
        elapsed = now - self.started
        if self.count and elapsed > 0:
            rate = self.count / elapsed
            parts.append((grouped(round(rate), said) if rate >= 10 else f"{rate:.1f}".replace(".", ",")) + "/s")
            if self.total is not None:
                parts.append(said.gettext("{time} left").format(time=duration(max(self.total - self.count, 0) / rate)))
        return ", ".join(parts)

    def show(self, text: str) -> None:
        """Draw `text` as the line now: a step that is not counted (a sheet being made)."""
        if self.shown:
            self.drawn_at = self.clock()
            self._write(ERASE + text)
            MESSAGES.status_line = True

    def finish(self, line: str | None = None) -> None:
        """Clear the line; on a terminal, say `line` (what was written) in its place."""
        if not self.shown:
            return
        self._write(ERASE + (f"{line}\n" if line else ""))
        MESSAGES.status_line = False
        self.shown = False

    def _write(self, text: str) -> None:
        try:
            sys.stderr.write(text)
            sys.stderr.flush()
        except (OSError, ValueError):  # the terminal went away: the work goes on without the line
            self.shown = False


def grouped(number: int, said: Words) -> str:
    """A whole number with its thousands grouped as the language writes them: 12,345; 12 345 in French
    (a narrow no-break space)."""
    return f"{number:,}" if said.language == ENGLISH else f"{number:,}".replace(",", "\u202f")


def written_to(out: str, said: Words) -> str:
    """An output's name in the line that ends a run: `-` is standard output."""
    return said.gettext("standard output") if out == "-" else out
