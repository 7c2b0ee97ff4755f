"""Working on records in several processes (`--jobs`), the answers in reading order.

This process reads the records for their tags only and hands each record that needs more
work (reading its turns, replaying them) to a worker process as its text, in batches; the
answers come back in the order the records were read, so output and reports do not
depend on the number of processes (docs/archive.md#many-processes).

What is handed out is bounded by the records' text, not their number: a batch holds up to
BATCH records and about BATCH_TEXT characters, and the text handed out and not yet
answered stays under AHEAD * workers * BATCH_TEXT characters (one record more when a
record alone is longer). There are never more workers than the CPUs this process may use,
and they end with it, whatever ends it (docs/cli.md#many-processes).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from multiprocessing.process import BaseProcess
from typing import Any, Callable, Generic, Iterable, Iterator, TypeVar

from ..model import Record
from ..reader import parse_record

E = TypeVar("E")  # what this process reads: an entry
R = TypeVar("R")  # what a worker answers for one record
Task = tuple[str, int, str]  # what a worker needs to read a record: its text, first line and file

BATCH = 64  # records handed to a worker at a time, at most
BATCH_TEXT = 1 << 20  # characters of record text a batch is closed at
AHEAD = 4  # batches of text waiting or at work, per process


class WorkerLost(RuntimeError):
    """A worker process ended without answering: killed by a signal, by the system when memory runs out."""

    def __init__(self) -> None:
        super().__init__("a worker process was killed (by the system, perhaps for lack of memory): "
                         "try again with fewer --jobs")


def record_task(record: Record) -> Task | None:
    """What a worker needs to read a record read for its tags only: its text, first line and
    file; None if it has no text (read from JSON) or nothing left to read."""
    if record.source is None or record.unread is None or record.problems:
        return None
    return record.source.text, record.source.first_line, record.source.name


def read_task(task: Task) -> Record:
    """The record of a task, read in full in the worker."""
    text, first_line, name = task
    return parse_record(text, first_line, name)


def usable_jobs(jobs: int, work: int | None = None) -> int:
    """The worker processes to start for `jobs`: no more than the CPUs this process may use,
    nor than the pieces of `work` when it is known; at least one."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cpus = os.cpu_count() or 1
    return max(1, min(jobs, cpus, jobs if work is None else work))


@contextlib.contextmanager
def workers(jobs: int, initializer: Callable[..., None] | None = None, initargs: tuple[Any, ...] = (),
            work: int | None = None) -> Iterator[ProcessPoolExecutor]:
    """A pool of `usable_jobs(jobs, work)` worker processes, each started by `initializer(*initargs)`.

    However the block ends, no worker outlives it: on an error or a signal (Ctrl-C, SIGTERM)
    the workers are ended at once rather than left to finish the work waiting for them. A
    worker that dies (killed by the system) is WorkerLost. Workers ignore Ctrl-C, which the
    terminal sends to them too: this process ends them.
    """
    before = set(multiprocessing.active_children())
    parent = os.getpid() if multiprocessing.get_start_method() == "fork" else None  # else a server forks them
    pool = ProcessPoolExecutor(max_workers=usable_jobs(jobs, work), initializer=_start_worker,
                               initargs=(parent, initializer, initargs))
    try:
        with _signals_held():  # no handler runs halfway through starting a worker
            pool.submit(os.getpid).result()  # starts them all (forked) or the first (spawned)
        yield pool
    except BrokenProcessPool:
        _end(set(multiprocessing.active_children()) - before, pool)
        raise WorkerLost() from None
    except BaseException:
        _end(set(multiprocessing.active_children()) - before, pool)
        raise
    pool.shutdown()


def _end(children: set[BaseProcess], pool: ProcessPoolExecutor) -> None:
    """End the pool's worker processes now, then the pool."""
    for child in children:
        child.terminate()
    for child in children:
        child.join()
    pool.shutdown(cancel_futures=True)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Ctrl-C and SIGTERM held back for the block (in this process and those it forks), then delivered."""
    held = {signal.SIGINT, signal.SIGTERM}
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_worker(parent: int | None, initializer: Callable[..., None] | None, initargs: tuple[Any, ...]) -> None:
    """Ctrl-C is left to the main process, which ends the workers; SIGTERM ends a worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})  # held while it was forked
    _end_with(parent)
    if initializer is not None:
        initializer(*initargs)


def _end_with(parent: int | None) -> None:
    """Have the system end this worker if the process that started it dies without ending it
    (SIGKILL); `parent`: that process, when it is this process's parent."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    set_parent_death_signal = 1  # PR_SET_PDEATHSIG in <linux/prctl.h>
    ctypes.CDLL(None).prctl(set_parent_death_signal, signal.SIGTERM)
    if parent is not None and os.getppid() != parent:  # it died before that was set
        os._exit(1)


def end_all() -> None:
    """End every worker process still running (the last resort of a run being stopped)."""
    children = multiprocessing.active_children()
    for child in children:
        child.terminate()
    for child in children:
        child.join()


@contextlib.contextmanager
def pool_of(jobs: int, cluster: str | None = None, initializer: Callable[..., None] | None = None,
            initargs: tuple[Any, ...] = (), work: int | None = None) -> Iterator[tuple[Executor, int]]:
    """Where the work runs, and how many tasks run there at once: `usable_jobs(jobs, work)` local
    worker processes (`workers`), or the workers of the Dask cluster `cluster` names (cluster.py)."""
    if cluster is not None:
        from .cluster import on_cluster  # Dask is imported only when a cluster is named

        with on_cluster(cluster, initializer, initargs, usable_jobs) as started:
            yield started
        return
    count = usable_jobs(jobs, work)
    with workers(count, initializer, initargs) as pool:
        yield pool, count


def in_order(entries: Iterable[E], task: Callable[[E], Task | None], work: Callable[[list[Task]], list[R]],
             jobs: int, initializer: Callable[..., None] | None = None,
             initargs: tuple[Any, ...] = (), cluster: str | None = None) -> Iterator[tuple[E, R | None]]:
    """(entry, answer) for each entry, in order: `task(entry)` is what a worker needs (None: no
    work, the answer is None), and `work(tasks)` answers a batch of them in one of `jobs`
    processes (see usable_jobs), or on the Dask cluster `cluster` names, each started by
    `initializer(*initargs)`."""
    with pool_of(jobs, cluster, initializer, initargs) as (pool, count):
        room = AHEAD * count * BATCH_TEXT  # characters handed out and not answered yet, at most
        pending: deque[_Batch[E, R]] = deque()
        handed = 0
        entries = iter(entries)
        while True:
            while pending and (len(pending) >= AHEAD * count or handed > room - BATCH_TEXT or pending[0].ready()):
                done = pending.popleft()
                handed -= done.text
                yield from done.answers()
            batch: _Batch[E, R] | None = _Batch.read(entries, task)
            if batch is None:
                break
            batch.submit(pool, work)
            pending.append(batch)
            handed += batch.text
        while pending:
            yield from pending.popleft().answers()


class _Batch(Generic[E, R]):
    """Entries read one after another, and the answer to come for those that need a worker."""

    def __init__(self, entries: list[E], tasks: list[tuple[int, Task]]) -> None:
        self.entries, self.tasks = entries, tasks
        self.text = sum(len(each[0]) for _, each in tasks)
        self.future: Future[list[R]] | None = None

    @classmethod
    def read(cls, entries: Iterator[E], task: Callable[[E], Task | None]) -> _Batch[E, R] | None:
        """The next entries: up to BATCH, closed once their text reaches BATCH_TEXT; None at the end."""
        batch: list[E] = []
        tasks: list[tuple[int, Task]] = []
        text = 0
        for entry in entries:
            if (each := task(entry)) is not None:
                tasks.append((len(batch), each))
                text += len(each[0])
            batch.append(entry)
            if len(batch) >= BATCH or text >= BATCH_TEXT:
                break
        return cls(batch, tasks) if batch else None

    def submit(self, pool: Executor, work: Callable[[list[Task]], list[R]]) -> None:
        if self.tasks:
            self.future = pool.submit(work, [each for _, each in self.tasks])

    def ready(self) -> bool:
        return self.future is None or self.future.done()

    def answers(self) -> Iterator[tuple[E, R | None]]:
        answers: list[R | None] = [None] * len(self.entries)
        if self.future is not None:
            for (number, _), answer in zip(self.tasks, self.future.result()):
                answers[number] = answer
        yield from zip(self.entries, answers)
