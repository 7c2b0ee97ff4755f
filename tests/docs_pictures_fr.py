"""The French screenshots of the French guides (docs/img/fr/), taken in a real browser as the
English ones are (tests/live_pages.py, tests/test_viewer_layout.py): the pages asked for in
French, `?lang=fr` for the live pages and the studio, `--lang fr` for a record's page.

Run `python tests/docs_pictures_fr.py` (chromium and playwright installed, as for the browser
tests) after changing a page they show; it writes docs/img/fr/*.png, each in a palette of 256
colours. tests/test_docs_french.py checks that the French pages show them.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from browsers import ARGS, CHROMIUM, EXPECT_SECONDS  # noqa: E402
from live_pages import DESK, PHONE  # noqa: E402
from live_server import CODE, Server  # noqa: E402
from playwright.sync_api import Page, expect, sync_playwright  # noqa: E402
from studio_process import Studio  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ROOT / "docs" / "img" / "fr"
LUDOSCRIBE = [sys.executable, "-c", "from ludoscribe.cli.main import main; main()"]
PLAYERS = ["Anne Martin", "Bruno Roux", "Chloé Petit", "David Morel", "Émile Faure"]
# The first round's boards as the pictures show them: board 1 finished, board 2 under way, Red to play
TURNS = {"round1-board1.tgn": ("1. D4 I9 2. (H9) I8 3. (H8) {Le mur monte.} I7", "1-0"),
         "round1-board2.tgn": ("1. D4 I9 2. (H9)", "*")}
# The studio's record: a variation played, and an arrow, a mark and a label drawn on a turn
ANNOTATED = """[Event "Soirée du club"]
[Site "Maison du club"]
[Date "2026.03.14"]
[Round "2"]
[Yellow "Anne Martin"]
[Red "Bruno Roux"]
[Result "*"]
[Game "Teblo"]

1. D4 I9 2. (H9)! {Une première pièce de soutien, juste devant le pion de Rouge.
[%arrow I9-H9] [%mark H9] [%label H8 A]} (2. D5 {la course toute simple} 2... I8) 2... I8
3. (H8) 3... I7 *
"""


def ludoscribe(*arguments: str, cwd: Path) -> None:
    subprocess.run([*LUDOSCRIBE, *arguments], cwd=cwd, check=True, capture_output=True)


def club_night(folder: Path) -> Path:
    """An event's folder: five players, round 1 paired, its boards as TURNS says."""
    event = folder / "printemps"
    ludoscribe("event", "new", str(event), "--name", "Suisse de printemps", "--game", "teblo", "--rounds", "5",
               "--site", "Maison du club", "--date", "2026.03.14", cwd=folder)
    for player in PLAYERS:
        ludoscribe("event", "player", "add", str(event), player, cwd=folder)
    ludoscribe("pair", str(event), cwd=folder)
    for name, (turns, result) in TURNS.items():
        path = event / name
        text = re.sub(r'\[Date "[^"]*"\]', '[Date "2026.03.14"]', path.read_text(encoding="utf-8"))
        text = text.replace('[Result "*"]', f'[Result "{result}"]').rstrip().removesuffix("*") + f"{turns} {result}\n"
        path.write_text(text, encoding="utf-8")
    return event


def shot(page: Page, name: str, full: bool = False) -> None:
    page.screenshot(path=str(PICTURES / name), full_page=full)
    optimised(PICTURES / name)
    print(f"docs/img/fr/{name}")


def live_pictures(browser, folder: Path) -> None:
    server = Server(club_night(folder)).start()
    try:
        event = browser.new_context(viewport=DESK, locale="fr-FR").new_page()
        event.goto(server.url + "?lang=fr")
        expect(event.locator(".ls-standings-box tbody tr").first).to_contain_text("Anne Martin")
        shot(event, "live-event-page.png", full=True)
        phone = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
        phone.goto(server.url + "record?lang=fr")
        phone.fill("#ls-code", CODE)
        phone.press("#ls-code", "Enter")
        expect(phone.locator(".ls-message")).not_to_be_empty()
        phone.goto(server.url + "record/round1-board2.tgn?lang=fr")
        phone.click(".ls-cell[data-cell='I9']")  # Red's pawn: the squares it may step to are offered
        expect(phone.locator(".ls-cell.ls-target")).to_have_count(3)
        shot(phone, "live-scoresheet-offers.png")
        following = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
        following.goto(server.url + "game/round1-board2.tgn?lang=fr")
        expect(following.locator("a.ls-m")).to_have_count(3)
        shot(following, "live-game-page.png")
    finally:
        server.stop()


def studio_picture(browser, folder: Path) -> None:
    (folder / "club").mkdir()
    (folder / "club" / "soiree.tgn").write_text(ANNOTATED, encoding="utf-8")
    studio = Studio(folder / "club")
    try:
        page = browser.new_context(viewport=DESK, locale="fr-FR").new_page()
        page.goto(studio.url + "?lang=fr&file=soiree.tgn&record=0&at=2")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("svg[role=img]").first).to_be_visible()
        shot(page, "studio-teblo-desktop.png")
    finally:
        studio.kill()


def viewer_picture(browser, folder: Path) -> None:
    (folder / "soiree.tgn").write_text(ANNOTATED, encoding="utf-8")
    ludoscribe("convert", "soiree.tgn", "--lang", "fr", "--to", "html", "-o", "partie.html", cwd=folder)
    page = browser.new_context(viewport=PHONE, locale="fr-FR").new_page()
    page.goto((folder / "partie.html").as_uri())
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    shot(page, "viewer-phone.png")


def optimised(path: Path) -> None:
    """The screenshot in a palette of 256 colours, compressed as far as PNG goes (Pillow, of the test
    extra): a page's flat colours lose nothing a reader sees, and the file a half to two thirds."""
    from PIL import Image

    with Image.open(path) as taken:
        small = taken.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


def main() -> None:
    PICTURES.mkdir(parents=True, exist_ok=True)
    expect.set_options(timeout=EXPECT_SECONDS * 1000)
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for make in (live_pictures, studio_picture, viewer_picture):
                folder = Path(temporary) / make.__name__
                folder.mkdir()
                make(browser, folder)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
