"""A query of `filter` answered from a Parquet folder's columns rather than by reading and replaying
its records (docs/archive.md#answers-from-the-columns).

Conditions on tags are tested on each record's tags as the `tags` column keeps them, with its
game and Variant, and its result; `--position` on the hashes of the positions of its main line
(the `turns` table's, and its start's), the searched position hashed under the record's own rules as
`filter --position` reads it. With `--unique`, a game's digest is its `game_digest`. A record is read
from its text only when it is chosen, to be written; `--count` reads none.

The folder answers this way when every condition is one of those and its columns can answer
(notation/archive/folder_columns.py); `judged_in_folder` returns None otherwise, and its records are
read, and replayed where a condition needs their turns, as a text file's are.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any, Iterator, cast

from .columnar import position_hash
from .folder_columns import Lines, Partition, merged, partitions
from .parquet import Damaged, Row, arrow
from .query import Query, replayed
from ..games import game_class
from ..model import Record, Source

ON_TAGS = frozenset({"tag_condition", "player_condition", "date_condition", "round_condition", "result_condition",
                     "game_condition", "variant_condition"})
ANSWERED = ON_TAGS | {"position_condition"}
COLUMNS = ["record", "source", "index", "line", "variant", "result", "turns", "start_hash"]
FROM_TEXT = Source("", 1, "")  # the source of a record's tags taken from the columns, when it was read from TGN


class _Tagged:
    """What a condition on tags reads of a record (conditions.py: its tags, game, result, and whether it
    was read from TGN), taken from the columns: made for every row, so lighter than a Record."""

    __slots__ = ("tags", "result", "game", "source")

    def __init__(self, tags: dict[str, str], result: str, game: Any, source: Source | None) -> None:
        self.tags, self.result, self.game, self.source = tags, result, game, source


class FolderRecord:
    """A record of a folder judged from its columns: whether it is chosen, its digest for --unique, and,
    when chosen, its text to read it from."""

    __slots__ = ("chosen", "key", "row", "full")
    problems: tuple[()] = ()  # the records of a folder whose columns answer were exported clean, by this code

    def __init__(self, chosen: bool, key: bytes | None, row: Row | None, full: bool) -> None:
        self.chosen, self.key, self.row, self.full = chosen, key, row, full

    def read(self) -> Record:
        """The record, read from its text as a folder's record is read (`Row.record`); read in full and
        replayed for a writer that needs its turns (`full`), or when it was read from JSON, as `judge` does."""
        assert self.row is not None, "only a chosen record is read"
        record = self.row.record(moves=False)
        if self.full or record.source is None:
            replayed(record)
        return record


def judged_in_folder(folder: str | Path, query: Query, unique: bool = False, full: bool = False
                     ) -> Iterator[tuple[str, int, FolderRecord]] | None:
    """(file, index in the file, the record judged) for each record of an export folder, in the order
    they were exported; None when the columns cannot answer the query (see above). Damaged or
    OtherLayout (notation/archive/parquet.py) if the folder is not as its mark says."""
    if query.specs is None or any(builder not in ANSWERED for builder, _ in query.specs):
        return None
    positions = [text for builder, text in query.specs if builder == "position_condition"]
    found = partitions(folder, turns=bool(positions))
    if found is None:
        return None
    on_tags = [condition for condition, (builder, _) in zip(query.conditions, query.specs) if builder in ON_TAGS]
    return merged([_judged(part, on_tags, positions, unique, full) for part in found])


def _judged(part: Partition, on_tags: list[Any], positions: list[str], unique: bool, full: bool
            ) -> Iterator[tuple[int, tuple[str, int, FolderRecord]]]:
    """(record number, (file, index, the record judged)) for each row of one partition, in its order."""
    _, pq = arrow()
    games = pq.ParquetFile(part.games)
    lines = Lines(part.turns if positions else None, "position_hash")  # the main lines, one after another
    searched = _Searched(part.game, positions)
    columns = [*COLUMNS, "game_digest"] if unique else COLUMNS
    for group in range(games.metadata.num_row_groups):
        table = games.read_row_group(group, columns=[*columns, "tags"] if on_tags else columns)
        keys = table["game_digest"].to_pylist() if unique else itertools.repeat(None)
        tags = _tags(table["tags"]) if on_tags else itertools.repeat({})
        reached = searched.reached(_lines(lines, table["turns"], part), table["variant"].to_pylist()) if positions else {}
        chosen_rows: list[tuple[int, tuple[Any, ...]]] = []
        verdicts = []
        for number, (row, key) in enumerate(zip(zip(*(table[name].to_pylist() for name in COLUMNS)), keys)):
            record, source, index, line, variant, result, turns, start_hash = row
            rules = searched.rules(variant)
            tagged = cast(Record, _Tagged(next(tags), result, rules, None if line is None else FROM_TEXT))
            chosen = all(condition.test(tagged) for condition in on_tags) and all(
                target is not None and (start_hash == target or number in reached[target])
                for target in searched.targets(variant))
            verdicts.append((record, source, index, chosen, key if chosen else None))
            if chosen:
                chosen_rows.append((number, row))
        texts = _texts(games, group, [number for number, _ in chosen_rows])
        rows = {number: Row(row[1], row[2], row[3], *texts[number]) for number, row in chosen_rows}
        for number, (record, source, index, chosen, key) in enumerate(verdicts):
            yield record, (source, index, FolderRecord(chosen, key, rows.get(number), full))


def _lines(lines: Lines, lengths: Any, part: Partition) -> Any:
    """The main lines of these lengths, as `Lines.cut` gives them; Damaged if the turns file no longer
    holds them (it did when `partitions` checked it)."""
    cut = lines.cut(lengths)
    if cut is None:
        raise Damaged(f"{part.turns} no longer holds the turns of {part.games}: not read")
    return cut


def _tags(column: Any) -> Iterator[dict[str, str]]:
    """Each row's tags from a column of maps (read from the flat lists of all their names and values,
    which pyarrow makes faster than a list of pairs a row)."""
    maps = column.combine_chunks()
    names, values, offsets = maps.keys.to_pylist(), maps.items.to_pylist(), maps.offsets.to_pylist()
    for start, end in zip(offsets, offsets[1:]):
        yield dict(zip(names[start:end], values[start:end]))


def _texts(games: Any, group: int, numbers: list[int]) -> dict[int, tuple[str, str | None]]:
    """The TGN text and JSON object of the rows of a row group at these numbers (none read if none is asked)."""
    if not numbers:
        return {}
    table = games.read_row_group(group, columns=["tgn", "json"])
    tgn, own = table["tgn"], table["json"]
    return {number: (tgn[number].as_py(), own[number].as_py()) for number in numbers}


class _Searched:
    """The rules of each Variant of a game, and the hash of each position searched under them (None
    where the position is not one of theirs), as `filter --position` reads a position code."""

    def __init__(self, game: str, positions: list[str]) -> None:
        self.game, self.positions = game_class(game), positions
        self.found: dict[str | None, tuple[Any, list[int | None]]] = {}

    def rules(self, variant: str | None) -> Any:
        return self._of(variant)[0]

    def targets(self, variant: str | None) -> list[int | None]:
        return self._of(variant)[1]

    def reached(self, lines: Any, variants: list[str | None]) -> dict[int, set[int]]:
        """For each position searched in these records' rules, the records (by their place in `variants`)
        whose main line (`lines`, an Arrow list array a record) reaches it after a turn."""
        pa, _ = arrow()
        import pyarrow.compute as pc

        hashes, owners = lines.flatten(), pc.list_parent_indices(lines)
        reached: dict[int, set[int]] = {}
        for target in {target for variant in set(variants) for target in self.targets(variant) if target is not None}:
            try:
                value = pa.scalar(target, hashes.type)
            except (pa.ArrowInvalid, OverflowError):  # a hash no row of this type can hold
                reached[target] = set()
                continue
            reached[target] = set(pc.filter(owners, pc.equal(hashes, value)).to_pylist())
        return reached

    def _of(self, variant: str | None) -> tuple[Any, list[int | None]]:
        found = self.found.get(variant)
        if found is None:
            rules = self.game.shared(variant or "")
            found = self.found[variant] = rules, [self._hash(rules, code) for code in self.positions]
        return found

    @staticmethod
    def _hash(rules: Any, code: str) -> int | None:
        try:
            return position_hash(rules, rules.read_position(code))
        except ValueError:
            return None
