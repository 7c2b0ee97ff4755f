"""`ludoscribe stats`: figures per game and set of rules over an archive (docs/archive.md#figures-stats)."""

from __future__ import annotations

import sys
from typing import Any, Iterator

import click

from ..notation.archive.duplicates import SAME_GAME, SAME_RECORD, SeenGames, tgn_first
from ..notation.archive.stats import Counted, counts, tally
from ..notation.languages import words
from ..notation.problems import sentence_in
from ..render.stats import FORMATS, to_markdown, to_text
from .errors import BadUsage, exit_status
from .inputs import read_sources
from .messages import note, report
from .options import language_option
from .rating_filter import rating_condition_of, rating_option


@click.command("stats")
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--format", "form", type=click.Choice(["text", "markdown", "csv", "json", "html"]), default="text",
              show_default=True, help="html: the balance report, a page comparing each game's sets of rules side by "
                                      "side, with charts (docs/balance.md#the-report).")
@click.option("--openings", type=click.IntRange(min=0), default=10, show_default=True,
              help="How many of the most played openings to list per game.")
@click.option("--opening-turns", type=click.IntRange(min=1), default=2, show_default=True,
              help="How many turns make an opening.")
@click.option("--unique", is_flag=True, help="Count once a game recorded twice with other tags (same game, players "
                                              "and turns), not only one read twice (same tags and turns).")
@rating_option
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes reading and replaying records, at most one per CPU.")
@language_option
def stats(paths: tuple[str, ...], form: str, openings: int, opening_turns: int, unique: bool, rating: str | None,
          jobs: int, language: str) -> None:
    """Figures per game and set of rules: results by side, the first side's score with its
    95% confidence interval, game length, the most played openings with their scores, and
    how games end (the rule that ended each).

    Each Variant counts apart (Staku, Staku (Staku-2)); one naming the usual rules
    (Staku-3) counts with the records that have none. A game played under several sets of
    rules gets a table of each variant's score minus the usual one, with the 95% interval
    of that difference.

    Records with problems are reported on standard error and not counted. A game read
    twice (same tags and turns: a record and its JSON copy) is counted once, the TGN
    record rather than its JSON copy, with a note on standard error; --unique counts
    once a game recorded twice with other tags too, as filter --unique does.
    --rating counts only the games whose two players were rated in its range when
    the game's month began, the records rated first as ludoscribe ratings rates them.

    --format html writes the balance report, a page putting each game's sets of rules
    side by side, every figure with its 95% interval and drawn as a chart: the first
    side's score, the shares of games decided, drawn and unfinished, turns per game,
    legal turns per position through the game, lead changes per game, and how games
    end. It lists the legal turns at every position, so it takes longer than the others.

    \b
    Examples:
      ludoscribe stats corpus
      ludoscribe stats club/2026 --format markdown --openings 5
      ludoscribe stats corpus --unique --jobs 4
      ludoscribe stats corpus --format html > report.html
    """
    said = words(language)
    if rating is not None and "-" in paths:
        raise BadUsage(said.gettext("--rating reads the records twice (to rate them, then to count): give files, "
                                    "not - (standard input)"))
    chosen = rating_condition_of(paths, rating) if rating is not None else None
    seen = SeenGames(SAME_GAME if unique else SAME_RECORD)

    def from_columns(folder: str) -> Iterator[tuple[str, int, Any]] | None:
        """A Parquet folder's records counted from its columns (imported for a folder only)."""
        from ..notation.archive.folder_figures import counted_in_folder

        return counted_in_folder(folder, opening_turns, seen.rule)

    # unless a condition or the report needs the records themselves
    answered = from_columns if chosen is None and form != "html" else None
    sources = read_sources(paths, moves=jobs == 1, words=said, answered=answered)  # with workers, they read the turns
    entries = tgn_first(sources)
    if chosen is not None:
        entries = (entry for entry in entries if chosen.test(entry[2]))
    failed = False

    def counted() -> Iterator[Counted | None]:
        nonlocal failed
        for (path, index, record), one in counts(entries, lambda entry: entry[2], opening_turns, jobs,
                                                 seen.rule, courses=form == "html"):
            if one is None:
                failed = True
                report(path, index, record, said)
            elif (first := seen.seen(path, index, one.key)) is not None:
                note(sentence_in(seen.note(path, index, first, "counted"), said))
                continue
            yield one

    figures = tally(counted(), opening_turns)
    if form == "html":
        from ..render import balance_report  # the report's charts: for this format only

        click.echo(balance_report.report(figures, said), nl=False)
    elif form in ("text", "markdown"):  # CSV and JSON are data: their names stay the same in every language
        click.echo((to_text if form == "text" else to_markdown)(figures, openings, said), nl=False)
    else:
        click.echo(FORMATS[form](figures, openings), nl=False)
    sys.exit(exit_status(sources, failed))
