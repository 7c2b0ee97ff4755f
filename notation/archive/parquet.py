"""An archive as a folder of Parquet files, and the records read back from it
(docs/archive.md#columnar-export).

    FOLDER/.ludoscribe-parquet                      what wrote the folder, and each file's rows and size (JSON)
    FOLDER/games/game=Teblo/year=2024/part-0.parquet
    FOLDER/turns/game=Teblo/year=2024/part-0.parquet
    FOLDER/games/game=Staku/year=__HIVE_DEFAULT_PARTITION__/part-0.parquet   (no year known)

The folders are partitioned as Hive, Spark, DuckDB and pyarrow.dataset read them: the game
and the year are in the folder names, not in the files. The rows of each file are in the
order the records were read, so reading the files back merges them by record number.
The mark lists every file with its rows and bytes: a folder is read only when its files are
all there, regular files of those sizes and rows, and no other (`Damaged` otherwise).
pyarrow is imported only here, and only when a folder is written or read: without it,
`ParquetMissing` says how to install it.
"""

from __future__ import annotations

import contextlib
import errno
import heapq
import json
import os
import shutil
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator

from ..files import PARQUET_MARK, OutputError, file_kind, is_parquet_export, umask, writing
from ..model import Record
from ..jsonio import read_json_record
from ..reader import parse_record
from .stamp import rules_stamp

if TYPE_CHECKING:
    from .columnar import Rows

FORMAT = 4  # the layout's version, in the mark
READ = (3, 4)  # the layouts this version reads (3: without the replay's columns, ending and digests)
INSTALL = "Parquet needs the parquet extra: pip install 'ludoscribe[parquet]'"
NO_YEAR = "__HIVE_DEFAULT_PARTITION__"  # a partition's null value, as Hive and pyarrow write it
GAMES_PER_GROUP = 20_000  # rows of a Parquet row group, per table
TURNS_PER_GROUP = 500_000


class ParquetMissing(RuntimeError):
    """pyarrow is not installed; the message says how to install it."""


class OtherLayout(ValueError):
    """A folder written in a layout (FORMAT) that this version does not read; the message says so."""


class Damaged(ValueError):
    """A folder whose files are not those its mark lists (one missing, cut short, added, or not
    a regular file); the message names the first such file."""


def arrow() -> tuple[Any, Any]:
    """pyarrow and pyarrow.parquet, or ParquetMissing."""
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise ParquetMissing(INSTALL) from None
    return pyarrow, pyarrow.parquet


def available() -> None:
    """Raise ParquetMissing unless pyarrow can be imported."""
    arrow()


def schemas() -> dict[str, Any]:
    """The pyarrow schemas of the two tables (the partition columns, game and year, aside)."""
    pa, _ = arrow()
    games = pa.schema([
        ("record", pa.int64()), ("source", pa.string()), ("index", pa.int32()), ("line", pa.int32()),
        ("variant", pa.string()), ("result", pa.string()), ("turns", pa.int32()),
        ("ending", pa.string()), ("ending_kind", pa.string()),
        ("event", pa.string()), ("site", pa.string()), ("date", pa.date32()), ("date_text", pa.string()),
        ("round", pa.string()), ("first_player", pa.string()), ("second_player", pa.string()),
        ("start", pa.string()), ("start_hash", pa.int64()),
        ("tags", pa.map_(pa.string(), pa.string())), ("tgn", pa.string()), ("json", pa.string()),
        ("record_digest", pa.binary(32)), ("game_digest", pa.binary(32))])
    turns = pa.schema([
        ("record", pa.int64()), ("ply", pa.int32()), ("number", pa.int32()), ("side", pa.string()),
        ("turn", pa.string()), ("position", pa.string()), ("position_hash", pa.int64())])
    return {"games": games, "turns": turns}


@dataclass
class Exported:
    """What an export wrote: records and turns, and whether a record was left out for its problems."""

    records: int = 0
    turns: int = 0
    failed: bool = False


class _Table:
    """One table being written: a Parquet file per partition, its rows buffered in columns
    and written a row group at a time."""

    def __init__(self, root: Path, name: str, schema: Any, group: int) -> None:
        self.root, self.name, self.schema, self.group = root, name, schema, group
        self.pending: dict[tuple[str, int | None], dict[str, list[Any]]] = {}
        self.writers: dict[tuple[str, int | None], Any] = {}
        self.rows: dict[tuple[str, int | None], int] = {}  # rows written to each partition's file

    def add(self, partition: tuple[str, int | None], rows: Iterable[dict[str, Any]]) -> None:
        columns = self.pending.get(partition)
        if columns is None:
            columns = self.pending[partition] = {name: [] for name in self.schema.names}
        for row in rows:
            for name, values in columns.items():
                values.append(row[name])
        if len(columns["record"]) >= self.group:
            self._flush(partition)

    def _flush(self, partition: tuple[str, int | None]) -> None:
        pa, pq = arrow()
        columns = self.pending.pop(partition)
        writer = self.writers.get(partition)
        if writer is None:
            path = self.root / self.path(partition)
            path.parent.mkdir(parents=True, exist_ok=True)
            writer = self.writers[partition] = pq.ParquetWriter(path, self.schema, compression="zstd")
        writer.write_batch(pa.RecordBatch.from_pydict(columns, schema=self.schema))
        self.rows[partition] = self.rows.get(partition, 0) + len(columns["record"])

    def path(self, partition: tuple[str, int | None]) -> str:
        """The file of a partition, relative to the folder, with / between its parts (as in the mark)."""
        game, year = partition
        return f"{self.name}/game={game}/year={NO_YEAR if year is None else year}/part-0.parquet"

    def close(self) -> dict[str, dict[str, int]]:
        """Write what is pending and close the files: each file's rows and bytes, for the mark."""
        for partition in list(self.pending):
            self._flush(partition)
        for writer in self.writers.values():
            writer.close()
        return {self.path(partition): {"rows": rows, "bytes": (self.root / self.path(partition)).stat().st_size}
                for partition, rows in sorted(self.rows.items(), key=lambda item: self.path(item[0]))}

    def abandon(self) -> None:
        """Close the files of a table that will not be kept, their failures aside (a full disk):
        pyarrow would try again, and complain, when the writers are collected."""
        for writer in self.writers.values():
            with contextlib.suppress(OSError):
                writer.close()
            writer.is_open = False


def export(records: Iterable[tuple[str, int, Record]], folder: str | Path, *, replace: bool = False,
           rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
           jobs: int = 1, cluster: str | None = None) -> Exported:
    """Write the records, (file, index in the file, record) triples, as a Parquet folder
    (see write_rows); each record is replayed, in `jobs` processes or on the Dask cluster
    `cluster` names (columnar.rows_in_order), and one with problems is handed to `rejected`
    and left out."""
    from .columnar import rows_in_order  # replaying: not needed to read a folder

    failed = False

    def good_rows() -> Iterator[Rows]:
        nonlocal failed
        for (path, index, record), rows in rows_in_order(records, jobs, cluster):
            if rows is None:
                failed = True
                rejected(path, index, record)
            else:
                yield rows

    done = write_rows(good_rows(), folder, replace=replace)
    done.failed = failed
    return done


def write_rows(rows: Iterable[Rows], folder: str | Path, *, replace: bool = False) -> Exported:
    """Write records already made rows (notation/archive/columnar.py) as a Parquet folder, numbered
    in the order they come.

    The folder is written beside its place and put there when complete. An existing
    folder is replaced only with `replace`, and only if it is empty or was written by an
    export: OutputError (notation/files.py) otherwise, before the first row is asked for,
    and if it cannot be written.
    """
    arrow()
    target = Path(folder)
    _check_target(target, replace)
    with writing(str(target)):
        target.parent.mkdir(parents=True, exist_ok=True)
        building = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"))
    done = Exported()
    tables = {name: _Table(building, name, schema, GAMES_PER_GROUP if name == "games" else TURNS_PER_GROUP)
              for name, schema in schemas().items()}
    try:
        with writing(str(target)):
            for each in rows:
                done.records += 1
                done.turns += len(each.turns)
                each.game["record"] = done.records
                tables["games"].add(each.partition, [each.game])
                tables["turns"].add(each.partition, ({"record": done.records, **turn} for turn in each.turns))
            files: dict[str, dict[str, int]] = {}
            for table in tables.values():
                files.update(table.close())
            mark = {"format": FORMAT, "records": done.records, "turns": done.turns, "files": files,
                    "rules": {game: rules_stamp(game) for game in sorted({game for game, _ in tables["games"].rows})}}
            (building / PARQUET_MARK).write_text(json.dumps(mark) + "\n", encoding="utf-8")
            os.chmod(building, 0o777 & ~umask())
            _put_in_place(building, target)
    except BaseException:
        for table in tables.values():
            table.abandon()
        shutil.rmtree(building, ignore_errors=True)
        raise
    return done


def _check_target(target: Path, replace: bool) -> None:
    """OutputError if the folder cannot be written at `target` (docs/archive.md#columnar-export)."""
    with writing(str(target)):
        if not os.path.lexists(target):
            return
        if not target.is_dir():
            raise OutputError(errno.ENOTDIR, "a file is in the way (the output is a folder)", str(target))
        if not replace:
            raise OutputError(errno.EEXIST, "the folder exists already", str(target))
        if not is_parquet_export(target) and any(target.iterdir()):
            raise OutputError(errno.ENOTEMPTY, "the folder holds files that an export did not write: not replaced",
                              str(target))


def _put_in_place(building: Path, target: Path) -> None:
    """Rename the folder built to its place, the old one (checked by _check_target) removed after."""
    if not os.path.lexists(target):
        os.rename(building, target)
        return
    old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.", suffix=".old"))
    os.rename(target, old / "export")
    os.rename(building, target)
    shutil.rmtree(old, ignore_errors=True)


def read_export(folder: str | Path, moves: bool = True) -> Iterator[tuple[str, int, Record]]:
    """The records of a Parquet folder as (file, index in the file, record), in the order
    they were read when it was written: each read again from its own text, named and
    numbered as in its first file, so that problems and notes point there."""
    for row in read_rows(folder):
        yield row.source, row.index, row.record(moves)


@dataclass(frozen=True, slots=True)
class Row:
    """A record of a Parquet folder, not read yet: where it came from and its text."""

    source: str
    index: int
    line: int | None  # its first line in `source`; None for a record of a JSON file
    text: str  # its TGN text
    json: str | None  # a record without TGN text of its own (read from JSON): its JSON object, tags as held

    def record(self, moves: bool = True) -> Record:
        """The record read from its own text, TGN or JSON (moves: see reader.parse_record)."""
        if self.json is not None:
            return read_json_record(self.json, self.source)
        return parse_record(self.text, self.line if self.line is not None else 1, self.source, moves)


def mark_of(folder: str | Path) -> dict[str, Any]:
    """The folder's mark, OtherLayout unless it names a layout this version reads (READ)."""
    path = Path(folder) / PARQUET_MARK
    if not stat.S_ISREG(mode := os.stat(path).st_mode):  # never waited on (a named pipe)
        raise Damaged(f"{PARQUET_MARK} is not a regular file ({file_kind(mode)}): not read")
    try:
        mark = json.loads(path.read_text(encoding="utf-8"))
        layout = mark.get("format")
    except (ValueError, AttributeError):  # not JSON, or not an object
        layout = None
    if layout not in READ:
        raise OtherLayout(f"a Parquet folder of layout {layout}, which this version does not read "
                          f"(it reads layouts {' and '.join(map(str, READ))}): export the records again")
    return dict(mark)


def verified_files(folder: str | Path) -> dict[str, list[Path]]:
    """The files of each table, as the mark lists them, once each is found to be there, a
    regular file of the bytes and rows listed, and no other Parquet file is in the tables'
    folders; Damaged (or OtherLayout) otherwise. Nothing but the files listed is opened, so a
    named pipe or a device in the folder never makes the reading wait."""
    _, pq = arrow()
    root = Path(folder)
    mark = mark_of(root)
    listed = mark.get("files")
    if not isinstance(listed, dict):
        raise OtherLayout("a Parquet folder whose mark lists no files: export the records again")
    totals = {"games": 0, "turns": 0}
    written = schemas()
    for name, expected in listed.items():
        table = name.split("/", 1)[0]
        if table not in totals or ".." in name.split("/") or not isinstance(expected, dict):
            raise Damaged(f"its mark lists {name!r}, which no export writes: export the records again")
        totals[table] += _verified(root, name, expected, pq, written[table])
    if (totals["games"], totals["turns"]) != (mark.get("records"), mark.get("turns")):
        raise Damaged(f"its mark counts {mark.get('records')} records and {mark.get('turns')} turns, its files "
                      f"{totals['games']} and {totals['turns']}: export the records again")
    for table in totals:
        for found in _parquet_files(root / table):
            name = found.relative_to(root).as_posix()
            if name not in listed:
                raise Damaged(f"{name} is not a file its export wrote: export the records again")
    return {table: [root / name for name in sorted(listed) if name.startswith(f"{table}/")] for table in totals}


def _verified(root: Path, name: str, expected: dict[str, Any], pq: Any, schema: Any) -> int:
    """The rows of one file the mark lists, once it is found as listed, its columns of the types of
    `schema`, its table's (Damaged otherwise)."""
    path = root / name
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise Damaged(f"{name} is missing: the folder is incomplete, export the records again") from None
    except OSError as error:
        raise Damaged(f"{name}: {error.strerror or error}") from None
    if not stat.S_ISREG(status.st_mode):
        raise Damaged(f"{name} is not a regular file ({file_kind(status.st_mode)}): not read")
    if status.st_size != expected.get("bytes"):
        raise Damaged(f"{name} has {status.st_size} bytes, its mark says {expected.get('bytes')}: the file is cut "
                      "short or changed, export the records again")
    parquet = pq.ParquetFile(path)
    rows = parquet.metadata.num_rows
    if rows != expected.get("rows"):
        raise Damaged(f"{name} has {rows} rows, its mark says {expected.get('rows')}: export the records again")
    found = parquet.schema_arrow
    for field in schema:  # a column of another type was not written by an export
        at = found.get_field_index(field.name)
        if at >= 0 and found.field(at).type != field.type:
            raise Damaged(f"{name}: its column {field.name} holds {found.field(at).type} where an export writes "
                          f"{field.type}: export the records again")
    return int(rows)


def _parquet_files(top: Path) -> Iterator[Path]:
    """Every entry named *.parquet under `top`, whatever it is, links to folders not followed."""
    for folder, folders, files in os.walk(top):
        for name in (*folders, *files):
            if name.endswith(".parquet"):
                yield Path(folder) / name


def read_rows(folder: str | Path) -> Iterator[Row]:
    """The records of a Parquet folder, unread, in the order they were exported (the files'
    rows merged by record number)."""
    _, pq = arrow()
    files = verified_files(folder)["games"]
    columns = ["record", "source", "index", "line", "tgn", "json"]

    def rows(path: Path) -> Iterator[tuple[int, str, int, int | None, str, str | None]]:
        for batch in pq.ParquetFile(path).iter_batches(columns=columns, batch_size=2048):
            yield from zip(*(batch.column(name).to_pylist() for name in columns))

    for _, source, index, line, text, own in heapq.merge(*map(rows, files)):
        yield Row(source, index, line, text, own)
