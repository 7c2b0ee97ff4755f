"""The live pages in a real browser (Chromium), at a phone's 390x844 and a laptop's 1280x800
(docs/live.md): a game of each of the five games recorded by tapping, a second recorder
refused, spectators following, the server killed and started again mid-game, a phone
offline for three turns. Each test waits for what the pages show, never for a time."""

from __future__ import annotations

import pytest
from live_pages import (DESK, PHONE, SIDEWAYS, answered, choose, dice, entered, give_code, more, new_game,
                        picture, players_result, record, tap, targets)
from live_server import SAFETY, Server
from playwright.sync_api import expect

SIZES = {"phone": PHONE, "desk": DESK}
BOARD_SIZES = {**SIZES, "sideways": SIDEWAYS}


@pytest.fixture
def server(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    running = Server(folder).start()
    yield running
    running.stop()


@pytest.fixture
def pages(browser, server):
    """New browser contexts (each a device of its own), closed at the end."""
    contexts, errors = [], []

    def open_page(size: dict, scorer: bool = True):
        context = browser.new_context(viewport=size)
        contexts.append(context)
        context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
        page = context.new_page()
        if scorer:
            give_code(page, server.url)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors == []


# --- a game of each game, by tapping ------------------------------------------------------

def teblo(page, folder):
    tap(page, "D3")
    targets(page, "C3", "D2", "D4", "E3")  # the pawn's four steps, shown on the board
    picture(page, "live-scoresheet-offers.png", folder)
    tap(page, "D4")  # the pawn and its square name one turn: no turn to choose
    entered(page, "D4")
    record(page, 1)
    tap(page, "I10", "H10")
    entered(page, "H10")
    record(page, 2)
    tap(page, "H9")  # an empty square no pawn can reach: the placement alone
    entered(page, "(H9)")
    record(page, 3)
    tap(page, "H10", "G10")
    entered(page, "G10")
    record(page, 4)
    tap(page, "D4", "D5")
    entered(page, "D5")
    record(page, 5)
    more(page)
    page.click("text=Undo the last turn")  # a scorer's mistake, taken back: kept as a note, struck through
    expect(page.locator(".ls-sheet-turn")).to_have_count(4)
    note = page.locator(".ls-sheet-moves .ls-correction")
    expect(note).to_have_text("3. D5 taken back")
    expect(note.locator("del")).to_have_text("3. D5")
    note.scroll_into_view_if_needed()
    expect(note).to_be_visible()
    expect(note).to_be_in_viewport()
    page.fill("#ls-comment", "Red offers a draw")
    page.click("text=Add comment")
    expect(page.locator(".ls-sheet-moves li").last).to_have_text("2. (H9) G10 3. D5 taken back {Red offers a draw}")
    page.select_option("#ls-nag", "!?")
    page.click("text=Add NAG")
    expect(page.locator(".ls-sheet-turn").last).to_have_text(" G10!?")
    page.fill("#ls-clock", "0:41:07")
    page.click("text=Add clock")
    expect(page.locator(".ls-sheet-moves .ls-comment")).to_have_text("{Red offers a draw [%clk 0:41:07]}")
    players_result(page, "1/2-1/2", "agreement", "1/2-1/2: a draw")
    return "1. D4 H10 2. (H9) G10!? {[%undone 3. D5]} {Red offers a draw [%clk 0:41:07]} 1/2-1/2"


def staku(page, folder):
    tap(page, "b6", "c6")
    entered(page, "b6-c6")
    tap(page, "c8")
    entered(page, "b6-c6+c8")
    record(page, 1)
    tap(page, "g1", "f2")  # the tokens go from g1 to f2, or from f2 to g1: two turns to choose from
    choose(page, "g1-f2")
    tap(page, "d1")
    entered(page, "g1-f2+d1")
    record(page, 2)
    tap(page, "c8", "f6")
    entered(page, "c8*xf6")
    tap(page, "g6")
    choose(page, "c8*xf6+xg6")
    record(page, 3)
    expect(page.locator(".ls-proposal-text")).to_have_text(  # how the live page words the end it proposes
        "The game is over: White took Black's palace g6. Result 1-0: White (Ann) wins?")
    picture(page, "live-result-proposed.png", folder)
    page.click("text=Confirm the result")
    expect(page.locator(".ls-prompt")).to_have_text("Finished: 1-0")
    return "1. b6-c6+c8 g1-f2+d1 2. c8*xf6+xg6 1-0"


def tektop(page, folder):
    dice(page, "1122")
    tap(page, "a1")
    targets(page, "a2", "b2")
    tap(page, "b2")
    entered(page, "1122:a1-b2")
    tap(page, "c1", "c2")
    entered(page, "1122:a1-b2,c1-c2")
    expect(page.locator(".ls-message")).to_have_text("Turn: 1122:a1-b2,c1-c2. Record it, or tap cells to add to it.")
    picture(page, "live-dice.png", folder, full=True)
    record(page, 1)
    dice(page, "3155", "3456")
    tap(page, "e2", "d2")
    entered(page, "3155/3456:e2-d2")
    record(page, 2)
    players_result(page, "1/2-1/2", "agreement", "1/2-1/2: a draw")
    return "1. 1122:a1-b2,c1-c2 3155/3456:e2-d2 1/2-1/2"


def tekao(page, folder):
    tap(page, "c2")
    choose(page, "F@c2")
    record(page, 1)
    tap(page, "d7")
    choose(page, "T@d7")
    record(page, 2)
    tap(page, "d2")
    choose(page, "P@d2")
    record(page, 3)
    players_result(page, "1-0", "resignation", "1-0: Blue (Ann) wins")
    return "1. F@c2 T@d7 2. P@d2 1-0"


def tchako(page, folder):
    tap(page, "A")
    choose(page, "A>D")
    tap(page, "A", "E")
    choose(page, "A>D,A>E")
    record(page, 1)
    tap(page, "J", "O")  # O: the button for off the board
    entered(page, "J>O")
    tap(page, "J", "I")
    choose(page, "J>O,J>I")
    record(page, 2)
    tap(page, "E")
    choose(page, "E>I")
    tap(page, "I")  # the Black puck it hit there
    expect(page.locator(".ls-offer[data-turn='E>IxI']")).to_be_visible()
    picture(page, "live-tchako-hit.png", folder)
    choose(page, "E>IxI")
    record(page, 3)
    players_result(page, "1-0", "resignation", "1-0: White (Ann) wins")
    return "1. A>D,A>E J>O,J>I 2. E>IxI 1-0"


GAMES = {"Teblo": teblo, "Staku": staku, "Tektop": tektop, "Tekao": tekao, "TChako": tchako}


def board_fills_the_screen(page, size: str) -> None:
    """Upright, the board is as wide as the phone; sideways, as high; its cells as large as that makes them."""
    view = page.viewport_size
    board = box(page.locator(".ls-sheet-board svg"))
    if size == "phone":
        assert board["x"] == 0 and board["width"] >= view["width"] - 1, (board, view)
    elif size == "sideways":
        assert board["y"] == 0 and board["height"] >= view["height"] - 1, (board, view)
    if size == "sideways":
        assert board["x"] == 0 and board["y"] == 0 and board["height"] <= view["height"] + 1, (board, view)
    cells = [box(page.locator(".ls-cell").nth(k)) for k in range(3)]
    if size != "desk":  # measured: 29 px (Teblo's 11x11 squares) to 69 px (T'Chako's zones) upright, 27 to 65 sideways
        assert all(min(cell["width"], cell["height"]) >= 26 for cell in cells), cells


def box(locator):
    """The element's box on the screen, once the page has stopped drawing it again."""
    for _ in range(100):
        found = locator.bounding_box()
        if found is not None:
            return found
    raise AssertionError(f"{locator} is never drawn")


# Each game tapped at both sizes; held sideways, Teblo's (its cells the smallest): the board of each game
# held sideways is measured by test_each_games_board_fills_the_screen_held_sideways.
TAPPED = [(game, size) for game in GAMES for size in SIZES] + [("Teblo", "sideways")]


@pytest.mark.parametrize(("game", "size"), TAPPED, ids=[f"{game}-{size}" for game, size in TAPPED])
def test_a_game_of_each_game_is_recorded_by_tapping(game, size, server, pages, tmp_path):
    page = pages(BOARD_SIZES[size])
    new_game(page, server.url, game, "1", "3", "Ann", "Bob")
    board_fills_the_screen(page, size)
    movetext = GAMES[game](page, tmp_path)
    text = (server.folder / "round1-board3.tgn").read_text(encoding="utf-8")
    assert " ".join(text.split("\n\n", 1)[1].split()) == movetext
    assert text.startswith(f'[Game "{game}"]\n')
    assert '[Board "3"]' in text


def test_each_games_board_fills_the_screen_held_sideways(server, pages):
    page = pages(SIDEWAYS)
    for board, game in enumerate(GAMES, 1):
        new_game(page, server.url, game, "1", str(board), "Ann", "Bob")
        board_fills_the_screen(page, "sideways")


def white_starts_tchako(page):
    tap(page, "A")
    choose(page, "A>D")
    tap(page, "A", "E")
    choose(page, "A>D,A>E")
    record(page, 1)


def yellow_starts_teblo(page):
    tap(page, "D3")
    choose(page, "D4")
    record(page, 1)


# game: (the turns before, the cell or button pressed, the cell the keyboard picks meanwhile, the turn both name)
REDRAWN = {"Teblo": (yellow_starts_teblo, ".ls-cell[data-cell='I10']", "H10", "H10"),  # H10: the pawn's step or a placement
           "TChako": (white_starts_tchako, ".ls-places button[data-cell='O']", "J", "J>O")}  # O: off the board


@pytest.mark.parametrize("game", REDRAWN)
def test_a_tap_the_board_is_redrawn_under_is_kept(game, server, pages):
    """The board and its buttons are drawn again whenever the server answers (a turn saved, the
    cells' offers): a finger pressed on a cell or a button before it and lifted after it still
    taps it, and a cell keeps the keyboard's focus (docs/live.md#entering-a-turn)."""
    before, pressed, picked, turn = REDRAWN[game]
    page = pages(PHONE)
    new_game(page, server.url, game, "1", "1", "Ann", "Bob")
    before(page)
    answered(page)  # the sheet drawn after the turn saved is still: the page scrolls no more ...
    other = page.locator(f".ls-cell[data-cell='{picked}']")
    other.focus()  # ... nor when the keyboard comes to the cell, so the press stays on its button
    held = box(page.locator(pressed))
    page.mouse.move(held["x"] + held["width"] / 2, held["y"] + held["height"] / 2)
    page.mouse.down()  # pressed ...
    other.focus()
    page.keyboard.press("Enter")  # ... while a cell picked by the keyboard has the board drawn again
    expect(other).to_have_attribute("aria-pressed", "true")
    expect(page.locator(".ls-offer").first).to_be_visible()
    expect(other).to_be_focused()
    page.mouse.up()  # ... and lifted: both name one turn
    entered(page, turn)


# --- late answers ------------------------------------------------------------------------------

def until(page, ready) -> None:
    """Let the page and its held answers run until `ready()` is true: playwright handles the browser's
    events, the held requests among them, only during a call to it, so the page is asked for nothing
    (a round trip, no fixed wait) until the state comes."""
    for _ in range(SAFETY * 2000):
        if ready():
            return
        page.evaluate("0")
    raise AssertionError("the awaited state never came")


@pytest.mark.parametrize("size", SIZES)
def test_a_late_answer_keeps_the_turn_the_scorer_is_entering(size, server, pages):
    """The server's answer to a turn recorded comes after the scorer has started on the next one
    (a busy server, a slow network): the sheet is drawn again around the cells tapped and the turn
    chosen meanwhile, never wiping them (docs/live.md#entering-a-turn)."""
    page = pages(SIZES[size])
    new_game(page, server.url, "Staku", "1", "1", "Ann", "Bob")
    held: list = []
    page.route("**/actions", lambda route: held.append((route, route.fetch())), times=1)  # saved, its answer held
    tap(page, "b6", "c6")
    entered(page, "b6-c6")
    tap(page, "c8")
    entered(page, "b6-c6+c8")
    page.click("text=Record turn")
    until(page, lambda: len(held) == 1)
    expect(page.locator(".ls-sheet-turn")).to_have_count(0)  # the page has not heard yet
    tap(page, "g1", "f2")  # the next turn, asked of the server, which has the first
    choose(page, "g1-f2")
    route, answer = held[0]
    route.fulfill(response=answer)
    expect(page.locator(".ls-sheet-turn")).to_have_count(1)
    expect(page.locator(".ls-prompt")).to_have_text("Next: turn 1 Black")
    expect(page.get_by_label("Turn", exact=True)).to_have_value("g1-f2")
    tap(page, "d1")
    entered(page, "g1-f2+d1")
    record(page, 2)
    assert (server.folder / "round1-board1.tgn").read_text(encoding="utf-8").endswith("\n1. b6-c6+c8 g1-f2+d1 *\n")


@pytest.mark.parametrize("size", SIZES)
def test_an_offer_pressed_as_the_offers_change_is_still_the_turn_chosen(size, server, pages):
    """The offers of a cell come while the finger is on an offer of the cell tapped before: the
    offers are drawn again once the finger is lifted, and the tap chooses the offer pressed."""
    page = pages(SIZES[size])
    new_game(page, server.url, "Staku", "1", "1", "Ann", "Bob")
    tap(page, "b6", "c6")
    entered(page, "b6-c6")
    tap(page, "c8")
    entered(page, "b6-c6+c8")
    record(page, 1)
    tap(page, "g1")
    offers = page.locator(".ls-offer")
    pressed = page.locator(".ls-offer[data-turn='g1-f2']")
    expect(pressed).to_be_visible()  # offered for g1 alone
    first = offers.all_inner_texts()
    held: list = []
    page.route("**/offers", lambda route: held.append((route, route.fetch())), times=1)
    tap(page, "f2")
    until(page, lambda: len(held) == 1)
    on = box(pressed)
    page.mouse.move(on["x"] + on["width"] / 2, on["y"] + on["height"] / 2)
    page.mouse.down()
    route, answer = held[0]
    assert sorted(offer["turn"] for offer in answer.json()["offers"]) == ["f2-g1", "g1-f2"] != sorted(first)
    route.fulfill(response=answer)
    answered(page)
    page.mouse.up()
    expect(page.get_by_label("Turn", exact=True)).to_have_value("g1-f2")
    tap(page, "d1")
    entered(page, "g1-f2+d1")



@pytest.mark.parametrize("size", SIZES)
def test_the_turn_field_and_its_buttons_stay_put_as_the_offers_come_and_go(size, server, pages):
    """The offers are drawn under the Turn field: their coming and going never moves Record turn under a
    finger about to tap it (a tap landing on an offer instead kept the turn unsaved)."""
    page = pages(SIZES[size])
    new_game(page, server.url, "Teblo", "1", "1", "Ann", "Bob")
    controls = [page.get_by_label("Turn", exact=True), page.locator("text=Record turn"), page.locator(".ls-clear")]
    answered(page)
    where = [box(control) for control in controls]
    tap(page, "D3")
    expect(page.locator(".ls-offer")).to_have_count(4)
    assert [box(control) for control in controls] == where
    tap(page, "D4")
    entered(page, "D4")
    answered(page)
    assert [box(control) for control in controls] == where
    record(page, 1)
    answered(page)
    assert [box(control) for control in controls] == where

# --- one recorder a game ----------------------------------------------------------------

def test_a_second_recorder_is_refused_until_it_takes_over(server, pages, tmp_path):
    first = pages(PHONE)
    new_game(first, server.url, "Teblo", "2", "1", "Ann", "Bob")
    tap(first, "D3")
    choose(first, "D4")
    record(first, 1)
    second = pages(PHONE)
    second.goto(server.url + "record/round2-board1.tgn")
    expect(second.locator(".ls-message")).to_have_text(
        "round2-board1.tgn is being recorded on another device: go on there, or take it over here "
        "(the other device then stops recording it)")
    expect(second.locator(".ls-take-over")).to_be_visible()
    picture(second, "live-second-recorder.png", tmp_path)
    second.get_by_label("Turn", exact=True).fill("H10")
    second.click("text=Record turn")
    expect(second.locator(".ls-queue li")).to_have_text(
        "H10: not saved, round2-board1.tgn is being recorded on another device: go on there, or take it over here "
        "(the other device then stops recording it)")
    assert (server.folder / "round2-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 *\n")
    second.click(".ls-take-over")  # the first phone's battery died
    expect(second.locator(".ls-sheet-turn")).to_have_count(2)
    expect(second.locator(".ls-queue")).to_be_hidden()
    assert (server.folder / "round2-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 H10 *\n")
    first.get_by_label("Turn", exact=True).fill("(H9)")
    first.click("text=Record turn")
    expect(first.locator(".ls-take-over")).to_be_visible()
    assert (server.folder / "round2-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 H10 *\n")


# --- the scoresheet's rules ------------------------------------------------------------------

def test_a_new_game_is_refused_with_the_scoresheets_reason(server, pages):
    phone = pages(PHONE)
    phone.goto(server.url + "record")
    phone.select_option("#ls-game", "Teblo")
    phone.fill("#ls-first", "Ann")
    phone.fill("#ls-second", "ann")
    phone.fill("#ls-round", "7")
    phone.fill("#ls-board", "1")
    phone.click("text=Start recording")
    expect(phone.locator(".ls-message")).to_have_text("Ann plays Yellow already: the two sides need two different players")
    phone.fill("#ls-second", "Bob")
    phone.fill("#ls-date", "14/03/2026")
    phone.click("text=Start recording")
    expect(phone.locator(".ls-message")).to_have_text(
        "'14/03/2026' is not a date: write YYYY.MM.DD, with ?? for an unknown part (2026.03.14, 2026.03.??, ????.??.??)")
    assert not (server.folder / "round7-board1.tgn").exists()
    phone.fill("#ls-date", "2026.03.14")
    phone.click("text=Start recording")
    expect(phone.locator(".ls-prompt")).to_have_text("Next: turn 1 Yellow")
    assert '[Date "2026.03.14"]' in (server.folder / "round7-board1.tgn").read_text(encoding="utf-8")


def test_a_finished_game_is_reopened_once_confirmed_and_spectators_see_it_live(server, pages):
    phone = pages(PHONE)
    new_game(phone, server.url, "Teblo", "8", "1", "Ann", "Bob")
    spectator = pages(PHONE, scorer=False)
    spectator.goto(server.url + "game/round8-board1.tgn")
    event = pages(PHONE, scorer=False)
    event.goto(server.url)
    tap(phone, "D3")
    choose(phone, "D4")
    record(phone, 1)
    answered(phone)  # the offers for the next turn came after the turn was saved: what was said stays
    expect(phone.locator(".ls-message")).to_have_text("Saved D4.")
    tap(phone, "I10")  # until the scorer does something else
    expect(phone.locator(".ls-message")).to_have_text("Tap the turn played, or another cell.")
    choose(phone, "H10")
    record(phone, 2)
    players_result(phone, "0-1", "resignation", "0-1: Red (Bob) wins")
    expect(spectator.locator(".ls-badge")).to_have_text("0-1 · Red (Bob) wins")
    path = server.folder / "round8-board1.tgn"
    finished = path.read_text(encoding="utf-8")
    assert finished.endswith("\n1. D4 H10 0-1\n")
    phone.get_by_role("button", name="Reopen to correct it").click()
    question = phone.locator(".ls-reopen-text")
    expect(question).to_have_text("This game is finished: 0-1: Red (Bob) wins. Reopen it to correct it? "
                                  "The result is taken back, and kept in the record as a correction.")
    phone.get_by_role("button", name="Keep it finished").click()  # asked first: nothing changes until confirmed
    expect(phone.locator(".ls-message")).to_have_text("Not reopened: the game stays finished.")
    assert path.read_text(encoding="utf-8") == finished
    phone.get_by_role("button", name="Reopen to correct it").click()
    phone.get_by_role("button", name="Reopen it", exact=True).click()
    expect(phone.locator(".ls-prompt")).to_have_text("Next: turn 2 Yellow")
    answered(phone)
    expect(phone.locator(".ls-message")).to_have_text("Reopened: the result 0-1 is taken back.")
    note = phone.locator(".ls-sheet-moves .ls-correction")
    expect(note).to_have_text("result 0-1 taken back")
    note.scroll_into_view_if_needed()
    expect(note).to_be_in_viewport()
    expect(phone.locator(".ls-reopen")).to_be_hidden()
    assert path.read_text(encoding="utf-8").endswith("\n1. D4 H10 {[%undone 0-1] resignation} *\n")
    # the spectators: live again, the result taken back shown as a note
    expect(spectator.locator(".ls-badge")).to_have_text("Live")
    seen = spectator.locator(".ls-moves .ls-correction")
    expect(seen).to_have_text("result 0-1 taken back")
    seen.scroll_into_view_if_needed()
    expect(seen).to_be_in_viewport()
    expect(event.locator(".ls-card[data-name='round8-board1.tgn'] .ls-state")).to_have_text("Live")
    tap(phone, "H9")
    entered(phone, "(H9)")
    record(phone, 3)
    expect(spectator.locator("a.ls-m[aria-current=step]")).to_have_text("(H9)")


# --- the end of a game ---------------------------------------------------------------------

def entry_is_closed(page, finished: bool) -> None:
    """No turn can be entered: no Turn field, no Record turn, no offers, no tappable cell; once
    finished, no undo nor result either (docs/live.md#corrections-comments-and-results)."""
    expect(page.get_by_label("Turn", exact=True)).to_be_hidden()
    expect(page.get_by_role("button", name="Record turn")).to_be_hidden()
    expect(page.locator(".ls-offers")).to_be_hidden()
    expect(page.locator(".ls-cell[role=button]")).to_have_count(0)
    more(page)
    for control in (page.get_by_role("button", name="Undo the last turn"), page.locator(".ls-result-form")):
        if finished:
            expect(control).to_be_hidden()
        else:
            expect(control).to_be_visible()


@pytest.mark.parametrize("size", SIZES)
def test_the_sheet_ends_with_the_game_and_the_game_page_says_finished(size, server, pages):
    phone = pages(SIZES[size])
    new_game(phone, server.url, "Staku", "9", "1", "Ann", "Bob")
    spectator = pages(SIZES[size], scorer=False)
    spectator.goto(server.url + "game/round9-board1.tgn")
    expect(spectator.locator(".ls-connection")).to_have_text("Live")
    turn = phone.get_by_label("Turn", exact=True)
    for ply, text in enumerate(("b6-c6+c8", "g1-f2+d1", "c8*xf6+xg6"), 1):  # the last one takes Black's palace
        turn.fill(text)
        record(phone, ply)
    proposal = phone.locator(".ls-proposal")
    expect(proposal).to_contain_text("The game is over:")  # its words: staku() in test_a_game_of_each_game_...
    expect(proposal).to_be_in_viewport()  # in view at once, nothing scrolled
    expect(phone.locator(".ls-prompt")).to_have_text("The game is over.")
    entry_is_closed(phone, finished=False)
    phone.click("text=Not yet")  # the game stays open, to undo a mistaken last turn: still no turn to enter
    entry_is_closed(phone, finished=False)
    expect(spectator.locator(".ls-connection")).to_have_text("Live")
    phone.reload()
    expect(proposal).to_be_in_viewport()
    phone.click("text=Confirm the result")
    expect(phone.locator(".ls-prompt")).to_have_text("Finished: 1-0")
    entry_is_closed(phone, finished=True)
    expect(phone.get_by_role("button", name="Reopen to correct it")).to_be_visible()
    expect(spectator.locator(".ls-badge")).to_have_text("1-0 · White (Ann) wins")
    expect(spectator.locator(".ls-connection")).to_have_text("Finished")
    # an ending the players give: the question in view at once, then a finished sheet
    new_game(phone, server.url, "Teblo", "9", "2", "Cy", "Di")
    spectator.goto(server.url + "game/round9-board2.tgn")
    expect(spectator.locator(".ls-connection")).to_have_text("Live")
    turn.fill("D4")
    record(phone, 1)
    more(phone)
    phone.select_option("#ls-result", "0-1")
    phone.select_option("#ls-reason", "resignation")
    phone.click("text=Save the result")
    expect(phone.locator(".ls-proposal-text")).to_have_text("End the game with 0-1: Red (Di) wins (resignation)?")
    expect(proposal).to_be_in_viewport()
    phone.click("text=Confirm the result")
    expect(phone.locator(".ls-prompt")).to_have_text("Finished: 0-1")
    entry_is_closed(phone, finished=True)
    expect(spectator.locator(".ls-badge")).to_have_text("0-1 · Red (Di) wins")
    expect(spectator.locator(".ls-connection")).to_have_text("Finished")


# --- spectators ---------------------------------------------------------------------------

def test_three_spectators_follow_the_game_as_it_is_recorded(server, pages, tmp_path):
    phone = pages(PHONE)
    new_game(phone, server.url, "Teblo", "3", "1", "Ann", "Bob")
    new_game(phone, server.url, "Staku", "3", "2", "Cy", "Di")
    event = pages(DESK, scorer=False)
    event.goto(server.url)
    following = pages(PHONE, scorer=False)
    following.goto(server.url + "game/round3-board1.tgn")
    looking_back = pages(DESK, scorer=False)
    looking_back.goto(server.url + "game/round3-board1.tgn")
    for spectator in (event, following, looking_back):
        expect(spectator.locator(".ls-connection")).to_contain_text("Live")
    phone.goto(server.url + "record/round3-board1.tgn")
    card = event.locator(".ls-card[data-name='round3-board1.tgn']")
    for ply, (cells, turn, label) in enumerate([(("D3", "D4"), "D4", "1. D4"), (("I10", "H10"), "H10", "1... H10"),
                                                (("H9",), "(H9)", "2. (H9)")], 1):
        tap(phone, *cells)
        entered(phone, turn)
        record(phone, ply)
        expect(card.locator("[aria-current=step]")).to_have_text(label)
        expect(card.locator("svg[role=img]")).to_have_attribute("aria-label", f"Teblo, after {label}")
        expect(following.locator("a.ls-m[aria-current=step]")).to_have_text(turn)
        expect(following.locator(".ls-board svg[role=img]")).to_have_attribute("aria-label", f"Teblo, after {label}")
        expect(looking_back.locator("a.ls-m")).to_have_count(ply)
        if ply == 2:
            looking_back.click("a.ls-m >> text=D4")  # the reader goes back to the first turn, and stays there
        expect(looking_back.locator("a.ls-m[aria-current=step]")).to_have_text("D4")
    expect(following.locator(".ls-badge")).to_have_text("Live")
    picture(following, "live-game-page.png", tmp_path)
    players_result(phone, "1-0", "resignation", "1-0: Yellow (Ann) wins")
    expect(following.locator(".ls-badge")).to_have_text("1-0 · Yellow (Ann) wins")
    expect(card.locator(".ls-state")).to_have_text("1-0 · Yellow (Ann) wins")
    expect(event.locator(".ls-standings-box tbody tr").first).to_contain_text("Ann")
    picture(event, "live-event-page.png", tmp_path, full=True, width=DESK["width"])


PLAYERS = ["Annabelle Fitzgerald", "Bartholomew Okonkwo", "Cyrielle Vandenberghe", "Dmitri Alexandrovich",
           "Eleonora Castellanos", "Fitzwilliam Darcy-Smythe", "Guinevere Llewellyn", "Hieronymus Bosch-Jansen"]


def test_the_event_pages_standings_fit_a_phone(tmp_path, browser):
    """Eight players' standings on a phone: no sideways scroll, Points in view, names on one or two lines."""
    folder = tmp_path / "event"
    folder.mkdir()
    for board, (first, second) in enumerate(zip(PLAYERS, PLAYERS[1:] + PLAYERS[:1]), 1):
        (folder / f"round1-board{board}.tgn").write_text(
            f'[Event "Club night"]\n[Game "Teblo"]\n[Round "1"]\n[Board "{board}"]\n[Yellow "{first}"]\n'
            f'[Red "{second}"]\n[Result "1-0"]\n\n1. D4 H10 1-0\n', encoding="utf-8")
    running = Server(folder).start()
    context = browser.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(running.url)
        table = page.locator(".ls-event-standings table")
        expect(table.locator("tbody tr")).to_have_count(8)
        view = page.viewport_size["width"]
        assert page.locator("html").evaluate("html => html.scrollWidth") <= view
        for box in (page.locator(".ls-event-standings .ls-standings"), page.locator(".ls-event-standings")):
            assert box.evaluate("box => box.scrollWidth - box.clientWidth") == 0
        for heading in ("Rank", "Player", "Games", "Points"):
            cell = table.locator("th", has_text=heading).first
            expect(cell).to_be_visible()
            found = cell.bounding_box()
            assert found is not None and 0 <= found["x"] and found["x"] + found["width"] <= view, (heading, found)
        names = table.locator("tbody td:nth-child(2)")
        lines = names.evaluate_all("cells => cells.map(cell => { const range = document.createRange();"
                                   " range.selectNodeContents(cell); return new Set([...range.getClientRects()]"
                                   ".map(rect => Math.round(rect.top))).size; })")
        assert max(lines) <= 2, lines
    finally:
        context.close()
        running.stop()


# --- the network and the server fail -------------------------------------------------------

def test_the_server_killed_and_started_again_mid_game(server, pages):
    phone = pages(PHONE)
    new_game(phone, server.url, "Teblo", "4", "1", "Ann", "Bob")
    spectator = pages(PHONE, scorer=False)
    spectator.goto(server.url + "game/round4-board1.tgn")
    tap(phone, "D3")
    choose(phone, "D4")
    record(phone, 1)
    expect(spectator.locator("a.ls-m[aria-current=step]")).to_have_text("D4")
    port = server.port
    server.kill()
    assert (server.folder / "round4-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 *\n")
    phone.get_by_label("Turn", exact=True).fill("H10")
    phone.click("text=Record turn")  # the server is down: the turn waits on the phone
    expect(phone.locator(".ls-queue li")).to_have_text("H10")
    expect(spectator.locator(".ls-connection")).to_contain_text("Reconnecting")
    server.start(port)
    expect(phone.locator(".ls-sheet-turn")).to_have_count(2)  # sent once the server is back
    expect(phone.locator(".ls-queue")).to_be_hidden()
    expect(spectator.locator("a.ls-m[aria-current=step]")).to_have_text("H10")
    tap(phone, "H9")
    entered(phone, "(H9)")
    record(phone, 3)
    assert (server.folder / "round4-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 H10 2. (H9) *\n")


def test_a_phone_offline_for_three_turns_sends_them_once_in_order(server, pages, tmp_path):
    phone = pages(PHONE)
    new_game(phone, server.url, "Teblo", "5", "1", "Ann", "Bob")
    tap(phone, "D3")
    choose(phone, "D4")
    record(phone, 1)
    phone.context.set_offline(True)
    turn = phone.get_by_label("Turn", exact=True)
    for text in ("H10", "(H9)", "G10"):
        turn.fill(text)
        phone.click("text=Record turn")
    expect(phone.locator(".ls-queue li")).to_have_text(["H10", "(H9)", "G10"])
    expect(phone.locator(".ls-connection")).to_have_text("Offline: 3 waiting to be sent")
    picture(phone, "live-offline.png", tmp_path)
    assert (server.folder / "round5-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 *\n")
    phone.close()  # the phone slept and the browser dropped the page: the turns wait in its storage
    phone.context.set_offline(False)
    phone = phone.context.new_page()
    phone.goto(server.url + "record/round5-board1.tgn")
    expect(phone.locator(".ls-sheet-turn")).to_have_count(4)
    expect(phone.locator(".ls-queue")).to_be_hidden()
    assert (server.folder / "round5-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 H10 2. (H9) G10 *\n")


def test_an_illegal_turn_sent_later_is_shown_refused_and_can_be_discarded(server, pages):
    phone = pages(PHONE)
    new_game(phone, server.url, "Teblo", "6", "1", "Ann", "Bob")
    phone.context.set_offline(True)
    turn = phone.get_by_label("Turn", exact=True)
    for text in ("D4", "D5", "I9"):  # D5 is Red's turn: not next to Red's pawn
        turn.fill(text)
        phone.click("text=Record turn")
    phone.context.set_offline(False)
    # How the live page shows the server's refusal of a queued turn, in words (the code: test_live_server.py).
    expect(phone.locator(".ls-queue li.ls-refused")).to_have_text(
        "D5: not saved, turn 1 Red: D5 is not next to Red's pawn on I10: a pawn steps to an orthogonally adjacent square")
    expect(phone.locator(".ls-sheet-turn")).to_have_count(1)
    phone.click("text=Discard the refused one")
    expect(phone.locator(".ls-sheet-turn")).to_have_count(2)  # I9, sent after it, was meant for that position
    assert (server.folder / "round6-board1.tgn").read_text(encoding="utf-8").endswith("\n1. D4 I9 *\n")


def test_hostile_records_stay_text_on_the_live_pages_in_a_browser(browser, tmp_path):
    from hostile_records import write_corpus

    folder = tmp_path / "hostile"
    write_corpus(folder)
    running = Server(folder).start()
    context = browser.new_context(viewport=PHONE)
    dialogs: list[str] = []
    context.on("page", lambda page: page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss())))
    try:
        page = context.new_page()
        give_code(page, running.url)
        page.goto(running.url)
        expect(page.locator(".ls-connection")).to_contain_text("Live")
        page.goto(running.url + "game/script-comments.tgn")
        expect(page.locator(".ls-moves .ls-comment").first).to_have_text("<script>alert(1)</script>")
        page.goto(running.url + "record/script-comments.tgn")
        expect(page.locator(".ls-sheet-moves .ls-comment").last).to_have_text(
            " {../../x </script><script>alert(3)</script>}")
        expect(page.locator(".ls-sheet-board svg[role=img]")).to_be_visible()
        for path, notes in (("record/", ".ls-sheet-record"), ("game/", ".ls-moves")):  # corrections are text too
            page.goto(running.url + path + "script-corrections.tgn")
            expect(page.locator(f"{notes} .ls-correction del")).to_have_text(
                ["1. <script>alert(1)</script>", '2. "><img src=x onerror=alert(1)>', "0-1",
                 "*x* `y` | ~~z~~ # [a"])
        page.goto(running.url + "record")
        expect(page.locator(".ls-games")).to_contain_text('Round "><img src=x onerror=alert(1)>')
    finally:
        context.close()
        running.stop()
    assert dialogs == []


@pytest.mark.parametrize("size", SIZES)
def test_a_new_turn_keeps_the_readers_place_focus_menu_and_click(size, server, pages):
    """A game page drawn again as turns come keeps what the reader has (docs/live.md#following-the-boards):
    the viewer's control focused from the keyboard, the open menu, a click under way; a reader at the
    end is taken to the new turn, a reader looking back stays there."""
    game = "round1-board1.tgn"
    assert server.request("POST", "/api/games", {"game": "Teblo", "round": "1", "board": "1",
                                                 "players": ["Ann", "Bob"]})[0] == 200
    turns = ["D4", "H10", "(H9)", "G10", "D5", "G9"]

    def save(ply: int) -> None:
        answer = server.request("POST", f"/api/games/{game}/actions",
                                {"id": f"t{ply}", "ply": ply, "kind": "turn", "text": turns[ply]})
        assert answer[0] == 200, answer

    save(0)
    save(1)
    at_end, looking_back = pages(SIZES[size], scorer=False), pages(SIZES[size], scorer=False)
    for spectator in (at_end, looking_back):
        spectator.goto(server.url + "game/" + game)
        expect(spectator.locator(".ls-connection")).to_contain_text("Live")
    current = "a.ls-m[aria-current=step]"
    forward, back = (f'.ls-controls [data-go="{what}"]' for what in ("forward", "back"))
    at_end.focus(forward)
    looking_back.focus(back)
    looking_back.keyboard.press("Enter")  # back to the first turn, from the keyboard
    expect(looking_back.locator(current)).to_have_text("D4")
    save(2)
    for spectator in (at_end, looking_back):
        expect(spectator.locator("a.ls-m")).to_have_count(3)
    expect(at_end.locator(current)).to_have_text("(H9)")
    expect(looking_back.locator(current)).to_have_text("D4")
    expect(at_end.locator(forward)).to_be_focused()
    expect(at_end.locator(forward)).to_have_attribute("aria-label", "Forward (→)")
    expect(looking_back.locator(back)).to_be_focused()
    looking_back.keyboard.press("Enter")  # the focus is where it was: Enter goes on from there
    expect(looking_back.locator(current)).to_have_count(0)  # the start
    # the board turned round stays turned; a move focused is focused again in the new move list
    flip = looking_back.locator('.ls-controls [data-go="flip"]')
    flip.click()
    expect(flip).to_have_attribute("aria-pressed", "true")
    looking_back.focus("a.ls-m >> nth=1")
    # the menu open from the keyboard stays open, its item focused
    at_end.focus('.ls-controls [data-go="menu"]')
    at_end.keyboard.press("Enter")
    item = at_end.locator('.ls-menu [data-do="table"]')
    expect(item).to_be_focused()
    save(3)
    expect(at_end.locator(current)).to_have_text("G10")
    expect(at_end.locator(".ls-menu")).to_be_visible()
    expect(item).to_be_focused()
    expect(looking_back.locator("a.ls-m")).to_have_count(4)
    expect(looking_back.locator(current)).to_have_count(0)
    expect(flip).to_have_attribute("aria-pressed", "true")
    expect(looking_back.locator(".ls-board .ls-player").first).to_have_attribute("data-side", "0")
    expect(looking_back.locator("a.ls-m >> nth=1")).to_have_text("H10")
    expect(looking_back.locator("a.ls-m >> nth=1")).to_be_focused()
    at_end.keyboard.press("Escape")
    expect(at_end.locator(".ls-menu")).to_be_hidden()
    # a click under way when a turn comes: pressed before it, let go after it, it still counts
    box = at_end.locator(back).bounding_box()
    assert box is not None
    at_end.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    at_end.mouse.down()
    save(4)
    expect(at_end.locator(current)).to_have_text("D5")
    at_end.mouse.up()
    expect(at_end.locator(current)).to_have_text("G10")


def test_a_new_turn_keeps_the_move_list_where_the_reader_scrolled_it(server, pages):
    """On a laptop the move list scrolls on its own: a reader who scrolled it back through a long
    game keeps it there as turns come (docs/live.md#following-the-boards)."""
    import random

    from ludoscribe.notation.games import game_class
    from ludoscribe.notation.recording.scoresheet import Scoresheet

    game, rules, rng = "round1-board1.tgn", game_class("Teblo")(), random.Random(5)
    sheet = Scoresheet.new("Teblo", {"Round": "1", "Board": "1"})
    while len(sheet.record.moves) < 61:
        turn = rules.random_turn(sheet.position, rng)
        assert turn is not None and sheet.outcome() is None
        assert sheet.add_turn(rules.turn_text(turn)) is None
        assert sheet.comment(f"a note on turn {len(sheet.record.moves)}, long enough to take a line") is None
    last = rules.turn_text(sheet.record.moves.pop().turn)
    sheet.save(str(server.folder / game))
    # the server reads its folder again every --poll: the page is opened once it knows the game
    server.wait_until(lambda: server.request("GET", f"/api/games/{game}/view")[0] == 200)
    spectator = pages(DESK, scorer=False)
    spectator.goto(server.url + "game/" + game)
    expect(spectator.locator("a.ls-m")).to_have_count(60)
    moves = spectator.locator(".ls-game > .ls-moves")
    assert moves.evaluate("pane => pane.scrollHeight > pane.clientHeight + 100")  # the pane scrolls
    spectator.click('.ls-controls [data-go="first"]')
    moves.evaluate("pane => { pane.scrollTop = 40; }")
    answer = server.request("POST", f"/api/games/{game}/actions", {"id": "t", "ply": 60, "kind": "turn", "text": last})
    assert answer[0] == 200, answer
    expect(spectator.locator("a.ls-m")).to_have_count(61)
    assert moves.evaluate("pane => pane.scrollTop") == 40

