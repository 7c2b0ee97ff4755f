"""The file `ludoscribe record` writes: any -o a user may type, folders made, a lock that follows
no link, names with control characters shown escaped (docs/cli.md#record, docs/tournaments.md)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.recording import lock as lock_module
from ludoscribe.notation.recording.lock import ScoresheetLock

LUDOSCRIBE = str(Path(sys.executable).with_name("ludoscribe"))
TAGS = "\n" * 7  # Enter at each tag: the defaults
USAGE = "Usage: ludoscribe record [OPTIONS] GAME\nTry 'ludoscribe record --help' for help.\n\n"
RECORD = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 *\n'


def record(out: str, stdin: str = TAGS + "D4\nquit\n", cwd: Path | None = None) -> subprocess.CompletedProcess:
    # a time limit: a scoresheet read from a FIFO would otherwise wait for ever
    return subprocess.run([LUDOSCRIBE, "record", "teblo", "-o", out], capture_output=True, text=True,
                          input=stdin, cwd=cwd, timeout=120)


def test_the_guides_example_makes_its_folders(tmp_path):
    """docs/tournaments.md records into 2026-club/, a folder that does not exist yet."""
    result = record("2026-club/round2-board1.tgn", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout.endswith("saved 2026-club/round2-board1.tgn: 1 turn, unfinished\n")
    assert (tmp_path / "2026-club/round2-board1.tgn").read_text(encoding="utf-8").endswith("\n\n1. D4 *\n")
    nested = record("a/b/c/game.tgn", cwd=tmp_path)
    assert nested.returncode == 0 and (tmp_path / "a/b/c/game.tgn").is_file()


@pytest.mark.parametrize("out, message", [
    ("", "the file name is empty"),
    (".", ". is a folder: name the record's file in it, e.g. ./round1-board1.tgn"),
    ("/", "/ is a folder: name the record's file in it, e.g. /round1-board1.tgn"),
    ("..", ".. is a folder: name the record's file in it, e.g. ../round1-board1.tgn"),
    ("club", "club is a folder: name the record's file in it, e.g. club/round1-board1.tgn"),
    ("new/", "new/ is a folder: name the record's file in it, e.g. new/round1-board1.tgn"),
    ("new/.", "new/. is a folder: name the record's file in it, e.g. new/./round1-board1.tgn"),
    ("-", "'-' (standard output) cannot hold a scoresheet: name its file"),
    ("game.json", "game.json: a scoresheet is written in TGN, so its name cannot end in .json (convert it afterwards)"),
])
def test_an_output_that_cannot_be_a_scoresheet_is_a_usage_error(tmp_path, out, message):
    (tmp_path / "club").mkdir()
    result = record(out, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"{USAGE}Error: Invalid value for '-o' / '--output': {message}\n"
    assert sorted(os.listdir(tmp_path)) == ["club"]  # nothing made, not even a lock


@pytest.mark.parametrize("make, message", [
    (lambda path: path.symlink_to(path.with_name("elsewhere.tgn")), "is a symbolic link, not a regular file"),
    (lambda path: os.mkfifo(path), "is a FIFO, not a regular file"),
])
def test_a_scoresheet_that_is_not_a_regular_file_is_refused(tmp_path, make, message):
    target = tmp_path / "board.tgn"
    (tmp_path / "elsewhere.tgn").write_text(RECORD, encoding="utf-8")
    make(target)
    result = record(str(target))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"Error: cannot resume {target}: {target} {message}\n"
    assert (tmp_path / "elsewhere.tgn").read_text(encoding="utf-8") == RECORD
    assert not (tmp_path / ".board.tgn.lock").exists()  # refused before a lock file is made beside it


def test_a_device_is_not_a_scoresheet():
    result = record("/dev/null")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == "Error: cannot resume /dev/null: /dev/null is a device, not a regular file\n"
    assert not os.path.lexists("/dev/.null.lock")
    said = subprocess.run([LUDOSCRIBE, "record", "teblo", "-o", "/dev/null", "--lang", "fr"], capture_output=True,
                          text=True, input="", timeout=120)  # from its code (FileProblem), in the command's language
    assert (said.returncode, said.stderr) == (
        2, "Error: impossible de reprendre /dev/null\u00a0: /dev/null est un périphérique, pas un fichier ordinaire\n")


def test_a_path_under_a_file_is_an_io_error(tmp_path):
    (tmp_path / "notes").write_text("mine\n", encoding="utf-8")
    for out in ("notes/game.tgn", "notes/sub/game.tgn"):
        result = record(out, cwd=tmp_path)
        assert (result.returncode, result.stdout) == (2, "")
        assert result.stderr == f"Error: cannot write {out}: notes is not a folder\n"
    assert (tmp_path / "notes").read_text(encoding="utf-8") == "mine\n"


def test_an_unwritable_folder_is_an_io_error(tmp_path, monkeypatch):
    """As chmod 555 does for anyone but root (the tests may run as root): the lock cannot be made."""
    real_open = os.open

    def denied(path, flags, *args, **kwargs):
        if str(path).startswith(str(tmp_path / "locked")) and flags & os.O_CREAT:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    (tmp_path / "locked").mkdir()
    monkeypatch.setattr(lock_module.os, "open", denied)
    target = tmp_path / "locked" / "game.tgn"
    result = CliRunner().invoke(cli, ["record", "teblo", "-o", str(target)], input=TAGS)
    assert result.exit_code == 2
    assert result.stderr == f"Error: cannot write {target}: Permission denied\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes in a chmod 555 folder; the case is simulated above")
def test_a_chmod_555_folder_is_an_io_error(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        result = record(str(locked / "game.tgn"))
    finally:
        locked.chmod(0o755)
    assert result.returncode == 2
    assert result.stderr == f"Error: cannot write {locked / 'game.tgn'}: Permission denied\n"


def test_control_characters_of_a_file_name_are_shown_escaped(tmp_path):
    name = "board\x1b]0;owned\x07.tgn"
    shown = "board\\x1b]0;owned\\x07.tgn"
    result = record(name, cwd=tmp_path)
    assert result.returncode == 0
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert f"Teblo to {shown}: 0 turns so far." in result.stdout
    assert result.stdout.endswith(f"saved {shown}: 1 turn, unfinished\n")
    again = record(name, stdin="quit\n", cwd=tmp_path)
    assert again.stdout.startswith(f"Resuming {shown}.\n")
    staku = subprocess.run([LUDOSCRIBE, "record", "staku", "-o", name], capture_output=True, text=True, input="",
                           cwd=tmp_path)
    assert (staku.returncode, staku.stderr) == (1, f"Error: {shown} records a Teblo game, not staku\n")
    (tmp_path / "bad\x1b[2J.tgn").write_text("not a record\n", encoding="utf-8")
    bad = record("bad\x1b[2J.tgn", cwd=tmp_path)
    assert bad.returncode == 1 and bad.stderr.startswith("Error: cannot resume bad\\x1b[2J.tgn: bad\\x1b[2J.tgn ")
    usage = record("folder\x1b[31m/", cwd=tmp_path)
    assert usage.returncode == 2 and "folder\\x1b[31m/ is a folder" in usage.stderr and "\x1b" not in usage.stderr


# --- the lock (docs/tournaments.md#one-session-per-file) -------------------------------------------------------

def test_a_lock_planted_as_a_symbolic_link_writes_nothing_through_it(tmp_path):
    victim = tmp_path / "precious.txt"
    victim.write_text("keep me\n", encoding="utf-8")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / ".board.tgn.lock").symlink_to(victim)
    result = record(str(shared / "board.tgn"))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (f"Error: cannot write {shared / 'board.tgn'}: {shared / '.board.tgn.lock'} "
                             "is a symbolic link, not a regular file\n")
    assert victim.read_text(encoding="utf-8") == "keep me\n"
    assert not (shared / "board.tgn").exists()


def test_a_dangling_link_is_not_created_through(tmp_path):
    (tmp_path / ".board.tgn.lock").symlink_to(tmp_path / "made-by-the-link")
    with pytest.raises(OSError, match="is a symbolic link, not a regular file"):
        ScoresheetLock(str(tmp_path / "board.tgn")).acquire()
    assert not (tmp_path / "made-by-the-link").exists()


@pytest.mark.parametrize("make, kind", [
    (lambda path: path.mkdir(), "is a folder, not a regular file"),
    (lambda path: os.mkfifo(path), "is a FIFO, not a regular file"),
    (lambda path: os.link(path.with_name("other.txt"), path), "has 1 other name(s) (hard links)"),
])
def test_a_lock_that_is_not_a_regular_file_of_its_own_is_refused(tmp_path, make, kind):
    (tmp_path / "other.txt").write_text("keep me\n", encoding="utf-8")
    lock_path = tmp_path / ".board.tgn.lock"
    make(lock_path)
    with pytest.raises(OSError) as raised:
        ScoresheetLock(str(tmp_path / "board.tgn")).acquire()
    assert raised.value.strerror.startswith(f"{lock_path} {kind}")
    assert (tmp_path / "other.txt").read_text(encoding="utf-8") == "keep me\n"


def test_a_regular_lock_file_left_behind_is_taken_again(tmp_path):
    (tmp_path / ".board.tgn.lock").write_text("12345", encoding="utf-8")
    lock = ScoresheetLock(str(tmp_path / "board.tgn"))
    lock.acquire()
    assert (tmp_path / ".board.tgn.lock").read_text(encoding="ascii") == str(os.getpid())
    lock.release()
