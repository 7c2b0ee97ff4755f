"""Options that several commands share, with the same name and help."""

from __future__ import annotations

from typing import Any, Callable

import click

from ..notation.archive.cluster import ClusterError, check_address
from ..notation.languages import LANGUAGES, Words, chosen, words
from ..notation.problems import message_of, sentence_in

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def quiet_option(what: str) -> Decorator:
    """-q/--quiet: print only problems and errors, not `what`."""
    return click.option("-q", "--quiet", is_flag=True, help=f"Print only problems and errors, not {what}.")


force_option = click.option("--force", is_flag=True, help="Replace output files that exist already.")
output_option = click.option("-o", "--output", "out", default="-", show_default=True,
                             help="Output file; - is standard output.")


def _language(ctx: click.Context, param: click.Parameter, value: str | None) -> str:
    return chosen(value)


def language_of(ctx: click.Context | None) -> Words:
    """The language of the command being read, for an option's value refused as click reads it: --lang is
    read first (it is eager), else the environment's."""
    given = ctx.params.get("language") if ctx is not None else None
    return words(given if isinstance(given, str) else chosen(None))


# --lang: the language of what the command writes for people (never of the records it reads or
# writes); by default the user's, from LANGUAGE, LC_ALL, LC_MESSAGES or LANG (docs/languages.md)
language_option = click.option("--lang", "language", type=click.Choice(LANGUAGES), default=None,
                               callback=_language, expose_value=True, is_eager=True,  # read before the options it says
                               help="Language of the messages and pages: en or fr; by default the "
                                    "environment's (LANGUAGE, LANG), else English.")


def _cluster(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is None:
        return None
    try:
        return check_address(value)
    except ClusterError as error:
        raise click.BadParameter(sentence_in(message_of(error), language_of(ctx))) from None


cluster_option = click.option("--cluster", metavar="ADDRESS", default=None, callback=_cluster,
                              help="Run the work on a Dask cluster: its scheduler's address (tcp://host:8786), or "
                                   "local:N for N worker processes on this machine; needs the cluster extra. The "
                                   "output is the same.")
