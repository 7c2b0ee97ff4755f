"""`ludoscribe relay` (docs/live.md#a-static-relay): an event's live pages as plain files that
follow new turns without being written again, on any static web host."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from browsers import served
from live_pages import PHONE

from ludoscribe.cli.main import cli
from ludoscribe.notation.events.folder import Action, EventFolder

TEBLO = '[Game "Teblo"]\n[Event "Club night"]\n[Round "1"]\n[Board "{board}"]\n[Yellow "Ann"]\n[Red "Bob"]\n[Result "*"]\n\n*\n'


def relay(*args: object):
    return CliRunner().invoke(cli, ["relay", *map(str, args)])


@pytest.fixture
def event(tmp_path):
    folder = tmp_path / "event"
    folder.mkdir()
    for board in (1, 2):
        (folder / f"round1-board{board}.tgn").write_text(TEBLO.format(board=board), encoding="utf-8")
    return folder


def play(folder: Path, name: str, ply: int, kind: str, text: str, reason: str = "") -> None:
    """A turn saved in the event folder, as a scorer would (here, without a server)."""
    games = EventFolder(folder)
    games.scan()
    games.apply(name, Action(f"{name}-{ply}-{kind}", ply, kind, text, reason))


def test_the_relay_writes_the_pages_and_then_only_what_changed(event, tmp_path):
    out = tmp_path / "relay"
    first = relay(event, "-o", out)
    assert (first.exit_code, first.output) == (0, f"{out}: 2 games, 15 files written\n")
    listing = json.loads((out / "event.json").read_text())
    assert [(game["name"], game["plies"], game["state"]) for game in listing["games"]] == \
        [("round1-board1.tgn", 0, "live"), ("round1-board2.tgn", 0, "live")]
    assert listing["event"] == "Club night"
    assert relay(event, "-o", out).output == f"{out}: 2 games, 0 files written\n"
    play(event, "round1-board1.tgn", 0, "turn", "D4")
    # the game's page, its viewer and its card, the event page, event.json (no standings yet)
    assert relay(event, "-o", out).output == f"{out}: 2 games, 5 files written\n"
    game = json.loads((out / "games" / "round1-board1.tgn.json").read_text())
    assert game["state"] == "live" and ">D4</a>" in game["html"]
    play(event, "round1-board1.tgn", 1, "undo", "")  # a correction: a note on the relay's pages too
    relay(event, "-o", out)
    game = json.loads((out / "games" / "round1-board1.tgn.json").read_text())
    assert '<div class="ls-moves"><span class="ls-correction"><del>1. D4</del> taken back</span> ' in game["html"]
    assert "<del>1. D4</del>" in (out / "games" / "round1-board1.tgn.html").read_text(encoding="utf-8")


def test_the_relay_refuses_a_folder_it_did_not_write_and_a_delay_it_cannot_keep(event, tmp_path):
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine")
    refused = relay(event, "-o", other)
    assert (refused.exit_code, refused.output) == (2, f"Error: {other} holds other files: give an empty folder, "
                                                      "or one the relay wrote (or --force to write into it)\n")
    assert relay(event, "-o", event).output == \
        f"Error: {event} is the event folder: the relay writes its pages into another folder\n"
    delayed = relay(event, "-o", tmp_path / "out", "--delay", "10")
    assert delayed.exit_code == 2 and "a delay needs --watch" in delayed.output


def test_hostile_records_are_text_in_the_relay_too(tmp_path):
    from hostile_records import PUBLISHED, write_corpus
    from test_hostile import assert_inert

    write_corpus(tmp_path / "in")
    assert relay(tmp_path / "in", "-o", tmp_path / "out").exit_code == 0
    pages = sorted((tmp_path / "out").rglob("*.html"))
    assert len(pages) > 2 * len(PUBLISHED)
    for path in pages:
        assert_inert(path.read_text(encoding="utf-8"), path)
    for path in (tmp_path / "out" / "games").glob("*.json"):
        assert_inert(json.loads(path.read_text(encoding="utf-8"))["html"], path)


@pytest.fixture
def host(tmp_path):
    """A plain static web host serving the relay's folder."""
    out = tmp_path / "relay"
    out.mkdir()
    with served(out) as address:
        yield out, address


def test_relay_pages_follow_new_turns_without_being_written_again(browser, event, host):
    from playwright.sync_api import expect

    out, url = host
    assert relay(event, "-o", out, "--every", "1").exit_code == 0
    context = browser.new_context(viewport=PHONE)
    errors: list[str] = []
    context.on("page", lambda page: page.on("pageerror", lambda error: errors.append(str(error))))
    index, game = context.new_page(), context.new_page()
    index.goto(url + "index.html")
    game.goto(url + "games/round1-board1.tgn.html")
    play(event, "round1-board1.tgn", 0, "turn", "D4")
    assert relay(event, "-o", out, "--every", "1").exit_code == 0
    card = index.locator(".ls-card[data-name='round1-board1.tgn']")
    expect(card.locator("[aria-current=step]")).to_have_text("1. D4", timeout=30_000)
    expect(game.locator("a.ls-m[aria-current=step]")).to_have_text("D4", timeout=30_000)
    for name in ("round1-board1.tgn", "round1-board2.tgn"):
        play(event, name, len(EventFolder(event).load(name).record.moves), "result", "1-0", "resignation")  # type: ignore[union-attr]
    assert relay(event, "-o", out, "--every", "1").exit_code == 0
    expect(game.locator(".ls-badge")).to_have_text("1-0 · Yellow (Ann) wins", timeout=30_000)
    expect(index.locator(".ls-connection")).to_have_text("Every game is finished", timeout=30_000)
    expect(game.locator(".ls-connection")).to_have_text("Finished", timeout=30_000)
    # a finished game reopened to correct it: the pages, still reading event.json, follow it back to live
    play(event, "round1-board1.tgn", 1, "reopen", "")
    assert relay(event, "-o", out, "--every", "1").exit_code == 0
    expect(game.locator(".ls-badge")).to_have_text("Live", timeout=30_000)
    expect(game.locator(".ls-moves .ls-correction")).to_have_text("result 1-0 taken back")
    expect(index.locator(".ls-connection")).to_have_text("Updated", timeout=30_000)
    context.close()
    assert errors == []
