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
