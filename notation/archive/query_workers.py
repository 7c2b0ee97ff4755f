"""A query answered in worker processes (`--jobs`): this process reads the records' tags,
and each record whose tags meet the query is read, replayed and judged in a worker, from
its text (notation/archive/parallel.py hands the records out and keeps the reading order).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from ..model import Problem, Record
from .folder_query import FolderRecord
from .parallel import Task, in_order, record_task
from .query import Judged, Query, judge, replayed
from ..reader import parse_record

_WORKER: dict[str, Any] = {}  # in a worker process: the query and --unique


def judged_in_workers(sources: Iterable[tuple[str, int, Record]], query: Query, unique: bool, full: bool,
                      jobs: int) -> Iterator[Judged]:
    """(path, index, record, chosen, digest for --unique) for each record, in reading order, the
    turns of each record that meets the conditions on tags read, replayed and judged in one
    of `jobs` worker processes (see notation/archive/chosen.py `Chosen`)."""

    def task(entry: tuple[str, int, Record]) -> Task | None:
        record = entry[2]
        if isinstance(record, FolderRecord):  # judged from a folder's columns already
            return None
        return record_task(record) if query.meets_tags(record) else None

    for (path, index, record), verdict in in_order(sources, task, _judge, jobs, _start_worker,
                                                   (query.specs, unique)):
        if isinstance(record, FolderRecord):
            yield path, index, record, record.chosen, record.key
            continue
        if verdict is None:  # no text to hand over (JSON), a problem already, or tags not met
            yield path, index, record, *judge(query, record, unique, full)
            continue
        chosen, key, problems = verdict
        record.problems.extend(problems)
        if problems:
            record.unread = None  # what could not be read stays unread
        elif full and chosen and not replayed(record):  # read here too, to be written
            chosen = False
        yield path, index, record, chosen, key


def _start_worker(specs: list[tuple[str, str]], unique: bool) -> None:
    _WORKER["query"], _WORKER["unique"] = Query.build(specs), unique


def _judge(tasks: list[Task]) -> list[tuple[bool, bytes | None, list[Problem]]]:
    """In a worker: for each record's text, read for its tags as this process reads it, what
    `judge` says of it, and its problems."""
    verdicts = []
    for text, first_line, name in tasks:
        record = parse_record(text, first_line, name, moves=False)
        verdicts.append((*judge(_WORKER["query"], record, _WORKER["unique"]), record.problems))
    return verdicts
