"""`ludoscribe diagram`: SVG diagrams of record positions, or of a position code
(docs/cli.md#diagram)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from ..notation import check as check_record
from ..notation.games import game_class
from ..notation.sources import output_names
from ..render.diagram import ply_of, record_diagrams, renderer_for, turn_spec
from .errors import IOFailure, Status, exit_status
from .inputs import read_sources
from .messages import count, note, report, say
from .options import force_option
from .outputs import write


class TurnType(click.ParamType):
    """--turn: refused at once when it cannot name a turn (a usage error), before any record is read."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            turn_spec(value)
        except ValueError as error:
            self.fail(str(error), param, ctx)
        return str(value)


@click.command()
@click.argument("source", required=False, metavar="[FILE_OR_DIR]")
@click.option("--record", "record_index", type=click.IntRange(min=1), help="Only the K-th record of FILE (from 1).")
@click.option("--turn", type=TurnType(),
              help="The position after this turn, numbered as in the record: 12 after the turn "
                   "written 12. (the first side's), 12... after the one written 12... (the second "
                   "side's), 0 the start. A SetUp record counts from its own first number.")
@click.option("--all", "every", is_flag=True, help="Every position of the main line, one SVG each.")
@click.option("--flip", is_flag=True, help="Draw the board from the second side's point of view.")
@click.option("--size", type=click.IntRange(min=100, max=4000), default=480, show_default=True,
              help="Width in pixels.")
@click.option("--game", help="With --position: the game of the position code.")
@click.option("--position", "code", help="Draw this position code instead of a record.")
@click.option("-o", "--output", "out", default="-", show_default=True,
              help="SVG file (- for standard output), or folder when several diagrams are drawn.")
@force_option
def diagram(source: str | None, record_index: int | None, turn: str | None, every: bool, flip: bool,
            size: int, game: str | None, code: str | None, out: str, force: bool) -> None:
    """Draw SVG diagrams of record positions (by default the final one).

    One diagram of one record goes to the file OUT, standard output by default.
    With --all, or when FILE_OR_DIR is a folder or a file holding several records,
    OUT is a folder that mirrors the sources: a/game.tgn gives OUT/a/game.svg
    (OUT/a/game/NNN.svg per position with --all, NNN counting turns from 000, the
    start), and the K-th record of a file holding several is event-K. Names that
    would clash keep the file's extension (game.tgn.svg beside game.json.svg). An
    existing file is replaced only with --force.

    \b
    Examples:
      ludoscribe diagram game.tgn -o final.svg
      ludoscribe diagram game.tgn --turn 12... --flip -o after-12.svg
      ludoscribe diagram game.tgn --turn 12 > after-12-first.svg
      ludoscribe diagram event.tgn --record 2 --all -o round2/
      ludoscribe diagram corpus -o diagrams/
      ludoscribe diagram --game teblo --position "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1" -o start.svg
    """
    if turn is not None and every:
        raise click.UsageError("--turn and --all exclude each other")
    options = {"flipped": flip, "size": size}
    if code is not None:
        if source is not None or game is None:
            raise click.UsageError("--position needs --game and no FILE")
        _draw_position(game, code, out, options, force)
        return
    if source is None:
        raise click.UsageError("give a FILE_OR_DIR, or --game and --position")
    sources = read_sources([source])
    chosen = [(path, index, record) for path, index, record in sources
              if record_index is None or index == record_index]
    if record_index is not None and not chosen and not sources.errors:
        raise click.UsageError(f"{source} has no record {record_index}")
    counts: dict[str, int] = {}
    for path, _, _ in chosen:
        counts[path] = counts.get(path, 0) + 1
    one_file = len(chosen) == 1 and not os.path.isdir(source)
    if out == "-" and (every or not one_file) and chosen:
        if every:
            raise click.UsageError("--all draws every position, one SVG each: give -o FOLDER")
        raise click.UsageError(f"{source} holds {count(len(chosen), 'record')}, one SVG each: give -o FOLDER, "
                               "or choose one with --record K")
    if (every or not one_file) and os.path.lexists(out) and not os.path.isdir(out):
        raise IOFailure(f"cannot write into {out}: it is not a folder")
    names = output_names([(path, index if counts[path] > 1 else None) for path, index, _ in chosen], source)
    failed = unwritten = False
    for (path, index, record), name in zip(chosen, names):
        if check_record(record) is None or record.problems:
            failed = True
            report(path, index, record)
            continue
        try:
            renderer_for(record.game)
            plies = None if every else [len(record.moves) if turn is None else ply_of(record, turn)]
        except ValueError as error:
            failed = True
            note(f"{path}: record {index}: {error}")
            continue
        for ply, svg in record_diagrams(record, plies, **options):
            if one_file:
                target = str(Path(out, f"{ply:03d}.svg")) if every else out
            else:
                target = str(Path(out, name, f"{ply:03d}.svg") if every else Path(out, f"{name}.svg"))
            try:
                write(target, svg, force)
            except IOFailure as error:
                unwritten = True
                say(error.format_message())
    sys.exit(Status.UNWRITABLE if unwritten else exit_status(sources, failed))


def _draw_position(game: str, code: str, out: str, options: dict[str, Any], force: bool) -> None:
    try:
        rules = game_class(game)()
        draw = renderer_for(rules)
        position = rules.read_position(code)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--game/--position") from None
    write(out, draw(position, outcome=rules.outcome(position), **options), force)
