"""Batch commands as scripts use them (docs/cli.md#files): bad inputs, outputs, pipes, standard streams."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive import sources as sources_module
from ludoscribe.notation.archive.sources import InputError, Sources, output_names

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
GAME = CORPUS / "teblo" / "open-day-2024-kalf-vos.tgn"  # one record
EVENT = CORPUS / "teblo" / "spring-quadrangular-2024.tgn"  # three records
STAKU = CORPUS / "staku" / "club-final.tgn"
SETUP = CORPUS / "teblo" / "study-the-closed-corridor.tgn"  # SetUp, first turn 40...


def run(*args: str | Path, stdin: str | bytes | None = None):
    return CliRunner().invoke(cli, [str(arg) for arg in args], input=stdin)


def lines(text: str) -> list[str]:
    return text.splitlines()


# 15.6: one bad input never stops the rest

def test_a_missing_file_is_reported_and_the_others_checked(tmp_path):
    missing = tmp_path / "nope.tgn"
    result = run("check", missing, GAME, EVENT)
    assert result.exit_code == 2
    assert lines(result.stderr) == [f"{missing}: No such file or directory",
                                    "checked 4 records in 2 files: 4 valid; 1 input not read"]


def test_a_file_that_is_not_utf8_is_reported_and_the_others_checked(tmp_path):
    bad = tmp_path / "latin1.tgn"
    bad.write_bytes('[Game "Teblo"]\n[Event "Caf\xe9"]\n[Result "*"]\n\n1. D4 *\n'.encode("latin-1"))
    shutil.copy(GAME, tmp_path / "zz-good.tgn")
    result = run("check", tmp_path)
    assert result.exit_code == 1  # the file was read: its bad bytes are a problem of its record
    assert result.stdout == f"{bad}:2:12: not UTF-8 text (byte 0xe9)\n"
    assert result.stderr == "checked 2 records in 2 files: 1 valid, 1 with problems\n"


def test_a_json_file_that_is_not_utf8_does_not_stop_the_run(tmp_path):
    bad = tmp_path / "a.json"
    bad.write_bytes(b'{"format": "tgn-json", "version": 1, "records": [{"tags": {"Event": "\xe9"}}]}')
    shutil.copy(GAME, tmp_path / "b.tgn")
    result = run("check", tmp_path)
    assert result.exit_code == 1
    assert result.stdout == f"{bad}: record 1: not UTF-8 text (byte 0xe9 at offset 69 of the file)\n"
    assert result.stderr == "checked 2 records in 2 files: 1 valid, 1 with problems\n"


@pytest.mark.parametrize("text", [
    '[Game "Teblo"]\n[Result "*"]\n\n1. D4 $' + "9" * 5000 + " H10 *\n",
    '[Game "Teblo"]\n[Result "*"]\n\n' + "1" * 5000 + ". D4 H10 *\n",
])
def test_a_number_over_pythons_digit_limit_is_one_problem_and_the_run_goes_on(tmp_path, text):
    huge = tmp_path / "a-huge.tgn"
    huge.write_text(text, encoding="utf-8")
    shutil.copy(GAME, tmp_path / "b-good.tgn")
    result = run("check", tmp_path)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{huge}:4:") and len(result.stdout.splitlines()) == 1
    assert result.stderr == "checked 2 records in 2 files: 1 valid, 1 with problems\n"


def test_a_json_number_over_pythons_digit_limit_does_not_stop_the_run(tmp_path):
    huge = tmp_path / "a.json"
    huge.write_text('{"format": "tgn-json", "version": 1' + "0" * 5000 + ', "records": []}', encoding="utf-8")
    shutil.copy(GAME, tmp_path / "b.tgn")
    result = run("check", tmp_path)
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{huge}:1:") and "is not supported (only 1)" in result.stdout
    assert result.stderr == "checked 2 records in 2 files: 1 valid, 1 with problems\n"


def _deny_listing(monkeypatch, folder: Path) -> None:
    """Make `folder` unlistable, as chmod 000 does for anyone but root."""
    scandir = os.scandir

    def guarded(path=".", *args):
        if Path(path) == folder:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path, *args)

    monkeypatch.setattr(sources_module.os, "scandir", guarded)


def test_an_unreadable_folder_is_reported_not_skipped_silently(tmp_path, monkeypatch):
    locked = tmp_path / "locked"
    locked.mkdir()
    shutil.copy(GAME, locked / "hidden.tgn")
    shutil.copy(GAME, tmp_path / "open.tgn")
    _deny_listing(monkeypatch, locked)
    result = run("check", tmp_path)
    assert result.exit_code == 2
    assert lines(result.stderr) == [f"{locked}: cannot list this folder: Permission denied",
                                    "checked 1 record in 1 file: 1 valid; 1 input not read"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a chmod 000 folder; the case is simulated above")
def test_a_chmod_000_folder_is_reported(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    shutil.copy(GAME, tmp_path / "open.tgn")
    locked.chmod(0)
    try:
        result = run("check", tmp_path)
    finally:
        locked.chmod(0o755)
    assert result.exit_code == 2
    assert f"{locked}: cannot list this folder: Permission denied" in lines(result.stderr)


def test_every_batch_command_goes_on_past_a_missing_input(tmp_path):
    missing = tmp_path / "nope.tgn"
    standings = run("standings", missing, EVENT)
    assert standings.exit_code == 2
    assert "Pieter Bakker" in standings.stdout
    assert standings.stderr == f"{missing}: No such file or directory\n"
    drawn = run("diagram", tmp_path / "nope", "-o", tmp_path / "out")
    assert drawn.exit_code == 2 and drawn.stderr == f"{tmp_path / 'nope'}: No such file or directory\n"
    converted = run("convert", missing, "--to", "json", "-o", tmp_path / "out.json")
    assert converted.exit_code == 2 and converted.stderr == f"{missing}: No such file or directory\n"
    assert not (tmp_path / "out.json").exists()  # nothing read, nothing written


def test_site_publishes_the_readable_inputs_and_exits_2(tmp_path):
    missing = tmp_path / "nope.tgn"
    result = run("site", missing, GAME, "-o", tmp_path / "site", "--quiet")
    assert result.exit_code == 2
    assert result.stderr == f"{missing}: No such file or directory\n"
    assert len(list((tmp_path / "site" / "records").glob("*.html"))) == 1


# 15.8: empty inputs, standard streams, --quiet

def test_an_empty_folder_says_so_and_exits_2(tmp_path):
    result = run("check", tmp_path)
    assert result.exit_code == 2
    assert lines(result.stderr) == [f"{tmp_path}: no .tgn or .json file in this folder",
                                    "checked 0 records in 0 files: 0 valid; 1 input not read"]


def test_an_empty_file_or_empty_input_says_so_and_exits_2(tmp_path):
    empty = tmp_path / "empty.tgn"
    empty.write_text("\n\n", encoding="utf-8")
    assert run("check", empty).stderr.startswith(f"{empty}: no record in this file\n")
    result = run("check", "-", stdin="")
    assert result.exit_code == 2
    assert result.stderr.startswith("-: no record in the input\n")
    converted = run("convert", "-", "--to", "tgn", stdin="  \n")
    assert (converted.exit_code, converted.stdout, converted.stderr) == (2, "", "-: no record in the input\n")


def test_check_reads_json_from_standard_input_as_well_as_tgn():
    as_json = run("convert", EVENT, "--to", "json").stdout
    result = run("check", "-", stdin=as_json)
    assert (result.exit_code, result.stderr) == (0, "checked 3 records in 1 file: 3 valid\n")
    with_bom = run("check", "-", stdin=b"\xef\xbb\xbf" + as_json.encode("utf-8"))
    assert (with_bom.exit_code, with_bom.stderr) == (0, "checked 3 records in 1 file: 3 valid\n")
    tgn = run("check", "-", stdin=EVENT.read_text(encoding="utf-8"))
    assert (tgn.exit_code, tgn.stderr) == (0, "checked 3 records in 1 file: 3 valid\n")
    back = run("convert", "-", "--to", "tgn", stdin=as_json)
    assert back.stdout == run("convert", EVENT, "--to", "tgn").stdout


def test_a_tgn_record_starting_with_a_comment_is_not_taken_for_json():
    text = '{Notes first} [Game "Teblo"]\n[Result "*"]\n\n1. D4 *\n'
    result = run("check", "-", stdin=text)
    assert "not a TGN JSON document" not in result.stdout + result.stderr


def test_quiet_prints_problems_only(tmp_path):
    bad = tmp_path / "bad.tgn"
    bad.write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 2. D6 *\n', encoding="utf-8")
    quiet = run("check", "--quiet", GAME, bad)
    assert quiet.exit_code == 1
    assert quiet.stderr == ""
    assert quiet.stdout.startswith(f"{bad}:4:14: turn 2 Yellow: ") and quiet.stdout.count("\n") == 1
    clean = run("check", "-q", GAME)
    assert (clean.exit_code, clean.stdout, clean.stderr) == (0, "", "")
    site = run("site", GAME, "-o", tmp_path / "site", "-q")
    assert (site.exit_code, site.stderr) == (0, "")


def test_check_json_report_lists_the_inputs_not_read(tmp_path):
    result = run("check", "--json", tmp_path / "nope.tgn", GAME)
    report = json.loads(result.stdout)
    assert result.exit_code == 2
    assert report["errors"] == [{"file": str(tmp_path / "nope.tgn"), "message": "No such file or directory"}]
    assert (report["records"], report["valid"]) == (1, 1)


def test_a_closed_pipe_ends_the_output_quietly(tmp_path):
    big = tmp_path / "big.tgn"
    assert run("generate", "teblo", "--count", "200", "--max-turns", "60", "-o", big).exit_code == 0
    for form in ("tgn", "json"):
        process = subprocess.Popen([sys.executable, "-c", "from ludoscribe.cli.main import main; main()",
                                    "convert", str(big), "--to", form],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = process.stdout.readline()
        process.stdout.close()  # what `| head -1` does
        stderr = process.stderr.read()
        process.stderr.close()
        assert process.wait() == 141
        assert first and stderr == b""


# 15.8: diagram to standard output

def test_diagram_writes_one_svg_to_standard_output_without_o():
    result = run("diagram", GAME)
    assert result.exit_code == 0
    assert result.stdout.startswith("<svg") and result.stdout.count("<svg") == 1
    position = run("diagram", "--game", "teblo", "--position", "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1")
    assert position.stdout.startswith("<svg")


def test_diagram_says_when_one_svg_is_not_enough():
    several = run("diagram", EVENT)
    assert several.exit_code == 2
    assert f"Error: {EVENT} holds 3 records, one SVG each: give -o FOLDER, or choose one with --record K" \
        in several.stderr
    every = run("diagram", GAME, "--all")
    assert every.exit_code == 2
    assert "Error: --all draws every position, one SVG each: give -o FOLDER" in every.stderr
    assert run("diagram", EVENT, "--record", "2").stdout.startswith("<svg")


# 15.4: unique output names, nothing replaced without --force

def _tree(root: Path) -> list[str]:
    return sorted(path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())


def test_diagram_of_a_folder_mirrors_it_with_names_that_never_clash(tmp_path):
    source = tmp_path / "src"
    (source / "a").mkdir(parents=True)
    (source / "b").mkdir()
    shutil.copy(GAME, source / "a" / "game.tgn")
    shutil.copy(STAKU, source / "b" / "game.tgn")
    shutil.copy(EVENT, source / "event.tgn")
    shutil.copy(GAME, source / "event-2.tgn")
    shutil.copy(GAME, source / "solo.tgn")
    assert run("convert", source / "solo.tgn", "--to", "json", "-o", source / "solo.json").exit_code == 0
    result = run("diagram", source, "-o", tmp_path / "out")
    assert (result.exit_code, result.stderr) == (0, "")
    assert _tree(tmp_path / "out") == ["a/game.svg", "b/game.svg", "event-2.tgn.svg", "event.tgn-1.svg",
                                       "event.tgn-2.svg", "event.tgn-3.svg", "solo.json.svg", "solo.tgn.svg"]
    drawn = {path.read_bytes() for path in (tmp_path / "out").rglob("*.svg")}
    assert len(drawn) == 5  # GAME four times (a/game, event-2, solo twice), STAKU, three of EVENT


def test_diagram_all_of_a_folder_gives_a_folder_per_record(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    shutil.copy(GAME, source / "game.tgn")
    result = run("diagram", source, "--all", "-o", tmp_path / "out")
    assert result.exit_code == 0
    names = _tree(tmp_path / "out")
    assert names[0] == "game/000.svg" and all(name.startswith("game/") for name in names)


def test_a_folder_holding_one_record_still_gives_a_folder(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    shutil.copy(GAME, source / "game.tgn")
    assert run("diagram", source, "-o", tmp_path / "out").exit_code == 0
    assert _tree(tmp_path / "out") == ["game.svg"]


def test_output_names_keep_the_extension_only_where_names_clash():
    folder = Path(__file__).resolve().parent.parent / "corpus"
    items = [(str(folder / "teblo" / "x.tgn"), None), (str(folder / "teblo" / "x.json"), None),
             (str(folder / "e.tgn"), 1), (str(folder / "e.tgn"), 2), (str(folder / "e-2.tgn"), None),
             (str(folder / "f.tgn"), None)]
    assert output_names(items, str(folder)) == ["teblo/x.tgn", "teblo/x.json", "e.tgn-1", "e.tgn-2", "e-2.tgn", "f"]


@pytest.mark.parametrize("command", [
    ["convert", GAME, "--to", "json", "-o"],
    ["convert", GAME, "--to", "html", "-o"],
    ["standings", EVENT, "-o"],
    ["generate", "teblo", "-o"],
    ["diagram", GAME, "-o"],
    ["diagram", "--game", "teblo", "--position", "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1", "-o"],
])
def test_no_command_replaces_an_existing_file_without_force(tmp_path, command):
    target = tmp_path / "mine.txt"
    target.write_text("my own notes\n", encoding="utf-8")
    refused = run(*command, target)
    assert refused.exit_code == 2
    assert refused.stderr.endswith(f"{target}: exists already (--force replaces it)\n")
    assert target.read_text(encoding="utf-8") == "my own notes\n"
    assert os.listdir(tmp_path) == ["mine.txt"]  # no temporary file left behind
    forced = run(*command, target, "--force")
    assert forced.exit_code == 0
    assert target.read_text(encoding="utf-8") != "my own notes\n"


def test_convert_to_md_refuses_before_writing_any_file(tmp_path):
    (tmp_path / "game-001.svg").write_text("mine", encoding="utf-8")
    text = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 {[%diagram]} H10 *\n'
    (tmp_path / "in.tgn").write_text(text, encoding="utf-8")
    refused = run("convert", tmp_path / "in.tgn", "--to", "md", "-o", tmp_path / "game.md")
    assert refused.exit_code == 2
    assert refused.stderr.endswith(f"{tmp_path / 'game-001.svg'}: exists already (--force replaces it)\n")
    assert sorted(os.listdir(tmp_path)) == ["game-001.svg", "in.tgn"]


def test_diagram_refuses_each_existing_file_and_writes_the_others(tmp_path):
    source = tmp_path / "src"
    source.mkdir()
    shutil.copy(GAME, source / "a.tgn")
    shutil.copy(STAKU, source / "b.tgn")
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "a.svg").write_text("mine", encoding="utf-8")
    result = run("diagram", source, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert result.stderr == f"{tmp_path / 'out' / 'a.svg'}: exists already (--force replaces it)\n"
    assert (tmp_path / "out" / "a.svg").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "out" / "b.svg").read_text(encoding="utf-8").startswith("<svg")


# 15.9: --turn counts as the record numbers its turns

def test_turn_counts_from_the_first_number_of_a_setup_record(tmp_path):
    start = run("diagram", SETUP, "--turn", "0").stdout
    first = run("diagram", SETUP, "--turn", "40...").stdout
    assert first.startswith("<svg") and first != start
    assert run("diagram", SETUP, "--turn", "41").stdout not in (first, "")
    missing = run("diagram", SETUP, "--turn", "1")
    assert missing.exit_code == 1
    assert missing.stderr == (f"{SETUP}: record 1: the record has no turn 1 "
                              "(its main line runs from turn 40... to turn 44...)\n")


def test_turn_12_and_12_dots_are_the_first_and_second_sides_twelfth_turns(tmp_path):
    assert run("diagram", GAME, "--all", "-o", tmp_path).exit_code == 0
    by_ply = {path.name: path.read_text(encoding="utf-8") for path in tmp_path.glob("*.svg")}
    assert run("diagram", GAME, "--turn", "12").stdout == by_ply["023.svg"]
    assert run("diagram", GAME, "--turn", "12...").stdout == by_ply["024.svg"]
    assert run("diagram", GAME, "--turn", "0").stdout == by_ply["000.svg"]


def test_diagram_help_says_how_turns_are_counted():
    text = " ".join(run("diagram", "--help").stdout.split())
    assert "numbered as in the record" in text and "SetUp" in text


# 12.6: the output folder

def test_a_site_built_inside_its_source_folder_is_not_read_again(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS / "teblo", corpus)
    assert run("site", corpus, "-o", corpus / "site", "-q").exit_code == 0
    assert (corpus / "site" / "search" / "search_index.json").exists()
    again = run("check", corpus)
    assert (again.exit_code, again.stderr) == (0, "checked 8 records in 6 files: 8 valid\n")
    rebuilt = run("site", corpus, "-o", corpus / "site")
    assert rebuilt.exit_code == 0 and "site: 8 records read from 6 files" in rebuilt.stderr
    named = run("check", corpus / "site")
    assert named.exit_code == 2
    assert named.stderr.startswith(f"{corpus / 'site'}: a folder written by ludoscribe")


def test_a_kept_project_is_not_read_as_sources(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS / "teblo", corpus)
    built = run("site", corpus, "--project", corpus / "project", "-o", corpus / "project" / "site", "-q")
    assert built.exit_code == 0
    (corpus / "project" / "docs" / "stray.json").write_text("{}", encoding="utf-8")
    assert run("check", corpus).stderr == "checked 8 records in 6 files: 8 valid\n"


def test_the_output_folder_is_skipped_even_before_it_is_marked(tmp_path):
    corpus = tmp_path / "corpus"
    shutil.copytree(CORPUS / "teblo", corpus)
    (corpus / "out").mkdir()  # empty: the site may use it
    errors: list[InputError] = []
    found = [path for path, _, _ in Sources([str(corpus)], skip=[corpus / "out"], failed=errors.append)]
    assert len(found) == 8 and not errors
    (corpus / "out" / "x.tgn").write_text("not read", encoding="utf-8")
    assert len([path for path, _, _ in Sources([str(corpus)], skip=[corpus / "out"])]) == 8


@pytest.mark.fast  # a one-record site: the fast lane's test of the site's modules
def test_site_never_deletes_a_file_it_did_not_write(tmp_path):
    site = tmp_path / "site"
    assert run("site", GAME, "-o", site, "-q").exit_code == 0
    mark = [line.split("  ", 1)[-1] for line in (site / ".ludoscribe-site").read_text(encoding="utf-8").splitlines()]
    assert "index.html" in mark and "search/search_index.json" in mark
    (site / "records" / "notes.txt").write_text("mine", encoding="utf-8")
    refused = run("site", GAME, "-o", site, "-q")
    assert refused.exit_code == 2
    assert refused.stderr == (f"Error: {site / 'records' / 'notes.txt'} was not written by ludoscribe: a new "
                              f"build would delete it; move it out of {site}, or choose another folder\n")
    assert (site / "records" / "notes.txt").read_text(encoding="utf-8") == "mine"
    (site / "records" / "notes.txt").unlink()
    (site / ".git").mkdir()  # entries starting with '.' at the top are left alone
    assert run("site", GAME, "-o", site, "-q").exit_code == 0
    assert (site / ".git").is_dir()


def test_site_keeps_pages_added_to_a_kept_project(tmp_path):
    project = tmp_path / "project"
    assert run("site", GAME, "--project", project, "-o", tmp_path / "site", "-q").exit_code == 0
    (project / "docs" / "about.md").write_text("# About\n", encoding="utf-8")
    refused = run("site", GAME, "--project", project, "-o", tmp_path / "site", "-q")
    assert refused.exit_code == 2
    assert (project / "docs" / "about.md").exists()
