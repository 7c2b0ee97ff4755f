"""`ludoscribe export`: records as tables for data tools, a folder of Parquet files
(docs/archive.md#columnar-export)."""

from __future__ import annotations

import sys
from functools import partial
from typing import Iterator

import click

from ..notation.archive.cluster import ClusterError
from ..notation.files import OutputError
from ..notation.problems import message_of, sentence_in
from ..notation.archive.parquet import ParquetMissing, available
from ..notation.archive.parquet import export as export_records
from ..notation.languages import words
from ..notation.model import Record
from ..notation.archive.sources import Sources
from .errors import BadUsage, IOFailure, MissingExtra, exit_status
from .inputs import read_sources
from .messages import note, report
from .options import cluster_option, language_option
from .outputs import write_failure
from .progress import Progress


class InputsNotRead(Exception):
    """Some input could not be read: the folder being built is dropped, nothing is written."""


def all_read(sources: Sources) -> Iterator[tuple[str, int, Record]]:
    """The records of `sources`, then InputsNotRead if an input could not be read, so that an
    export never stands for inputs it left out (docs/cli.md#export)."""
    yield from sources
    if sources.errors:
        raise InputsNotRead


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--to", "target", type=click.Choice(["parquet"]), required=True,
              help="The format: parquet, a folder of Parquet files.")
@click.option("-o", "--output", "out", required=True, help="The folder to write.")
@click.option("--force", is_flag=True, help="Replace a folder that an export wrote before.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes reading and replaying records, at most one per CPU.")
@cluster_option
@language_option
def export(paths: tuple[str, ...], target: str, out: str, force: bool, jobs: int, cluster: str | None,
           language: str) -> None:
    """Write records as tables for data tools: a folder of Parquet files, a row a record and a row a turn.

    The `games` table holds each record's tags, typed where their type is known, its
    result, length and text; the `turns` table each turn of its main line with the
    position after it. Both are partitioned by game and year, for DuckDB, Spark, Dask or
    pandas; filter and stats read the folder as they read the files. Records with
    problems are reported and left out (exit status 1). The folder appears when it is
    complete; an existing one is replaced only with --force, and only if an export wrote
    it. If an input cannot be read, nothing is written (exit status 2). With --jobs,
    records are replayed in that many processes, with --cluster on the workers of a
    Dask cluster; the folder is the same. Needs the
    parquet extra: pip install 'ludoscribe[parquet]'.

    \b
    Examples:
      ludoscribe export corpus --to parquet -o archive
      ludoscribe export club/2026 --to parquet -o club-parquet --force
      ludoscribe export club/2026 --to parquet -o club-parquet --jobs 2
      ludoscribe export club/2026 --to parquet -o club-parquet --cluster local:2
    """
    try:
        available()
    except ParquetMissing as error:
        raise MissingExtra(str(error)) from None
    said = words(language)
    sources = read_sources(paths, moves=jobs == 1 and cluster is None, words=said)  # workers read the turns
    try:
        with Progress("record", words=said) as progress:
            done = export_records(progress.each(all_read(sources)), out, replace=force, rejected=partial(report, words=said),
                                  jobs=jobs, cluster=cluster)
        progress.finish()
    except OutputError as error:
        raise write_failure(out, error, said) from None
    except ClusterError as error:
        raise BadUsage(sentence_in(message_of(error), said)) from None
    except InputsNotRead:
        raise IOFailure(said.ngettext("{output} not written: {count} input could not be read",
                                      "{output} not written: {count} inputs could not be read", sources.errors)
                        .format(output=out, count=sources.errors)) from None
    note(said.gettext("exported {records} and {turns} to {output}").format(
        records=said.ngettext("{count} record", "{count} records", done.records).format(count=done.records),
        turns=said.ngettext("{count} turn", "{count} turns", done.turns).format(count=done.turns), output=out))
    sys.exit(exit_status(sources, done.failed))
