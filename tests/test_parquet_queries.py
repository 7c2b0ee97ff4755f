"""`filter` and `stats` answer the same on a Parquet folder as on the TGN and JSON files it was
exported from (docs/archive.md#columnar-export): the same output, messages and exit status for
every condition, every output and every format."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, write_record
from ludoscribe.notation.jsonio import record_to_json
from ludoscribe.notation.archive.parquet import read_export
from ludoscribe.notation.archive.sources import Sources
from parquet_records import ODD, make_export, make_json_archive


@pytest.fixture(scope="module")
def json_archive(tmp_path_factory) -> Path:
    return make_json_archive(tmp_path_factory.mktemp("json") / "club")


@pytest.fixture(scope="module")
def json_exported(json_archive, tmp_path_factory) -> Path:
    return make_export(json_archive, tmp_path_factory.mktemp("parquet") / "club.parquet")


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def conditions(archive: Path) -> list[list[str]]:
    """One or two examples of each condition of filter, taken from the archive's own records."""
    records = [record for _, _, record in Sources([str(archive)])]
    for record in records:
        check(record)
    teblo = next(record for record in records if record.game.name == "Teblo" and len(record.moves) > 6)
    staku = next(record for record in records if record.game.name == "Staku" and len(record.moves) > 6)
    rules, position = teblo.game, teblo.start
    for node in teblo.moves[:4]:
        position = rules.apply(position, node.turn)
    cell, contents = next((name, held) for name, held in rules.cells(position).items() if held)
    opening = " ".join(staku.game.turn_text(node.turn) for node in staku.moves[:2])
    return [
        ["--tag", "Event~open"], ["--tag", "Round=3.1"], ["--player", "random"], ["--player", "ann", "--date", "2024"],
        ["--date", "2024.04..2025"], ["--round", "3..5"], ["--result", "1-0"], ["--result", "*"],
        ["--game", "Staku"], ["--game", "tchako", "--turns", "..20"], ["--variant", "-"], ["--variant", "faces"],
        ["--turns", "20..40"], ["--opening", opening], ["--position", rules.position_code(position)],
        ["--cells", f"{cell}={contents}"], ["--comment", "command"], ["--nag", "!"], ["--nag", "$14"],
    ]


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
def test_filter_chooses_the_same_records_for_every_condition(archive, exported):
    counts = []
    for condition in conditions(archive):
        on_tgn = run("filter", archive, *condition)
        assert on_tgn[0] == 0, (condition, on_tgn)
        assert run("filter", exported, *condition) == on_tgn, condition
        counts.append(on_tgn[1].count("[Game "))
    everything = run("filter", archive, "--count")[1]
    assert 0 not in counts and int(everything) not in counts  # each condition chooses some records, not all
    assert len(counts) == len(conditions(archive))


@pytest.mark.parametrize("options", [
    ["--to", "json"], ["--unique"], ["--count"], ["--game", "Teblo", "--to", "json", "--unique"],
    ["--comment", "command", "--jobs", "2"], ["--player", "random", "--jobs", "2", "--to", "json"],
])
def test_filter_writes_the_same_output(archive, exported, options):
    on_tgn = run("filter", archive, *options)
    assert on_tgn[0] == 0 and on_tgn[1]
    assert run("filter", exported, *options) == on_tgn


@pytest.mark.parametrize("options", [
    [], ["--format", "markdown"], ["--format", "csv"], ["--format", "json", "--openings", "3", "--opening-turns", "1"],
    ["--unique"], ["--jobs", "2", "--format", "json"],
])
def test_stats_gives_the_same_figures(archive, exported, options):
    on_tgn = run("stats", archive, *options)
    assert on_tgn[0] == 0 and "records" in on_tgn[1].lower()
    assert run("stats", exported, *options) == on_tgn


def test_copies_are_named_by_the_files_they_were_exported_from(archive, exported, tmp_path):
    copy = tmp_path / "copy.tgn"
    copy.write_text((archive / "generated" / "Teblo.tgn").read_text(encoding="utf-8"), encoding="utf-8")
    on_tgn = run("stats", archive, copy)
    assert run("stats", exported, copy) == on_tgn
    assert f"{copy}: record 4 is the same game as {archive / 'generated' / 'Teblo.tgn'}: record 4" in on_tgn[2]


@pytest.mark.parametrize("command", ["filter", "stats"])
def test_without_pyarrow_a_parquet_folder_is_an_input_that_says_how_to_install_it(exported, command):
    program = ("import sys; sys.modules['pyarrow'] = None; from ludoscribe.cli.main import main; "
               f"sys.argv = ['ludoscribe', {command!r}, {str(exported)!r}]; main()")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == \
           (2, f"{exported}: Parquet needs the parquet extra: pip install 'ludoscribe[parquet]'\n")


def _json_records(archive: Path) -> list[dict]:
    """The JSON file's records, as its text gives them."""
    return json.loads((archive / "records.json").read_text(encoding="utf-8"))["records"]


def _json_tags(archive: Path) -> list[dict[str, str]]:
    return [data["tags"] for data in _json_records(archive)]


def test_a_record_from_json_is_read_back_with_the_tags_of_its_file(json_archive, json_exported):
    originals = list(Sources([str(json_archive)]))
    back = list(read_export(json_exported))
    assert [(path, index) for path, index, _ in back] == [(path, index) for path, index, _ in originals]
    assert [list(record.tags.items()) for _, _, record in back] == [list(tags.items()) for tags in _json_tags(json_archive)]
    for (_, _, original), (_, _, record) in zip(originals, back):
        assert (record_to_json(record), write_record(record)) == (record_to_json(original), write_record(original))
        assert record.comments == original.comments and record.source is original.source is None
    assert [name for name in back[3][2].tags][0] == "Zeta" and back[3][2].tags["Zeta"] == ODD
    assert "Result" not in back[5][2].tags and back[0][2].comments == ["typed with spaces"]


def test_json_records_are_chosen_as_from_their_file(json_archive, json_exported):
    tags, results = _json_tags(json_archive), [data["result"] for data in _json_records(json_archive)]
    expected = {  # counted from the JSON text: the tags a record does not have are not "?"
        ("--tag", "Event=?"): sum(each.get("Event") == "?" for each in tags),
        ("--tag", "Site~?"): sum("?" in each.get("Site", "") for each in tags),
        ("--tag", "Result=*"): sum(each.get("Result") == "*" for each in tags),
        ("--tag", "Zeta~zürich"): 1,
        ("--date", "2024"): sum(each.get("Date", "").startswith("2024") for each in tags),
        ("--date", "..2030"): sum(each.get("Date", "?")[0].isdigit() for each in tags),
        ("--round", "1..3"): sum(each.get("Round", "?") in "123" for each in tags),
        ("--result", "*"): results.count("*"), ("--result", "1-0"): results.count("1-0"),
        ("--result", "1/2-1/2"): results.count("1/2-1/2"),
        ("--player", "random"): len(tags), ("--player", "white"): 3,
        ("--game", "Staku", "--tag", "Event~generated"): 2,
    }
    assert expected[("--tag", "Event=?")] == 1 and expected[("--date", "2024")] == 2  # records 2, 4 and 6 have none
    for condition, count in expected.items():
        on_json = run("filter", json_archive, *condition, "--count")
        assert on_json == (0, f"{count}\n", ""), condition
        assert run("filter", json_exported, *condition, "--count") == on_json, condition
        for output in (["--to", "json"], ["--to", "tgn"]):
            assert run("filter", json_exported, *condition, *output) == run("filter", json_archive, *condition, *output)


@pytest.mark.parametrize("command", [
    ["stats"], ["stats", "--format", "markdown"], ["stats", "--format", "csv"], ["stats", "--format", "json"],
    ["stats", "--unique"], ["standings"], ["check"],
])
def test_json_records_give_the_same_figures(json_archive, json_exported, command):
    on_json = run(*command, json_archive)
    assert on_json[0] == 0 and on_json[1] + on_json[2]  # check writes to standard error
    assert run(*command, json_exported) == on_json


@pytest.mark.parametrize("target", ["tgn", "json"])
def test_json_records_convert_as_from_their_file(json_archive, json_exported, target):
    for number in range(1, len(_json_tags(json_archive)) + 1):
        on_json = run("convert", json_archive / "records.json", "--record", number, "--to", target)
        assert on_json[0] == 0 and on_json[1]
        assert run("convert", json_exported, "--record", number, "--to", target) == on_json
