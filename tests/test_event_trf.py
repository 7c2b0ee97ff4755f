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


def rounds_of_folder(folder):
    from ludoscribe.notation.events.folder import EventFolder
    from ludoscribe.notation.events.round_files import event_rounds

    games = EventFolder(folder)
    games.scan()
    state = event_rounds(read_event(folder), games.games)
    assert state.problems == []
    return state.rounds


def games_of(rounds) -> set[tuple]:
    """The games met, whatever their boards' numbers (a report file has none)."""
    return {(game.round, game.first, game.second, game.result, game.forfeit) for game in rounds.games}


def test_an_event_paired_elsewhere_goes_on_here_from_its_report_file(played, tmp_path):
    """Round trip: event -> TRF -> new event: the same rounds and the same standings, then paired on."""
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    again = tmp_path / "again"
    code, out, said = run("event", "new", str(again), "--from-trf", str(report), "--game", "teblo")
    assert code == 0 and said == "", said
    before, after = rounds_of_folder(played), rounds_of_folder(again)
    assert after.entrants == before.entrants and set(after.absences) == set(before.absences)
    assert games_of(after) == games_of(before)
    assert (after.scoring, after.bye_points) == (before.scoring, before.bye_points)
    assert run("standings", str(again), "--format", "json")[1] == run("standings", str(played), "--format", "json")[1]
    event = read_event(again)
    assert (event.name, event.site, event.dates, event.rounds) == ("Spring Swiss", "Leiden",
                                                                   ("2026.03.14", "2026.03.15"), 3)
    assert run("pair", str(again))[0] == 0 and len(read_event(again).paired) == 3  # the next round, here


def test_the_round_in_play_is_recorded_here(played, tmp_path):
    assert run("pair", str(played))[0] == 0  # round 3, nothing recorded yet
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    again = tmp_path / "again"
    assert run("event", "new", str(again), "--from-trf", str(report), "--game", "teblo")[0] == 0
    board = read_event(again).paired[2].boards[0]
    finish(again, "round3-board1.tgn", "1-0")
    points = {row["name"]: row["points"] for row in
              json.loads(run("standings", str(again), "--format", "json")[1])["players"]}
    before = {row["name"]: row["points"] for row in
              json.loads(run("standings", str(played), "--format", "json")[1])["players"]}
    assert points[board.first] == before[board.first] + 3


@pytest.mark.parametrize("change, expected", [
    (lambda text: text.replace("001    2", "001    x", 1), "line "),
    (lambda text: text.replace("\nXXS", "\nXXS-broken", 1), "line "),
])
def test_a_bad_report_file_is_refused_in_one_line_and_nothing_written(played, tmp_path, change, expected):
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    report.write_text(change(report.read_text(encoding="utf-8")), encoding="utf-8")
    again = tmp_path / "again"
    code, _, said = run("event", "new", str(again), "--from-trf", str(report), "--game", "teblo")
    assert code == 2 and said.count("\n") == 1 and str(report) in said and expected in said
    assert not again.exists()


def test_a_report_scored_otherwise_than_the_game_is_refused(played, tmp_path):
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    again = tmp_path / "again"
    code, _, said = run("event", "new", str(again), "--from-trf", str(report), "--game", "staku")
    assert code == 1 and said.count("\n") == 1 and "scores" in said
    assert not again.exists()


def test_what_the_report_file_says_is_not_given_again(played, tmp_path):
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    code, _, said = run("event", "new", str(tmp_path / "again"), "--from-trf", str(report), "--game", "teblo",
                        "--rounds", "7")
    assert code == 2 and "--rounds cannot be given with --from-trf" in said and not (tmp_path / "again").exists()


def test_a_player_absent_in_the_last_round_is_said_when_imported(played, tmp_path):
    assert run("event", "player", "withdraw", str(played), "Ed Vos")[0] == 0
    assert run("pair", str(played), "--unfinished")[0] == 0
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    code, _, said = run("event", "new", str(tmp_path / "again"), "--from-trf", str(report), "--game", "teblo")
    assert code == 0 and said.startswith("note: Ed Vos has no game from round 3 on: written withdrawn")
    assert read_event(tmp_path / "again").player("Ed Vos").withdrawn == 3
    assert run("standings", str(tmp_path / "again"), "--format", "json")[1] == run(
        "standings", str(played), "--format", "json")[1]


def test_a_bye_asked_for_comes_back_as_one(played, tmp_path):
    assert run("event", "player", "bye", str(played), "Cy Moss", "3")[0] == 0
    assert run("pair", str(played))[0] == 0
    report = tmp_path / "spring.trf"
    assert run("event", "trf", str(played), "-o", str(report))[0] == 0
    again = tmp_path / "again"
    assert run("event", "new", str(again), "--from-trf", str(report), "--game", "teblo")[0] == 0
    assert read_event(again).player("Cy Moss").byes == (3,)
    assert run("standings", str(again), "--format", "json")[1] == run("standings", str(played), "--format", "json")[1]
