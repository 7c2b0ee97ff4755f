"""The record page's viewer in a real browser, at desktop and phone sizes, in both themes.

What docs/publishing.md#the-viewer promises: on a wide screen the board and the move list
side by side, the list scrolling in its own pane; on a phone the board pinned under the
header with its buttons, the moves below. After every step through the longest corpus game,
forward and back, the current move (aria-current="step") is inside the window and nothing
covers it, and at least half of the live board is in view. The pages load nothing from the
network and log no error.

With LUDOSCRIBE_SCREENSHOTS=docs/img, the desktop and phone tests also write the
screenshots docs/publishing.md shows (viewer-desktop.png, viewer-phone.png).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest


CORPUS = Path(__file__).resolve().parent.parent / "corpus"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
THEMES = ("material", "mkdocs")
# The one error allowed: mkdocs' own theme starts its search in a web worker, which the
# browser refuses to a page read from file:// (docs/publishing.md: search needs a server).
SEARCH_FROM_DISK = re.compile(r"^page error: Failed to construct 'Worker': Script at 'file:///\S+/search/worker\.js'")

# After each step: where the current move and the live board are, and what covers them.
LAYOUT = """() => {
  const following = (link) => {  // the comments written right after a move, up to the next turn
    const texts = [];
    for (let e = link.nextElementSibling; e && !e.matches("a.ls-m, .ls-n, .ls-var, figure"); e = e.nextElementSibling) {
      if (e.classList.contains("ls-comment")) texts.push(e.textContent.trim());
    }
    return texts.join(" ");
  };
  const current = [...document.querySelectorAll('[aria-current="step"]')];
  const board = document.querySelector(".ls-board svg");
  const header = document.querySelector(".md-header, .navbar");
  const headerBottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  const b = board.getBoundingClientRect();
  const seen = Math.max(0, Math.min(b.bottom, innerHeight) - Math.max(b.top, headerBottom));
  const result = {count: current.length, boardSeen: seen / b.height, label: board.getAttribute("aria-label"),
                  status: document.querySelector(".ls-status").textContent,
                  said: document.querySelector(".ls-said").textContent, scrolled: scrollY};
  if (current.length === 1) {
    const m = current[0].getBoundingClientRect();
    const found = document.elementFromPoint((m.left + m.right) / 2, (m.top + m.bottom) / 2);
    result.move = {top: m.top, bottom: m.bottom, left: m.left, right: m.right, text: current[0].textContent,
                   inside: m.top >= 0 && m.left >= 0 && m.bottom <= innerHeight && m.right <= innerWidth,
                   uncovered: found !== null && current[0].contains(found),
                   coveredBy: found ? found.outerHTML.slice(0, 80) : null,
                   inVariation: current[0].closest(".ls-var") !== null,
                   comment: following(current[0])};
  }
  return result;
}"""



@pytest.fixture(scope="module", params=THEMES)
def site(request, corpus_sites) -> tuple[str, Path]:
    """The corpus as a site, in each theme, built once for the session (tests/browsers.py): only read here."""
    return request.param, corpus_sites(request.param)


def longest(site: Path) -> tuple[Path, dict]:
    """The record page with the most positions, and its viewer's data."""
    pages = []
    for page in (site / "records").glob("*.html"):
        found = re.search(r'class="ls-data">(.*?)</script>', page.read_text(encoding="utf-8"))
        if found:
            pages.append((page, json.loads(found.group(1))))
    return max(pages, key=lambda item: len(item[1]["labels"]))


@pytest.fixture(params=list(SIZES))
def page(request, browser):
    """A page at one size that fails the test on any error or any request off the disk."""
    context = browser.new_context(viewport=SIZES[request.param])
    problems: list[str] = []

    def refuse(route):
        problems.append(f"network request: {route.request.url}")
        route.abort()

    context.route(lambda url: not url.startswith("file:"), refuse)
    opened = context.new_page()
    opened.size = request.param
    opened.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    opened.on("console", lambda message: problems.append(f"console {message.type}: {message.text}")
              if message.type in ("error", "warning") else None)
    yield opened
    context.close()
    assert not [problem for problem in problems if not SEARCH_FROM_DISK.match(problem)], problems


def check_step(page, data: dict, step: str, board: bool = True) -> dict:
    """The layout after one step, asserted; returned for more checks.

    board: check that half the board is in view (not on a page just opened: the tags come first).
    """
    state = page.evaluate(LAYOUT)
    where = f"{page.size}, {step}, {state['status']}"
    assert not board or state["boardSeen"] >= 0.5, f"{where}: only {state['boardSeen']:.0%} of the board in view"
    if state["status"] == "Start":
        assert state["count"] == 0 and state["label"] == f"{data['game']}, start", where
        return state
    assert state["count"] == 1, where
    move = state["move"]
    assert move["inside"], f"{where}: the current move is out of the window: {move}"
    assert move["uncovered"], f"{where}: the current move is covered by {move['coveredBy']}"
    assert state["label"] == f"{data['game']}, after {state['status']}", where
    assert move["text"].startswith(state["status"].split(" ", 1)[1]), where  # the turn, maybe with a glyph
    return state


def test_stepping_through_the_longest_game_keeps_the_move_and_board_in_view(page, site):
    theme, root = site
    path, data = longest(root)
    page.goto(path.as_uri())
    states = [check_step(page, data, "loaded", board=False)]
    while True:
        page.keyboard.press("ArrowRight")
        state = check_step(page, data, "forward")
        if state["status"] == states[-1]["status"]:
            break
        said = state["status"] + (". " + state["move"]["comment"] if state["move"]["comment"] else "")
        assert state["said"].startswith(said), "a screen reader hears the turn and its comment"
        states.append(state)
    end = states[-1]["status"]
    assert len(states) > 60 and end == data["labels"][_line_end(data)]
    if page.size == "desktop":  # the move list scrolled in its pane; the page stayed where it was
        assert len({state["scrolled"] for state in states[1:]}) == 1
        assert page.evaluate("document.querySelector('.ls-moves').scrollTop") > 0
    for expected in reversed([state["status"] for state in states[:-1]]):
        page.keyboard.press("ArrowLeft")
        assert check_step(page, data, "back")["status"] == expected
    if os.environ.get("LUDOSCRIBE_SCREENSHOTS") and theme == "material":
        for _ in range(23):
            page.keyboard.press("ArrowRight")
        check_step(page, data, "screenshot")
        page.screenshot(path=str(Path(os.environ["LUDOSCRIBE_SCREENSHOTS"]) / f"viewer-{page.size}.png"))


def _line_end(data: dict) -> int:
    number = 0
    while data["next"][number] >= 0:
        number = data["next"][number]
    return number


def test_variations_are_entered_and_left_with_keys_and_buttons(page, site):
    _, root = site
    path, data = longest(root)
    page.goto(path.as_uri())
    while page.get_attribute('button[data-go="into"]', "aria-disabled") == "true":
        page.keyboard.press("ArrowRight")
        assert page.inner_text(".ls-status") != data["labels"][_line_end(data)], "no variation found"
    fork = page.inner_text(".ls-status")
    page.keyboard.press("ArrowDown")
    entered = check_step(page, data, "into")
    assert entered["move"]["inVariation"] and entered["status"] != fork
    page.keyboard.press("ArrowRight")
    deeper = check_step(page, data, "forward in the variation")
    assert deeper["move"]["inVariation"] and deeper["status"] != entered["status"]
    page.click('button[data-go="out"]')
    left = check_step(page, data, "out")
    assert not left["move"]["inVariation"]
    assert left["status"].split()[0] == entered["status"].split()[0]  # the turn the variation replaces
    assert page.get_attribute('button[data-go="out"]', "aria-disabled") == "true"
    page.click('button[data-go="back"]')
    assert check_step(page, data, "back")["status"] == fork
    page.click('button[data-go="into"]')
    assert check_step(page, data, "into by button")["status"] == entered["status"]
    page.keyboard.press("ArrowUp")
    assert check_step(page, data, "out by key")["status"] == left["status"]


def test_flip_turns_the_board_and_back(page, site):
    _, root = site
    path, data = longest(root)
    page.goto(path.as_uri())
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    board = page.inner_html(".ls-board svg")
    assert page.get_attribute('button[data-go="flip"]', "aria-pressed") == "false"
    page.keyboard.press("f")
    flipped = page.inner_html(".ls-board svg")
    assert flipped != board and page.get_attribute('button[data-go="flip"]', "aria-pressed") == "true"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.inner_html(".ls-board svg") == flipped  # stepping keeps the board turned
    check_step(page, data, "flipped")
    page.click('button[data-go="flip"]')
    assert page.inner_html(".ls-board svg") == board


def test_a_link_to_a_turn_opens_there_and_clicking_a_move_jumps(page, site):
    _, root = site
    path, data = longest(root)
    number = len(data["labels"]) * 2 // 3
    page.goto(f"{path.as_uri()}#g-{number}")
    state = check_step(page, data, "opened at a turn")
    assert state["status"] == data["labels"][number]
    assert page.get_attribute('[aria-current="step"]', "href") == f"#g-{number}"
    page.click('a.ls-m[href="#g-3"]')
    assert check_step(page, data, "clicked")["status"] == data["labels"][3]
    assert page.url.endswith("#g-3")


def test_everything_works_from_the_keyboard_alone(page, site):
    _, root = site
    path, data = longest(root)
    page.goto(path.as_uri())
    labels = page.eval_on_selector_all(".ls-controls button", "buttons => buttons.map(b => b.getAttribute('aria-label'))")
    assert len(labels) == 8 and all(labels)
    assert page.get_attribute(".ls-controls", "role") == "toolbar"
    for _ in range(300):  # Tab through the page until the Forward button has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.getAttribute('data-go')") == "forward":
            break
    else:
        raise AssertionError("the Forward button cannot be reached with Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    assert check_step(page, data, "buttons from the keyboard")["status"] == data["labels"][2]
    page.focus('a.ls-m[href="#g-7"]')
    page.keyboard.press("Enter")
    assert check_step(page, data, "move from the keyboard")["status"] == data["labels"][7]



def test_the_board_label_names_the_game_as_readers_write_it():
    from ludoscribe.notation import check
    from ludoscribe.notation.files import load
    from ludoscribe.render.document import render_html

    record = next(iter(load(str(CORPUS / "tchako" / "central-hill.tgn"))))
    html = render_html(record, check(record), ply=2)
    found = re.search(r'<div class="ls-board">.*?<svg[^>]* role="img" aria-label="([^"]*)"', html)
    assert found and found.group(1).startswith("T&#x27;Chako, after ")
    data = json.loads(re.search(r'class="ls-data">(.*?)</script>', html).group(1))
    assert data["game"] == "T'Chako"
