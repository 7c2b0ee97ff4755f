"""The records of an archive that meet a query, handed out one at a time in reading order
(`filter`, docs/archive.md): records with problems reported, copies of one game left out
with --unique, the turns read and replayed here or in worker processes (`--jobs`).
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from .duplicates import SAME_GAME, SeenGames
from .folder_query import FolderRecord
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
    `sources` may hold records of a Parquet folder judged from its columns already
    (notation/archive/folder_query.py `FolderRecord`), which are read only when handed out.
    """

    def __init__(self, sources: Iterable[tuple[str, int, Record]], query: Query, *, unique: bool = False,
                 rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
                 copy: Callable[[str], None] = lambda note: None, jobs: int = 1, full: bool = False) -> None:
        self.sources, self.query, self.unique, self.full = sources, query, unique, full
        self.rejected, self.copy = rejected, copy
        self.failed = False
        if query.in_workers(jobs, unique):
            from .query_workers import judged_in_workers  # multiprocessing is imported for --jobs only

            self.chosen = self._walk(judged_in_workers(sources, query, unique, full, jobs))
        else:
            self.chosen = self._walk(self._here())
        self.records = self._read()

    def count(self) -> int:
        """How many records are chosen, none of them read from a folder's text (`filter --count`)."""
        return sum(1 for _ in self.chosen)

    def _here(self) -> Iterator[Judged]:
        """(path, index, record, chosen, digest for --unique) for each record, judged in this process
        (a folder's record judged from its columns already: notation/archive/folder_query.py)."""
        for path, index, record in self.sources:
            if isinstance(record, FolderRecord):
                yield path, index, record, record.chosen, record.key
            else:
                yield path, index, record, *judge(self.query, record, self.unique, self.full)

    def _walk(self, judged: Iterator[Judged]) -> Iterator[tuple[str, int, Record | FolderRecord]]:
        """(path, index, record) for each record chosen, each record with problems reported, copies left out."""
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
            yield path, index, record

    def _read(self) -> Iterator[Record]:
        """The records chosen, those of a folder read from their text."""
        for path, index, record in self.chosen:
            if isinstance(record, FolderRecord):
                record = record.read()
                if record.problems:  # not met: the folder's records were exported clean by this code
                    self.failed = True
                    self.rejected(path, index, record)
                    continue
            yield record


def choose(sources: Iterable[tuple[str, int, Record]], query: Query, **options: Any) -> Chosen:
    """The records of `sources` (path, index, record triples) meeting `query`; see Chosen."""
    return Chosen(sources, query, **options)
