"""An archive as Parquet and back (docs/archive.md#columnar-export): every record of the five
games, with every shape of tags and movetext, comes back byte for byte; the typed columns
and the turns hold what the records say; the folder is written whole or not at all."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.dataset as ds
import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, write_record
from ludoscribe.notation.archive.columnar import code_hash, position_hash, tag_date, tag_year, written_code_hash
from ludoscribe.notation.files import OutputError
from ludoscribe.notation.games import game_class
from ludoscribe.notation.generate import random_records, random_text
from ludoscribe.notation.jsonio import record_to_json
from ludoscribe.notation.model import Record
from ludoscribe.notation.archive.parquet import INSTALL, PARQUET_MARK, ParquetMissing, available, export, read_export
from ludoscribe.notation.archive.sources import Sources
from parquet_records import GAMES, ODD


def _read(archive: Path) -> list[tuple[str, int, Record]]:
    entries = list(Sources([str(archive)]))
    for _, _, record in entries:
        assert not record.problems
        check(record)
        assert not record.problems
    return entries


def test_records_come_back_byte_for_byte(archive, exported):
    originals = _read(archive)
    back = list(read_export(exported))
    assert [(path, index) for path, index, _ in back] == [(path, index) for path, index, _ in originals]
    games = set()
    for (_, _, original), (path, index, record) in zip(originals, back):
        check(record)
        assert not record.problems, (path, index)
        assert write_record(record) == write_record(original), (path, index)
        assert record.tags == original.tags and list(record.tags) == list(original.tags)
        if not path.endswith(".json"):
            assert record.source.text == original.source.text  # as written, layout and all
            assert record.source.first_line == original.source.first_line
        games.add(record.game.name)
    assert games == set(GAMES)
    shaped = [record for path, _, record in back if "/shapes/" in path]
    assert len(shaped) == 4 * len(GAMES)
    assert sum("SetUp" in record.tags for record in shaped) == len(GAMES)


def test_records_from_json_are_kept_as_json_objects_and_as_canonical_text(archive, exported):
    originals = {(path, index): record for path, index, record in _read(archive)}
    rows = _table(exported, "games")
    from_json = [row for row in rows if row["source"].endswith(".json")]
    assert len(from_json) == 2 and sum(row["json"] is None for row in rows) == len(rows) - 2
    for row in from_json:
        original = originals[row["source"], row["index"]]
        assert row["tgn"] == write_record(original)
        assert json.loads(row["json"]) == record_to_json(original, tags_as_held=True)
    back = [record for path, _, record in read_export(exported) if path.endswith(".json")]
    assert [record.source for record in back] == [None, None]  # read again by the JSON reader


def _table(folder: Path, name: str) -> list[dict]:
    dataset = ds.dataset(folder / name, format="parquet", partitioning="hive")
    return dataset.to_table().to_pylist()


def test_the_games_table_types_the_tags_it_knows_and_keeps_every_tag(exported):
    rows = {(row["source"].split("/shapes/")[-1], row["index"]): row for row in _table(exported, "games")}
    odd = rows["Teblo.tgn", 1]
    assert (odd["game"], odd["year"], odd["date"], odd["date_text"], odd["round"]) == \
           ("Teblo", 2024, None, "2024.02.30", "3.1")  # no such day: the text is kept
    assert (odd["event"], odd["site"], odd["first_player"], odd["second_player"]) == (ODD, "?", 'Ann "A" Smit', "")
    assert odd["tags"][:4] == [("Game", "Teblo"), ("Event", ODD), ("Site", "?"), ("Date", "2024.02.30")]
    assert ("Unknown", "x" * 300) in odd["tags"] and ("Odd_Tag9", "") in odd["tags"]
    bare = rows["Staku.tgn", 2]
    assert (bare["event"], bare["date"], bare["date_text"], bare["year"], bare["round"]) == (None,) * 5
    assert [name for name, _ in bare["tags"]] == ["Game", "Result"]
    set_up = rows["Tekao.tgn", 3]
    assert set_up["year"] == 2025 and set_up["date"] is None
    assert set_up["start"] == dict(set_up["tags"])["Position"]
    dated = next(row for row in rows.values() if row["date_text"] == "2024.04.13")
    assert str(dated["date"]) == "2024-04-13"


def test_the_turns_table_holds_each_main_line_turn_and_the_position_after_it(archive, exported):
    games = {row["record"]: row for row in _table(exported, "games")}
    turns: dict[int, list[dict]] = {}
    for row in sorted(_table(exported, "turns"), key=lambda row: (row["record"], row["ply"])):
        turns.setdefault(row["record"], []).append(row)
    originals = _read(archive)
    assert sorted(games) == list(range(1, len(originals) + 1))
    for number, (path, index, record) in enumerate(originals, 1):
        assert (games[number]["source"], games[number]["index"]) == (path, index)
        rows, rules = turns.get(number, []), record.game
        assert games[number]["turns"] == len(rows) == len(record.moves)
        position = record.start
        for ply, (node, row) in enumerate(zip(record.moves, rows), 1):
            side = rules.sides[position.side]
            position = rules.apply(position, node.turn)
            assert (row["ply"], row["side"], row["turn"], row["position"]) == \
                   (ply, side, rules.turn_text(node.turn), rules.position_code(position))


def _sha(code: str) -> int:
    return int(hashlib.sha256(code.encode()).hexdigest()[:16], 16) >> 1


@pytest.mark.parametrize("game", GAMES)
def test_the_hash_read_off_a_written_code_is_the_hash_of_its_position(game):
    """The turns table hashes the code it stores (Game.number_field) instead of writing the code
    again at turn 1: the same number, for every position of random games, and a code that
    differs by more than its turn number hashes apart."""
    positions = 0
    for record in random_records(game, 6, seed=21, max_turns=80):
        rules, position = record.rules, record.start
        for node in record.moves:
            position = rules.apply(position, node.turn)
            code = rules.position_code(position)
            assert written_code_hash(rules, code) == position_hash(rules, position), code
            assert code.split(" ")[rules.number_field] == str(position.number)
            positions += 1
    assert positions > 100
    start = rules.position_code(rules.start_position())
    assert written_code_hash(rules, start) != written_code_hash(rules, code)


def test_the_position_hash_leaves_out_the_turn_number_and_is_the_same_in_every_process(exported):
    teblo = game_class("Teblo")()
    code = "12/12/12/12/12/12/12/3y8/12/12/12/12 E3 I9 R 2"
    at_one = code[:-1] + "1"
    assert code_hash(teblo, code) == code_hash(teblo, code[:-1] + "41") == _sha(at_one)
    assert code_hash(teblo, code) != code_hash(teblo, code.replace(" R ", " Y "))
    rows = [row for row in _table(exported, "turns") if row["game"] == "Teblo"]
    assert rows and all(row["position_hash"] == _sha(row["position"].rsplit(" ", 1)[0] + " 1") for row in rows)
    program = ("from ludoscribe.notation.archive.columnar import code_hash; from ludoscribe.notation.games import game_class;"
               f"print(code_hash(game_class('Teblo')(), {code!r}))")
    for seed in ("1", "2"):
        answer = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                                env={**os.environ, "PYTHONHASHSEED": seed})
        assert int(answer.stdout) == _sha(at_one)


@pytest.mark.parametrize("text, day, year", [
    ("2024.04.13", "2024-04-13", 2024), ("2024.04.??", None, 2024), ("2024.02.30", None, 2024),
    ("????.??.??", None, None), ("2024", None, None), (" 2023.12.31 ", "2023-12-31", 2023), (None, None, None)])
def test_dates(text, day, year):
    assert (str(tag_date(text)) if tag_date(text) else None, tag_year(text)) == (day, year)


def test_partitions_by_game_and_year_where_one_is_known(exported):
    folders = {str(path.parent.relative_to(exported)) for path in exported.rglob("*.parquet")}
    assert "games/game=Teblo/year=2024" in folders and "turns/game=Teblo/year=2024" in folders
    assert "games/game=Staku/year=__HIVE_DEFAULT_PARTITION__" in folders  # generated: ????.??.??
    assert {folder.split("/")[1] for folder in folders} == {f"game={game}" for game in GAMES}


def test_a_record_with_problems_is_handed_back_and_left_out(tmp_path):
    source = tmp_path / "club.tgn"
    good = random_text("Teblo", 1, 3, 10)
    source.write_text(good + '\n[Game "Teblo"]\n[Result "*"]\n\n1. D4 D4 *\n', encoding="utf-8")
    rejected = []
    done = export(Sources([str(source)]), tmp_path / "out", rejected=lambda *entry: rejected.append(entry[:2]))
    assert (done.records, done.failed, rejected) == (1, True, [(str(source), 2)])
    assert [index for _, index, _ in read_export(tmp_path / "out")] == [1]


def test_an_existing_folder_is_replaced_only_when_asked_and_only_if_an_export_wrote_it(tmp_path):
    source = tmp_path / "club.tgn"
    source.write_text(random_text("Tektop", 2, 3, 10), encoding="utf-8")
    out = tmp_path / "out"
    export(Sources([str(source)]), out)
    with pytest.raises(OutputError) as refused:
        export(Sources([str(source)]), out)
    assert (refused.value.strerror, refused.value.filename) == ("the folder exists already", str(out))
    source.write_text(random_text("Tektop", 3, 4, 10), encoding="utf-8")
    assert export(Sources([str(source)]), out, replace=True).records == 3
    assert len(list(read_export(out))) == 3
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(OutputError) as refused:
        export(Sources([str(source)]), mine, replace=True)
    assert refused.value.strerror == "the folder holds files that an export did not write: not replaced"
    assert os.listdir(mine) == ["notes.txt"]
    assert sorted(os.listdir(tmp_path)) == ["club.tgn", "mine", "out"]  # nothing left beside them


def test_a_failed_export_leaves_nothing(tmp_path):
    source = tmp_path / "club.tgn"
    source.write_text(random_text("Teblo", 3, 3, 10), encoding="utf-8")

    def stopped():
        yield from list(Sources([str(source)]))[:2]
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export(stopped(), tmp_path / "out")
    assert os.listdir(tmp_path) == ["club.tgn"]


def test_sources_read_a_parquet_folder_as_the_files_it_was_exported_from(archive, exported, tmp_path):
    sources = Sources([str(exported)])
    by_file = [(path, [index for index, _ in records]) for path, records in sources.by_file()]
    expected = Sources([str(archive)])
    assert by_file == [(path, [index for index, _ in records]) for path, records in expected.by_file()]
    assert sources.files == expected.files and sources.errors == 0
    empty = tmp_path / "empty"
    export([], empty)
    assert (empty / PARQUET_MARK).is_file()
    failed = []
    assert list(Sources([str(empty)], failed=failed.append)) == []
    assert [str(error) for error in failed] == [f"{empty}: no record in this Parquet folder"]


def test_a_damaged_parquet_folder_is_an_input_that_cannot_be_read(exported, tmp_path):
    damaged = tmp_path / "damaged"
    shutil.copytree(exported, damaged)
    part = next((damaged / "games").rglob("*.parquet"))
    part.write_bytes(b"not parquet")
    failed = []
    list(Sources([str(damaged)], failed=failed.append))
    assert len(failed) == 1 and str(failed[0]).startswith(f"{damaged}: {part.relative_to(damaged).as_posix()} has 11 "
                                                          "bytes, its mark says ")
    mark = json.loads((damaged / PARQUET_MARK).read_text(encoding="utf-8"))
    mark["files"][part.relative_to(damaged).as_posix()]["bytes"] = 11  # the mark made to agree: pyarrow refuses it
    (damaged / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    failed.clear()
    list(Sources([str(damaged)], failed=failed.append))
    assert len(failed) == 1 and str(failed[0]).startswith(f"{damaged}: not a Parquet folder that can be read (")


def test_a_folder_missing_a_column_is_an_input_that_cannot_be_read(exported, tmp_path):
    import pyarrow.parquet as pq

    damaged = tmp_path / "damaged"
    shutil.copytree(exported, damaged)
    part = next((damaged / "games").rglob("*.parquet"))
    pq.write_table(pq.read_table(part).drop_columns(["json"]), part)
    mark = json.loads((damaged / PARQUET_MARK).read_text(encoding="utf-8"))
    mark["files"][part.relative_to(damaged).as_posix()]["bytes"] = part.stat().st_size  # as if written so
    (damaged / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    failed = []
    assert list(Sources([str(damaged)], failed=failed.append)) == []
    assert [str(error) for error in failed] == \
           [f"{damaged}: not a Parquet folder that can be read ('Field \"json\" does not exist in schema')"]


@pytest.mark.parametrize(("table", "column", "kind", "written"), [
    ("games", "turns", "string", "int32"), ("games", "index", "int64", "int32"),
    ("turns", "ply", "string", "int32"), ("turns", "record", "float64", "int64"),
    ("turns", "position_hash", "uint64", "int64"), ("turns", "turn", "large_string", "string"),
])
def test_a_column_of_another_type_is_an_input_that_says_to_export_again(exported, tmp_path, table, column, kind,
                                                                         written):
    """The columns an export writes are read only as it writes them (a program that rewrote the folder
    may have changed their types), by every command: stats and filter answering from the columns too."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    damaged = tmp_path / "damaged"
    shutil.copytree(exported, damaged)
    part = next((damaged / table).rglob("*.parquet"))
    rows = pq.read_table(part, partitioning=None)
    values = [None if value is None else abs(value) if kind == "uint64" else value for value in rows[column].to_pylist()]
    changed = pa.array([value if kind != "string" or value is None else str(value) for value in values],
                       getattr(pa, kind)())
    pq.write_table(rows.set_column(rows.column_names.index(column), column, changed), part)
    mark = json.loads((damaged / PARQUET_MARK).read_text(encoding="utf-8"))
    mark["files"][part.relative_to(damaged).as_posix()]["bytes"] = part.stat().st_size  # as if written so
    (damaged / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    said = (f"{damaged}: {part.relative_to(damaged).as_posix()}: its column {column} holds {changed.type} where an export "
            f"writes {written}: export the records again\n")
    staku = game_class("Staku")()
    start = staku.position_code(staku.start_position())
    for command in (["stats"], ["filter", "--count"], ["filter", "--position", start, "--count"], ["check"]):
        done = CliRunner().invoke(cli, [*command, str(damaged)])
        assert (done.exit_code, done.stderr.splitlines(keepends=True)[0]) == (2, said), command


@pytest.mark.parametrize("mark", ['{"format": 1, "records": 3, "turns": 9}', "[]", "not json"])
def test_a_folder_of_another_layout_is_an_input_that_says_to_export_again(exported, tmp_path, mark):
    other = tmp_path / "other"
    shutil.copytree(exported, other)
    (other / PARQUET_MARK).write_text(mark + "\n", encoding="utf-8")
    failed = []
    assert list(Sources([str(other)], failed=failed.append)) == []
    layout = 1 if mark.startswith("{") else None
    assert [str(error) for error in failed] == [f"{other}: a Parquet folder of layout {layout}, which this version "
                                                "does not read (it reads layouts 3 and 4): export the records again"]
    done = CliRunner().invoke(cli, ["filter", str(other), "--count"])
    assert (done.exit_code, done.stdout, done.stderr) == (2, "0\n", f"{failed[0]}\n")


def test_without_pyarrow_one_line_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # import pyarrow fails
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(ParquetMissing) as missing:
        available()
    assert str(missing.value) == INSTALL == "Parquet needs the parquet extra: pip install 'ludoscribe[parquet]'"
    with pytest.raises(ParquetMissing):
        export([], tmp_path / "out")
    assert not (tmp_path / "out").exists()
