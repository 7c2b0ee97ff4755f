"""`--rating LOW..HIGH` of filter and stats: games whose two players were rated so at the start of its
rating period, the records given rated first as `ludoscribe ratings` rates them (docs/ratings.md#choosing-by-rating)."""

from __future__ import annotations

from typing import Any, Iterable

import click

from ..notation.archive.conditions import Condition, rating_condition, rating_range
from ..notation.archive.duplicates import tgn_first
from ..notation.archive.ratings import rate, rated_games
from ..notation.problems import message_of, sentence_in
from .inputs import read_sources
from .options import language_of


class RatingRangeType(click.ParamType[str]):
    """A range of ratings, checked as click reads it."""

    name = "LOW..HIGH"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            rating_range(str(value))
        except ValueError as error:
            self.fail(sentence_in(message_of(error), language_of(ctx)), param, ctx)
        return str(value)


rating_option = click.option("--rating", type=RatingRangeType(), metavar="LOW..HIGH",
                             help="Games whose two players were rated in this range at the start of the game's "
                                  "month (Glicko-2, the records given rated first): 1600.., 1500..1800.")


def rating_condition_of(paths: Iterable[str], text: str) -> Condition:
    """The condition of --rating TEXT over the records of `paths`, rated once before they are chosen
    (their problems and unreadable inputs are reported when they are read again to be chosen)."""
    sources = read_sources(paths, failed=lambda error: None)
    rated = rate(rated_games(tgn_first(sources), lambda path, index, record: None, lambda line: None))
    return rating_condition(text, rated)
