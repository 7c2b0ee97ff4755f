"""What is read where a file is expected, and a Parquet folder checked against its mark
(docs/archive.md#reading-it-back, docs/cli.md#files): a named pipe, a socket or a device is
refused in one line and never waited on; a folder that lost a file, or holds one cut short,
is refused in one line; an export that fails leaves nothing behind."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive.parquet import PARQUET_MARK

ROOT = Path(__file__).resolve().parent.parent
GUARD = 120  # seconds: a run still going then is waiting on a pipe (a failure, never a measure)
LUDOSCRIBE = [sys.executable, "-c", "from ludoscribe.cli.main import main; main()"]


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    return result.exit_code, result.stdout, result.stderr


def run_apart(*args: object) -> tuple[int, str, str]:
    """A run in its own process, so that one that would wait forever fails the test instead."""
    try:
        done = subprocess.run([*LUDOSCRIBE, *map(str, args)], capture_output=True,
                              text=True, timeout=GUARD, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"ludoscribe {' '.join(map(str, args))} waited on what it read")
    return done.returncode, done.stdout, done.stderr


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("exported") / "archive"
    assert run("export", ROOT / "corpus", "--to", "parquet", "-o", folder)[0] == 0
    return folder


@pytest.fixture
def copy(exported, tmp_path):
    folder = tmp_path / "copy"
    shutil.copytree(exported, folder)
    return folder


def _part(folder: Path, table: str) -> Path:
    return sorted((folder / table).rglob("*.parquet"))[0]


@pytest.mark.parametrize("where", ["added", "in place of a part"])
@pytest.mark.parametrize("command", [["filter", "--count"], ["stats"], ["check"]])
def test_a_named_pipe_in_a_parquet_folder_is_refused_and_never_waited_on(copy, where, command):
    part = _part(copy, "games")
    if where == "added":
        pipe = part.parent / "part-1.parquet"
    else:
        part.unlink()
        pipe = part
    os.mkfifo(pipe)
    status, _, errors = run_apart(command[0], copy, *command[1:])
    name = pipe.relative_to(copy).as_posix()
    lines = errors.splitlines()
    assert status == 2 and len(lines) == (2 if command[0] == "check" else 1)  # check adds its summary
    assert lines[0].startswith(f"{copy}: {name} ")
    assert ("is not a file its export wrote" if where == "added" else "is not a regular file (a named pipe)") \
        in lines[0]


def test_a_socket_or_a_device_named_as_an_input_is_refused(tmp_path):
    path = tmp_path / "listening.tgn"
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(path))
        assert run_apart("check", path, "/dev/zero") == \
               (2, "", f"{path}: not a regular file (a socket), not read\n"
                       "/dev/zero: not a regular file (a device), not read\n"
                       "checked 0 records in 0 files: 0 valid; 2 inputs not read\n")


def test_a_named_pipe_named_as_an_input_is_read(tmp_path):
    pipe = tmp_path / "pipe.tgn"
    os.mkfifo(pipe)
    process = subprocess.Popen([*LUDOSCRIBE, "check", str(pipe)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    with open(pipe, "w", encoding="utf-8") as writer:
        writer.write((ROOT / "corpus" / "staku" / "club-final.tgn").read_text(encoding="utf-8"))
    out, errors = process.communicate(timeout=GUARD)
    assert (process.returncode, errors) == (0, "checked 1 record in 1 file: 1 valid\n")


@pytest.mark.parametrize("command", [["filter", "--count"], ["stats"], ["check"], ["standings"]])
def test_a_parquet_folder_that_lost_a_part_is_refused(copy, command):
    part = _part(copy, "games")
    part.unlink()
    status, out, errors = run(command[0], copy, *command[1:])
    name = part.relative_to(copy).as_posix()
    assert status == 2
    assert errors.splitlines()[0] == f"{copy}: {name} is missing: the folder is incomplete, export the records again"
    assert len(errors.splitlines()) == (2 if command[0] == "check" else 1)
    if command[0] == "filter":
        assert out == "0\n"


def test_a_turns_file_cut_short_is_refused(copy):
    part = _part(copy, "turns")
    size = part.stat().st_size
    with open(part, "r+b") as stream:
        stream.truncate(size - 100)
    name = part.relative_to(copy).as_posix()
    assert run("filter", copy, "--count") == \
           (2, "0\n", f"{copy}: {name} has {size - 100} bytes, its mark says {size}: the file is cut short or "
                      "changed, export the records again\n")


def test_a_part_of_other_rows_is_refused(copy):
    import pyarrow.parquet as pq

    part = _part(copy, "games")
    table = pq.read_table(part)
    pq.write_table(table.slice(0, table.num_rows - 1), part)
    mark = json.loads((copy / PARQUET_MARK).read_text(encoding="utf-8"))
    name = part.relative_to(copy).as_posix()
    mark["files"][name]["bytes"] = part.stat().st_size  # the size made to agree: the rows still tell
    (copy / PARQUET_MARK).write_text(json.dumps(mark), encoding="utf-8")
    status, _, errors = run("filter", copy, "--count")
    assert (status, errors) == (2, f"{copy}: {name} has {table.num_rows - 1} rows, its mark says {table.num_rows}: "
                                   "export the records again\n")


def test_the_mark_lists_every_file_with_its_rows_and_bytes(exported):
    import pyarrow.parquet as pq

    mark = json.loads((exported / PARQUET_MARK).read_text(encoding="utf-8"))
    files = sorted(path.relative_to(exported).as_posix() for path in exported.rglob("*.parquet"))
    assert sorted(mark["files"]) == files
    for name, listed in mark["files"].items():
        assert listed == {"rows": pq.ParquetFile(exported / name).metadata.num_rows,
                          "bytes": (exported / name).stat().st_size}
    assert sum(listed["rows"] for name, listed in mark["files"].items() if name.startswith("games/")) == \
           mark["records"] == 31


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_an_export_with_an_input_not_read_leaves_nothing(tmp_path, jobs):
    out = tmp_path / "archive"
    status, _, errors = run("export", tmp_path / "missing.tgn", ROOT / "corpus", "--to", "parquet", "-o", out,
                            "--jobs", jobs)
    assert (status, errors) == (2, f"{tmp_path / 'missing.tgn'}: No such file or directory\n"
                                   f"Error: {out} not written: 1 input could not be read\n")
    assert os.listdir(tmp_path) == []


def test_a_part_that_is_a_link_looping_or_a_folder_is_refused(copy):
    parts = sorted((copy / "games").rglob("*.parquet"))
    parts[0].unlink()
    parts[0].symlink_to(parts[0].name)  # a link to itself
    name = parts[0].relative_to(copy).as_posix()
    assert run("filter", copy, "--count") == (2, "0\n", f"{copy}: {name}: Too many levels of symbolic links\n")
    parts[0].unlink()
    parts[0].mkdir()
    assert run("filter", copy, "--count") == (2, "0\n", f"{copy}: {name} is not a regular file (a folder): not read\n")


def test_a_mark_that_is_a_named_pipe_is_never_waited_on(copy):
    from ludoscribe.notation.archive.parquet import Damaged, read_export

    (copy / PARQUET_MARK).unlink()
    os.mkfifo(copy / PARQUET_MARK)
    with pytest.raises(Damaged, match="is not a regular file \\(a named pipe\\)"):
        list(read_export(copy))
