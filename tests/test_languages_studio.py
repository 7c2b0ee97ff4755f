"""The studio in French (docs/annotating.md#languages, docs/languages.md#the-studio): every text of its
page listed for the catalogue and in French, the language of each request (the browser's, the switch's
cookie or query), the English page as it was, refusals said in the request's language with their codes
kept; then in a real browser, a record opened, commented and given a variation in French at a phone's
and a desk's size, and the switch turning the studio English and back."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from importlib import resources

import pytest
from axe import violations
from live_pages import DESK, PHONE
from playwright.sync_api import Page, expect
from starlette.testclient import TestClient
from studio_process import Studio

from ludoscribe.notation.languages import catalogues, words
from ludoscribe.render.studio.app import create_app
from ludoscribe.render.studio.languages import PAGE_TEXTS

NBSP = "\u00a0"
TOKEN = "studio-test-token"
RECORD = ('[Game "Teblo"]\n[Event "Studio"]\n[Site "?"]\n[Date "2026.11.28"]\n[Round "1"]\n[Yellow "Ann"]\n'
          '[Red "Bob"]\n[Result "*"]\n\n1. D4 H10 *\n')
# The English interface words of the studio (its page's headings, labels, buttons, the states and
# messages its script says), as the English studio shows them; none may be left on the French studio
# outside the record's own text.
ENGLISH = ("Records", "New record", "Game", "Variant", "Start position", "optional", "Show the position",
           "Side to move", "Besides the board", "File", "Record", "Board tools", "Play turns", "Arrow", "Mark",
           "Label", "Dim", "Colour", "Shape", "green", "blue", "red", "purple", "outline", "circle", "square",
           "cross", "Label text", "Cells", "Apply tool", "Turn", "Play this turn", "Clear", "Start", "Back",
           "Forward", "End", "Home", "Left arrow", "Right arrow", "Moves", "Annotate", "Comment", "Save", "Clock",
           "Set clock", "Lines", "Promote", "Delete", "Copy", "Undo", "Redo", "Paste", "Line as TGN", "Preview",
           "Publish", "Publishing", "Header", "Tags", "Tag", "Value", "New tag", "Add tag", "Saved", "Drawn",
           "Nothing drawn", "Cell", "Cells of the board", "start position", "to play", "after", "good turn", "mistake",
           "advantage", "Language", "Remove", "turn", "is not", "NAG palette", "Yellow", "Red", "Turns offered")
# The record's own text (its turns, comments, title and tags), and the parts other rooms draw (the
# board's drawing, render/diagram.py, and the switch, whose "EN" names a language).
RECORDS_OWN = (".st-moves .st-m:not(.st-start)", ".st-c", ".st-title", ".st-record", ".st-tags th[scope=row]",
               ".st-tags input", "svg text", ".ls-languages", "h1", "title", ".st-new-game option")
SEEN = """(hidden) => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll(hidden.join(",") + ",script,style,[hidden]").forEach(e => e.remove());
  copy.querySelectorAll(".st-tags tbody [aria-label]").forEach(e => e.removeAttribute("aria-label"));  /* tags' names */
  const labels = [...copy.querySelectorAll("[aria-label],[title]")].flatMap(
    e => [e.getAttribute("aria-label") || "", e.getAttribute("title") || ""]);
  return [copy.innerText || copy.textContent, ...labels].join("\\n");
}"""


def english_words(text: str) -> list[str]:
    """The English interface words found in a text (whole words, as the English studio writes them)."""
    return [word for word in ENGLISH if re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", text)]


# --- the catalogue ------------------------------------------------------------------------------

class Texts(HTMLParser):
    """The texts of an HTML template a reader sees or hears: its text between tags, its aria-labels and titles."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found |= {value for name, value in attrs if name in ("aria-label", "title") and value}

    def handle_data(self, data: str) -> None:
        if data.strip() and not re.fullmatch(r"\{[a-z]+\}", data.strip()):  # a place the server fills
            self.found.add(data.strip())


def test_every_text_of_the_studios_page_is_listed_for_the_catalogue_and_said_in_french():
    template = resources.files("ludoscribe.render.studio").joinpath("page.html").read_text(encoding="utf-8")
    parser = Texts()
    parser.feed(template)
    assert parser.found and sorted(parser.found - set(PAGE_TEXTS)) == []
    french = words("fr")
    assert [text for text in PAGE_TEXTS if french.gettext(text) == text and text not in ("orange", "triangle", "Actions")] == []


def test_every_text_of_the_studios_script_has_its_french_in_the_pages_words():
    scripts = json.loads(catalogues.script_path("fr", "live").read_text(encoding="utf-8"))
    source = (catalogues.ROOT / "render" / "studio" / "static" / "studio.js").read_text(encoding="utf-8")
    marked = set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"\s*[,)]', source))
    assert len(marked) > 30 and sorted(marked - set(scripts)) == []
    assert scripts["Nothing drawn here."] == "Rien de dessiné ici."


# --- the server: one language per request -------------------------------------------------------

@pytest.fixture
def client(tmp_path):
    folder = tmp_path / "game-folder"
    folder.mkdir()
    (folder / "game.tgn").write_text(RECORD, encoding="utf-8")
    return TestClient(create_app(folder, token=TOKEN), base_url="http://127.0.0.1")


def page_text(html: str) -> str:
    """A page's words outside its drawings, its scripts' data and the record's own text."""
    html = re.sub(r"<svg.*?</svg>|<script.*?</script>|<h1>.*?</h1>|<title>.*?</title>|<h2 class=\"st-title\">.*?</h2>"
                  r"|<div class=\"st-moves\".*?</div>|<nav class=\"ls-languages\".*?</nav>", "", html, flags=re.S)
    return " ".join(re.findall(r">([^<]+)<", html)) + " " + " ".join(re.findall(r'(?:aria-label|title)="([^"]*)"', html))


def test_the_browsers_language_then_the_switch_choose_the_studios_language(client):
    french = client.get("/", headers={"accept-language": "fr-FR,fr;q=0.9,en;q=0.5"})
    assert '<html lang="fr">' in french.text and f"<title>Studio{NBSP}: " in french.text
    assert english_words(page_text(french.text)) == []
    assert 'id="ludoscribe-words-live"' in french.text and 'id="ludoscribe-words-pages"' in french.text
    assert ">Début</button>" in french.text  # the move list the server draws, in French too
    english = client.get("/?lang=en", headers={"accept-language": "fr-FR"})
    assert '<html lang="en">' in english.text and "lang=en" in english.headers["set-cookie"]
    assert client.get("/", headers={"accept-language": "fr-FR"}).text.startswith('<!doctype html>\n<html lang="en">')
    client.cookies.clear()
    assert '<html lang="fr">' in client.get("/?lang=fr").text


def test_the_english_studio_is_its_template_as_it_was(client):
    """No language asked, English: the template's every text as it is written, no words for scripts."""
    html = client.get("/").text
    template = resources.files("ludoscribe.render.studio").joinpath("page.html").read_text(encoding="utf-8")
    assert "ludoscribe-words" not in html and '<html lang="en">' in html
    parsed, written = Texts(), Texts()
    parsed.feed(html)
    written.feed(template.replace("{name}", "game-folder"))
    assert written.found <= parsed.found
    assert '<nav class="ls-languages" aria-label="Language">' in html


def post(client: TestClient, path: str, data: dict, language: str, token: str = TOKEN):
    return client.post(path, json=data, headers={"X-Studio-Token": token, "accept-language": language})


def test_refusals_are_said_in_the_requests_language_with_their_codes(client):
    asked = {"file": "game.tgn", "record": 0, "at": "1", "action": "play", "turn": "D9"}
    french, english = post(client, "/api/edit", asked, "fr"), post(client, "/api/edit", asked, "en")
    assert french.status_code == english.status_code == 409
    assert french.json()["refusal"] == english.json()["refusal"] == {"code": "not-adjacent", "to": "D9",
                                                                      "side": "Yellow", "pawn": "D4"}
    assert english.json()["refused"].startswith("turn 2 Yellow: D9 is not next to")
    assert french.json()["refused"].startswith(f"tour 2 Jaune{NBSP}: ") and english_words(french.json()["refused"]) == []
    not_a_turn = post(client, "/api/edit", {**asked, "turn": "Z9"}, "fr").json()
    assert not_a_turn == {"refused": f"tour 2 Jaune{NBSP}: 'Z9' n’est pas un tour de Teblo (un déplacement comme D4 ou "
                                     "une pose comme (H9))"}
    sides = client.get("/api/position", params={"game": "Teblo"}, headers={"accept-language": "fr"}).json()["sides"]
    assert sides == ["Jaune", "Rouge"]
    refused = post(client, "/api/edit", {**asked, "turn": "D5"}, "fr", token="wrong")
    assert refused.status_code == 403 and refused.json()["refused"].startswith(f"cette page ne peut pas écrire{NBSP}:")
    missing = client.get("/api/record", params={"file": "game.tgn", "record": "7"}, headers={"accept-language": "fr"})
    assert missing.json() == {"refused": "il n’y a pas de partie 7 dans game.tgn"}
    setup = client.get("/api/position", params={"game": "Teblo", "code": "zz"}, headers={"accept-language": "fr"})
    english_setup = client.get("/api/position", params={"game": "Teblo", "code": "zz"})
    assert setup.json()["refusal"] == english_setup.json()["refusal"] == {
        "code": "code-shape", "example": "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"}
    assert setup.json()["refused"].startswith(f"balise Position erronée{NBSP}: ")
    assert english_setup.json()["refused"].startswith("bad Position tag: ")
    publishing = post(client, "/api/publish", {}, "fr")
    assert publishing.json()["refused"] == (f"impossible de construire le site{NBSP}: publier demande le dossier du "
                                            f"site{NBSP}: lancez le studio avec --site DOSSIER")
    said = post(client, "/api/edit", {"file": "game.tgn", "record": 0, "at": "", "action": "tag", "name": "Result",
                                      "value": "1-0"}, "fr").json()
    assert said["said"] == f"Enregistré. Résultat 1-0{NBSP}: Jaune (Ann) gagne."
    assert said["label"] == "Teblo, position initiale, Jaune a le trait"


# --- in a real browser ----------------------------------------------------------------------------

@pytest.fixture
def studio(tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "game.tgn").write_text(RECORD, encoding="utf-8")
    running = Studio(folder)
    yield running
    running.kill()


def french_page(page: Page) -> str:
    """What the studio shows (and tells screen readers) outside the record's own text; no English interface word in it."""
    text = page.evaluate(SEEN, list(RECORDS_OWN))
    assert english_words(text) == [], (english_words(text), text)
    return text


def saved(page: Page, action) -> None:
    page.locator(".st-status").evaluate("status => status.textContent = ''")
    action()
    expect(page.locator(".st-status")).to_have_text("Enregistré.")


@pytest.mark.parametrize("size", {"phone": PHONE, "desk": DESK})
def test_a_record_commented_and_given_a_variation_in_french(size, studio, contexts):
    page = contexts("fr-FR", {"phone": PHONE, "desk": DESK}[size])
    page.goto(studio.url + "?file=game.tgn&record=0&at=0")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".st-board svg[role='img']")).to_have_attribute(
        "aria-label", "Teblo, position après tour 1 Jaune D4, Rouge a le trait")
    expect(page.locator(".st-markup")).to_have_text("Rien de dessiné ici.")
    expect(page.locator(".st-list .st-record")).to_have_count(1)
    french_page(page)
    page.fill(".st-comment", "Mieux")
    saved(page, lambda: page.click("[data-do=comment]"))
    expect(page.locator(".st-moves .st-c")).to_have_text("Mieux")
    page.click(".st-m.st-start")
    expect(page.locator('.st-moves [aria-current="step"]')).to_have_text("Début")
    page.fill(".st-turn", "D9")
    page.click(".st-turn-form [type=submit]")
    expect(page.locator(".st-status")).to_have_text(re.compile(f"^tour 1 Jaune{NBSP}: D9 "))
    page.fill(".st-turn", "E3")
    saved(page, lambda: page.click(".st-turn-form [type=submit]"))
    expect(page.locator(".st-moves .st-var")).to_contain_text("E3")
    page.click("button[data-tool='dim']")
    saved(page, lambda: page.click(".st-board .ls-cell[data-cell='E2']"))
    expect(page.locator(".st-markup")).to_have_text(f"Dessiné{NBSP}: grisé E2")
    page.click(".st-header summary")
    expect(page.locator(".st-tags tbody tr")).to_have_count(8)
    french_page(page)
    # the board is an image holding its cells' buttons, as the English studio has it
    assert [found for found in violations(page) if not found.startswith("nested-interactive")] == []
    assert (studio_file := page.evaluate("() => location.search")) == "?file=game.tgn&record=0&at=0.0.0", studio_file


def test_the_switch_turns_the_studio_english_and_back(studio, contexts):
    page = contexts("fr-FR", PHONE)
    page.goto(studio.url + "?file=game.tgn&record=0&at=1")
    expect(page.locator(".st-markup")).to_have_text("Rien de dessiné ici.")
    page.click(".ls-languages a[hreflang=en]")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".st-markup")).to_have_text("Nothing drawn here.")
    expect(page.locator('.st-moves [aria-current="step"]')).to_have_text("H10")  # the same turn shown
    page.goto(studio.url)  # no query: the cookie keeps English
    expect(page.locator("[data-do=comment]")).to_have_text("Save comment")
    page.click(".ls-languages a[hreflang=fr]")
    expect(page.locator("[data-do=comment]")).to_have_text("Enregistrer le commentaire")
    expect(page.locator(".st-markup")).to_have_text("Rien de dessiné ici.")
    french_page(page)
