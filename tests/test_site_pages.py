"""The site's pages around the records (docs/publishing.md#a-website): the home page's recent
games, the players page, tables sorted by any column, the opening explorer's results bars,
history and keys, and no search box where it cannot work; in a real browser at both sizes and
in both themes, and as the Markdown the site writes."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest
from browsers import CORPUS, SIZES, screenshot, served
from playwright.sync_api import expect

from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.notation.replay import positions
from ludoscribe.render.diagram import renderer_for
from ludoscribe.render.wording import date_text, slugify
from ludoscribe.render.explorer import SIZE
from ludoscribe.render.frames import FrameTable

WON = {"1-0": (1, 0, 0), "0-1": (0, 0, 1), "1/2-1/2": (0, 1, 0), "*": (0, 0, 0)}


@pytest.fixture(params=list(SIZES))
def page(request, browser):
    context = browser.new_context(viewport=SIZES[request.param])
    errors: list[str] = []
    opened = context.new_page()
    opened.size = request.param
    opened.on("pageerror", lambda error: errors.append(str(error)) if "search/worker.js" not in str(error) else None)
    yield opened
    context.close()
    assert errors == []


def corpus_records() -> list:
    """Every valid record of the corpus, as the site publishes them."""
    records = []
    for path in sorted(CORPUS.rglob("*.tgn")):
        for record in load(str(path)):
            check(record)
            if not record.problems:
                records.append(record)
    return records


@pytest.mark.parametrize("text, slug", [
    ("De Kastanje club championship 2023 7 Noor Hendriks Thijs van Luijk",
     "de-kastanje-club-championship-2023-7-noor-hendriks-thijs-van"),  # 60 is inside "luijk": cut before it
    ("a" * 80, "a" * 60), ("b" * 59 + " cc", "b" * 59), ("word " * 20, "-".join(["word"] * 12))])
def test_page_names_are_cut_between_words(text, slug):
    assert slugify(text, "fallback") == slug
    assert len(slug) <= 60


def test_the_home_page_lists_the_latest_records(page, site, theme):
    records = corpus_records()
    dated = sorted((date_text(r.tags.get("Date")) for r in records if date_text(r.tags.get("Date")) != "unknown"),
                   reverse=True)
    page.goto((site / "index.html").as_uri())
    page.locator("h2#recent-games").scroll_into_view_if_needed()
    screenshot(page, "site-home", theme)
    table = page.locator("h2#recent-games + .ls-sortable table")
    dates = table.locator("tbody td:nth-child(4)").all_text_contents()
    assert dates == dated[:10]
    first = table.locator("tbody a").first
    first.click()
    expect(page.locator(".ls-board svg")).to_be_visible()  # a record's page


def test_the_players_page_counts_each_players_records(page, site, theme):
    records = corpus_records()
    expected: dict[str, Counter] = {}
    for record in records:
        for side, tag in enumerate(record.game.sides):
            name = (record.tags.get(tag) or "").strip()
            if name and name != "?":
                won, drawn, lost = WON[record.result]
                outcome = ("unfinished" if record.result == "*" else "drawn" if drawn else
                           "won" if (won, lost)[side] else "lost")
                expected.setdefault(name, Counter())[outcome] += 1
    page.goto((site / "players.html").as_uri())
    screenshot(page, "site-players", theme)
    rows = page.locator(".ls-sortable tbody tr")
    shown = {}
    for k in range(rows.count()):
        cells = rows.nth(k).locator("td").all_text_contents()
        shown[cells[0]] = [int(cell) for cell in cells[1:]]
    assert shown == {name: [sum(c.values()), c["won"], c["drawn"], c["lost"], c["unfinished"]]
                     for name, c in expected.items()}
    name = max(expected, key=lambda player: sum(expected[player].values()))
    page.get_by_role("link", name=name, exact=True).first.click()
    listed = page.locator(f"h2:text-is('{name}') + ul li")
    assert listed.count() == sum(expected[name].values())


def test_tables_sort_by_any_column_both_ways(page, site):
    page.goto((site / "games" / "teblo.html").as_uri())
    table = page.locator(".ls-sortable table")
    rows = table.locator("tbody tr").count()
    assert rows >= 5
    date = table.locator("thead th").nth(2)
    date.get_by_role("button").click()
    expect(date).to_have_attribute("aria-sort", "ascending")
    shown = table.locator("tbody td:nth-child(3)").all_text_contents()
    known = [d for d in shown if d != "unknown"]
    assert known == sorted(known) and shown[:len(shown) - len(known)] == ["unknown"] * (len(shown) - len(known))
    date.get_by_role("button").press("Enter")  # from the keyboard too: the other way
    expect(date).to_have_attribute("aria-sort", "descending")
    assert table.locator("tbody td:nth-child(3)").all_text_contents() == shown[::-1]
    players = table.locator("thead th").nth(0)
    players.get_by_role("button").click()
    names = table.locator("tbody td:nth-child(1)").all_text_contents()
    assert names == sorted(names, key=str.casefold) and table.locator("tbody tr").count() == rows


def explorer(site: Path) -> tuple[Path, dict]:
    path = site / "openings" / "teblo.html"
    return path, json.loads(re.search(r'class="ls-explorer-data">(.*?)</script>', path.read_text(encoding="utf-8")).group(1))


def test_each_turn_of_the_explorer_shows_how_its_records_ended(page, site, theme):
    path, data = explorer(site)
    page.goto(path.as_uri())
    for _ in range(3):
        rows = page.locator("table.ls-explore tbody tr")
        here = page.evaluate("location.hash") or "#p0"
        for k, turn in enumerate(data["turns"][int(here[2:])]):
            first, second, drawn, unfinished = turn[2:]
            total = first + second + drawn + unfinished
            bar = rows.nth(k).locator(".ls-bar")
            words = (f"Yellow wins {first}, drawn {drawn}, Red wins {second}"
                     + (f", unfinished {unfinished}" if unfinished else ""))
            expect(bar).to_have_attribute("aria-label", words)
            widths = bar.evaluate(
                "b => [...b.children].map(p => p.getBoundingClientRect().width / b.getBoundingClientRect().width)")
            assert widths == pytest.approx([count / total for count in (first, drawn, second, unfinished) if count], abs=0.02)
        rows.first.locator("a.ls-m").click()
    # the table fits its place, on a phone too (the bar stands for the counts where they do not fit)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.locator(".ls-explorer").scroll_into_view_if_needed()
    screenshot(page, "explorer", theme)
    box = page.locator(".ls-explore-box")
    assert box.evaluate("b => b.scrollWidth <= b.clientWidth")


def test_the_explorer_keeps_history_and_answers_the_arrow_keys(page, site):
    path, data = explorer(site)
    page.goto(path.as_uri())
    status = page.locator(".ls-explorer .ls-status")
    page.keyboard.press("ArrowRight")  # the turn played most, three times
    page.keyboard.press("ArrowRight")
    page.locator("table.ls-explore a.ls-m").first.click()
    line = [0]
    for _ in range(3):
        line.append(data["turns"][line[-1]][0][1])
    expect(status).to_have_text(data["lines"][line[3]])
    assert page.url.endswith(f"#p{line[3]}")
    page.go_back()  # the browser's Back: the position before
    expect(status).to_have_text(data["lines"][line[2]])
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(data["lines"][line[1]])
    page.go_forward()
    expect(status).to_have_text(data["lines"][line[2]])
    page.keyboard.press("Home")
    expect(status).to_have_text("Start")
    page.go_back()
    expect(status).to_have_text(data["lines"][line[2]])


def test_the_explorer_marks_the_turn_that_reached_each_position(site):
    _, data = explorer(site)
    record = next(r for r in corpus_records() if r.game.name == "Teblo" and r.tags.get("SetUp") != "1")
    line = [position for _, position in positions(record)]
    draw = renderer_for(record.game)
    first = data["turns"][0]  # the position after a first turn: drawn with that turn highlighted
    spot = next(child for text, child, *_ in first if text == record.game.turn_text(record.moves[0].turn))
    table = FrameTable("x-")
    table.add(draw(line[1], size=SIZE, last=(line[0], record.moves[0].turn)))
    plain = FrameTable("x-")
    plain.add(draw(line[1], size=SIZE))
    expected = [table.elements[k] for k in table.frames[0][1:]]
    assert [data["table"][k] for k in data["frames"][spot][1:]] == expected != [plain.elements[k] for k in plain.frames[0][1:]]


def test_the_search_box_is_offered_from_the_disk_and_from_a_web_server(browser, site):
    """Read from the disk the plugin's search.js answers it (tests/test_docs_from_disk.py searches
    with it); from a web server the theme's own search does: shown both ways."""
    context = browser.new_context(viewport=SIZES["desktop"])
    page = context.new_page()
    search = page.locator(".md-search, .md-header__button[for='__search'], [data-bs-target$='_search_modal']")
    page.goto((site / "index.html").as_uri())
    expect(search.first).to_be_attached()
    assert any(search.nth(k).is_visible() for k in range(search.count()))
    try:
        with served(site) as address:
            page.goto(f"{address}index.html")
            assert any(search.nth(k).is_visible() for k in range(search.count()))
    finally:
        context.close()
