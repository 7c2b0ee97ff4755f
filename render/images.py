"""Diagrams as images to take away (docs/diagrams.md#images): PNG, PDF, an animated GIF of
a game, and a print sheet of several diagrams with captions on A4 pages.

Every image starts as the game's SVG diagram. PNG pictures and GIF frames are drawn to
pixels by resvg (the `resvg-py` package), and Pillow puts GIF frames together and captions
them; PDFs (one diagram, or a sheet) are vectors with real text: svglib reads the SVG into
a ReportLab drawing, which ReportLab writes as PDF with the captions. All come with the
`images` extra and are imported only here, when an image is made. Text is drawn in the
Liberation Sans shipped beside this module (fonts/), whose letters are as wide as Arial's,
the sans-serif of most browsers: an image is the same on every machine and shows its SVG as
a browser does. For PNG and GIF pictures, the system's fonts are looked at only for
characters Liberation Sans lacks.
"""

from __future__ import annotations

import io
import re

from ..notation.annotations import NOT_IN_XML
from ..notation.problems import say
from ..notation.worded import Worded
from dataclasses import dataclass
import functools
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Iterable
from xml.etree import ElementTree

if TYPE_CHECKING:
    from PIL.Image import Image

FONTS = Path(__file__).resolve().parent / "fonts"
FONT_FILES = [str(FONTS / "LiberationSans-Regular.ttf"), str(FONTS / "LiberationSans-Bold.ttf")]
FONT = "Liberation Sans"
COVERED = re.compile("[\u0000-\u024f\u0370-\u04ff\u2000-\u206f]*")  # Latin, Greek, Cyrillic, punctuation
INSTALL = "PNG, PDF and GIF images need the images extra: pip install 'ludoscribe[images]'"
PRINT_DPI = 300  # pictures in a PDF: text in characters Liberation Sans lacks
PT_PER_PX = 0.75  # an SVG's pixel is a CSS pixel: 96 to the inch, and a PDF's point 72 to the inch
PDF_FONTS = ("LiberationSans", "LiberationSans-Bold")  # their names in a PDF
A4 = 210, 297  # millimetres
MAX_GIF_PIXELS = 250_000_000  # frames x width x height of one GIF (docs/diagrams.md#bounds)


class ImagesMissing(RuntimeError):
    """The packages that make images are not installed; the message says how to install them."""


def available() -> None:
    """Raise ImagesMissing unless resvg-py, Pillow, svglib and ReportLab can be imported."""
    try:
        import PIL.Image  # noqa: F401
        import reportlab  # noqa: F401
        import resvg_py  # noqa: F401
        import svglib  # noqa: F401
    except ImportError:
        raise ImagesMissing(INSTALL) from None


def png(svg: str, scale: float = 1.0) -> bytes:
    """The diagram as PNG, `scale` pixels to each of the SVG's pixels."""
    available()
    import resvg_py

    options: dict[str, Any] = {"zoom": scale} if scale != 1 else {}
    return resvg_py.svg_to_bytes(svg_string=str(svg), skip_system_fonts=COVERED.fullmatch(svg) is not None,
                                 font_files=FONT_FILES, font_family=FONT, sans_serif_family=FONT, **options)


def encoded(svg: str, kind: str) -> str | bytes:
    """The diagram as `kind`: "svg" (its text), "png" or "pdf"."""
    return svg if kind == "svg" else png(svg) if kind == "png" else pdf(svg)


def picture(svg: str, scale: float = 1.0) -> Image:
    """The diagram as an RGB image, on white where the SVG draws nothing."""
    from PIL import Image

    drawn = Image.open(io.BytesIO(png(svg, scale)))
    drawn.load()
    if drawn.mode == "RGB":
        return drawn
    rgba = drawn.convert("RGBA")
    flat = Image.new("RGB", rgba.size, "white")
    flat.paste(rgba, mask=rgba.getchannel("A"))
    return flat


def svg_size(svg: str) -> tuple[float, float]:
    """The width and height of an SVG picture, in CSS pixels (its viewBox's when it gives none)."""
    root = ElementTree.fromstring(svg)
    box = (root.get("viewBox") or "").replace(",", " ").split()
    sizes = []
    for index, name in enumerate(("width", "height")):
        value = (root.get(name) or "").removesuffix("px")
        sizes.append(float(value) if re.fullmatch(r"[0-9.]+", value) else float(box[2 + index]))
    return sizes[0], sizes[1]


def gif(frames: Iterable[str | tuple[str, str]], delay: float = 1.0, hold: float = 3.0) -> bytes:
    """An animated GIF, one frame for each SVG (or (SVG, caption) pair), `delay` seconds apart,
    the last one shown `hold` seconds before it starts again."""
    out = io.BytesIO()
    write_gif(out, ((frame, "") if isinstance(frame, str) else frame for frame in frames), delay, hold)
    return out.getvalue()


def gif_frame_size(svg: str, caption: str = "") -> tuple[int, int]:
    """The width and height in pixels of a GIF frame of this SVG, its caption's band included."""
    width, height = svg_size(svg)
    return round(width), round(height) + (_band(round(width))[1] if caption else 0)


class ImageProblem(Worded):
    """Why an image is not made, by its code (docs/diagrams.md#bounds), said in the chosen language."""

    GIF_TOO_LARGE = "gif-too-large", "a GIF of {frames} frames of {width} by {height} pixels would hold {pixels} " \
        "million pixels, more than the {limit} million one GIF may hold: give a smaller --size"


def gif_problem(frames: int, width: int, height: int) -> str | None:
    """Why a GIF of `frames` frames `width` by `height` pixels is not made, if it is over the
    bound (docs/diagrams.md#bounds): a code with its parameters (a Saying), said in a language."""
    pixels = frames * width * height
    if pixels <= MAX_GIF_PIXELS:
        return None
    return say(ImageProblem.GIF_TOO_LARGE, frames=frames, width=width, height=height,
               pixels=int(f"{pixels / 1e6:.0f}"), limit=int(f"{MAX_GIF_PIXELS / 1e6:.0f}"))


def write_gif(out: BinaryIO, frames: Iterable[tuple[str, str]], delay: float = 1.0, hold: float = 3.0) -> int:
    """Write an animated GIF into `out`, one frame for each (SVG, caption) pair, its caption in a
    band under it if it has one; the number of frames. Frames are drawn and written one at a
    time (no more than two are held, whatever their number): each is only the box of pixels
    that changed since the one before, with its own palette of at most 256 colours, and a
    frame like the one before lengthens it rather than being written."""
    available()
    from PIL import ImageChops
    from PIL.GifImagePlugin import getdata, getheader

    step, last = round(delay * 1000), round(max(hold, delay) * 1000)
    before: Image | None = None  # the last frame drawn, whole
    pending: tuple[Image, tuple[int, int], int] | None = None  # the last frame's changed box, where, how long
    count = 0

    def flush(duration: int) -> None:
        assert pending is not None
        box, at, _ = pending
        seen = box.info.get("transparency")
        if count == 1:  # the first frame: its palette is the whole GIF's, and it loops forever
            for part in getheader(box, info={"loop": 0, "duration": duration})[0]:
                out.write(part)
            parts = getdata(box, at, duration=duration, disposal=1)
        else:
            parts = getdata(box, at, duration=duration, disposal=1, include_color_table=True, transparency=seen)
        for part in parts:
            out.write(part)

    for svg, caption in frames:
        drawn = captioned(picture(svg), caption)
        if before is None:
            changed: tuple[int, int, int, int] | None = (0, 0, *drawn.size)
        else:
            difference = ImageChops.difference(before, drawn)
            changed = difference.getbbox()
        if changed is None and pending is not None:  # as the frame before: shown longer
            pending = (pending[0], pending[1], pending[2] + step)
            continue
        if pending is not None:
            flush(pending[2])
        changed = changed or (0, 0, 1, 1)
        count += 1
        box = _quantized(drawn.crop(changed), None if before is None else difference.crop(changed))
        pending = (box, (changed[0], changed[1]), step)
        before = drawn
    if pending is None:
        raise ValueError("a GIF needs at least one frame")
    flush(pending[2] - step + last)
    out.write(b";")  # the GIF's trailer
    return count


def _quantized(image: Image, difference: Image | None = None) -> Image:
    """The image in at most 256 colours, without dithering (no noise on flat colours); given
    its difference from the frame before, the pixels that did not change are left
    see-through, which makes the frame much smaller."""
    from PIL import ImageChops
    from PIL.Image import Dither

    if difference is None:
        return image.quantize(colors=256, dither=Dither.NONE)
    box = image.quantize(colors=255, dither=Dither.NONE)
    palette = box.getpalette() or []
    see_through = len(palette) // 3
    box.putpalette(palette + [255, 255, 255])
    red, green, blue = difference.split()
    unchanged = ImageChops.lighter(ImageChops.lighter(red, green), blue).point([255] + [0] * 255, "1")
    box.paste(see_through, mask=unchanged)
    box.info["transparency"] = see_through
    return box


def _band(width: int) -> tuple[int, int]:
    """The font size and the height of a frame's caption band, for a frame `width` pixels wide."""
    font = max(10, round(width * 0.032))
    return font, round(font * 1.8)


def captioned(image: Image, caption: str) -> Image:
    """The picture with `caption` in a band under it (the same picture if there is none),
    cut with '…' if it is too wide; drawn by resvg as the diagrams are, so that a character
    Liberation Sans lacks is looked for in the system's fonts."""
    if not caption:
        return image
    from PIL import Image as Images, ImageFont

    size, height = _band(image.width)
    room = image.width - 2 * size
    width_of = ImageFont.truetype(FONT_FILES[0], size).getlength
    line = caption if width_of(caption) <= room else _cut(caption, width_of, room)
    framed = Images.new("RGB", (image.width, image.height + height), "white")
    framed.paste(image, (0, 0))
    framed.paste(picture(text_svg(line, image.width, height, size)), (0, image.height))
    return framed


def text_svg(text: str, width: float, height: float, size: float, bold: bool = False) -> str:
    """An SVG `width` by `height` holding one line of text, centred, `size` pixels high."""
    from xml.sax.saxutils import escape

    weight = ' font-weight="bold"' if bold else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
            f'viewBox="0 0 {width:g} {height:g}"><text x="{width / 2:g}" y="{height / 2 + size * 0.35:g}" '
            f'font-family="sans-serif" font-size="{size:g}"{weight} text-anchor="middle" fill="#222222">'
            f'{escape(NOT_IN_XML.sub("", text))}</text></svg>')


def pdf(svg: str) -> bytes:
    """The diagram as a one-page PDF of its own size, drawn as vectors with its text as text."""
    available()
    out = io.BytesIO()
    width, height = (side * PT_PER_PX for side in svg_size(svg))
    page = _canvas(out, (width, height))
    _draw_svg(page, svg, 0, 0, 1.0)
    page.showPage()
    page.save()
    return out.getvalue()


def _canvas(out: BinaryIO, size: tuple[float, float]) -> Any:
    """A ReportLab canvas writing a PDF into `out`, the same bytes for the same drawing (no
    date, no random identifier in it)."""
    from reportlab.pdfgen.canvas import Canvas

    _fonts()
    return Canvas(out, pagesize=size, invariant=True, pageCompression=1)


@lru_cache(maxsize=1)
def _fonts() -> None:
    """Liberation Sans made the PDFs' font: for the SVG's sans-serif text (svglib) and captions."""
    from svglib import fonts

    for family in ("sans-serif", FONT):  # the diagrams name sans-serif; registered with ReportLab too
        for weight, name, path in (("normal", PDF_FONTS[0], FONT_FILES[0]), ("bold", PDF_FONTS[1], FONT_FILES[1])):
            if fonts.register_font(family, path, weight=weight, rlgFontName=name)[0] is None:
                raise ImagesMissing(f"the font {path} cannot be read: reinstall ludoscribe")


def in_font(text: str) -> bool:
    """Whether Liberation Sans has every character of `text` (an SVG's markup is ASCII)."""
    from reportlab.pdfbase.pdfmetrics import getFont

    _fonts()
    if text.isascii():
        return True
    return all(min(ord(char) in getFont(name).face.charToGlyph for name in PDF_FONTS) or char.isspace()
               for char in set(text))


def _reader(image: Image) -> Any:
    from reportlab.lib.utils import ImageReader

    return ImageReader(image)


def _draw_svg(page: Any, svg: str, x: float, y: float, scale: float) -> None:
    """Draw the diagram on a PDF page, its bottom left corner at (x, y) points, `scale` times its size."""
    from lxml import etree
    from reportlab.graphics import renderPDF
    from svglib.svglib import SvgRenderer

    if not in_font(svg):  # a character Liberation Sans lacks: a picture, drawn with the system's fonts
        width, height = svg_size(svg)
        page.drawImage(_reader(picture(svg, scale * PRINT_DPI / 96)), x, y, width * PT_PER_PX * scale,
                       height * PT_PER_PX * scale)
        return
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    drawing = SvgRenderer("").render(etree.fromstring(svg.encode("utf-8"), parser=parser))
    drawing.scale(scale, scale)
    drawing.width, drawing.height = drawing.width * scale, drawing.height * scale
    renderPDF.draw(drawing, page, x, y)


# --- the print sheet ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """A sheet's page: its size, margins and grid of diagrams, in millimetres."""

    columns: int = 2
    rows: int = 3
    margin: float = 15.0
    gap: float = 8.0
    font: float = 9.0  # points
    least_diagram: float = 0.5  # the share of a place its diagram keeps, however long the caption


def sheet(out: BinaryIO, diagrams: Iterable[tuple[str, str, str]], layout: Layout = Layout(),
          cut: list[int] | None = None) -> int:
    """Write a print sheet: A4 pages of diagrams, `layout.columns` by `layout.rows`, each
    with its caption under it, a title line (bold) and text, whole: a longer caption takes
    room from its diagram, down to `layout.least_diagram` of the place, and is cut with '…'
    only past that (its number, from 0, added to `cut`). Vectors and text, in Liberation
    Sans. `diagrams` holds (SVG, title, text). The number of pages written."""
    available()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    point = 72 / 25.4  # points per millimetre
    width, height = A4[0] * point, A4[1] * point
    margin, gap = layout.margin * point, layout.gap * point
    cell_width = (width - 2 * margin - (layout.columns - 1) * gap) / layout.columns
    cell_height = (height - 2 * margin - (layout.rows - 1) * gap) / layout.rows
    size, leading = layout.font, layout.font * 1.3
    most_lines = int(cell_height * (1 - layout.least_diagram) / leading)
    per_page = layout.columns * layout.rows
    page = _canvas(out, (width, height))
    index = -1
    for index, (svg, title, text) in enumerate(diagrams):
        if index and index % per_page == 0:
            page.showPage()
        spot = index % per_page
        left = margin + (spot % layout.columns) * (cell_width + gap)
        top = height - margin - (spot // layout.columns) * (cell_height + gap)
        lines = [(PDF_FONTS[1], line) for line in wrapped(title, PDF_FONTS[1], size, cell_width)]
        lines += [(PDF_FONTS[0], line) for line in wrapped(text, PDF_FONTS[0], size, cell_width)]
        if len(lines) > most_lines:
            if cut is not None:
                cut.append(index)
            lines = lines[:most_lines]
            font, last = lines[-1]
            lines[-1] = (font, _cut(last, functools.partial(stringWidth, fontName=font, fontSize=size), cell_width))
        room = cell_height - len(lines) * leading - size * 0.5
        svg_width, svg_height = (side * PT_PER_PX for side in svg_size(svg))
        scale = min(cell_width / svg_width, room / svg_height)
        drawn_height = svg_height * scale
        _draw_svg(page, svg, left + (cell_width - svg_width * scale) / 2, top - drawn_height, scale)
        page.setFillColor("#222222")
        y = top - drawn_height - size * 0.5 - size
        for font, line in lines:
            if in_font(line):
                page.setFont(font, size)
                page.drawCentredString(left + cell_width / 2, y, line)
            else:  # a character Liberation Sans lacks: the line as a picture, drawn with the system's fonts
                band = text_svg(line, cell_width / PT_PER_PX, leading / PT_PER_PX, size / PT_PER_PX,
                                bold=font == PDF_FONTS[1])
                page.drawImage(_reader(picture(band, PRINT_DPI / 96)), left, y - (leading - size) - size * 0.2,
                               cell_width, leading)
            y -= leading
    if index < 0:
        return 0
    page.showPage()
    page.save()
    return index // per_page + 1


def wrapped(text: str, font: str, size: float, width: float) -> list[str]:
    """`text` cut into lines no wider than `width` points at spaces (a longer word is cut where it must)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    lines: list[str] = []
    for word in text.split():
        if lines and stringWidth(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
            continue
        while stringWidth(word, font, size) > width:  # a word wider than the line: as much as fits, then the rest
            fits = next(end for end in range(len(word) - 1, 0, -1) if stringWidth(word[:end], font, size) <= width)
            lines.append(word[:fits])
            word = word[fits:]
        lines.append(word)
    return lines


def _cut(line: str, width_of: Callable[[str], float], width: float) -> str:
    """The line ended with '…', shortened until it fits in `width` (as `width_of` measures text)."""
    while line and width_of(line + "…") > width:
        line = line[:-1].rstrip()
    return line + "…"
