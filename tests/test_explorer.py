"""The opening explorer of a site (docs/archive.md#the-opening-explorer): the tree it builds,
and its page in a real browser at desktop and phone sizes, in both themes, from file://."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ludoscribe.notation import check, read_string
from ludoscribe.notation.replay import positions
from ludoscribe.render.explorer import OpeningTree

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SEARCH_FROM_DISK = re.compile(r"^page error: Failed to construct 'Worker': Script at 'file:///\S+/search/worker\.js'")


def teblo(moves: str, result: str) -> str:
    return f'[Game "Teblo"]\n[Yellow "A"]\n[Red "B"]\n[Result "{result}"]\n\n{moves} {result}\n'


def test_move_orders_meet_in_one_position_with_the_turns_and_results_from_it():
    tree = OpeningTree(read_string(teblo("1. D4 I9", "*"))[0].game)
    for number, (moves, result) in enumerate([("1. D4 I9 2. (E5) (H8)", "1-0"), ("1. (E5) I9 2. D4 (H8)", "0-1"),
                                              ("1. D4 H10", "1/2-1/2")]):
        record = read_string(teblo(moves, result))[0]
        check(record)
        assert not record.problems
        tree.add(record, f"r{number}.html", f"game {number}", [position for _, position in positions(record)])
    start = tree.spots[0]
    assert {text: dict(turn.results) for text, turn in start.turns.items()} == {
        "D4": {"1-0": 1, "1/2-1/2": 1}, "(E5)": {"0-1": 1}}
    after_three = [spot for spot in tree.spots if len(spot.line.split()) == 3]
    met = [spot for spot in after_three if len(spot.records) == 2]  # D4 I9 (E5) and (E5) I9 D4 reach one position
    assert len(met) == 1 and met[0].records == [0, 1]
    assert start.records == [0, 1, 2]


@pytest.fixture(scope="module", params=("material", "mkdocs"))
def site(request, corpus_sites) -> Path:
    """The corpus's site in each theme, built once for the session (tests/browsers.py): only read here."""
    return corpus_sites(request.param)


@pytest.mark.parametrize("size", SIZES)
def test_the_explorer_page_goes_from_position_to_position(browser, site, size):
    page_path = site / "openings" / "teblo.html"
    data = json.loads(re.search(r'class="ls-explorer-data">(.*?)</script>', page_path.read_text(encoding="utf-8")).group(1))
    context = browser.new_context(viewport=SIZES[size])
    problems: list[str] = []
    context.route(lambda url: not url.startswith("file:"), lambda route: (problems.append(route.request.url),
                                                                          route.abort()))
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
            if message.type == "error" else None)
    page.goto(page_path.as_uri())
    board = page.locator(".ls-explorer .ls-board svg")
    rows = page.locator("table.ls-explore tbody tr")
    assert board.get_attribute("aria-label") == "Teblo, start"
    assert rows.count() == len(data["turns"][0])
    line, here = [], 0
    for _ in range(3):  # down the most played turn, three times
        turn = data["turns"][here][0]
        page.locator("table.ls-explore a.ls-m").first.click()
        line.append(turn[0])
        here = turn[1]
        assert page.locator(".ls-explorer .ls-status").text_content() == data["lines"][here]
        assert board.get_attribute("aria-label") == f"Teblo, after {data['lines'][here]}"
        assert rows.count() == len(data["turns"][here])
        assert page.locator("ul.ls-reached li").count() == min(len(data["records"][here]), data["shown"])
        assert page.url.endswith(f"#p{here}")
        box = page.locator("table.ls-explore").bounding_box()
        assert box is not None and box["width"] > 0
    assert data["lines"][here] == " ".join(line)
    page.get_by_role("button", name="Back").click()
    assert page.locator(".ls-explorer .ls-status").text_content() == " ".join(line[:2])
    page.get_by_role("button", name="Start").click()
    assert board.get_attribute("aria-label") == "Teblo, start"
    record_link = page.locator("ul.ls-reached a").first
    href = record_link.get_attribute("href")
    assert (page_path.parent / href).resolve().is_file()
    page.goto(page_path.as_uri() + f"#p{here}")  # a link straight to a position
    assert page.locator(".ls-explorer .ls-status").text_content() == data["lines"][here]
    assert [problem for problem in problems if not SEARCH_FROM_DISK.match(problem)] == []
    context.close()


def test_the_viewer_links_each_early_position_to_the_explorer(browser, site):
    page_path = next((site / "records").glob("spring-quadrangular-2024-1-*.html"))
    data = json.loads(re.search(r'class="ls-data">(.*?)</script>', page_path.read_text(encoding="utf-8")).group(1))
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    page.goto(page_path.as_uri())
    link = page.locator(".ls-open a")
    board_before = page.locator(".ls-board").bounding_box()["height"]
    for step in range(15):
        spot = data["explore"]["spots"].get(str(step))
        if spot is None:
            assert not link.is_visible()  # past the explorer's turns: hidden, its line kept
        else:
            assert link.is_visible() and link.get_attribute("href") == f"../openings/teblo.html#p{spot}"
        assert page.locator(".ls-board").bounding_box()["height"] == board_before
        page.keyboard.press("ArrowRight")
    assert len(data["explore"]["spots"]) == 13  # the start and the first 12 turns
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    link.click()
    page.wait_for_load_state()
    explorer = json.loads(re.search(r'class="ls-explorer-data">(.*?)</script>',
                                    (site / "openings" / "teblo.html").read_text(encoding="utf-8")).group(1))
    assert page.locator(".ls-explorer .ls-status").text_content() == explorer["lines"][data["explore"]["spots"]["1"]]
    context.close()
