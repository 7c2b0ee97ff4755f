"""`ludoscribe check`: every rule of their game, record by record (docs/cli.md#check)."""

from __future__ import annotations

import json
import sys

import click

from ..notation import check as check_record
from ..notation.languages import Words, words
from ..notation.archive.sources import InputError
from .errors import exit_status
from .inputs import input_error, read_sources
from .messages import problem_lines, say
from .options import language_option, quiet_option
from .progress import Progress


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report instead of lines.")
@quiet_option("the summary")
@language_option
def check(paths: tuple[str, ...], as_json: bool, quiet: bool, language: str) -> None:
    """Check records: their syntax and every rule of their game.

    Folders are searched for .tgn and .json files. Prints one line per problem,
    FILE:LINE:COL: turn N Side: message. An input that gives no record (missing,
    unreadable, a folder with no record file, empty) is reported as FILE: message
    on standard error and the others are checked. - reads standard input, TGN or JSON.
    Exit status: 0 when every record is valid, 1 when any is not, 2 when an input
    could not be read or on a usage error. --lang fr says the problems and the summary
    in French; --json is the same in every language.

    \b
    Examples:
      ludoscribe check corpus/teblo/spring-quadrangular-2024.tgn
      ludoscribe check corpus --json
    """
    said = words(language)
    errors: list[InputError] = []

    def failed(error: InputError) -> None:
        errors.append(error)
        input_error(error, said)

    sources = read_sources(paths, failed=failed)
    records = valid = 0
    problems = []
    progress = Progress("record", output="-", words=said)  # problem lines go to standard output
    for path, index, record in progress.each(sources):
        check_record(record)
        records += 1
        valid += not record.problems
        if as_json:
            problems += [{"file": path, "line": p.line, "column": p.column, "turn": p.turn, "code": p.code,
                          "message": p.message, **(p.detail or {})}
                         for p in record.problems]
        else:
            for line in problem_lines(path, index, record, said):
                click.echo(line)
    progress.finish()
    if as_json:
        report = {"records": records, "valid": valid, "problems": problems,
                  "errors": [{"file": error.path, "message": error.message} for error in errors]}
        click.echo(json.dumps(report, indent=2))
    elif not quiet:
        say(summary(said, records, valid, sources.files, sources.errors))
    sys.exit(exit_status(sources, valid < records))


def summary(said: Words, records: int, valid: int, files: int, unread: int) -> str:
    """checked 3 records in 2 files: 2 valid, 1 with problems; 1 input not read (in the language of `said`)."""
    line = said.gettext("checked {records} in {files}: {valid}").format(
        records=said.ngettext("{count} record", "{count} records", records).format(count=records),
        files=said.ngettext("{count} file", "{count} files", files).format(count=files),
        valid=said.ngettext("{count} valid", "{count} valid", valid).format(count=valid))
    if records > valid:
        line += said.gettext(", {count} with problems").format(count=records - valid)
    if unread:
        line += said.gettext("; {inputs} not read").format(
            inputs=said.ngettext("{count} input", "{count} inputs", unread).format(count=unread))
    return line
