"""An output that cannot take what is written (docs/cli.md#exit-status): standard output on a
full device, a file on a full disk. Every command says so in one line, `Error: cannot write
NAME: reason`, exits with status 2, and leaves no half-written file nor traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "corpus" / "staku" / "club-final.tgn"
BAD = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 D4 *\n'
MAIN = "from ludoscribe.cli.main import main; main()"
# every file written atomically goes to a temporary file on a full device
FULL_DISK = """
import os, tempfile
import ludoscribe.notation.files as files
made = tempfile.mkstemp
def full(*args, **options):
    handle, path = made(*args, **options)
    os.dup2(os.open("/dev/full", os.O_WRONLY), handle)
    return handle, path
files.tempfile.mkstemp = full
"""
# pyarrow's writer on a full disk: each write and the closing fail, as they do there
FULL_PARQUET = """
import errno
import pyarrow.parquet as pq
class Full(pq.ParquetWriter):
    def write_batch(self, *args, **options):
        raise OSError(errno.ENOSPC, "Error writing bytes to file. Detail: [errno 28] No space left on device")
    def close(self):
        if self.is_open:
            raise OSError(errno.ENOSPC, "Error writing bytes to file. Detail: [errno 28] No space left on device")
pq.ParquetWriter = Full
"""


def run(arguments: list[str], *, preamble: str = "", stdout: object = subprocess.PIPE,
        cwd: Path | None = None) -> tuple[int, str]:
    done = subprocess.run([sys.executable, "-c", preamble + MAIN, *arguments], stdout=stdout, stderr=subprocess.PIPE,
                          text=True, timeout=300, cwd=cwd, stdin=subprocess.DEVNULL)
    return done.returncode, done.stderr


@pytest.fixture(scope="module")
def bad(tmp_path_factory):
    path = tmp_path_factory.mktemp("bad") / "bad.tgn"
    path.write_text(BAD, encoding="utf-8")
    return path


STDOUT_COMMANDS = [
    ["stats", str(RECORD)],
    ["stats", str(RECORD), "--format", "json"],
    ["check", str(RECORD), "--json"],
    ["check", "BAD"],  # its problem lines
    ["filter", str(RECORD), "--count"],
    ["filter", str(RECORD)],
    ["convert", str(RECORD), "--to", "json"],
    ["standings", str(RECORD)],
    ["generate", "staku", "--count", "3"],
    ["diagram", str(RECORD)],
    ["diagram", str(RECORD), "--sheet"],
    ["--help"],
    ["--version"],
    ["export", "--help"],
]


@pytest.mark.parametrize("arguments", STDOUT_COMMANDS, ids=" ".join)
def test_standard_output_on_a_full_device(arguments, bad):
    arguments = [str(bad) if each == "BAD" else each for each in arguments]
    with open("/dev/full", "w", encoding="utf-8") as full:
        status, errors = run(arguments, stdout=full)
    assert status == 2
    assert errors.splitlines()[-1] in ("Error: cannot write -: No space left on device",
                                       "cannot write -: No space left on device")  # diagram goes on, then says so
    assert "Traceback" not in errors and "Exception ignored" not in errors and "internal error" not in errors


FILE_COMMANDS = [
    ["convert", str(RECORD), "--to", "json", "-o", "OUT/out.json"],
    ["filter", str(RECORD), "-o", "OUT/out.tgn"],
    ["standings", str(RECORD), "-o", "OUT/out.txt"],
    ["generate", "staku", "--count", "3", "-o", "OUT/out.tgn"],
    ["diagram", str(RECORD), "-o", "OUT/out.svg"],
    ["diagram", str(RECORD), "--sheet", "-o", "OUT/out.pdf"],
]


@pytest.mark.parametrize("arguments", FILE_COMMANDS, ids=" ".join)
def test_a_file_on_a_full_disk(arguments, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    arguments = [each.replace("OUT", str(out)) for each in arguments]
    status, errors = run(arguments, preamble=FULL_DISK)
    line = f"cannot write {arguments[-1]}: No space left on device"
    assert (status, errors) in ((2, f"Error: {line}\n"), (2, f"{line}\n"))  # diagram's own lines have no Error:
    assert os.listdir(out) == []


@pytest.mark.parametrize("arguments", [["filter", str(RECORD), "-o", "/dev/full"],
                                       ["convert", str(RECORD), "--to", "json", "-o", "/dev/full"]], ids=" ".join)
def test_a_full_device_named_as_the_output(arguments):
    assert run(arguments) == (2, "Error: cannot write /dev/full: No space left on device\n")


@pytest.mark.parametrize("command", [["export", "--to", "parquet"], ["generate", "staku", "--count", "3",
                                                                     "--to", "parquet"]], ids=" ".join)
def test_a_parquet_folder_on_a_full_disk(command, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    arguments = [command[0], *([str(RECORD)] if command[0] == "export" else []), *command[1:], "-o", str(out / "a")]
    status, errors = run(arguments, preamble=FULL_PARQUET)
    assert (status, errors) == (2, f"Error: cannot write {out / 'a'}: No space left on device\n")
    assert os.listdir(out) == []


IO_ERROR = """
import errno, io, sys
class Failing(io.StringIO):
    def write(self, text):
        raise OSError(errno.EIO, "Input/output error")
sys.stdout = Failing()
"""


@pytest.mark.parametrize("arguments", [["stats", str(RECORD)], ["check", str(RECORD), "--json"], ["--version"]],
                         ids=" ".join)
def test_standard_output_failing_with_an_io_error(arguments):
    assert run(arguments, preamble=IO_ERROR) == (2, "Error: cannot write -: Input/output error\n")
