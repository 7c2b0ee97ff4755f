"""`ludoscribe event new EVENT_FOLDER --from-trf FILE`: an event paired elsewhere, recorded here from
its FIDE report file (docs/tournaments.md#exchanging-an-event-as-a-report-file)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..notation.events.event_file import EVENT_FILE, EventFileError, parse_event
from ..notation.events.event_trf import Imported, imported
from ..notation.events.round_files import ROUND_FILE, round_file
from ..notation.languages import Words
from ..notation.problems import message_of, sentence_in
from ..notation.recording.scoresheet import Scoresheet, date_problem
from .errors import IOFailure
from .messages import note, reason_of
from .standings import read_report
from .tournament import Refused, change, editing, refused_by


def event_text(report_path: str, game: str, name: str | None, variant: str, said: Words) -> tuple[str, Imported]:
    """The new event file's text and what it holds; Refused (or IOFailure) in one line, nothing written."""
    report = read_report(report_path, said)
    name = name or report.name.strip()
    if not name:
        raise Refused(said.gettext("{path} names no tournament (no 012 line): give its name with --name").format(
            path=report_path))
    edit = editing(said)
    try:
        found = imported(report, game)
    except ValueError as error:
        raise Refused(said.gettext("{path}: {message}").format(path=report_path,
                                                               message=sentence_in(message_of(error), said))) from None
    for date in found.dates:
        if (problem := date_problem(date)) is not None:
            note(said.gettext("note: {path}: its date {date} is left out of {file}: {problem}").format(
                path=report_path, date=repr(date), file=EVENT_FILE, problem=problem))
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
        raise Refused(f"{report_path}: {refused_by(error, said).message}") from None
    return text, found


def import_event(folder: str, report_path: str, game: str, name: str | None, variant: str, said: Words) -> None:
    """Write the event file and a round file per board paired, each with the file's result ('*' for a
    game to record): the round files first, the event file last, nothing if one cannot be written."""
    root = Path(folder)
    text, found = event_text(report_path, game, name, variant, said)
    event = parse_event(text, str(root / EVENT_FILE))
    if root.is_dir() and any(ROUND_FILE.fullmatch(entry) for entry in os.listdir(root)):
        raise Refused(said.gettext("{folder} has round files already: import the report file into a new folder")
                      .format(folder=folder))
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
                raise Refused(said.gettext("round {round}, board {board}: {problem}").format(
                    round=paired.number, board=number, problem=error)) from None
            if (result := found.results[(paired.number, number)]) != "*" and (problem := sheet.finish(result)):
                raise Refused(said.gettext("round {round}, board {board}: {problem}").format(
                    round=paired.number, board=number, problem=problem))
            sheets[round_file(paired.number, number)] = sheet
    written: list[Path] = []
    try:
        root.mkdir(parents=True, exist_ok=True)
        for file_name, sheet in sheets.items():
            sheet.save(str(root / file_name))
            written.append(root / file_name)
        change(folder, text, said)
    except (OSError, IOFailure) as error:
        for path in written:
            path.unlink(missing_ok=True)
        if isinstance(error, IOFailure):
            raise
        raise IOFailure(said.gettext("cannot write in {path}: {reason}").format(
            path=folder, reason=reason_of(error, said))) from None
    for player in event.players:
        if player.withdrawn is not None:
            note(said.gettext("note: {player} has no game from round {round} on: written withdrawn from that "
                              "round (a report file does not say whether they left)").format(
                                  player=player.name, round=player.withdrawn))
    played = sum(result != "*" for result in found.results.values())
    click.echo(said.gettext("{path}: {event}, {game}, {pairing}, {players}, {rounds} paired, {results}, {games} to "
                            "record").format(
        path=root / EVENT_FILE, event=event.name, game=game, pairing=event.pairing,
        players=said.ngettext("{count} player", "{count} players", len(event.players)).format(count=len(event.players)),
        rounds=said.ngettext("{count} round", "{count} rounds", len(event.paired)).format(count=len(event.paired)),
        results=said.ngettext("{count} result", "{count} results", played).format(count=played),
        games=said.ngettext("{count} game", "{count} games", len(sheets) - played).format(count=len(sheets) - played)))

