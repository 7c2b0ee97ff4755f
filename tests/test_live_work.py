"""The work of one turn saved through `ludoscribe serve` (docs/live.md#how-fast): counted in calls
of the rules (each game's `play`), not in time, so that a long game costs what a short one does."""

from __future__ import annotations

import random

import pytest
from live_server import CODE, DEVICE
from starlette.testclient import TestClient

from ludoscribe.notation.games import game_class, plugins
from ludoscribe.notation.recording.scoresheet import Scoresheet
from ludoscribe.render.live.app import create_app

HEADERS = {"X-Event-Code": CODE, "X-Device": DEVICE}
GAME = "round1-board1.tgn"
PER_TURN = 2  # rule calls one turn may take, whatever how long the game is: the turn checked, one to spare


class RuleCalls:
    """Counts the calls of every game's `play` while it is installed."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        for plugin in plugins():
            rules = plugin.rules
            play = rules.play

            def counted(game, position, turn, play=play):  # type: ignore[no-untyped-def]
                self.count += 1
                return play(game, position, turn)

            monkeypatch.setattr(rules, "play", counted)


def random_game(name: str, plies: int, seed: int = 1) -> tuple[Scoresheet, list[str]]:
    """A scoresheet of `plies` random legal turns, and the two legal turns that follow."""
    sheet = Scoresheet.new(name, {"Round": "1", "Board": "1"})
    rng = random.Random(seed)
    rules = game_class(name)()
    played = Scoresheet.new(name)
    while len(played.record.moves) < plies + 2:
        turn = rules.random_turn(played.position, rng)
        assert turn is not None and played.outcome() is None, "the game ended before the turns wanted"
        assert played.add_turn(rules.turn_text(turn)) is None
        if len(played.record.moves) <= plies:
            assert sheet.add_turn(rules.turn_text(turn)) is None
    return sheet, [rules.turn_text(node.turn) for node in played.record.moves[plies:]]


def calls_for_one_turn(tmp_path, monkeypatch, name: str, plies: int) -> list[int]:
    """The rule calls of the turn after `plies` saved through the server (its file read by the
    folder's scan), then of the one after it (the game saved here), the event's page and stream,
    and the scoresheet's answer included."""
    sheet, turns = random_game(name, plies)
    tmp_path.mkdir()
    sheet.save(str(tmp_path / GAME))
    with TestClient(create_app(tmp_path, CODE)) as client:
        assert client.post(f"/api/games/{GAME}/claim", headers=HEADERS, json={}).status_code == 200
        counts = []
        for ply, turn in enumerate(turns, plies):
            calls = RuleCalls(monkeypatch)  # the summary spectators are sent is made with or without streams open
            answer = client.post(f"/api/games/{GAME}/actions", headers=HEADERS,
                                 json={"id": turn, "ply": ply, "kind": "turn", "text": turn})
            assert answer.status_code == 200, answer.text
            assert answer.json()["plies"] == ply + 1
            monkeypatch.undo()
            counts.append(calls.count)
    assert (tmp_path / GAME).read_text(encoding="utf-8").split()[-2:] == [turns[-1], "*"]
    return counts


@pytest.mark.parametrize("name", ["Teblo", "Tektop"])
def test_one_turn_saved_costs_one_turn_of_the_rules_whatever_the_length_of_the_game(tmp_path, monkeypatch, name):
    short = calls_for_one_turn(tmp_path / "short", monkeypatch, name, 6)
    long = calls_for_one_turn(tmp_path / "long", monkeypatch, name, 40)
    assert max(short + long) <= PER_TURN, (short, long)  # before: 6 replays of the game, 42 and 246


def test_a_game_saved_here_is_what_reading_its_file_gives(tmp_path):
    """The game made from the sheet in memory shows spectators and the scorer the same bytes
    as the game read back from its file, whatever the action saved."""
    from ludoscribe.notation.events.folder import read_game
    from ludoscribe.render.live.sheet import sheet_state
    from ludoscribe.render.live.views import View, card, game_body, summary

    with TestClient(create_app(tmp_path, CODE)) as client:
        live = client.app.state.live
        assert client.post("/api/games", headers=HEADERS, json={"game": "Teblo", "round": "1", "board": "1",
                                                                "players": ["Ann", "Bob"]}).status_code == 200
        actions = [("turn", "D4"), ("turn", "H10"), ("comment", "{a} [%arrow D4 D5]"), ("undo", ""),
                   ("turn", "(H9)?"), ("nag", "$14"), ("clock", "0:58:12"), ("result", "0-1"), ("reopen", ""),
                   ("turn", "D5")]
        ply = 0
        for number, (kind, text) in enumerate(actions):
            answer = client.post(f"/api/games/{GAME}/actions", headers=HEADERS,
                                 json={"id": str(number), "ply": ply, "kind": kind, "text": text})
            assert answer.status_code == 200, (kind, answer.text)
            ply = answer.json()["plies"]
            saved = live.folder.games[GAME]
            read = read_game(GAME, (tmp_path / GAME).read_bytes())
            assert (saved.version, saved.text, saved.plies, saved.ended) == (read.version, read.text, read.plies,
                                                                               read.ended)
            for made in (View.whole, lambda game: View(game, max(game.plies - 1, 0), False)):
                assert summary(made(saved)) == summary(made(read))
                assert card(made(saved), "/g") == card(made(read), "/g")
                assert game_body(made(saved)) == game_body(made(read))
            assert sheet_state(saved, None) == sheet_state(read, None)


def test_a_file_changed_elsewhere_after_a_save_is_read_again_before_the_next_action(tmp_path):
    """The file stays the truth: the sheet kept in memory is used only while the file is the one it saved."""
    with TestClient(create_app(tmp_path, CODE, every=3600)) as client:  # no scan meanwhile
        assert client.post("/api/games", headers=HEADERS, json={"game": "Teblo", "round": "1", "board": "1",
                                                                "players": ["Ann", "Bob"]}).status_code == 200
        assert client.post(f"/api/games/{GAME}/actions", headers=HEADERS,
                           json={"id": "a", "ply": 0, "kind": "turn", "text": "D4"}).status_code == 200
        client.post(f"/api/games/{GAME}/release", headers=HEADERS, json={})
        elsewhere = Scoresheet.load(str(tmp_path / GAME))  # a copy, or a terminal session, writes the file
        assert elsewhere.add_turn("H10") is None
        elsewhere.save(str(tmp_path / GAME))
        answer = client.post(f"/api/games/{GAME}/actions", headers=HEADERS,
                             json={"id": "b", "ply": 1, "kind": "turn", "text": "H10"})
        assert answer.status_code == 200, answer.text  # the same turn, already there: applied once
        assert answer.json()["again"] and answer.json()["plies"] == 2
        answer = client.post(f"/api/games/{GAME}/actions", headers=HEADERS,
                             json={"id": "c", "ply": 1, "kind": "comment", "text": "late"})
        assert answer.status_code == 409
        assert answer.json()["refused"].startswith("the record has 2 turns now, not 1")


def test_a_slow_reading_of_one_game_does_not_hold_back_the_others(tmp_path, monkeypatch):
    """The event loop never waits for a file (docs/live.md#choices): while one game's file, changed
    elsewhere, is being read and replayed, another game is created, recorded, and shown to spectators."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    import threading

    from ludoscribe.notation.events import folder as event

    slow = "round9-board9.tgn"
    sheet = Scoresheet.new("Teblo", {"Round": "9", "Board": "9"})
    sheet.save(str(tmp_path / slow))
    app = create_app(tmp_path, CODE, every=0.01)
    live = app.state.live
    started, released, order = threading.Event(), threading.Event(), []
    read_game = event.read_game

    def slow_read(name, data, stamp=(0, 0, 0)):  # type: ignore[no-untyped-def]
        if name == slow and b"1. D4" in data:
            started.set()
            released.wait(30)  # a failure then, not a slow pass
            order.append("slow game read")
        return read_game(name, data, stamp)

    monkeypatch.setattr(event, "read_game", slow_read)

    async def scenario() -> None:
        queue = live.spectators.subscribe()
        watch = asyncio.create_task(live.watch(0.01))
        try:
            await another_game_shown_while_one_is_held(app, queue, tmp_path / slow, started)
            order.append("other game shown")
            released.set()
            await game_shown(queue, slow, 1)
        finally:
            released.set()
            watch.cancel()
            live.close()

    with ThreadPoolExecutor(1) as own_loop:  # a loop of its own: the browser tests may run one in this thread
        own_loop.submit(asyncio.run, scenario()).result()
    assert order == ["other game shown", "slow game read"]


def test_a_slow_page_of_one_game_does_not_hold_back_the_others(tmp_path, monkeypatch):
    """Pages and messages are made off the event loop (docs/live.md#choices): while one game's
    message is being made (its record written out for its key), another game is created, recorded,
    shown to spectators, and its page and view are answered."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor
    import json
    import threading

    from ludoscribe.render.live import views

    slow = "round9-board9.tgn"
    sheet = Scoresheet.new("Teblo", {"Round": "9", "Board": "9"})
    sheet.save(str(tmp_path / slow))
    app = create_app(tmp_path, CODE, every=0.01)
    live = app.state.live
    started, released, order = threading.Event(), threading.Event(), []
    write_record = views.write_record

    def slow_write(record):  # type: ignore[no-untyped-def]
        if record.tags.get("Round") == "9" and record.moves:
            started.set()
            released.wait(30)  # a failure then, not a slow pass
            order.append("slow game made")
        return write_record(record)

    monkeypatch.setattr(views, "write_record", slow_write)

    async def scenario() -> None:
        queue = live.spectators.subscribe()
        watch = asyncio.create_task(live.watch(0.01))
        try:
            await another_game_shown_while_one_is_held(app, queue, tmp_path / slow, started)
            status, page = await get(app, f"/game/{GAME}")
            assert status == 200 and b">D4</a>" in page
            status, view = await get(app, f"/api/games/{GAME}/view")
            assert status == 200 and json.loads(view)["state"] == "live"
            status, card = await get(app, f"/api/games/{GAME}/card")
            assert status == 200 and b"D4" in card
            order.append("other game shown")
            released.set()
            await game_shown(queue, slow, 1)
        finally:
            released.set()
            watch.cancel()
            live.close()

    with ThreadPoolExecutor(1) as own_loop:  # a loop of its own: the browser tests may run one in this thread
        own_loop.submit(asyncio.run, scenario()).result()
    assert order == ["other game shown", "slow game made"]


async def another_game_shown_while_one_is_held(app, queue, slow, started) -> None:  # type: ignore[no-untyped-def]
    """A turn recorded elsewhere in the game `slow`, whose handling then blocks (`started` set); while
    it is held, another game is created and recorded here, and its turn reaches the stream `queue`."""
    import asyncio

    elsewhere = Scoresheet.load(str(slow))  # a terminal session records a turn
    assert elsewhere.add_turn("D4") is None
    elsewhere.save(str(slow))
    assert await asyncio.to_thread(started.wait, 30)
    assert await post(app, "/api/games", {"game": "Teblo", "round": "1", "board": "1", "players": ["A", "B"]}) == 200
    assert await post(app, f"/api/games/{GAME}/actions", {"id": "a", "ply": 0, "kind": "turn", "text": "D4"}) == 200
    await game_shown(queue, GAME, 1)


async def game_shown(queue, name: str, plies: int) -> None:  # type: ignore[no-untyped-def]
    """Wait until a spectators' stream (its queue) says the game has `plies` turns (a minute at most:
    a safety net, not a measure)."""
    import asyncio
    import json

    while True:
        text = await asyncio.wait_for(queue.get(), 60)
        kind, data = text.split("\n")[1], json.loads(text.split("\n")[2][len("data: "):])
        if kind == "event: game" and data["name"] == name and data["plies"] == plies:
            return


async def get(app, path: str) -> tuple[int, bytes]:  # type: ignore[no-untyped-def]
    """A spectator's request sent straight to the application: its status and body."""
    return await asgi(app, "GET", path, b"", [])


async def post(app, path: str, data: dict) -> int:  # type: ignore[no-untyped-def]
    """A recording request sent straight to the application, as a phone sends it; its status."""
    import json

    headers = [(b"content-type", b"application/json")] + [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
    status, _ = await asgi(app, "POST", path, json.dumps(data).encode(), headers)
    return status


async def asgi(app, method: str, path: str, body: bytes, headers: list) -> tuple[int, bytes]:  # type: ignore[no-untyped-def]
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
             "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "", "headers": headers,
             "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80)}
    sent = [{"type": "http.request", "body": body, "more_body": False}]
    status, parts = [], []

    async def receive():  # type: ignore[no-untyped-def]
        return sent.pop() if sent else {"type": "http.disconnect"}

    async def send(message):  # type: ignore[no-untyped-def]
        if message["type"] == "http.response.start":
            status.append(message["status"])
        elif message["type"] == "http.response.body":
            parts.append(message.get("body", b""))

    await app(scope, receive, send)
    return status[0], b"".join(parts)
