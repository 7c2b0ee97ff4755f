"""An event's crosstable and final ranking in every format (docs/tournaments.md#crosstable-and-final-ranking)."""

import csv
import io
import json

import pytest

from ludoscribe.notation.events.rounds import Entrant, Pairing, Rounds
from ludoscribe.notation.events.tiebreaks import rank
from ludoscribe.render.crosstable import to_csv, to_html, to_json, to_markdown, to_text
from test_tiebreaks import SWISS

LEGEND = ("Each round: the opponent's No, the side (w first, b second) and the result (+ and - a forfeit won "
          "or lost, * in play); U pairing bye, F full-point bye, H half-point bye, Z zero-point bye or absent.")


def test_text_crosstable_by_rank_and_round():
    # Rows by rank; Eli (starting number 5) is 4th, so Ana's round 2 opponent is No 4; Dee's
    # round 2 is a forfeit lost to Bo (No 2) as first side, round 3 empty (withdrawn).
    assert to_text("Club", rank(SWISS, ["BH-C1", "SB", "DE"])) == "\n".join([
        "Club",
        "====",
        "",
        "No  Rank  Player  SNo  Rating   R1   R2   R3  Points  BH-C1    SB  DE",
        " 1     1  Ana       1    2000  2w1  4b1  3w½      2½     3½  3.75",
        " 2     2  Bo        2    1900  1b0  5b+  4w1       2     4½     3",
        " 3     3  Cy        3    1800  5w½    H  1b½      1½     3½    2½",
        " 4     4  Eli       5    1600    U  1w0  2b0       1     4½     1",
        " 5     5  Dee       4    1700  3b½  2w-            ½      2  0.75",
        "",
        LEGEND + " BH-C1: Buchholz Cut-1; SB: Sonneborn-Berger; DE: direct encounter.",
        ""])


def test_csv_standings_quote_every_cell_write_plain_numbers_and_guard_formulas():
    text = to_csv("Club", rank(SWISS, ["SB"]))
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Event", "No", "Rank", "Player", "SNo", "Rating", "R1", "R2", "R3", "Points", "SB"]
    assert rows[1] == ["Club", "1", "1", "Ana", "1", "2000", "2w1", "4b1", "3w½", "2.5", "3.75"]
    assert all(line.startswith('"') and line.endswith('"') for line in text.splitlines())
    hostile = Rounds([Entrant(1, "=HYPERLINK(\"http://x\")", club="+club"), Entrant(2, "@SUM(A1)", club="-x"),
                      Entrant(3, "\tTab")], [Pairing(1, 1, 1, 2, "1-0")])
    rows = list(csv.reader(io.StringIO(to_csv("-event", rank(hostile, ["WIN"])))))
    assert [row[0] for row in rows[1:]] == ["'-event"] * 3
    assert [(row[3], row[4]) for row in rows[1:]] == [
        ("'=HYPERLINK(\"http://x\")", "'+club"), ("'@SUM(A1)", "'-x"), ("'\tTab", "")]


HOSTILE = Rounds([Entrant(1, "<script>alert(1)</script>", 1500), Entrant(2, "*Bo* | [x](y)", 1400),
                  Entrant(3, "Cy\x1b[31m\u202e", club="A&B")], [Pairing(1, 1, 1, 2, "1/2-1/2")])


def test_html_escapes_every_text():
    html = to_html("Night <b>", rank(HOSTILE, ["BH"]))
    assert "<script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<h2>Night &lt;b&gt;</h2>" in html and "<td>A&amp;B</td>" in html
    assert '<th scope="col">R1</th>' in html and "<td>2w½</td>" in html


def test_markdown_makes_names_inert():
    text = to_markdown("Club *1*", rank(HOSTILE, ["BH"]))
    assert text.startswith("## Club &#42;1&#42;\n")
    assert "&#42;Bo&#42; &#124; &#91;x&#93;(y)" in text and "*Bo*" not in text
    assert text.count("\n| ") == 5  # header, alignment and three players: no name made a row


def test_text_escapes_control_characters():
    text = to_text("Club\x1b[2J", rank(HOSTILE, ["BH"]))
    assert "\x1b" not in text and "\u202e" not in text and "Cy\\x1b[31m\\u202e" in text
    assert text.startswith("Club\\x1b[2J\n")


def test_json_gives_each_players_rounds_and_values():
    data = json.loads(to_json("Club", rank(SWISS, ["BH-C1", "ARO"])))
    assert data["tie_breaks"] == [{"code": "BH-C1", "name": "Buchholz Cut-1"},
                                  {"code": "ARO", "name": "average rating of opponents"}]
    dee = data["players"][4]
    assert (dee["no"], dee["rank"], dee["number"], dee["name"], dee["points"]) == (5, 5, 4, "Dee", 0.5)
    assert dee["tie_breaks"] == {"BH-C1": 2, "ARO": 1800}
    assert dee["rounds"] == [
        {"round": 1, "points": 0.5, "opponent": 3, "opponent_no": 3, "side": "second", "result": "1/2-1/2",
         "forfeit": False, "bye": None},
        {"round": 2, "points": 0, "opponent": 2, "opponent_no": 2, "side": "first", "result": "0-1",
         "forfeit": True, "bye": None},
        {"round": 3, "points": 0, "opponent": None, "opponent_no": None, "side": None, "result": None,
         "forfeit": False, "bye": None}]
    assert data["players"][3]["rounds"][0]["bye"] == "U"


@pytest.mark.parametrize("render", [to_text, to_markdown, to_html])
def test_a_game_in_play_is_marked_and_said(render):
    playing = rank(Rounds([Entrant(1, "Ana"), Entrant(2, "Bo")], [Pairing(1, 1, 1, 2, "*")]), ["SB"])
    text = render("Club", playing)
    assert "1 game in play not counted yet." in text and ("2w*" in text or "2w&#42;" in text)
