"""The live pages in French (docs/live.md#languages, docs/languages.md#live-pages): the live catalogue
complete, the language of each request (the browser's, the switch's cookie or query), refusals said
in it with their codes kept, the relay's --lang; then in a real browser, a short game recorded in French
on a phone and followed on the event page at a desk, the switch, and two languages served at once."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

import pytest
from axe import violations
from click.testing import CliRunner
from live_pages import DESK, PHONE, answered
from live_server import CODE, DEVICE, Server
from playwright.sync_api import Page, expect

from ludoscribe.cli.main import cli
from ludoscribe.notation.games.base import Refusal
from ludoscribe.notation.games.teblo import TebloRefusal
from ludoscribe.notation.languages import GAME_WORD, catalogues, words

NBSP = "\u00a0"
# The English interface words of the live pages (their headings, labels, buttons, states, messages),
# as the English pages show them; none may be left on a French page outside the records' own text.
ENGLISH = ("Record a game", "Event code", "Use this code", "New game", "First player", "Second player",
           "Start recording", "Round", "Board", "Boards", "Standings", "Live", "Finished", "Last turn", "Start",
           "Record turn", "Clear", "Turn", "Next", "Comment", "Undo", "Save the result", "Confirm", "Not yet",
           "Waiting", "Saved", "Offline", "Online", "Reconnecting", "wins", "Draw", "Tap", "cells", "offered",
           "Code accepted", "device", "game", "Games", "Stop recording", "Take over", "Reopen", "Keep it",
           "Discard", "Why", "resignation", "Result", "after", "Updated", "No finished",
           "Turns are shown", "Language", "Variant", "optional", "Scoresheet", "Record ·", "the last turn",
           "Rank", "Player", "direct encounter", "not counted", "taken back", "Give the code", "to move", "now",
           "in hand", "the draft") + tuple(
    # the sides' names are the games' own words, which the rules' catalogue puts in French (pgettext
    # GAME_WORD): checked here once it does, and meanwhile shown as they are written in the records
    side for side in ("Yellow", "Red") if words("fr").pgettext(GAME_WORD, side) != side)
# The records' own text (the players' names in the standings' table, the scoresheet's turns, comments
# and what a correction took back among it) and the viewer of the game page, which
# tests/test_live_club_night_french.py reads but its record's own text. The boards' drawings are read:
# their words (who is to move, the pieces in hand) are said in the page's language.
RECORDS_OWN = (".ls-players", ".ls-m", ".ls-sheet-turn", ".ls-sheet-moves .ls-comment", ".ls-correction del",
               ".ls-follow", ".ls-standings-box td:nth-child(2)",
               ".ls-languages", "h1", "select#ls-game", "#ls-game option")
SEEN = """(hidden) => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll(hidden.join(",") + ",script,style,[hidden]").forEach(e => e.remove());
  const labels = [...copy.querySelectorAll("[aria-label]")].map(e => e.getAttribute("aria-label"));
  return [copy.innerText || copy.textContent, ...labels, document.title].join("\\n");
}"""


def english_words(text: str) -> list[str]:
    """The English interface words found in a page's text (whole words, as written on the English pages)."""
    return [word for word in ENGLISH if re.search(r"(?<![\w])" + re.escape(word) + r"(?![\w])", text)]


# --- the catalogue ------------------------------------------------------------------------------

def test_the_live_room_is_complete_in_french():
    held = [message for message in catalogues.read("fr", "live") if message.id]
    assert len(held) > 150
    empty = [message.id for message in held
             if message.fuzzy or not (all(message.string) if isinstance(message.id, tuple) else message.string)]
    assert empty == []


def test_the_live_scripts_words_hold_every_text_of_the_scripts():
    """Each text the live scripts mark (t, tn) has its French in the JSON the pages carry."""
    scripts = json.loads((catalogues.script_path("fr", "live")).read_text(encoding="utf-8"))
    marked = set()
    for path in sorted((catalogues.ROOT / "render" / "live" / "static").glob("*.js")):
        marked |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"\s*[,)]', path.read_text(encoding="utf-8")))
    assert marked and sorted(marked - set(scripts)) == []
    assert scripts["Saved."] == "Enregistré."


# --- the server: one language per request -------------------------------------------------------

@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "soiree"
    folder.mkdir()
    running = Server(folder).start()
    yield running
    running.stop()


def get(server: Server, path: str, headers: dict[str, str] | None = None) -> tuple[str, dict[str, str]]:
    request = urllib.request.Request(server.url + path.lstrip("/"), headers=headers or {})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return answer.read().decode("utf-8"), dict(answer.headers)


def post(server: Server, path: str, data: dict, language: str) -> tuple[int, dict]:
    request = urllib.request.Request(server.url + path.lstrip("/"), data=json.dumps(data).encode(), method="POST",
                                     headers={"X-Event-Code": CODE, "X-Device": DEVICE, "Accept-Language": language,
                                              "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_browsers_language_then_the_switch_choose_the_pages_language(server):
    french, _ = get(server, "/", {"Accept-Language": "fr-FR,fr;q=0.9,en;q=0.8"})
    assert '<html lang="fr">' in french and "<h2>Classement</h2>" in french
    assert 'id="ludoscribe-words-live"' in french and '"Offline": "Hors ligne"' in french
    english, _ = get(server, "/", {"Accept-Language": "de-DE,en;q=0.5"})
    assert '<html lang="en">' in english and "<h2>Standings</h2>" in english
    assert "ludoscribe-words" not in english
    switched, headers = get(server, "/?lang=en", {"Accept-Language": "fr-FR"})
    assert '<html lang="en">' in switched and headers["set-cookie"].startswith("lang=en;")
    kept, _ = get(server, "/record", {"Accept-Language": "fr-FR", "Cookie": "lang=en"})
    assert '<html lang="en">' in kept and "Record a game" in kept
    chosen, _ = get(server, "/record", {"Accept-Language": "en", "Cookie": "lang=fr"})
    assert '<html lang="fr">' in chosen and "Noter une partie" in chosen
    for hostile in ("/?lang=xx", "/?lang=fr%0d%0aSet-Cookie:%20a=b"):
        page, headers = get(server, hostile, {"Accept-Language": "en"})
        assert '<html lang="en">' in page and "set-cookie" not in {name.lower() for name in headers}


def test_a_language_asked_twice_makes_the_page_in_the_one_it_keeps(server):
    """`?lang=` given twice: the page is made in the language the cookie keeps, the first one we speak."""
    for query, kept in (("?lang=fr&lang=en", "fr"), ("?lang=xx&lang=en", "en")):
        page, headers = get(server, "/" + query, {"Accept-Language": "de"})
        assert f'<html lang="{kept}">' in page and headers["set-cookie"].startswith(f"lang={kept};")


def test_refusals_are_said_in_the_requests_language_with_their_codes(server):
    status, made = post(server, "/api/games", {"game": "teblo", "round": "1", "board": "1",
                                               "players": ["Ana", "Bo"]}, "fr")
    assert status == 200
    path = f"/api/games/{made['name']}/actions"
    assert post(server, path, {"id": "a", "ply": 0, "kind": "turn", "text": "D4"}, "fr")[0] == 200
    said = {}
    for language in ("fr", "en"):
        status, answer = post(server, path, {"id": "b" + language, "ply": 1, "kind": "turn", "text": "D5"}, language)
        assert status == 409 and answer["refusal"] == {"code": "not-adjacent", "to": "D5", "side": "Red", "pawn": "I10"}
        said[language] = answer["refused"]
    refusal = Refusal(TebloRefusal.NOT_ADJACENT, to="D5", side="Red", pawn="I10")
    assert said["en"] == f"turn 1 Red: {refusal.sentence}"  # as before: English unchanged
    assert said["fr"] == f"tour 1 {words('fr').pgettext(GAME_WORD, 'Red')}{NBSP}: {refusal.sentence_in(words('fr'))}"
    status, answer = post(server, path, {"ply": "x", "kind": "turn", "text": "D4"}, "fr")
    assert status == 400 and answer["refused"] == "ply est le nombre de tours que la page a vus"
    status, answer = post(server, "/api/games/nothing.tgn/actions", {}, "fr-CA")
    assert status == 404 and answer["refused"] == "il n’y a pas de partie nothing.tgn dans ce tournoi"
    status, answer = post(server, "/api/games/nothing.tgn/actions", {}, "en")
    assert answer["refused"] == "there is no game nothing.tgn in this event"


def test_the_relay_writes_its_pages_in_the_language_asked(tmp_path):
    folder, out = tmp_path / "soiree", tmp_path / "relais"
    folder.mkdir()
    (folder / "r1-b1.tgn").write_text('[Game "Teblo"]\n[Round "1"]\n[Board "1"]\n[Yellow "Ana"]\n[Red "Bo"]\n'
                                      '[Result "*"]\n\n1. D4 *\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["relay", str(folder), "-o", str(out), "--lang", "fr"])
    assert result.exit_code == 0, result.output
    index = (out / "index.html").read_text(encoding="utf-8")
    assert '<html lang="fr">' in index and "Ronde 1 · Table 1" in index and "En direct" in index
    assert english_words(re.sub(r"<[^>]+>", " ", index.split("</head>")[1].split('id="ls-page">')[0])) == []
    english = CliRunner().invoke(cli, ["relay", str(folder), "-o", str(tmp_path / "relay"), "--lang", "en"])
    assert english.exit_code == 0 and "Round 1 · Board 1" in (tmp_path / "relay" / "index.html").read_text()


def test_the_events_ranking_is_in_the_pages_language(tmp_path):
    """An event's page shows its ranking by the event's tie-breaks: in French, its table's headings and
    notes are French; only the players' names stay as entered."""
    folder, names = tmp_path / "club", ("Ana", "Bo", "Cy", "Di")
    for args in (["event", "new", str(folder), "--name", "Club", "--game", "teblo", "--rounds", "3"],
                 *(["event", "player", "add", str(folder), name] for name in names), ["pair", str(folder)]):
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
    running = Server(folder).start()
    try:
        said = {language: get(running, "/", {"Accept-Language": language})[0] for language in ("fr", "en")}
    finally:
        running.stop()
    ranking = {language: re.sub(r"<[^>]+>", " ", page.split('class="ls-ranking"')[1].split("</section>")[0])
               for language, page in said.items()}
    assert "Classement" in ranking["fr"] and "Rank" in ranking["en"]
    assert english_words(re.sub(r"\b(" + "|".join(names) + r")\b", " ", ranking["fr"])) == []
    # the whole page, its round's pairings with it (outside the scripts' data and the records' names)
    body = re.sub(r"<script.*?</script>", " ", said["fr"].split("<body>")[1], flags=re.S)
    seen = re.sub(r"<[^>]+>", " ", body.replace('aria-label="', '> '))
    assert english_words(re.sub(r"\b(" + "|".join((*names, "Club")) + r")\b", " ", seen)) == []


# --- in a real browser ----------------------------------------------------------------------------

def french_page(page: Page, hidden: tuple[str, ...] = RECORDS_OWN) -> str:
    """What the page shows (and tells screen readers) outside the records' own text; no English interface word in it."""
    text = page.evaluate(SEEN, list(hidden))
    assert english_words(text) == [], text
    return text


def tap(page: Page, *cells: str) -> None:
    for cell in cells:
        page.click(f".ls-cell[data-cell='{cell}']")


def record(page: Page, turn: str, turns: int) -> None:
    expect(page.locator("#ls-turn")).to_have_value(turn)
    page.click(".ls-turn-form .ls-primary")
    expect(page.locator(".ls-sheet-turn")).to_have_count(turns)


def test_a_game_recorded_in_french_on_a_phone_and_followed_at_a_desk(server, contexts):
    phone = contexts("fr-FR", PHONE)
    phone.goto(server.url + "record")
    expect(phone.locator("html")).to_have_attribute("lang", "fr")
    french_page(phone)
    phone.fill("#ls-code", CODE)
    phone.click(".ls-code-form button")
    expect(phone.locator(".ls-message")).to_have_text(f"Code accepté{NBSP}: cet appareil peut noter.")
    expect(phone.locator(".ls-first-label")).to_have_text(re.compile(r"\(premier joueur\)$"))
    phone.fill("#ls-first", "Ana")
    phone.fill("#ls-second", "Bo")
    phone.fill("#ls-round", "1")
    phone.fill("#ls-board", "1")
    phone.click(".ls-new-game button")
    expect(phone.locator(".ls-prompt")).to_have_text(re.compile(f"^À jouer{NBSP}: tour 1 "))
    tap(phone, "D3")
    expect(phone.locator(".ls-cell.ls-target").first).to_have_attribute("aria-label", re.compile(r"\(proposée\)$"))
    tap(phone, "D4")
    record(phone, "D4", 1)
    answered(phone)  # the next turn's offers, come after the message: it stays
    expect(phone.locator(".ls-message")).to_have_text("D4 enregistré.")
    french_page(phone)
    # the tappable board is an image holding its cells' buttons, as on the English page (whose tests
    # hold it an image): axe's nested-interactive is that choice, not a word of the page
    assert [found for found in violations(phone) if not found.startswith("nested-interactive")] == []

    desk = contexts("fr-FR", DESK)
    desk.goto(server.url)
    expect(desk.locator(".ls-card .ls-last")).to_contain_text("Dernier tour")
    expect(desk.locator(".ls-connection")).to_have_text("En direct")
    tap(phone, "I10", "H10")
    record(phone, "H10", 2)
    expect(desk.locator(".ls-card .ls-m")).to_have_text(re.compile(r"H10$"))  # the card followed, in French
    french_page(desk)
    assert violations(desk) == []

    phone.click("details.ls-more summary")
    phone.select_option("#ls-result", "1-0")
    phone.select_option("#ls-reason", "resignation")
    phone.click(".ls-result-form button")
    expect(phone.locator(".ls-proposal-text")).to_contain_text("Terminer la partie sur 1-0")
    expect(phone.locator(".ls-proposal-text")).to_contain_text("(abandon)")
    phone.click(".ls-confirm")
    expect(phone.locator(".ls-prompt")).to_have_text(f"Finie{NBSP}: 1-0")
    french_page(phone)
    expect(desk.locator(".ls-card .ls-state")).to_contain_text("1-0 · ")
    expect(desk.locator(".ls-card .ls-state")).to_contain_text("(Ana) gagne")
    french_page(desk)
    desk.click(".ls-card h2 a")
    expect(desk.locator(".ls-badge")).to_contain_text("gagne")
    expect(desk.locator("#ludoscribe-words-pages")).to_have_count(1)
    expect(desk.locator("#ludoscribe-words-live")).to_have_count(1)
    french_page(desk)
    assert violations(desk) == []


def test_the_switch_turns_the_pages_english_and_back_and_the_choice_sticks(server, contexts):
    page = contexts("fr-FR", PHONE)
    page.goto(server.url)
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.click(".ls-languages a[hreflang=en]")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.locator(".ls-event-standings h2")).to_have_text("Standings")
    page.goto(server.url + "record")  # another page, no query: the cookie keeps English
    expect(page.locator("h1")).to_have_text("Record a game")
    expect(page.locator(".ls-languages a[aria-current]")).to_have_text("EN")
    page.click(".ls-languages a[hreflang=fr]")
    expect(page.locator("h1")).to_have_text("Noter une partie")
    page.goto(server.url)
    expect(page.locator(".ls-event-standings h2")).to_have_text("Classement")
    french_page(page)


def test_two_spectators_in_two_languages_are_served_at_once(server, contexts):
    status, made = server.request("POST", "/api/games", {"game": "teblo", "round": "2", "board": "3",
                                                         "players": ["Ana", "Bo"]})
    assert status == 200
    french, english = contexts("fr-FR", DESK), contexts("en-GB", DESK)
    for page in (french, english):
        page.goto(server.url)
    for _ in range(3):  # asked again and again, each keeps its own language (the pages made per language)
        french.reload()
        english.reload()
        expect(french.locator(".ls-card h2")).to_have_text("Ronde 2 · Table 3")
        expect(english.locator(".ls-card h2")).to_have_text("Round 2 · Board 3")
    status, _ = server.request("POST", f"/api/games/{made['name']}/actions",
                               {"id": "t1", "ply": 0, "kind": "turn", "text": "D4"})
    assert status == 200
    expect(french.locator(".ls-card .ls-last")).to_contain_text("Dernier tour")
    expect(english.locator(".ls-card .ls-last")).to_contain_text("Last turn")
    french_page(french)


def test_a_scoresheet_taken_over_corrected_and_refused_in_french(server, contexts):
    """The scoresheet's other paths in French: a turn refused because another device records the game
    is sent once this one takes over (known by the answer's `held`, whatever its words), a turn taken
    back is noted in French, and a device whose code is wrong is asked for it in French."""
    status, made = server.request("POST", "/api/games", {"game": "teblo", "round": "4", "board": "1",
                                                         "players": ["Ana", "Bo"]}, device="the-other-phone")
    assert status == 200
    name = made["name"]
    phone = contexts("fr-FR", PHONE)
    phone.goto(server.url + "record")
    phone.fill("#ls-code", CODE)
    phone.click(".ls-code-form button")
    expect(phone.locator(".ls-message")).to_have_text(f"Code accepté{NBSP}: cet appareil peut noter.")
    phone.goto(server.url + "record/" + name)
    expect(phone.locator(".ls-take-over")).to_be_visible()
    phone.fill("#ls-turn", "D4")
    phone.click(".ls-turn-form .ls-primary")
    expect(phone.locator(".ls-queue li.ls-refused")).to_contain_text("autre appareil")
    french_page(phone)
    phone.click(".ls-take-over")
    expect(phone.locator(".ls-sheet-turn")).to_have_count(1)  # the turn refused meanwhile, sent at last
    expect(phone.locator(".ls-queue")).to_be_hidden()
    phone.click("details.ls-more summary")
    phone.click(".ls-undo")
    expect(phone.locator(".ls-sheet-turn")).to_have_count(0)
    expect(phone.locator(".ls-sheet-start .ls-correction")).to_have_text("1. D4 annulé")
    french_page(phone)
    assert (server.folder / name).read_text(encoding="utf-8").endswith("\n{[%undone 1. D4]} *\n")

    stranger = contexts("fr-FR", PHONE)
    stranger.goto(server.url + "record")
    stranger.evaluate("localStorage.setItem('ls-code', 'NOT-THE-CODE')")
    stranger.goto(server.url + "record/" + name)
    expect(stranger.locator(".ls-message a")).to_have_text("Donnez le code.")
    french_page(stranger)
