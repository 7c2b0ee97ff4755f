"""Pages in French (docs/languages.md#pages): the record page with its viewer, Markdown, diagrams,
with none of their own words left in English, in a real browser at both sizes; English untouched."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browsers import CORPUS, SIZES
from click.testing import CliRunner
from playwright.sync_api import expect

from ludoscribe.cli.main import cli
from ludoscribe.notation import check
from ludoscribe.notation.files import load
from ludoscribe.notation.languages import catalogues, words
from ludoscribe.render.document import page_html, render_html
from ludoscribe.render.markdown_document import render_markdown
from ludoscribe.render.wording import caption, page_date, title

FRENCH = words("fr")
# a record of each game: the first has variations, NAGs beyond $6, corrections and [%diagram]s
RECORDS = ["teblo/kastanje-2024-r4-de-wit-mulder.tgn", "staku/autumn-open-round3.tgn", "tchako/central-hill.tgn",
           "tekao/central-flags-resignation.tgn", "tektop/first-summit-race.tgn"]
# The interface's English words, as the English page shows them (test_the_english_page_holds_them
# keeps the list honest). Side names are the games' words, which the rules' catalogue gives.
ENGLISH = ["Moves", "Flip", "Result", "to move", "wins", "Start", "start", "Back", "Forward", "End of line",
           "variation", "Download", "Copy", "More", "Viewer", "Clock", "in hand", "after", "After", "turns",
           "layout", "position code", "link", "record"]
# what the record itself wrote, never translated: its tags, players, comments, turns and numbers
OWN_TEXT = ".ls-tags, .ls-name, .ls-comment, .ls-correction del, a.ls-m, .ls-n, .ls-status, h1, title, .ls-nag"
# the words a reader sees or hears outside the record's own text: text (a menu's too, hidden until
# opened), names, titles and announcements
SHOWN = """(own) => {
  const kept = [...document.querySelectorAll(own)];
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("script, style, template") || kept.some(k => k.contains(node))) continue;
    out.push(node.textContent);
  }
  for (const element of document.querySelectorAll("[aria-label], [title]")) {
    if (kept.some(k => k.contains(element))) continue;
    out.push(element.getAttribute("aria-label") || "", element.getAttribute("title") || "");
  }
  return out.join(" | ");
}"""


def _record(path: str):
    record = next(iter(load(str(CORPUS / path))))
    replayed = check(record)
    assert not record.problems, record.problems
    return record, replayed


def _page(path: str, language: str) -> str:
    record, replayed = _record(path)
    said = words(language)
    return page_html(render_html(record, replayed, words=said), title(record, said), said.language)


def _english_left(text: str) -> list[str]:
    return [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]


def test_the_pages_room_is_translated_whole():
    catalogue = catalogues.read("fr", "pages")
    untranslated = [message.id for message in catalogue if message.id and (
        message.fuzzy or not (all(message.string) if isinstance(message.string, tuple) else message.string))]
    assert untranslated == []
    english = catalogues.template("pages")
    assert {message.id for message in english if message.id} <= {message.id for message in catalogue if message.id}


def test_dates_in_page_text_follow_the_language_and_tags_stay_as_written():
    assert page_date("2024.03.12", FRENCH) == "12 mars 2024"
    assert page_date("2024.03.01", FRENCH) == "1er mars 2024"
    assert page_date("2024.08", FRENCH) == "août 2024"
    assert page_date("2024", FRENCH) == page_date("2024") == "2024"
    assert page_date("2024.03.12") == "2024.03.12"
    record, _ = _record(RECORDS[0])
    assert caption(record, FRENCH).endswith("13 février 2024")
    page = _page(RECORDS[0], "fr")
    assert "<dd>2024.02.13</dd>" in page  # the Date tag, as the record writes it


def test_the_french_page_says_its_language_and_carries_its_scripts_words():
    page = _page(RECORDS[0], "fr")
    assert page.startswith('<!DOCTYPE html>\n<html lang="fr">')
    assert 'id="ludoscribe-words-pages"' in page and '"Link copied":"Lien copié"' in page
    assert "gagne\u00a0: abandon." in page  # the result and why, in French
    english = _page(RECORDS[0], "en")
    assert '<html lang="en">' in english and 'id="ludoscribe-words-pages"' not in english
    assert "Yellow (Sanne de Wit) wins: resignation." in english


def test_english_output_is_the_same_with_lang_en_as_without(tmp_path, monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    source = str(CORPUS / RECORDS[0])
    for target in ("html", "md", "embed"):
        made = []
        for extra in ([], ["--lang", "en"], ["--lang", "fr"]):
            out = tmp_path / f"{target}{len(made)}" / f"game.{target}"
            out.parent.mkdir()
            result = CliRunner().invoke(cli, ["convert", source, "--to", target, "-o", str(out), *extra])
            assert result.exit_code == 0, result.output
            made.append(out.read_text(encoding="utf-8"))
        assert made[0] == made[1] != made[2]


def test_markdown_in_french_has_no_english_interface_word(tmp_path):
    for path in RECORDS:
        record, replayed = _record(path)
        text, files = render_markdown(record, replayed, lambda number: f"g-{number:03d}.svg", words=FRENCH)
        own = "\n".join(line for line in text.splitlines() if not line.startswith("|"))  # the tags' table: as written
        own = re.sub(r"\*[^*]+\*|\(<del>.*?</del>", "", own)  # the record's comments
        assert _english_left(own.replace(record.rules.name, "")) == [], path
        assert "| Balise | Valeur |" in text and "## Tours" in text and "## Résultat" in text
        for svg in files.values():
            assert " to move" not in svg and " wins" not in svg


def test_diagram_lang_fr_says_who_is_to_move_in_french():
    source = str(CORPUS / RECORDS[0])
    french = CliRunner().invoke(cli, ["diagram", source, "--turn", "3", "--lang", "fr"])
    english = CliRunner().invoke(cli, ["diagram", source, "--turn", "3", "--lang", "en"])
    assert french.exit_code == english.exit_code == 0
    assert "de jouer</text>" in french.output and "en main</text>" in french.output and "to move" not in french.output
    assert "to move</text>" in english.output and "in hand</text>" in english.output


def test_the_english_page_holds_the_listed_interface_words(browser):
    """The list of English words is what an English page shows: each is found in one at least."""
    context = browser.new_context(viewport=SIZES["desktop"])
    seen = ""
    for path in RECORDS:
        page = context.new_page()
        page.set_content(_page(path, "en"))
        page.locator(".ls-controls").wait_for()
        seen += page.evaluate(SHOWN, OWN_TEXT)
        page.keyboard.press("ArrowRight")
        seen += page.evaluate(SHOWN, OWN_TEXT)
        page.close()
    context.close()
    missing = [word for word in ENGLISH if not re.search(rf"\b{re.escape(word)}\b", seen)]
    assert missing == [], missing


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("path", RECORDS)
def test_a_french_record_page_shows_no_english_interface_word(browser, path, size, tmp_path):
    from axe import violations

    file = tmp_path / "page.html"
    file.write_text(_page(path, "fr"), encoding="utf-8")
    context = browser.new_context(viewport=SIZES[size], locale="fr-FR")
    problems: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(file.as_uri())
    expect(page.locator(".ls-controls")).to_be_visible()
    assert _english_left(page.evaluate(SHOWN, OWN_TEXT)) == []
    page.keyboard.press("ArrowRight")  # the viewer announces the turn; its board's name is French
    expect(page.locator(".ls-board svg").first).to_have_attribute("aria-label", re.compile(r", après "))
    folds = page.locator("button.ls-fold")
    if folds.count():
        assert re.fullmatch(r"Masquer cette variante \(\d+ tours?\)", folds.first.get_attribute("aria-label"))
        folds.first.click()
        assert re.fullmatch(r"Afficher cette variante\u00a0: \d+ tours?", folds.first.get_attribute("aria-label"))
    page.locator('[data-go="menu"]').click()
    page.locator('[data-do="code"]').click()  # copied, or the words to copy by hand: in French either way
    expect(page.locator(".ls-said")).to_have_text(re.compile(r"^(Code de la position copié|Copiez ceci\u00a0: .+)$"))
    assert _english_left(page.evaluate(SHOWN, OWN_TEXT)) == []
    assert violations(page) == []
    assert problems == []
    context.close()


def test_the_viewer_speaks_french_plural_forms():
    """tn() as the catalogue's rule has it: 0 and 1 singular in French (node runs the script's function)."""
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    viewer = Path(__file__).resolve().parent.parent / "render" / "viewer.js"
    script = (f"const v = require({json.dumps(str(viewer))});"
              "console.log(JSON.stringify([0, 1, 2, 1000000].map(v.pluralIndex)));")
    result = subprocess.run([node, "-e", script], capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [0, 0, 2, 1]
    from ludoscribe.notation.languages import plural_index

    assert [plural_index("fr", n) for n in (0, 1, 2, 1000000)] == [0, 0, 2, 1]


@pytest.fixture(scope="module")
def french_site(tmp_path_factory):
    """A site of two games' records built in French (site --lang fr), its mkdocs project kept."""
    root = tmp_path_factory.mktemp("french-site")
    result = CliRunner().invoke(cli, ["site", str(CORPUS / "teblo"), str(CORPUS / "staku"), "--lang", "fr", "-q",
                                      "--project", str(root / "project"), "-o", str(root / "site")])
    assert result.exit_code == 0, result.output
    return root


def test_the_site_option_gives_the_theme_and_the_pages_the_language(french_site, tmp_path):
    config = (french_site / "project" / "mkdocs.yml").read_text(encoding="utf-8")
    assert '"ludoscribe": {"theme_contrast": true, "language": "fr"}' in config
    assert '"Accueil": "index.md"' in config and '"Tournois": "events.md"' in config
    site = french_site / "site"
    for page in ("index.html", "players.html", "events.html", *(f"records/{p.name}" for p in (site / "records").glob("*.html"))):
        assert '<html lang="fr"' in (site / page).read_text(encoding="utf-8"), page
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "Parties commentées" in index and "Parties récentes" in index and "Annotated games" not in index
    # a plugin option of any project: a page's ```tgn block is drawn in French, the theme speaks it
    project = tmp_path / "own"
    (project / "docs").mkdir(parents=True)
    record = (CORPUS / RECORDS[0]).read_text(encoding="utf-8")
    (project / "docs" / "index.md").write_text(f"# Partie\n\n```tgn\n{record}\n```\n", encoding="utf-8")
    (project / "mkdocs.yml").write_text('site_name: "Club"\ntheme: {name: mkdocs}\n'
                                        "plugins: [{ludoscribe: {language: fr}}]\n", encoding="utf-8")
    from ludoscribe.render.site.project import mkdocs_build

    mkdocs_build(project / "mkdocs.yml", project / "site", lambda line: None)
    page = (project / "site" / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr"' in page and "Retourner le plateau (F)" in page and "Flip the board" not in page


@pytest.mark.parametrize("size", list(SIZES))
def test_the_french_site_pages_show_no_english_interface_word(browser, french_site, size):
    from axe import violations

    site = french_site / "site"
    pages = ["index.html", "players.html", "events.html", "openings/teblo.html",
             *(f"events/{p.name}" for p in sorted((site / "events").glob("*.html"))[:2]),
             *(f"games/{p.name}" for p in sorted((site / "games").glob("*.html")))]
    context = browser.new_context(viewport=SIZES[size], locale="fr-FR")
    page = context.new_page()
    for name in pages:
        page.goto((site / name).as_uri())
        page.locator("h1").first.wait_for()
        shown = page.evaluate(SHOWN, OWN_TEXT + ", .ls-who, td a, .ls-reached, nav, .md-nav, .md-header, .md-footer")
        left = [word for word in ENGLISH + ["Players", "Events", "Recent games", "Standings", "Rank", "Unknown event",
                                            "Records", "unknown", "Won", "Lost", "Drawn", "Turn", "Results"]
                if re.search(rf"\b{re.escape(word)}\b", shown)]
        assert left == [], (name, left)
        assert violations(page) == [], name
    context.close()


def test_standings_and_stats_tables_in_french():
    source = str(CORPUS / "teblo")
    french = CliRunner().invoke(cli, ["standings", source, "--lang", "fr", "--format", "markdown"])
    english = CliRunner().invoke(cli, ["standings", source, "--lang", "en", "--format", "markdown"])
    assert french.exit_code == english.exit_code == 0, french.output
    assert "| Rang | Joueur |" in french.output and "confrontation directe" in french.output
    assert "| Rank | Player |" in english.output and "direct encounter" in english.output
    csv = [CliRunner().invoke(cli, ["standings", source, "--lang", language, "--format", "csv"]).output
           for language in ("en", "fr")]
    assert csv[0] == csv[1]  # data: the same columns in every language
    trf = str(Path(__file__).resolve().parent / "records" / "open.trf")
    ranking = [CliRunner().invoke(cli, ["standings", "--trf", trf, "--lang", language, "--format", "markdown"]).output
               for language in ("en", "fr")]
    assert "| No | Rank | Player |" in ranking[0] and "Each round" in ranking[0]
    assert "| N° | Rang | Joueur |" in ranking[1] and "Chaque ronde" in ranking[1] and "Each round" not in ranking[1]
    stats = CliRunner().invoke(cli, ["stats", source, "--lang", "fr"]).output
    assert "Résultats" in stats and "Longueur en tours" in stats and "Comment les parties finissent" in stats
    ours = re.sub(r"Comment les parties finissent\n-+\n(.+\n)*", "", stats)  # the endings' words: the rules' catalogue
    assert _english_left(ours) == [] and not re.search(r"\b(Records|Share|How games end|finished games?)\b", ours)
