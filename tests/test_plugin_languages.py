"""Each page of a mkdocs site in its own language (docs/publishing.md#pages-in-other-languages): its
front matter's `ludoscribe_language`, else its folder's in the plugin's `languages`, else the site's;
the viewers and diagrams of a page speak it, and its `<html lang>` says it."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from browsers import CORPUS
from playwright.sync_api import expect
from test_languages_pages import ENGLISH, OWN_TEXT, RECORDS, SHOWN

from ludoscribe.render.site.page_languages import FolderLanguages, PageLanguageError, page_language, with_language

CONFIG = ("site_name: Club\nuse_directory_urls: false\ntheme:\n  name: mkdocs\nplugins:\n"
          "  - ludoscribe:\n      languages: {fr/: fr}\n")
RECORD = (CORPUS / RECORDS[0]).read_text(encoding="utf-8")
# page (under docs/) -> (its Markdown, the language it is in)
PAGES = {"index.md": (f"# Game\n\n```tgn\n{RECORD}\n```\n", "en"),
         "fr/index.md": (f"# Partie\n\n```tgn\n{RECORD}\n```\n", "fr"),  # by its folder
         "partie.md": (f"---\nludoscribe_language: fr\n---\n# Partie\n\n```tgn\n{RECORD}\n```\n", "fr"),  # its front matter
         "fr/english.md": (f"---\nludoscribe_language: en\n---\n# Game\n\n```tgn\n{RECORD}\n```\n", "en")}
DIAGRAM_WORDS = {"en": ("in hand</text>", "Yellow wins</text>"), "fr": ("en main</text>", "Jaune gagne</text>")}
HTML_LANG = re.compile(r'<html\b[^>]*\blang="([^"]*)"')


def build_mkdocs_site(folder: Path, config: str = CONFIG, pages: dict[str, str] | None = None,
          strict: bool = True) -> subprocess.CompletedProcess:
    for name, text in (pages or {name: markdown for name, (markdown, _) in PAGES.items()}).items():
        (folder / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / "docs" / name).write_text(text, encoding="utf-8")
    (folder / "mkdocs.yml").write_text(config, encoding="utf-8")
    return subprocess.run([sys.executable, "-m", "mkdocs", "build", "-f", str(folder / "mkdocs.yml"),
                           *(["--strict"] if strict else [])], capture_output=True, text=True,
                          env=os.environ | {"NO_COLOR": "1"})


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("pages-in-two-languages")
    built = build_mkdocs_site(folder)
    assert built.returncode == 0, built.stderr
    return folder / "site"


@pytest.mark.parametrize("name", list(PAGES))
def test_each_page_has_its_own_language_in_its_html_tag_and_its_diagrams(site, name):
    html = (site / name).with_suffix(".html").read_text(encoding="utf-8")
    language = PAGES[name][1]
    other = "en" if language == "fr" else "fr"
    assert HTML_LANG.findall(html) == [language]
    assert all(said in html for said in DIAGRAM_WORDS[language])
    assert not any(said in html for said in DIAGRAM_WORDS[other])
    assert ('id="ludoscribe-words-pages"' in html) == (language == "fr")
    assert THEME_WORDS["mkdocs"][language] in html and THEME_WORDS["mkdocs"][other] not in html  # the theme's own


# a word of each theme's own, as it writes it in each language (docs/publishing.md#pages-in-other-languages):
# the heading of mkdocs' table of contents, Material's search field
THEME_WORDS = {"mkdocs": {"en": "\"Table of Contents\"", "fr": "\"Table des matières\""},
               "material": {"en": 'placeholder="Search"', "fr": 'placeholder="Rechercher"'}}


def test_material_says_its_own_words_in_each_pages_language(tmp_path):
    """Material chooses its words by its language as a page is rendered: the French page's, the English
    page's, and its own pages (404) in the site's language."""
    config = CONFIG.replace("name: mkdocs", "name: material").replace("plugins:\n", "plugins:\n  - search\n")
    built = build_mkdocs_site(tmp_path, config, {"index.md": "# Game\n", "fr/index.md": "# Partie\n"})
    assert built.returncode == 0, built.stderr
    said = {name: (tmp_path / "site" / name).read_text(encoding="utf-8")
            for name in ("index.html", "fr/index.html", "404.html")}
    assert {name: [language for language, words in THEME_WORDS["material"].items() if words in html]
            for name, html in said.items()} == {"index.html": ["en"], "fr/index.html": ["fr"], "404.html": ["en"]}


def test_the_viewer_of_each_page_speaks_its_language(browser, site):
    shown = {}
    page = browser.new_page(locale="fr-FR")
    for name in PAGES:
        page.goto((site / name).with_suffix(".html").as_uri())
        expect(page.locator(".ls-controls")).to_be_visible()
        page.keyboard.press("ArrowRight")
        shown[name] = page.evaluate(SHOWN, OWN_TEXT + ", nav, .navbar, footer, h1")
    page.close()
    left = {name: [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)] for name, text in shown.items()}
    assert {name: words for name, words in left.items() if PAGES[name][1] == "fr"} == {"fr/index.md": [], "partie.md": []}
    assert all(len(left[name]) > 10 for name in PAGES if PAGES[name][1] == "en"), left


@pytest.mark.parametrize("src_uri, meta, language", [
    ("fr/live.md", {}, "fr"), ("fr/games/teblo.md", {}, "fr"), ("fr.md", {}, "en"), ("french/live.md", {}, "en"),
    ("games/fr.md", {}, "en"), ("guides/fr/a.md", {}, "en"), ("live.md", {"ludoscribe_language": "fr"}, "fr"),
    ("fr/a.md", {"ludoscribe_language": "en"}, "en"), ("fr/a.md", {"language": "en", "lang": "en"}, "fr"),
    ("fr/en/a.md", {}, "en"),  # the deepest folder decides
])
def test_a_page_is_in_its_front_matters_language_else_its_folders(src_uri, meta, language):
    assert page_language(src_uri, meta, {"fr/": "fr", "fr/en/": "en"}, "en") == language


def test_a_folder_is_named_with_or_without_its_slashes():
    assert FolderLanguages().validate({"fr": "fr", "guides/en/": "en", "/club/fr/": "fr"}) == {
        "fr/": "fr", "guides/en/": "en", "club/fr/": "fr"}


@pytest.mark.parametrize("value", ["de", "FR", "", None, ["fr"], "fr\n" * 50])
def test_a_front_matter_language_ludoscribe_does_not_speak_is_refused(value):
    refused = r"^a\.md: ludoscribe_language: .* is not a language Ludoscribe speaks \(en, fr\)$"
    with pytest.raises(PageLanguageError, match=refused):
        page_language("a.md", {"ludoscribe_language": value}, {}, "en")


@pytest.mark.parametrize("html, expected", [
    ('<!DOCTYPE html>\n<html lang="en" data-bs-theme="light">\n<p lang="en">',
     '<!DOCTYPE html>\n<html lang="fr" data-bs-theme="light">\n<p lang="en">'),
    ("<!DOCTYPE html>\n<html>\n<body>", '<!DOCTYPE html>\n<html lang="fr">\n<body>'),
    ('<html class="x">', '<html lang="fr" class="x">'),
    ("<p>no html tag</p>", "<p>no html tag</p>"),
])
def test_the_language_goes_in_the_html_tag_only(html, expected):
    assert with_language(html, "fr") == expected


@pytest.mark.parametrize("option, message", [
    ("{fr/: de}", "fr/: 'de' is not a language Ludoscribe speaks (en, fr)"),
    ("{fr/: null}", "fr/: 'None' is not a language Ludoscribe speaks (en, fr)"),
    ("{../fr: fr}", "'../fr' is not a folder of the docs (a path inside docs_dir such as fr/ or guides/fr/)"),
    ("{/: fr}", "'/' is not a folder of the docs (a path inside docs_dir such as fr/ or guides/fr/)"),
    ("{1: fr}", "'1' is not a folder of the docs (a path inside docs_dir such as fr/ or guides/fr/)"),
    ("{fr/../en: fr}", "'fr/../en' is not a folder of the docs (a path inside docs_dir such as fr/ or guides/fr/)"),
    ("{'fr\\x': fr}", "'fr\\\\x' is not a folder of the docs (a path inside docs_dir such as fr/ or guides/fr/)"),
    ("[fr]", "Expected type: <class 'dict'> but received: <class 'list'>"),
])
def test_a_bad_languages_option_is_a_configuration_error(tmp_path, option, message):
    built = build_mkdocs_site(tmp_path, CONFIG.replace("{fr/: fr}", option), {"index.md": "# Club\n"})
    assert built.returncode == 1
    errors = [line for line in built.stderr.splitlines() if line.startswith("ERROR")]
    assert errors == [f"ERROR   -  Config value 'plugins': Plugin 'ludoscribe' option 'languages': {message}"]
    assert "Traceback" not in built.stderr


def test_a_page_naming_a_language_ludoscribe_does_not_speak_stops_the_build(tmp_path):
    built = build_mkdocs_site(tmp_path, pages={"index.md": "---\nludoscribe_language: de\n---\n# Club\n"})
    assert built.returncode == 1 and "Traceback" not in built.stderr
    refused = "ERROR   -  index.md: ludoscribe_language: 'de' is not a language Ludoscribe speaks (en, fr)"
    assert refused in built.stderr.splitlines()


ILLEGAL = '```tgn\n[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 2. D6 *\n```\n'  # turn 2 is refused
OVER_BUDGET = "```tgn\n" + '[Game "Teblo"]\n[Result "*"]\n\n1. D4 ' + "(1. E3) " * 5000 + "*\n```\n"


def test_a_block_that_cannot_be_shown_says_why_in_its_pages_language(tmp_path):
    """The box readers see says the record's problems in the page's language; the build's warning,
    for the author, stays in English (docs/publishing.md#pages-in-other-languages)."""
    from ludoscribe.notation import check, read_string
    from ludoscribe.notation.languages import words
    from ludoscribe.render.site.mkdocs_plugin import problem_in

    built = build_mkdocs_site(tmp_path, pages={"index.md": ILLEGAL + OVER_BUDGET, "fr/index.md": ILLEGAL + OVER_BUDGET},
                              strict=False)
    assert built.returncode == 0, built.stderr
    record = read_string(ILLEGAL.split("\n", 1)[1].rsplit("```", 1)[0])[0]
    check(record)
    refused = record.problems[0]
    boxes = {name: re.findall(r'<div class="ls-error">(.*?)</div>', (tmp_path / "site" / name).read_text(encoding="utf-8"))
             for name in ("index.html", "fr/index.html")}
    assert boxes["index.html"][0] == f"<strong>Cannot show this game:</strong> {html.escape(str(refused))}"
    assert boxes["fr/index.html"][0] == (f"<strong>Impossible d&#x27;afficher cette partie\u00a0:</strong> "
                                         f"{html.escape(problem_in(refused, words('fr')))}")
    assert boxes["index.html"][1].startswith("<strong>Cannot show this game:</strong> 4:39995: turn 1 Yellow: not published: "
                                             "more than 5000 positions")
    assert "non publiée\u00a0: plus de 5000 positions" in boxes["fr/index.html"][1]
    for box in boxes["fr/index.html"]:
        assert not re.search(r"\b(?:turn|Yellow|Red|published|Cannot)\b", box), box
    warnings = [line for line in built.stderr.splitlines() if line.startswith("WARNING")]
    assert len(warnings) == 4 and all("non publiée" not in line and "Impossible" not in line for line in warnings)
