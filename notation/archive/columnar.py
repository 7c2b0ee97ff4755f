"""A checked record as rows of two tables, `games` and `turns` (docs/archive.md#columnar-export).

This module knows nothing of a file format: it turns a record into plain values, typed
where a tag's type is known, which notation/archive/parquet.py writes as Parquet. A row of
`games` keeps every tag as written and the record's own text (a record read from JSON, which
has none in TGN, as a JSON object besides), so the record can be read back unchanged; the
typed columns are there to be queried. It keeps what the replay found too: how the game ended
(its ending code) and the record's digests under the two rules that tell copies apart
(notation/archive/duplicates.py), so that `stats` answers from the columns
(notation/archive/folder_figures.py).
"""

from __future__ import annotations

import dataclasses
import datetime
import hashlib
import json
import re
from typing import Any, Iterable, Iterator

from .duplicates import identity, same_game
from ..jsonio import record_to_json
from ..model import Problem, Record
from ..replay import check, recorded_ending
from ..walk import Step, Visitor
from ..writer import write_record

DATE = re.compile(r"([0-9]{4})\.([0-9?]{2})\.([0-9?]{2})")


def tag_date(text: str | None) -> datetime.date | None:
    """The day a Date tag names: None unless year, month and day are all given and make a date."""
    found = DATE.fullmatch(text.strip()) if text is not None else None
    if found is None or "?" in found.group(2) + found.group(3):
        return None
    try:
        return datetime.date(*map(int, found.groups()))
    except ValueError:  # 2024.02.30, year 0000
        return None


def tag_year(text: str | None) -> int | None:
    """The year a Date tag names, even when its month or day is unknown (2024.??.??); None if none."""
    found = DATE.fullmatch(text.strip()) if text is not None else None
    return int(found.group(1)) if found is not None else None


def position_hash(game: Any, position: Any) -> int:
    """A number that tells positions apart, the turn number aside, as the rules compare them
    (`filter --position`); the same on every machine and in every run (0 to 2**63 - 1).

    It is the first 63 bits of the SHA-256 of the position's code written at turn 1:
    `int(sha256(code).hexdigest()[:16], 16) >> 1`.
    """
    return _hash_of(game.position_code(_at_turn_one(position)))


def code_hash(game: Any, code: str) -> int:
    """The `position_hash` of a position code of the game (ValueError if it is not one)."""
    return position_hash(game, game.read_position(code))


def written_code_hash(game: Any, code: str) -> int:
    """The `position_hash` of the position that the game's `position_code` wrote as `code`,
    from the code itself: its turn number field (`Game.number_field`) set to 1."""
    fields = code.split(" ")
    fields[game.number_field] = "1"
    return _hash_of(" ".join(fields))


def _hash_of(code: str) -> int:
    """The first 63 bits of the SHA-256 of a position code at turn 1 (see position_hash)."""
    return int.from_bytes(hashlib.sha256(code.encode("utf-8")).digest()[:8], "big") >> 1


def _at_turn_one(position: Any) -> Any:
    """The same position with its turn number 1 (positions are dataclasses or named tuples)."""
    if dataclasses.is_dataclass(position):
        return dataclasses.replace(position, number=1)  # type: ignore[type-var]
    replace = getattr(position, "_replace", None)
    return replace(number=1) if replace is not None else position


class _MainLine(Visitor):
    """The main line's turns as rows, gathered while the record is replayed."""

    def __init__(self, record: Record) -> None:
        self.game = record.rules
        self.rows: list[dict[str, Any]] = []

    def visit_turn(self, step: Step) -> None:
        if step.depth:
            return
        game = self.game
        code = game.position_code(step.after)
        self.rows.append({"ply": len(self.rows) + 1, "number": step.number, "side": game.sides[step.side],
                          "turn": game.turn_text(step.node.turn), "position": code,
                          "position_hash": written_code_hash(game, code)})


@dataclasses.dataclass
class Rows:
    """A record as rows: its row of `games` and its rows of `turns` (without the record's number)."""

    game: dict[str, Any]
    turns: list[dict[str, Any]]

    @property
    def partition(self) -> tuple[str, int | None]:
        """The game and the year (None when the Date tag gives none) the record is filed under."""
        return self.game["game"], self.game["year"]


def record_rows(record: Record, source: str, index: int) -> Rows | None:
    """The rows of a record read in full (turns and all), replayed here; None if it has
    problems (they are on the record, to be reported)."""
    if record.problems:
        return None
    main_line = _MainLine(record)
    replayed = check(record, then=main_line)
    if record.problems or replayed is None:
        return None
    ended = replayed.outcome or recorded_ending(record)
    game, tags = record.rules, record.tags
    first, second = game.sides
    date = tags.get("Date")
    if record.source is not None:  # read from TGN: its text as read
        text, own, line = record.source.text, None, record.source.first_line
    else:  # read from JSON: its canonical text, and its own object to read it back by
        text, own, line = write_record(record), json.dumps(record_to_json(record, tags_as_held=True),
                                                           ensure_ascii=False), None
    row = {"source": source, "index": index, "line": line,
           "game": game.name, "year": tag_year(date), "variant": tags.get("Variant"), "result": record.result,
           "turns": len(main_line.rows), "ending": None if ended is None else str(ended.ending),
           "ending_kind": None if ended is None else ending_kind(ended.ending),
           "event": tags.get("Event"), "site": tags.get("Site"),
           "date": tag_date(date), "date_text": date, "round": tags.get("Round"),
           "first_player": tags.get(first), "second_player": tags.get(second),
           "start": game.position_code(record.start), "start_hash": position_hash(game, record.start),
           "tags": list(tags.items()), "tgn": text, "json": own,
           "record_digest": identity(record), "game_digest": same_game(record)}
    return Rows(row, main_line.rows)


def ending_kind(code: Any) -> str:
    """The Worded enum an ending code belongs to, by its module and name (the format's games'
    `Ending`, or a plugin's own)."""
    kind = type(code)
    return f"{kind.__module__}.{kind.__qualname__}"


Entry = tuple[str, int, Record]  # a record, its file and its index in the file


def rows_in_order(records: Iterable[Entry], jobs: int = 1, cluster: str | None = None
                  ) -> Iterator[tuple[Entry, Rows | None]]:
    """(entry, the rows of its record or None) for each record, in order, replayed in `jobs`
    processes or on the Dask cluster `cluster` names: then a record read for its tags only is
    read in full and replayed in a worker (notation/archive/parallel.py, cluster.py), its
    problems brought back onto it."""
    if jobs == 1 and cluster is None:
        for entry in records:
            yield entry, record_rows(entry[2], entry[0], entry[1])
        return
    from .parallel import in_order, record_task

    for entry, answer in in_order(records, lambda entry: record_task(entry[2]), _rows_in_worker, jobs,
                                  cluster=cluster):
        path, index, record = entry
        if answer is None:
            yield entry, record_rows(record, path, index)
            continue
        rows, problems = answer
        record.problems.extend(problems)
        if rows is not None:
            rows.game.update(source=path, index=index)  # a worker has the record's text, not its place
        yield entry, rows


def _rows_in_worker(tasks: list[tuple[str, int, str]]) -> list[tuple[Rows | None, list[Problem]]]:
    from .parallel import read_task

    answers = []
    for task in tasks:
        record = read_task(task)
        answers.append((record_rows(record, "", 0), record.problems))
    return answers
