"""The organiser's page of `ludoscribe serve` at the HTTP level (docs/live.md#the-organisers-page): its own
code, never the scorers', and each change made as the commands make it, or refused in one line."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from live_server import CODE, DEVICE
from starlette.testclient import TestClient

from ludoscribe.cli.main import cli
from ludoscribe.notation.events.event_file import read_event
from ludoscribe.render.live.app import create_app

ORGANISER = "ORG1-ORG2"
BOSS = {"X-Organiser-Code": ORGANISER}
SCORER = {"X-Event-Code": CODE, "X-Device": DEVICE}
PLAYERS = ["Ana", "Bo", "Cy", "Di", "Ed"]


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def event(tmp_path):
    run("event", "new", str(tmp_path), "--name", "Club night", "--game", "teblo", "--rounds", "3")
    for name in PLAYERS[:4]:
        run("event", "player", "add", str(tmp_path), name)
    return tmp_path


@pytest.fixture
def client(event):
    with TestClient(create_app(event, CODE, organiser_code=ORGANISER)) as test_client:
        yield test_client


def post(client, path: str, data: dict[str, object], status: int = 200) -> dict[str, object]:
    answer = client.post(f"/api/organise/{path}", headers=BOSS, json=data)
    assert answer.status_code == status, answer.text
    return answer.json()


def refused(client, path: str, data: dict[str, object]) -> str:
    said = post(client, path, data, 409)["refused"]
    assert isinstance(said, str) and "\n" not in said
    return said


# --- the organiser's code ---------------------------------------------------------------

@pytest.mark.parametrize("headers", [{}, {"X-Organiser-Code": "WRONG-CODE"}, {"X-Organiser-Code": CODE},
                                     {"X-Event-Code": ORGANISER}, SCORER])
def test_the_organisers_api_needs_the_organisers_code_and_no_other(client, event, headers):
    for method, path in (("GET", "/api/organise"), ("POST", "/api/organise/pair"), ("POST", "/api/organise/players")):
        answer = client.request(method, path, headers=headers, json={"name": "Zed"})
        assert answer.status_code == 403 and "organiser's code" in answer.json()["refused"]
    assert len(read_event(event).players) == 4 and read_event(event).paired == []


def test_the_organisers_code_does_not_let_a_device_record(client):
    assert client.post("/api/code", headers={"X-Event-Code": ORGANISER, "X-Device": DEVICE}).status_code == 403
    assert client.post("/api/code", headers=SCORER).status_code == 200
    answer = client.post("/api/games", headers={"X-Event-Code": ORGANISER, "X-Device": DEVICE},
                         json={"game": "Teblo", "round": "1", "board": "1", "players": ["Ana", "Bo"]})
    assert answer.status_code == 403


def test_without_an_organisers_code_nobody_organises(event):
    with TestClient(create_app(event, CODE)) as plain:
        assert plain.get("/api/organise", headers={"X-Organiser-Code": ""}).status_code == 403


def test_a_folder_without_an_event_file_is_said_in_one_line(tmp_path):
    with TestClient(create_app(tmp_path, CODE, organiser_code=ORGANISER)) as plain:
        answer = plain.get("/api/organise", headers=BOSS)
        assert (answer.status_code, answer.json()) == (
            409, {"refused": f"{tmp_path} has no event.toml: make it with ludoscribe event new"})
        assert plain.post("/api/organise/pair", headers=BOSS, json={}).status_code == 409


def test_the_organisers_code_is_never_the_scorers(event):
    with pytest.raises(ValueError, match="the organiser's code is the scorers' code"):
        create_app(event, CODE, organiser_code=CODE.lower())


def test_the_page_holds_no_code_and_no_inline_script(client):
    answer = client.get("/organise")
    assert answer.status_code == 200 and ORGANISER not in answer.text and CODE not in answer.text
    assert '<script src="/static/organise.js" defer></script>' in answer.text
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert client.get("/static/organise.js").text.startswith("// @ts-check")


# --- players ------------------------------------------------------------------------------

def test_a_player_is_entered_and_a_name_taken_is_refused(client, event):
    assert post(client, "players", {"name": "Ed", "club": "Pion", "rating": 1800})["said"] == "Ed"
    assert read_event(event).players[-1].name == "Ed" and read_event(event).players[-1].rating == 1800
    assert "Ed" in refused(client, "players", {"name": " ed "})
    assert post(client, "players", {"name": "Fy", "rating": "x"}, 400)["refused"] == "rating is a number from 0 to 4000"
    assert post(client, "players", {"name": "Fy", "club": "C" * 201}, 400)["refused"] == \
        "club is a name of at most 200 characters"
    assert len(read_event(event).players) == 5


def test_a_late_entry_joins_the_next_round(client, event):
    post(client, "pair", {})
    assert post(client, "players", {"name": "Ed"})["said"] == "Ed"
    assert read_event(event).players[-1].joins == 2
    assert refused(client, "players", {"name": "Fy", "joins": 1}) == "round 1 is paired already: Fy can join from round 2"


def test_a_withdrawal_and_a_bye_before_their_round_is_paired_only(client, event):
    post(client, "withdraw", {"name": "Di"})
    post(client, "bye", {"name": "Cy", "round": 2})
    players = {player.name: player for player in read_event(event).players}
    assert players["Di"].withdrawn == 1 and players["Cy"].byes == (2,)
    assert "not a player" in refused(client, "withdraw", {"name": "Nobody"})
    post(client, "pair", {})
    assert refused(client, "bye", {"name": "Ana", "round": 1}) == "round 1 is paired already: too late to give a bye in it"


# --- pairing ------------------------------------------------------------------------------

def test_the_next_round_is_paired_and_refused_as_the_command_refuses_it(client, event):
    state = post(client, "pair", {})
    assert state["said"] == 1 and state["paired"] == 1
    assert [board["state"] for board in state["round"]["boards"]] == ["waiting", "waiting"]
    assert (event / "round1-board1.tgn").exists() and (event / "round1-board2.tgn").exists()
    said = refused(client, "pair", {})
    command = CliRunner().invoke(cli, ["pair", str(event)])
    assert command.exit_code == 1 and command.output == f"Error: {said}\n"
    assert said.startswith("2 board(s) have no result yet")
    assert len(read_event(event).paired) == 1


# --- a round changed before it starts -------------------------------------------------------

def test_sides_are_swapped_and_a_board_set_until_the_round_starts(client, event):
    boards = post(client, "pair", {})["round"]["boards"]
    first, second = boards[0]["first"], boards[0]["second"]
    swapped = post(client, "swap", {"round": 1, "board": 1})["round"]["boards"][0]
    assert (swapped["first"], swapped["second"]) == (second, first)
    assert f'[Yellow "{second}"]' in (event / "round1-board1.tgn").read_text(encoding="utf-8")
    other = boards[1]["first"]
    moved = post(client, "set-board", {"round": 1, "board": 1, "first": other, "second": first})["round"]["boards"]
    assert (moved[0]["first"], moved[0]["second"]) == (other, first)
    assert refused(client, "set-board", {"round": 1, "board": 1, "first": "Nobody", "second": first}) == \
        "'Nobody' is not paired in round 1"
    assert client.post("/api/games/round1-board2.tgn/actions", headers=SCORER,
                       json={"id": "a1", "ply": 0, "kind": "turn", "text": "D4"}).status_code == 200
    assert refused(client, "swap", {"round": 1, "board": 1}).startswith("round 1 has started (round1-board2.tgn)")


# --- results without a record ---------------------------------------------------------------

def test_a_forfeit_is_written_in_the_event_file_and_counts(client, event):
    post(client, "pair", {})
    state = post(client, "result", {"round": 1, "board": 2, "result": "0-1", "forfeit": True})
    assert state["round"]["boards"][1]["state"] == "forfeit" and state["round"]["boards"][1]["result"] == "0-1"
    assert read_event(event).paired[0].boards[1].forfeit == "0-1"
    assert refused(client, "result", {"round": 1, "board": 1, "result": "1/2-1/2", "forfeit": True}) == \
        "'1/2-1/2' is not a forfeit's result: 1-0 or 0-1"
    assert refused(client, "result", {"round": 3, "board": 1, "result": "1-0", "forfeit": True}) == \
        "round 3 is not paired yet"


def test_a_game_played_but_not_recorded_gets_its_result_in_its_round_file(client, event):
    post(client, "pair", {})
    post(client, "result", {"round": 1, "board": 1, "result": "1/2-1/2"})
    assert '[Result "1/2-1/2"]' in (event / "round1-board1.tgn").read_text(encoding="utf-8")
    post(client, "result", {"round": 1, "board": 2, "result": "1-0"})
    standings = CliRunner().invoke(cli, ["standings", str(event)])
    assert standings.exit_code == 0, standings.output
    results = sorted(re.findall(r" [0-9][wb]([01½]) ", standings.output))
    assert results == ["0", "1", "½", "½"], standings.output
    assert refused(client, "result", {"round": 1, "board": 1, "result": "1-0"}) == \
        "round1-board1.tgn has its result already (1/2-1/2): a scorer reopens it to change it"
    assert "1/2-1/2" in (event / "round1-board1.tgn").read_text(encoding="utf-8")
    assert post(client, "pair", {})["paired"] == 2


def test_a_board_being_recorded_takes_no_result_from_the_organiser(client, event):
    post(client, "pair", {})
    assert client.post("/api/games/round1-board1.tgn/claim", headers=SCORER, json={}).status_code == 200
    assert "record" in refused(client, "result", {"round": 1, "board": 1, "result": "1-0"})
    assert '[Result "*"]' in (event / "round1-board1.tgn").read_text(encoding="utf-8")


# --- the code as `serve` gives it -----------------------------------------------------------

@pytest.fixture
def started(monkeypatch):
    """The servers `serve` would start: none, here."""
    import uvicorn

    runs: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: runs.append(server))
    return runs


def serve(folder, *options: str):
    return CliRunner().invoke(cli, ["serve", str(folder), "--port", "0", *options])


def test_the_organisers_code_is_printed_and_kept_in_the_folder_apart_from_the_scorers(tmp_path, started):
    said = [re.fullmatch(r"Organiser's code: (\S+) \(opens http://127\.0\.0\.1:\d+/organise: keep it from scorers\)",
                         line) for _ in range(2) for line in serve(tmp_path).output.splitlines()
            if line.startswith("Organiser's")]
    assert len(said) == 2 and None not in said and len(started) == 2
    code = said[0]
    assert code is not None and said[1] is not None and code[1] == said[1][1]
    kept = tmp_path / ".ludoscribe-organiser-code"
    assert kept.read_text() == code[1] + "\n" and kept.stat().st_mode & 0o077 == 0
    assert code[1] != (tmp_path / ".ludoscribe-code").read_text().strip()
    assert started[0].config.app.state.organiser_code == code[1]


@pytest.mark.parametrize(("options", "said"), [
    (("--code", "club-night", "--organiser-code", "CLUB NIGHT"),
     "Error: the organiser's code is the scorers' code: the organiser's is another, that scorers do not have: "
     "give another with --organiser-code\n"),
    (("--organiser-code", " - "), "Error: --organiser-code ' - ' is blank: a code has letters or digits\n")])
def test_an_organisers_code_that_scorers_could_type_is_refused(tmp_path, started, options, said):
    result = serve(tmp_path, *options)
    assert (result.exit_code, result.output) == (2, said)
    assert started == [] and not (tmp_path / ".ludoscribe-organiser-code").exists()
