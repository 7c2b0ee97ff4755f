"""Working on records in several processes (`--jobs`), the answers in reading order.

This process reads the records for their tags only and hands each record that needs more
work (reading its turns, replaying them) to a worker process as its text, in batches; the
answers come back in the order the records were read, so output and reports do not
depend on the number of processes (docs/archive.md#many-processes).
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, TypeVar

from .model import Record
from .reader import parse_record

E = TypeVar("E")  # what this process reads: an entry
R = TypeVar("R")  # what a worker answers for one record

BATCH = 64  # records handed to a worker at a time
AHEAD = 4  # batches waiting or at work, per process


def record_task(record: Record) -> tuple[str, int, str] | None:
    """What a worker needs to read a record read for its tags only: its text, first line and
    file; None if it has no text (read from JSON) or nothing left to read."""
    if record.source is None or record.unread is None or record.problems:
        return None
    return record.source.text, record.source.first_line, record.source.name


def read_task(task: tuple[str, int, str]) -> Record:
    """The record of a task, read in full in the worker."""
    text, first_line, name = task
    return parse_record(text, first_line, name)


def in_order(entries: Iterable[E], task: Callable[[E], Any], work: Callable[[list[Any]], list[R]], jobs: int,
             initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = ()) -> Iterator[tuple[E, R | None]]:
    """(entry, answer) for each entry, in order: `task(entry)` is what a worker needs (None: no
    work, the answer is None), and `work(tasks)` answers a batch of them in one of `jobs`
    processes, each started by `initializer(*initargs)`."""
    with ProcessPoolExecutor(max_workers=jobs, initializer=initializer, initargs=initargs) as pool:
        pending: deque[tuple[list[E], list[int], Future[list[R]] | None]] = deque()
        entries = iter(entries)
        while batch := list(islice(entries, BATCH)):
            tasks = [(number, task(entry)) for number, entry in enumerate(batch)]
            tasks = [(number, each) for number, each in tasks if each is not None]
            future = pool.submit(work, [each for _, each in tasks]) if tasks else None
            pending.append((batch, [number for number, _ in tasks], future))
            while len(pending) > AHEAD * jobs or (pending and _ready(pending[0][2])):
                yield from _answers(*pending.popleft())
        while pending:
            yield from _answers(*pending.popleft())


def _ready(future: Future[Any] | None) -> bool:
    return future is None or future.done()


def _answers(batch: list[E], numbers: list[int], future: Future[list[R]] | None) -> Iterator[tuple[E, R | None]]:
    answers: list[R | None] = [None] * len(batch)
    if future is not None:
        for number, answer in zip(numbers, future.result()):
            answers[number] = answer
    yield from zip(batch, answers)
