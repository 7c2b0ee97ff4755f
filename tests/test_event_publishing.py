"""An event run from its event file, published: its final ranking and crosstable on the site's event
page, ranked as `ludoscribe standings FOLDER` ranks it (docs/tournaments.md#publishing-an-events-results);
hostile names shown as text."""

from __future__ import annotations

import json
import re

import pytest

from hostile_records import IMAGE, SCRIPT
from ludoscribe.render.site import build_site
from test_event_file import finish, run

pytest.importorskip("tomlkit")
pytest.importorskip("caissify_pairings")

HOSTILE = [SCRIPT, IMAGE, "Ana *de* _Wit_", "Bo & <b>Lind</b>", "Ed Vos"]


@pytest.fixture
def hostile_event(tmp_path):
    """A Teblo Swiss of five players with hostile names, round 1 paired and board 1 won by its first player."""
    folder = tmp_path / "cup"
    assert run("event", "new", str(folder), "--name", f"Cup {SCRIPT}", "--game", "teblo", "--rounds", "2")[0] == 0
    for name in HOSTILE:
        assert run("event", "player", "add", str(folder), "--", name)[0] == 0
    assert run("pair", str(folder))[0] == 0
    finish(folder, "round1-board1.tgn", "1-0")
    return folder


def cells(html: str) -> list[list[str]]:
    """The rows of the page's crosstable, each cell's text as written in the HTML."""
    table = html.split('<table class="crosstable">', 1)[1].split("</table>", 1)[0]
    return [re.findall(r"<td>(.*?)</td>", row) for row in table.split("<tr>")[2:]]


def test_the_site_event_page_ranks_the_event_as_standings_does(hostile_event, tmp_path):
    build_site([str(hostile_event)], tmp_path / "site")
    [page] = (tmp_path / "site" / "events").glob("*.html")
    html = page.read_text(encoding="utf-8")
    assert 'id="final-ranking"' in html and 'id="pairings"' in html
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>Lind" not in html
    rows = cells(html)
    table = json.loads(run("standings", str(hostile_event), "--format", "json")[1])
    escaped = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}

    def shown(name: str) -> str:
        return "".join(escaped.get(char, char) for char in name)

    assert [(row[2], row[6]) for row in rows] == [(shown(player["name"]), str(player["points"]))
                                                  for player in table["players"]]
    assert {row[2] for row in rows} == {shown(name) for name in HOSTILE}
    assert "Ana *de* _Wit_" in html.split('id="final-ranking"')[1]  # not read as Markdown emphasis
    assert ">Standings</h2>" not in html  # the side tags' standings give way to the event's ranking


def test_a_round_file_left_out_is_said_on_the_site(hostile_event, tmp_path):
    path = hostile_event / "round1-board1.tgn"
    path.write_text(path.read_text(encoding="utf-8").replace('[Round "1"]', '[Round "2"]'), encoding="utf-8")
    build_site([str(hostile_event)], tmp_path / "site")
    [page] = (tmp_path / "site" / "events").glob("*.html")
    left_out = page.read_text(encoding="utf-8").split('<ul class="ls-left-out">')[1].split("</ul>")[0]
    assert "round1-board1.tgn: its Round is" in left_out and "its result is not counted" in left_out


class Clock:
    """The server's clock, moved by the test (the delay is measured on it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def ranking_rows(page: str) -> dict[str, str]:
    """The live page's ranking: each player's name as written in the HTML -> points."""
    section = page.split('<section class="ls-ranking" aria-label="Ranking">', 1)[1].split("</section>", 1)[0]
    return {row[2]: row[6] for row in cells(section)}


def sides_rows(page: str) -> dict[str, tuple[str, str]]:
    table = page.split('<table class="ls-sides">', 1)[1].split("</table>", 1)[0]
    return {row[0]: (row[1], row[2]) for row in (re.findall(r"<td>(.*?)</td>", part) for part in
                                                 table.split("<tr>")[2:])}


def test_the_live_page_and_relay_rank_the_event_with_the_delay(hostile_event, tmp_path):
    """A result held back from spectators (docs/live.md#a-delay-for-spectators) is not in the ranking either."""
    from starlette.testclient import TestClient

    from live_server import CODE
    from ludoscribe.notation.events.event_file import read_event
    from ludoscribe.render.live.app import create_app
    from ludoscribe.render.live.relay import write_relay

    event = read_event(hostile_event)
    board = event.paired[0].boards[1]
    clock = Clock()
    with TestClient(create_app(hostile_event, CODE, delay=60, clock=clock)) as client:
        live = client.app.state.live
        assert sorted(ranking_rows(client.get("/").text).values()) == ["0", "0", "0", "0", "3"]  # the bye only
        clock.now += 61
        client.portal.call(live.tell)
        page = client.get("/").text
        assert "<script>alert" not in page and "<img src=x" not in page and "<b>Lind" not in page
        before = ranking_rows(page)
        assert sorted(before.values()) == ["0", "0", "0", "3", "3"]  # board 1 won, once the delay is over
        assert "Yellow</th><th>Red</th>" in page.split('<table class="ls-sides">', 1)[1]
        sides = sides_rows(page)
        assert sorted(sides.values()) == [("0", "0"), ("0", "1"), ("0", "1"), ("1", "0"), ("1", "0")]
        finish(hostile_event, "round1-board2.tgn", "1-0")
        client.portal.call(lambda: live.changed(live.folder.scan()))
        assert ranking_rows(client.get("/").text) == before  # the new result not shown yet
        write_relay(live, tmp_path / "relay", 5)
        assert ranking_rows((tmp_path / "relay" / "index.html").read_text(encoding="utf-8")) == before
        clock.now += 61
        client.portal.call(live.tell)
        after = ranking_rows(client.get("/").text)
    escaped = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}
    winner = "".join(escaped.get(char, char) for char in board.first)
    assert after[winner] == "3" and before[winner] == "0"
