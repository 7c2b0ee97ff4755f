"""One `record` session per scoresheet: a lock the system drops when the session ends, however it ends.

The lock is an advisory lock (flock) on a small file beside the scoresheet, `.NAME.lock`:
the scoresheet itself is replaced at every save, so it cannot hold a lock. When the process
ends, normally or killed, the system releases the lock; the file left behind holds only the
last session's process id and locks nothing.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path


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
        """Take the lock; Busy if another session has it, OSError if the lock file cannot be made."""
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
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
