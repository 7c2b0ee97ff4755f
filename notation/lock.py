"""One `record` session per scoresheet: a lock the system drops when the session ends, however it ends.

The lock is an advisory lock (flock) on a small file beside the scoresheet, `.NAME.lock`:
the scoresheet itself is replaced at every save, so it cannot hold a lock. When the process
ends, normally or killed, the system releases the lock; the file left behind holds only the
last session's process id and locks nothing.

The lock file lives in a folder others may write to, so it is opened without following a
symbolic link and used only if it is a regular file with no other name: a link planted
there can never make a session write into another file (docs/tournaments.md).
"""

from __future__ import annotations

import errno
import fcntl
import os
import stat
from pathlib import Path

# Never follow a final symbolic link, never wait on a FIFO, never take a terminal for ours.
SAFE_OPEN = os.O_NOFOLLOW | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC
KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"),
         (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"))


class Busy(Exception):
    """Another session holds the scoresheet; the message says which."""


def not_regular(path: str | Path) -> str | None:
    """What `path` is when it exists and is not a regular file ('x is a symbolic link, not a
    regular file'), looked at without following a link or opening anything."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:  # not there, or not reachable: opening it says why
        return None
    return _kind_problem(path, mode)


def _kind_problem(path: str | Path, mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    kind = "a symbolic link" if stat.S_ISLNK(mode) else next((name for test, name in KINDS if test(mode)), "not a file")
    return f"{path} is {kind}, not a regular file"


def open_regular(path: str | Path, flags: int, mode: int = 0o644, *, one_name: bool = False) -> int:
    """`os.open` for a regular file only: OSError saying what `path` is when it is a symbolic
    link, a folder, a FIFO, a socket or a device (or, with `one_name`, a file with other names,
    hard links), which are neither followed nor read."""
    problem = not_regular(path)
    if problem is None:
        try:
            fd = os.open(path, flags | SAFE_OPEN, mode)
        except OSError:
            problem = not_regular(path)  # replaced since it was looked at
            if problem is None:
                raise
        else:
            info = os.fstat(fd)
            problem = _kind_problem(path, info.st_mode)
            if problem is None and one_name and info.st_nlink > 1:
                problem = f"{path} has {info.st_nlink - 1} other name(s) (hard links), so writing it would change them"
            if problem is None:
                return fd
            os.close(fd)
    raise OSError(errno.EINVAL, problem, str(path))


class ScoresheetLock:
    """Held from `acquire` until `release` or the end of the process."""

    def __init__(self, path: str) -> None:
        target = Path(path)
        self.path = target.with_name(f".{target.name}.lock")
        self.scoresheet = path
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock; Busy if another session has it, OSError if the lock file cannot be made
        or is not a regular file of its own (see `open_regular`)."""
        fd = open_regular(self.path, os.O_RDWR | os.O_CREAT, 0o644, one_name=True)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip()
            os.close(fd)
            raise Busy(f"{self.scoresheet} is being recorded by another session"
                       + (f" (process {holder})" if holder.isdigit() else "")
                       + ": finish or quit that one first") from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode("ascii"))
        self._fd = fd

    def release(self) -> None:
        """Let another session have the scoresheet (the end of the process does the same)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
