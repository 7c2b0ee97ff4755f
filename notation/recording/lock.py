"""One `record` session per scoresheet: a lock the system drops when the session ends, however it ends.

The lock is an advisory lock on a small file beside the scoresheet, `.NAME.lock` (flock on
POSIX systems, a locked byte on Windows): the scoresheet itself is replaced at every save,
so it cannot hold a lock. When the process ends, normally or killed, the system releases
the lock; the file left behind holds only the last session's process id and locks nothing.

The lock file lives in a folder others may write to, so it is opened without following a
symbolic link and used only if it is a regular file with no other name: a link planted
there can never make a session write into another file (docs/tournaments.md).

This is the one module that locks: nothing else imports `fcntl`, so the package imports
on every system.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

from ..files import open_regular

if sys.platform == "win32":
    import msvcrt

    FAR = 1 << 30  # the byte locked: past anything the lock file holds, so its process id stays readable

    def hold(fd: int) -> None:
        """Lock an open file for this process; BlockingIOError if another process holds it."""
        os.lseek(fd, FAR, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            raise BlockingIOError(errno.EAGAIN, "locked by another process") from None
        finally:
            os.lseek(fd, 0, os.SEEK_SET)
else:
    import fcntl

    def hold(fd: int) -> None:
        """Lock an open file (or folder) for this process; BlockingIOError if another process holds it."""
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


class Busy(Exception):
    """Another session holds the scoresheet; the message says which."""


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
            hold(fd)
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
