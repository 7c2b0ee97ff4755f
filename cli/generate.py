"""`ludoscribe generate`: records of games played by programs, each reproducible from the
seed and its number (docs/cli.md#generate)."""

from __future__ import annotations

from typing import Any

import click

from ..notation.files import OutputError
from ..notation.games import game_class
from ..notation.generate import Generation, rows, texts
from ..notation.generate.players import read_players
from ..notation.languages import Words, words
from .errors import MissingExtra
from .messages import output_name
from .options import force_option, language_option
from .outputs import output, write_failure
from .progress import Progress


class PlayersType(click.ParamType[str]):
    """--players: one player for both sides or two joined by a comma, checked as click reads it."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            read_players(value)
        except ValueError as error:
            self.fail(str(error), param, ctx)
        return str(value)


@click.command()
@click.argument("game", metavar="GAME")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many records.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="The same seed gives the same records: record N is the same whatever --count and --jobs.")
@click.option("--max-turns", type=click.IntRange(min=0), default=200, show_default=True,
              help="A game still going after this many turns is left unfinished (*).")
@click.option("--players", "players_named", type=PlayersType(), default="random", show_default=True,
              help="Who plays: random, greedy or mcts:PLAYOUTS (tree search, PLAYOUTS a turn), for both sides, "
                   "or two joined by a comma (first side first).")
@click.option("--variant", default="", help="The game's Variant options, as the Variant tag writes them.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes playing the games, at most one per CPU; the output is the same.")
@click.option("--to", "target", type=click.Choice(["tgn", "parquet"]), default="tgn", show_default=True,
              help="The format: TGN text, or a folder of Parquet files as export writes it.")
@click.option("-o", "--output", "out", default="-", show_default=True,
              help="Output file, or the folder for --to parquet; - is standard output.")
@force_option
@language_option
def generate(game: str, count: int, seed: int, max_turns: int, players_named: str, variant: str, jobs: int,
             target: str, out: str, force: bool, language: str) -> None:
    """Write records of GAME played by programs, reproducible from the seed.

    Each game is played from the start by two players until it ends by the rules (its
    result then says how) or reaches --max-turns (result *). The random player plays
    random legal turns; the greedy player wins when it can, else takes what it can from
    the opponent (the most it can), else plays at random; mcts:PLAYOUTS searches the game
    with that many playouts a turn. For practice, tests,
    benchmarks and for measuring a game's balance; the records check clean. They are
    written as they are made, so any --count fits in memory.

    \b
    Examples:
      ludoscribe generate teblo --count 20 --seed 7 -o practice.tgn
      ludoscribe generate staku --seed 1 --max-turns 40
      ludoscribe generate staku --players greedy,random --count 200 --jobs 2 -o lab.tgn
      ludoscribe generate staku --players mcts:200,greedy --count 20 -o search.tgn
      ludoscribe generate staku --variant Staku-2 --count 200 --to parquet -o lab
    """
    try:
        game_class(game)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None
    try:
        generation = Generation(game, variant, players_named, seed, max_turns)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--variant'") from None
    said = words(language)
    if target == "parquet":
        write_parquet(generation, count, jobs, out, force, said)
        return
    with output(out, force, words=said) as stream, Progress("record", count, output=out, words=said) as progress:
        for number, text in enumerate(progress.each(texts(generation, count, jobs))):
            stream.write(f"\n{text}" if number else text)
    progress.finish(wrote(said, count, output_name(said, out)))


def wrote(said: Words, count: int, out: str) -> str:
    """The line that ends a run: how many records were written where."""
    return said.ngettext("wrote {count} record to {output}", "wrote {count} records to {output}", count).format(
        count=count, output=out)


def write_parquet(generation: Generation, count: int, jobs: int, out: str, force: bool, said: Words) -> None:
    """The records as a Parquet folder, as export writes it from their TGN text, with no TGN in between."""
    from ..notation.archive.parquet import ParquetMissing, available, write_rows

    if out == "-":
        raise click.BadParameter("--to parquet writes a folder: give it with -o DIR", param_hint="'-o'")
    try:
        available()
    except ParquetMissing as error:
        raise MissingExtra(str(error)) from None
    try:
        with Progress("record", count, words=said) as progress:
            write_rows(progress.each(rows(generation, count, jobs)), out, replace=force)
    except OutputError as error:
        raise write_failure(out, error, said) from None
    progress.finish(wrote(said, count, out))
