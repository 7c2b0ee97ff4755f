"""One event, one name (docs/live.md#recording-a-game, docs/cli.md#serve): `serve --event` names
it, and without it `serve` and `record` give a folder's games the same Event, so that games
recorded from a phone and at a terminal are one event in the standings and on the site."""

from __future__ import annotations

import urllib.request

import pytest
from click.testing import CliRunner
from live_server import SAFETY, Server

from ludoscribe.cli.main import cli
from ludoscribe.notation.reader import read_string

NEW = {"game": "Teblo", "round": "1", "board": "1", "players": ["Ann", "Bob"]}


def event_of(path) -> str:
    return read_string(path.read_text(encoding="utf-8"))[0].tags["Event"]


def recorded_at_a_terminal(path, answers: str):
    """`ludoscribe record teblo -o path`, the tags answered (Enter: the default), one turn, a result."""
    return CliRunner().invoke(cli, ["record", "teblo", "-o", str(path)], input=answers + "D4\nresult 1-0\ny\n")


def standings_events(folder) -> list[str]:
    """The events `ludoscribe standings` finds in the folder: the lines underlined with '='."""
    lines = CliRunner().invoke(cli, ["standings", str(folder)]).output.split("\n")
    return [line for line, under in zip(lines, lines[1:]) if under and set(under) == {"="}]


@pytest.mark.parametrize("given", [None, "Club night"])
def test_serve_and_record_give_the_folders_games_one_event(tmp_path, given):
    folder = tmp_path / "club-night"
    folder.mkdir()
    server = Server(folder, *(["--event", given] if given else [])).start()
    try:
        assert server.line() == "Recording code: TEST-CODE"
        assert server.line() == f"Event: {given or 'club-night'}"
        status, answer = server.request("POST", "/api/games", NEW)
        assert status == 200, answer
        with urllib.request.urlopen(server.url, timeout=SAFETY) as page:
            assert f"<title>{given or 'club-night'}</title>" in page.read().decode()
    finally:
        server.stop()
    assert event_of(folder / "round1-board1.tgn") == (given or "club-night")
    result = recorded_at_a_terminal(folder / "round1-board2.tgn", "\n\n\n1\n2\nCy\nDi\n")
    assert result.exit_code == 0, result.output
    assert f"Event [{given or 'club-night'}]: " in result.output
    assert "Round [?]: 1\nBoard [?]: 2\n" in result.output
    game = read_string((folder / "round1-board2.tgn").read_text(encoding="utf-8"))[0]
    assert (game.tags["Event"], game.tags["Round"], game.tags["Board"]) == (given or "club-night", "1", "2")
    server = Server(folder).start()  # started again without --event: the name the games give
    try:
        server.line()
        assert server.line() == f"Event: {given or 'club-night'}"
    finally:
        server.stop()
    started = (folder / "round1-board1.tgn").read_text(encoding="utf-8")  # the phone's game, given a result
    assert started.endswith("\n\n*\n")
    (folder / "round1-board1.tgn").write_text(started.replace('[Result "*"]', '[Result "0-1"]')[:-2] + "1. D4 0-1\n",
                                              encoding="utf-8")
    assert standings_events(folder) == [given or "club-night"]


def test_a_game_recorded_first_at_a_terminal_names_the_event_for_serve(tmp_path):
    folder = tmp_path / "club-night"
    result = recorded_at_a_terminal(folder / "round1-board1.tgn", "Club night\n\n\n1\n1\nAnn\nBob\n")
    assert result.exit_code == 0, result.output
    assert "Event [club-night]: " in result.output
    server = Server(folder).start()
    try:
        server.line()
        assert server.line() == "Event: Club night"
        assert server.request("POST", "/api/games", NEW | {"board": "2"})[0] == 200
    finally:
        server.stop()
    assert event_of(folder / "round1-board2.tgn") == "Club night"


def test_serve_warns_of_games_that_name_another_event(tmp_path):
    folder = tmp_path / "club-night"
    result = recorded_at_a_terminal(folder / "round1-board1.tgn", "\n\n\n1\n1\nAnn\nBob\n")
    assert result.exit_code == 0, result.output
    server = Server(folder, "--event", "Club night").start()
    try:
        server.line()
        assert server.line() == "Event: Club night (games of the folder name another: club-night)"
    finally:
        server.stop()


@pytest.mark.parametrize("given, said", [("", "the event's name is empty"), ("  ", "the event's name is empty"),
                                         ("Club\nnight", "line")])
def test_serve_refuses_an_event_name_no_event_tag_holds(tmp_path, given, said):
    result = CliRunner().invoke(cli, ["serve", str(tmp_path), "--event", given])
    assert result.exit_code == 2
    assert said in result.output and "Invalid value for '--event'" in result.output
    assert "Traceback" not in result.output
