"""What the tournament commands (`event`, `pair`) share: the event file read, changed and written,
and the event's rounds read from its folder (docs/tournaments.md#the-event-file)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any, Callable, TypeVar

import click

from ..notation.events.event_file import EVENT_FILE, Event, EventFileError, parse_event, read_text
from ..notation.events.folder import EventFolder
from ..notation.events.folder import Refused as FolderRefused
from ..notation.events.round_files import EventRounds, event_rounds
from ..notation.files import OutputError, write_text
from ..notation.languages import Words
from ..notation.problems import message_of, sentence_in
from ..notation.worded import Said
from .errors import IOFailure, MissingExtra, Status
from .messages import IN_ENGLISH, cannot_write, note, reason_of

EXTRA = "pip install 'ludoscribe[tournament]'"
T = TypeVar("T")


class Refused(click.ClickException):
    """The event refuses the change or the pairing, and nothing was changed: exit status 1."""

    exit_code = Status.PROBLEMS


def organised(said: Words, folder: str, change_event: Callable[..., T], text: str, event: Event, *args: Any) -> T:
    """An organiser's change or a pairing made by the library (notation/events/organising.py), its refusal
    said as the command's: Refused (exit status 1), the extra missing, or the folder not written."""
    try:
        return change_event(Path(folder), text, event, *args)
    except FolderRefused as error:
        raise Refused(sentence_in(message_of(error), said)) from None
    except ImportError as error:
        raise MissingExtra(sentence_in(message_of(error), said)) from None
    except OSError as error:
        raise IOFailure(cannot_write(said, error.filename or folder, error)) from None


def load(folder: str, said: Words = IN_ENGLISH) -> tuple[str, Event]:
    """The event file's text and event; each of its problems said on a line of its own, then Refused
    (in the language of `said`: the command's own words and the event file's problems, from their codes)."""
    root = Path(folder)
    if not root.is_dir():
        raise IOFailure(said.gettext("{folder} is not a folder: give the event's folder").format(folder=folder))
    try:
        text = read_text(root)
    except OSError as error:
        raise IOFailure(said.gettext("cannot read {path}: {reason}").format(
            path=root / EVENT_FILE, reason=reason_of(error, said))) from None
    if text is None:
        raise Refused(said.gettext("{folder} has no {file}: make it with ludoscribe event new {folder}").format(
            folder=folder, file=EVENT_FILE))
    return text, checked(text, root, said)


def checked(text: str, root: Path, said: Words = IN_ENGLISH) -> Event:
    """The event of the event file's text; its problems said one a line, the last as Refused (in the
    language of `said`)."""
    try:
        return parse_event(text, str(root / EVENT_FILE))
    except EventFileError as error:
        for problem in error.problems[:-1]:
            note(sentence_in(problem, said))
        raise Refused(sentence_in(error.problems[-1], said)) from None


def editing(said: Words = IN_ENGLISH) -> ModuleType:
    """The module that changes the event file (it needs tomlkit, of the tournament extra)."""
    try:
        from ..notation.events import event_edit
    except ImportError as error:
        raise MissingExtra(said.gettext("changing the event file needs the tournament extra ({name} is missing): "
                                        "{install}").format(name=error.name, install=EXTRA)) from None
    return event_edit


def change(folder: str, text: str, said: Words = IN_ENGLISH) -> None:
    """Write the event file's new text (checked already) in one step: the old one stays whole if it fails."""
    path = Path(folder) / EVENT_FILE
    try:
        write_text(str(path), text)
    except OutputError as error:
        raise IOFailure(cannot_write(said, path, error)) from None



def rounds_of(folder: str, event: Event, said: Words = IN_ENGLISH) -> tuple[EventFolder, EventRounds]:
    """The event folder's games as they are now, and the event's rounds with their results."""
    games = EventFolder(Path(folder))
    try:
        games.scan()
    except OSError as error:
        raise IOFailure(said.gettext("cannot read {path}: {reason}").format(
            path=folder, reason=reason_of(error, said))) from None
    return games, event_rounds(event, games.games)


def refused_by(error: EventFileError, said: Words = IN_ENGLISH) -> Refused:
    """The refusal of a change that would make the event file wrong (its first problem, in the language of `said`)."""
    reason = error.reason()
    return Refused(reason.sentence_in(said) if isinstance(reason, Said) else str(reason))
