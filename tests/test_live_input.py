"""What a stranger may put in the event folder or send to `ludoscribe serve` and `relay`
(docs/live.md#safety): one bad file is shown as a problem and the rest goes on; every
request refused answers a status with a JSON message, never a 500; a failed write leaves
no file behind."""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from live_server import CODE, DEVICE, SAFETY
from test_live_relay import relay  # the relay command, run as the relay's own tests run it
from starlette.testclient import TestClient

from ludoscribe.cli.main import cli
from ludoscribe.notation.events.folder import EventFolder
from ludoscribe.render.live import hub
from ludoscribe.render.live.app import create_app

HEADERS = {"X-Event-Code": CODE, "X-Device": DEVICE}
HUGE = "1" * 5000  # beyond the 4,300 digits int() converts
PAGES = ("/", "/api/event", "/record", "/api/standings")


def game(round_: str = "1", board: str = "1", result: str = "*") -> str:
    return (f'[Game "Teblo"]\n[Event "Club night"]\n[Round "{round_}"]\n[Board "{board}"]\n'
            f'[Yellow "Ann"]\n[Red "Bob"]\n[Result "{result}"]\n\n1. D4 H10 {result}\n')


def wait_until(ready) -> None:
    """Poll `ready()` until it is true (the limit is only a safety net against a hang)."""
    pause = threading.Event()
    for _ in range(SAFETY * 20):
        if ready():
            return
        pause.wait(0.05)
    raise AssertionError("the awaited state never came")


def names(client: TestClient) -> list[str]:
    answer = client.get("/api/event")
    assert answer.status_code == 200, answer.text
    return [each["name"] for each in answer.json()["games"]]


# --- any file in the event folder ----------------------------------------------------------

def test_rounds_and_boards_of_any_length_are_ordered_as_numbers(tmp_path):
    files = {"huge-round.tgn": game(HUGE), "huge-board.tgn": game("9", HUGE), "ten.tgn": game("10"),
             "nine.tgn": game("0009"), "named.tgn": game("final"), "two.tgn": game("2", "0" * 5000 + "2")}
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with TestClient(create_app(tmp_path, CODE)) as client:
        for path in PAGES:
            assert client.get(path).status_code == 200, path
        assert names(client) == ["two.tgn", "nine.tgn", "huge-board.tgn", "ten.tgn", "huge-round.tgn", "named.tgn"]


def test_a_file_added_while_serving_never_stops_the_watch(tmp_path):
    (tmp_path / "first.tgn").write_text(game("1"), encoding="utf-8")
    with TestClient(create_app(tmp_path, CODE, every=0.05)) as client:
        (tmp_path / "bad.tgn").write_text(game(HUGE), encoding="utf-8")
        wait_until(lambda: "bad.tgn" in client.app.state.live.folder.games)
        (tmp_path / "later.tgn").write_text(game("2"), encoding="utf-8")
        wait_until(lambda: "later.tgn" in names(client))
        assert names(client) == ["first.tgn", "later.tgn", "bad.tgn"]
        assert all(client.get(path).status_code == 200 for path in PAGES)


def test_a_bug_met_on_one_file_is_that_files_problem_and_the_others_are_served(tmp_path, monkeypatch):
    from ludoscribe.notation.events import folder as event

    read = event.read_string

    def failing(text: str, name: str):
        if "BOOM" in text:
            raise RecursionError("maximum recursion depth exceeded")
        return read(text, name)

    monkeypatch.setattr(event, "read_string", failing)
    (tmp_path / "good.tgn").write_text(game("1"), encoding="utf-8")
    (tmp_path / "bad.tgn").write_text(game("BOOM"), encoding="utf-8")
    with TestClient(create_app(tmp_path, CODE)) as client:
        assert all(client.get(path).status_code == 200 for path in PAGES)
        card = client.get("/api/games/bad.tgn/card").text
        assert "bad.tgn cannot be read (RecursionError: maximum recursion depth exceeded)" in card
        assert client.get("/api/games/good.tgn/view").json()["state"] == "live"


def test_a_bug_met_showing_a_change_is_said_once_and_the_watch_goes_on(tmp_path, monkeypatch, caplog):
    summary = hub.summary

    def failing(view):
        if view.name == "bad.tgn":
            raise ValueError("a bug")
        return summary(view)

    monkeypatch.setattr(hub, "summary", failing)
    with caplog.at_level(logging.ERROR, logger=hub.__name__), TestClient(create_app(tmp_path, CODE, every=0.05)) as client:
        (tmp_path / "bad.tgn").write_text(game("1"), encoding="utf-8")
        wait_until(lambda: "bad.tgn" in client.app.state.live.folder.games and caplog.records)
        (tmp_path / "bad.tgn").unlink()
        (tmp_path / "good.tgn").write_text(game("2"), encoding="utf-8")
        wait_until(lambda: names(client) == ["good.tgn"])
    assert [record.getMessage() for record in caplog.records] == \
        ["cannot show the changes in the event folder (ValueError: a bug): reading it again"]


def test_a_reconnecting_stream_with_any_last_id_gets_the_whole_event(tmp_path):
    (tmp_path / "first.tgn").write_text(game("1"), encoding="utf-8")
    live = hub.Live(EventFolder(tmp_path))
    live.start()
    run = live.spectators.run
    for last in (f"{run}:{HUGE}", f"{run}:\u00b2", f"{run}:\u0663", f"{run}:-1", f"{run}:", "x"):
        assert live.spectators.missed(last) is None, last
    assert live.spectators.missed(f"{run}:0") == []


def test_the_relay_orders_rounds_of_any_length(tmp_path):
    event = tmp_path / "event"
    event.mkdir()
    (event / "huge.tgn").write_text(game(HUGE), encoding="utf-8")
    (event / "two.tgn").write_text(game("2"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["relay", str(event), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    listing = json.loads((tmp_path / "out" / "event.json").read_text(encoding="utf-8"))
    assert [each["name"] for each in listing["games"]] == ["two.tgn", "huge.tgn"]


# --- the event code --------------------------------------------------------------------------

def test_the_code_is_taken_in_any_case_with_or_without_its_hyphen_and_spaces(tmp_path):
    with TestClient(create_app(tmp_path, "K7PQ-4MXD")) as client:
        def answer(typed: str) -> int:
            return client.post("/api/code", headers={"X-Event-Code": typed, "X-Device": DEVICE}).status_code

        for typed in ("K7PQ-4MXD", "k7pq4mxd", "  k7pq-4mxd ", "K7PQ 4MXD", "k7pq - 4mxd"):
            assert answer(typed) == 200, typed
        for typed in ("K7PQ-4MX", "K7PQ-4MXDD", "", "-", "K7PQ-4MXE"):
            assert answer(typed) == 403, typed


@pytest.fixture
def started(monkeypatch):
    """The servers `serve` would start: none, here (a code refused stops it before)."""
    import uvicorn

    runs: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: runs.append(server))
    return runs


def serve(folder: Path, *options: str):
    return CliRunner().invoke(cli, ["serve", str(folder), "--port", "0", *options])


@pytest.mark.parametrize("given", ["", " ", "\t", "-", " - - "])
def test_a_blank_code_is_refused(tmp_path, started, given):
    result = serve(tmp_path, "--code", given)
    assert (result.exit_code, result.output) == (2, f"Error: --code {given!r} is blank: a code has letters or digits\n")
    assert started == [] and not (tmp_path / ".ludoscribe-code").exists()


def test_a_code_a_phone_cannot_send_is_refused(tmp_path, started):
    result = serve(tmp_path, "--code", "CLÉ-2026")
    assert (result.exit_code, result.output) == (2, "Error: --code 'CLÉ-2026' holds 'É': a code is written in ASCII "
                                                    "letters, digits and signs, which every phone can send\n")
    assert started == []


def test_a_refused_code_is_said_in_the_environments_language_and_cut_short(tmp_path, started):
    result = CliRunner(env={"LANGUAGE": "fr"}).invoke(cli, ["serve", str(tmp_path), "--port", "0", "--code",
                                                             "CLÉ-" + "X" * 3000])
    assert (result.exit_code, result.output) == (
        2, "Error: --code 'CLÉ-" + "X" * 33 + "...' contient 'É'\u00a0: un code s’écrit en lettres, chiffres et "
           "signes ASCII, que tout téléphone peut envoyer\n")
    assert started == []


@pytest.mark.parametrize(("kept", "problem"), [
    ("", "is blank: a code has letters or digits"), (" \n\n", "is blank: a code has letters or digits"),
    ("K7PQ\n4MXD\n", "holds '\\n': a code is written in ASCII letters, digits and signs, which every phone can send"),
    ("CLÉ\n", "is not ASCII text")])
def test_a_code_file_without_a_code_is_refused_and_left_as_it_is(tmp_path, started, kept, problem):
    (tmp_path / ".ludoscribe-code").write_text(kept, encoding="utf-8")
    result = serve(tmp_path)
    assert (result.exit_code, result.output) == (
        2, f"Error: {tmp_path / '.ludoscribe-code'} {problem} (write the event's code in it, or delete it to have "
           "a new one made)\n")
    assert started == [] and (tmp_path / ".ludoscribe-code").read_text(encoding="utf-8") == kept


def test_a_code_kept_or_given_starts_the_server(tmp_path, started):
    (tmp_path / ".ludoscribe-code").write_text(" k7pq-4mxd \n", encoding="utf-8")
    assert serve(tmp_path).output.splitlines()[1] == "Recording code: k7pq-4mxd"
    assert serve(tmp_path, "--code", " club night ").output.splitlines()[1] == "Recording code: CLUB NIGHT"
    assert len(started) == 2
    with pytest.raises(ValueError, match="the event code ' ' is blank"):
        create_app(tmp_path, " ")


# --- what a request may hold --------------------------------------------------------------

NEW = {"game": "Teblo", "round": "2", "board": "1", "players": ["Ann", "Bob"]}
GAME = "round2-board1.tgn"
BODIES = {  # each route that reads a body, with a body it takes (the others, release and code, read none)
    "/api/games": NEW | {"variant": "", "date": "2026.11.23"},
    f"/api/games/{GAME}/offers": {"draft": "", "cells": ["D4"], "flipped": False},
    f"/api/games/{GAME}/actions": {"id": "t1", "ply": 0, "kind": "turn", "text": "D4", "reason": ""},
    f"/api/games/{GAME}/claim": {"take_over": False},
}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path, CODE)) as test_client:
        yield test_client


def refused(answer) -> str:
    """The message of a refused request: a status under 500 (or 507) and JSON saying why."""
    assert answer.status_code >= 400 and answer.headers["content-type"] == "application/json", answer.text
    message: str = answer.json()["refused"]
    return message


def files(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


def test_a_game_the_folder_cannot_take_is_refused_and_leaves_no_file(client, tmp_path, monkeypatch):
    import errno
    import os

    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)  # the file is written, then cannot be kept
    answer = client.post("/api/games", headers=HEADERS, json=NEW)
    assert answer.status_code == 507
    assert refused(answer) == "cannot make the game's file in the event folder: No space left on device"
    assert GAME not in files(tmp_path) and not [name for name in files(tmp_path) if name.endswith(".tmp")]
    assert client.get("/api/event").json()["games"] == []
    monkeypatch.undo()
    assert client.post("/api/games", headers=HEADERS, json=NEW).status_code == 200  # the same game, once there is room
    saved = (tmp_path / GAME).read_text(encoding="utf-8")
    monkeypatch.setattr(os, "fsync", full)
    answer = client.post(f"/api/games/{GAME}/actions", headers=HEADERS, json={"id": "t1", "ply": 0, "kind": "turn", "text": "D4"})
    assert (answer.status_code, refused(answer)) == (409, f"cannot write {GAME}: No space left on device")
    assert (tmp_path / GAME).read_text(encoding="utf-8") == saved and files(tmp_path) == [f".{GAME}.lock", GAME]


def test_a_game_in_a_folder_gone_is_refused(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    with TestClient(create_app(folder, CODE)) as client:
        folder.rmdir()
        folder.write_text("not a folder any more")  # every path under it fails, for root too
        answer = client.post("/api/games", headers=HEADERS, json=NEW)
        assert answer.status_code == 507
        assert refused(answer) == "cannot make the game's file in the event folder: Not a directory"


def test_a_body_nested_deeply_is_refused_on_every_route(client):
    client.post("/api/games", headers=HEADERS, json=NEW)
    for route in BODIES:
        for deep in (b"[" * 1000 + b"]" * 1000, b'{"a":' * 1000 + b"1" + b"}" * 1000, b"[" * 30000):
            answer = client.post(route, headers=HEADERS, content=deep)
            assert answer.status_code == 400, route
            assert refused(answer) in ("the request is not readable JSON: arrays or objects nested too deeply",
                                       "the request is not JSON"), route


def test_a_lone_surrogate_in_any_text_is_refused_on_every_route(client, tmp_path):
    client.post("/api/games", headers=HEADERS, json=NEW)
    saved = (tmp_path / GAME).read_text(encoding="utf-8")
    for route, body in BODIES.items():
        where = [*body, "extra"]
        for key in where:
            for hostile in ('"\\ud800"', '"D4\\udfff"', '["\\ud83d"]', '{"\\udc00": 1}'):
                text = json.dumps(body | {key: "HOSTILE"}).replace('"HOSTILE"', hostile)
                answer = client.post(route, headers=HEADERS, content=text.encode())
                assert answer.status_code == 400, (route, key, hostile)
                assert refused(answer).startswith("the request is not text: a lone surrogate \\u"), (route, key)
    assert (tmp_path / GAME).read_text(encoding="utf-8") == saved and files(tmp_path) == [f".{GAME}.lock", GAME]
    assert client.post(f"/api/games/{GAME}/offers", headers=HEADERS,
                       content=b'{"draft": "\\ud83d\\ude00"}').status_code == 200  # a pair is one character


def test_an_address_not_served_says_so_in_json(client):
    assert (client.get("/nowhere").status_code, refused(client.get("/nowhere"))) == (404, "there is no such page here")
    answer = client.get("/api/games")
    assert (answer.status_code, refused(answer), answer.headers["allow"]) == \
        (405, "this address does not take GET", "POST")


# --- the relay's folder ------------------------------------------------------------------

@pytest.fixture
def event(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    for board in (1, 2):
        (folder / f"round1-board{board}.tgn").write_text(game("1", str(board)), encoding="utf-8")
    return folder


def test_the_relay_writes_only_into_a_folder_of_its_own_unless_forced(event, tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "event.json").write_text('{"mine": true}', encoding="utf-8")
    (site / "index.html").write_text("<p>my page</p>", encoding="utf-8")
    refused = relay(event, "-o", site)
    assert (refused.exit_code, refused.output) == (2, f"Error: {site} holds other files: give an empty folder, or one "
                                                      "the relay wrote (or --force to write into it)\n")
    assert files(site) == ["event.json", "index.html"] and (site / "index.html").read_text() == "<p>my page</p>"
    forced = relay(event, "-o", site, "--force")
    assert (forced.exit_code, forced.output) == (0, f"{site}: 2 games, 15 files written\n")
    assert "round1-board1.tgn" in (site / "index.html").read_text(encoding="utf-8")
    assert relay(event, "-o", site).output == f"{site}: 2 games, 0 files written\n"  # its own folder now
    (site / "notes.txt").write_text("kept", encoding="utf-8")
    assert relay(event, "-o", site).exit_code == 0 and (site / "notes.txt").read_text() == "kept"


def test_the_pages_of_a_game_gone_from_the_event_are_removed(event, tmp_path):
    out = tmp_path / "relay"
    assert relay(event, "-o", out).exit_code == 0
    (out / "games" / "mine.html").write_text("not the relay's", encoding="utf-8")
    (event / "round1-board2.tgn").unlink()
    result = relay(event, "-o", out)
    assert (result.exit_code, result.output) == (0, f"{out}: 1 game, 2 files written, 3 removed\n")  # event.json, index
    assert files(out / "games") == ["mine.html", "round1-board1.tgn.html", "round1-board1.tgn.json"]
    assert files(out / "cards") == ["round1-board1.tgn.html"]
    assert [each["name"] for each in json.loads((out / "event.json").read_text())["games"]] == ["round1-board1.tgn"]
    assert "round1-board2" not in (out / "index.html").read_text(encoding="utf-8")


def test_the_relay_removes_no_file_it_did_not_write_as_it_is(event, tmp_path):
    out = tmp_path / "relay"
    assert relay(event, "-o", out).exit_code == 0
    changed = out / "games" / "round1-board2.tgn.html"
    changed.write_text("edited by hand", encoding="utf-8")  # listed in the mark, but no longer what the relay wrote
    outside = tmp_path / "outside.html"
    outside.write_text("mine", encoding="utf-8")
    mark = out / ".ludoscribe-relay"
    digest = __import__("hashlib").sha256(b"mine").hexdigest()
    mark.write_text(mark.read_text(encoding="utf-8") + f"{digest}  ../outside.html\n{digest}  {outside}\n", encoding="utf-8")
    (event / "round1-board2.tgn").unlink()
    assert relay(event, "-o", out).output == f"{out}: 1 game, 2 files written, 2 removed\n"
    assert changed.read_text(encoding="utf-8") == "edited by hand" and outside.read_text(encoding="utf-8") == "mine"


def test_the_relays_help_and_its_page_say_when_the_pages_read_less_often():
    shown = " ".join(CliRunner().invoke(cli, ["relay", "--help"]).output.split())
    assert "once every game is finished they read it six times less often, and still follow a game reopened" in shown
    assert "stop" not in shown
    page = " ".join((Path(__file__).parent.parent / "docs" / "live.md").read_text(encoding="utf-8").split())
    assert "Once every game is finished (for a game page, once its game is) they read it six times less often" in page
