"""Diagrams as images to take away (docs/diagrams.md#images): PNG, PDF, an animated GIF of
a game, and a print sheet of several diagrams with captions on A4 pages.

Every image starts as the game's SVG diagram, drawn to pixels by resvg (the `resvg-py`
package); Pillow puts pixels together (GIF frames, sheet pages, captions) and encodes
JPEG. Both come with the `images` extra and are imported only here, when an image is made.
Text is drawn in the Liberation Sans shipped beside this module (fonts/), whose letters are
as wide as Arial's, the sans-serif of most browsers: an image is the same on every machine
and shows its SVG as a browser does. The system's fonts are looked at only for characters
Liberation Sans lacks.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Iterable, Iterator
from xml.etree import ElementTree

if TYPE_CHECKING:
    from PIL.Image import Image

FONTS = Path(__file__).resolve().parent / "fonts"
FONT_FILES = [str(FONTS / "LiberationSans-Regular.ttf"), str(FONTS / "LiberationSans-Bold.ttf")]
FONT = "Liberation Sans"
COVERED = re.compile("[\u0000-\u024f\u0370-\u04ff\u2000-\u206f]*")  # Latin, Greek, Cyrillic, punctuation
INSTALL = "PNG, PDF and GIF images need the images extra: pip install 'ludoscribe[images]'"
PRINT_DPI = 300
CSS_DPI = 96  # an SVG's pixel is a CSS pixel: 96 to the inch, 72 points to the inch
JPEG_QUALITY = 92
A4 = 210, 297  # millimetres
MAX_GIF_PIXELS = 250_000_000  # frames x width x height of one GIF (docs/diagrams.md#bounds)


class ImagesMissing(RuntimeError):
    """The packages that make images are not installed; the message says how to install them."""


def available() -> None:
    """Raise ImagesMissing unless resvg-py and Pillow can be imported."""
    try:
        import PIL.Image  # noqa: F401
        import resvg_py  # noqa: F401
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


def gif_problem(frames: int, width: int, height: int) -> str | None:
    """Why a GIF of `frames` frames `width` by `height` pixels is not made, if it is over the
    bound (docs/diagrams.md#bounds)."""
    pixels = frames * width * height
    if pixels <= MAX_GIF_PIXELS:
        return None
    return (f"a GIF of {frames} frames of {width} by {height} pixels would hold {pixels / 1e6:.0f} million pixels, "
            f"more than the {MAX_GIF_PIXELS / 1e6:.0f} million one GIF may hold: give a smaller --size")


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
    in Liberation Sans, cut with '…' if it is too wide."""
    if not caption:
        return image
    from PIL import Image as Images, ImageDraw, ImageFont

    size, height = _band(image.width)
    font = ImageFont.truetype(FONT_FILES[0], size)
    framed = Images.new("RGB", (image.width, image.height + height), "white")
    framed.paste(image, (0, 0))
    room = image.width - 2 * size
    line = caption if font.getlength(caption) <= room else _cut(caption, font, room)
    ImageDraw.Draw(framed).text((image.width / 2, image.height + height / 2), line, font=font, fill="#222222",
                                anchor="mm")
    return framed


def pdf(svg: str) -> bytes:
    """The diagram as a one-page PDF of its own size, its picture drawn at 300 dots to the inch."""
    available()
    width, height = svg_size(svg)
    out = io.BytesIO()
    write_pdf(out, [(picture(svg, PRINT_DPI / CSS_DPI), (width * 72 / CSS_DPI, height * 72 / CSS_DPI))])
    return out.getvalue()


def write_pdf(out: BinaryIO, pages: Iterable[tuple[Image, tuple[float, float]]]) -> int:
    """Write a PDF of `pages`, each an image filling a page of the given size in points, as
    JPEG; one page is held at a time. The number of pages written."""
    written = 0
    offsets: dict[int, int] = {}

    def put(data: bytes) -> None:
        nonlocal written
        out.write(data)
        written += len(data)

    def obj(number: int, body: bytes, stream: bytes | None = None) -> None:
        offsets[number] = written
        put(f"{number} 0 obj\n".encode() + body)
        if stream is not None:
            put(b"\nstream\n" + stream + b"\nendstream")
        put(b"\nendobj\n")

    put(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    kids = []
    for index, (image, (width, height)) in enumerate(pages):
        page, contents, xobject = 3 + 3 * index, 4 + 3 * index, 5 + 3 * index
        jpeg = io.BytesIO()
        image.save(jpeg, "JPEG", quality=JPEG_QUALITY, subsampling=0)
        box = f"{width:.2f} 0 0 {height:.2f} 0 0"
        obj(xobject, f"<< /Type /XObject /Subtype /Image /Width {image.width} /Height {image.height} /ColorSpace "
                     f"/DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length {jpeg.tell()} >>".encode(),
            jpeg.getvalue())
        drawing = f"q {box} cm /Im0 Do Q".encode()
        obj(contents, f"<< /Length {len(drawing)} >>".encode(), drawing)
        obj(page, f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width:.2f} {height:.2f}] /Resources << /XObject "
                  f"<< /Im0 {xobject} 0 R >> >> /Contents {contents} 0 R >>".encode())
        kids.append(f"{page} 0 R")
    obj(2, f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode())
    obj(1, b"<< /Type /Catalog /Pages 2 0 R >>")
    start = written
    size = max(offsets) + 1
    table = "".join(f"{offsets[number]:010d} 00000 n \n" if number in offsets else "0000000000 65535 f \n"
                    for number in range(size))
    put(f"xref\n0 {size}\n{table}trailer\n<< /Size {size} /Root 1 0 R >>\nstartxref\n{start}\n%%EOF\n".encode())
    return len(kids)


# --- the print sheet ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """A sheet's page: its size, margins and grid of diagrams, in millimetres."""

    columns: int = 2
    rows: int = 3
    margin: float = 15.0
    gap: float = 8.0
    caption_lines: int = 4
    font: float = 9.0  # points


def sheet(out: BinaryIO, diagrams: Iterable[tuple[str, str, str]], layout: Layout = Layout()) -> int:
    """Write a print sheet: A4 pages of diagrams, `layout.columns` by `layout.rows`, each
    with its caption, a title line (bold) and text, under it. `diagrams` holds (SVG, title,
    text). The number of pages written."""
    available()
    return write_pdf(out, ((page, (A4[0] * 72 / 25.4, A4[1] * 72 / 25.4)) for page in _pages(diagrams, layout)))


def _pages(diagrams: Iterable[tuple[str, str, str]], layout: Layout) -> Iterator[Image]:
    from PIL import Image, ImageDraw, ImageFont

    dots = PRINT_DPI / 25.4  # per millimetre
    width, height = (round(side * dots) for side in A4)
    margin, gap = layout.margin * dots, layout.gap * dots
    cell_width = (width - 2 * margin - (layout.columns - 1) * gap) / layout.columns
    cell_height = (height - 2 * margin - (layout.rows - 1) * gap) / layout.rows
    size = round(layout.font / 72 * PRINT_DPI)
    fonts = [ImageFont.truetype(path, size) for path in reversed(FONT_FILES)]  # bold, then regular
    leading = round(size * 1.3)
    room = cell_height - layout.caption_lines * leading - size * 0.5
    per_page = layout.columns * layout.rows
    page = Image.new("RGB", (width, height), "white")
    index = -1
    for index, (svg, title, text) in enumerate(diagrams):
        if index and index % per_page == 0:
            yield page
            page = Image.new("RGB", (width, height), "white")
        spot = index % per_page
        left = margin + (spot % layout.columns) * (cell_width + gap)
        top = margin + (spot // layout.columns) * (cell_height + gap)
        svg_width, svg_height = svg_size(svg)
        image = picture(svg, min(cell_width / svg_width, room / svg_height))
        page.paste(image, (round(left + (cell_width - image.width) / 2), round(top)))
        draw = ImageDraw.Draw(page)
        lines = [(fonts[0], line) for line in wrapped(title, fonts[0], cell_width)]
        lines += [(fonts[1], line) for line in wrapped(text, fonts[1], cell_width)]
        if len(lines) > layout.caption_lines:
            lines = lines[:layout.caption_lines]
            font, last = lines[-1]
            lines[-1] = (font, _cut(last, font, cell_width))
        y = top + image.height + size * 0.5
        for font, line in lines:
            draw.text((left + cell_width / 2, y), line, font=font, fill="#222222", anchor="ma")
            y += leading
    if index >= 0:
        yield page


def wrapped(text: str, font: Any, width: float) -> list[str]:
    """`text` cut into lines no wider than `width` at spaces (a longer word stands alone)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _cut(line: str, font: Any, width: float) -> str:
    """The line ended with '…', shortened until it fits."""
    while line and font.getlength(line + "…") > width:
        line = line[:-1].rstrip()
    return line + "…"
