"""Where outputs go, and the exit status of every failure to write one (docs/cli.md#files,
docs/cli.md#exit-status): a device or a pipe is written into, only a regular file is ever
replaced, and every command writing an output reports the same failures the same way."""

from __future__ import annotations

import importlib.util
import os
import re
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
GAME = CORPUS / "teblo" / "open-day-2024-kalf-vos.tgn"  # one record
SHORT = ROOT / "tests" / "records" / "short-teblo.tgn"  # four turns: how a drawing is written, drawn quickly
EVENT = CORPUS / "teblo" / "spring-quadrangular-2024.tgn"  # three records, Pieter Bakker plays in two
START = "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"

# Every command that writes an output, as a command line without its -o.
WRITERS = {
    "convert-tgn": ["convert", GAME, "--to", "tgn"],
    "convert-json": ["convert", GAME, "--to", "json"],
    "convert-html": ["convert", GAME, "--to", "html"],
    "filter-tgn": ["filter", EVENT, "--player", "Bakker"],
    "filter-json": ["filter", EVENT, "--player", "Bakker", "--to", "json"],
    "diagram": ["diagram", SHORT],
    "diagram-position": ["diagram", "--game", "teblo", "--position", START],
    "standings": ["standings", EVENT],
    "generate": ["generate", "teblo", "--max-turns", "12"],
}
if importlib.util.find_spec("PIL") and importlib.util.find_spec("resvg_py"):  # the images extra (docs/diagrams.md)
    WRITERS |= {
        "diagram-png": ["diagram", SHORT, "--format", "png"],
        "diagram-pdf": ["diagram", "--game", "teblo", "--position", START, "--format", "pdf"],
        "diagram-gif": ["diagram", SHORT, "--gif"],
        "diagram-sheet": ["diagram", EVENT, "--sheet"],
    }
# The diagrams of records: a diagram that cannot be written is said and the others are drawn.
EACH_SAID = {"diagram", "diagram-png", "diagram-gif"}


def run(*args: str | Path):
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def on_standard_output(command: list) -> bytes:
    result = run(*command)
    assert result.exit_code == 0, result.output
    return result.stdout_bytes


class Reader(threading.Thread):
    """What a program reading a named pipe receives while a command writes into it.

    The test holds the pipe open for writing too, so that the reader sees the end only
    when `finish` lets it go, whether or not the command ever opened the pipe.
    """

    def __init__(self, fifo: Path) -> None:
        super().__init__(daemon=True)
        descriptor = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)  # opens without waiting for a writer
        os.set_blocking(descriptor, True)
        self.stream = os.fdopen(descriptor, "rb")
        self.guard = os.open(fifo, os.O_WRONLY)
        self.received = b""
        self.start()

    def run(self) -> None:
        with self.stream:
            self.received = self.stream.read()

    def finish(self) -> bytes:
        os.close(self.guard)
        self.join()
        return self.received


# Issue 22, point 3: a device or a pipe is written into; only a regular file is replaced

@pytest.mark.parametrize("name", WRITERS)
def test_every_output_can_go_to_dev_null(name):
    result = run(*WRITERS[name], "-o", os.devnull)
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["", "force"])
@pytest.mark.parametrize("name", WRITERS)
def test_every_output_can_go_into_a_named_pipe_which_stays_a_pipe(tmp_path, name, force):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = Reader(fifo)
    result = run(*WRITERS[name], "-o", fifo, *force)
    received = reader.finish()
    assert (result.exit_code, result.stderr) == (0, "")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    assert received == on_standard_output(WRITERS[name])
    assert os.listdir(tmp_path) == ["pipe"]


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["", "force"])
@pytest.mark.parametrize("name", WRITERS)
def test_a_folder_is_never_replaced_and_force_is_not_advised(tmp_path, name, force):
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "mine.txt").write_text("mine", encoding="utf-8")
    result = run(*WRITERS[name], "-o", folder, *force)
    assert result.exit_code == 2
    message = f"cannot write {folder}: it is a folder\n"
    assert result.stderr == (message if name in EACH_SAID else f"Error: {message}")
    assert os.listdir(folder) == ["mine.txt"] and sorted(os.listdir(tmp_path)) == ["out"]


@pytest.mark.parametrize("name", WRITERS)
def test_force_replaces_the_file_a_link_names_and_keeps_the_link(tmp_path, name):
    target = tmp_path / "kept" / "notes.txt"
    target.parent.mkdir()
    target.write_text("my own notes\n", encoding="utf-8")
    link = tmp_path / "link"
    link.symlink_to(target)
    refused = run(*WRITERS[name], "-o", link)
    assert refused.exit_code == 2 and refused.stderr.endswith(f"{link}: exists already (--force replaces it)\n")
    assert target.read_text(encoding="utf-8") == "my own notes\n"
    forced = run(*WRITERS[name], "-o", link, "--force")
    assert (forced.exit_code, forced.stderr) == (0, "")
    assert link.is_symlink() and target.read_bytes() == on_standard_output(WRITERS[name])
    assert os.listdir(target.parent) == ["notes.txt"]


@pytest.mark.parametrize("name", WRITERS)
def test_every_output_makes_the_folders_it_needs(tmp_path, name):
    out = tmp_path / "new" / "folder" / "out.txt"
    result = run(*WRITERS[name], "-o", out)
    assert (result.exit_code, result.stderr) == (0, "")
    assert out.read_bytes() == on_standard_output(WRITERS[name])


@pytest.mark.parametrize("name", WRITERS)
def test_a_file_in_the_way_of_a_folder_is_reported_without_advising_force(tmp_path, name):
    blocker = tmp_path / "notes"
    blocker.write_text("mine", encoding="utf-8")
    out = blocker / "out.txt"
    result = run(*WRITERS[name], "-o", out, "--force")
    assert result.exit_code == 2
    message = f"cannot write {out}: {blocker} is not a folder\n"
    assert result.stderr == (message if name in EACH_SAID else f"Error: {message}")
    assert blocker.read_text(encoding="utf-8") == "mine"


# Issue 22, point 7: usage errors and failures to write exit 2, whichever command

@pytest.mark.parametrize("name", WRITERS)
def test_every_command_refuses_an_existing_file_with_status_2(tmp_path, name):
    target = tmp_path / "mine.txt"
    target.write_text("my own notes\n", encoding="utf-8")
    refused = run(*WRITERS[name], "-o", target)
    assert refused.exit_code == 2
    message = f"{target}: exists already (--force replaces it)\n"
    assert refused.stderr == (message if name in EACH_SAID else f"Error: {message}")
    assert target.read_text(encoding="utf-8") == "my own notes\n"
    assert os.listdir(tmp_path) == ["mine.txt"]


@pytest.mark.parametrize("turn", ["abc", "12.5", "-3", "1/2"])
def test_a_malformed_turn_is_a_usage_error(tmp_path, turn):
    result = run("diagram", GAME, "--turn", turn, "-o", tmp_path / "x.svg")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == (f"Error: Invalid value for '--turn': turn {turn!r} is not of the form "
                                              "12 or 12... (0 for the start)")
    assert os.listdir(tmp_path) == []


def test_diagrams_into_a_file_say_so_once_even_with_force(tmp_path):
    blocker = tmp_path / "final.svg"
    blocker.write_text("mine", encoding="utf-8")
    result = run("diagram", GAME, "--all", "-o", blocker, "--force")
    assert result.exit_code == 2
    assert result.stderr == f"Error: cannot write into {blocker}: it is not a folder\n"
    assert blocker.read_text(encoding="utf-8") == "mine"
    folder = run("diagram", CORPUS / "teblo", "-o", blocker, "--force")
    assert (folder.exit_code, folder.stderr) == (2, f"Error: cannot write into {blocker}: it is not a folder\n")


def command(*args: str | Path) -> list[str]:
    return [sys.executable, "-c", "from ludoscribe.cli.main import main; main()", *map(str, args)]


@pytest.mark.parametrize("streams", ["both", "stdout"])
def test_a_closed_pipe_stops_the_printing_not_the_site(tmp_path, streams):
    """`site ... 2>&1 | head -0`: the site is built whole, and the status says the pipe was closed."""
    site = tmp_path / "site"
    stderr = subprocess.STDOUT if streams == "both" else subprocess.DEVNULL
    process = subprocess.Popen(command("site", GAME, EVENT, "-o", site), stdout=subprocess.PIPE, stderr=stderr)
    process.stdout.close()  # the reader is gone before the first line
    assert process.wait() == 141
    assert (site / "index.html").is_file() and (site / ".ludoscribe-site").is_file()
    assert len(list((site / "records").glob("*.html"))) == 4


def test_a_closed_pipe_for_the_messages_does_not_stop_an_output_file(tmp_path):
    broken = tmp_path / "broken.tgn"
    broken.write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 2. 7 *\n', encoding="utf-8")
    out = tmp_path / "chosen.tgn"
    process = subprocess.Popen(command("filter", broken, EVENT, "--turns", "1..", "-o", out),
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    process.stderr.close()
    assert process.wait() == 141
    assert out.read_text(encoding="utf-8") == EVENT.read_text(encoding="utf-8")


def test_the_exit_statuses_are_the_ones_the_docs_list():
    from ludoscribe.cli.errors import Status

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = text.split("## Exit status", 1)[1].split("\n## ", 1)[0]
    listed = {int(code) for code in re.findall(r"^\| `(\d+)` \|", section, re.MULTILINE)}
    assert listed == {status.value for status in Status}
    assert {Status.PROBLEMS, Status.USAGE, Status.UNREADABLE, Status.UNWRITABLE} == {1, 2}


def test_dev_stdout_is_the_standard_output_the_shell_opened(tmp_path):
    """`-o /dev/stdout >> log.tgn` adds to the log, as the shell opened it; nothing is replaced."""
    log = tmp_path / "log.tgn"
    log.write_text("kept\n", encoding="utf-8")
    with open(log, "a", encoding="utf-8") as stream:
        done = subprocess.run(command("convert", GAME, "--to", "tgn", "-o", "/dev/stdout"), stdout=stream)
    assert done.returncode == 0
    assert log.read_bytes() == b"kept\n" + on_standard_output(["convert", GAME, "--to", "tgn"])
    assert os.listdir(tmp_path) == ["log.tgn"]


@pytest.mark.parametrize("name", WRITERS)
def test_a_name_ending_with_a_slash_is_not_written_as_a_file(tmp_path, name):
    out = f"{tmp_path / 'new'}/"
    result = run(*WRITERS[name], "-o", out)
    assert result.exit_code == 2
    message = f"cannot write {out}: it names a folder (it ends with /)\n"
    assert result.stderr == (message if name in EACH_SAID else f"Error: {message}")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("name", WRITERS)
def test_an_empty_output_name_is_a_usage_error(tmp_path, name):
    result = run(*WRITERS[name], "-o", "")
    assert result.exit_code == 2
    assert result.stderr.splitlines()[-1] == ("Error: Invalid value for '-o': an empty name is no file's name; "
                                              "- is standard output")


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["filter", "--help"]], ids=" ".join)
def test_help_cut_short_by_its_reader_exits_141(args):
    process = subprocess.Popen(command(*args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    assert process.wait() == 141
    assert process.stderr.read() == b""


@pytest.mark.parametrize("force", [[], ["--force"]], ids=["", "force"])
def test_an_output_link_that_loops_is_reported_without_advising_force(tmp_path, force):
    loop = tmp_path / "loop.tgn"
    loop.symlink_to("loop.tgn")
    result = run("generate", "teblo", "-o", loop, *force)
    assert (result.exit_code, result.stderr) == (2, f"Error: cannot write {loop}: Too many levels of symbolic links\n")
    assert os.listdir(tmp_path) == ["loop.tgn"] and loop.is_symlink()
