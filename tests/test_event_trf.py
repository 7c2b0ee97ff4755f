"""`ludoscribe event trf` (docs/tournaments.md#exchanging-an-event-as-a-report-file): an event run from its
event file written as a FIDE report file that ranks as the event does; what the file cannot hold
said, never dropped silently."""

from __future__ import annotations

import json

import pytest

from ludoscribe.notation.events import trf
from ludoscribe.notation.events.event_file import read_event
from test_event_file import finish, run

pytest.importorskip("tomlkit")
pytest.importorskip("caissify_pairings")


@pytest.fixture
def played(tmp_path):
    """A Teblo Swiss of five players, two rounds played (a win, a draw, a win, a loss by forfeit)."""
    folder = tmp_path / "spring"
    assert run("event", "new", str(folder), "--name", "Spring Swiss", "--game", "teblo", "--rounds", "3",
               "--site", "Leiden", "--date", "2026.03.14", "--date", "2026.03.15")[0] == 0
    for name, rating in [("Ana de Wit", "1850"), ("Bo Lind", "1700"), ("Cy Moss", "1600"), ("Di Park", "1500"),
                         ("Ed Vos", "1400")]:
        assert run("event", "player", "add", str(folder), name, "--rating", rating)[0] == 0
    assert run("pair", str(folder))[0] == 0
    finish(folder, "round1-board1.tgn", "1-0")
    finish(folder, "round1-board2.tgn", "1/2-1/2")
    assert run("pair", str(folder))[0] == 0
    finish(folder, "round2-board1.tgn", "0-1")
    assert run("event", "forfeit", str(folder), "2", "2", "1-0")[0] == 0
    return folder


def test_the_report_file_ranks_as_the_event_does(played, tmp_path):
    out = tmp_path / "spring.trf"
    code, _, said = run("event", "trf", str(played), "-o", str(out))
    assert code == 0 and said == ""
    report = trf.read(out.read_text(encoding="utf-8"))
    assert (report.name, report.city, report.start, report.end, report.kind, report.planned_rounds) == (
        "Spring Swiss", "Leiden", "2026/03/14", "2026/03/15", "Swiss", 3)
    from_event = json.loads(run("standings", str(played), "--format", "json")[1])
    from_file = json.loads(run("standings", "--trf", str(out), "--format", "json")[1])
    assert from_file["players"] == from_event["players"]
    forfeits = [game for game in report.rounds.games if game.forfeit]
    assert len(forfeits) == 1 and forfeits[0].round == 2


def test_what_the_file_cannot_hold_is_said(played, tmp_path):
    assert run("event", "player", "add", str(played), "Fe Ong", "--club", "Pion", "--id", "NL-12")[0] == 0
    code, out, said = run("event", "trf", str(played))
    assert code == 0 and "Fe Ong" in out
    assert "player 6's club 'Pion'" in said and "player 6's id 'NL-12'" in said


def test_an_event_no_report_file_can_hold_is_refused_and_nothing_written(played, tmp_path):
    assert run("event", "player", "add", str(played), "Gus Smit", "--rating", "0")[0] == 0
    out = tmp_path / "spring.trf"
    code, _, said = run("event", "trf", str(played), "-o", str(out))
    assert code == 1 and not out.exists()
    assert said.count("\n") == 1 and "rating 0" in said


def test_a_round_file_contradicting_its_pairing_is_said_and_left_out(played, tmp_path):
    path = played / "round1-board1.tgn"
    path.write_text(path.read_text(encoding="utf-8").replace('[Round "1"]', '[Round "3"]'), encoding="utf-8")
    code, out, said = run("event", "trf", str(played))
    assert code == 1 and said.startswith("problem: round1-board1.tgn")
    event = read_event(played)
    board = event.paired[0].boards[0]
    players = {event.number(board.first), event.number(board.second)}
    [game] = [game for game in trf.read(out).rounds.games if game.round == 1 and {game.first, game.second} == players]
    assert game.result == "*"  # its 1-0 not counted
