"""The viewer in a real headless browser (Debian's chromium driven by playwright), from file://.

Locally these tests are skipped when chromium or playwright is missing; in CI (CI=true)
they fail instead, so that they never silently stop running.
"""

from __future__ import annotations

import struct
import zlib
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import expect
from publish_records import ANNOTATED, CORRECTED, ENGINES, random_record

from ludoscribe.render.diagram import RENDERERS
from ludoscribe.render.site import build_site

VIEWPORT = {"width": 1000, "height": 800}
GAMES = [game for game in ENGINES if game in RENDERERS]




@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A site with the annotated and the corrected Teblo records and a random game with variations per game."""
    root = tmp_path_factory.mktemp("browser")
    (root / "in").mkdir()
    (root / "in" / "club.tgn").write_text(ANNOTATED, encoding="utf-8")
    (root / "in" / "corrected.tgn").write_text(CORRECTED, encoding="utf-8")
    for game in GAMES:
        (root / "in" / f"{game.lower()}.tgn").write_text(random_record(game, 12, 5, variation=True), encoding="utf-8")
    report = build_site([str(root / "in")], root / "site")
    assert report.records == 2 + len(GAMES)
    return root / "site"


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=VIEWPORT)
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    yield opened
    context.close()
    assert not errors, errors


def record_page(site: Path, game: str) -> str:
    name = "club-night-3-ann-bob.html" if game == "annotated" else f"{game.lower()}-test-5.html"
    return (site / "records" / name).as_uri()


def board(page) -> str:
    return page.inner_html(".ls-board svg")


def current(page) -> str | None:
    link = page.query_selector("a.ls-m.ls-current")
    return link.get_attribute("href") if link else None


@pytest.mark.parametrize("game", GAMES)
def test_arrow_keys_step_forward_and_back(page, site, game):
    page.goto(record_page(site, game))
    main_line = [link.get_attribute("href") for link in page.query_selector_all(".ls-moves > a.ls-m")]
    start = board(page)
    assert page.inner_text(".ls-status") == "Start" and current(page) is None
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    after_two = board(page)
    page.keyboard.press("ArrowRight")
    assert board(page) not in (start, after_two)
    assert current(page) == main_line[2]
    page.keyboard.press("ArrowLeft")
    assert board(page) == after_two and current(page) == main_line[1]
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert board(page) == start and page.inner_text(".ls-status") == "Start"


@pytest.mark.parametrize("game", GAMES)
def test_clicking_a_turn_jumps_there_and_variations_are_followed(page, site, game):
    page.goto(record_page(site, game))
    variation = page.query_selector(".ls-var a.ls-m")
    main_before = page.query_selector_all(".ls-moves > a.ls-m")[0]
    variation.click()
    number = variation.get_attribute("href")
    assert current(page) == number
    assert page.inner_text(".ls-status").endswith(variation.inner_text())
    jumped = board(page)
    page.keyboard.press("ArrowRight")  # forward stays in the variation
    following = page.query_selector_all(".ls-var a.ls-m")[1]
    assert current(page) == following.get_attribute("href")
    page.keyboard.press("ArrowLeft")
    assert board(page) == jumped
    page.keyboard.press("ArrowLeft")  # back to the position the variation starts from: after the first turn
    assert current(page) == main_before.get_attribute("href")


def test_buttons_home_and_end(page, site):
    page.goto(record_page(site, "annotated"))
    page.click('button[data-go="last"]')
    assert page.inner_text(".ls-status") == "3. D5"
    page.click('button[data-go="back"]')
    assert page.inner_text(".ls-status") == "2... G10"
    page.keyboard.press("Home")
    assert page.inner_text(".ls-status") == "Start"
    page.keyboard.press("End")
    assert page.inner_text(".ls-status") == "3. D5"
    page.click('button[data-go="first"]')
    page.click('button[data-go="forward"]')
    assert page.inner_text(".ls-status") == "1. D4"


def test_the_fragment_names_the_move_and_reopens_there(page, site):
    page.goto(record_page(site, "annotated"))
    page.click('a.ls-m[href="#g-6"]')
    assert page.url.endswith("#g-6")
    page.goto(record_page(site, "annotated") + "#g-9")
    assert page.inner_text(".ls-status") == "2... G10" and current(page) == "#g-9"


def test_screenshots_show_the_board_changing(page, site, tmp_path):
    page.goto(record_page(site, "annotated"))
    page.screenshot(path=str(tmp_path / "start.png"))
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    page.screenshot(path=str(tmp_path / "moved.png"))
    start, moved = (tmp_path / "start.png").read_bytes(), (tmp_path / "moved.png").read_bytes()
    for data in (start, moved):
        width, height, pixels = png(data)
        assert (width, height) == (VIEWPORT["width"], VIEWPORT["height"])
        colours = Counter(pixels)
        assert len(colours) > 20 and colours.most_common(1)[0][1] < 0.9 * len(pixels)  # not blank
    assert start != moved
    shots = [page.locator(".ls-board svg").screenshot()]
    page.keyboard.press("ArrowLeft")
    shots.append(page.locator(".ls-board svg").screenshot())
    assert shots[0] != shots[1]


def test_without_javascript_the_static_diagrams_remain(browser, site):
    context = browser.new_context(viewport=VIEWPORT, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(record_page(site, "annotated"))
        assert page.locator("figure.ls-diagram svg").count() == 3
        assert page.locator(".ls-board svg").is_visible()
        assert not page.locator(".ls-controls").is_visible()
    finally:
        context.close()


def test_corrections_are_notes_a_reader_sees_on_a_phone(browser, site):
    """docs/tournaments.md#corrections: struck through and labelled, in the move list and
    under the board, neither hidden nor covered by the pinned board."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto((site / "records" / "club-night-4-ana-bo.html").as_uri())
        notes = page.locator(".ls-moves .ls-correction")
        expect(notes).to_have_text(["1. D4!? taken back", "2. D5 taken back", "result 0-1 taken back",
                                    "result 1-0 taken back"])
        for k in range(4):
            note = notes.nth(k)
            expect(note).to_be_visible()
            # the reader scrolls the moves up to just under the pinned board: is the note seen there?
            seen = note.evaluate("""e => {
              for (let tries = 0; tries < 50; tries++) {
                const by = e.getBoundingClientRect().top - document.querySelector('.ls-board').getBoundingClientRect().bottom - 8;
                const before = scrollY;
                scrollBy(0, by);
                if (Math.abs(by) < 1 || scrollY === before) break;
              }
              const box = e.getClientRects()[0];
              const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
              return box.top >= 0 && box.bottom <= innerHeight && found !== null && found.closest('.ls-correction') === e;
            }""")
            assert seen, f"correction {k} is out of sight or covered"
            stroke = note.locator("del").evaluate("e => getComputedStyle(e).backgroundImage")
            assert stroke.startswith("linear-gradient("), stroke  # the stroke through what was taken back
        said = page.locator(".ls-said")  # what a screen reader announces: the turn and its notes
        page.keyboard.press("ArrowRight")
        expect(said).to_have_text("1. C3")
        page.keyboard.press("ArrowRight")
        expect(page.locator(".ls-status")).to_have_text("1... H10")
        expect(said).to_have_text("1... H10. 2. D5 taken back Ana resigns result 0-1 taken back")
        # the notes are read in the move list, right after the turn shown, kept in sight under the pinned board
        seen = page.locator('a.ls-m[aria-current="step"] ~ .ls-correction').first.evaluate("""e => {
          const box = e.getClientRects()[0], board = document.querySelector('.ls-board').getBoundingClientRect();
          const found = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.top >= board.bottom && box.bottom <= innerHeight && found !== null && found.closest('.ls-correction') === e;
        }""")
        assert seen, "the notes of the turn shown are out of sight"
    finally:
        context.close()


def png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and pixel rows of an 8-bit RGB or RGBA PNG (what chromium writes)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8 and colour in (2, 6)
    size = 3 if colour == 2 else 4
    at, compressed = 8, b""
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IDAT":
            compressed += data[at + 8:at + 8 + length]
        at += 12 + length
    raw, stride, rows = zlib.decompress(compressed), width * size, []
    previous = bytearray(stride)
    for y in range(height):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride) if kind else ():
            left = row[x - size] if x >= size else 0
            up, corner = previous[x], previous[x - size] if x >= size else 0
            if kind == 1:
                row[x] = (row[x] + left) & 255
            elif kind == 2:
                row[x] = (row[x] + up) & 255
            elif kind == 3:
                row[x] = (row[x] + (left + up) // 2) & 255
            else:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))
                row[x] = (row[x] + near[2]) & 255
        rows.append(bytes(row))
        previous = row
    return width, height, [bytes(row[i:i + size]) for row in rows for i in range(0, stride, size)]
