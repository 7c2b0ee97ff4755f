"""A club night in French (docs/live.md#languages): the event page and the scoresheet opened in a
French browser, three boards of three games recorded by tapping on a phone to their end, the results
followed on the event page. At each step no English interface word shows, the endings are said in
French, and no serious axe-core violation is found at a phone's and a laptop's size; the records
saved are byte for byte those of the same night recorded in English (tags and records are never
translated). Every wait is for what a page shows, never for a time."""

from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

import pytest
from axe import violations
from live_pages import DESK, PHONE
from live_server import CODE, Server
from playwright.sync_api import Page, expect
from test_languages_live import RECORDS_OWN, french_page

NBSP = "\u00a0"
FIELD = "#ls-turn"
Step = tuple[tuple[str, ...], str, str]  # the cells tapped, the offer then chosen ("" for none), the Turn field's text


class Board(NamedTuple):
    """A board of the night: its game and players, its turns (each the steps it is tapped in), how it
    ends (the players' reason, or "rules" when the rules end it), then what the French pages say."""
    game: str
    number: str
    players: tuple[str, str]
    turns: list[list[Step]]
    ending: str
    result: str
    first: str  # the first side, as the French prompt names it
    asked: str  # the ending as the scoresheet asks to confirm it
    card: str  # the result as the event page's card shows it

    @property
    def name(self) -> str:
        return f"round1-board{self.number}.tgn"


NIGHT = [
    Board("Teblo", "1", ("Ana", "Bo"), [[(("D3", "D4"), "", "D4")], [(("I10", "H10"), "", "H10")], [(("H9",), "", "(H9)")]],
          "resignation", "1-0", "Jaune", f"Terminer la partie sur 1-0{NBSP}: Jaune (Ana) gagne (abandon){NBSP}?",
          "1-0 · Jaune (Ana) gagne"),
    Board("Staku", "2", ("Cy", "Di"), [[(("b6", "c6"), "", "b6-c6"), (("c8",), "", "b6-c6+c8")],
                                       [(("g1", "f2"), "g1-f2", "g1-f2"), (("d1",), "", "g1-f2+d1")],
                                       [(("c8", "f6"), "", "c8*xf6"), (("g6",), "c8*xf6+xg6", "c8*xf6+xg6")]],
          "rules", "1-0", "Blanc",
          f"La partie est finie{NBSP}: Blanc a pris le palais g6 de Noir. Résultat 1-0{NBSP}: Blanc (Cy) gagne{NBSP}?",
          "1-0 · Blanc (Cy) gagne"),
    Board("Tekao", "3", ("Ed", "Fy"), [[(("c2",), "F@c2", "F@c2")], [(("d7",), "T@d7", "T@d7")], [(("d2",), "P@d2", "P@d2")]],
          "agreement", "1/2-1/2", "Bleu", f"Terminer la partie sur 1/2-1/2{NBSP}: partie nulle (accord mutuel){NBSP}?",
          "1/2-1/2 · Partie nulle"),
]

# What the viewer shows of the record itself: its tags (names as TGN writes them), the players, its TGN.
VIEWERS_RECORD = (".ls-tags", ".ls-name", ".ls-tgn")


def no_grave_violation(page: Page) -> None:
    """axe finds nothing serious; the tappable board is an image holding its cells' buttons (the
    English scoresheet's choice, test_languages_live.py), which is not a word of the page."""
    assert [found for found in violations(page) if not found.startswith("nested-interactive")] == []


def give_code(page: Page, url: str) -> None:
    page.goto(url + "record")
    page.fill("#ls-code", CODE)
    page.click(".ls-code-form button")
    expect(page.locator(".ls-message[data-kind=ok]")).to_have_count(1)


def night(phone: Page, url: str, check: Callable[[str, Board], None]) -> None:
    """The night's boards recorded on `phone`, by tapping, to their end; `check(step, board)` after each step."""
    for board in NIGHT:
        phone.goto(url + "record")
        phone.select_option("#ls-game", board.game)
        phone.fill("#ls-first", board.players[0])
        phone.fill("#ls-second", board.players[1])
        phone.fill("#ls-round", "1")
        phone.fill("#ls-board", board.number)
        phone.click(".ls-new-game button[type=submit]")
        expect(phone).to_have_url(url + "record/" + board.name)
        expect(phone.locator(".ls-sheet-board .ls-cell").first).to_be_visible()
        check("started", board)
        for ply, steps in enumerate(board.turns, 1):
            for cells, offer, field in steps:
                for cell in cells:
                    phone.click(f".ls-cell[data-cell='{cell}']")
                if offer:
                    phone.click(f".ls-offer[data-turn='{offer}']")
                expect(phone.locator(FIELD)).to_have_value(field)
            phone.click(".ls-turn-form .ls-primary")
            expect(phone.locator(".ls-sheet-turn")).to_have_count(ply)
            check("turn", board)
        if board.ending != "rules":
            phone.click("details.ls-more summary")
            phone.select_option("#ls-result", board.result)
            phone.select_option("#ls-reason", board.ending)
            phone.click(".ls-result-form button")
        expect(phone.locator(".ls-proposal-text")).not_to_be_empty()
        check("asked", board)
        phone.click(".ls-confirm")
        expect(phone.locator(".ls-sheet")).to_have_attribute("data-stage", "finished")
        check("finished", board)


def records(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.glob("*.tgn"))}


@pytest.fixture
def folders(tmp_path):
    """The same night's folder, once for each language (the event's name is the folder's)."""
    made = {}
    for language in ("en", "fr"):
        made[language] = tmp_path / language / "soiree"
        made[language].mkdir(parents=True)
    return made


def test_a_club_night_in_french_on_the_phone_and_the_event_page(folders, contexts):
    english = Server(folders["en"]).start()
    try:
        phone = contexts("en-GB", PHONE)
        give_code(phone, english.url)
        night(phone, english.url, lambda step, board: None)
    finally:
        english.stop()

    server = Server(folders["fr"]).start()
    try:
        phone, event = contexts("fr-FR", PHONE), contexts("fr-FR", DESK)
        event.goto(server.url)
        expect(event.locator("html")).to_have_attribute("lang", "fr")
        expect(event.locator(".ls-connection")).to_have_text("En direct")
        french_page(event)
        give_code(phone, server.url)
        expect(phone.locator(".ls-message")).to_have_text(f"Code accepté{NBSP}: cet appareil peut noter.")
        french_page(phone)
        assert violations(phone) == []
        checked: list[str] = []

        def check(step: str, board: Board) -> None:
            checked.append(step)
            card = event.locator(f".ls-card[data-name='{board.name}']")
            if step == "started":
                expect(phone.locator(".ls-prompt")).to_have_text(f"À jouer{NBSP}: tour 1 {board.first}")
                expect(card).to_have_count(1)
                if board is NIGHT[0]:
                    no_grave_violation(phone)
            elif step == "turn":
                expect(card.locator(".ls-last")).to_contain_text("Dernier tour")
            elif step == "asked":
                expect(phone.locator(".ls-proposal-text")).to_have_text(board.asked)
            else:
                expect(card.locator(".ls-state")).to_have_text(board.card)
                expect(phone.locator(".ls-prompt")).to_have_text(f"Finie{NBSP}: {board.result}")
                french_page(event)
            french_page(phone)

        night(phone, server.url, check)
        assert checked.count("finished") == len(NIGHT)
        expect(event.locator(".ls-standings-box tbody tr")).to_have_count(6)
        french_page(event)
        assert violations(event) == []
        # the other size of each: the event page on a phone, a finished scoresheet on a laptop
        small, wide = contexts("fr-FR", PHONE), contexts("fr-FR", DESK)
        small.goto(server.url)
        expect(small.locator(".ls-card .ls-state")).to_have_text([board.card for board in NIGHT])
        french_page(small)
        assert violations(small) == []
        # a spectator's page of a board, the viewer and all (its tags and moves are the record's own)
        small.goto(server.url + "game/round1-board2.tgn")
        expect(small.locator(".ls-badge")).to_have_text("1-0 · Blanc (Cy) gagne")
        french_page(small, tuple(part for part in RECORDS_OWN if part != ".ls-follow") + VIEWERS_RECORD)
        assert violations(small) == []
        give_code(wide, server.url)
        wide.goto(server.url + "record/round1-board2.tgn")  # recorded on the phone: asked, then taken over
        expect(wide.locator(".ls-message")).to_have_text(
            f"round1-board2.tgn est noté sur un autre appareil{NBSP}: continuez là-bas, ou reprenez-le ici "
            "(l’autre appareil cesse alors de le noter)")
        french_page(wide)
        wide.click(".ls-take-over")
        expect(wide.locator(".ls-prompt")).to_have_text(f"Finie{NBSP}: 1-0")
        french_page(wide)
        no_grave_violation(wide)
    finally:
        server.stop()
    saved = records(folders["fr"])
    assert sorted(saved) == [board.name for board in NIGHT]
    assert saved == records(folders["en"])
    staku = saved["round1-board2.tgn"].decode("utf-8")
    assert staku.startswith('[Game "Staku"]\n') and '[White "Cy"]' in staku and '[Result "1-0"]' in staku
    assert staku.endswith("\n1. b6-c6+c8 g1-f2+d1 2. c8*xf6+xg6 1-0\n")

