"""What readers see of a site beyond the viewer (docs/publishing.md): games by their
display names, dates as far as known, standings that fit or scroll in their own box and
only when a game was scored, and nothing fetched from the network."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from ludoscribe.notation.games import display_name
from ludoscribe.render.wording import date_text
from ludoscribe.render.site import build_site

ROOT = Path(__file__).resolve().parent.parent
TCHAKO = ROOT / "corpus" / "tchako" / "central-hill.tgn"


def record(event: str, date: str | None, first: str, second: str, result: str, round_: str) -> str:
    dated = f'[Date "{date}"]\n' if date is not None else ""
    return (f'[Game "Teblo"]\n[Event "{event}"]\n{dated}[Round "{round_}"]\n[Yellow "{first}"]\n[Red "{second}"]\n'
            f'[Result "{result}"]\n\n1. D4 H10 {result}\n')


class Visible(HTMLParser):
    """The text a reader sees (script and style left out) and every address a page loads."""

    def __init__(self) -> None:
        super().__init__()
        self.text: list[str] = []
        self.loads: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in ("script", "style"):
            self.hidden += 1
        if tag in ("script", "img", "iframe", "audio", "video", "source") and attributes.get("src"):
            self.loads.append(attributes["src"])
        if tag == "link" and attributes.get("href") and attributes.get("rel") not in ("canonical", "alternate"):
            self.loads.append(attributes["href"])

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden:
            self.text.append(data)


def read(page: Path) -> Visible:
    parser = Visible()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("polish")
    (folder / "in").mkdir()
    (folder / "in" / "scored.tgn").write_text("\n".join([
        record("Autumn cup", "2024.??.??", "Ann", "Bob", "1-0", "1"),
        record("Autumn cup", "????.??.??", "Bob", "Cem", "0-1", "2"),
        record("Autumn cup", "2024.05.??", "Cem", "Ann", "1/2-1/2", "3"),
    ]), encoding="utf-8")
    (folder / "in" / "unscored.tgn").write_text(
        record("Open evening", None, "Dan", "Eve", "*", "1"), encoding="utf-8")
    (folder / "in" / "tchako.tgn").write_text(TCHAKO.read_text(encoding="utf-8"), encoding="utf-8")
    build_site([str(folder / "in")], folder / "site")
    return folder / "site"


def test_date_text_keeps_what_is_known():
    assert date_text("2024.05.12") == "2024.05.12"
    assert date_text("2024.05.??") == "2024.05"
    assert date_text("2024.??.??") == "2024"
    assert date_text("2024.??.12") == "2024"
    for unknown in ("????.??.??", "?", "", None, "  "):
        assert date_text(unknown) == "unknown"


def test_the_display_name_is_used_everywhere_a_reader_looks(site):
    assert display_name("TChako") == "T'Chako" and display_name("Teblo") == "Teblo"
    pages = sorted(site.rglob("*.html"))
    assert any("tchako" in page.name for page in pages)
    for page in pages:
        seen = read(page)
        text = " ".join(seen.text)
        assert "TChako" not in text, page
    home = " ".join(read(site / "index.html").text)
    game_page = read(site / "games" / "tchako.html")
    assert "T'Chako" in home and "T'Chako" in " ".join(game_page.text)
    assert re.search(r"<title>T(&#x27;|&#39;|')Chako", (site / "games" / "tchako.html").read_text())
    [record_page] = [page for page in (site / "records").glob("*.html")
                     if not page.name.startswith(("autumn-cup", "open-evening"))]
    assert "T'Chako" in " ".join(read(record_page).text)  # its tag table


def test_unknown_dates_read_unknown_and_partial_ones_as_far_as_known(site):
    event = " ".join(read(site / "events" / "autumn-cup.html").text)
    assert "????" not in event
    assert re.search(r"\bunknown\b", event) and re.search(r"\b2024\.05\b", event) and re.search(r"\b2024\b", event)
    for page in site.rglob("*.html"):
        assert "????" not in " ".join(read(page).text), page
    home = " ".join(read(site / "index.html").text)
    assert "2024 – 2024.05" in home  # the event's dates, from the earliest known to the latest


def test_standings_only_for_events_with_a_scored_game_and_in_their_own_box(site):
    scored = (site / "events" / "autumn-cup.html").read_text(encoding="utf-8")
    box = '<div class="ls-standings" tabindex="0" role="region" aria-label="Standings">'  # reached by keyboard
    assert scored.count(box) == 1 and '<table class="ls-crosstable">' in scored
    assert "Sonneborn-Berger" in scored
    unscored = (site / "events" / "open-evening.html").read_text(encoding="utf-8")
    assert "ls-standings" not in unscored
    assert "Standings" not in " ".join(read(site / "events" / "open-evening.html").text)


def assert_loads_only_local_files(pages: list[Path]) -> None:
    """Every page loads its styles and scripts (so the parser saw them), none from the network."""
    for page in pages:
        loads = read(page).loads
        assert loads and [address for address in loads if re.match(r"(https?:)?//", address)] == [], page


def test_no_page_of_the_site_loads_anything_from_the_network(site):
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 10 and site / "index.html" in pages
    assert_loads_only_local_files(pages)


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)])
def test_standings_fit_on_a_desktop_and_show_their_points_on_a_phone(site, browser, width, height):
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto((site / "events" / "autumn-cup.html").as_uri())
    box = page.evaluate("""() => { const box = document.querySelector('.ls-standings');
        const r = box.getBoundingClientRect();
        const points = [...box.querySelectorAll('th')].find(th => th.textContent.trim() === 'Points');
        return {left: r.left, right: r.right, client: box.clientWidth, scroll: box.scrollWidth,
                page: document.scrollingElement.scrollWidth, inner: window.innerWidth,
                points: points.getBoundingClientRect().right,
                shown: [...box.querySelectorAll('th')].filter(th => getComputedStyle(th).display !== 'none').length}; }""")
    context.close()
    assert 0 <= box["left"] and box["right"] <= box["inner"]  # the box stays on the screen
    assert box["page"] <= box["inner"]  # the page itself never scrolls sideways
    assert box["points"] <= box["right"]  # the points in view, without scrolling the box
    if width >= 1280:
        assert box["scroll"] <= box["client"]  # the whole crosstable fits: Points, SB and DE in view
    else:
        assert box["shown"] == 6  # on a phone: rank, player, games, points and tie-breaks
