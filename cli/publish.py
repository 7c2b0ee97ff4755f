"""`ludoscribe convert --to md|html|embed`: one valid record as a document for readers
(docs/cli.md#markdown-and-html)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..notation import check as check_record
from ..notation.archive.sources import Sources
from ..notation.languages import words
from ..render.budgets import BudgetError
from ..render.document import embed_json, page_html, render_html, viewer_files
from ..render.markdown_document import render_markdown
from ..render.wording import title
from .errors import Status
from .messages import no_record, report
from .outputs import check_outputs, write


def publish(sources: Sources, source: str, record_index: int | None, target: str, out: str, force: bool,
            language: str = "en") -> None:
    """Write the one record of `sources` chosen (the `record_index`-th) as `target`, md, html or embed, into `out`,
    its words in `language` (docs/languages.md#pages)."""
    said = words(language)
    if target == "md" and (out == "-" or not Path(out).name):
        raise click.UsageError(said.gettext("--to md writes SVG files beside the Markdown: give -o FILE.md"))
    chosen = [(path, index, record) for path, index, record in sources
              if record_index is None or index == record_index]
    if sources.errors:
        sys.exit(Status.UNREADABLE)
    if not chosen:
        raise click.UsageError(no_record(source, record_index, said) if record_index else
                               said.gettext("{source} holds no record").format(source=source))
    if len(chosen) > 1:
        raise click.UsageError(said.ngettext("{source} holds {count} record: choose one with --record K",
                                             "{source} holds {count} records: choose one with --record K",
                                             len(chosen)).format(source=source, count=len(chosen)))
    path, index, record = chosen[0]
    replayed = check_record(record)
    if record.problems:
        report(path, index, record, said)
        sys.exit(Status.PROBLEMS)
    stem = Path(out).stem
    try:
        if target == "html":
            fragment = render_html(record, replayed, words=said)
        elif target == "embed":  # the viewer's script and style beside the JSON, unless already there
            text, files = embed_json(record, replayed, words=said), {} if out == "-" else viewer_files(Path(out).parent)
        else:
            text, files = render_markdown(record, replayed, lambda number: f"{stem}-{number:03d}.svg", words=said)
    except BudgetError as error:  # too many diagrams or positions, or too large a page
        record.problems.append(error.problem)
        report(path, index, record, said)
        sys.exit(Status.PROBLEMS)
    if target == "html":
        write(out, page_html(fragment, title(record, said), said.language), force)
        return
    diagrams = {str(Path(out).with_name(name)): svg for name, svg in files.items()}
    check_outputs([*diagrams, out], force)  # all checked before any is written
    for name, svg in diagrams.items():
        write(name, svg, force)
    write(out, text, force)
