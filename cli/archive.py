"""`ludoscribe filter` and `ludoscribe stats`: questions about a whole archive (docs/archive.md).

The library does the work (notation/conditions.py, notation/query.py, notation/chosen.py,
notation/output.py, notation/stats.py, render/stats.py); the commands read the sources,
hand the records over and write what comes back. Library modules are imported when a
command runs, so that other commands do not pay for them.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

import click


CONDITIONS: list[tuple[str, str, str]] = [  # option, condition builder in notation/conditions.py, help
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


def _conditions(command: Callable[..., Any]) -> Callable[..., Any]:
    for option, _, help_text in reversed(CONDITIONS):
        command = click.option(option, multiple=True, help=help_text + " Repeatable.")(command)
    return command


@click.command("filter")
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@_conditions
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
def filter_command(paths: tuple[str, ...], unique: bool, count_only: bool, target: str | None, out: str,
                   force: bool, jobs: int, **given: tuple[str, ...]) -> None:
    """Choose records from files and folders: those meeting every condition given.

    Conditions of one kind given several times must all hold too (two --player:
    games between them). Conditions on tags (--tag, --player, --date, --round,
    --result, --game, --variant) read nothing else; the others read the turns and
    replay them, and a record whose turns cannot be read or replayed meets none of
    them. A record found to have a problem is reported on standard error and left
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
    from ..notation.chosen import choose
    from ..notation.duplicates import tgn_first
    from ..notation.output import write
    from ..notation.query import BadCondition, Query
    from ..notation.sources import Sources
    from .main import _input_error, _note, _output, _report, _status

    specs = [(builder, text) for option, builder, _ in CONDITIONS for text in given[_parameter(option)]]
    try:
        wanted = Query.build(specs)
    except BadCondition as error:
        raise click.BadParameter(str(error), param_hint=OPTION_OF[error.builder]) from None
    json_output = target == "json" or (target is None and out.lower().endswith(".json"))
    sources = Sources(paths, failed=_input_error, moves=False)  # the turns are read when they are needed
    chosen = choose(tgn_first(sources) if unique else sources, wanted, unique=unique, rejected=_report,
                          copy=_note, jobs=jobs, full=json_output)
    if count_only:
        total = sum(1 for _ in chosen.records)
        click.echo(total)
        sys.exit(_status(sources, chosen.failed))
    with _output(out, force) as stream:
        write(chosen.records, stream, json_output)
    sys.exit(_status(sources, chosen.failed))


def _parameter(option: str) -> str:
    """The name click gives an option's value: --opening-turns -> opening_turns."""
    return option.lstrip("-").replace("-", "_")


OPTION_OF = {builder: option for option, builder, _ in CONDITIONS}


@click.command("stats")
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--format", "form", type=click.Choice(["text", "markdown", "csv", "json"]), default="text",
              show_default=True)
@click.option("--openings", type=click.IntRange(min=0), default=10, show_default=True,
              help="How many of the most played openings to list per game.")
@click.option("--opening-turns", type=click.IntRange(min=1), default=2, show_default=True,
              help="How many turns make an opening.")
@click.option("--unique", is_flag=True, help="Count once a game recorded twice with other tags (same game, players "
                                              "and turns), not only one read twice (same tags and turns).")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes reading and replaying records, at most one per CPU.")
def stats_command(paths: tuple[str, ...], form: str, openings: int, opening_turns: int, unique: bool,
                  jobs: int) -> None:
    """Figures per game: results by side, game length, the most played openings with their
    scores, and how games end (the rule that ended each).

    Records with problems are reported on standard error and not counted. A game read
    twice (same tags and turns: a record and its JSON copy) is counted once, the TGN
    record rather than its JSON copy, with a note on standard error; --unique counts
    once a game recorded twice with other tags too, as filter --unique does.

    \b
    Examples:
      ludoscribe stats corpus
      ludoscribe stats club/2026 --format markdown --openings 5
      ludoscribe stats corpus --unique --jobs 4
    """
    from ..notation.duplicates import SAME_GAME, SAME_RECORD, SeenGames, tgn_first
    from ..notation.sources import Sources
    from ..notation.stats import counts, tally
    from ..render.stats import FORMATS
    from .main import _input_error, _note, _report, _status

    sources = Sources(paths, failed=_input_error, moves=jobs == 1)  # with workers, they read the turns
    seen = SeenGames(SAME_GAME if unique else SAME_RECORD)
    failed = False

    def counted() -> Any:
        nonlocal failed
        for (path, index, record), one in counts(tgn_first(sources), lambda entry: entry[2], opening_turns, jobs,
                                                 seen.rule):
            if one is None:
                failed = True
                _report(path, index, record)
            elif (first := seen.seen(path, index, one.key)) is not None:
                _note(seen.note(path, index, first, "counted"))
                continue
            yield one

    figures = tally(counted(), opening_turns)
    click.echo(FORMATS[form](figures, openings), nl=False)
    sys.exit(_status(sources, failed))
