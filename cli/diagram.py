"""`ludoscribe diagram`: diagrams of record positions, or of a position code, as SVG, PNG or
PDF, an animated GIF of a game, or a sheet of them to print (docs/cli.md#diagram).

The images extra (render/images.py) imports its packages only when an image is made."""

from __future__ import annotations

import itertools
import os
import sys
from pathlib import Path
from typing import Any, Iterator

import click

from ..notation import check as check_record
from ..notation.annotations import MAX_PER_DIAGRAM, Annotations, DiagramProblem, joined, read
from ..notation.games import SomeGame, game_class
from ..notation.languages import Words, words
from ..notation.model import Record
from ..notation.problems import message_of, sentence_in
from ..notation.problems import say as coded
from ..notation.archive.sources import Sources, output_names
from ..render.diagram import crowded, draw_annotated, ply_of, record_diagrams, renderer_for, turn_spec, unknown_cells
from ..render import images
from .errors import IOFailure, MissingExtra, Status, exit_status
from .inputs import read_sources
from .messages import no_record, note, report, say
from .options import force_option, language_option
from .outputs import output, write
from .progress import Progress, written_to


@click.command()
@click.argument("source", required=False, metavar="[FILE_OR_DIR]")
@click.option("--record", "record_index", type=click.IntRange(min=1), help="Only the K-th record of FILE (from 1).")
@click.option("--turn",
              help="The position after this turn, numbered as in the record: 12 after the turn "
                   "written 12. (the first side's), 12... after the one written 12... (the second "
                   "side's), 0 the start. A SetUp record counts from its own first number.")
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
@click.option("--dim", "dims", multiple=True, metavar="CELLS",
              help="Dim cells, as [%dim] does: 'A1, A2'.")
@click.option("-o", "--output", "out", default="-", show_default=True,
              help="The file (- for standard output), or folder when several are made.")
@force_option
@language_option
def diagram(source: str | None, record_index: int | None, turn: str | None, every: bool, flip: bool,
            size: int, game: str | None, code: str | None, kind: str, gif: bool, delay: float, sheet: bool,
            marks: tuple[str, ...], arrows: tuple[str, ...], labels: tuple[str, ...], dims: tuple[str, ...], out: str,
            force: bool, language: str) -> None:
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
      ludoscribe diagram game.tgn --lang fr -o finale.svg
    """
    said = words(language)
    if turn is not None:  # refused before any record is read
        try:
            turn_spec(turn)
        except ValueError as error:
            raise click.BadParameter(sentence_in(message_of(error), said), click.get_current_context(),
                                     param_hint="'--turn'") from None
    _check_choices(turn, every, gif, sheet, kind, said)
    extra = joined(_annotations({"mark": marks, "arrow": arrows, "label": labels, "dim": dims}, said))
    if len(extra) > MAX_PER_DIAGRAM:
        raise click.UsageError(say_in(said, DiagramProblem.TOO_MANY, count=len(extra), limit=MAX_PER_DIAGRAM))
    made = _made(gif, sheet, kind)
    options: dict[str, Any] = {"flipped": flip, "size": size, "extra": extra}
    if said.language != "en":  # the diagrams' words (who is to move, pieces in hand...) in that language
        options["words"] = said
    if code is not None:
        if source is not None or game is None:
            raise click.UsageError(said.gettext("--position needs --game and no FILE"))
        _draw_position(game, code, out, options, force, made, delay, said)
        return
    if source is None:
        raise click.UsageError(said.gettext("give a FILE_OR_DIR, or --game and --position"))
    sources = read_sources([source], words=said)
    chosen = _chosen(sources, source, record_index, said)
    one_file = (len(chosen) == 1 and not os.path.isdir(source)) or sheet
    _check_output(source, out, chosen, every=every, into_folder=(every and not sheet) or not one_file, made=made,
                  said=said)
    names = _names(chosen, source)
    failed = unwritten = False
    captioned: list[tuple[str, str, str]] = []
    progress, written = Progress("record", len(chosen), output=out, words=said), 0
    for (path, index, record), name in progress.each(zip(chosen, names)):
        drawn = _drawn(path, index, record, turn, every, gif, extra, options, said)
        if drawn is None:
            failed = True
            continue
        if sheet:
            captioned.extend(_captioned(record, drawn, said))
            continue
        for target, data in _outputs(drawn, out, name, made, one_file=one_file, every=every):
            try:
                if gif:
                    _write_gif(target, record, drawn, delay, force, said)
                else:
                    write(target, data, force)
                written += 1
            except IOFailure as error:
                unwritten = True
                say(error.format_message())
    if sheet and captioned:
        progress.show(said.ngettext("making the sheet of {count} diagram...", "making the sheet of {count} diagrams...",
                                    len(captioned)).format(count=len(captioned)))
        _write_sheet(out, captioned, force, said)
        written = 1
    progress.finish(said.gettext("wrote {output}").format(output=written_to(out, said)) if written == 1 else
                    said.ngettext("wrote {count} file to {output}", "wrote {count} files to {output}", written).format(
                        count=written, output=out))
    sys.exit(Status.UNWRITABLE if unwritten else exit_status(sources, failed))


def _check_choices(turn: str | None, every: bool, gif: bool, sheet: bool, kind: str, said: Words) -> None:
    """A usage error for options that exclude each other."""
    if turn is not None and every:
        raise click.UsageError(said.gettext("--turn and --all exclude each other"))
    if gif and (turn is not None or every or sheet or kind != "svg"):
        raise click.UsageError(said.gettext("--gif draws every position of the main line: it takes no --turn, --all, "
                                            "--sheet nor --format"))
    if sheet and kind != "svg":
        raise click.UsageError(said.gettext("--sheet writes a PDF: it takes no --format"))


def _annotations(given: dict[str, tuple[str, ...]], said: Words) -> list[Annotations]:
    """--mark, --arrow, --label, --dim read as the record's commands of those names are (docs/diagrams.md); a
    word that is no shape or colour is a usage error, said in the command's language."""
    read_ones = []
    for command, values in given.items():
        for value in values:
            try:
                read_ones.append(read(command, value, strict=True))
            except ValueError as error:
                raise click.BadParameter(sentence_in(message_of(error), said), click.get_current_context(),
                                         param_hint=f"'--{command}'") from None
    return read_ones


def say_in(said: Words, code: DiagramProblem, **params: int | str) -> str:
    """A code with its parameters, said in the language of `said`."""
    return sentence_in(coded(code, **params), said)


def in_record(path: str, index: int, problem: str, said: Words) -> str:
    """FILE: record K: problem, the problem said again from its code in the language of `said`."""
    return said.gettext("{path}: record {index}: {problem}").format(path=path, index=index,
                                                                    problem=sentence_in(problem, said))


def _made(gif: bool, sheet: bool, kind: str) -> str:
    """What is made (svg, png, pdf, gif or sheet), once the images extra is found for all but SVG."""
    made = "gif" if gif else "sheet" if sheet else kind
    if made != "svg":
        try:
            images.available()
        except images.ImagesMissing as error:
            raise MissingExtra(str(error)) from None
    return made


def _chosen(sources: Sources, source: str, record_index: int | None, said: Words) -> list[tuple[str, int, Record]]:
    """The records to draw: all, or the K-th of each file with --record K (a usage error if none has it)."""
    chosen = [(path, index, record) for path, index, record in sources
              if record_index is None or index == record_index]
    if record_index is not None and not chosen and not sources.errors:
        raise click.UsageError(no_record(source, record_index, said))
    return chosen


def _check_output(source: str, out: str, chosen: list[tuple[str, int, Record]], *, every: bool, into_folder: bool,
                  made: str, said: Words) -> None:
    """A usage error when several files would go to standard output; IOFailure when OUT must be a
    folder and is a file."""
    each = said.gettext("one {kind} each").format(kind=made.upper())
    if out == "-" and into_folder and chosen:
        if every:
            raise click.UsageError(said.gettext("--all draws every position, {each}: give -o FOLDER").format(each=each))
        raise click.UsageError(said.ngettext("{source} holds {count} record, {each}: give -o FOLDER, or choose one "
                                             "with --record K", "{source} holds {count} records, {each}: give -o "
                                             "FOLDER, or choose one with --record K", len(chosen)).format(
                                                 source=source, count=len(chosen), each=each))
    if into_folder and os.path.lexists(out) and not os.path.isdir(out):
        raise IOFailure(said.gettext("cannot write into {output}: it is not a folder").format(output=out))


def _names(chosen: list[tuple[str, int, Record]], source: str) -> list[str]:
    """The output name of each record, numbered only in files holding several (docs/cli.md#diagram)."""
    counts: dict[str, int] = {}
    for path, _, _ in chosen:
        counts[path] = counts.get(path, 0) + 1
    return output_names([(path, index if counts[path] > 1 else None) for path, index, _ in chosen], source)


def _drawn(path: str, index: int, record: Record, turn: str | None, every: bool, gif: bool, extra: Annotations,
           options: dict[str, Any], said: Words) -> Iterator[tuple[int, str]] | None:
    """The diagrams of a record, drawn one by one as they are taken: of every position, or of
    the one after `turn` (the final one by default); None once a record that cannot be drawn,
    or whose GIF would be over its bound, is reported."""
    if check_record(record) is None or record.problems:
        report(path, index, record, said)
        return None
    try:
        renderer_for(record.rules)
        plies = None if every or gif else [len(record.moves) if turn is None else ply_of(record, turn)]
        _check_cells(record.rules, extra)
    except ValueError as error:
        note(in_record(path, index, message_of(error), said))
        return None
    if (problem := crowded(record, plies, extra)) is not None:
        record.problems.append(problem)
        report(path, index, record, said)
        return None
    drawn = record_diagrams(record, plies, **options)
    if not gif:
        return drawn
    first = next(drawn)  # the start: its size is every frame's
    if (too_large := images.gif_problem(len(record.moves) + 1, *images.gif_frame_size(first[1], "start"))):
        note(in_record(path, index, too_large, said))
        return None
    return itertools.chain([first], drawn)


def _write_gif(target: str, record: Record, drawn: Iterator[tuple[int, str]], delay: float, force: bool,
               said: Words) -> None:
    """A record's main line as a GIF written into `target` frame by frame, each captioned with its turn."""
    from ..render.captions import position_name  # only GIFs and sheets have captions

    with output(target, force, binary=True) as stream:
        images.write_gif(stream, ((svg, position_name(record, ply, said)) for ply, svg in drawn), delay, 3 * delay)


def _outputs(drawn: Iterator[tuple[int, str]], out: str, name: str, made: str, *, one_file: bool,
             every: bool) -> Iterator[tuple[str, str | bytes]]:
    """Each file to write, with its content, one image per diagram made as it is written
    (docs/cli.md#diagram); a GIF's name alone, its frames written as they are drawn."""
    suffix = f".{made}"
    if made == "gif":
        yield out if one_file else str(Path(out, f"{name}{suffix}")), b""
        return
    for ply, svg in drawn:
        yield ((str(Path(out, f"{ply:03d}{suffix}")) if every else out) if one_file else
               str(Path(out, name, f"{ply:03d}{suffix}") if every else Path(out, f"{name}{suffix}")),
               images.encoded(svg, made))


def _check_cells(rules: SomeGame, annotations: Annotations) -> None:
    """ValueError naming the cells of the options that the game's board lacks."""
    unknown = unknown_cells(rules, annotations)
    if unknown:
        raise ValueError(coded(DiagramProblem.NO_CELLS, cells=unknown, count=len(unknown), game=rules.name))


def _draw_position(game: str, code: str, out: str, options: dict[str, Any], force: bool, made: str,
                   delay: float, said: Words) -> None:
    try:
        rules = game_class(game)()
        draw = renderer_for(rules)
        position = rules.read_position(code)
    except ValueError as error:
        raise click.BadParameter(sentence_in(message_of(error), said), param_hint="--game/--position") from None
    extra = options.pop("extra")
    try:
        _check_cells(rules, extra)
    except ValueError as error:
        raise click.UsageError(sentence_in(message_of(error), said)) from None
    svg = draw_annotated(draw, position, extra, outcome=rules.outcome(position), **options)
    if made == "sheet":
        from ..render.captions import caption_of_position  # only a sheet has captions

        _write_sheet(out, [(svg, *caption_of_position(rules, code))], force, said)
    else:
        write(out, images.gif([svg], delay=delay, hold=3 * delay) if made == "gif" else images.encoded(svg, made),
              force)


def _captioned(record: Record, drawn: Iterator[tuple[int, str]], said: Words) -> list[tuple[str, str, str]]:
    """Each diagram of a record with its caption, for a sheet (captions are imported only for
    sheets and GIFs, never for the other outputs)."""
    from ..render.captions import caption

    return [(svg, *caption(record, ply, said)) for ply, svg in drawn]


def _write_sheet(out: str, captioned: list[tuple[str, str, str]], force: bool, said: Words) -> None:
    cut: list[int] = []
    with output(out, force, binary=True) as stream:
        images.sheet(stream, captioned, cut=cut)
    for index in cut:  # written all the same, said (docs/diagrams.md#images)
        _, title, text = captioned[index]
        note(said.gettext("{output}: the caption of diagram {number} ({title}, {turn}) is cut: its comment is longer "
                          "than half of its place on the sheet").format(output=out, number=index + 1, title=title,
                                                                        turn=text.partition(":")[0]))
