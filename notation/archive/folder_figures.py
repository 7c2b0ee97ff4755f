"""What `stats` counts of each record of a Parquet folder, read from its columns rather than by
replaying the records (docs/archive.md#answers-from-the-columns).

A folder written by `export` in layout 4 keeps what the replay of each record found: how it ended
(`ending`, `ending_kind`) and its digests under the two rules telling copies apart (`record_digest`,
`game_digest`), beside its result, length, Variant and start. The first turns of its main line are
in the `turns` table. From those, each record gives the same `Counted` as replaying it would
(notation/archive/stats.py `counted`), course aside (the balance report lists every legal turn, so
it replays).

The columns answer only when they can answer right; `counted_in_folder` returns None, and the folder
is then read and replayed as a text file is, when notation/archive/folder_columns.py says they cannot,
when the folder holds an ending code no loaded game gives, or when the digests asked for are not under a
rule these columns keep.
"""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Any, Iterable, Iterator, cast

from .duplicates import SAME_GAME, SAME_RECORD, Rule
from .folder_columns import Lines, Partition, batches, merged, partitions, rows
from .parquet import Damaged
from .stats import Counted
from ..games import display_name, game_class
from ..worded import Worded

DIGESTS = {id(SAME_RECORD): "record_digest", id(SAME_GAME): "game_digest"}  # the column of each rule's digest
COLUMNS = ["record", "source", "index", "variant", "result", "turns", "start", "ending", "ending_kind"]
LONGEST = 2**31 - 1  # the most turns the `turns` column can give a record: a longer opening is no record's


def counted_in_folder(folder: str | Path, opening_turns: int, rule: Rule) -> Iterator[tuple[str, int, Counted]] | None:
    """(file, index in the file, what `stats` counts of the record) for each record of an export folder,
    in the order they were exported; None when the columns cannot answer (see above). Damaged or
    OtherLayout (notation/archive/parquet.py) if the folder is not as its mark says."""
    digest = DIGESTS.get(id(rule))
    if digest is None:
        return None
    found = partitions(folder)
    if found is None:
        return None
    readers = [_FileCounts(part, opening_turns, digest) for part in found]
    if not all(reader.ready() for reader in readers):
        return None
    return merged([reader.counted() for reader in readers])


class _FileCounts:
    """The records of one file of the games table (one game, one year), counted from its columns."""

    def __init__(self, part: Partition, opening_turns: int, digest: str) -> None:
        self.path, self.turns, self.opening_turns, self.digest = part.games, part.turns, opening_turns, digest
        self.game = part.game
        self.endings: dict[tuple[str, str], Worded] = {}
        self.rules: dict[str | None, tuple[str, str, tuple[str, str], str]] = {}  # Variant -> _rules

    def ready(self) -> bool:
        """Whether every ending code of the file is one a loaded game gives."""
        known = _ending_codes()
        for batch in rows(self.path, ["ending_kind", "ending"]):
            for pair in set(batch) - {(None, None)} - self.endings.keys():
                if pair not in known:
                    return False
                self.endings[pair] = known[pair]
        return True

    def counted(self) -> Iterator[tuple[int, tuple[str, int, Counted]]]:
        """(record number, (file, index, Counted)) for each row, in the file's order."""
        import pyarrow.compute as pc

        turns = Lines(self.turns, "turn")  # the records' main lines, one after another
        wanted = self.opening_turns
        for columns in batches(self.path, [*COLUMNS, self.digest]):
            lines = turns.cut(columns[COLUMNS.index("turns")])
            if lines is None:
                raise Damaged(f"{self.turns} no longer holds the turns of {self.path}: not read")
            openings = pc.list_slice(lines, 0, min(wanted, LONGEST)).to_pylist()
            rows = zip(*(column.to_pylist() for column in columns), openings)
            known = self.rules
            endings = self.endings
            for record, source, index, variant, result, length, start, ending, kind, key, line in rows:
                name, options, sides, start_code = known.get(variant) or self._rules(variant)
                opening = tuple(line) if start == start_code and length >= wanted else None
                yield record, (source, index, Counted(name, options, sides, result, length, opening,
                                                      None if ending is None else endings[kind, ending], key))

    def _rules(self, variant: str | None) -> tuple[str, str, tuple[str, str], str]:
        """Of the rules of a Variant tag's value in this game: the game's name for readers, its options
        (Game.variant_name), its sides and the code of its start position (a record starting elsewhere
        has no opening)."""
        rules = game_class(self.game).shared(variant or "")
        found = self.rules[variant] = (display_name(rules.name), rules.variant_name(), rules.sides,
                                       rules.position_code(rules.start_position()))
        return found


def _ending_codes() -> dict[tuple[str, str], Worded]:
    """Every ending code of the Worded enums loaded, by (enum's module and name, code)."""
    from .columnar import ending_kind

    codes: dict[tuple[str, str], Worded] = {}
    pending: list[type[Any]] = [Worded]
    while pending:
        kind = pending.pop()
        pending.extend(kind.__subclasses__())
        if issubclass(kind, enum.Enum):
            for code in cast(Iterable[Worded], kind):
                codes[ending_kind(code), str(code)] = code
    return codes
