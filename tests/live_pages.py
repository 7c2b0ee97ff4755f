"""Driving the live pages in a real browser as a scorer does: tap cells, tap the turn offered,
record it (docs/live.md). Shared by the browser tests and the docs' screenshots.

The pages forbid evaluated scripts (their content security policy), so every wait is on
what the page shows (playwright's expect and wait_for_selector).
"""

from __future__ import annotations

import os
from pathlib import Path

from live_server import CODE
from playwright.sync_api import Page, expect

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1280, "height": 800}
SIDEWAYS = {"width": 844, "height": 390}  # the phone held in landscape
IMAGES = Path(__file__).resolve().parent.parent / "docs" / "img"


def give_code(page: Page, url: str) -> None:
    page.goto(url + "record")
    page.fill("#ls-code", CODE)
    page.click("text=Use this code")
    expect(page.locator(".ls-message")).to_have_text("Code accepted: this device may record.")


def new_game(page: Page, url: str, game: str, round_: str, board: str, first: str, second: str) -> None:
    """Start a game from the scorer's page; the scoresheet opens."""
    page.goto(url + "record")
    page.select_option("#ls-game", game)
    page.fill("#ls-first", first)
    page.fill("#ls-second", second)
    page.fill("#ls-round", round_)
    page.fill("#ls-board", board)
    page.click("text=Start recording")
    expect(page.locator(".ls-prompt")).to_have_text("Next: turn 1 " + {"Teblo": "Yellow", "Tekao": "Blue"}.get(game, "White"))


def tap(page: Page, *cells: str) -> None:
    """Tap cells of the board (or a place with a button of its own, like T'Chako's Off the board)."""
    for cell in cells:
        page.click(f".ls-cell[data-cell='{cell}'], .ls-places button[data-cell='{cell}']")


def choose(page: Page, turn: str) -> None:
    """Tap a turn offered: it becomes the draft in the Turn field."""
    page.click(f".ls-offer[data-turn='{turn}']")
    expect(page.get_by_label("Turn", exact=True)).to_have_value(turn)


def entered(page: Page, turn: str) -> None:
    """The cells tapped name one turn: it is in the Turn field at once, with no turn to choose (if it never
    is, say what the sheet said and offered and what waits to be sent)."""
    try:
        expect(page.get_by_label("Turn", exact=True)).to_have_value(turn)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{sheet_state(page)}") from None


def sheet_state(page: Page) -> str:
    """What the scoresheet shows of the turn being entered: its message, the offers, what waits to be sent."""
    said = page.locator(".ls-message").inner_text()
    offered = page.locator(".ls-offer").all_inner_texts()
    waiting = page.locator(".ls-queue li").all_inner_texts()
    return f"the sheet says {said!r}; offers: {offered}; waiting to be sent: {waiting}"


def targets(page: Page, *cells: str) -> None:
    """The cells the turns offered also involve (where the piece tapped may go) are marked on the board."""
    marked = page.locator(".ls-cell.ls-target")
    expect(marked).to_have_count(len(cells))
    for cell in cells:
        expect(marked.and_(page.locator(f".ls-cell[data-cell='{cell}']"))).to_have_attribute("aria-label", f"{cell} (offered)")


def record(page: Page, turns: int) -> None:
    """Record the draft; wait until the record holds `turns` turns (if it never does, say what the sheet
    said and what waits to be sent)."""
    page.click("text=Record turn")
    try:
        expect(page.locator(".ls-sheet-turn")).to_have_count(turns)
    except AssertionError as error:
        raise AssertionError(f"{error}\n{sheet_state(page)}; "
                             f"Turn field: {page.locator('#ls-turn').input_value()!r}") from None


def answered(page: Page) -> None:
    """The server has answered the sheet's last question about the turn being entered (its offers)."""
    expect(page.locator(".ls-offers")).to_have_attribute("aria-busy", "false")


def dice(page: Page, *throws: str) -> None:
    """Give Tektop's dice: each throw's four dice, the last throw last."""
    for number, faces in enumerate(throws, 1):
        if number > 1:
            page.click("text=Another throw")
        for die, face in enumerate(faces, 1):
            page.select_option(f"#ls-die-{number}-{die}", face)
    page.click("text=Use these dice")
    expect(page.get_by_label("Turn", exact=True)).to_have_value("/".join(throws))


def more(page: Page) -> None:
    """Open the scoresheet's other controls (comment, NAG, clock, undo, result) if they are closed."""
    if page.locator("details.ls-more").get_attribute("open") is None:
        page.click("text=Comment, NAG, clock, undo, result")


def players_result(page: Page, result: str, reason: str, words: str) -> None:
    """A result the players give (resignation, agreement...), confirmed: the page asks in the
    words of `ludoscribe record` ('0-1: Red (Bob) wins')."""
    more(page)
    page.select_option("#ls-result", result)
    page.select_option("#ls-reason", reason)
    page.click("text=Save the result")
    expect(page.locator(".ls-proposal-text")).to_have_text(f"End the game with {words} ({reason})?")
    page.click("text=Confirm the result")
    expect(page.locator(".ls-prompt")).to_have_text(f"Finished: {result}")


def picture(page: Page, name: str, folder: Path, full: bool = False, width: int = PHONE["width"]) -> None:
    """A screenshot of a page `width` pixels wide (the phone's unless said): into docs/img when
    LUDOSCRIBE_PICTURES is set (how the docs' pictures are taken: docs/live.md), else into `folder`."""
    if page.viewport_size is None or page.viewport_size["width"] != width:
        return
    target = IMAGES if os.environ.get("LUDOSCRIBE_PICTURES") else folder
    page.screenshot(path=str(target / name), full_page=full)
