"""`ludoscribe generate`: random legal records, reproducible from a seed (docs/cli.md#generate)."""

from __future__ import annotations

import click

from ..notation.generate import random_text
from .options import force_option, output_option
from .outputs import write


@click.command()
@click.argument("game", metavar="GAME")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many records.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same records.")
@click.option("--max-turns", type=click.IntRange(min=0), default=200, show_default=True,
              help="A game still going after this many turns is left unfinished (*).")
@output_option
@force_option
def generate(game: str, count: int, seed: int, max_turns: int, out: str, force: bool) -> None:
    """Write random legal records of GAME, reproducible from the seed.

    Each game is played from the start with random legal turns until it ends by
    the rules (its result then says how) or reaches --max-turns (result *). For
    practice, tests and benchmarks; the records check clean.

    \b
    Examples:
      ludoscribe generate teblo --count 20 --seed 7 -o practice.tgn
      ludoscribe generate staku --seed 1 --max-turns 40
    """
    try:
        text = random_text(game, count, seed, max_turns)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None
    write(out, text, force)
