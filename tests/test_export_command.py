"""`ludoscribe export --to parquet` as a user runs it (docs/cli.md#export): what it writes and
says, records with problems, outputs in the way, and pyarrow missing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from ludoscribe.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
BAD = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 D4 *\n'


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def test_export_writes_a_folder_that_filter_reads_as_the_files(tmp_path):
    assert run("export", ROOT / "corpus", "--to", "parquet", "-o", tmp_path / "archive") == \
           (0, "", f"exported 31 records and 1049 turns to {tmp_path / 'archive'}\n")
    assert run("filter", tmp_path / "archive") == run("filter", ROOT / "corpus")


def test_records_with_problems_are_reported_and_left_out(tmp_path):
    shutil.copytree(ROOT / "corpus" / "tektop", tmp_path / "club")
    (tmp_path / "club" / "zz-bad.tgn").write_text(BAD, encoding="utf-8")
    status, _, messages = run("export", tmp_path / "club", tmp_path / "missing.tgn", "--to", "parquet",
                              "-o", tmp_path / "out")
    assert status == 2  # an input not read counts before a record with problems
    lines = messages.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'club' / 'zz-bad.tgn'}:4:7: turn 1 Red: ")
    assert lines[1:] == [f"{tmp_path / 'missing.tgn'}: No such file or directory",
                         f"Error: {tmp_path / 'out'} not written: 1 input could not be read"]
    assert not (tmp_path / "out").exists()  # an export stands for all its inputs, or is not written
    status, _, messages = run("export", tmp_path / "club", "--to", "parquet", "-o", tmp_path / "out", "--force")
    assert status == 1 and messages.endswith("exported 5 records and 104 turns to " + str(tmp_path / "out") + "\n")
    assert run("filter", tmp_path / "out", "--count")[1] == "5\n"


def test_an_output_in_the_way_is_refused_and_left_as_it_is(tmp_path):
    out = tmp_path / "archive"
    source = ROOT / "corpus" / "staku"
    assert run("export", source, "--to", "parquet", "-o", out)[0] == 0
    assert run("export", source, "--to", "parquet", "-o", out) == \
           (2, "", f"Error: {out}: exists already (--force replaces it)\n")
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("kept", encoding="utf-8")
    assert run("export", source, "--to", "parquet", "-o", mine, "--force") == \
           (2, "", f"Error: cannot write {mine}: the folder holds files that an export did not write: not replaced\n")
    assert os.listdir(mine) == ["notes.txt"]
    (tmp_path / "file").write_text("kept", encoding="utf-8")
    assert run("export", source, "--to", "parquet", "-o", tmp_path / "file", "--force")[2] == \
           f"Error: cannot write {tmp_path / 'file'}: a file is in the way (the output is a folder)\n"
    assert sorted(os.listdir(tmp_path)) == ["archive", "file", "mine"]


def test_the_format_is_required():
    status, _, messages = run("export", ROOT / "corpus", "-o", "out")
    assert status == 2 and "Missing option '--to'" in messages


def test_without_pyarrow_one_line_says_how_to_install_it(tmp_path):
    program = ("import sys; sys.modules['pyarrow'] = None; from ludoscribe.cli.main import main; "
               f"sys.argv = ['ludoscribe', 'export', {str(ROOT / 'corpus')!r}, '--to', 'parquet', '-o', "
               f"{str(tmp_path / 'out')!r}]; main()")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == \
           (2, "", "Error: Parquet needs the parquet extra: pip install 'ludoscribe[parquet]'\n")
    assert not (tmp_path / "out").exists()


def _tables(folder: Path) -> dict[str, list[tuple]]:
    import duckdb

    return {name: duckdb.sql(f"SELECT * FROM read_parquet('{folder / name}/**/*.parquet', hive_partitioning = true) "
                             "ORDER BY record, " + ("ply" if name == "turns" else "source")).fetchall()
            for name in ("games", "turns")}


def test_jobs_write_the_same_folder_and_the_same_reports(tmp_path):
    """With --jobs the records are replayed in workers (docs/archive.md#columnar-export): the
    same rows, numbered in reading order, and the same report of a record with problems
    at its own file, line and column."""
    shutil.copytree(ROOT / "corpus", tmp_path / "club")
    (tmp_path / "club" / "tektop" / "m-bad.tgn").write_text("\n\n" + BAD + "\n" + BAD.replace("D4 D4", "D4"),
                                                           encoding="utf-8")
    answers = {jobs: run("export", tmp_path / "club", "--to", "parquet", "-o", tmp_path / f"out{jobs}", "-j", jobs)
               for jobs in (1, 2)}
    status, stdout, messages = answers[1]
    assert status == 1 and stdout == ""
    assert messages.splitlines()[0].startswith(f"{tmp_path / 'club' / 'tektop' / 'm-bad.tgn'}:6:7: turn 1 Red: ")
    assert answers[2] == (status, stdout, messages.replace(str(tmp_path / "out1"), str(tmp_path / "out2")))
    one, two = _tables(tmp_path / "out1"), _tables(tmp_path / "out2")
    assert len(one["games"]) == 32 and one == two
    assert [row[2] for row in one["games"] if row[1].endswith("m-bad.tgn")] == [2]  # its second record, by index
