"""The `ludoscribe` command: a thin layer of click commands over the library."""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, NoReturn, TextIO, cast

import click

from ..render.escaping import terminal_lines, terminal_text
from .archive import filter_command, stats_command
from .errors import SIGNALS, IOFailure, MissingExtra, Status, Stopped
from .serve import relay_command, serve_command

if TYPE_CHECKING:
    from ..notation.model import Record
    from ..notation.sources import InputError, Sources

# Each command imports the library modules it uses when it runs, so that a command (and
# --version, --help) pays only for its own: docs/contributing.md#start-up.


def _sources(paths: Iterable[str], json_input: bool | None = None) -> Sources:
    """(file, index in file from 1, record) for every record of the files and folders named.

    An input that gives no record is reported on its own line and the rest go on.
    """
    from ..notation.sources import Sources

    return Sources(paths, json_input=json_input, failed=_input_error)


class _Messages:
    """The lines a command prints for the user beside its output: reports, notes, progress.

    A closed pipe stops them, never the work: the command goes on (a site is built, a file
    written), prints nothing more, and ends with status 141 (docs/cli.md#exit-status).
    """

    def __init__(self) -> None:
        self.cut = False

    def say(self, line: str, err: bool = True) -> None:
        """Print one line, already safe for a terminal."""
        try:
            click.echo(line, err=err)
        except BrokenPipeError:
            self.cut = True
            _stop_writing(sys.stderr if err else sys.stdout)


_messages = _Messages()


def _input_error(error: InputError) -> None:
    _note(str(error))


def _status(sources: Sources, failed: bool) -> Status:
    """2 when an input could not be read, else 1 when a record has problems, else 0."""
    return Status.UNREADABLE if sources.errors else Status.PROBLEMS if failed else Status.OK


def _problem_lines(path: str, index: int, record: Record) -> list[str]:
    """FILE:LINE:COL: turn N Side: message, or FILE: record K: ... where lines are unknown (JSON).

    Safe for a terminal: control characters from file names or records are shown escaped.
    """
    return [terminal_text(f"{path}:{problem}" if problem.line is not None else f"{path}: record {index}: {problem}")
            for problem in record.problems]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _report(path: str, index: int, record: Record) -> None:
    for line in _problem_lines(path, index, record):
        _messages.say(line)


def _note(line: str) -> None:
    """A message on standard error (a note, progress, an error that does not stop the run),
    written safe for a terminal."""
    _messages.say(terminal_text(line))


def _quiet_option(what: str) -> Any:
    return click.option("-q", "--quiet", is_flag=True, help=f"Print only problems and errors, not {what}.")


_force_option = click.option("--force", is_flag=True, help="Replace output files that exist already.")


def _turn_option(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--turn: refused at once when it cannot name a turn (a usage error), before any record is read."""
    from ..render.diagram import turn_spec

    if value is not None:
        try:
            turn_spec(value)
        except ValueError as error:
            raise click.BadParameter(str(error)) from None
    return value


class _Commands(click.Group):
    """The command group: how a run ends when a pipe closes or a worker process is lost."""

    def make_context(self, *args: Any, **options: Any) -> click.Context:
        try:
            return super().make_context(*args, **options)
        except BrokenPipeError:  # --help, --version cut short by their reader
            _closed_output()

    def invoke(self, ctx: click.Context) -> Any:
        _messages.cut = False
        try:
            result = super().invoke(ctx)
        except BrokenPipeError:  # the output cut short by its reader (| head): the run ends quietly
            _closed_output()
        except SystemExit:
            if _messages.cut:
                sys.exit(Status.CLOSED_PIPE)
            raise
        except click.ClickException:
            raise
        except Exception as error:
            from ..notation.parallel import WorkerLost

            if isinstance(error, WorkerLost):
                raise IOFailure(str(error)) from None
            raise
        if _messages.cut:
            sys.exit(Status.CLOSED_PIPE)
        return result


def _closed_output() -> NoReturn:
    _stop_writing(sys.stdout)
    sys.exit(Status.CLOSED_PIPE)  # as a program stopped by SIGPIPE, like cat or grep


def _stop_writing(stream: TextIO) -> None:
    """Point a standard stream at /dev/null, so that nothing more is flushed to its closed pipe."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):  # not a real file (under a test runner)
        pass


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="ludoscribe", prog_name="ludoscribe")
def cli() -> None:
    """Record, check, convert, draw and publish tabletop game records written in TGN.

    \b
    Examples:
      ludoscribe check corpus
      ludoscribe convert game.tgn --to json -o game.json
      ludoscribe diagram game.tgn --turn 12... -o position.svg
      ludoscribe site corpus -o site/
    """


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON report instead of lines.")
@_quiet_option("the summary")
def check(paths: tuple[str, ...], as_json: bool, quiet: bool) -> None:
    """Check records: their syntax and every rule of their game.

    Folders are searched for .tgn and .json files. Prints one line per problem,
    FILE:LINE:COL: turn N Side: message. An input that gives no record (missing,
    unreadable, a folder with no record file, empty) is reported as FILE: message
    on standard error and the others are checked. - reads standard input, TGN or JSON.
    Exit status: 0 when every record is valid, 1 when any is not, 2 when an input
    could not be read or on a usage error.

    \b
    Examples:
      ludoscribe check corpus/teblo/spring-quadrangular-2024.tgn
      ludoscribe check corpus --json
    """
    from ..notation import check as check_record
    from ..notation.sources import Sources

    errors: list[InputError] = []

    def failed(error: InputError) -> None:
        errors.append(error)
        _input_error(error)

    sources = Sources(paths, failed=failed)
    records = valid = 0
    problems = []
    for path, index, record in sources:
        check_record(record)
        records += 1
        valid += not record.problems
        if as_json:
            problems += [{"file": path, "line": p.line, "column": p.column, "turn": p.turn, "code": p.code,
                          "message": p.message}
                         for p in record.problems]
        else:
            for line in _problem_lines(path, index, record):
                click.echo(line)
    if as_json:
        import json

        report = {"records": records, "valid": valid, "problems": problems,
                  "errors": [{"file": error.path, "message": error.message} for error in errors]}
        click.echo(json.dumps(report, indent=2))
    elif not quiet:
        invalid = records - valid
        _messages.say(f"checked {_count(records, 'record')} in {_count(sources.files, 'file')}: {valid} valid"
                      + (f", {invalid} with problems" if invalid else "")
                      + (f"; {_count(sources.errors, 'input')} not read" if sources.errors else ""))
    sys.exit(_status(sources, valid < records))


@cli.command()
@click.argument("source", metavar="FILE")
@click.option("--to", "target", type=click.Choice(["tgn", "json", "md", "html", "embed"]), required=True,
              help="Output format: tgn, json, md (Markdown, diagrams as SVG files beside it), html "
                   "(a self-contained fragment with a viewer) or embed (the viewer as JSON, for any page "
                   "that loads viewer.js, written beside it with viewer.css).")
@click.option("--from", "source_format", type=click.Choice(["tgn", "json"]),
              help="Input format (default: json for .json files, else tgn; standard input is recognised).")
@click.option("--record", "record_index", type=click.IntRange(min=1),
              help="Only the K-th record of FILE (from 1); md and html need it when FILE holds several.")
@click.option("-o", "--output", "out", default="-", show_default=True, help="Output file; - is standard output.")
@_force_option
def convert(source: str, target: str, source_format: str | None, record_index: int | None, out: str,
            force: bool) -> None:
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
    """
    from ..notation import check as check_record
    from ..notation.jsonio import write_json
    from ..notation.writer import TooLong, write_record

    json_input = None if source_format is None else source_format == "json"
    sources = _sources([source], json_input)
    if target in ("md", "html", "embed"):
        _publish(sources, source, record_index, target, out, force)
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
                _report(path, index, record)
            if replayable:
                yield record

    records = readable()
    first = next(records, None)
    if first is None:  # nothing to write: no output file either
        if record_index is not None and not found and not sources.errors:
            raise click.UsageError(f"{source} has no record {record_index}")
        sys.exit(_status(sources, failed))
    with _output(out, force) as stream:
        if target == "json":
            write_json(_chain(first, records), stream)
        else:
            written = 0
            for record in _chain(first, records):
                try:
                    text = write_record(record)
                except TooLong as error:
                    failed = True
                    _note(f"{source}: {error}")
                    continue
                stream.write(("\n" if written else "") + text)
                written += 1
    sys.exit(_status(sources, failed))


def _chain(first: Record, rest: Iterator[Record]) -> Iterator[Record]:
    yield first
    yield from rest


@contextlib.contextmanager
def _output(target: str, force: bool, binary: bool = False) -> Iterator[Any]:
    """The one way a command writes an output (docs/cli.md#files): into `target` ('-' is
    standard output), making the folders it needs; an existing file is replaced only with
    `force`, a device or a pipe is written into. IOFailure (exit status 2) if it cannot be
    written; what the block itself raises goes on as it is."""
    from ..notation.files import OutputError, make_folders, output

    if not target:
        raise click.BadParameter("an empty name is no file's name; - is standard output", param_hint="'-o'")
    try:
        make_folders(target)
        with output(target, replace=force, binary=binary) as stream:
            if binary and stream.isatty():
                raise IOFailure("an image is not written to a terminal: give -o FILE, or send standard output "
                                "to a file or a pipe")
            yield cast(TextIO, _Screen(stream)) if stream.isatty() else stream
    except OutputError as error:
        raise _write_failure(target, error) from None


def _write_failure(target: str, error: OSError) -> IOFailure:
    """The error of an output that cannot be written: an existing file (never when replacing), a folder, a reason."""
    if error.errno == errno.EEXIST:
        return IOFailure(f"{target}: exists already (--force replaces it)")
    return IOFailure(f"cannot write {target}: {error.strerror or error}")


def _publish(sources: Sources, source: str, record_index: int | None, target: str, out: str, force: bool) -> None:
    """convert --to md|html|embed: one valid record as a document."""
    from ..notation import check as check_record
    from ..render.budgets import BudgetError
    from ..render.document import embed_json, page_html, render_html, render_markdown, title, viewer_files

    if target == "md" and (out == "-" or not Path(out).name):
        raise click.UsageError("--to md writes SVG files beside the Markdown: give -o FILE.md")
    chosen = [(path, index, record) for path, index, record in sources
              if record_index is None or index == record_index]
    if sources.errors:
        sys.exit(Status.UNREADABLE)
    if not chosen:
        raise click.UsageError(f"{source} has no record {record_index}" if record_index else f"{source} holds no record")
    if len(chosen) > 1:
        raise click.UsageError(f"{source} holds {len(chosen)} records: choose one with --record K")
    path, index, record = chosen[0]
    replayed = check_record(record)
    if record.problems:
        _report(path, index, record)
        sys.exit(Status.PROBLEMS)
    stem = Path(out).stem
    try:
        if target == "html":
            fragment = render_html(record, replayed)
        elif target == "embed":  # the viewer's script and style beside the JSON, unless already there
            text, files = embed_json(record, replayed), {} if out == "-" else viewer_files(Path(out).parent)
        else:
            text, files = render_markdown(record, replayed, lambda number: f"{stem}-{number:03d}.svg")
    except BudgetError as error:  # too many diagrams or positions, or too large a page
        record.problems.append(error.problem)
        _report(path, index, record)
        sys.exit(Status.PROBLEMS)
    if target == "html":
        _write(out, page_html(fragment, title(record)), force)
        return
    from ..notation.files import OutputError, check_output

    for each in [str(Path(out).with_name(name)) for name in files] + [out]:  # all checked before any is written
        try:
            check_output(each, replace=force)
        except OutputError as error:
            raise _write_failure(each, error) from None
    for name, svg in files.items():
        _write(str(Path(out).with_name(name)), svg, force)
    _write(out, text, force)


@cli.command()
@click.argument("sources", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("-o", "--output", "out", required=True,
              help="Folder of the site: empty, or a site built here before (it is replaced).")
@click.option("--title", "site_title", default="Annotated games", show_default=True, help="The site's name.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Render the record pages in N processes (at most one per CPU).")
@click.option("--project", help="Keep the generated mkdocs project (mkdocs.yml and docs/) in this folder.")
@click.option("--theme", type=click.Choice(["auto", "material", "mkdocs"]), default="auto", show_default=True,
              help="mkdocs theme; auto is material when mkdocs-material is installed.")
@_quiet_option("progress")
def site(sources: tuple[str, ...], out: str, site_title: str, jobs: int, project: str | None, theme: str,
         quiet: bool) -> None:
    """Publish records as a static website, built with mkdocs.

    Folders are searched for .tgn and .json files. The site has a home page, a page
    per game and per event (players, result, date, round) and a page per record:
    tags, a viewer to step through every line (buttons, arrow keys, or click a turn),
    the annotated move list with its diagrams, and the result. It reads from a web
    server or straight from the disk (file://). Records with problems are reported
    as by check and left out (exit status 1); inputs that cannot be read are reported
    as FILE: message and the others published (exit status 2). Progress goes to
    standard error. Output folders of earlier builds found among the sources are
    never read as sources.

    The mkdocs project is generated in a temporary folder; --project keeps it, to
    add pages and rebuild it with mkdocs (it uses the ludoscribe plugin).

    \b
    Examples:
      ludoscribe site corpus -o site/
      ludoscribe site club/2026 --title "Club championship 2026" --jobs 4 -o public/
      ludoscribe site games.tgn --project games-site/ -o games-site/site/
    """
    from ..render.site import SiteError, build_site

    progress = (lambda line: None) if quiet else _note
    try:
        report = build_site(sources, out, site_title=site_title, jobs=jobs, project=project, theme=theme,
                            progress=progress, rejected=_report, failed=_input_error)
    except SiteError as error:
        raise IOFailure(str(error)) from None
    except OSError as error:
        raise IOFailure(f"cannot read or write {error.filename or ''}: {error.strerror or error}") from None
    index = Path(out) / "index.html"
    _messages.say(terminal_text(f"Open {index} in a browser ({index.resolve().as_uri()})."), err=False)
    sys.exit(Status.UNREADABLE if report.unread else Status.PROBLEMS if report.rejected else Status.OK)


@cli.command()
@click.argument("source", required=False, metavar="[FILE_OR_DIR]")
@click.option("--record", "record_index", type=click.IntRange(min=1), help="Only the K-th record of FILE (from 1).")
@click.option("--turn", help="The position after this turn, numbered as in the record: 12 after the turn "
                             "written 12. (the first side's), 12... after the one written 12... (the second "
                             "side's), 0 the start. A SetUp record counts from its own first number.",
              callback=_turn_option)
@click.option("--all", "every", is_flag=True, help="Every position of the main line, one diagram each.")
@click.option("--flip", is_flag=True, help="Draw the board from the second side's point of view.")
@click.option("--size", type=click.IntRange(min=100, max=4000), default=480, show_default=True,
              help="Width in pixels.")
@click.option("--game", help="With --position: the game of the position code.")
@click.option("--position", "code", help="Draw this position code instead of a record.")
@click.option("--format", "kind", type=click.Choice(["svg", "png", "pdf"]), default="svg", show_default=True,
              help="Each diagram as SVG, PNG, or a PDF page of its size (PNG and PDF need the images extra).")
@click.option("--gif", is_flag=True, help="Each record's main line as an animated GIF, one frame a position.")
@click.option("--delay", type=click.FloatRange(min=0.1, max=60), default=1.0, show_default=True,
              help="With --gif: seconds from one frame to the next (the last stays 3 times as long).")
@click.option("--sheet", is_flag=True, help="All the diagrams drawn in one PDF to print: A4 pages of six, "
                                            "each with a caption (the record, the turn and its comment).")
@click.option("--mark", "marks", multiple=True, metavar="CELLS",
              help="Mark cells, as [%mark] does: 'D4, H9 triangle red'. Shapes: outline (the default), circle, "
                   "square, triangle, cross; colours: green (the default), blue, red, orange, purple.")
@click.option("--arrow", "arrows", multiple=True, metavar="ARROWS",
              help="Draw arrows, as [%arrow] does: 'D4-E4, H9-H11 red' (blue by default).")
@click.option("--label", "labels", multiple=True, metavar="LABELS",
              help="Write on cells, as [%label] does: 'D4 A, H9 12'.")
@click.option("--dim", "dims", multiple=True, metavar="CELLS", help="Dim cells, as [%dim] does: 'A1, A2'.")
@click.option("-o", "--output", "out", default="-", show_default=True,
              help="The file (- for standard output), or folder when several are made.")
@_force_option
def diagram(source: str | None, record_index: int | None, turn: str | None, every: bool, flip: bool,
            size: int, game: str | None, code: str | None, kind: str, gif: bool, delay: float, sheet: bool,
            marks: tuple[str, ...], arrows: tuple[str, ...], labels: tuple[str, ...], dims: tuple[str, ...],
            out: str, force: bool) -> None:
    """Draw diagrams of record positions (by default the final one): SVG, PNG or PDF,
    an animated GIF of a game, or a sheet of them to print.

    One diagram of one record goes to the file OUT, standard output by default.
    With --all, or when FILE_OR_DIR is a folder or a file holding several records,
    OUT is a folder that mirrors the sources: a/game.tgn gives OUT/a/game.svg
    (OUT/a/game/NNN.svg per position with --all, NNN counting turns from 000, the
    start), and the K-th record of a file holding several is event-K. Names that
    would clash keep the file's extension (game.tgn.svg beside game.json.svg). An
    existing file is replaced only with --force. --mark, --arrow, --label and --dim
    add to what the turns' comments draw, on every diagram.

    \b
    Examples:
      ludoscribe diagram game.tgn -o final.svg
      ludoscribe diagram game.tgn --turn 12... --flip -o after-12.svg
      ludoscribe diagram game.tgn --turn 12 > after-12-first.svg
      ludoscribe diagram event.tgn --record 2 --all -o round2/
      ludoscribe diagram corpus -o diagrams/
      ludoscribe diagram --game teblo --position "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1" -o start.svg
      ludoscribe diagram game.tgn --format png --size 800 -o final.png
      ludoscribe diagram game.tgn --gif -o game.gif
      ludoscribe diagram event.tgn --sheet -o finals.pdf
      ludoscribe diagram game.tgn --turn 3 --mark "D4 triangle red" --arrow "D4-E4" --label "E5 A" -o idea.svg
    """
    from ..notation import check as check_record
    from ..notation.sources import output_names
    from ..render.diagram import caption, ply_of, record_diagrams, renderer_for

    if turn is not None and every:
        raise click.UsageError("--turn and --all exclude each other")
    if gif and (turn is not None or every or sheet or kind != "svg"):
        raise click.UsageError("--gif draws every position of the main line: it takes no --turn, --all, --sheet "
                               "nor --format")
    if sheet and kind != "svg":
        raise click.UsageError("--sheet writes a PDF: it takes no --format")
    extra = _annotations(marks, arrows, labels, dims)
    made = "gif" if gif else "sheet" if sheet else kind
    if made != "svg":
        _images_installed()
    options: dict[str, Any] = {"flipped": flip, "size": size, "extra": extra}
    if code is not None:
        if source is not None or game is None:
            raise click.UsageError("--position needs --game and no FILE")
        _draw_position(game, code, out, options, force, made, delay)
        return
    if source is None:
        raise click.UsageError("give a FILE_OR_DIR, or --game and --position")
    sources = _sources([source])
    chosen = [(path, index, record) for path, index, record in sources
              if record_index is None or index == record_index]
    if record_index is not None and not chosen and not sources.errors:
        raise click.UsageError(f"{source} has no record {record_index}")
    counts: dict[str, int] = {}
    for path, _, _ in chosen:
        counts[path] = counts.get(path, 0) + 1
    one_file = (len(chosen) == 1 and not os.path.isdir(source)) or sheet
    each = {"svg": "one SVG each", "png": "one PNG each", "pdf": "one PDF each", "gif": "one GIF each"}.get(made)
    if out == "-" and ((every and not sheet) or not one_file) and chosen:
        if every:
            raise click.UsageError(f"--all draws every position, {each}: give -o FOLDER")
        raise click.UsageError(f"{source} holds {_count(len(chosen), 'record')}, {each}: give -o FOLDER, "
                               "or choose one with --record K")
    if ((every and not sheet) or not one_file) and os.path.lexists(out) and not os.path.isdir(out):
        raise IOFailure(f"cannot write into {out}: it is not a folder")
    names = output_names([(path, index if counts[path] > 1 else None) for path, index, _ in chosen], source)
    failed = unwritten = False
    captioned: list[tuple[str, str, str]] = []
    suffix = f".{made}"
    for (path, index, record), name in zip(chosen, names):
        if check_record(record) is None or record.problems:
            failed = True
            _report(path, index, record)
            continue
        try:
            renderer_for(record.game)
            plies = None if every or gif else [len(record.moves) if turn is None else ply_of(record, turn)]
            _check_cells(record.game, extra)
        except ValueError as error:
            failed = True
            _note(f"{path}: record {index}: {error}")
            continue
        drawn = record_diagrams(record, plies, **options)
        if sheet:
            captioned.extend((svg, *caption(record, ply)) for ply, svg in drawn)
            continue
        outputs: list[tuple[str, str | bytes]]
        if gif:
            target = out if one_file else str(Path(out, f"{name}{suffix}"))
            outputs = [(target, _gif([svg for _, svg in drawn], delay))]
        else:
            outputs = [((str(Path(out, f"{ply:03d}{suffix}")) if every else out) if one_file else
                        str(Path(out, name, f"{ply:03d}{suffix}") if every else Path(out, f"{name}{suffix}")),
                        _encoded(svg, made)) for ply, svg in drawn]
        for target, data in outputs:
            try:
                _write(target, data, force)
            except IOFailure as error:
                unwritten = True
                _messages.say(error.format_message())
    if sheet and captioned:
        _write_sheet(out, captioned, force)
    sys.exit(Status.UNWRITABLE if unwritten else _status(sources, failed))


def _annotations(marks: tuple[str, ...], arrows: tuple[str, ...], labels: tuple[str, ...], dims: tuple[str, ...]):
    """The annotations given by --mark, --arrow, --label and --dim, read as their commands are
    (docs/diagrams.md); a word that is no shape or colour is a usage error."""
    from ..notation.annotations import NONE, read

    total = NONE
    for name, values in (("mark", marks), ("arrow", arrows), ("label", labels), ("dim", dims)):
        for value in values:
            try:
                total = total + read(name, value, strict=True)
            except ValueError as error:
                raise click.BadParameter(str(error), param_hint=f"'--{name}'") from None
    return total


def _check_cells(rules: Any, annotations: Any) -> None:
    """ValueError naming the cells of the options that the game's board lacks."""
    from ..render.diagram import unknown_cells

    unknown = unknown_cells(rules, annotations)
    if unknown:
        raise ValueError(f"{', '.join(unknown)} {'is no cell' if len(unknown) == 1 else 'are no cells'} of "
                         f"{rules.name}'s board (--mark, --arrow, --label, --dim)")


def _images_installed() -> None:
    """Exit 2 with one line saying how to install the images extra, when it is not installed."""
    from ..render.images import ImagesMissing, available

    try:
        available()
    except ImagesMissing as error:
        raise MissingExtra(str(error)) from None


def _encoded(svg: str, kind: str) -> str | bytes:
    from ..render.images import encoded

    return encoded(svg, kind)


def _gif(frames: list[str], delay: float) -> bytes:
    from ..render.images import gif

    return gif(frames, delay=delay, hold=3 * delay)


def _write_sheet(out: str, captioned: list[tuple[str, str, str]], force: bool) -> None:
    from ..render.images import sheet

    with _output(out, force, binary=True) as stream:
        sheet(stream, captioned)


@cli.command()
@click.argument("game", metavar="GAME")
@click.option("-o", "--output", "out", required=True,
              help="The record file (TGN): new (its folders are made), or one to go on with.")
def record(game: str, out: str) -> None:
    """Record a game of GAME at the table, turn by turn, into FILE.

    Asks for the tags (Enter keeps the default shown; the date as YYYY.MM.DD,
    two different players), then for each turn. Every turn is checked at once
    and an illegal one refused with the reason. Commands: undo, board (the
    position as text), comment TEXT, clock H:MM:SS (time left, as [%clk]),
    result 1-0|0-1|1/2-1/2|*, quit, help. A result is confirmed before it ends
    the game; when the rules end it, their result is proposed. The file is
    rewritten atomically after every change, so nothing is lost if the session
    dies; run the same command on the file to go on with it. A finished record
    is reopened if you say so. What undo or a reopening takes back stays in the
    record as a correction, a comment [%undone ...].

    \b
    Examples:
      ludoscribe record teblo -o round3-board1.tgn
      ludoscribe record tchako -o 2026-club/round2-board1.tgn
    """
    from .record import session

    session(game, out)


@cli.command()
@click.argument("game", metavar="GAME")
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True, help="How many records.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed gives the same records.")
@click.option("--max-turns", type=click.IntRange(min=0), default=200, show_default=True,
              help="A game still going after this many turns is left unfinished (*).")
@click.option("-o", "--output", "out", default="-", show_default=True, help="Output file; - is standard output.")
@_force_option
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
    from ..notation.generate import random_text

    try:
        text = random_text(game, count, seed, max_turns)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="GAME") from None
    _write(out, text, force)


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("--format", "form", type=click.Choice(["text", "markdown", "html", "csv"]), default="text",
              show_default=True, help="Output format.")
@click.option("--points", help="WIN,DRAW,LOSS points for every game, e.g. 1,0.5,0 (default: each game's "
                               "competition scoring, Teblo 3,1,0, the others 1,0.5,0).")
@click.option("-o", "--output", "out", default="-", show_default=True, help="Output file; - is standard output.")
@_force_option
def standings(paths: tuple[str, ...], form: str, points: str | None, out: str, force: bool) -> None:
    """Crosstable and standings of each event (Event tag) of the records.

    Players are the names in the side tags, as written. Ranking: points, then
    Sonneborn-Berger (points scored in each game times the opponent's points),
    then direct encounter (points among the players still tied), then wins.
    Unfinished games (*) are not counted. Records with problems are reported as by
    check and left out (exit status 1). The same game read twice (same tags and
    turns, e.g. game.tgn and its copy game.json) is counted once, the TGN record
    rather than its JSON copy, with a note.

    \b
    Examples:
      ludoscribe standings club/2026
      ludoscribe standings round*.tgn --format html -o standings.html
      ludoscribe standings event.tgn --points 2,1,0 --format csv
    """
    from ..notation import check as check_record
    from ..notation.duplicates import SeenGames, tgn_first
    from ..notation.standings import Scoring, by_event
    from ..render.standings import to_csv, to_html, to_markdown, to_text

    try:
        scoring = Scoring.parse(points) if points is not None else None
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--points") from None
    failed, seen = False, SeenGames()
    sources = _sources(paths)

    def valid() -> Iterator[Record]:
        """The records to count, one at a time: the table keeps only each game's players and result."""
        nonlocal failed
        for path, index, record in tgn_first(sources):
            check_record(record)
            if record.problems:
                failed = True
                _report(path, index, record)
            elif (first := seen.copy_of(path, index, record)) is not None:
                _note(seen.note(path, index, first, "counted"))
            else:
                yield record

    events = by_event(valid(), scoring)
    if form == "csv":
        text = to_csv(events)
    else:
        render = {"text": to_text, "markdown": to_markdown, "html": to_html}[form]
        text = "\n".join(render(event, table) for event, table in events.items())
    _write(out, text, force)
    sys.exit(_status(sources, failed))


def _draw_position(game: str, code: str, out: str, options: dict, force: bool, made: str, delay: float) -> None:
    from ..notation.games import game_class
    from ..render.diagram import caption_of_position, draw_annotated, renderer_for

    try:
        rules = game_class(game)()
        draw = renderer_for(rules)
        position = rules.read_position(code)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="--game/--position") from None
    extra = options.pop("extra")
    try:
        _check_cells(rules, extra)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    svg = draw_annotated(draw, position, extra, outcome=rules.outcome(position), **options)
    if made == "sheet":
        _write_sheet(out, [(svg, *caption_of_position(rules, code))], force)
    else:
        _write(out, _gif([svg], delay) if made == "gif" else _encoded(svg, made), force)


def _write(target: str, text: str | bytes, force: bool = False) -> None:
    """Write a whole output (text, or the bytes of an image) through `_output`; IOFailure if
    it cannot be written."""
    with _output(target, force, binary=isinstance(text, bytes)) as stream:
        stream.write(text)


class _Screen:
    """An output that is a terminal: control characters written escaped, as ls does."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        return self.stream.write(terminal_lines(text))


cli.add_command(filter_command)
cli.add_command(stats_command)
cli.add_command(serve_command)
cli.add_command(relay_command)


def main() -> None:
    """Entry point: run the command. Ctrl-C and SIGTERM end it with the status shells expect,
    its worker processes and temporary files gone; a bug shows as one line, never a traceback."""
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, SIGNALS)
    try:
        cli(prog_name="ludoscribe")
    except Stopped as stopped:  # every `finally` on the way has cleaned up
        sys.exit(stopped.status)
    except SystemExit:
        if SIGNALS.received is not None:  # the signal came where Python could not raise it: the run went on
            sys.exit(Status(128 + SIGNALS.received))
        raise
    except BrokenPipeError:  # a message about the end of the run could not be printed
        _stop_writing(sys.stderr)
        sys.exit(Status.CLOSED_PIPE)
    except Exception as error:  # noqa: BLE001 - the last guard before the user's terminal
        _note(f"ludoscribe: internal error: {type(error).__name__}: {error}")
        sys.exit(Status.INTERNAL)
    finally:
        if (parallel := sys.modules.get(f"{__package__.rpartition('.')[0]}.notation.parallel")) is not None:
            parallel.end_all()  # whatever went wrong, no worker outlives the run
