"""`ludoscribe standings`: the crosstable and standings of each event (docs/cli.md#standings)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

import click

from ..notation import check as check_record
from ..notation.archive.duplicates import SeenGames, tgn_first
from ..notation.files import open_regular
from ..notation.languages import Words, words
from ..notation.problems import message_of, sentence_in
from ..notation.limits import MAX_RECORD
from ..notation.model import Record
from ..notation.events import final_ranking, trf as report_file
from ..notation.events.event_file import EVENT_FILE
from ..notation.events.rounds import Rounds
from ..notation.events.standings import Scoring, by_event
from ..notation.events.tiebreaks import DEFAULT_ORDER, Ranking, TieBreakError, parse_order, rank
from ..render import crosstable
from ..render.standings import to_csv, to_html, to_markdown, to_text
from .errors import BadUsage, IOFailure, Status, exit_status
from .inputs import read_sources
from .messages import note, reason_of, report
from .options import force_option, language_option, output_option
from .outputs import write


def _points(given: str | None, said: Words) -> Scoring | None:
    """--points WIN,DRAW,LOSS, read by Scoring.parse: a bad one is a usage error in its words, said in the
    command's language."""
    try:
        return None if given is None else Scoring.parse(given)
    except ValueError as error:
        raise click.BadParameter(sentence_in(message_of(error), said), click.get_current_context(),
                                 param_hint="--points") from None


def _order(given: str | None, said: Words) -> tuple[str, ...] | None:
    """--tie-breaks BH-C1,SB,DE, read by parse_order: an unknown name is a usage error naming it."""
    try:
        return None if given is None else parse_order(given)
    except TieBreakError as error:
        raise click.BadParameter(sentence_in(message_of(error), said), click.get_current_context(),
                                 param_hint="--tie-breaks") from None


RENDERERS = {"text": crosstable.to_text, "markdown": crosstable.to_markdown, "html": crosstable.to_html,
             "json": crosstable.to_json, "csv": crosstable.to_csv}
WORDED = ("text", "markdown", "html")  # the formats in a language: JSON and CSV are data


def _rendered(form: str, event: str, ranking: Ranking, language: str) -> str:
    if form in WORDED:
        return {"text": crosstable.to_text, "markdown": crosstable.to_markdown, "html": crosstable.to_html}[form](
            event, ranking, words(language))
    return RENDERERS[form](event, ranking)


def event_ranking(event: str, rounds: Rounds, order: tuple[str, ...], form: str, round_robin: bool = False,
                  language: str = "en") -> str:
    """The final ranking and crosstable of an event's rounds in a format (docs/tournaments.md#crosstable-and-final-ranking)."""
    return _rendered(form, event, rank(rounds, order, round_robin), language)


def event_folder_ranking(folder: str, order: tuple[str, ...] | None, form: str, language: str = "en") -> tuple[str, bool]:
    """The ranking of an event run from its event file: its rounds with the results of the round
    files, by the tie-breaks of --tie-breaks, else of the file, else the default ones
    (docs/tournaments.md#standings-of-an-event-file), and whether a round file had a problem
    (each said on a line of its own, its result left out: exit status 1)."""
    from .tournament import load, rounds_of  # the event folder locks its files: fcntl, not needed for records

    said = words(language)
    _, event = load(folder, said)
    _, state = rounds_of(folder, event, said)
    for problem in state.problems:
        note(sentence_in(problem, said))
    try:
        ranking = final_ranking.event_ranking(event, state.rounds, order)
    except TieBreakError as error:
        raise BadUsage(said.gettext("{path}: tie_breaks: {problem}").format(
            path=f"{folder}/{EVENT_FILE}", problem=sentence_in(message_of(error), said))) from None
    return _rendered(form, event.name, ranking, language), bool(state.problems)


def read_report(path: str, said: Words) -> report_file.Report:
    """A FIDE report file (UTF-8 text); IOFailure in one line, in the language of `said`, if it cannot be
    read or is not one."""
    try:
        fd = open_regular(path, 0)
        with open(fd, "rb") as stream:
            data = stream.read(MAX_RECORD + 1)
    except OSError as error:
        raise IOFailure(said.gettext("cannot read {path}: {reason}").format(path=path, reason=reason_of(error, said))) \
            from None
    if len(data) > MAX_RECORD:
        raise IOFailure(said.gettext("{path}: over {limit} bytes, more than a report file of any tournament").format(
            path=path, limit=MAX_RECORD))
    try:
        return report_file.read(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise IOFailure(said.gettext("{path}: byte {at} is not UTF-8: save the file as UTF-8 text").format(
            path=path, at=error.start + 1)) from None
    except report_file.TrfError as error:
        raise IOFailure(said.gettext("{path}: {message}").format(path=path, message=sentence_in(message_of(error), said))) \
            from None


@click.command()
@click.argument("paths", nargs=-1, metavar="FILE_OR_DIR...")
@click.option("--format", "form", type=click.Choice(["text", "markdown", "html", "csv", "json"]), default="text",
              show_default=True, help="Output format (json: with --trf or an event folder only).")
@click.option("--points", "points",
              help="WIN,DRAW,LOSS points for every game, e.g. 1,0.5,0 (default: each game's "
                   "competition scoring, Teblo 3,1,0, the others 1,0.5,0).")
@click.option("--trf", "trf", metavar="FILE",
              help="Rank the tournament of a FIDE report file (TRF-16) instead of records.")
@click.option("--tie-breaks", "tie_breaks", metavar="NAMES",
              help="With --trf or an event folder: the tie-breaks after points, in order, by their FIDE names "
                   f"(default {','.join(DEFAULT_ORDER)}).")
@output_option
@force_option
@language_option
def standings(paths: tuple[str, ...], form: str, points: str | None, trf: str | None,
              tie_breaks: str | None, out: str, force: bool, language: str) -> None:
    """Crosstable and standings of each event (Event tag) of the records.

    Players are the names in the side tags, as written. Ranking: points, then
    Sonneborn-Berger (points scored in each game times the opponent's points),
    then direct encounter (points among the players still tied), then wins.
    Unfinished games (*) are not counted. Records with problems are reported as by
    check and left out (exit status 1). The same game read twice (same tags and
    turns, e.g. game.tgn and its copy game.json) is counted once, the TGN record
    rather than its JSON copy, with a note.

    Given an event's folder with its event file (ludoscribe event new), the final
    ranking of its rounds instead, with the results of its round files, by the
    tie-breaks of --tie-breaks or of the event file, in a crosstable by round.

    With --trf FILE, the final ranking of a FIDE report file instead: its rounds
    ranked by points, then by the tie-breaks of --tie-breaks (BH, BH-C1, BH-C2,
    BH-M1, BH-M2, SB, DE, WIN, WON, PS, ARO), in a crosstable by round.

    \b
    Examples:
      ludoscribe standings club/2026
      ludoscribe standings spring --tie-breaks BH-C1,SB
      ludoscribe standings round*.tgn --format html -o standings.html
      ludoscribe standings event.tgn --points 2,1,0 --format csv
      ludoscribe standings --trf open.trf --tie-breaks BH-C1,BH,SB --format csv
      ludoscribe standings club/2026 --lang fr --format html -o classement.html
    """
    said = words(language)
    scoring, order = _points(points, said), _order(tie_breaks, said)
    if trf is not None:
        if paths or scoring is not None:
            raise BadUsage(said.gettext("--trf ranks the report file alone: records cannot be given with it (its XXS "
                                         "line gives its scoring)") if paths else
                            said.gettext("--trf ranks the report file alone: --points cannot be given with it (its XXS "
                                         "line gives its scoring)"))
        tournament = read_report(trf, said)
        text = event_ranking(tournament.name or Path(trf).stem, tournament.rounds, order or DEFAULT_ORDER, form,
                             tournament.round_robin, language)
        write(out, text, force)
        sys.exit(Status.OK)
    if not paths:
        raise click.UsageError(said.gettext("Missing argument 'FILE_OR_DIR...' (or --trf FILE)."))
    if len(paths) == 1 and (Path(paths[0]) / EVENT_FILE).is_file():
        if scoring is not None:
            raise BadUsage(said.gettext("--points: {folder} is scored by its {file} (its points, else the game's)").format(
                folder=paths[0], file=EVENT_FILE))
        text, problems = event_folder_ranking(paths[0], order, form, language)
        write(out, text, force)
        sys.exit(Status.PROBLEMS if problems else Status.OK)
    if order is not None or form == "json":
        raise BadUsage(said.gettext("{option} needs the rounds of a tournament (--trf FILE, or an event folder with its "
                                    "event file): records alone are ranked by points, SB, DE and wins").format(
                                        option="--tie-breaks" if order is not None else "--format json"))
    failed, seen = False, SeenGames()
    sources = read_sources(paths, words=said)

    def valid() -> Iterator[Record]:
        """The records to count, one at a time: the table keeps only each game's players and result."""
        nonlocal failed
        for path, index, record in tgn_first(sources):
            check_record(record)
            if record.problems:
                failed = True
                report(path, index, record, said)
            elif (first := seen.copy_of(path, index, record)) is not None:
                note(sentence_in(seen.note(path, index, first, "counted"), said))
            else:
                yield record

    events = by_event(valid(), scoring)
    if form == "csv":
        text = to_csv(events)
    else:
        render = {"text": to_text, "markdown": to_markdown, "html": to_html}[form]
        # the tables' words in the language of `said`; CSV and JSON are data, their headings as they are
        text = "\n".join(render(event, table, said) for event, table in events.items())
    write(out, text, force)
    sys.exit(exit_status(sources, failed))
