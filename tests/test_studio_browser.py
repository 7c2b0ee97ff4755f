"""The studio in a real browser (Chromium), at a laptop's 1280x800 and a phone's 390x844
(docs/annotating.md): for each of the five games, a variation added by tapping, an arrow drawn
by dragging between neighbouring cells, a cell marked and one labelled, a comment and a NAG,
the variation promoted and the old line deleted, undo and redo; the saved file is compared
with the record written by hand. The server is a real `ludoscribe studio` process; each step
waits for what the page shows, never for a time."""

from __future__ import annotations

import re

import pytest
from axe import violations
from live_pages import DESK, PHONE, picture
from studio_process import Studio
from playwright.sync_api import Page, expect

SIZES = {"desk": DESK, "phone": PHONE}
TAGS = '[Game "{game}"]\n[Event "Studio"]\n[Site "?"]\n[Date "2026.11.28"]\n[Round "1"]\n[{first} "Ann"]\n[{second} "Bob"]\n' \
       '[Result "*"]\n'


# Each game: its sides, the record's two turns, the first turn played instead by tapping (cells
# tapped, then the offer chosen, for each part), two neighbouring cells for an arrow, a cell to
# mark and one to label.
GAMES = {
    "Teblo": (("Yellow", "Red"), "1. D4 H10", [("D3", "E3"), "E3"], ("E3", "E4"), "F3", "E2"),
    "Staku": (("White", "Black"), "1. b6-c6+c8 g1-f2+d1", [("b6", "c7"), "b6-c7"], ("c7", "c6"), "b6", "d4"),
    "Tektop": (("White", "Black"), "1. 1122:a1-b2,c1-c2 3155/3456:e2-d2", ["1122", ("a1",), "1122:a1-a2"],
               ("a2", "a3"), "b2", "c3"),
    "Tekao": (("Blue", "Yellow"), "1. F@c2 T@d7", [("d2",), "H@d2"], ("d2", "d3"), "c2", "e2"),
    "TChako": (("White", "Black"), "1. A>D,A>E J>O,J>I", [("B",), "A>B"], ("A", "B"), "C", "D"),
}


def expected(game: str, sides: tuple[str, str], main: str, turn: str, arrow: tuple[str, str], mark: str,
             label: str) -> str:
    """The record as the test's edits leave it, written by hand."""
    tags = TAGS.format(game=game, first=sides[0], second=sides[1])
    return (tags + "\n" + f"1. {turn}! {{Better}} {{[%arrow {arrow[0]}-{arrow[1]} red] [%mark {mark} circle blue] "
            f"[%label {label} A]}} *\n")


@pytest.fixture
def errors():
    return []


def cell(page: Page, name: str):
    return page.locator(f".st-board .ls-cell[data-cell='{name}']")


def centre(page: Page, name: str) -> tuple[float, float]:
    for _ in range(100):
        box = cell(page, name).bounding_box()
        if box is not None:
            return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    raise AssertionError(f"the cell {name} is never drawn")


def saved(page: Page, action) -> None:
    """Do what edits the record, and wait until the page says it is saved."""
    page.locator(".st-status").evaluate("status => status.textContent = ''")
    action()
    expect(page.locator(".st-status")).to_have_text("Saved.")


def drag(page: Page, start: str, end: str) -> None:
    """A drag from the centre of one cell to the centre of another, Shift held."""
    page.locator(".st-board").scroll_into_view_if_needed()
    start_at, end_at = centre(page, start), centre(page, end)
    page.keyboard.down("Shift")
    page.mouse.move(*start_at)
    page.mouse.down()
    page.mouse.move(*end_at, steps=4)
    page.mouse.up()
    page.keyboard.up("Shift")


# Each game at a desk's size; at a phone's, Teblo's (its cells the smallest): what the studio draws and
# offers is the same at both sizes, its layout is what changes.
ANNOTATED = [(game, "desk") for game in GAMES] + [("Teblo", "phone")]


@pytest.mark.parametrize(("game", "size"), ANNOTATED, ids=[f"{game}-{size}" for game, size in ANNOTATED])
def test_a_record_of_each_game_is_annotated_in_the_browser(game, size, browser, tmp_path):
    sides, main, steps, arrow, mark, label = GAMES[game]
    folder = tmp_path / "club"
    folder.mkdir()
    path = folder / "game.tgn"
    path.write_text(TAGS.format(game=game, first=sides[0], second=sides[1]) + "\n" + main + " *\n", encoding="utf-8")
    studio = Studio(folder)
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)  # axe-core is added as an inline script
    problems: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto(studio.url + "?file=game.tgn&record=0&at=0")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "0")
        board = page.locator(".st-board svg[role='img']")
        expect(board).to_have_attribute("role", "img")
        expect(board).to_have_attribute("aria-label", re.compile("position after turn 1 "))
        page.keyboard.press("Home")
        expect(page).to_have_url(studio.url + "?file=game.tgn&record=0&at=")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_text("Start")
        # a variation, by tapping
        turn = steps[-1]
        for step in steps:
            if isinstance(step, tuple):
                for name in step:
                    cell(page, name).click()
            elif step == turn:
                page.click(f".st-offer:text-is('{turn}')")
            else:
                page.fill(".st-turn", step)  # Tektop's dice, typed before tapping
        expect(page.locator(".st-turn")).to_have_value(turn)
        page.click("text=Play this turn")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "0.0.0")
        expect(page.locator(".st-moves .st-var")).to_contain_text(turn)
        # an arrow dragged between neighbouring cells, with Shift: red
        page.select_option(".st-colour", "blue")
        saved(page, lambda: drag(page, *arrow))
        # a mark (the palette's colour and shape), a label, a comment, a NAG
        page.click("button[data-tool='mark']")
        page.select_option(".st-shape", "circle")
        saved(page, lambda: cell(page, mark).click())
        page.click("button[data-tool='label']")
        page.fill(".st-label-text", "A")
        saved(page, lambda: cell(page, label).click())
        page.click("button[data-tool='dim']")
        saved(page, lambda: cell(page, label).click())
        expect(page.locator(".st-markup")).to_contain_text(f"dim {label}")
        saved(page, lambda: cell(page, label).click())  # the same gesture again: not dimmed any more
        expect(page.locator(".st-markup")).to_have_text(f"Drawn: arrow {arrow[0]}-{arrow[1]} red, "
                                                        f"mark {mark} circle blue, label {label} A")
        page.fill(".st-comment", "Better")
        saved(page, lambda: page.click("text=Save comment"))
        saved(page, lambda: page.click("[aria-label='NAG ! good turn']"))
        expect(page.locator("[aria-label='NAG ! good turn']")).to_have_attribute("aria-pressed", "true")
        if game in ("Teblo", "TChako"):  # the pictures of docs/annotating.md
            picture(page, f"studio-{game.lower()}-desktop.png", tmp_path, full=True, width=DESK["width"])
        assert violations(page) == []
        page.click(".st-header summary")  # the header's tags, open
        assert violations(page) == []
        # promoted, the old main line deleted, undone and redone
        page.click("text=Promote to main line")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "0")
        page.keyboard.press("Home")
        expect(page).to_have_url(studio.url + "?file=game.tgn&record=0&at=")
        page.keyboard.press("ArrowDown")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "0.0.0")
        page.click("text=Delete variation")
        expect(page.locator(".st-moves .st-var")).to_have_count(0)
        page.click("text=Undo")
        expect(page.locator(".st-moves .st-var")).to_have_count(1)
        page.click("text=Redo")
        expect(page.locator(".st-moves .st-var")).to_have_count(0)
        written = expected(game, sides, main, turn, arrow, mark, label)
        assert " ".join(path.read_text(encoding="utf-8").split()) == " ".join(written.split())
        assert problems == []
    finally:
        context.close()
        studio.kill()


def test_turns_typed_and_pasted_a_line_copied_and_a_file_changed_on_disk(browser, tmp_path):
    folder = tmp_path / "club"
    folder.mkdir()
    path = folder / "game.tgn"
    path.write_text(TAGS.format(game="Teblo", first="Yellow", second="Red") + "\n1. D4 H10 *\n", encoding="utf-8")
    studio = Studio(folder)
    context = browser.new_context(viewport=DESK, bypass_csp=True)  # axe-core is added as an inline script
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    try:
        page.goto(studio.url)  # the first record, drawn as the page comes; keys pressed at once are kept
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_text("Start")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        expect(page).to_have_url(studio.url + "?file=game.tgn&record=0&at=1")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "1")
        page.fill(".st-turn", "D5")
        page.press(".st-turn", "Enter")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "2")
        page.fill(".st-paste", "2... H9 3. D6")
        saved(page, lambda: page.click("text=Paste TGN turns"))
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "4")
        page.fill(".st-paste", "D9")
        page.click("text=Paste TGN turns")
        expect(page.locator(".st-status")).to_contain_text("turn 3 Red")
        page.click("text=Copy line as TGN")
        expect(page.locator(".st-copied")).to_have_value("1. D4 H10 2. D5 H9 3. D6")
        page.click("button[data-tool='arrow']")
        page.fill(".st-cells", "D6-D7")
        saved(page, lambda: page.press(".st-cells", "Enter"))
        expect(page.locator(".st-markup")).to_have_text("Drawn: arrow D6-D7 green")
        page.click("button[data-tool='mark']")
        cell(page, "E4").focus()
        saved(page, lambda: page.keyboard.press("Enter"))  # a cell is a button: Enter taps it
        expect(page.locator(".st-markup")).to_contain_text("mark E4 outline green")
        page.keyboard.press("Escape")
        page.locator(".st-moves [aria-current='step']").focus()
        page.keyboard.press("ArrowLeft")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "3")
        page.keyboard.press("End")
        expect(page.locator('.st-moves [aria-current="step"]')).to_have_attribute("data-at", "4")
        theirs = path.read_text(encoding="utf-8").replace('"Ann"', '"Someone else"')
        path.write_text(theirs, encoding="utf-8")
        expect(page.locator(".st-changed")).to_be_visible()
        page.click("text=Comment after the turn")
        page.fill(".st-comment", "Lost?")
        page.click("text=Save comment")
        expect(page.locator(".st-status")).to_contain_text("changed on disk")
        assert path.read_text(encoding="utf-8") == theirs
        page.click("text=Reload the file")
        expect(page.locator(".st-changed")).to_be_hidden()
        expect(page.locator(".st-title")).to_contain_text("Someone else")
        # a study's set-up position, a cell emptied by tapping it, in a new file
        page.select_option(".st-new-game", "Staku")
        page.click("text=Start position code")
        expect(page.locator(".st-new-position")).to_have_value("bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww W 0 1")
        page.fill(".st-cell-contents", "")
        page.click(".st-position-board .ls-cell[data-cell='d4']")
        expect(page.locator(".st-new-position")).to_have_value("bbbbbb/bbbbbbb/n1n2n1n/7/n1n2n1n/wwwwwww/wwwwww W 0 1")
        page.select_option(".st-new-side", "1")
        expect(page.locator(".st-new-position")).to_have_value("bbbbbb/bbbbbbb/n1n2n1n/7/n1n2n1n/wwwwwww/wwwwww B 0 1")
        page.fill(".st-new-file", "study.tgn")
        page.click(".st-new button[type=submit]")
        expect(page.locator(".st-title")).to_contain_text("study.tgn")
        assert '[Position "bbbbbb/bbbbbbb/n1n2n1n/7/n1n2n1n/wwwwwww/wwwwww B 0 1"]' in (folder / "study.tgn").read_text(
            encoding="utf-8")
        assert violations(page) == []
        assert problems == []
    finally:
        context.close()
        studio.kill()


def test_hostile_records_stay_text_in_the_studio(browser, tmp_path):
    from hostile_records import CORPUS as HOSTILE

    for hostile in HOSTILE:
        (tmp_path / f"{hostile.name}.tgn").write_text(hostile.text, encoding="utf-8")
    studio = Studio(tmp_path)
    context = browser.new_context(viewport=DESK)
    page = context.new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    try:
        page.goto(studio.url)
        records = page.locator(".st-record")
        expect(records).to_have_count(len(HOSTILE))
        for number in range(len(HOSTILE)):
            records.nth(number).click()
            expect(page.locator(".st-title")).not_to_be_empty()
        page.click(".st-header summary")
        assert dialogs == []
        assert page.locator(".st-editor img, .st-records img, .st-editor script").count() == 0
    finally:
        context.close()
        studio.kill()
