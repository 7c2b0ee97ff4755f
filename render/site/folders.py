"""The folders a site build writes (the site, a kept mkdocs project): each is built beside its
place and swapped in whole, and no file Ludoscribe did not write is ever deleted
(docs/cli.md#site).

A folder written by a build holds a mark file, its manifest: every file the build wrote,
with its SHA-256 (the format of `sha256sum`, so `sha256sum -c` checks it). Whether a file
may be replaced is decided file by file from that list: a file it does not list, or whose
content changed since, is the user's.

A build writes its folder as `.NAME.ludoscribe-new` beside it, and only when every file is
written and listed does the swap start: the entries at the top of the folder that the last
build did not write (`.git`, `CNAME`, a site kept inside a project) move into the new
folder, the folder is renamed `.NAME.ludoscribe-old`, the new one takes its name, and the
old one is deleted. A build stopped anywhere, even killed, is finished or undone by the
next one (`Place.recover`): before the two renames the new folder is dropped and the
entries moved into it go back; after the first one the new folder, complete, takes its
place.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import shutil
import stat
from pathlib import Path
from typing import Iterator

from ...notation.files import write_text
from ...notation.recording.lock import hold

HEADER = "# {what} written by ludoscribe: the files it wrote and their SHA-256; a new build replaces these only\n"
BUILDING = "# {what} being written by ludoscribe: not finished\n"  # the mark of a folder being built
CHUNK = 1 << 20
BESIDE = re.compile(r"\..+\.ludoscribe-(?:new|old)", re.DOTALL)  # the names of Place.new and Place.old


class SiteError(Exception):
    """The site cannot be built here (a folder in the way, mkdocs refusing)."""


class Place:
    """A folder a build writes: where it is, the name of its mark, what it holds ('site',
    'mkdocs project'), and the two folders beside it while a build swaps it.

    folder: as the user gave it (shown in messages); the work is done on its absolute path,
    its last link followed (a site kept behind a link is rebuilt where the link leads)."""

    def __init__(self, folder: str | Path, mark: str, what: str) -> None:
        self.shown = Path(folder)
        path = os.path.abspath(folder)
        self.path = Path(os.path.realpath(path) if os.path.islink(path) else path)
        self.mark, self.what = mark, what
        self.new = self.path.parent / f".{self.path.name}.ludoscribe-new"
        self.old = self.path.parent / f".{self.path.name}.ludoscribe-old"
        self.listed: dict[str, str] = {}  # the last build's files, by path relative to the folder

    def __str__(self) -> str:
        return str(self.shown)

    # --- before a build ---------------------------------------------------------------
    def recover(self) -> None:
        """Finish or undo a swap that a stopped build left halfway (see the module's docstring)."""
        if os.path.lexists(self.old):
            if not os.path.lexists(self.path):
                sealed = _manifest(self.new / self.mark, self.what) is not None
                os.rename(self.new if sealed else self.old, self.path)
            if os.path.lexists(self.old):
                shutil.rmtree(self.old)
        if os.path.lexists(self.new):
            listed = _manifest(self.new / self.mark, self.what)
            if listed is not None:  # sealed: entries may have moved in from the folder; they go back
                tops = _tops(listed)
                for entry in sorted(self.new.iterdir()):
                    if entry.name == self.mark or entry.name in tops:
                        continue
                    if os.path.lexists(self.path / entry.name):
                        raise SiteError(f"{self.new} holds {entry.name}, moved out of {self} by a build that was "
                                        f"stopped, and {self} has one too: keep the one you want, delete {self.new}")
                    os.rename(entry, self.path / entry.name)
            shutil.rmtree(self.new)

    def check(self) -> None:
        """SiteError unless the folder is missing, empty, or written by a build of this kind whose
        files are all as it wrote them (checked before a build, and again before the swap)."""
        if os.path.lexists(self.path) and not self.path.is_dir():
            raise SiteError(f"{self} is not a folder")
        if not self.path.is_dir() or not _entries(self.path):
            self.listed = {}
            return
        mark = self.path / self.mark
        if not os.path.lexists(mark):
            raise SiteError(f"{self} is not empty and holds no {self.what} built by ludoscribe: choose an empty folder")
        listed = _manifest(mark, self.what)
        if listed is None:
            raise SiteError(f"{self.shown / self.mark} does not list the files ludoscribe wrote and their content "
                            f"(it is damaged, or older than this version): a new build cannot tell them from "
                            f"yours; move what you want to keep out of {self} and delete it, or choose another folder")
        self.listed = listed
        tops = _tops(listed)
        for entry in _entries(self.path):
            if entry.name == self.mark or entry.name not in tops:
                continue  # not written by the last build: left where it is
            for path in _files(entry):
                name = path.relative_to(self.path).as_posix()
                if name not in listed:
                    raise SiteError(f"{self.shown / name} was not written by ludoscribe: a new build would delete "
                                    f"it; move it out of {self}, or choose another folder")
                if _digest(path) != listed[name]:
                    raise SiteError(f"{self.shown / name} was changed since ludoscribe wrote it: a new build would "
                                    f"replace it; move it out of {self}, or choose another folder")

    def start(self) -> Path:
        """A new, empty folder beside this one to build into, marked as being built (so that
        no command reads it as records)."""
        self.new.parent.mkdir(parents=True, exist_ok=True)
        self.new.mkdir()
        write_text(str(self.new / self.mark), BUILDING.format(what=self.what))
        return self.new

    # --- after a build --------------------------------------------------------------------
    def seal(self) -> tuple[int, int]:
        """List every file of the new folder in its mark, and check the folder again (the build took
        time); the number and bytes of the files written."""
        files = [path for path in _files(self.new) if path.name != self.mark or path.parent != self.new]
        lines = [f"{_digest(path)}  {path.relative_to(self.new).as_posix()}\n" for path in files]
        write_text(str(self.new / self.mark), HEADER.format(what=self.what) + "".join(lines))
        self.check()
        kept = self._kept()
        for entry in kept:
            if os.path.lexists(self.new / entry.name):
                raise SiteError(f"{self.shown / entry.name} was not written by ludoscribe, and the new build writes "
                                f"{entry.name}: move it out of {self}, or choose another folder")
        return len(files), sum(path.stat().st_size for path in files)

    def swap(self) -> None:
        """Put the sealed new folder in this one's place, with the entries the last build did not write."""
        for entry in self._kept():
            os.rename(entry, self.new / entry.name)
        if os.path.lexists(self.path):
            os.rename(self.path, self.old)
        os.rename(self.new, self.path)
        if os.path.lexists(self.old):
            shutil.rmtree(self.old)

    def _kept(self) -> list[Path]:
        """The entries at the top of the folder that the last build did not write (the folders
        beside a folder inside this one too: a build's own are gone by the time of the swap)."""
        if not self.path.is_dir():
            return []
        tops = _tops(self.listed)
        return [entry for entry in sorted(self.path.iterdir()) if entry.name != self.mark and entry.name not in tops]


@contextlib.contextmanager
def locked(places: list[Place]) -> Iterator[None]:
    """Hold the folders around `places` for one build at a time (a lock the system drops when
    the process ends, however it ends)."""
    folders: dict[tuple[int, int], int] = {}
    try:
        for place in places:
            place.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(place.path.parent, os.O_RDONLY)
            status = os.fstat(fd)
            if (status.st_dev, status.st_ino) in folders:
                os.close(fd)
                continue
            folders[status.st_dev, status.st_ino] = fd
            try:
                hold(fd)
            except BlockingIOError:
                raise SiteError(f"another ludoscribe build is writing into {place.shown.parent}: "
                                "wait for it to finish") from None
        yield
    finally:
        for fd in folders.values():
            os.close(fd)


def _entries(folder: Path) -> list[Path]:
    """The entries of a folder, sorted, but for the new and old folders of a folder inside it
    (a site inside a project, built at the same time): they never stop a build."""
    return [entry for entry in sorted(folder.iterdir()) if not BESIDE.fullmatch(entry.name)]


def _manifest(mark: Path, what: str) -> dict[str, str] | None:
    """The files a finished build's mark lists, with their SHA-256; None if it is not one."""
    try:
        lines = mark.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    if not lines or lines[0] != HEADER.format(what=what).rstrip("\n"):
        return None
    listed: dict[str, str] = {}
    for line in lines[1:]:
        digest, _, name = line.partition("  ")
        if len(digest) != 64 or not name:
            return None
        listed[name] = digest
    return listed


def _tops(listed: dict[str, str]) -> set[str]:
    """The entries at the top of a folder that a manifest's files are in."""
    return {name.split("/", 1)[0] for name in listed}


def _files(entry: Path) -> Iterator[Path]:
    """`entry` if it is not a folder, else everything under it that is not a folder (links are
    not followed: a link is one entry), in sorted order."""
    if entry.is_symlink() or not entry.is_dir():
        yield entry
        return
    for child in sorted(entry.iterdir()):
        yield from _files(child)


def _digest(path: Path) -> str | None:
    """The SHA-256 of a regular file, None for anything else (a link, a pipe)."""
    if not stat.S_ISREG(os.lstat(path).st_mode):
        return None
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        while block := stream.read(CHUNK):
            digest.update(block)
    return digest.hexdigest()
