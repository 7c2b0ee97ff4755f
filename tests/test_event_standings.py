"""`ludoscribe standings EVENT_FOLDER` (docs/tournaments.md#standings-of-an-event-file): the rounds
as the event file paired them, the results of the round files, the tie-breaks chosen; a round file
that contradicts its pairing is said and left out."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction

import pytest

from test_event_file import PLAYERS, finish, run

pytest.importorskip("tomlkit")
pytest.importorskip("caissify_pairings")


@pytest.fixture
def night(tmp_path):
    """A Teblo Swiss of three rounds and five players (as tests/test_event_file.py makes it)."""
    folder = tmp_path / "night"
    assert run("event", "new", str(folder), "--name", "Spring Swiss", "--game", "teblo", "--rounds", "3")[0] == 0
    for name, rating in PLAYERS:
        assert run("event", "player", "add", str(folder), name, "--rating", rating)[0] == 0
    return folder


def first_round(folder) -> dict[int, tuple[str, str]]:
    """Round 1 paired, its boards: number -> (first side's player, second side's)."""
    code, out, _ = run("pair", str(folder))
    assert code == 0
    boards = {}
    for line in out.splitlines()[1:]:
        if "(Yellow)" in line:
            number, rest = line.split(None, 1)
            first, second = rest.split(" (Yellow) - ")
            boards[int(number)] = (first, second.split(" (Red)")[0])
    return boards


def ranking(folder, *options: str) -> tuple[int, dict]:
    code, out, _ = run("standings", str(folder), "--format", "json", *options)
    return code, json.loads(out) if out else {}


def codes(table: dict) -> list[str]:
    return [tie_break["code"] for tie_break in table["tie_breaks"]]


def test_the_event_is_ranked_from_its_rounds_and_round_files(night):
    boards = first_round(night)
    finish(night, "round1-board1.tgn", "1-0")
    finish(night, "round1-board2.tgn", "1/2-1/2")
    code, table = ranking(night)
    assert code == 0
    points = {row["name"]: Fraction(str(row["points"])) for row in table["players"]}
    winner, loser = boards[1]
    drawn = boards[2]
    # Teblo scores 3 / 1 / 0, and the pairing bye of the fifth player a win's 3
    assert points[winner] == 3 and points[loser] == 0 and {points[name] for name in drawn} == {1}
    bye = (set(points) - {winner, loser, *drawn}).pop()
    assert points[bye] == 3
    assert codes(table)[:2] == ["BH-C1", "BH"]  # the default order, the file naming none


def test_the_tie_breaks_come_from_the_option_else_the_event_file(night):
    first_round(night)
    assert codes(ranking(night, "--tie-breaks", "SB,WIN")[1]) == ["SB", "WIN"]
    text = (night / "event.toml").read_text(encoding="utf-8")
    (night / "event.toml").write_text(text.replace("tie_breaks = []", 'tie_breaks = ["DE", "BH"]'), encoding="utf-8")
    assert codes(ranking(night)[1]) == ["DE", "BH"]
    (night / "event.toml").write_text(text.replace("tie_breaks = []", 'tie_breaks = ["XYZ"]'), encoding="utf-8")
    code, out, err = run("standings", str(night))
    assert code == 2 and out == "" and "tie_breaks" in err and "XYZ" in err


def test_a_round_file_contradicting_its_pairing_is_said_and_left_out(night):
    boards = first_round(night)
    finish(night, "round1-board1.tgn", "1-0")
    path = night / "round1-board1.tgn"
    first, second = boards[1]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(f'[Yellow "{first}"]', f'[Yellow "{second}"]')
                    .replace(f'[Red "{second}"]', f'[Red "{first}"]'), encoding="utf-8")
    code, out, err = run("standings", str(night), "--format", "json")
    assert code == 1 and "round1-board1.tgn" in err
    points = {row["name"]: Fraction(str(row["points"])) for row in json.loads(out)["players"]}
    assert points[first] == points[second] == 0  # the swapped file's 1-0 is not counted for either


def test_points_are_the_event_files(night):
    first_round(night)
    code, out, err = run("standings", str(night), "--points", "1,0.5,0")
    assert code == 2 and out == "" and "event.toml" in err


def test_the_event_folder_ranks_as_csv_with_no_formula(tmp_path):
    """docs/tournaments.md#formats: one quoted row a player, the event first; no name starts a formula."""
    folder = tmp_path / "cup"
    assert run("event", "new", str(folder), "--name", '=Cup, "open"', "--game", "staku", "--rounds", "2")[0] == 0
    for name in ("=HYPERLINK(1)", "+Bo", "-Cy", "@Di", "Ed Vos"):
        assert run("event", "player", "add", str(folder), "--", name)[0] == 0
    assert run("pair", str(folder))[0] == 0
    code, out, _ = run("standings", str(folder), "--format", "csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:4] == ["Event", "No", "Rank", "Player"] and len(rows) == 6
    assert {row[0] for row in rows[1:]} == {"'=Cup, \"open\""}
    assert {row[3] for row in rows[1:]} == {"'=HYPERLINK(1)", "'+Bo", "'-Cy", "'@Di", "Ed Vos"}
