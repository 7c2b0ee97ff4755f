"""Odd entries in a source folder (docs/cli.md#files): a symbolic link that loops or leads
nowhere, a named pipe or a socket with a record's name, a folder that cannot be listed. Each
is one input that cannot be read, reported on its own line; the other records are read, and
every command that searches folders goes on (exit status 2), none stops or waits."""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive import sources as sources_module

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
GAME = CORPUS / "teblo" / "open-day-2024-kalf-vos.tgn"


def run(*args: str | Path):
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


def make_loop(folder: Path) -> tuple[Path, str]:
    link = folder / "self.tgn"
    link.symlink_to("self.tgn")
    return link, "Too many levels of symbolic links"


def make_dangling(folder: Path) -> tuple[Path, str]:
    link = folder / "gone.tgn"
    link.symlink_to(folder / "moved-away.tgn")
    return link, "a symbolic link to nothing (No such file or directory)"


def make_fifo(folder: Path) -> tuple[Path, str]:
    fifo = folder / "wait.tgn"
    os.mkfifo(fifo)
    return fifo, "not a regular file (a named pipe), not read"


def make_socket(folder: Path) -> tuple[Path, str]:
    path = folder / "talk.json"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()
    return path, "not a regular file (a socket), not read"


def make_loop_to_a_folder(folder: Path) -> tuple[Path, str]:
    link = folder / "sub" / "up.tgn"
    link.parent.mkdir()
    link.symlink_to("../sub/up.tgn")
    return link, "Too many levels of symbolic links"


ODD = {"loop": make_loop, "dangling": make_dangling, "fifo": make_fifo, "socket": make_socket,
       "nested-loop": make_loop_to_a_folder}

# Every command that searches folders: what it prints on standard error besides the odd entry,
# and a part of what it prints on standard output from the one good record.
COMMANDS = {
    "check": (["check"], "checked 1 record in 1 file: 1 valid; 1 input not read\n", ""),
    "filter": (["filter"], "", '[Yellow "Ruben Kalf"]'),
    "filter-turns": (["filter", "--turns", "1.."], "", '[Yellow "Ruben Kalf"]'),
    "filter-jobs": (["filter", "--position", "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1", "--jobs", "2"], "",
                    '[Yellow "Ruben Kalf"]'),
    "stats": (["stats"], "", "Teblo: 1 record\n"),
    "stats-jobs": (["stats", "--jobs", "2"], "", "Teblo: 1 record\n"),
    "standings": (["standings"], "", "Ruben Kalf"),
}


@pytest.fixture
def archive(tmp_path) -> Path:
    folder = tmp_path / "archive"
    folder.mkdir()
    shutil.copy(GAME, folder / "game.tgn")
    return folder


# Issue 22, point 16: an odd entry is one input not read, never an internal error

@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize("name", COMMANDS)
def test_an_odd_entry_is_one_input_not_read(archive, odd, name):
    path, message = ODD[odd](archive)
    arguments, summary, output = COMMANDS[name]
    result = run(arguments[0], archive, *arguments[1:])
    assert result.exit_code == 2
    assert result.stderr == f"{path}: {message}\n{summary}"
    assert output in result.stdout and (output or result.stdout == "")


@pytest.mark.parametrize("odd", ODD)
def test_diagram_draws_the_others(archive, tmp_path, odd):
    path, message = ODD[odd](archive)
    result = run("diagram", archive, "-o", tmp_path / "out")
    assert (result.exit_code, result.stderr) == (2, f"{path}: {message}\n")
    assert os.listdir(tmp_path / "out") == ["game.svg"]


@pytest.mark.parametrize("odd", ["loop", "fifo"])
def test_site_publishes_the_others(archive, tmp_path, odd):
    path, message = ODD[odd](archive)
    result = run("site", archive, "-o", tmp_path / "site", "--quiet")
    assert (result.exit_code, result.stderr) == (2, f"{path}: {message}\n")
    assert len(list((tmp_path / "site" / "records").glob("*.html"))) == 1


def test_a_named_pipe_given_by_name_is_read(tmp_path):
    """Only a pipe found in a folder is passed over: one named on the command line (as a shell's
    <(...) names one) is what the user wants read."""
    fifo = tmp_path / "in.tgn"
    os.mkfifo(fifo)
    pid = os.fork()
    if pid == 0:  # the writer at the other end
        try:
            with open(fifo, "wb") as stream:
                stream.write(GAME.read_bytes())
        finally:
            os._exit(0)
    result = run("check", fifo)
    os.waitpid(pid, 0)
    assert (result.exit_code, result.stderr) == (0, "checked 1 record in 1 file: 1 valid\n")


def test_a_folder_that_cannot_be_listed_inside_an_archive_is_one_input(archive, monkeypatch):
    locked = archive / "locked"
    locked.mkdir()
    shutil.copy(GAME, locked / "hidden.tgn")
    scandir = os.scandir

    def refused(path=".", *args):
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return scandir(path, *args)

    monkeypatch.setattr(sources_module.os, "scandir", refused)
    for arguments, summary, _ in COMMANDS.values():
        if "--jobs" in arguments:
            continue  # the workers do not list folders
        result = run(arguments[0], archive, *arguments[1:])
        assert result.exit_code == 2
        assert result.stderr == f"{locked}: cannot list this folder: Permission denied\n{summary}"
