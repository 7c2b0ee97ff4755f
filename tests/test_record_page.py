"""A record's page as a reader meets it (docs/publishing.md#the-viewer), in a real browser at
1280×800 and 390×844, in both themes: the board and its player bars first, the clock of each
side at the turn shown, the tags after the viewer, no turn split over two lines, moves in two
columns, variations folded, no blank space under the board, text on boards at least 11 CSS
pixels, and what a reader takes away (the record's TGN, the position code, a link to the position).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsers import CORPUS, SIZES, screenshot
from playwright.sync_api import expect

from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.notation.replay import positions
from ludoscribe.notation.writer import write_record

CLOCK = re.compile(r"\[%clk\s+([^\]\s]+)\s*\]")
SMALLEST = 11  # CSS pixels


@contextlib.contextmanager
def watched_page(browser, size: str) -> Iterator:
    """A page at one size that fails the test on any page error or request off the disk."""
    context = browser.new_context(viewport=SIZES[size])
    problems: list[str] = []
    context.route(lambda url: not url.startswith(("file:", "blob:")),
                  lambda route: (problems.append(route.request.url), route.abort()))
    opened = context.new_page()
    opened.size = size
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}")
              if "search/worker.js" not in str(error) else None)  # mkdocs' search cannot start on file://
    yield opened
    context.close()
    assert problems == []


@pytest.fixture(params=list(SIZES))
def page(request, browser):
    with watched_page(browser, request.param) as opened:
        yield opened


def record_page(site: Path, path: str, number: int = 1) -> tuple[Path, object]:
    """The page of the record `number` of a corpus file, found by the TGN file published beside it."""
    record = list(load(str(CORPUS / path)))[number - 1]
    check(record)
    text = write_record(record)
    pages = [tgn.with_suffix(".html") for tgn in (site / "records").glob("*.tgn") if tgn.read_text(encoding="utf-8") == text]
    assert len(pages) == 1, path
    return pages[0], record


def one_per_game(site: Path) -> list[Path]:
    """A record page of each game of the corpus."""
    found: dict[str, Path] = {}
    for page in sorted((site / "records").glob("*.html")):
        game = re.search(r'"game":"([^"]+)"', page.read_text(encoding="utf-8"))
        if game:
            found.setdefault(game.group(1), page)
    assert len(found) == 5
    return list(found.values())


def test_the_board_and_its_player_bars_come_first_the_tags_after(page, site):
    path, record = record_page(site, "teblo/spring-quadrangular-2024.tgn", 3)
    page.goto(path.as_uri())
    layout = page.evaluate("""() => {
      const box = s => document.querySelector(s).getBoundingClientRect();
      const bars = [...document.querySelectorAll('.ls-board .ls-player')];
      return {board: box('.ls-board svg'), bars: bars.map(b => [b.getBoundingClientRect().top, b.textContent]),
              tags: box('dl.ls-tags'), height: innerHeight};
    }""")
    board = layout["board"]
    assert 0 < board["top"] < layout["height"] / 2, layout  # the board's top edge well inside the first screen
    (top, above), (bottom, below) = layout["bars"]
    assert top < board["top"] < board["bottom"] <= bottom
    # the second side above the board and the first below, with their players and their scores (1-0)
    assert above.split() == ["Red", "Femke", "Hoekstra", "0"] and below.split() == ["Yellow", "Pieter", "Bakker", "1"]
    assert layout["tags"]["top"] > board["bottom"]
    page.keyboard.press("f")  # flipped: the first side's bar goes to the top with its side of the board
    assert page.locator(".ls-board .ls-player").first.text_content().split()[0] == "Yellow"


def test_each_sides_clock_is_the_one_of_the_turn_shown(browser, corpus_sites):
    """What the bars say, turn by turn: the same in both themes and at both sizes (the bars' text),
    so one page is stepped through."""
    path, record = record_page(corpus_sites("material"), "teblo/spring-quadrangular-2024.tgn", 3)
    line = positions(record)
    expected, clocks = [["", ""]], ["", ""]
    for (_, before), (node, _) in zip(line, line[1:]):  # the last [%clk] of each side along the main line
        for comment in node.comments:
            for value in CLOCK.findall(comment):
                clocks[before.side] = value
        expected.append(list(clocks))
    assert expected[-1][0] and expected[-1][1]
    with watched_page(browser, "desktop") as page:
        page.goto(path.as_uri())
        shown = page.locator(".ls-board .ls-player .ls-clock")
        for number, (first, second) in enumerate(expected):
            assert shown.all_text_contents() == [second, first], number  # the second side's bar above
            page.keyboard.press("ArrowRight")


def test_no_turn_is_split_over_two_lines_nor_left_without_its_number(page, site):
    """In either layout; a number goes to the next line with its turn, unless the two together
    are wider than the move list (Tektop's longest turns on a phone)."""
    for path in one_per_game(site):
        page.goto(path.as_uri())
        for layout in ("text", "table"):
            if page.get_attribute(".ls-game", "data-moves") != layout:  # the reader's last choice is kept
                page.click('button[data-go="menu"]')
                page.click('button[data-do="table"]')
            expect(page.locator(".ls-game")).to_have_attribute("data-moves", layout)
            broken = page.evaluate("""() => {
              const wrong = [], room = document.querySelector('.ls-moves').clientWidth;
              for (const link of document.querySelectorAll('.ls-moves a.ls-m')) {
                if (link.getClientRects().length !== 1) wrong.push('split: ' + link.textContent);
                const number = link.previousElementSibling, box = link.getBoundingClientRect();
                const other = number && number.getBoundingClientRect();  // on one line: their heights overlap
                if (number && number.matches('.ls-n') && (other.bottom <= box.top || box.bottom <= other.top) &&
                    other.width + box.width < room)
                  wrong.push('number apart: ' + number.textContent + ' ' + link.textContent);
              }
              return [document.querySelectorAll('.ls-moves a.ls-m').length, wrong];
            }""")
            assert broken[0] > 5 and broken[1] == [], (path.name, layout)
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")  # nothing wider than the page


def test_moves_in_two_columns_a_side_each_and_the_choice_is_kept(page, site):
    path, record = record_page(site, "teblo/spring-quadrangular-2024.tgn", 3)
    page.goto(path.as_uri())
    page.click('button[data-go="menu"]')
    expect(page.locator('button[data-do="table"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator(".ls-game")).to_have_attribute("data-moves", "table")
    columns = page.evaluate("""() => {
      const lefts = s => new Set([...document.querySelectorAll(s)].map(e => Math.round(e.getBoundingClientRect().left)));
      return [...lefts('.ls-moves > a.ls-m:not(.ls-second)'), -1, ...lefts('.ls-moves > a.ls-m.ls-second')];
    }""")
    first, second = columns[:columns.index(-1)], columns[columns.index(-1) + 1:]
    assert len(first) == 1 and len(second) == 1 and second[0] > first[0]  # two columns, the second side's right
    assert page.locator(".ls-moves > a.ls-m").count() == len(record.moves)
    page.reload()  # the reader's choice stays
    expect(page.locator(".ls-game")).to_have_attribute("data-moves", "table")
    expect(page.locator('button[data-do="table"]')).to_have_attribute("aria-pressed", "true")


def test_variations_fold_and_open_when_the_reader_goes_into_them(page, site):
    path, _ = record_page(site, "staku/trampoline-miniature.tgn")
    page.goto(path.as_uri())
    variation = page.locator(".ls-moves > .ls-var").first
    fold = variation.locator("> button.ls-fold")
    turns = variation.locator("a.ls-m")
    count = turns.count()
    expect(fold).to_have_attribute("aria-label", f"Hide this variation ({count} turns)")
    fold.click()
    expect(turns.first).to_be_hidden()
    expect(fold).to_have_text(f"+ {count} turns")
    expect(fold).to_have_attribute("aria-label", f"Show this variation: {count} turns")  # the text shown is in the name
    expect(fold).to_have_attribute("aria-expanded", "false")
    while page.get_attribute('button[data-go="into"]', "aria-disabled") == "true":
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # into the first variation: it opens
    expect(page.locator('[aria-current="step"]')).to_be_visible()
    expect(turns.first).to_be_visible()
    page.click('button[data-go="menu"]')
    page.click('button[data-do="fold"]')  # every variation folded, but the one being read
    hidden = page.evaluate("""() => [...document.querySelectorAll('.ls-moves > .ls-var')].map(v =>
      [v.classList.contains('ls-folded'), v.querySelector('[aria-current]') !== null])""")
    assert len(hidden) >= 2 and all(folded != reading for folded, reading in hidden)


def test_no_blank_space_under_the_board_with_or_without_a_comment(page, site):
    path, record = record_page(site, "teblo/spring-quadrangular-2024.tgn", 3)
    page.goto(path.as_uri())
    gaps = []
    for _ in range(12):  # turns with a comment and turns without
        page.keyboard.press("ArrowRight")
        gaps.append(page.evaluate("""() => {
          const panel = document.querySelector('.ls-board');
          const shown = [...panel.children].filter(e => e.getClientRects().length && getComputedStyle(e).position !== 'absolute');
          const last = shown[shown.length - 1].getBoundingClientRect();
          return [panel.getBoundingClientRect().bottom - last.bottom, panel.getBoundingClientRect().height];
        }"""))
    assert max(gap for gap, _ in gaps) < 12, gaps
    assert len({round(height) for _, height in gaps}) == 1  # the panel keeps its height: nothing jumps


def test_no_text_of_a_board_is_smaller_than_11_pixels(page, site):
    for path in one_per_game(site):
        page.goto(path.as_uri())
        for _ in range(4):
            page.keyboard.press("ArrowRight")
        sizes = page.evaluate("""() => [...document.querySelectorAll('.ls-board svg text')].map(t =>
          [t.textContent, parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a])""")
        assert sizes, path.name
        small = [(text, round(size, 1)) for text, size in sizes if size < SMALLEST - 0.05]
        assert small == [], (path.name, page.size)


def test_the_record_downloads_as_tgn(page, site):
    path, record = record_page(site, "tekao/rule-examples.tgn", 2)
    page.goto(path.as_uri())
    page.click('button[data-go="menu"]')
    link = page.get_by_role("link", name="Download the record (TGN)")
    target = path.parent / link.get_attribute("href")
    assert target.read_text(encoding="utf-8") == write_record(record)
    assert link.get_attribute("download") == ""


def test_the_position_code_and_a_link_to_the_position_are_copied(browser, site):
    path, record = record_page(site, "teblo/spring-quadrangular-2024.tgn", 3)
    context = browser.new_context(viewport=SIZES["desktop"])
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(path.as_uri())
    for _ in range(7):
        page.keyboard.press("ArrowRight")
    page.click('button[data-go="menu"]')
    page.click('button[data-do="code"]')
    expect(page.locator(".ls-status")).to_have_text("Position code copied")
    code = record.game.position_code(positions(record)[7][1])
    assert page.evaluate("navigator.clipboard.readText()") == code
    expect(page.locator(".ls-said")).to_have_text("Position code copied")
    page.click('button[data-go="menu"]')
    page.click('button[data-do="link"]')
    link = page.evaluate("navigator.clipboard.readText()")
    number = page.get_attribute('[aria-current="step"]', "href")
    assert link == path.as_uri() + number
    expect(page.locator(".ls-status")).to_have_text("Link copied")
    expect(page.locator(".ls-status")).to_have_text(f"4. {record.game.turn_text(record.moves[6].turn)}")  # then the turn
    page.keyboard.press("Home")
    page.goto(link)  # the link opens the page at the position
    expect(page.locator(".ls-status")).to_have_text(f"4. {record.game.turn_text(record.moves[6].turn)}")
    context.close()


def test_the_menu_works_from_the_keyboard(page, site, theme):
    path, _ = record_page(site, "teblo/spring-quadrangular-2024.tgn", 3)
    page.goto(path.as_uri())
    menu = page.locator('button[data-go="menu"]')
    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(page.locator(".ls-menu")).to_be_visible()
    screenshot(page, "record-menu", theme)
    page.keyboard.press("Tab")
    expect(page.locator('button[data-do="fold"], .ls-menu li:nth-child(2) > *').first).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator(".ls-menu")).to_be_hidden()
    expect(menu).to_be_focused()
    expect(menu).to_have_attribute("aria-expanded", "false")
