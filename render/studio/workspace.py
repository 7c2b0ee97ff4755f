"""The files the studio may open (docs/annotating.md#safety): the record file given, or the TGN and
JSON files of the folder given and its subfolders. Nothing else can be read or written: a file
is named by its place under the folder, and only a name the folder's listing holds is opened."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ...notation.editing.file import EditedFile, create
from ...notation.files import RECORD_SUFFIXES
from .views import record_title


class Unknown(LookupError):
    """A file or a record the workspace does not hold."""


class Workspace:
    """The record files under PATH, each opened once and kept open (with its undo history)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.single = self.path.is_file()
        self.folder = self.path.parent if self.single else self.path
        self.opened: dict[str, EditedFile] = {}
        self.names: list[str] = []
        self.scan()

    def scan(self) -> list[str]:
        """The record files' names (their places under the folder, with "/"), read again from disk."""
        if self.single:
            self.names = [self.path.name]
            return self.names
        found = []
        for folder, subfolders, files in os.walk(self.folder):
            subfolders[:] = sorted(name for name in subfolders if not name.startswith(".")
                                   and not os.path.islink(os.path.join(folder, name)))
            for name in files:
                full = os.path.join(folder, name)
                if name.lower().endswith(RECORD_SUFFIXES) and not name.startswith(".") and not os.path.islink(full):
                    found.append(Path(full).relative_to(self.folder).as_posix())
        self.names = sorted(found)
        return self.names

    def file(self, name: str) -> EditedFile:
        """The open file of that name; Unknown if the folder holds none (read again once to see new files)."""
        if name not in self.opened:
            if name not in self.names and name not in self.scan():
                raise Unknown(f"there is no record file {name[:80]!r} here")
            try:
                self.opened[name] = EditedFile(self.folder / name)
                self.opened[name].label = name
            except OSError as error:
                raise Unknown(f"{name} cannot be read: {error.strerror or error}") from None
        return self.opened[name]

    def listing(self) -> list[dict[str, Any]]:
        """Every record under PATH: its file and place, game, players, event, date, and its first problem."""
        rows = []
        for name in self.scan():
            try:
                opened = self.file(name)
            except Unknown as error:
                rows.append({"file": name, "record": 0, "title": str(error), "game": "", "problem": str(error)})
                continue
            if opened.changed_on_disk() and not opened.done and not opened.undone:
                opened.load()  # nothing edited here to lose: show the file as it is now
            for index, head in enumerate(opened.heads):
                problem = next(iter(head.problems), None)
                rows.append({"file": name, "record": index, "title": record_title(head),
                             "game": head.tags.get("Game", "?"), "event": head.tags.get("Event", "?"),
                             "date": head.tags.get("Date", "?"), "problem": str(problem) if problem else ""})
        return rows

    def new_file(self, name: str, text: str) -> EditedFile:
        """A new TGN file under the folder holding `text`; Unknown if the name is not one it can take."""
        if self.single:
            raise Unknown("a new record goes into the file opened: the studio was given one file")
        parts = name.split("/")
        if (not name.endswith(".tgn") or any(part in ("", ".", "..") or part.startswith(".") for part in parts)
                or "\\" in name or len(name) > 200):
            raise Unknown(f"{name[:80]!r} is not a new file's name: NAME.tgn in the folder, or in a subfolder of it")
        target = self.folder / name
        inside = self.folder.resolve() in (target.parent.resolve(), *target.parent.resolve().parents)
        if not inside or not target.parent.is_dir() or os.path.islink(target.parent):
            raise Unknown(f"there is no folder {str(Path(name).parent)!r} here")
        try:
            create(target, text)
        except OSError as error:
            raise Unknown(f"{name} cannot be made: {error.strerror or error}") from None
        self.scan()
        return self.file(name)
