"""`ludoscribe filter`: the records of an archive meeting conditions (docs/archive.md).

Each condition is read by its builder in notation/archive/conditions.py as click parses its option, so
that a bad one is a usage error naming the option; the library does the choosing."""

from __future__ import annotations

import sys
from functools import partial
from typing import Any, Callable, Iterable

import click

from ..notation.archive import query
from ..notation.archive.conditions import ON_GAMES
from ..notation.archive.chosen import choose
from ..notation.archive.duplicates import tgn_first
from ..notation.archive.folder_query import judged_in_folder
from ..notation.languages import words
from ..notation.problems import message_of, sentence_in
from ..notation.output import write
from .errors import BadUsage, exit_status
from .inputs import read_sources
from .messages import note, output_name, report
from .options import language_of, language_option
from .outputs import output
from .progress import Progress
from .rating_filter import rating_condition_of, rating_option

CONDITIONS: list[tuple[str, str, str]] = [  # option, condition builder in notation/archive/conditions.py, help
    ("--tag", "tag_condition", "NAME=VALUE (whole value) or NAME~TEXT (found in it); case aside."),
    ("--player", "player_condition", "A player on either side (part of the name)."),
    ("--date", "date_condition", "Dates: 2024, 2024.05..2024.09, 2025.."),
    ("--round", "round_condition", "Rounds: 3, 3..5, ..2"),
    ("--result", "result_condition", "1-0, 0-1, 1/2-1/2 or *."),
    ("--game", "game_condition", "Teblo, Staku, Tektop, Tekao or T'Chako."),
    ("--variant", "variant_condition", "Text found in the Variant tag; - for records without one."),
    ("--turns", "turns_condition", "Main-line length: 40, 40..60, ..30."),
    ("--opening", "opening_condition", "The main line starts with these turns: \"D4 I9 D3\"."),
    ("--position", "position_condition", "A position reached on the main line (a position code)."),
    ("--cells", "cells_condition", "Cells holding this at one moment of the main line: \"D4=y H10=R\" (- empty)."),
    ("--comment", "comment_condition", "Text found in a comment."),
    ("--nag", "nag_condition", "A turn carries this NAG: $14, ! or ?!."),
]
OPTION_OF = {builder: option for option, builder, _ in CONDITIONS}
GAMES = "game"  # the value of --game: the games that openings, positions and cells are checked against


def _parameter(option: str) -> str:
    """The name click gives an option's value: --opening-turns -> opening_turns."""
    return option.lstrip("-").replace("-", "_")


def _check(builder: str, text: str, games: Iterable[str], ctx: click.Context | None) -> None:
    """A usage error naming the option if the text is no condition (with these --game names)."""
    try:
        query.Query.build([*(("game_condition", game) for game in games), (builder, text)])
    except query.BadCondition as error:
        raise click.BadParameter(sentence_in(message_of(error), language_of(ctx)), ctx,
                                 param_hint=OPTION_OF[error.builder]) from None


class ConditionType(click.ParamType[str]):
    """The text of a condition, checked by its builder as click reads it.

    Openings, positions and cells are checked against the games that --game names (every
    game when it names none): at once if --game was read before them, else as it is read.
    """

    name = "text"

    def __init__(self, builder: str) -> None:
        self.builder = builder

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if self.builder not in ON_GAMES:
            _check(self.builder, value, (), ctx)
        elif ctx is None or GAMES in ctx.params:
            _check(self.builder, value, ctx.params[GAMES] if ctx is not None else (), ctx)
        return str(value)


def _games_read(ctx: click.Context, param: click.Parameter, games: tuple[str, ...]) -> tuple[str, ...]:
    """--game is read: check the openings, positions and cells read before it against its games."""
    for option, builder, _ in CONDITIONS:
        if builder in ON_GAMES:
            for text in ctx.params.get(_parameter(option), ()):
                _check(builder, text, games, ctx)
    return games


def _conditions(command: Callable[..., Any]) -> Callable[..., Any]:
    for option, builder, help_text in reversed(CONDITIONS):
        command = click.option(option, type=ConditionType(builder), multiple=True, help=help_text + " Repeatable.",
                               callback=_games_read if _parameter(option) == GAMES else None)(command)
    return command


@click.command("filter")
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@_conditions
@rating_option
@click.option("--unique", is_flag=True, help="Keep one record of each game recorded twice (same game, players "
                                              "and turns; tags and annotations aside), a TGN record rather than "
                                              "its JSON copy; the others are reported.")
@click.option("--count", "count_only", is_flag=True, help="Print only how many records are chosen.")
@click.option("--to", "target", type=click.Choice(["tgn", "json"]),
              help="Output format (default: json for an OUT ending in .json, else tgn).")
@click.option("-o", "--output", "out", default="-", show_default=True, help="Output file; - is standard output.")
@click.option("--force", is_flag=True, help="Replace an output file that exists already.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes reading and replaying turns, at most one per CPU (conditions on tags alone "
                   "are checked in one).")
@language_option
def filter_command(paths: tuple[str, ...], rating: str | None, unique: bool, count_only: bool, target: str | None,
                   out: str, force: bool, jobs: int, language: str, **given: tuple[str, ...]) -> None:
    """Choose records from files and folders: those meeting every condition given.

    Conditions of one kind given several times must all hold too (two --player:
    games between them). Conditions on tags (--tag, --player, --date, --round,
    --result, --game, --variant) read nothing else; the others read the turns and
    replay them, and a record whose turns cannot be read or replayed meets none of
    them. --rating rates the records first, as ludoscribe ratings does (by month),
    then keeps the games whose two players were rated in its range when the game's
    month began. A record found to have a problem is reported on standard error and left
    out. Records are written as they were read (TGN), or as JSON; nothing of them is
    changed. Exit status: 0, 1 when a record has problems, 2 when an input cannot be
    read.

    \b
    Examples:
      ludoscribe filter corpus --player Hoekstra -o hoekstra.tgn
      ludoscribe filter corpus --game Teblo --opening "D4 I9" --result 1-0 --count
      ludoscribe filter club/2026 --date 2024.04..2024.06 --round 1..2 --to json
      ludoscribe filter corpus --unique -o corpus-once.tgn
      ludoscribe filter corpus --game Teblo --cells "E5=y" --count --jobs 2
    """
    wanted = query.Query.build((builder, text) for option, builder, _ in CONDITIONS
                               for text in given[_parameter(option)])  # each checked as it was read
    if rating is not None:
        if "-" in paths:
            raise BadUsage(words(language).gettext("--rating reads the records twice (to rate them, then to choose): "
                                                   "give files, not - (standard input)"))
        wanted.conditions.append(rating_condition_of(paths, rating))
        wanted.specs = None  # worker processes could not build it again: one process chooses
    said = words(language)
    json_output = target == "json" or (target is None and out.lower().endswith(".json"))
    # the turns are read when they are needed; a Parquet folder's records judged from its columns when they can be
    sources = read_sources(paths, moves=False, words=said,
                           answered=partial(judged_in_folder, query=wanted, unique=unique, full=json_output))
    chosen = choose(tgn_first(sources) if unique else sources, wanted, unique=unique, rejected=partial(report, words=said),
                    copy=lambda line: note(sentence_in(line, said)), jobs=jobs, full=json_output)
    if count_only:
        click.echo(chosen.count())
        sys.exit(exit_status(sources, chosen.failed))
    with output(out, force, words=said) as stream, Progress("record", output=out, words=said) as progress:
        write(progress.each(chosen.records), stream, json_output)
    written = progress.count
    progress.finish(said.ngettext("wrote {count} record to {output}", "wrote {count} records to {output}", written)
                    .format(count=written, output=output_name(said, out)))
    sys.exit(exit_status(sources, chosen.failed))
