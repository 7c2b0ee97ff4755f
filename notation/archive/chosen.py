"""The records of an archive that meet a query, handed out one at a time in reading order
(`filter`, docs/archive.md): records with problems reported, copies of one game left out
with --unique, the turns read and replayed here or in worker processes (`--jobs`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from .duplicates import SAME_GAME, SeenGames
from ..model import Record
from .query import Judged, Query, judge


class Chosen:
    """The records of `sources` that meet a query, read one at a time; `failed` once a
    record with problems was met (each is handed to `rejected`, and never chosen).

    unique: keep the first record of each game (notation/archive/duplicates.py `SAME_GAME`); each
    other copy is left out and described to `copy` as a one-line note (file names as they
    are: escape it for a terminal). jobs: with more than one, and a query built from specs,
    the records' turns are read and replayed in that many worker processes
    (notation/archive/query_workers.py); this process reads the tags (give `sources` read for their
    tags only) and hands out the records in reading order, as one process does. full: hand
    out the chosen records read and replayed, for writers that need their turns (JSON).
    """

    def __init__(self, sources: Iterable[tuple[str, int, Record]], query: Query, *, unique: bool = False,
                 rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
                 copy: Callable[[str], None] = lambda note: None, jobs: int = 1, full: bool = False) -> None:
        self.sources, self.query, self.unique, self.full = sources, query, unique, full
        self.rejected, self.copy = rejected, copy
        self.failed = False
        if query.in_workers(jobs, unique):
            from .query_workers import judged_in_workers  # multiprocessing is imported for --jobs only

            self.records = self._walk(judged_in_workers(sources, query, unique, full, jobs))
        else:
            self.records = self._walk(self._here())

    def _here(self) -> Iterator[Judged]:
        """(path, index, record, chosen, digest for --unique) for each record, judged in this process."""
        for path, index, record in self.sources:
            yield path, index, record, *judge(self.query, record, self.unique, self.full)

    def _walk(self, judged: Iterator[Judged]) -> Iterator[Record]:
        seen = SeenGames(SAME_GAME)
        for path, index, record, chosen, key in judged:
            if record.problems:
                self.failed = True
                self.rejected(path, index, record)
            if not chosen:
                continue
            if key is not None and (first := seen.seen(path, index, key)) is not None:
                self.copy(seen.note(path, index, first, "kept"))
                continue
            yield record


def choose(sources: Iterable[tuple[str, int, Record]], query: Query, **options: Any) -> Chosen:
    """The records of `sources` (path, index, record triples) meeting `query`; see Chosen."""
    return Chosen(sources, query, **options)
