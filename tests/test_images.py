"""Images to take away (docs/diagrams.md#images): PNG, PDF, GIF and print sheets, opened
again and compared with the SVG they come from, as a real browser draws it."""

from __future__ import annotations

import io
import math
import sys

import pytest

PIL = pytest.importorskip("PIL.Image", reason="the images extra is not installed")  # noqa: N816
from PIL import Image, ImageChops, ImageSequence, ImageStat  # noqa: E402

from ludoscribe.notation import check, read_string  # noqa: E402
from ludoscribe.notation.annotations import COLOURS, SHAPES, Annotations, Arrow, Label, Mark  # noqa: E402
from ludoscribe.notation.games import game_class  # noqa: E402
from ludoscribe.render import images  # noqa: E402
from ludoscribe.render.diagram import draw_annotated, record_diagrams, renderer_for  # noqa: E402

CELLS = {  # five cells of each game for the five shapes, two more for labels
    "Teblo": ("D3", "E5", "F6", "G7", "H8", "I10", "J4"),
    "Staku": ("a1", "b2", "c3", "d4", "e4", "g6", "d2"),
    "Tektop": ("a1", "b2", "c3", "d4", "e5", "a5", "c1"),
    "Tekao": ("a1", "b2", "c3", "d4", "e5", "h8", "b7"),
    "TChako": ("A", "D", "F", "I", "K", "C", "L"),
}
NEIGHBOURS = {"Teblo": ("D3", "D4"), "Staku": ("a1", "a2"), "Tektop": ("a1", "b1"), "Tekao": ("c3", "d3"),
              "TChako": ("F", "G")}


def annotated(game: str, arrows: tuple[Arrow, ...] = ()) -> str:
    rules = game_class(game)()
    cells = CELLS[game]
    marks = tuple(Mark(cell, shape, colour) for cell, shape, colour in zip(cells, SHAPES, COLOURS))
    annotations = Annotations(marks, arrows or (Arrow(cells[0], cells[4], "red"),),
                              (Label(cells[5], "A"), Label(cells[6], "12")), (cells[1], cells[6]))
    return draw_annotated(renderer_for(rules), rules.start_position(), annotations)


def opened(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def difference(a: Image.Image, b: Image.Image, by: int = 96) -> tuple[float, float]:
    """The mean difference of two pictures (0-255, over every channel of every pixel), and the
    share of pixels that differ by more than `by` in some channel."""
    assert a.size == b.size
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    mean = sum(ImageStat.Stat(diff).mean) / 3
    far = diff.point(lambda value: 255 if value > by else 0).convert("L").histogram()[1:]  # any channel over `by`
    return mean, sum(far) / (a.width * a.height)


def in_browser(browser, svg: str) -> Image.Image:
    """The SVG as the browser draws it, at its own size (rounded to whole pixels, as resvg does)."""
    width, height = (round(side) for side in images.svg_size(svg))
    page = browser.new_page(viewport={"width": width, "height": math.ceil(images.svg_size(svg)[1])})
    try:
        page.set_content(f'<html><body style="margin:0;background:#fff">{svg}</body></html>')
        shot = page.screenshot(clip={"x": 0, "y": 0, "width": width, "height": height})
    finally:
        page.close()
    return opened(shot)


# --- PNG -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(CELLS))
def test_a_png_looks_as_the_browser_draws_its_svg(browser, game):
    svg = annotated(game)
    drawn = opened(images.png(svg))
    assert drawn.size == tuple(round(side) for side in images.svg_size(svg))
    mean, far = difference(drawn, in_browser(browser, svg))
    assert mean < 2 and far < 0.005, (mean, far)  # anti-aliasing and hinting apart, the same picture


@pytest.mark.parametrize("game", sorted(CELLS))
def test_labels_are_written_in_the_png(game):
    rules = game_class(game)()
    draw = renderer_for(rules)
    cell = CELLS[game][5]
    with_label = draw_annotated(draw, rules.start_position(), Annotations(labels=(Label(cell, "W"),)))
    badge_only = with_label.replace(">W</text>", "></text>")
    assert badge_only != with_label
    # the letter's dark strokes: pixels of the badge's text, found nowhere when the text is left out
    mean, far = difference(opened(images.png(with_label)), opened(images.png(badge_only)))
    assert far * Image.open(io.BytesIO(images.png(with_label))).width ** 2 > 20, (mean, far)


@pytest.mark.parametrize("game", sorted(NEIGHBOURS))
def test_an_arrow_between_neighbours_is_seen_across_the_gap_between_them(game):
    rules = game_class(game)()
    draw = renderer_for(rules)
    start, end = NEIGHBOURS[game]
    plain = opened(images.png(draw(rules.start_position())))
    svg = draw_annotated(draw, rules.start_position(), Annotations(arrows=(Arrow(start, end),)))
    with_arrow = opened(images.png(svg))
    centres = [_outline_centre(draw, rules, cell) for cell in (start, end)]
    seen = 0
    for step in range(9):  # along the middle of the way, where neither piece's middle is
        t = 0.3 + step * 0.05
        point = tuple(round(a + t * (b - a)) for a, b in zip(*centres))
        before, after = plain.getpixel(point), with_arrow.getpixel(point)
        seen += sum(abs(x - y) for x, y in zip(before, after)) > 40 and after[2] > after[0]  # bluer
    assert seen >= 8, seen


def _outline_centre(draw, rules, cell: str) -> tuple[float, float]:
    """The centre of a cell, as the middle of its outline mark's pixels."""
    plain = opened(images.png(draw(rules.start_position())))
    marked = opened(images.png(draw(rules.start_position(), marks=[cell])))
    box = ImageChops.difference(plain, marked).getbbox()
    assert box is not None
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


# --- GIF -----------------------------------------------------------------------------------------

GAME = """[Game "Teblo"]
[Result "*"]

1. D4 {[%arrow D4-E4] [%mark D4 triangle red]} H10 {[%label H10 A]} 2. (H9) {[%dim A1,A2]} G10 3. E4 *
"""


def test_a_gif_has_one_frame_a_turn_matching_each_turns_png():
    record = read_string(GAME)[0]
    check(record)
    assert not record.problems
    svgs = [svg for _, svg in record_diagrams(record)]
    assert len(svgs) == 6  # the start and five turns
    animation = Image.open(io.BytesIO(images.gif(svgs, delay=0.5, hold=2)))
    assert animation.n_frames == 6 and animation.info["loop"] == 0
    durations = []
    for svg, frame in zip(svgs, ImageSequence.Iterator(animation)):
        durations.append(frame.info["duration"])
        mean, far = difference(frame.convert("RGB"), opened(images.png(svg)))
        assert mean < 1.5 and far < 0.002, (mean, far)  # a palette of 256 colours for each frame
    assert durations == [500] * 5 + [2000]


def test_the_frames_keep_the_marks_arrows_labels_and_dims():
    record = read_string(GAME)[0]
    check(record)
    svgs = [svg for _, svg in record_diagrams(record)]
    animation = Image.open(io.BytesIO(images.gif(svgs)))
    bare = read_string(GAME.replace("{[%arrow D4-E4] [%mark D4 triangle red]}", "").replace("{[%label H10 A]}", "")
                       .replace("{[%dim A1,A2]}", ""))[0]
    check(bare)
    for ply, bare_svg in record_diagrams(bare, [1, 2, 3]):
        animation.seek(ply)
        frame = animation.convert("RGB")
        assert difference(frame, opened(images.png(svgs[ply])), by=40)[1] == 0
        assert difference(frame, opened(images.png(bare_svg)), by=40)[1] > 0.001  # what the commands drew is there


def test_a_gif_holds_two_frames_at_a_time_whatever_their_number(monkeypatch):
    """Frames are drawn and written one by one (docs/diagrams.md#bounds): the pictures held
    while a GIF is made are as many for 24 frames as for 6, counted, not timed."""
    import gc

    def most_held(frames: int) -> int:
        record = read_string(GAME)[0]
        check(record)
        svgs = [svg for _, svg in record_diagrams(record)]
        held: list[int] = []
        drawn = images.picture

        def counting(svg: str, scale: float = 1.0) -> Image.Image:
            held.append(sum(isinstance(thing, Image.Image) for thing in gc.get_objects()))
            return drawn(svg, scale)

        monkeypatch.setattr(images, "picture", counting)
        animation = Image.open(io.BytesIO(images.gif(iter((svgs * frames)[:frames]))))
        assert animation.n_frames == frames
        return max(held)

    assert most_held(24) == most_held(6)


def test_each_frame_of_a_records_gif_is_captioned_with_its_turn(tmp_path):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli
    from ludoscribe.render.captions import position_name

    source = tmp_path / "game.tgn"
    source.write_text(GAME, encoding="utf-8")
    result = CliRunner().invoke(cli, ["diagram", str(source), "--gif", "-o", str(tmp_path / "game.gif")])
    assert result.exit_code == 0, result.output
    record = read_string(GAME)[0]
    check(record)
    svgs = [svg for _, svg in record_diagrams(record)]
    animation = Image.open(tmp_path / "game.gif")
    width, height = (round(side) for side in images.svg_size(svgs[0]))
    assert animation.size[1] > height  # a band under the diagram
    names = [position_name(record, ply) for ply in range(len(svgs))]
    assert names[:3] == ["start", "after 1 D4", "after 1... H10"]
    for ply, frame in enumerate(ImageSequence.Iterator(animation)):
        band = frame.convert("RGB").crop((0, height, width, animation.size[1]))
        for name in names:
            expected = images.captioned(Image.new("RGB", (width, height), "white"), name).crop(
                (0, height, width, animation.size[1]))
            assert (difference(band, expected, by=40)[1] == 0) == (name == names[ply]), (ply, name)


def test_a_gif_over_its_bound_is_refused_in_one_line_before_any_frame_is_drawn(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli

    source = tmp_path / "game.tgn"
    source.write_text(GAME, encoding="utf-8")
    assert images.gif_problem(500, 480, 560) is None and images.gif_problem(1000, 480, 560) is not None  # 250 million
    drawn: list[str] = []
    monkeypatch.setattr(images, "picture", lambda svg, scale=1.0: drawn.append(svg))
    monkeypatch.setattr(images, "MAX_GIF_PIXELS", 100_000_000)
    result = CliRunner().invoke(cli, ["diagram", str(source), "--gif", "--size", "4000", "-o", str(tmp_path / "a.gif")])
    assert result.exit_code == 1
    assert result.output == (f"{source}: record 1: a GIF of 6 frames of 4000 by 4558 pixels would hold 109 million "
                             "pixels, more than the 100 million one GIF may hold: give a smaller --size\n")
    assert drawn == [] and not (tmp_path / "a.gif").exists()


def test_a_gif_over_its_bound_is_refused_in_the_chosen_language(tmp_path, monkeypatch):
    """The bound's message is a code with its parameters (images.ImageProblem), said in --lang's language."""
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli
    from ludoscribe.notation.languages import words

    source = tmp_path / "game.tgn"
    source.write_text(GAME, encoding="utf-8")
    monkeypatch.setattr(images, "MAX_GIF_PIXELS", 100_000_000)
    problem = images.gif_problem(6, 4000, 4558)
    assert problem is not None and problem.said.code is images.ImageProblem.GIF_TOO_LARGE
    assert problem.said.sentence_in(words("fr")) == (
        "un GIF de 6 images de 4000 sur 4558 pixels contiendrait 109 millions de pixels, plus que les 100 millions "
        "qu’un GIF peut contenir\u00a0: donnez une --size plus petite")
    result = CliRunner().invoke(cli, ["diagram", str(source), "--gif", "--size", "4000", "--lang", "fr",
                                      "-o", str(tmp_path / "a.gif")])
    assert result.exit_code == 1
    assert result.output.startswith(f"{source}\u00a0: partie 1\u00a0: ") and result.output.endswith(
        f": {problem.said.sentence_in(words('fr'))}\n") and "GIF of" not in result.output
    assert not (tmp_path / "a.gif").exists()


# --- PDF -----------------------------------------------------------------------------------------

pdfium = pytest.importorskip("pypdfium2")


@pytest.mark.parametrize("game", ["Teblo", "TChako"])
def test_a_pdf_is_one_page_of_the_diagrams_size_drawn_as_its_png(game):
    svg = annotated(game)
    width, height = images.svg_size(svg)
    document = pdfium.PdfDocument(images.pdf(svg))
    assert len(document) == 1
    page = document[0]
    assert page.get_size() == (pytest.approx(width * 0.75, abs=0.01), pytest.approx(height * 0.75, abs=0.01))
    shown = page.render(scale=4 / 3).to_pil().convert("RGB")  # a point is 4/3 of a CSS pixel
    mean, far = difference(shown.resize(opened(images.png(svg)).size), opened(images.png(svg)))
    assert mean < 3 and far < 0.01, (mean, far)


def test_a_sheet_puts_six_diagrams_and_their_captions_on_each_a4_page():
    svgs = [annotated(game) for game in sorted(CELLS)] * 2 + [annotated("Teblo")]  # 11 diagrams
    out = io.BytesIO()
    pages = images.sheet(out, [(svg, f"Diagram {k + 1}", "after 12... D4: a comment " * 8)
                                for k, svg in enumerate(svgs)])
    assert pages == 2
    document = pdfium.PdfDocument(out.getvalue())
    assert len(document) == 2
    assert document[0].get_size() == (pytest.approx(595.28, abs=0.01), pytest.approx(841.89, abs=0.01))
    for number, count in ((0, 6), (1, 5)):
        shown = document[number].render(scale=1).to_pil().convert("L")
        width, height = shown.size
        filled = 0
        for spot in range(6):  # a diagram, then its caption's dark text, in each of the 2 x 3 places
            left = 15 / 210 * width + (spot % 2) * (width / 2 - 15 / 210 * width + 4 / 210 * width)
            top = 15 / 297 * height + (spot // 2) * ((height - 30 / 297 * height + 8 / 297 * height) / 3)
            box = shown.crop((round(left), round(top), round(left + 86 / 210 * width), round(top + 80 / 297 * height)))
            filled += ImageStat.Stat(box).mean[0] < 240
        assert filled == count, (number, filled)


def page_text(document, number: int) -> str:
    return " ".join(document[number].get_textpage().get_text_range().split())


def test_a_pdf_is_drawn_as_vectors_with_its_text_as_text():
    svg = annotated("Teblo")
    data = images.pdf(svg)
    assert b"/Subtype /Image" not in data and b"/DCTDecode" not in data  # no picture of the page
    assert b"LiberationSans" in data  # the bundled font, embedded: the same on every machine
    text = page_text(pdfium.PdfDocument(data), 0)
    assert "Yellow to move" in text and "25 in hand" in text and "12" in text.split()
    assert len(data) < 80_000


def test_a_sheets_captions_are_whole_text_and_it_is_far_smaller_than_pictures():
    svgs = [annotated(game) for game in sorted(CELLS)] * 2 + [annotated("Teblo")]  # 11 diagrams
    comment = " ".join(f"after 12... D4: a comment of some length, number {k}." for k in range(8))
    out = io.BytesIO()
    assert images.sheet(out, [(svg, f"Ann – Bob · Diagram {k + 1}", comment) for k, svg in enumerate(svgs)]) == 2
    data = out.getvalue()
    assert b"/Subtype /Image" not in data and len(data) < 250_000  # pages as pictures took megabytes
    document = pdfium.PdfDocument(data)
    first, second = page_text(document, 0), page_text(document, 1)
    for k in range(11):
        assert f"Ann – Bob · Diagram {k + 1}" in (first if k < 6 else second)
    assert first.count(comment) == 6 and second.count(comment) == 5  # whole, never cut with '…'
    assert "…" not in first + second


def test_a_caption_longer_than_half_its_place_is_cut_and_the_diagram_keeps_half():
    svg = annotated("Teblo")
    out, cut = io.BytesIO(), []
    images.sheet(out, [(svg, "Title", "short"), (svg, "Title", "word " * 2000)], cut=cut)
    assert cut == [1]
    text = page_text(pdfium.PdfDocument(out.getvalue()), 0)
    assert text.endswith("…") and "Yellow to move" in text


def test_text_the_bundled_font_lacks_is_drawn_as_a_picture_never_dropped():
    """A PDF writes text in Liberation Sans only: a diagram or a caption line holding a
    character it lacks (a CJK name) is drawn as a picture, with the system's fonts."""
    assert images.in_font("Zoë – Ann · 12... D4 …") and not images.in_font("李")
    rules = game_class("Teblo")()
    plain = draw_annotated(renderer_for(rules), rules.start_position(), Annotations(labels=(Label("D4", "A"),)))
    foreign = draw_annotated(renderer_for(rules), rules.start_position(), Annotations(labels=(Label("D4", "李"),)))
    assert b"/Subtype /Image" not in images.pdf(plain) and b"/Subtype /Image" in images.pdf(foreign)
    out = io.BytesIO()
    images.sheet(out, [(plain, "李 – Ann", "after 1 D4: fine")])
    data = out.getvalue()
    assert b"/Subtype /Image" in data  # the title line
    text = page_text(pdfium.PdfDocument(data), 0)
    assert "after 1 D4: fine" in text and "Ann" not in text


def test_without_the_images_extra_the_error_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "resvg_py", None)
    with pytest.raises(images.ImagesMissing) as error:
        images.png("<svg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/>")
    assert str(error.value) == "PNG, PDF and GIF images need the images extra: pip install 'ludoscribe[images]'"
