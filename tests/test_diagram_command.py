"""The diagram command's images and annotation options (docs/cli.md#diagram), as a user runs it."""

from __future__ import annotations

import io
import math
import shutil
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.render.diagram import record_diagrams

Image = pytest.importorskip("PIL.Image", reason="the images extra is not installed")
pdfium = pytest.importorskip("pypdfium2")
from ludoscribe.render import images  # noqa: E402

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
EVENT = CORPUS / "teblo" / "spring-quadrangular-2024.tgn"  # three records
SHORT_EVENT = Path(__file__).resolve().parent / "records" / "short-event.tgn"  # three records of one to five turns
START = "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"


def run(*args: str):
    return CliRunner().invoke(cli, ["diagram", *args])


def test_png_and_pdf_are_the_images_of_the_svg_the_command_draws(tmp_path):
    svg_out, png_out, pdf_out = tmp_path / "f.svg", tmp_path / "f.png", tmp_path / "f.pdf"
    for kind, target in (("svg", svg_out), ("png", png_out), ("pdf", pdf_out)):
        result = run(str(EVENT), "--record", "3", "--format", kind, "-o", str(target))
        assert result.exit_code == 0, result.output
    svg = svg_out.read_text(encoding="utf-8")
    assert png_out.read_bytes() == images.png(svg)
    assert pdf_out.read_bytes() == images.pdf(svg)  # the same bytes every time: nothing of the clock in it
    assert len(pdfium.PdfDocument(str(pdf_out))) == 1


def test_all_positions_as_png_are_named_by_ply(tmp_path):
    result = run(str(EVENT), "--record", "1", "--all", "--format", "png", "-o", str(tmp_path / "all"))
    assert result.exit_code == 0, result.output
    record = list(load(str(EVENT)))[0]
    check(record)
    assert sorted(path.name for path in (tmp_path / "all").iterdir()) == [
        f"{ply:03d}.png" for ply in range(len(record.moves) + 1)]


def test_a_gif_per_record_one_frame_a_position(tmp_path):
    result = run(str(SHORT_EVENT), "--gif", "--delay", "0.5", "-o", str(tmp_path / "gifs"))
    assert result.exit_code == 0, result.output
    records = list(load(str(SHORT_EVENT)))
    assert sorted(len(record.moves) for record in records) == [2, 4, 5]  # a frame count of its own for each
    assert len(list((tmp_path / "gifs").iterdir())) == len(records)
    for number, record in enumerate(records, 1):
        check(record)
        animation = Image.open(tmp_path / "gifs" / f"short-event-{number}.gif")
        assert animation.n_frames == len(record.moves) + 1
        assert animation.info["duration"] == 500


def test_a_sheet_holds_every_diagram_drawn_six_a_page(tmp_path):
    folder = tmp_path / "in"
    shutil.copytree(CORPUS / "teblo", folder)
    records = [record for path in sorted(folder.glob("*.tgn")) for record in load(str(path))]
    result = run(str(folder), "--sheet", "-o", str(tmp_path / "sheet.pdf"))
    assert result.exit_code == 0, result.output
    assert len(records) > 6
    assert len(pdfium.PdfDocument(str(tmp_path / "sheet.pdf"))) == math.ceil(len(records) / 6)
    result = run(str(EVENT), "--record", "2", "--all", "--sheet", "-o", str(tmp_path / "one.pdf"))
    assert result.exit_code == 0, result.output
    record = list(load(str(EVENT)))[1]
    check(record)
    assert len(pdfium.PdfDocument(str(tmp_path / "one.pdf"))) == math.ceil((len(record.moves) + 1) / 6)


def test_the_options_draw_on_a_position_code_without_a_record(tmp_path):
    out = tmp_path / "idea.svg"
    result = run("--game", "teblo", "--position", START, "--mark", "D4 triangle red, H9", "--mark", "E5 cross",
                 "--arrow", "D3-D4 orange", "--label", "E6 A, F6 12", "--dim", "A1,A2", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = ElementTree.fromstring(out.read_text(encoding="utf-8"))
    classes = [element.get("class") for element in root.iter() if element.get("class")]
    assert [name for name in classes if name.startswith("mark")] == ["mark triangle", "mark outline", "mark cross"]
    assert classes.count("label") == 2 and classes.count("dim") == 2


def test_the_options_add_to_what_the_record_draws(tmp_path):
    record = list(load(str(EVENT)))[2]
    check(record)
    [(_, plain)] = record_diagrams(record, [len(record.moves)])
    out = tmp_path / "final.svg"
    result = run(str(EVENT), "--record", "3", "--mark", "D4 circle", "-o", str(out))
    assert result.exit_code == 0, result.output
    drawn = out.read_text(encoding="utf-8")
    assert drawn != plain and drawn.count('class="mark circle"') == 1


@pytest.mark.parametrize("args, message", [
    (["--mark", "D4 tirangle"], "Error: Invalid value for '--mark': 'tirangle' is neither a shape (outline, circle, "
                                "square, triangle, cross) nor a colour (green, blue, red, orange, purple)"),
    (["--arrow", "D4"], "Error: Invalid value for '--arrow': 'D4' is not an arrow FROM-TO, such as D4-E4"),
    (["--label", "D4"], "Error: Invalid value for '--label': the label on D4 has no text: give the cell, a space "
                        "and the text (D4 A)"),
    (["--gif", "--turn", "3"], "Error: --gif draws every position of the main line: it takes no --turn, --all, "
                               "--sheet nor --format"),
    (["--sheet", "--format", "png"], "Error: --sheet writes a PDF: it takes no --format"),
])
def test_wrong_options_are_usage_errors(args, message):
    result = run(str(EVENT), *args)
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == message


def test_a_cell_the_board_lacks_is_reported_with_its_record(tmp_path):
    result = run(str(EVENT), "--record", "3", "--mark", "Z99", "--arrow", "D4-Q1", "-o", str(tmp_path / "x.svg"))
    assert result.exit_code == 1
    assert result.output == (f"{EVENT}: record 3: Z99, Q1 are no cells of Teblo's board "
                             "(--mark, --arrow, --label, --dim)\n")
    assert not (tmp_path / "x.svg").exists()
    result = run("--game", "teblo", "--position", START, "--dim", "M1", "-o", str(tmp_path / "x.svg"))
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == "Error: M1 is no cell of Teblo's board (--mark, --arrow, --label, --dim)"


def test_without_the_images_extra_one_line_says_how_to_install_it(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    for args in (["--format", "png"], ["--gif"], ["--sheet"]):
        result = run(str(EVENT), "--record", "1", *args, "-o", str(tmp_path / "out"))
        assert result.exit_code == 2
        assert result.output == ("Error: PNG, PDF and GIF images need the images extra: "
                                 "pip install 'ludoscribe[images]'\n")
        assert not (tmp_path / "out").exists()
    assert run(str(EVENT), "--record", "1", "-o", str(tmp_path / "out.svg")).exit_code == 0  # SVG needs nothing more


def test_an_image_is_not_written_to_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    command = Path(sys.executable).parent / "ludoscribe"
    child = pexpect.spawn(str(command), ["diagram", str(EVENT), "--record", "1", "--format", "png"], encoding="utf-8")
    child.expect(pexpect.EOF, timeout=60)
    child.close()
    assert child.exitstatus == 2
    assert child.before.strip() == ("an image is not written to a terminal: give -o FILE, or send standard output to "
                                    "a file or a pipe")


def test_a_png_goes_to_standard_output_when_it_is_not_a_terminal():
    result = CliRunner().invoke(cli, ["diagram", str(EVENT), "--record", "1", "--format", "png"])
    assert result.exit_code == 0
    assert Image.open(io.BytesIO(result.stdout_bytes)).format == "PNG"
