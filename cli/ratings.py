"""`ludoscribe ratings`: Glicko-2 ratings per player and game across events (docs/ratings.md)."""

from __future__ import annotations

import sys
from typing import cast

import click

from ..notation.archive.duplicates import tgn_first
from ..notation.archive.ratings import PERIODS, Period, rate, rated_games
from ..notation.languages import words
from ..notation.problems import sentence_in
from ..notation.model import Record
from ..render.ratings import FORMATS
from .errors import exit_status
from .inputs import read_sources
from .messages import note, report
from .options import force_option, language_option, output_option
from .outputs import write


@click.command("ratings")
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--format", "form", type=click.Choice(list(FORMATS)), default="text", show_default=True)
@click.option("--game", "game", metavar="NAME",
              help="Rate only this game: its name (Staku), or with its variant (Staku (Staku-2)).")
@click.option("--period", type=click.Choice(PERIODS), default="month", show_default=True,
              help="How long a rating period lasts, by the games' Date tags.")
@click.option("--history", is_flag=True, help="Each player's rating after every period they played.")
@output_option
@force_option
@language_option
def ratings(paths: tuple[str, ...], form: str, game: str | None, period: str, history: bool, out: str,
            force: bool, language: str) -> None:
    """Glicko-2 ratings of the players of the records, one list per game and set of rules.

    Only finished games between two different named players count; players are the
    names in the side tags, as written. Games are rated in periods (a month unless
    --period says) by their Date tag; a game without a full date takes its event's
    earliest date, else it is left out and counted in a note. Records with problems
    are reported as by check and left out (exit status 1); the same game read twice
    is counted once, with a note.

    \b
    Examples:
      ludoscribe ratings club
      ludoscribe ratings club --game Staku --history
      ludoscribe ratings corpus --period year --format csv -o ratings.csv
    """
    said = words(language)
    failed = False
    sources = read_sources(paths, words=said)

    def problem(path: str, index: int, record: Record) -> None:
        nonlocal failed
        failed = True
        report(path, index, record, said)

    def copy(line: str) -> None:
        note(sentence_in(line, said))

    games = (one for one in rated_games(tgn_first(sources), problem, copy) if game is None or one.is_of(game))
    rated = rate(games, cast(Period, period))  # click.Choice gave one of PERIODS
    if rated.undated:
        note(said.ngettext("{count} game left out: no full Date, nor a dated game of the same event",
                           "{count} games left out: no full Date, nor a dated game of the same event",
                           rated.undated).format(count=rated.undated))
    if not rated.pools and not sources.errors:
        note(said.gettext("no finished game between two named players") if game is None else
             said.gettext("no finished game of {game} between two named players").format(game=game))
    write(out, FORMATS[form](rated, history, said), force, said)
    sys.exit(exit_status(sources, failed))
