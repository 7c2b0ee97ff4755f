"""Whether a Parquet folder's columns can stand for its records, and its files by partition
(docs/archive.md#answers-from-the-columns).

A folder written by `export` in layout 4 keeps, beside each record's tags and text, what its replay
found: how it ended, its digests under the two rules telling copies apart, and its main line's turns
and positions. `stats` (notation/archive/folder_figures.py) and `filter` (notation/archive/folder_query.py)
answer from those columns rather than replaying the records, when they can answer right; `partitions`
returns None, and the folder is then read and replayed as a text file is, when:
- the folder is of layout 3 (written before the replay's columns);
- it was written by other code than the code running (notation/archive/stamp.py);
- it holds a game no installed plugin plays;
- a file's turns are not its records' main lines one after another, in the order and of the lengths the
  games file gives (a file rewritten by another program: each record's turns are found where the lengths
  before it say).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, TypeVar

from .parquet import FORMAT, arrow, mark_of, verified_files
from .stamp import rules_stamp

T = TypeVar("T")
BATCH = 8192  # rows read at a time


@dataclass(frozen=True)
class Partition:
    """The files of one game and one year: its games table's file and its turns table's (None when
    no record of it has a turn)."""

    game: str  # its Game name (TChako)
    games: Path
    turns: Path | None


def partitions(folder: str | Path, turns: bool = True) -> list[Partition] | None:
    """The partitions of an export folder whose columns can answer, in the order of their paths; None
    when they cannot (see above; without `turns`, for a question that reads no turn, the turns files
    are not checked). Damaged or OtherLayout (notation/archive/parquet.py) if the folder is not as its
    mark says."""
    mark = mark_of(folder)
    stamps = mark.get("rules")
    if mark["format"] != FORMAT or not isinstance(stamps, dict):
        return None
    tables = verified_files(folder)
    with_turns = set(tables["turns"])
    found = [Partition(_game_of(path), path, _turns_of(path, with_turns)) for path in tables["games"]]
    try:
        if any(stamps.get(game) != rules_stamp(game) for game in {part.game for part in found}):
            return None
    except ValueError:  # a game no plugin plays: the replay reports it
        return None
    if turns and not all(_turns_follow(part) for part in found):
        return None
    return found


def _turns_follow(part: Partition) -> bool:
    """Whether the turns file holds each record's main line where the games file's lengths put it: the
    records' turns one after another, in the records' order, each numbered from ply 1 (read a batch at a
    time: what is held does not grow with the folder)."""
    arrow()  # pyarrow, or ParquetMissing
    import pyarrow.compute as pc

    owners, plies = Lines(part.turns, "record"), Lines(part.turns, "ply")
    for records, lengths in batches(part.games, ["record", "turns"]):
        owned, numbered = owners.cut(lengths), plies.cut(lengths)
        if owned is None or numbered is None:
            return False
        line = pc.list_parent_indices(owned)  # each turn's record, by its place in the batch
        if len(line) and (pc.all(pc.equal(owned.flatten(), pc.take(records, line)), skip_nulls=False).as_py() is not True
                          or not _numbered_from_one(numbered.flatten(), line)):
            return False
    return owners.done()


def _numbered_from_one(plies: Any, line: Any) -> bool:
    """Whether each record's plies, one after another (`line`: each one's record), go 1, 2, 3 and on."""
    import pyarrow.compute as pc

    firsts = pc.not_equal(line[1:], line[:-1])  # where a record's turns begin, the very first aside
    steps = pc.if_else(firsts, pc.equal(plies[1:], 1), pc.equal(pc.subtract(plies[1:], plies[:-1]), 1))
    return plies[0].as_py() == 1 and not steps.null_count and pc.all(steps).as_py() is True


def batches(path: Path, columns: list[str]) -> Iterator[list[Any]]:
    """The columns of a Parquet file as Arrow arrays, a batch of rows at a time."""
    _, pq = arrow()
    for batch in pq.ParquetFile(path).iter_batches(columns=columns, batch_size=BATCH):
        yield [batch.column(name) for name in columns]


class Lines:
    """One column of a turns file, cut into the records' main lines a batch of records at a time (none
    without a file): what is held does not grow with the folder."""

    def __init__(self, path: Path | None, name: str) -> None:
        self.values: Iterator[Any] = iter(()) if path is None else (column for column, in batches(path, [name]))
        self.held: list[Any] = []  # arrays read and not yet cut
        self.count = 0  # the values they hold

    def cut(self, lengths: Any) -> Any:
        """The next main lines, of these lengths (an Arrow array), as an Arrow list array; None when
        a length is missing or below 0, or the column ends before."""
        pa, _ = arrow()
        import pyarrow.compute as pc

        if isinstance(lengths, pa.ChunkedArray):  # a table's column
            lengths = lengths.combine_chunks()
        if lengths.null_count or (len(lengths) and pc.min(lengths).as_py() < 0):
            return None
        try:
            ends = pc.cumulative_sum_checked(lengths.cast(pa.int64()))
        except pa.ArrowInvalid:  # lengths past what an int holds
            return None
        total = ends[-1].as_py() if len(ends) else 0
        while self.count < total:
            more = next(self.values, None)
            if more is None:
                return None
            self.held.append(more)
            self.count += len(more)
        joined = pa.concat_arrays(self.held) if self.held else pa.array([], pa.int64())
        rest = joined.slice(total)
        self.held, self.count = ([rest] if len(rest) else []), len(rest)
        offsets = pa.concat_arrays([pa.array([0], pa.int64()), ends])
        return pa.LargeListArray.from_arrays(offsets, joined.slice(0, total))

    def done(self) -> bool:
        """Whether every value was cut."""
        return not self.count and not any(len(more) for more in self.values)


def rows(path: Path, columns: list[str]) -> Iterator[Iterator[tuple[Any, ...]]]:
    """The rows of a Parquet file as tuples of these columns' values, a batch at a time."""
    for batch in batches(path, columns):
        yield zip(*(column.to_pylist() for column in batch))


def merged(streams: list[Iterator[tuple[int, T]]]) -> Iterator[T]:
    """The answers of each file's (record number, answer) pairs, merged into the order of the records."""
    if len(streams) == 1:
        return (answer for _, answer in streams[0])
    return (answer for _, answer in heapq.merge(*streams, key=lambda each: each[0]))


def _turns_of(games: Path, turns: set[Path]) -> Path | None:
    """The file of the turns table in the same partition as a file of the games table; None if no
    record of that partition has a turn."""
    found = games.parent.parent.parent.parent / "turns" / games.parent.parent.name / games.parent.name / games.name
    return found if found in turns else None


def _game_of(path: Path) -> str:
    """The game of a table's file, from its folder's name (game=Teblo)."""
    return path.parent.parent.name.partition("=")[2]
