"""`ludoscribe generate`: records of games played by programs, each reproducible from the
seed and its number (docs/cli.md#generate)."""

from __future__ import annotations

from typing import Any, Iterator

import click

from ..notation.files import OutputError
from ..notation.games import game_class
from ..notation.archive.sprt import Pairs, Sprt, Verdict, read_sprt
from ..notation.generate import Generation, rows, texts_and_results
from ..notation.archive.cluster import ClusterError
from ..notation.archive.columnar import Rows
from ..notation.generate.players import read_players
from ..notation.languages import Words, words
from ..notation.languages.numbers import decimal, numeral
from ..notation.problems import message_of, sentence_in
from .errors import BadUsage, MissingExtra
from .messages import output_name
from .options import cluster_option, force_option, language_of, language_option
from .outputs import output, write_failure
from .progress import Progress


class PlayersType(click.ParamType[str]):
    """--players: one player for both sides or two joined by a comma, checked as click reads it."""

    name = "text"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            read_players(value)
        except ValueError as error:
            self.fail(sentence_in(message_of(error), language_of(ctx)), param, ctx)
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
@click.option("--pairs", is_flag=True,
              help="Play the games two by two from the same random numbers, the players swapping sides in the "
                   "second; --count counts pairs.")
@click.option("--sprt", "sprt_named", metavar="ELO0,ELO1[,ALPHA[,BETA]]", default=None,
              help="With --pairs: stop once the sequential test decides whether the first side's edge is "
                   "ELO1 Elo or more (H1) or ELO0 or less (H0); ALPHA, BETA its error rates (0.05).")
@click.option("--variant", default="", help="The game's Variant options, as the Variant tag writes them.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes playing the games, at most one per CPU; the output is the same.")
@click.option("--to", "target", type=click.Choice(["tgn", "parquet"]), default="tgn", show_default=True,
              help="The format: TGN text, or a folder of Parquet files as export writes it.")
@click.option("-o", "--output", "out", default="-", show_default=True,
              help="Output file, or the folder for --to parquet; - is standard output.")
@cluster_option
@force_option
@language_option
def generate(game: str, count: int, seed: int, max_turns: int, players_named: str, pairs: bool,
             sprt_named: str | None, variant: str, jobs: int, target: str, out: str, cluster: str | None, force: bool,
             language: str) -> None:
    """Write records of GAME played by programs, reproducible from the seed.

    Each game is played from the start by two players until it ends by the rules (its
    result then says how) or reaches --max-turns (result *). The random player plays
    random legal turns; the greedy player wins when it can, else takes what it can from
    the opponent (the most it can), else plays at random; mcts:PLAYOUTS searches the game
    with that many playouts a turn. For practice, tests,
    benchmarks and for measuring a game's balance; the records check clean. They are
    written as they are made, so any --count fits in memory. With --cluster the games
    are played on the workers of a Dask cluster; the records are the same.

    \b
    Examples:
      ludoscribe generate teblo --count 20 --seed 7 -o practice.tgn
      ludoscribe generate staku --seed 1 --max-turns 40
      ludoscribe generate staku --players greedy,random --count 200 --jobs 2 -o lab.tgn
      ludoscribe generate staku --players mcts:200,greedy --count 2 -o search.tgn
      ludoscribe generate staku --variant Staku-2 --count 200 --to parquet -o lab
      ludoscribe generate staku --players greedy,random --pairs --count 500 --sprt 0,40 -o edge.tgn
      ludoscribe generate staku --count 1000 --to parquet -o lab --cluster local:2
    """
    try:
        game_class(game)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None
    said = words(language)
    test = sequential_test(sprt_named, pairs, said)
    if pairs and len({player.name for player in read_players(players_named)}) == 1:
        raise click.BadParameter(said.gettext("pairs swap two different players: name two, as in mcts:200,greedy"),
                                 param_hint="'--players'")
    try:
        generation = Generation(game, variant, players_named, seed, max_turns, pairs)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--variant'") from None
    records = 2 * count if pairs else count
    judged = Pairs(test) if test else None
    try:
        if target == "parquet":
            write_parquet(generation, records, jobs, out, force, said, judged, cluster)
        else:
            write_tgn(generation, records, jobs, out, force, said, judged, cluster)
    except ClusterError as error:
        raise BadUsage(sentence_in(message_of(error), said)) from None
    if judged:
        click.echo(verdict_line(said, judged), err=True)


def sequential_test(named: str | None, pairs: bool, said: Words) -> Sprt | None:
    """The test --sprt names, if any: a usage error if it is not one, or without --pairs."""
    if named is None:
        return None
    if not pairs:
        raise click.BadParameter(said.gettext("the test weighs pairs of games: add --pairs"), param_hint="'--sprt'")
    try:
        return read_sprt(named)
    except ValueError as error:
        raise click.BadParameter(sentence_in(message_of(error), said), param_hint="'--sprt'") from None


def verdict_line(said: Words, judged: Pairs) -> str:
    """What the sequential test says after the pairs played (docs/balance.md#fewer-games-pairs-and-a-sequential-test)."""
    test, pairs = judged.test, judged.pairs
    low, high = test.bounds
    language = said.language
    figures = {"pairs": pairs, "elo0": numeral(f"{test.elo0:g}", language),
               "elo1": numeral(f"{test.elo1:g}", language), "llr": decimal(test.llr(judged.counts), 2, language),
               "low": decimal(low, 2, language), "high": decimal(high, 2, language),
               "counts": " ".join(str(count) for count in judged.counts)}
    if judged.verdict is Verdict.EDGE:
        line = said.ngettext("SPRT: H1, the first side's edge is {elo1} Elo or more, after {pairs} pair",
                             "SPRT: H1, the first side's edge is {elo1} Elo or more, after {pairs} pairs", pairs)
    elif judged.verdict is Verdict.NO_EDGE:
        line = said.ngettext("SPRT: H0, the first side's edge is {elo0} Elo or less, after {pairs} pair",
                             "SPRT: H0, the first side's edge is {elo0} Elo or less, after {pairs} pairs", pairs)
    else:
        line = said.ngettext("SPRT: undecided after {pairs} pair", "SPRT: undecided after {pairs} pairs", pairs)
    return line.format(**figures) + said.gettext(" (LLR {llr}, bounds {low} and {high}; pairs by points "
                                                 "0 to 2: {counts})").format(**figures)


def wrote(said: Words, count: int, out: str) -> str:
    """The line that ends a run: how many records were written where."""
    return said.ngettext("wrote {count} record to {output}", "wrote {count} records to {output}", count).format(
        count=count, output=out)


def write_tgn(generation: Generation, count: int, jobs: int, out: str, force: bool, said: Words,
              judged: Pairs | None, cluster: str | None) -> None:
    """The records as TGN text; with a test, up to the pair that decides it."""
    written = 0
    with output(out, force, words=said) as stream, Progress("record", count, output=out, words=said) as progress:
        for text, result in progress.each(texts_and_results(generation, count, jobs, cluster)):
            stream.write(f"\n{text}" if written else text)
            written += 1
            if judged and judged.add(result) is not Verdict.UNDECIDED:
                break
    progress.finish(wrote(said, written, output_name(said, out)))


def write_parquet(generation: Generation, count: int, jobs: int, out: str, force: bool, said: Words,
                  judged: Pairs | None, cluster: str | None) -> None:
    """The records as a Parquet folder, as export writes it from their TGN text, with no TGN in
    between; with a test, up to the pair that decides it."""
    from ..notation.archive.parquet import ParquetMissing, available, write_rows

    if out == "-":
        raise click.BadParameter(said.gettext("--to parquet writes a folder: give it with -o DIR"), param_hint="'-o'")
    try:
        available()
    except ParquetMissing as error:
        raise MissingExtra(str(error)) from None
    made = rows(generation, count, jobs, cluster)
    written = [0]
    try:
        with Progress("record", count, words=said) as progress:
            write_rows(progress.each(_until_decided(made, judged, written)), out, replace=force)
    except OutputError as error:
        raise write_failure(out, error, said) from None
    progress.finish(wrote(said, written[0], out))


def _until_decided(made: Iterator[Rows], judged: Pairs | None, written: list[int]) -> Iterator[Rows]:
    """The rows, counted in `written`, up to those of the pair that decides the test."""
    for each in made:
        written[0] += 1
        yield each
        if judged and judged.add(str(each.game["result"])) is not Verdict.UNDECIDED:
            return
