"""A site in two languages (docs/publishing.md#a-site-in-two-languages): `site --lang en,fr` builds the
first language at the root and the other in fr/, every page linking to its twin in the other language,
each with its own `<html lang>`, search and words; the records never translated."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from browsers import CORPUS, SIZES
from click.testing import CliRunner
from playwright.sync_api import expect
from test_languages_pages import ENGLISH, OWN_TEXT, RECORDS, SHOWN

from ludoscribe.cli.main import cli
from ludoscribe.render.site.mkdocs_plugin import language_switch, twins

SWITCH = re.compile(r'<nav class="ls-languages" aria-label="([^"]*)">(.*?)</nav>')
LINK = re.compile(r'<a href="([^"]*)" hreflang="([a-z]+)" lang="([a-z]+)" rel="alternate">([^<]*)</a>')
# the index pages' own English words, beyond the record page's (ENGLISH)
SITE_WORDS = ["Players", "Events", "Recent games", "Standings", "Rank", "Unknown event", "Records", "unknown", "Won",
              "Lost", "Drawn", "Turn", "Results", "Other languages", "Home", "Openings", "Search"]


def build_bilingual_site(root: Path, *options: str) -> Path:
    sources = [str(CORPUS / path) for path in RECORDS[:4]]
    result = CliRunner().invoke(cli, ["site", *sources, "-q", "-o", str(root / "site"), *options])
    assert result.exit_code == 0, result.output
    return root / "site"


@pytest.fixture(scope="module", params=["material", "mkdocs"])
def both(request, tmp_path_factory) -> Path:
    """A site of four games' records in English (the root) and French (fr/), its project kept."""
    root = tmp_path_factory.mktemp(f"site-en-fr-{request.param}")
    return build_bilingual_site(root, "--lang", "en,fr", "--theme", request.param, "--project", str(root / "project"))


def _pages(site: Path) -> list[str]:
    """The pages of one language's site (the other's folder left out), relative to its root."""
    return sorted(path.relative_to(site).as_posix() for path in site.rglob("*.html")
                  if path.name != "404.html" and path.relative_to(site).parts[0] != "fr")


def test_every_page_links_to_its_twin_in_the_other_language(both):
    english, french = _pages(both), _pages(both / "fr")
    assert english == french and len(english) > 10
    assert {"index.html", "players.html", "events.html"} <= set(english)
    assert any(name.startswith("records/") for name in english) and any(name.startswith("openings/") for name in english)
    for language, site, other, folder in (("en", both, "fr", both / "fr"), ("fr", both / "fr", "en", both)):
        for name in english:
            html = (site / name).read_text(encoding="utf-8")
            assert re.search(rf'<html lang="{language}"', html), (language, name)
            switches = SWITCH.findall(html)
            assert len(switches) == 1, (language, name)
            label, links = switches[0]
            assert label == {"en": "Other languages", "fr": "Autres langues"}[language]
            (href, hreflang, lang, text), = LINK.findall(links)
            assert hreflang == lang == other and text == {"en": "English", "fr": "Français"}[other]
            twin = (site / name).parent / href
            assert twin.resolve() == (folder / name).resolve() and twin.is_file(), (language, name, href)
            assert f'<link rel="alternate" hreflang="{other}" href="{href}">' in html


def test_records_are_never_translated_and_each_language_searches_its_own_pages(both):
    english = (both / "records").glob("*.tgn")
    for path in english:
        assert (both / "fr" / "records" / path.name).read_bytes() == path.read_bytes()
    indexes = {language: json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
               for language, site in (("en", both), ("fr", both / "fr"))}
    titles = {language: {doc["title"] for doc in index["docs"]} for language, index in indexes.items()}
    assert "Players" in titles["en"] and "Joueurs" not in titles["en"]
    assert "Joueurs" in titles["fr"] and "Players" not in titles["fr"]
    locations = {language: {doc["location"].split("#")[0] for doc in index["docs"]} for language, index in indexes.items()}
    assert locations["en"] == locations["fr"] and not any(location.startswith("fr/") for location in locations["en"])
    # the search that pages read from the disk load: each language's own index
    for site, word in ((both, "Players"), (both / "fr", "Joueurs")):
        assert word in (site / "assets" / "ludoscribe" / "search-index.js").read_text(encoding="utf-8")


def test_the_kept_project_rebuilds_each_language_in_its_place(both):
    project = both.parent / "project"
    english = (project / "mkdocs.yml").read_text(encoding="utf-8")
    french = (project / "fr" / "mkdocs.yml").read_text(encoding="utf-8")
    assert '"alternates": {"fr": "fr/"}' in english and '"site_dir"' not in english
    assert '"language": "fr", "alternates": {"en": "../"}' in french and '"site_dir": "../site/fr"' in french


def test_french_first_puts_french_at_the_root_and_one_language_has_no_switch(tmp_path):
    site = build_bilingual_site(tmp_path / "fr-en", "--lang", "fr,en,fr")
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr"' in index and '<a href="en/index.html" hreflang="en" lang="en"' in index
    assert '<html lang="en"' in (site / "en" / "index.html").read_text(encoding="utf-8")
    assert not (site / "fr").exists()
    alone = build_bilingual_site(tmp_path / "en", "--lang", "en")
    assert not (alone / "fr").exists()
    for page in alone.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert "ls-languages" not in text and 'rel="alternate" hreflang' not in text, page


@pytest.mark.parametrize("given", ["en,de", "fr,", "", "en fr", "EN"])
def test_a_language_the_tool_does_not_speak_is_refused_in_one_line(tmp_path, given):
    result = CliRunner().invoke(cli, ["site", str(CORPUS / RECORDS[0]), "-o", str(tmp_path / "site"), "--lang", given])
    assert result.exit_code == 2 and "en, fr" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "site").exists()


def test_the_plugin_switch_leads_to_the_twin_wherever_the_other_site_is():
    assert twins("records/x.html", {"fr": "fr"}) == [("fr", "../fr/records/x.html")]
    assert twins("index.html", {"en": "../"}) == [("en", "../index.html")]
    assert twins("games/teblo/", {"fr": "fr/"}) == [("fr", "../../fr/games/teblo/")]  # directory URLs
    assert twins("", {"fr": "/fr/"}) == [("fr", "/fr/")]
    assert twins("a/b.html", {"en": "https://example.org/"}) == [("en", "https://example.org/a/b.html")]
    assert language_switch("index.html", "en", {}) == ""
    # an address is written as HTML text, whatever the page's name holds
    assert 'href="fr/a&quot;b&lt;.html"' in language_switch('a"b<.html', "en", {"fr": "fr/"})


@pytest.mark.parametrize("alternates", ['{fr: "javascript:alert(1)"}', '{de: "de/"}', '{fr: ""}', '{fr: 3}',
                                        '["fr"]'])
def test_the_plugin_refuses_alternates_that_are_not_sites(tmp_path, alternates, caplog):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n", encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(f'site_name: "Club"\nplugins: [{{ludoscribe: {{alternates: {alternates}}}}}]\n',
                                         encoding="utf-8")
    from ludoscribe.render.site.folders import SiteError
    from ludoscribe.render.site.project import mkdocs_build

    with pytest.raises(SiteError, match="configuration error"):
        mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site", lambda line: None)
    assert "option 'alternates'" in caplog.text and not (tmp_path / "site").exists()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_switch_is_seen_and_leads_to_the_twin_in_a_browser(contexts, both, size):
    from axe import violations

    if "material" not in both.parent.name:
        pytest.skip("one theme is enough in a browser")
    french = both / "fr"
    pages = ["index.html", "players.html", "events.html",
             *(f"events/{p.name}" for p in sorted((french / "events").glob("*.html"))[:1]),
             *(f"games/{p.name}" for p in sorted((french / "games").glob("*.html"))[:1]),
             *(f"openings/{p.name}" for p in sorted((french / "openings").glob("*.html"))[:1]),
             *(f"records/{p.name}" for p in sorted((french / "records").glob("*.html"))[:2])]
    page = contexts("fr-FR", SIZES[size])
    for name in pages:
        page.goto((french / name).as_uri())
        switch = page.get_by_role("navigation", name="Autres langues").get_by_role("link", name="English")
        expect(switch).to_be_visible()
        assert switch.get_attribute("hreflang") == "en"
        shown = page.evaluate(SHOWN, OWN_TEXT + ", .ls-who, td a, .ls-reached, [lang='en'], nav:not(.ls-languages), .md-nav, "
                                              ".md-header, .md-footer")
        left = [word for word in ENGLISH + SITE_WORDS if re.search(rf"\b{re.escape(word)}\b", shown)]
        assert left == [], (name, left)
        if name == pages[0] or name.startswith("records/"):  # the switch itself, and the kinds of French
            assert violations(page) == [], name              # page test_languages_pages does not check
        switch.focus()
        page.keyboard.press("Enter")
        expect(page).to_have_url((both / name).as_uri())
        expect(page.locator("html")).to_have_attribute("lang", "en")
        back = page.get_by_role("navigation", name="Other languages").get_by_role("link", name="Français")
        expect(back).to_be_visible()
        if name == pages[0]:  # the English pages are checked by tests/test_accessibility.py; their switch here, once
            assert violations(page) == [], name
        back.click()
        expect(page).to_have_url((french / name).as_uri())


def test_the_site_may_not_be_built_where_the_project_keeps_another_language(tmp_path):
    result = CliRunner().invoke(cli, ["site", str(CORPUS / RECORDS[0]), "--lang", "en,fr", "--project",
                                      str(tmp_path / "project"), "-o", str(tmp_path / "project" / "fr")])
    assert result.exit_code == 2 and "need folders of their own" in result.output
    assert not (tmp_path / "project").exists() or not any((tmp_path / "project").iterdir())


def test_the_search_box_of_each_language_finds_its_own_pages(browser, both):
    from test_docs_from_disk import search

    theme = "material" if "material" in both.parent.name else "mkdocs"
    # (mkdocs' theme tries a search worker first, which a page from the disk may not start: its
    # error is expected, so this page is not one the `contexts` fixture watches)
    context = browser.new_context(viewport=SIZES["desktop"], locale="fr-FR")
    page = context.new_page()
    for site, word in ((both / "fr", "Joueurs"), (both, "Players")):
        page.goto((site / "index.html").as_uri())
        results = search(page, theme, word)
        hrefs = [link.evaluate("a => a.href") for link in results.all()]
        assert hrefs and all(href.startswith(site.as_uri() + "/") for href in hrefs), hrefs
        assert (site is both) == all("/fr/" not in href for href in hrefs), hrefs
        results.first.click()
        expect(page.locator("h1").first).to_have_text(word)
    context.close()
