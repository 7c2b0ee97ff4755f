"""Sites read straight from the disk, as the README tells people to read them
(docs/publishing.md#search-from-the-disk): this documentation built as the README says, by MkDocs
and by ProperDocs, and the games' site of `ludoscribe site` in both themes. Every link leads to
a page (not to a folder, which a browser shows as a listing), and the search box finds a word
and leads to the page that holds it, in a real browser from file://, at both sizes."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from browsers import SIZES
from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ("mkdocs", "properdocs")
HREF = re.compile(r'<a\b[^>]*\shref="([^"]*)"')


@pytest.fixture(scope="module")
def docs_sites(tmp_path_factory):
    """This documentation built by each engine: engine -> folder."""
    built: dict[str, Path] = {}

    def site(engine: str) -> Path:
        if engine not in built:
            command = Path(sys.executable).with_name(engine)
            if not command.is_file():
                pytest.skip(f"{engine} is not installed")
            built[engine] = tmp_path_factory.mktemp(f"docs-{engine}") / "docs-site"
            done = subprocess.run([str(command), "build", "-q", "-f", str(ROOT / "mkdocs.yml"), "-d", str(built[engine])],
                                  capture_output=True, text=True, cwd=ROOT)
            assert done.returncode == 0, done.stderr
        return built[engine]

    return site


def folder_links(site: Path) -> dict[str, list[str]]:
    """The links of every page of a site that lead to a folder or to nothing, by page (but
    404.html, which only a web server shows, for an address it lacks)."""
    wrong: dict[str, list[str]] = {}
    for page in sorted(site.rglob("*.html")):
        if page == site / "404.html":
            continue
        for href in HREF.findall(page.read_text(encoding="utf-8")):
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not parts.path:
                continue
            target = (page.parent / unquote(parts.path)).resolve()
            if not target.is_file():
                wrong.setdefault(page.relative_to(site).as_posix(), []).append(href)
    return wrong


@pytest.mark.parametrize("engine", ENGINES)
def test_every_link_of_the_documentation_leads_to_a_page(docs_sites, engine):
    site = docs_sites(engine)
    assert len(list(site.rglob("*.html"))) > 15
    assert folder_links(site) == {}


@pytest.mark.parametrize("theme", ("material", "mkdocs"))
def test_every_link_of_the_games_site_leads_to_a_page(corpus_sites, theme):
    assert folder_links(corpus_sites(theme)) == {}


def open_search(page, theme: str) -> None:
    """Open the theme's search box as a reader does (on a phone, through the header's button)."""
    if theme == "material":
        if not page.locator(".md-search__input").is_visible():
            page.click('label.md-header__button[for="__search"]')
    else:
        opener = page.locator('[data-bs-target$="_search_modal"]')
        if not opener.is_visible():  # on a phone, in the header's menu
            page.click('.navbar-toggler[data-bs-target="#navbar-collapse"]')
        opener.click()


def search(page, theme: str, word: str):
    """Type `word` in the search box; the links of the results. A click that a busy machine lets
    land while the theme's menu or dialog is still moving is made again (three tries)."""
    box = page.locator(".md-search__input" if theme == "material" else '[id$="-search-query"]')
    for tries_left in (2, 1, 0):
        open_search(page, theme)
        try:
            expect(box).to_be_visible(timeout=10_000)
            break
        except AssertionError:
            if not tries_left:
                raise
            page.keyboard.press("Escape")
    box.fill(word)
    results = page.locator(".md-search-result__list a" if theme == "material" else '[id$="-search-results"] a')
    expect(results.first).to_be_visible()
    return results


SITES = {  # what to follow and to look for in each kind of site
    "docs": {"link": "TGN format", "heading": "The TGN format", "word": "zugzwang"},
    "games": {"link": "Players", "heading": "Players", "word": "Hoekstra"},
}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("kind, engine_or_theme", [("docs", "mkdocs"), ("docs", "properdocs"),
                                                   ("games", "material"), ("games", "mkdocs")])
def test_a_site_read_from_the_disk_can_be_browsed_and_searched(browser, docs_sites, corpus_sites, kind,
                                                               engine_or_theme, size):
    site = docs_sites(engine_or_theme) if kind == "docs" else corpus_sites(engine_or_theme)
    theme = "mkdocs" if kind == "docs" else engine_or_theme
    wanted = SITES[kind]
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    page.locator(".md-content, [role=main]").get_by_role("link", name=wanted["link"], exact=True).first.click()
    expect(page.locator("h1").first).to_have_text(re.compile(re.escape(wanted["heading"])))
    assert page.url.endswith(".html")
    page.goto((site / "index.html").as_uri())
    results = search(page, theme, wanted["word"])
    results.first.click()
    expect(page).not_to_have_url(re.compile(r"/index\.html$"))
    expect(page.locator("body")).to_contain_text(wanted["word"], ignore_case=True)
    page.goto((site / "index.html").as_uri())
    search(page, theme, "Ludoscribe")  # a second search from a fresh page works as the first did
    context.close()


def test_the_search_index_script_holds_only_the_index(tmp_path):
    """Whatever the pages hold (a record's title ending a script, say), the index's script is the
    data and nothing else: its JSON written again with no '<'."""
    from ludoscribe.render.mkdocs_plugin import search_script

    text = search_script('{"docs": [{"location": "a.html", "title": "</script><script>alert(1)</script>", '
                         '"text": "\\u2028"}]}')
    assert text.startswith("window.ludoscribeSearchIndex = {") and text.endswith("};\n")
    assert "<" not in text and "\u2028" not in text
