"""`ludoscribe event new EVENT_FOLDER --from-trf FILE`: an event paired elsewhere, recorded here from
its FIDE report file (docs/tournaments.md#exchanging-an-event-as-a-report-file)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..notation.events.event_file import EVENT_FILE, EventFileError, parse_event
from ..notation.events.event_trf import Imported, imported
from ..notation.events.round_files import ROUND_FILE, round_file
from ..notation.recording.scoresheet import Scoresheet, date_problem
from .errors import IOFailure
from .messages import note
from .standings import read_report
from .tournament import Refused, change, editing, refused_by


def event_text(report_path: str, game: str, name: str | None, variant: str) -> tuple[str, Imported]:
    """The new event file's text and what it holds; Refused (or IOFailure) in one line, nothing written."""
    report = read_report(report_path)
    name = name or report.name.strip()
    if not name:
        raise Refused(f"{report_path} names no tournament (no 012 line): give its name with --name")
    edit = editing()
    try:
        found = imported(report, game)
    except ValueError as error:
        raise Refused(f"{report_path}: {error}") from None
    for date in found.dates:
        if (problem := date_problem(date)) is not None:
            note(f"note: {report_path}: its date {date!r} is left out of {EVENT_FILE}: {problem}")
    dates = tuple(date for date in found.dates if date_problem(date) is None)
    try:
        text = edit.new_event(name, game, found.rounds, found.pairing, found.site, dates, variant, found.requested_bye)
        for player in found.players:
            text = edit.add_player(text, player)
            if player.withdrawn is not None:
                text = edit.withdraw(text, player.name, player.withdrawn)
            for round_ in player.byes:
                text = edit.ask_bye(text, player.name, round_)
        for paired in found.paired:
            text = edit.put_round(text, paired)
    except EventFileError as error:
        raise Refused(f"{report_path}: {refused_by(error).message}") from None
    return text, found


def import_event(folder: str, report_path: str, game: str, name: str | None, variant: str) -> None:
    """Write the event file and a round file per board paired, each with the file's result ('*' for a
    game to record): the round files first, the event file last, nothing if one cannot be written."""
    root = Path(folder)
    text, found = event_text(report_path, game, name, variant)
    event = parse_event(text, str(root / EVENT_FILE))
    if root.is_dir() and any(ROUND_FILE.fullmatch(entry) for entry in os.listdir(root)):
        raise Refused(f"{folder} has round files already: import the report file into a new folder")
    first, second = event.sides
    sheets = {}
    for paired in event.paired:
        for number, board in enumerate(paired.boards, start=1):
            if board.forfeit:
                continue
            tags = {"Event": event.name, "Site": event.site, "Date": (event.dates or ("????.??.??",))[0],
                    "Round": str(paired.number), "Board": str(number), first: board.first, second: board.second}
            if variant:
                tags["Variant"] = variant
            try:
                sheet = Scoresheet.new(game, tags)
            except ValueError as error:
                raise Refused(f"round {paired.number}, board {number}: {error}") from None
            if (result := found.results[(paired.number, number)]) != "*" and (problem := sheet.finish(result)):
                raise Refused(f"round {paired.number}, board {number}: {problem}")
            sheets[round_file(paired.number, number)] = sheet
    written: list[Path] = []
    try:
        root.mkdir(parents=True, exist_ok=True)
        for file_name, sheet in sheets.items():
            sheet.save(str(root / file_name))
            written.append(root / file_name)
        change(folder, text)
    except (OSError, IOFailure) as error:
        for path in written:
            path.unlink(missing_ok=True)
        if isinstance(error, IOFailure):
            raise
        raise IOFailure(f"cannot write in {folder}: {error.strerror or error}") from None
    for player in event.players:
        if player.withdrawn is not None:
            note(f"note: {player.name} has no game from round {player.withdrawn} on: written withdrawn from that "
                 "round (a report file does not say whether they left)")
    played = sum(result != "*" for result in found.results.values())
    click.echo(f"{root / EVENT_FILE}: {event.name}, {game}, {event.pairing}, {plural(len(event.players), 'player')}, "
               f"{plural(len(event.paired), 'round')} paired, {plural(played, 'result')}, "
               f"{plural(len(sheets) - played, 'game')} to record")


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"

