"""No serious or critical accessibility violation (axe-core, run in the browser) on every kind
of page Ludoscribe writes, at 1280×800 and 390×844, in both themes, also after the reader has
used the viewer (docs/publishing.md#accessibility): the site's home, game, event, events,
players, record and opening explorer pages (the game, record and explorer pages of every game),
a plugin page, an embedded viewer, a page of `convert --to html` and the static live pages of
`relay`. On each of them too: every move
is announced to a screen reader as it changes (a polite live region), and Tab reaches every
link, button and field while nothing answers only a mouse."""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from axe import available, violations
from browsers import CORPUS, SIZES, THEMES
from hostile_records import embed_page, run_cli
from playwright.sync_api import expect

RECORD = "spring-quadrangular-2024-3-pieter-bakker-femke-hoekstra.html"
SITE_PAGES = ("index.html", "games/teblo.html", "events/spring-quadrangular-2024.html", "events.html", "players.html",
              f"records/{RECORD}", "openings/teblo.html")


@pytest.fixture(scope="module", autouse=True)
def axe_installed():
    available()


@contextlib.contextmanager
def sized_page(browser, size: str) -> Iterator:
    """A page at one of SIZES, axe's script let in past the live pages' policy."""
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    opened = context.new_page()
    opened.size = size
    yield opened
    context.close()


@pytest.fixture(params=list(SIZES))
def page(request, browser):
    with sized_page(browser, request.param) as opened:
        yield opened


@pytest.mark.parametrize("theme", THEMES)
def test_every_page_of_a_site(page, corpus_sites, theme):
    site = corpus_sites(theme)
    found = {}
    for name in SITE_PAGES:
        page.goto((site / name).as_uri())
        found[name] = violations(page)
    assert found == {name: [] for name in SITE_PAGES}


GAMES = ("staku", "tchako", "teblo", "tekao", "tektop")


def pages_of_every_game(site: Path) -> list[str]:
    """Every kind of page a game has in a site: its page, a record page (the first its page lists)
    and its opening explorer."""
    pages = []
    for game in GAMES:
        listed = (site / "games" / f"{game}.html").read_text(encoding="utf-8")
        record = re.search(r'href="\.\./(records/[^"]+\.html)"', listed)
        assert record is not None, game
        pages += [f"games/{game}.html", record.group(1), f"openings/{game}.html"]
    return pages


def test_every_kind_of_page_of_every_game(browser, corpus_sites):
    """The drawings differ from game to game (Tekao's pieces once carried names ARIA does not
    allow there): each game's pages in one theme at a laptop's size, the drawings being the same
    at a phone's, where test_every_page_of_a_site checks a game's pages in both themes."""
    site = corpus_sites("material")
    names = pages_of_every_game(site)
    found = {}
    with sized_page(browser, "desktop") as page:
        for name in names:
            page.goto((site / name).as_uri())
            found[name] = violations(page)
    assert found == {name: [] for name in names}


@pytest.mark.parametrize("theme", THEMES)
def test_a_record_page_in_use(page, corpus_sites, theme):
    """The current move highlighted, inside a variation, the menu open, the moves in two columns,
    a variation folded: still nothing serious."""
    page.goto((corpus_sites(theme) / "records" / RECORD).as_uri())
    while page.get_attribute('button[data-go="into"]', "aria-disabled") == "true":
        page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    page.click('button[data-go="menu"]')
    assert violations(page) == []
    page.click('button[data-do="table"]')
    page.locator("button.ls-fold").last.click()
    assert violations(page) == []


@pytest.mark.parametrize("theme", THEMES)
def test_the_explorer_in_use(page, corpus_sites, theme):
    page.goto((corpus_sites(theme) / "openings" / "teblo.html").as_uri())
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert violations(page) == []


@pytest.fixture(scope="module")
def others(tmp_path_factory) -> dict[str, Path]:
    """A page of each other kind: convert --to html, an embed, a plugin page per theme, relay pages."""
    root = tmp_path_factory.mktemp("pages")
    game = CORPUS / "staku" / "trampoline-miniature.tgn"
    assert run_cli("convert", game, "--to", "html", "-o", root / "converted.html").exit_code == 0
    assert run_cli("convert", game, "--to", "embed", "-o", root / "embed" / "game.json").exit_code == 0
    pages = {"converted": root / "converted.html", "embed": embed_page(root / "embed", "game")}
    for theme in THEMES:
        project = root / f"plugin-{theme}"
        (project / "docs").mkdir(parents=True)
        (project / "mkdocs.yml").write_text(f"site_name: Plugin\nuse_directory_urls: false\ntheme:\n  name: {theme}\n"
                                            "plugins:\n  - search\n  - ludoscribe:\n      theme_contrast: true\n",
                                            encoding="utf-8")
        (project / "docs" / "game.tgn").write_text(game.read_text(encoding="utf-8"), encoding="utf-8")
        (project / "docs" / "index.md").write_text("# A game\n\n```tgn-file\npath: docs/game.tgn\ntags: true\n```\n",
                                                   encoding="utf-8")
        built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(project / "mkdocs.yml")],
                               capture_output=True, text=True)
        assert built.returncode == 0, built.stderr
        pages[f"plugin-{theme}"] = project / "site" / "index.html"
    event = root / "event"
    event.mkdir()
    for path in sorted((CORPUS / "teblo").glob("*.tgn"))[:3]:
        (event / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    assert run_cli("relay", event, "-o", root / "relay").exit_code == 0
    pages["live-event"] = root / "relay" / "index.html"
    pages["live-game"] = next((root / "relay" / "games").glob("*.html"))
    return pages


def test_every_other_kind_of_page(page, others):
    found = {}
    for kind, path in others.items():
        page.goto(path.as_uri())
        if page.locator("a.ls-m").count():
            page.locator("a.ls-m").nth(1).click()  # a move current
        found[kind] = violations(page)
    assert found == {kind: [] for kind in others}


def test_the_check_itself_finds_a_violation(page, tmp_path):
    """axe runs and reports: a button without a name and white on light grey are found."""
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html lang="en"><head><title>Bad</title></head><body><main>'
                   '<button></button><p style="color:#fff;background:#ddd">faint</p></main></body></html>',
                   encoding="utf-8")
    page.goto(bad.as_uri())
    found = violations(page)
    assert [line.split(" ")[0] for line in found] == ["button-name", "color-contrast"]
    expect(page.locator("button")).to_have_count(1)


def viewer_pages(corpus_sites, others) -> dict[str, Path]:
    """Every kind of page holding a viewer: the site's record page in each theme and the others."""
    pages = {f"record-{theme}": corpus_sites(theme) / "records" / RECORD for theme in THEMES}
    pages.update((kind, path) for kind, path in others.items() if kind in ("converted", "embed", "live-game")
                 or kind.startswith("plugin-"))
    return pages


def test_every_viewer_announces_each_move_as_it_changes(page, corpus_sites, others):
    """The live region is silent as the page opens, then says the turn now shown (its notes
    after) at each key and click."""
    heard = {}
    for kind, path in viewer_pages(corpus_sites, others).items():
        page.goto(path.as_uri())
        said = page.locator(".ls-said")
        expect(said).to_have_attribute("aria-live", "polite")
        expect(said).to_have_text("")
        heard[kind] = []
        for action in ("click", "ArrowRight", "ArrowRight", "ArrowLeft", "End", "Home"):
            if action == "click":
                page.locator(".ls-moves a.ls-m").first.click()  # a live page opens at the last turn
            else:
                page.keyboard.press(action)
            label = page.locator(".ls-status").inner_text().strip()
            assert said.inner_text().startswith(label), (kind, action)
            heard[kind].append(label)
    for kind, labels in heard.items():  # a change at each step: back to the turn before, the start last
        assert all(said != before for before, said in zip(labels, labels[1:])), (kind, labels)
        assert labels[3] == labels[1] and labels[5] == "Start", (kind, labels)


def test_the_explorer_announces_each_position(page, corpus_sites):
    page.goto((corpus_sites("mkdocs") / "openings" / "teblo.html").as_uri())
    status = page.locator(".ls-explorer .ls-status")
    expect(status).to_have_attribute("aria-live", "polite")
    first = page.locator("table.ls-explore a.ls-m").first.inner_text()
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(re.compile(r"\b" + re.escape(first) + r"$"))
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text("Start")


# What a reader can act on, in the page's own content (a theme's navigation is the theme's).
ACTIONABLE = "a[href], button, input, select, textarea, summary, [tabindex]"
CONTENT = """() => [".md-content", "[role=main]", "main", "body"].map(s => document.querySelector(s)).find(e => e)"""
# The content's links, buttons and fields not reached by Tab (once Tab has marked those it
# reached), and the elements answering a click that are none of them nor inside one.
LEFT_OUT = f"""(selector) => {{
  const content = ({CONTENT})();
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden" && !e.closest("[inert]");
  const offered = [...content.querySelectorAll(selector)].filter(e => shown(e) && !e.disabled);
  const clickOnly = [...content.querySelectorAll("*")].filter(e => shown(e) && getComputedStyle(e).cursor === "pointer"
    && !e.closest(selector) && !(e.parentElement && getComputedStyle(e.parentElement).cursor === "pointer"));
  const name = e => e.outerHTML.slice(0, 100);
  return {{offered: offered.length, "not reached": offered.filter(e => !e.dataset.tabbed).map(name),
           "click only": clickOnly.map(name)}};
}}"""
# Each element the focus comes to marks itself, and the page notes when the focus comes back to one
# it has been to: Tab has gone round the whole page, and would only go round again.
TABBED = """() => document.addEventListener("focusin", e => {
  if (e.target === document.body) return;
  if (e.target.dataset.tabbed) window.__roundDone = true;
  e.target.dataset.tabbed = "1";
})"""
ASKED_EVERY = 8  # presses between two questions to the page


def left_out_by_the_tab_key(page) -> dict:
    """Tab pressed through the whole page, once round or once per element at most: what of its content
    it never reached, what only a mouse can use."""
    page.locator("body").focus()
    page.evaluate(TABBED)
    presses = page.evaluate(f"document.querySelectorAll('{ACTIONABLE}').length") + 1
    for pressed in range(1, presses + 1):
        page.keyboard.press("Tab")
        if pressed % ASKED_EVERY == 0 and page.evaluate("window.__roundDone === true"):
            break
    return page.evaluate(LEFT_OUT, ACTIONABLE)


# The content is the same in both themes, which lay it out alike at a phone's size: there, one theme's pages.
@pytest.mark.parametrize(("size", "theme"), [("desktop", "material"), ("desktop", "mkdocs"), ("phone", "material")])
def test_everything_a_page_offers_is_reached_with_the_tab_key(browser, corpus_sites, others, size, theme):
    """On every kind of page, Tab goes to every link, button and field of its content, and nothing
    there answers a click that the keyboard cannot reach."""
    pages = {name: corpus_sites(theme) / name for name in SITE_PAGES}
    pages.update((kind, path) for kind, path in others.items() if theme in kind or "plugin" not in kind)
    missed = {}
    with sized_page(browser, size) as page:
        for kind, path in pages.items():
            page.goto(path.as_uri())
            found = left_out_by_the_tab_key(page)
            assert found.pop("offered") > 0, kind
            if any(found.values()):
                missed[kind] = found
    assert missed == {}


def test_the_tab_key_check_finds_what_the_keyboard_cannot_reach(page, tmp_path):
    bad = tmp_path / "bad.html"
    bad.write_text('<!DOCTYPE html><html lang="en"><head><title>Bad</title></head><body><main>'
                   '<a href="#a">reached</a><button tabindex="-1">skipped</button>'
                   '<span style="cursor:pointer" onclick="1">mouse only</span></main></body></html>', encoding="utf-8")
    page.goto(bad.as_uri())
    assert left_out_by_the_tab_key(page) == {
        "offered": 2, "not reached": ['<button tabindex="-1">skipped</button>'],
        "click only": ['<span style="cursor:pointer" onclick="1">mouse only</span>']}
