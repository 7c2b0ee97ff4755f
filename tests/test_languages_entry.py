"""Entering a turn by tapping, in French (docs/languages.md#live-pages, docs/live.md#entering-a-turn):
the buttons beside the board are games' words (T'Chako's Off the board), said in the page's
language on the scoresheet and in the studio, and a refused draft is a code with parameters, said
in English as it was and in French from the catalogue."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ludoscribe.notation.events.folder import read_game
from ludoscribe.notation.games import game_class
from ludoscribe.notation.games.entry import EntryProblem
from ludoscribe.notation.games.plugins import plugins
from ludoscribe.notation.languages import GAME_WORD, words
from ludoscribe.notation.recording.entry import entry_for, offers
from ludoscribe.render.live import sheet
from ludoscribe.render.studio.app import create_app

FRENCH = words("fr")
NBSP = "\u00a0"
TCHAKO = '[Game "TChako"]\n[White "Ann"]\n[Black "Bob"]\n[Result "*"]\n\n*\n'


def test_every_button_of_every_games_entry_has_its_french():
    """A button beside the board (a place that is not a cell) is a game's word with its French."""
    buttons = {label for plugin in plugins() for label in plugin.entry.buttons.values()}
    assert "Off the board" in buttons
    assert {label: FRENCH.pgettext(GAME_WORD, label) for label in buttons if FRENCH.pgettext(GAME_WORD, label) == label} == {}


def test_the_scoresheet_names_the_button_in_its_language():
    game = read_game("tchako.tgn", TCHAKO.encode())
    assert sheet.sheet_state(game, None)["buttons"] == {"O": "Off the board"}
    assert sheet.sheet_state(game, None, FRENCH)["buttons"] == {"O": "Hors du plateau"}
    rules = game_class("TChako")()
    found = offers(rules, rules.start_position(), "", ["A", "O"])
    shown = sheet.offers_state(game, found, frozenset({"A", "O"}), entry_for(rules).buttons_in(FRENCH), words=FRENCH)
    assert shown["buttons"] == {"O": "Hors du plateau"} and [offer["turn"] for offer in shown["offers"]] == ["A>O"]


def test_a_refused_draft_is_a_code_said_in_english_as_it_was_and_in_french():
    teblo = game_class("Teblo")()
    found = offers(teblo, teblo.start_position(), "D5", ["D3"])
    assert found.refused == ("turn 1 Yellow: D5 is not next to Yellow's pawn on D3: a pawn steps to an orthogonally "
                             "adjacent square")
    assert found.refused.said.code is EntryProblem.TURN_REFUSED
    assert found.refused_in(FRENCH).startswith(f"tour 1 Jaune{NBSP}: D5 ")
    assert found.refused_in(words("en")) == found.refused
    tektop = game_class("Tektop")()
    dice = offers(tektop, tektop.start_position(), "12", ["a1"])
    assert dice.refused == "give the dice first: four digits 1-6 a throw, up to three throws (2514/2554)"
    assert dice.refused_in(FRENCH) == (f"donnez d’abord les dés{NBSP}: quatre chiffres de 1 à 6 par lancer, jusqu’à "
                                       "trois lancers (2514/2554)")


@pytest.fixture
def studio(tmp_path):
    (tmp_path / "tchako.tgn").write_text(TCHAKO, encoding="utf-8")
    return TestClient(create_app(tmp_path, token="t"), base_url="http://127.0.0.1")


def test_the_studio_names_the_button_and_a_refused_draft_in_its_language(studio):
    asked = {"file": "tchako.tgn", "record": "0", "at": ""}
    assert studio.get("/api/record", params=asked, headers={"accept-language": "fr"}).json()["buttons"] == \
        {"O": "Hors du plateau"}
    assert studio.get("/api/record", params=asked).json()["buttons"] == {"O": "Off the board"}
    refused = studio.post("/api/offers", json={**asked, "draft": "A>Z", "cells": []},
                          headers={"accept-language": "fr"}).json()["refused"]
    assert refused.startswith("'A>Z' n’est pas un tour de TChako (des actions séparées par des virgules")
