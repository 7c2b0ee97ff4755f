"""`ludoscribe serve` at the HTTP level (docs/live.md): the folder as the truth, recording
through the API under the scoresheet lock, actions applied once, server-sent events,
the delay, and what nobody may reach or send."""

from __future__ import annotations

import gc
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
from queue import Queue

import pytest
from live_server import CODE, DEVICE, SAFETY, Server
from starlette.testclient import TestClient

from ludoscribe.notation.events.folder import GameFile
from ludoscribe.notation.limits import MAX_WORD
from ludoscribe.notation.recording.lock import Busy, ScoresheetLock
from ludoscribe.notation.recording.scoresheet import Scoresheet
from ludoscribe.render.live import spectators
from ludoscribe.render.live.app import create_app
from ludoscribe.render.live.delay import MAX_READINGS
from ludoscribe.render.live.relay import write_relay

HEADERS = {"X-Event-Code": CODE, "X-Device": DEVICE}
OTHER = {"X-Event-Code": CODE, "X-Device": "device-two"}
NEW = {"game": "Teblo", "round": "2", "board": "1", "players": ["Ann", "Bob"]}
GAME = "round2-board1.tgn"


class Clock:
    """The server's clock, moved by the test (the delay is measured on it)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path, CODE)) as test_client:
        yield test_client


def act(client, kind: str, text: str = "", *, ply: int, id: str, headers=HEADERS, game: str = GAME, reason: str = ""):
    return client.post(f"/api/games/{game}/actions", headers=headers,
                       json={"id": id, "ply": ply, "kind": kind, "text": text, "reason": reason})


def rescan(client) -> None:
    """The folder read again and its changes shown, on the server's event loop as the server does it
    (never from the test's thread, while the loop may be telling spectators of an earlier change)."""
    live = client.app.state.live
    client.portal.call(lambda: live.changed(live.folder.scan()))


def new_game(client, **changes):
    answer = client.post("/api/games", headers=HEADERS, json=NEW | changes)
    assert answer.status_code == 200, answer.text
    return answer.json()["name"]


# --- the folder is the truth ------------------------------------------------------------

def test_a_game_is_created_as_a_file_and_every_turn_saved_at_once(client, tmp_path):
    assert new_game(client) == GAME
    text = (tmp_path / GAME).read_text(encoding="utf-8")
    assert '[Round "2"]\n[Yellow "Ann"]\n[Red "Bob"]\n[Result "*"]\n[Board "1"]\n\n*\n' in text
    assert act(client, "turn", "D4", ply=0, id="a").json()["plies"] == 1
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("\n1. D4 *\n")
    answer = act(client, "turn", "H10", ply=1, id="b").json()
    assert [move["turn"] for move in answer["moves"]] == ["D4", "H10"] and answer["label"] == "turn 2 Yellow"
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("\n1. D4 H10 *\n")
    again = client.post("/api/games", headers=HEADERS, json=NEW)
    assert again.status_code == 409
    assert again.json() == {"refused": f"round 2 board 1 exists already ({GAME}): open it to record it"}


def test_an_illegal_turn_is_refused_with_the_reason_check_gives(client, tmp_path):
    new_game(client)
    act(client, "turn", "D4", ply=0, id="a")
    answer = act(client, "turn", "D5", ply=1, id="b")
    assert answer.status_code == 409
    (tmp_path / "copy.tgn").write_text((tmp_path / GAME).read_text().replace("1. D4 *", "1. D4 D5 *"))
    checked = subprocess.run([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "check",
                              str(tmp_path / "copy.tgn")], capture_output=True, text=True)
    location = f"{tmp_path / 'copy.tgn'}:11:7: "
    assert checked.stdout.startswith(location)
    assert answer.json()["refused"] == checked.stdout[len(location):].splitlines()[0]
    assert answer.json()["refusal"] == {"code": "not-adjacent", "to": "D5", "side": "Red", "pawn": "I10"}  # as check --json
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("\n1. D4 *\n")


def test_undo_comment_nag_clock_and_a_result_given_by_the_players(client, tmp_path):
    new_game(client)
    for ply, turn in enumerate(["D4", "H10", "(H9)"]):
        act(client, "turn", turn, ply=ply, id=f"t{ply}")
    assert act(client, "undo", ply=3, id="u").json()["plies"] == 2
    assert act(client, "undo", ply=0, id="u2").json()["refused"].startswith("the record has 2 turns now, not 0")
    assert act(client, "comment", "offers a draw", ply=2, id="c").status_code == 200
    assert act(client, "nag", "!?", ply=2, id="n").status_code == 200
    assert act(client, "nag", "$14", ply=2, id="n2").status_code == 200
    assert act(client, "nag", "$300", ply=2, id="n3").json()["refused"] == \
        "'$300' is not a NAG: a glyph (! ? !! ?? !? ?!) or $0 to $255"
    assert act(client, "clock", "0:58:12", ply=2, id="k").status_code == 200
    assert act(client, "clock", "58", ply=2, id="k2").json() == {"refused": "'58' is not a time left H:MM:SS (e.g. 0:58:12)"}
    finished = act(client, "result", "0-1", ply=2, id="r", reason="resignation").json()
    assert finished["result"] == "0-1"
    text = (tmp_path / GAME).read_text(encoding="utf-8")
    assert '[Result "0-1"]' in text and '[Termination "resignation"]' in text
    assert text.endswith("\n1. D4 H10!? $14 {[%undone 2. (H9)]} {offers a draw [%clk 0:58:12]} 0-1\n")  # undo kept visibly
    assert act(client, "turn", "(H9)", ply=2, id="late").json()["refused"] == \
        "the record is finished already (0-1: Red (Bob) wins): reopen it first"


def test_the_end_by_the_rules_is_proposed_and_saved_only_once_confirmed(client, tmp_path):
    (tmp_path / GAME).write_text('[Game "Teblo"]\n[SetUp "1"]\n[Position "12/12/12/12/12/12/12/12/12/12/12/12 '
                                 'I9 I10 Y 20"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    client.get("/")  # the folder is read on the next request's scan at the latest
    rescan(client)
    answer = act(client, "turn", "I10", ply=0, id="win").json()
    reached = {"code": "base-reached", "side": "Yellow", "opponent": "Red", "base": "I10"}
    assert (answer["proposed"]["result"], answer["proposed"]["ending"]) == ("1-0", reached)
    assert set(answer["proposed"]) == {"result", "reason", "ending"}  # the reason in words for the page
    assert '[Result "*"]' in (tmp_path / GAME).read_text(encoding="utf-8")
    wrong = act(client, "result", "0-1", ply=1, id="wrong").json()
    assert set(wrong) == {"refused", "ending"} and wrong["ending"] == reached
    assert act(client, "result", "1-0", ply=1, id="ok").json()["result"] == "1-0"
    assert '[Result "1-0"]' in (tmp_path / GAME).read_text(encoding="utf-8")


# --- the scoresheet's rules (docs/tournaments.md#recording-at-the-table) ---------------------

def refusal(call) -> str:
    """The reason `ludoscribe record`'s scoresheet gives for refusing something (ValueError)."""
    with pytest.raises(ValueError) as refused:
        call()
    return str(refused.value)


def test_a_new_game_is_refused_with_the_scoresheets_reason(client, tmp_path):
    same = client.post("/api/games", headers=HEADERS, json=NEW | {"players": ["Ann", " ANN "]})
    assert (same.status_code, same.json()) == (409, {"refused": "Ann plays Yellow already: the two sides need "
                                                                 "two different players"})
    assert same.json()["refused"] == refusal(lambda: Scoresheet.new("Teblo", {"Yellow": "Ann", "Red": " ANN "}))
    for date, reason in [("14/03/2026", "'14/03/2026' is not a date: write YYYY.MM.DD, with ?? for an unknown part "
                                        "(2026.03.14, 2026.03.??, ????.??.??)"),
                         ("2026.02.30", "'2026.02.30' is not a date of the calendar")]:
        answer = client.post("/api/games", headers=HEADERS, json=NEW | {"date": date})
        assert (answer.status_code, answer.json()) == (409, {"refused": reason})
        assert reason == refusal(lambda date=date: Scoresheet.new("Teblo", {"Date": date}))
    assert not (tmp_path / GAME).exists()  # nothing written, and the game's lock given back:
    assert new_game(client, date="2026.03.??") == GAME
    assert '[Date "2026.03.??"]' in (tmp_path / GAME).read_text(encoding="utf-8")


def test_a_game_with_a_variant_is_created(client, tmp_path):
    assert new_game(client, game="Tekao", variant="faces HTBP", players=["Ann", "Bob"]) == GAME
    text = (tmp_path / GAME).read_text(encoding="utf-8")
    assert text.startswith('[Game "Tekao"]\n') and '[Variant "faces HTBP"]' in text


def test_an_undo_the_scoresheet_refuses_says_why(client, tmp_path):
    new_game(client)
    for ply, turn in enumerate(["D4", "H10"]):
        act(client, "turn", turn, ply=ply, id=f"t{ply}")
    act(client, "result", "0-1", ply=2, id="r", reason="resignation")
    finished = (tmp_path / GAME).read_text(encoding="utf-8")
    undo = act(client, "undo", ply=2, id="u")
    assert (undo.status_code, undo.json()) == (409, {"refused": "the record is finished already "
                                                                "(0-1: Red (Bob) wins): reopen it first"})
    assert undo.json()["refused"] == refusal(Scoresheet.load(str(tmp_path / GAME)).undo)
    assert (tmp_path / GAME).read_text(encoding="utf-8") == finished
    # a turn with variations (a file edited by hand): a correction cannot keep them
    (tmp_path / "study.tgn").write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 (1... I9) *\n', encoding="utf-8")
    rescan(client)
    undo = act(client, "undo", ply=2, id="u2", game="study.tgn")
    assert (undo.status_code, undo.json()) == (409, {"refused": "1... H10 has variations, which a correction cannot "
                                                                "keep: edit the file to correct it"})
    # a turn whose comment, kept in the correction, would make a comment over a limit of the readers
    sheet = Scoresheet.new("Teblo")
    assert sheet.add_turn("D4") is None
    assert sheet.comment("}" + "x" * (MAX_WORD - 3)) is None
    sheet.save(str(tmp_path / "long.tgn"))
    rescan(client)
    undo = act(client, "undo", ply=1, id="u3", game="long.tgn")
    assert undo.status_code == 409
    assert undo.json()["refused"] == refusal(Scoresheet.load(str(tmp_path / "long.tgn")).undo)
    assert undo.json()["refused"] == (f"the correction cannot be written: a comment holding '}}' is written on one "
                                      f"line and this one is over {MAX_WORD} bytes: split it, or drop the '}}'")
    assert (tmp_path / "long.tgn").read_text(encoding="utf-8") == sheet.text()


def test_a_finished_game_is_reopened_by_its_recorder_and_goes_back_to_live(client, tmp_path):
    new_game(client)
    for ply, turn in enumerate(["D4", "H10"]):
        act(client, "turn", turn, ply=ply, id=f"t{ply}")
    assert act(client, "reopen", ply=2, id="early").json() == {"refused": "the record is not finished"}
    act(client, "result", "0-1", ply=2, id="r", reason="resignation")
    assert client.get("/api/event").json()["games"][0]["state"] == "finished"
    other = act(client, "reopen", ply=2, id="o1", headers=OTHER)
    assert other.status_code == 409 and "being recorded on another device" in other.json()["refused"]
    reopened = act(client, "reopen", ply=2, id="o")
    assert reopened.status_code == 200 and reopened.json()["result"] == "*"
    text = (tmp_path / GAME).read_text(encoding="utf-8")
    assert '[Result "*"]' in text and "Termination" not in text
    assert text.endswith("\n1. D4 H10 {[%undone 0-1] resignation} *\n")
    assert act(client, "reopen", ply=2, id="o").json()["again"] is True  # sent twice: reopened once
    assert (tmp_path / GAME).read_text(encoding="utf-8") == text
    # spectators: the game is live again, the result taken back shown as a note
    assert client.get("/api/event").json()["games"][0]["state"] == "live"
    view = client.get(f"/api/games/{GAME}/view").json()
    assert view["state"] == "live" and '<p class="ls-badge" data-state="live">Live</p>' in view["html"]
    assert ('<span class="ls-correction">result <del>0-1</del> taken back</span> '
            '<span class="ls-comment">resignation</span>') in view["html"]
    assert act(client, "turn", "(H9)", ply=2, id="t2").json()["plies"] == 3  # the game goes on
    act(client, "undo", ply=3, id="u")
    assert act(client, "result", "0-1", ply=2, id="r2").json()["result"] == "0-1"
    client.app.state.live.recorders.release_all()
    with TestClient(create_app(tmp_path, CODE)) as restarted:
        assert act(restarted, "reopen", ply=2, id="o3").json()["again"] is False
    with TestClient(create_app(tmp_path, CODE)) as restarted:  # its answer lost, the server restarted: still once
        assert act(restarted, "reopen", ply=2, id="o3").json()["again"] is True
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith(
        "\n1. D4 H10 {[%undone 0-1] resignation} {[%undone 2. (H9)]} {[%undone 0-1]} *\n")


def test_the_scoresheet_words_each_result_as_the_terminal_does(client, tmp_path):
    new_game(client)
    state = client.get(f"/api/games/{GAME}/sheet", headers=HEADERS).json()
    sheet = Scoresheet.load(str(tmp_path / GAME))
    assert state["words"] == {result: sheet.result_words(result) for result in ("1-0", "0-1", "1/2-1/2")}
    assert state["words"] == {"1-0": "1-0: Yellow (Ann) wins", "0-1": "0-1: Red (Bob) wins", "1/2-1/2": "1/2-1/2: a draw"}


def test_a_correction_is_a_note_on_the_scoresheet_and_the_spectators_pages(client, tmp_path):
    new_game(client)
    for ply, turn in enumerate(["D4", "H10", "(H9)"]):
        act(client, "turn", turn, ply=ply, id=f"t{ply}")
    act(client, "comment", "slip", ply=3, id="c")
    act(client, "clock", "0:41:07", ply=3, id="k")
    state = act(client, "undo", ply=3, id="u").json()
    assert state["moves"][1]["after"] == [{"kind": "correction", "before": "", "text": "2. (H9)", "after": " taken back"},
                                          {"kind": "comment", "text": "slip [%clk 0:41:07]"}]
    act(client, "undo", ply=2, id="u2")
    state = act(client, "undo", ply=1, id="u3").json()
    assert state["moves"] == []  # every turn taken back: each kept in the one before it, the first before the start
    assert state["start"] == [{"kind": "correction", "before": "", "text": turn, "after": " taken back"}
                              for turn in ("1. D4", "1... H10", "2. (H9)")] + [{"kind": "comment",
                                                                                 "text": "slip [%clk 0:41:07]"}]
    notes = ('<span class="ls-correction"><del>1. D4</del> taken back</span> '
             '<span class="ls-correction"><del>1... H10</del> taken back</span> '
             '<span class="ls-correction"><del>2. (H9)</del> taken back</span> <span class="ls-comment">slip</span>')
    assert notes in client.get(f"/api/games/{GAME}/view").json()["html"]
    assert notes in client.get(f"/game/{GAME}").text


# --- actions are applied once ---------------------------------------------------------

def test_an_action_sent_twice_is_saved_once_even_after_a_restart(tmp_path):
    with TestClient(create_app(tmp_path, CODE)) as first:
        new_game(first)
        assert act(first, "turn", "D4", ply=0, id="same").json()["again"] is False
        assert act(first, "turn", "D4", ply=0, id="same").json()["again"] is True
        assert act(first, "comment", "a note", ply=1, id="note").status_code == 200
    with TestClient(create_app(tmp_path, CODE)) as restarted:  # the answer was lost, the phone sends it again
        assert act(restarted, "comment", "a note", ply=1, id="note").json()["again"] is True
        assert act(restarted, "turn", "D4", ply=0, id="same").json()["again"] is True
        stale = act(restarted, "turn", "H10", ply=0, id="stale")
    assert stale.status_code == 409
    assert stale.json()["refused"] == ("the record has 1 turn now, not 0: this turn was meant for another position, "
                                       "so it is not saved")
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("\n1. D4 {a note} *\n")


# --- one recorder per game --------------------------------------------------------------

def versions_kept(marker: str) -> int:
    """How many readings of a game's file (holding `marker`) are still in memory."""
    gc.collect()
    return sum(1 for thing in gc.get_objects() if isinstance(thing, GameFile) and marker in thing.text)


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
@pytest.mark.parametrize("delay", [0, 60])
def test_what_the_server_keeps_of_a_game_does_not_grow_with_its_versions(tmp_path, delay):
    """Actions sent again are recognised by their ids without keeping the game as each left it
    (docs/live.md#when-the-network-or-the-laptop-fails); the pages' caches and the delay keep
    a bounded number of versions: memory grows with a game, not with the square of its size."""
    clock = Clock()
    with TestClient(create_app(tmp_path, CODE, delay=delay, clock=clock)) as client:
        new_game(client, players=["Marker Ann", "Bob"])
        act(client, "turn", "D4", ply=0, id="t")
        for n in range(150):
            assert act(client, "comment", f"note {n} " + "x" * 200, ply=1, id=f"c{n}").status_code == 200
            client.get(f"/api/games/{GAME}/card")
            client.get(f"/api/games/{GAME}/view")
            clock.now += 1
        assert versions_kept("Marker Ann") <= 2 + (delay and MAX_READINGS)
        clock.now += delay
        client.portal.call(client.app.state.live.tell)
        client.get(f"/api/games/{GAME}/card")
        assert versions_kept("Marker Ann") <= 3
        again = act(client, "comment", "note 0 " + "x" * 200, ply=1, id="c0").json()
        assert again["again"] is True and len(again["moves"][0]["after"]) == 150


def test_a_comment_over_the_limit_is_refused_whole_never_cut(client, tmp_path):
    new_game(client)
    act(client, "turn", "D4", ply=0, id="t")
    long = "word " * 1000
    answer = act(client, "comment", long, ply=1, id="long")
    assert answer.status_code == 400
    assert answer.json() == {"refused": "this comment is 5,000 characters long, over the 4,096 one action takes: "
                                        "nothing was saved (split it in several comments)"}
    assert act(client, "turn", "D4" * 3000, ply=1, id="turn").json() == {
        "refused": "this turn is 6,000 characters long, over the 4,096 one action takes: nothing was saved"}
    fits = act(client, "comment", long[:4096], ply=1, id="fits").json()
    assert fits["moves"][0]["after"] == [{"kind": "comment", "text": " ".join(long[:4096].split())}]
    assert act(client, "comment", "[%undone 1. D5] taken back", ply=1, id="fake").json()["refused"].startswith(
        "a comment cannot hold [%undone ...]")


def test_a_restart_clears_what_a_save_cut_short_left_and_only_that(tmp_path):
    (tmp_path / GAME).write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 *\n', encoding="utf-8")
    (tmp_path / "round1-board1.tgn").write_text('[Game "Teblo"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    cut_short = [f".{GAME}.k3x9a0qz.tmp", ".round7-board2.tgn.a_b1c2d3.tmp"]  # the second's game was never made
    kept = [".round1-board1.tgn.notes.tmp", "round1-board1.tgn.k3x9a0qz.tmp", ".notes.k3x9a0qz.tmp",
            f".{GAME}.k3x9a0qz.tmp.bak", ".round1-board1.tgn.zzzzzzzz.tmp"]  # ours, but the game is being recorded
    for name in cut_short + kept:
        (tmp_path / name).write_text("[Game", encoding="utf-8")
    (tmp_path / f".{GAME}.linklink.tmp").symlink_to(tmp_path / GAME)
    (tmp_path / f".{GAME}.folders.tmp").mkdir()
    recording = ScoresheetLock(str(tmp_path / "round1-board1.tgn"))
    recording.acquire()
    try:
        with TestClient(create_app(tmp_path, CODE)):
            left = sorted(path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp"))
    finally:
        recording.release()
    assert left == sorted([*kept[:3], kept[4], f".{GAME}.linklink.tmp", f".{GAME}.folders.tmp"])
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("1. D4 *\n")


def test_a_second_device_is_refused_until_it_takes_over(client):
    new_game(client)
    refused = client.post(f"/api/games/{GAME}/claim", headers=OTHER, json={})
    assert refused.status_code == 409
    assert refused.json()["refused"] == (f"{GAME} is being recorded on another device: go on there, or take it over "
                                         "here (the other device then stops recording it)")
    assert act(client, "turn", "D4", ply=0, id="x", headers=OTHER).status_code == 409
    assert client.post(f"/api/games/{GAME}/claim", headers=OTHER, json={"take_over": True}).json()["recorder"] == "you"
    assert act(client, "turn", "D4", ply=0, id="y", headers=OTHER).status_code == 200
    assert act(client, "turn", "H10", ply=1, id="z").status_code == 409
    assert client.get(f"/api/games/{GAME}/sheet", headers=HEADERS).json()["recorder"] == "other"


LOCK_HOLDER = """
import sys
from ludoscribe.notation.recording.lock import ScoresheetLock
lock = ScoresheetLock(sys.argv[1]); lock.acquire(); print("held", flush=True); sys.stdin.read()
"""


def test_a_terminal_session_and_the_browser_never_both_record_a_game(client, tmp_path):
    new_game(client)
    client.post(f"/api/games/{GAME}/release", headers=HEADERS)
    holder = subprocess.Popen([sys.executable, "-c", LOCK_HOLDER, str(tmp_path / GAME)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        refused = act(client, "turn", "D4", ply=0, id="t")
        assert refused.json()["refused"] == (f"{tmp_path / GAME} is being recorded by another session "
                                             f"(process {holder.pid}): finish or quit that one first")
    finally:
        holder.communicate("")
    assert act(client, "turn", "D4", ply=0, id="t2").status_code == 200
    terminal = subprocess.run([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "record",
                               "teblo", "-o", str(tmp_path / GAME)], input="", capture_output=True, text=True)
    assert terminal.returncode == 1
    assert terminal.stderr == (f"Error: {tmp_path / GAME} is being recorded by another session (process "
                               f"{os.getpid()}): finish or quit that one first\n")


# --- what spectators see ------------------------------------------------------------------

def test_spectators_see_turns_after_the_delay_recorders_at_once(tmp_path):
    clock = Clock()
    with TestClient(create_app(tmp_path, CODE, delay=15 * 60, clock=clock)) as client:
        new_game(client)
        act(client, "turn", "D4", ply=0, id="a")
        clock.now += 10 * 60
        act(client, "turn", "H10", ply=1, id="b")
        assert [g["plies"] for g in client.get("/api/event").json()["games"]] == [0]
        assert client.get(f"/api/games/{GAME}/sheet", headers=HEADERS).json()["plies"] == 2
        clock.now += 5 * 60
        assert [g["plies"] for g in client.get("/api/event").json()["games"]] == [1]
        act(client, "result", "1/2-1/2", ply=2, id="r", reason="agreement")
        clock.now += 10 * 60
        assert [(g["plies"], g["result"]) for g in client.get("/api/event").json()["games"]] == [(2, "*")]
        assert "Draw" not in client.get(f"/api/games/{GAME}/view").json()["html"]  # the result not before the delay
        clock.now += 5 * 60
        assert [(g["plies"], g["result"]) for g in client.get("/api/event").json()["games"]] == [(2, "1/2-1/2")]
        assert "Draw" in client.get(f"/api/games/{GAME}/view").json()["html"]


def test_the_delay_holds_back_a_turn_taken_back_as_long_as_the_turns_after_it(tmp_path):
    """A correction follows the turn before the one taken back: spectators see it no sooner
    than the turn that came after it, never the mistaken turn before the delay is over."""
    clock = Clock()
    note = '<span class="ls-correction"><del>1... H10</del> taken back</span>'
    with TestClient(create_app(tmp_path, CODE, delay=15 * 60, clock=clock)) as client:
        new_game(client)
        act(client, "turn", "D4", ply=0, id="a")
        clock.now += 15 * 60
        act(client, "turn", "H10", ply=1, id="b")  # mistaken, taken back at once
        act(client, "undo", ply=2, id="u")
        html = client.get(f"/api/games/{GAME}/view").json()["html"]
        assert ">D4</a>" in html and "H10" not in html
        assert client.get(f"/api/games/{GAME}/sheet", headers=HEADERS).json()["moves"][0]["after"][0]["text"] == "1... H10"
        clock.now += 60
        act(client, "turn", "I9", ply=1, id="c")
        clock.now += 14 * 60
        assert "H10" not in client.get(f"/api/games/{GAME}/view").json()["html"]  # I9 not shown yet: nor its correction
        clock.now += 60
        html = client.get(f"/api/games/{GAME}/view").json()["html"]
        assert note in html and ">I9</a>" in html
        assert note in client.get(f"/game/{GAME}").text


def test_the_delay_also_holds_back_the_game_page_and_the_standings(tmp_path):
    clock = Clock()
    with TestClient(create_app(tmp_path, CODE, delay=60, clock=clock)) as client:
        new_game(client)
        act(client, "turn", "D4", ply=0, id="a")
        act(client, "result", "1-0", ply=1, id="r", reason="resignation")
        assert "No finished game yet." in client.get("/api/standings").text
        assert '>D4</a>' not in client.get(f"/api/games/{GAME}/view").json()["html"]
        clock.now += 61
        assert '>D4</a>' in client.get(f"/api/games/{GAME}/view").json()["html"]
        standings = client.get("/api/standings").text
        assert "<td>Ann</td>" in standings and "No finished game yet." not in standings


SPECTATORS_READ = ("/", f"/game/{GAME}", "/api/event", "/api/standings", f"/api/games/{GAME}/card",
                   f"/api/games/{GAME}/view", "/record", "/record/" + GAME)


def what_spectators_read(client, relay_folder) -> dict:
    """Every byte a spectator can read (each answer's status, headers but its date, body), the
    relay's files, the keys and the messages of the event stream."""
    live = client.app.state.live
    client.portal.call(live.tell)
    seen = {path: (answer.status_code, sorted((k, v) for k, v in answer.headers.items() if k != "date"), answer.content)
            for path in SPECTATORS_READ for answer in [client.get(path)]}
    write_relay(live, relay_folder, 5)
    seen["relay"] = {path.relative_to(relay_folder).as_posix(): (path.read_bytes(), path.stat().st_mtime_ns)
                     for path in sorted(relay_folder.rglob("*")) if path.is_file()}
    seen["stream"] = [text for _, text in live.spectators.kept], live.spectators.number
    return seen


def test_a_delayed_spectator_learns_nothing_of_what_is_held_back(tmp_path):
    """Against a spectator who tries every legal next turn on the key (docs/live.md#a-delay-for-spectators):
    turns, comments, a NAG, a clock, an undo and a resignation saved under the delay change no
    byte a spectator can read and send no message, until the delay is over."""
    clock = Clock()
    folder, relay_folder = tmp_path / "event", tmp_path / "relay"
    folder.mkdir()
    with TestClient(create_app(folder, CODE, delay=15 * 60, clock=clock)) as client:
        new_game(client)
        act(client, "turn", "D4", ply=0, id="a")
        clock.now += 15 * 60
        before = what_spectators_read(client, relay_folder)
        assert ">D4</a>" in client.get(f"/api/games/{GAME}/view").json()["html"]
        for n, (ply, kind, text, reason) in enumerate([(1, "comment", "a strong start", ""), (1, "turn", "H10", ""),
                                        (2, "comment", "offers a draw", ""), (2, "nag", "!?", ""),
                                        (2, "clock", "0:58:12", ""), (2, "turn", "(H9)", ""), (3, "undo", "", ""),
                                        (2, "turn", "(H9)", ""), (3, "turn", "G10", ""),
                                        (4, "result", "0-1", "resignation")]):
            assert act(client, kind, text, ply=ply, id=f"held{n}", reason=reason).status_code == 200
            clock.now += 1
            assert what_spectators_read(client, relay_folder) == before, (kind, text)
        clock.now += 15 * 60
        after = what_spectators_read(client, relay_folder)
        assert after["stream"][1] > before["stream"][1]
        for path in ("/api/event", f"/api/games/{GAME}/view", f"/game/{GAME}"):
            assert after[path] != before[path]
        html = client.get(f"/api/games/{GAME}/view").json()["html"]
        assert [word for word in ("a strong start", "offers a draw", "resignation", ">G10<") if word not in html] == []
        assert "resignation" in after["relay"][f"games/{GAME}.json"][0].decode()


def test_what_is_taken_back_changes_the_delayed_view_only_after_the_delay(tmp_path):
    """A turn spectators see stays until its undo's delay is over (its taking back is not shown at
    once either); a result taken back before its delay is over is never shown."""
    clock = Clock()
    folder, relay_folder = tmp_path / "event", tmp_path / "relay"
    folder.mkdir()
    with TestClient(create_app(folder, CODE, delay=60, clock=clock)) as client:
        new_game(client)
        act(client, "turn", "D4", ply=0, id="a")
        act(client, "turn", "H10", ply=1, id="b")
        clock.now += 60
        shown = what_spectators_read(client, relay_folder)
        assert ">H10</a>" in client.get(f"/api/games/{GAME}/view").json()["html"]
        act(client, "undo", ply=2, id="u")
        act(client, "result", "1-0", ply=1, id="r", reason="resignation")
        clock.now += 30
        act(client, "reopen", ply=1, id="o")
        clock.now += 29
        assert what_spectators_read(client, relay_folder) == shown
        clock.now += 1
        html = client.get(f"/api/games/{GAME}/view").json()["html"]
        assert ">D4</a>" in html and "H10" not in html  # its correction waits for the turn after D4
        clock.now += 60
        pages = [client.get(path).text for path in SPECTATORS_READ[:-1]]
        assert not any(word in page for page in pages for word in ("resignation", "1-0 ·", "Yellow (Ann) wins"))
        assert [game["result"] for game in client.get("/api/event").json()["games"]] == ["*"]


def test_a_held_back_result_keeps_its_termination_and_a_restart_shows_nothing_early(tmp_path):
    (tmp_path / GAME).write_text('[Game "Teblo"]\n[Yellow "Ann"]\n[Red "Bob"]\n[Result "0-1"]\n'
                                 '[Termination "resignation"]\n\n1. D4 {wins on time, says Bob} 0-1\n', encoding="utf-8")
    clock = Clock()
    with TestClient(create_app(tmp_path, CODE, delay=60, clock=clock)) as client:
        pages = [client.get(path).text for path in SPECTATORS_READ[:-1]]  # the scoresheet's page offers "resignation"
        assert [game["result"] for game in client.get("/api/event").json()["games"]] == ["*"]
        assert not any(word in page for page in pages for word in ("resignation", "wins on time", "D4"))
        clock.now += 60
        assert "resignation" in client.get(f"/api/games/{GAME}/view").json()["html"]


# --- events as they happen -------------------------------------------------------------------

class Stream:
    """A spectator's event stream read in a thread: its events in order, as (id, kind, data)."""

    def __init__(self, url: str, last_id: str = "") -> None:
        host, port = url.removeprefix("http://").rstrip("/").split(":")
        self.connection = http.client.HTTPConnection(host, int(port), timeout=SAFETY)
        self.connection.request("GET", "/events", headers={"Last-Event-ID": last_id} if last_id else {})
        self.response = self.connection.getresponse()
        self.events: Queue = Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        fields: dict[str, str] = {}
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith(":"):
                    self.events.put(("", "comment", line))
                elif line:
                    name, _, value = line.partition(": ")
                    fields[name] = value
                elif "data" in fields:
                    self.events.put((fields.get("id", ""), fields["event"], json.loads(fields["data"])))
                    fields = {}
        except (OSError, ValueError):
            pass

    def next(self, kind: str = "game"):
        while True:
            event = self.events.get(timeout=SAFETY)
            if event[1] == kind:
                return event

    def close(self) -> None:
        """Hang up, as a closed page does (the reading thread then ends)."""
        self.connection.sock.shutdown(socket.SHUT_RDWR)
        self.thread.join(SAFETY)
        self.connection.close()


@pytest.fixture
def server(tmp_path):
    running = Server(tmp_path).start()
    yield running
    running.stop()


def test_the_first_line_is_the_url_and_a_turn_reaches_every_spectator(server):
    streams = [Stream(server.url) for _ in range(3)]
    for stream in streams:
        assert stream.next("event")[2] == {"games": []}
    status, created = server.request("POST", "/api/games", NEW)
    assert status == 200
    status, _ = server.request("POST", f"/api/games/{GAME}/actions", {"id": "a", "ply": 0, "kind": "turn", "text": "D4"})
    for stream in streams:
        assert stream.next()[2]["plies"] == 0  # the new game
        _, _, data = stream.next()
        assert (data["name"], data["plies"], data["last"], data["state"]) == (GAME, 1, "1. D4", "live")
        stream.close()


def test_a_reconnecting_spectator_gets_what_it_missed_or_everything(server):
    server.request("POST", "/api/games", NEW)
    first = Stream(server.url)
    last_id = first.next("event")[0]
    first.close()
    server.request("POST", f"/api/games/{GAME}/actions", {"id": "a", "ply": 0, "kind": "turn", "text": "D4"})
    server.request("POST", f"/api/games/{GAME}/actions", {"id": "b", "ply": 1, "kind": "turn", "text": "H10"})
    resumed = Stream(server.url, last_id)
    assert [resumed.next()[2]["plies"] for _ in range(2)] == [1, 2]
    resumed.close()
    stranger = Stream(server.url, "0000:5")  # another run's numbers: the whole event again
    assert [game["plies"] for game in stranger.next("event")[2]["games"]] == [2]
    stranger.close()


def test_a_game_recorded_in_a_terminal_shows_up_live(server, tmp_path):
    stream = Stream(server.url)
    stream.next("event")
    session = subprocess.run([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "record",
                              "teblo", "-o", str(tmp_path / "terminal.tgn")],
                             input="Club\n?\n2026.11.20\n3\n1\nCy\nDi\nD4\nH10\nquit\n", capture_output=True, text=True)
    assert session.returncode == 0, session.stderr
    plies = 0
    while plies < 2:  # the session saves after each turn: the server may see one or both
        _, _, data = stream.next()
        assert data["name"] == "terminal.tgn"
        plies = data["plies"]
    assert data["players"] == "Cy – Di"
    stream.close()


def test_a_keep_alive_comment_keeps_a_quiet_stream_open(tmp_path, monkeypatch):
    monkeypatch.setattr(spectators, "KEEP_ALIVE", 0.05)
    with TestClient(create_app(tmp_path, CODE)) as client:
        with client.stream("GET", "/events") as response:
            lines = response.iter_lines()
            assert next(lines) == "retry: 2000"
            assert next(line for line in lines if line.startswith(":")) == ": keep-alive"


def test_killing_the_server_loses_no_saved_turn_and_a_restart_goes_on(tmp_path):
    server = Server(tmp_path).start()
    server.request("POST", "/api/games", NEW)
    for ply, turn in enumerate(["D4", "H10", "(H9)"]):
        assert server.request("POST", f"/api/games/{GAME}/actions",
                              {"id": f"t{ply}", "ply": ply, "kind": "turn", "text": turn})[0] == 200
    server.kill()
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("\n1. D4 H10 2. (H9) *\n")
    assert [path.name for path in tmp_path.iterdir() if path.name.endswith(".tmp")] == []
    again = Server(tmp_path).start()
    try:
        assert again.request("POST", f"/api/games/{GAME}/actions",
                             {"id": "t2", "ply": 2, "kind": "turn", "text": "(H9)"})[1]["again"] is True
        status, answer = again.request("POST", f"/api/games/{GAME}/actions",
                                       {"id": "t3", "ply": 3, "kind": "turn", "text": "G10"})
        assert status == 200 and answer["plies"] == 4
    finally:
        assert again.stop() == 0


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_stopping_with_spectators_connected_says_one_line_and_loses_nothing(tmp_path, stop):
    server = Server(tmp_path).start()
    streams = [Stream(server.url) for _ in range(2)]
    for stream in streams:
        stream.next("event")
    server.request("POST", "/api/games", NEW)
    assert server.request("POST", f"/api/games/{GAME}/actions", {"id": "a", "ply": 0, "kind": "turn", "text": "D4"})[0] == 200
    assert server.process is not None
    server.process.send_signal(stop)
    assert server.process.wait(SAFETY) == 0
    assert server.process.stderr.read() == ""
    said = [server.line()]
    while not said[-1].startswith("Stopped"):
        said.append(server.line())
    assert said[-2:] == ["Press Ctrl-C to stop. Every turn is saved in the folder as it is entered.",
                         f"Stopped. Every turn entered is saved in {tmp_path}."]
    assert (tmp_path / GAME).read_text(encoding="utf-8").endswith("\n1. D4 *\n")
    for stream in streams:
        stream.thread.join(SAFETY)  # each stream ended with the server
        assert not stream.thread.is_alive()


# --- what nobody may do -------------------------------------------------------------------

def test_recording_needs_the_code_and_spectators_only_read(client):
    for headers in ({}, {"X-Event-Code": "WRONG", "X-Device": DEVICE}):
        answer = client.post("/api/games", headers=headers, json=NEW)
        assert answer.status_code == 403
        assert answer.json() == {"refused": "wrong event code: recording needs the code printed when the server started"}
    new_game(client)
    assert client.get(f"/api/games/{GAME}/sheet").status_code == 403
    assert client.post(f"/api/games/{GAME}/offers", json={"draft": ""}).status_code == 403
    assert client.post("/api/code", headers={"X-Event-Code": "test-code", "X-Device": DEVICE}).json() == {"ok": True}
    assert client.post("/", json={}).status_code == 405


def test_no_path_outside_the_event_folder_is_reachable(tmp_path):
    outside = tmp_path / "outside.tgn"
    outside.write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 *\n', encoding="utf-8")
    folder = tmp_path / "event"
    folder.mkdir()
    (folder / "linked.tgn").symlink_to(outside)
    (folder / ".hidden.tgn").write_text(outside.read_text())
    with TestClient(create_app(folder, CODE)) as client:
        assert client.get("/api/event").json()["games"] == []
        for path in ("/game/linked.tgn", "/game/..%2Foutside.tgn", "/game/../outside.tgn", "/api/games/.hidden.tgn/view",
                     "/static/..%2F..%2Fnotation%2Fevent.py", "/static/app.py", "/record/%2Fetc%2Fpasswd"):
            assert client.get(path).status_code == 404, path
        too_far = client.post("/api/games", headers=HEADERS, json=NEW | {"round": "../../x"})
        assert too_far.json() == {"refused": "the round and the board are numbers from 1 to 9999"}
    assert sorted(path.name for path in folder.iterdir()) == [".hidden.tgn", "linked.tgn"]


def test_request_bodies_are_limited_and_must_be_json_objects(client):
    new_game(client)
    big = client.post(f"/api/games/{GAME}/actions", headers=HEADERS, content=b"{" + b" " * (70 * 1024) + b"}")
    assert (big.status_code, big.json()) == (413, {"refused": "the request is over 64 KB"})
    assert client.post(f"/api/games/{GAME}/actions", headers=HEADERS, content=b"[1]").status_code == 400
    assert client.post(f"/api/games/{GAME}/actions", headers=HEADERS, content=b"\xff").status_code == 400
    assert act(client, "turn", "D4", ply=True, id="b").status_code == 400


def test_every_answer_forbids_inline_scripts_and_framing(client):
    for path in ("/", "/record", "/api/event", "/static/live.js", "/nowhere"):
        headers = client.get(path).headers
        assert "script-src 'self';" in headers["content-security-policy"], path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"


def test_serve_without_the_live_extra_says_how_to_install_it(tmp_path):
    blocked = ("import sys; sys.modules['uvicorn'] = None; from ludoscribe.cli.main import main; "
               f"sys.argv = ['ludoscribe', 'serve', {str(tmp_path)!r}]; main()")
    result = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr == ("Error: ludoscribe serve needs the live extra (uvicorn is missing): "
                             "pip install 'ludoscribe[live]'\n")


def test_serve_refuses_what_is_not_a_folder(tmp_path):
    result = subprocess.run([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "serve",
                             str(tmp_path / "nowhere")], capture_output=True, text=True)
    assert (result.returncode, result.stderr) == (2, f"Error: {tmp_path / 'nowhere'} is not a folder: serve takes "
                                                     "the folder of an event's games\n")


def test_the_lock_file_and_the_code_stay_hidden_from_the_games(server, tmp_path):
    server.request("POST", "/api/games", NEW)
    assert sorted(path.name for path in tmp_path.iterdir()) == [".ludoscribe-organiser-code", f".{GAME}.lock", GAME]
    assert [game["name"] for game in server.request("GET", "/api/event")[1]["games"]] == [GAME]
    lock = ScoresheetLock(str(tmp_path / GAME))
    with pytest.raises(Busy):
        lock.acquire()


def test_hostile_records_are_shown_as_text_on_every_live_page(tmp_path):
    from hostile_records import IMAGE, PUBLISHED, REFUSED, write_corpus
    from test_hostile import assert_inert

    from ludoscribe.render.escaping import html_text

    write_corpus(tmp_path)
    with TestClient(create_app(tmp_path, CODE)) as client:
        games = client.get("/api/event").json()["games"]
        assert len(games) == len(PUBLISHED) + len(REFUSED)
        event = client.get("/").text
        assert_inert(event, "event page")
        assert f"Round {html_text(IMAGE)}" in event and IMAGE not in event
        assert_inert(client.get("/api/standings").text, "standings")
        assert_inert(client.get("/record").text, "recorder's list")
        for hostile in PUBLISHED:
            name = f"{hostile.name}.tgn"
            for path in (f"/game/{name}", f"/api/games/{name}/card", f"/record/{name}"):
                assert_inert(client.get(path).text, path)
            assert_inert(client.get(f"/api/games/{name}/view").json()["html"], name)
            state = client.get(f"/api/games/{name}/sheet", headers=HEADERS).json()
            assert state["problem"] is None and "<svg" in state["board"]
            assert_inert(state["board"], name)
        for hostile in REFUSED:
            card = client.get(f"/api/games/{hostile.name}.tgn/card").text
            assert_inert(card, hostile.name)
            assert f"{hostile.name}.tgn does not check: {html_text(hostile.refused or '')}" in card


def test_the_event_code_is_kept_in_the_folder_across_restarts(tmp_path):
    codes = []
    for _ in range(2):
        process = subprocess.Popen([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "serve",
                                    str(tmp_path), "--port", "0"], stdout=subprocess.PIPE, text=True)
        assert process.stdout.readline().startswith("http://127.0.0.1:")
        codes.append(process.stdout.readline())
        process.kill()
        process.wait(SAFETY)
    assert codes[0] == codes[1]
    code = codes[0].removeprefix("Recording code: ").strip()
    assert len(code) == 9 and code[4] == "-" and (tmp_path / ".ludoscribe-code").read_text() == code + "\n"
    assert (tmp_path / ".ludoscribe-code").stat().st_mode & 0o077 == 0


def test_a_game_name_too_long_to_be_one_is_quoted_cut_short(client):
    """The name of a game comes from the address: one of 5,000 characters is refused with it cut short,
    whichever way the page asks (a sheet, a claim, an action)."""
    name = "a" * 5000 + ".tgn"
    shown = "a" * 37 + "..."
    for method, path in (("GET", "sheet"), ("POST", "claim"), ("POST", "actions")):
        answer = client.request(method, f"/api/games/{name}/{path}", headers=HEADERS, json={})
        assert answer.status_code == 404, path
        assert answer.json()["refused"] in (f"there is no game {shown} in this event",
                                            f"there is no game {shown} in the event folder"), path
