"""What the tournament commands (`event`, `pair`) share: the event file read, changed and written,
and the event's rounds read from its folder (docs/tournaments.md#the-event-file)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import click

from ..notation.events.event_file import EVENT_FILE, Event, EventFileError, parse_event, read_text
from ..notation.events.folder import EventFolder
from ..notation.events.round_files import EventRounds, event_rounds
from ..notation.files import OutputError, write_text
from .errors import IOFailure, MissingExtra, Status
from .messages import note

EXTRA = "pip install 'ludoscribe[tournament]'"


class Refused(click.ClickException):
    """The event refuses the change or the pairing, and nothing was changed: exit status 1."""

    exit_code = Status.PROBLEMS


def load(folder: str) -> tuple[str, Event]:
    """The event file's text and event; each of its problems said on a line of its own, then Refused."""
    root = Path(folder)
    if not root.is_dir():
        raise IOFailure(f"{folder} is not a folder: give the event's folder")
    try:
        text = read_text(root)
    except OSError as error:
        raise IOFailure(f"cannot read {root / EVENT_FILE}: {error.strerror or error}") from None
    if text is None:
        raise Refused(f"{folder} has no {EVENT_FILE}: make it with ludoscribe event new {folder}")
    return text, checked(text, root)


def checked(text: str, root: Path) -> Event:
    try:
        return parse_event(text, str(root / EVENT_FILE))
    except EventFileError as error:
        for problem in error.problems[:-1]:
            note(problem)
        raise Refused(error.problems[-1]) from None


def editing() -> ModuleType:
    """The module that changes the event file (it needs tomlkit, of the tournament extra)."""
    try:
        from ..notation.events import event_edit
    except ImportError as error:
        raise MissingExtra(f"changing the event file needs the tournament extra ({error.name} is missing): "
                           f"{EXTRA}") from None
    return event_edit


def change(folder: str, text: str) -> None:
    """Write the event file's new text (checked already) in one step: the old one stays whole if it fails."""
    path = Path(folder) / EVENT_FILE
    try:
        write_text(str(path), text)
    except OutputError as error:
        raise IOFailure(f"cannot write {path}: {error.strerror or error}") from None


def rounds_of(folder: str, event: Event) -> tuple[EventFolder, EventRounds]:
    """The event folder's games as they are now, and the event's rounds with their results."""
    games = EventFolder(Path(folder))
    try:
        games.scan()
    except OSError as error:
        raise IOFailure(f"cannot read {folder}: {error.strerror or error}") from None
    return games, event_rounds(event, games.games)


def refused_by(error: EventFileError) -> Refused:
    """The refusal of a change that would make the event file wrong (its first problem)."""
    return Refused(error.problems[0].split(": ", 1)[-1])
