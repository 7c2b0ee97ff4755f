"""A club night in a real browser (docs/live.md#the-organisers-page, docs/tournaments.md#running-a-swiss):
players entered by command and on the organiser's page, round 1 paired there, two games recorded on two
phones, a third board given by forfeit, round 2 paired from those results, then the standings, the event
page and the site showing them. The organiser at a laptop's size, the scorers at a phone's; every wait is
for what a page shows, never for a time."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from axe import violations
from live_pages import DESK, PHONE, entered, give_code, more, record, tap
from live_server import Server
from playwright.sync_api import Page, expect

from ludoscribe.cli.main import cli

ORGANISER = "BOSS-CODE"
ENTERED = ["Ana", "Bo", "Cy", "Di", "Ed"]


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def folder(tmp_path):
    event = tmp_path / "club"
    run("event", "new", str(event), "--name", "Club night", "--game", "teblo", "--rounds", "3")
    for name in ENTERED:
        run("event", "player", "add", str(event), name)
    return event


@pytest.fixture
def server(folder):
    running = Server(folder, "--organiser-code", ORGANISER).start()
    yield running
    running.stop()


def organise(page: Page, url: str) -> None:
    page.goto(url + "organise")
    page.fill("#ls-organiser-code", ORGANISER.lower())
    page.click("text=Use this code")
    expect(page.locator(".ls-message")).to_have_text("Code accepted: this device may organise.")


def finish(page: Page, url: str, game: str, result: str) -> None:
    """A phone records the board's first turn, then the players' resignation."""
    page.goto(url + "record/" + game)
    expect(page.locator(".ls-prompt")).to_have_text("Next: turn 1 Yellow")
    tap(page, "D3", "D4")
    entered(page, "D4")
    record(page, 1)
    more(page)
    page.select_option("#ls-result", result)
    page.select_option("#ls-reason", "resignation")
    page.click("text=Save the result")
    page.click("text=Confirm the result")
    expect(page.locator(".ls-prompt")).to_have_text(f"Finished: {result}")


def test_a_club_night_from_the_first_pairing_to_the_standings(browser, server, folder, tmp_path):
    errors: list[str] = []
    # the organiser's laptop lets axe's script in past the pages' policy; the phones keep it
    contexts = [browser.new_context(viewport=DESK, bypass_csp=True)] + [browser.new_context(viewport=PHONE)
                                                                       for _ in range(2)]
    for context in contexts:
        context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    desk, *phones = [context.new_page() for context in contexts]
    try:
        organise(desk, server.url)
        desk.fill("#ls-player-name", "Fy")
        desk.fill("#ls-player-rating", "1500")
        desk.click("text=Enter the player")
        expect(desk.locator(".ls-players-table tbody tr")).to_have_count(6)

        desk.click("text=Pair the next round")
        boards = desk.locator(".ls-boards-table tbody tr")
        expect(boards).to_have_count(3)
        expect(desk.locator(".ls-round-heading")).to_have_text("Round 1 of 3")
        desk.click("text=Pair the next round")  # too early: refused in the command's words
        expect(desk.locator(".ls-message")).to_have_text(re.compile(r"^3 board\(s\) have no result yet"))

        for phone in phones:
            give_code(phone, server.url)
        finish(phones[0], server.url, "round1-board1.tgn", "1-0")
        finish(phones[1], server.url, "round1-board2.tgn", "0-1")
        # the organiser's page follows the boards as the phones save them
        expect(boards.locator("td:nth-child(4)")).to_have_text(["finished", "finished", "waiting"])
        expect(boards.locator("td:nth-child(5)")).to_have_text(["1-0", "0-1", "*"])
        third = desk.locator(".ls-boards-table tbody tr[data-board='3']")
        third.get_by_role("button", name="1-0 forfeit").click()
        expect(third.locator("td").nth(3)).to_have_text("forfeit")

        desk.click("text=Pair the next round")
        expect(desk.locator(".ls-round-heading")).to_have_text("Round 2 of 3")
        expect(boards).to_have_count(3)
        expect(boards.locator("td:nth-child(4)")).to_have_text(["waiting"] * 3)
        first_row = boards.first.locator("td")
        sides = [first_row.nth(1).inner_text(), first_row.nth(2).inner_text()]
        boards.first.get_by_role("button", name="Swap sides").click()  # before round 2 starts
        expect(first_row.nth(1)).to_have_text(sides[1])
        expect(first_row.nth(2)).to_have_text(sides[0])
        assert violations(desk) == []

        spectator = phones[0]
        spectator.goto(server.url)
        expect(spectator.locator(".ls-pairings h2")).to_have_text("Round 2")
        # round 1's three files (the forfeit's left unplayed, as `event forfeit` leaves it), round 2's three
        expect(spectator.locator(".ls-card")).to_have_count(6)
        expect(spectator.locator(".ls-card[data-name='round1-board1.tgn'] .ls-state")).to_contain_text("1-0")
        expect(spectator.locator(".ls-card[data-name='round1-board2.tgn'] .ls-state")).to_contain_text("0-1")
    finally:
        for context in contexts:
            context.close()
    assert errors == []

    standings = run("standings", str(folder))
    assert sorted(re.findall(r" [0-9][wb]([01½+-]) ", standings)) == ["+", "-", "0", "0", "1", "1"], standings
    run("site", str(folder), "-o", str(tmp_path / "site"), "--quiet")
    pages = "".join(path.read_text(encoding="utf-8") for path in (tmp_path / "site").rglob("*.html"))
    assert "Round 2" in pages and "1-0 (forfeit)" in pages


@pytest.mark.parametrize("size", [DESK, PHONE], ids=["desk", "phone"])
def test_the_organisers_page_in_french(browser, server, size):
    """The organiser's page opened in a French browser: its words, a player entered, a round paired and
    a pairing refused in French, no English interface word (the players' names, the records' own, aside)
    and no serious axe-core violation (docs/live.md#languages)."""
    from test_languages_live import french_page

    context = browser.new_context(viewport=size, locale="fr-FR", bypass_csp=True)
    errors: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    desk = context.new_page()
    try:
        desk.goto(server.url + "organise")
        expect(desk.locator("html")).to_have_attribute("lang", "fr")
        french_page(desk)
        desk.fill("#ls-organiser-code", ORGANISER)
        desk.locator(".ls-code-form button").click()
        expect(desk.locator(".ls-message")).to_have_text("Code accepté\u00a0: cet appareil peut organiser.")
        desk.fill("#ls-player-name", "Fy")
        desk.locator(".ls-add-player button").click()
        expect(desk.locator(".ls-players-table tbody tr")).to_have_count(6)
        desk.locator(".ls-pair button").click()
        boards = desk.locator(".ls-boards-table tbody tr")
        expect(boards).to_have_count(3)
        expect(desk.locator(".ls-round-heading")).to_have_text("Ronde 1 sur 3")
        desk.locator(".ls-pair button").click()  # too early: refused, in French
        expect(desk.locator(".ls-message")).to_have_text(re.compile(r"^3 tables n’ont pas encore de résultat"))
        french_page(desk, hidden=(".ls-players-table td:first-child", ".ls-boards-table td:nth-child(2)",
                                  ".ls-boards-table td:nth-child(3)", ".ls-languages", "h1"))
        assert violations(desk) == []
    finally:
        context.close()
    assert errors == []
