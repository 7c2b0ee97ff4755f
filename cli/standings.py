"""`ludoscribe standings`: the crosstable and standings of each event (docs/cli.md#standings)."""

from __future__ import annotations

import sys
from typing import Any, Iterator

import click

from ..notation import check as check_record
from ..notation.archive.duplicates import SeenGames, tgn_first
from ..notation.model import Record
from ..notation.events.standings import Scoring, by_event
from ..render.standings import to_csv, to_html, to_markdown, to_text
from .errors import exit_status
from .inputs import read_sources
from .messages import note, report
from .options import force_option, output_option
from .outputs import write


class PointsType(click.ParamType[Scoring]):
    """--points WIN,DRAW,LOSS, read by Scoring.parse: a bad one is a usage error in its words."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Scoring:
        if isinstance(value, Scoring):
            return value
        try:
            return Scoring.parse(value)
        except ValueError as error:
            raise click.BadParameter(str(error), ctx, param, param_hint="--points") from None


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--format", "form", type=click.Choice(["text", "markdown", "html", "csv"]), default="text",
              show_default=True, help="Output format.")
@click.option("--points", "scoring", type=PointsType(),
              help="WIN,DRAW,LOSS points for every game, e.g. 1,0.5,0 (default: each game's "
                   "competition scoring, Teblo 3,1,0, the others 1,0.5,0).")
@output_option
@force_option
def standings(paths: tuple[str, ...], form: str, scoring: Scoring | None, out: str, force: bool) -> None:
    """Crosstable and standings of each event (Event tag) of the records.

    Players are the names in the side tags, as written. Ranking: points, then
    Sonneborn-Berger (points scored in each game times the opponent's points),
    then direct encounter (points among the players still tied), then wins.
    Unfinished games (*) are not counted. Records with problems are reported as by
    check and left out (exit status 1). The same game read twice (same tags and
    turns, e.g. game.tgn and its copy game.json) is counted once, the TGN record
    rather than its JSON copy, with a note.

    \b
    Examples:
      ludoscribe standings club/2026
      ludoscribe standings round*.tgn --format html -o standings.html
      ludoscribe standings event.tgn --points 2,1,0 --format csv
    """
    failed, seen = False, SeenGames()
    sources = read_sources(paths)

    def valid() -> Iterator[Record]:
        """The records to count, one at a time: the table keeps only each game's players and result."""
        nonlocal failed
        for path, index, record in tgn_first(sources):
            check_record(record)
            if record.problems:
                failed = True
                report(path, index, record)
            elif (first := seen.copy_of(path, index, record)) is not None:
                note(seen.note(path, index, first, "counted"))
            else:
                yield record

    events = by_event(valid(), scoring)
    if form == "csv":
        text = to_csv(events)
    else:
        render = {"text": to_text, "markdown": to_markdown, "html": to_html}[form]
        text = "\n".join(render(event, table) for event, table in events.items())
    write(out, text, force)
    sys.exit(exit_status(sources, failed))
