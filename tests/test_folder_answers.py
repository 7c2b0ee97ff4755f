"""`stats` and `filter` on a Parquet folder answered from its columns, and the folder read and replayed
when they cannot answer (docs/archive.md#answers-from-the-columns)."""

from __future__ import annotations

import io
import json
import random
import shutil
from typing import Any, Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import read_string, write_record
from ludoscribe.notation.archive import chosen, folder_columns, folder_figures, folder_query, stamp, stats
from ludoscribe.notation.archive.columnar import record_rows
from ludoscribe.notation.archive.duplicates import SAME_RECORD
from ludoscribe.notation.archive.parquet import write_rows
from ludoscribe.notation.archive.sources import Sources
from ludoscribe.notation.files import PARQUET_MARK
from ludoscribe.notation.generate import random_record
from ludoscribe.notation.jsonio import write_json

from parquet_records import make_archive, make_export

REPLAY_COLUMNS = ("ending", "ending_kind", "record_digest", "game_digest")


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """The Parquet tests' archive, with a JSON copy of a file (games read twice), a game recorded twice
    by two people (other tags), and a Variant naming the usual rules (Staku-3)."""
    root = make_archive(tmp_path_factory.mktemp("archive") / "archive")
    teblo = root / "generated" / "Teblo.tgn"
    stream = io.StringIO()
    write_json(read_string(teblo.read_text(encoding="utf-8")), stream)
    (root / "generated" / "teblo-copy.json").write_text(stream.getvalue(), encoding="utf-8")
    first = teblo.read_text(encoding="utf-8").split("\n\n[")[0].split("\n\n")
    (root / "generated" / "teblo-again.tgn").write_text(
        first[0].replace('[Event "', '[Event "Written again: ') + "\n\n" + first[1] + "\n", encoding="utf-8")
    decided = read_string(teblo.read_text(encoding="utf-8"))[0]
    decided.moves, decided.result = decided.moves[:2], "1-0"  # decided before the rules ended it, no Termination
    decided.tags.pop("Termination", None)
    (root / "generated" / "teblo-decided.tgn").write_text(write_record(decided), encoding="utf-8")
    staku = root / "generated" / "Staku.tgn"
    staku.write_text(staku.read_text(encoding="utf-8").replace('[Game "Staku"]', '[Game "Staku"]\n[Variant "Staku-3"]', 1),
                     encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def folder(archive, tmp_path_factory) -> Path:
    return make_export(archive, tmp_path_factory.mktemp("parquet") / "archive.parquet")


@pytest.fixture
def no_replay(monkeypatch):
    """Counting a record by replaying it fails the test."""
    def replayed(*args, **kwargs):
        raise AssertionError("a record was replayed")

    monkeypatch.setattr(stats, "_count", replayed)


@pytest.fixture
def replays(monkeypatch):
    """How many records `stats` replays."""
    counted = []
    count = stats._count

    def replayed(*args, **kwargs):
        counted.append(args[0])
        return count(*args, **kwargs)

    monkeypatch.setattr(stats, "_count", replayed)
    return counted


OPTIONS = [(), ("--format", "json"), ("--format", "csv"), ("--format", "markdown", "--openings", "40"),
           ("--unique",), ("--opening-turns", "3", "--format", "json"), ("--opening-turns", "1"),
           ("--opening-turns", "9" * 20, "--format", "json"),  # longer than any line: no opening, as in the files
           ("--lang", "fr")]


@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
def test_a_folder_gives_the_figures_of_its_records_without_replaying_one(archive, folder, monkeypatch, options):
    expected = run("stats", archive, *options)
    assert expected[0] == 0  # each copy noted (counted once): the JSON copy's 4 records, and the game written again
    assert expected[2].count("\n") == 4 or "--unique" in options and expected[2].count("\n") > 5
    monkeypatch.setattr(stats, "_count", lambda *args: pytest.fail("a record was replayed"))
    assert run("stats", folder, *options) == expected


def test_the_columns_count_each_record_as_its_replay_does(archive, folder):
    rule = SAME_RECORD
    replayed = [one for _, one in stats.counts(Sources([str(archive)]), lambda entry: entry[2], 2, rule=rule)]
    read = [one for _, _, one in folder_figures.counted_in_folder(folder, 2, rule)]
    assert read == replayed
    assert {one.ending for one in read} >= {"palace-taken", "base-reached", "recorded", "result-recorded"}
    assert any(one.opening is None and one.length >= 2 for one in read)  # a record set up elsewhere has no opening
    assert any(one.variant for one in read)


def test_jobs_take_the_answers_from_the_columns_too(archive, folder, no_replay):
    assert run("stats", folder, "--jobs", "2", "--format", "json")[:2] == run("stats", folder, "--format", "json")[:2]


def test_a_folder_written_by_other_code_is_replayed(folder, tmp_path, replays):
    other = tmp_path / "other"
    shutil.copytree(folder, other)
    mark = json.loads((other / PARQUET_MARK).read_text(encoding="utf-8"))
    mark["rules"]["Teblo"] = "0" * 64  # as after a change to the rules
    (other / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    assert folder_figures.counted_in_folder(other, 2, SAME_RECORD) is None
    assert run("stats", other) == run("stats", folder)
    assert len(replays) == mark["records"]


def rewritten(folder: Path, to: Path, change, table: str = "games") -> dict:
    """A copy of the folder whose files of `table` are `change(table)`, the mark following their sizes."""
    shutil.copytree(folder, to)
    mark = json.loads((to / PARQUET_MARK).read_text(encoding="utf-8"))
    for name, listed in mark["files"].items():
        if name.startswith(f"{table}/"):
            pq.write_table(change(pq.read_table(to / name, partitioning=None)), to / name, compression="zstd")
            listed["bytes"] = (to / name).stat().st_size
    (to / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    return mark


@pytest.mark.parametrize("moved", [(1, 0), (1, -1), (-1000, 1000), (2**30, 0)],
                         ids=["longer", "shifted", "negative", "two-thousand-million"])
def test_lengths_that_do_not_place_the_turns_make_the_folder_replayed(folder, tmp_path, replays, moved):
    """A games file whose lengths do not give each record its own turns (one longer, two records' shares of
    the turns moved, even with the same sum) is not counted from the columns."""
    def changed(table):
        turns = table["turns"].to_pylist()
        if len(turns) > 1:
            turns[0], turns[1] = turns[0] + moved[0], turns[1] + moved[1]
        return table.set_column(table.column_names.index("turns"), "turns", pa.array(turns, pa.int32()))

    mark = rewritten(folder, tmp_path / "other", changed)
    assert folder_figures.counted_in_folder(tmp_path / "other", 2, SAME_RECORD) is None
    assert run("stats", tmp_path / "other") == run("stats", folder)
    assert len(replays) == mark["records"]


def _first_values(column: str, change) -> Callable[[Any], Any]:
    """A change to a table: `change` applied to the list of a column's values, its type kept."""
    def changed(table):
        values = table[column].to_pylist()
        change(values)
        return table.set_column(table.column_names.index(column), column, pa.array(values, table[column].type))
    return changed


@pytest.mark.parametrize(("table", "column", "change"), [
    ("games", "turns", lambda values: values.__setitem__(0, None)),  # a length left empty
    ("turns", "ply", lambda values: values.__setitem__(0, None)),  # a ply left empty
    ("turns", "ply", lambda values: values.__setitem__(1, values[0])),  # a ply written twice
    ("turns", "ply", lambda values: values.__setitem__(0, 0)),  # a line numbered from 0
    ("turns", "record", lambda values: values.__setitem__(0, None)),  # a turn of no record
    ("turns", "record", lambda values: values.__setitem__(-1, values[-1] + 1)),  # a turn of the record after
], ids=["length-empty", "ply-empty", "ply-twice", "ply-from-0", "record-empty", "record-after"])
def test_turns_that_are_not_the_records_main_lines_make_the_folder_replayed(folder, tmp_path, replays, table,
                                                                             column, change):
    mark = rewritten(folder, tmp_path / "other", _first_values(column, change), table)
    assert folder_figures.counted_in_folder(tmp_path / "other", 2, SAME_RECORD) is None
    assert run("stats", tmp_path / "other") == run("stats", folder)
    assert len(replays) == mark["records"]


def test_a_folder_of_layout_3_is_read_and_replayed(folder, tmp_path, replays):
    """A folder exported before the replay's columns were kept: its records are replayed."""
    old = tmp_path / "old"
    mark = rewritten(folder, old, lambda table: table.drop_columns(list(REPLAY_COLUMNS)))
    mark["format"] = 3
    del mark["rules"]
    (old / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    assert run("stats", old, "--format", "json") == run("stats", folder, "--format", "json")
    assert len(replays) == mark["records"]
    assert run("filter", old) == run("filter", folder)


def test_an_ending_no_loaded_game_gives_makes_the_folder_replayed(archive, tmp_path, replays):
    rows = []
    for path, index, record in Sources([str(archive / "corpus")]):
        rows.append(record_rows(record, path, index))
        if rows[-1].game["ending"] is not None:
            rows[-1].game["ending_kind"] = "elsewhere.Ending"
    write_rows(rows, tmp_path / "folder")
    assert folder_figures.counted_in_folder(tmp_path / "folder", 2, SAME_RECORD) is None
    answer = run("stats", tmp_path / "folder")
    assert len(replays) == len(rows)
    assert answer == run("stats", archive / "corpus")


def test_the_ending_column_holds_the_code_stats_counts(folder):
    table = pq.read_table(folder / "games", columns=["result", "ending", "ending_kind", "tags"])
    for result, ending, kind, tags in zip(*(table[name].to_pylist() for name in table.column_names)):
        termination = dict(tags).get("Termination")
        assert (ending is None) == (result == "*")
        if ending in ("recorded", "result-recorded"):
            assert ending == ("recorded" if termination not in (None, "", "?") else "result-recorded")
        assert kind is None if ending is None else kind == "ludoscribe.notation.games.base.Ending"


def test_the_rules_stamp_follows_the_code_of_the_rules(tmp_path, monkeypatch):
    assert stamp.rules_stamp("Teblo") == stamp.rules_stamp("TChako")  # the format's games: one code
    copy = tmp_path / "notation"
    shutil.copytree(Path(stamp.__file__).parent.parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = stamp._digest_of(str(copy))
    assert before == stamp._digest_of(str(Path(stamp.__file__).parent.parent))
    rules = copy / "games" / "teblo.py"
    rules.write_text(rules.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    stamp._digest_of.cache_clear()
    assert stamp._digest_of(str(copy)) != before


def test_a_plugin_game_is_counted_from_the_columns_and_stamped_with_its_own_code(tmp_path, monkeypatch):
    from test_game_plugins import PEBBLES, install
    from ludoscribe.notation.games.plugins import installed
    from ludoscribe.notation.archive.parquet import export

    install(tmp_path / "site-packages", "pebbles = pebbles:PLUGIN")
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    monkeypatch.syspath_prepend(str(tmp_path / "site-packages"))
    installed.cache_clear()
    try:
        (tmp_path / "games.tgn").write_text(PEBBLES, encoding="utf-8")
        export(Sources([str(tmp_path / "games.tgn")]), tmp_path / "folder")
        assert stamp.rules_stamp("Pebbles") != stamp.rules_stamp("Teblo")
        expected = run("stats", tmp_path / "games.tgn", "--format", "json")
        assert [group["records"] for group in json.loads(expected[1])["games"].values()] == [1]
        monkeypatch.setattr(stats, "_count", lambda *args: pytest.fail("a record was replayed"))
        assert run("stats", tmp_path / "folder", "--format", "json") == expected
    finally:
        installed.cache_clear()


# --- filter ----------------------------------------------------------------------------------


def positions(archive: Path) -> list[str]:
    """Position codes that records of the archive reach: starts, and after 1, 2, 5 and 9 turns, of the
    first records of each generated file and of each file of every shape."""
    codes = []
    for path in sorted((archive / "generated").glob("*.tgn")) + sorted((archive / "shapes").glob("*.tgn")):
        for _, _, record in list(Sources([str(path)]))[:2]:
            position = record.start
            for ply, node in enumerate(record.moves[:9], 1):
                position = record.rules.apply(position, node.turn)
                if ply in (1, 2, 5, 9):
                    codes.append(record.rules.position_code(position))
            codes.append(record.rules.position_code(record.start))
    return sorted(set(codes))


CONDITIONS = [("--player", "random"), ("--date", "2024..2025"), ("--round", "1..2"), ("--result", "1-0"),
              ("--game", "Teblo"), ("--game", "TChako", "--variant", "-"), ("--variant", "Staku-2"),
              ("--tag", "Event~open"), ("--tag", "Odd_Tag9="), ("--result", "*", "--game", "Staku")]


@pytest.mark.parametrize("condition", CONDITIONS, ids=" ".join)
def test_a_folder_gives_the_records_its_files_give_without_replaying_one(archive, folder, monkeypatch, condition):
    expected = [run("filter", archive, *condition, *options) for options in ((), ("--count",), ("--unique",))]
    assert expected[1][1] != "0\n"
    monkeypatch.setattr(chosen, "judge", lambda *args: pytest.fail("a record was judged by reading it"))
    assert [run("filter", folder, *condition, *options) for options in ((), ("--count",), ("--unique",))] == expected


def test_count_reads_no_record_of_a_folder(folder, monkeypatch):
    monkeypatch.setattr(folder_query.FolderRecord, "read", lambda self: pytest.fail("a record was read"))
    assert run("filter", folder, "--game", "Staku", "--count")[:2] == (0, f"{len(_games(folder, 'Staku'))}\n")


def _games(folder: Path, game: str) -> list[int]:
    return pq.read_table(folder / "games" / f"game={game}", columns=["record"])["record"].to_pylist()


def test_positions_are_found_in_a_folder_as_in_its_files(archive, folder, monkeypatch):
    codes = positions(archive)
    assert len(codes) > 40
    expected = [run("filter", archive, "--position", code, "--count") for code in codes]
    assert all(found[0] == 0 and found[1] != "0\n" for found in expected)
    monkeypatch.setattr(chosen, "judge", lambda *args: pytest.fail("a record was judged by reading it"))
    assert [run("filter", folder, "--position", code, "--count") for code in codes] == expected
    monkeypatch.undo()
    for code in codes[::7]:
        for options in ((), ("--to", "json"), ("--game", "Staku", "--result", "1-0"), ("--unique", "--jobs", "2")):
            assert run("filter", folder, "--position", code, *options) == run("filter", archive, "--position", code,
                                                                               *options), (code, options)


@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tektop", "Tekao", "TChako"])
def test_a_position_no_record_reaches_is_found_in_none(archive, folder, monkeypatch, game):
    record = random_record(game, random.Random(99), max_turns=40)
    position = record.start
    for node in record.moves:
        position = record.rules.apply(position, node.turn)
    code = record.rules.position_code(position)
    expected = run("filter", archive, "--position", code, "--count")
    monkeypatch.setattr(chosen, "judge", lambda *args: pytest.fail("a record was judged by reading it"))
    assert run("filter", folder, "--position", code, "--count") == expected == (0, "0\n", "")


def test_a_condition_the_columns_do_not_answer_reads_and_replays_the_records(archive, folder, replays):
    assert run("filter", folder, "--turns", "5..", "--count") == run("filter", archive, "--turns", "5..", "--count")


def test_filter_on_a_folder_written_by_other_code_reads_the_records(archive, folder, tmp_path, monkeypatch):
    other = tmp_path / "other"
    shutil.copytree(folder, other)
    mark = json.loads((other / PARQUET_MARK).read_text(encoding="utf-8"))
    mark["rules"] = {game: "0" * 64 for game in mark["rules"]}
    (other / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    judged = []
    judge = chosen.judge
    monkeypatch.setattr(chosen, "judge", lambda *args: judged.append(args[1]) or judge(*args))
    assert run("filter", other, "--player", "random") == run("filter", archive, "--player", "random")
    assert len(judged) == mark["records"] * 2


def test_answers_are_the_same_read_a_few_rows_at_a_time(archive, folder, monkeypatch):
    """The columns are read a batch at a time (what is held does not grow with the folder): with batches of
    five rows, records' turns that straddle two batches give the same figures and choices."""
    expected = [run("stats", archive, "--format", "json"), run("filter", archive, "--player", "random", "--count")]
    code = positions(archive)[3]
    expected.append(run("filter", archive, "--position", code, "--count"))
    monkeypatch.setattr(folder_columns, "BATCH", 5)
    monkeypatch.setattr(chosen, "judge", lambda *args: pytest.fail("a record was judged by reading it"))
    monkeypatch.setattr(stats, "_count", lambda *args: pytest.fail("a record was replayed"))
    assert [run("stats", folder, "--format", "json"), run("filter", folder, "--player", "random", "--count"),
            run("filter", folder, "--position", code, "--count")] == expected
