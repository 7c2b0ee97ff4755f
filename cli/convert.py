"""`ludoscribe convert`: records between TGN and JSON, or one as md or html (docs/cli.md#convert)."""

from __future__ import annotations

import sys
from typing import Iterator

import click

from ..notation import check as check_record
from ..notation.jsonio import write_json
from ..notation.languages import words
from ..notation.model import Record
from ..notation.problems import message_of, sentence_in
from ..notation.writer import TooLong, write_record
from .errors import exit_status
from .inputs import read_sources
from .messages import no_record, note, report
from .options import force_option, language_option, output_option
from .outputs import output


@click.command()
@click.argument("source", metavar="FILE")
@click.option("--to", "target", type=click.Choice(["tgn", "json", "md", "html", "embed"]), required=True,
              help="Output format: tgn, json, md (Markdown, diagrams as SVG files beside it), html "
                   "(a self-contained fragment with a viewer) or embed (the viewer as JSON, for any page "
                   "that loads viewer.js, written beside it with viewer.css).")
@click.option("--from", "source_format", type=click.Choice(["tgn", "json"]),
              help="Input format (default: json for .json files, else tgn; standard input is recognised).")
@click.option("--record", "record_index", type=click.IntRange(min=1),
              help="Only the K-th record of FILE (from 1); md and html need it when FILE holds several.")
@output_option
@force_option
@language_option
def convert(source: str, target: str, source_format: str | None, record_index: int | None, out: str,
            force: bool, language: str) -> None:
    """Convert records between TGN (canonical form) and JSON, or publish one as md or html.

    Records are replayed so that every turn is written in full (capture marks and
    the like). Records that cannot be read are reported on standard error and left
    out; records with illegal turns are reported too but converted, their turns
    kept as written; either way the exit status is 1. Everything a record holds
    (tags, comments, commands, variations) is kept. The output is written atomically,
    and an existing file is replaced only with --force. - reads standard input.

    md and html show one record for readers: tags, the annotated move list, a
    diagram after each turn whose comment holds [%diagram] and at the end, and the
    result. md writes OUT and its diagrams beside it as OUT-NNN.svg (NNN numbers the
    positions in reading order, 000 being the start); html writes one fragment with
    inline SVG, style and script, to paste into any page; embed writes the viewer as
    JSON, which viewer.js (written beside OUT with viewer.css, when not there yet)
    turns into a viewer in any HTML page. Only a valid record is published.

    \b
    Examples:
      ludoscribe convert game.tgn --to json -o game.json
      ludoscribe convert game.json --to tgn -o game-again.tgn
      cat game.tgn | ludoscribe convert - --to tgn
      ludoscribe convert game.tgn --to md -o game.md
      ludoscribe convert event.tgn --record 3 --to html -o round3.html
      ludoscribe convert game.tgn --to embed -o blog/game.json
      ludoscribe convert game.tgn --lang fr --to html -o partie.html
    """
    json_input = None if source_format is None else source_format == "json"
    said = words(language)
    sources = read_sources([source], json_input=json_input, words=said)
    if target in ("md", "html", "embed"):
        from .publish import publish  # the renderers, for this path only

        publish(sources, source, record_index, target, out, force, language)
        return
    failed = False
    found = False

    def readable() -> Iterator[Record]:
        nonlocal failed, found
        for path, index, record in sources:
            if record_index is not None and index != record_index:
                continue
            found = True
            replayable = check_record(record) is not None
            if record.problems:
                failed = True
                report(path, index, record, said)
            if replayable:
                yield record

    records = readable()
    first = next(records, None)
    if first is None:  # nothing to write: no output file either
        if record_index is not None and not found and not sources.errors:
            raise click.UsageError(no_record(source, record_index, said))
        sys.exit(exit_status(sources, failed))
    with output(out, force) as stream:
        if target == "json":
            write_json(_chain(first, records), stream)
        else:
            written = 0
            for record in _chain(first, records):
                try:
                    text = write_record(record)
                except TooLong as error:
                    failed = True
                    note(said.gettext("{path}: {message}").format(path=source, message=sentence_in(message_of(error), said)))
                    continue
                stream.write(("\n" if written else "") + text)
                written += 1
    sys.exit(exit_status(sources, failed))


def _chain(first: Record, rest: Iterator[Record]) -> Iterator[Record]:
    yield first
    yield from rest
