"""Entering turns by tapping cells (notation/recording/entry.py, docs/live.md#entering-a-turn): what is
offered for the cells tapped, and that every legal turn of every game can be reached so."""

from __future__ import annotations

import random
import re

import pytest

from ludoscribe.notation.games.entry import extends, minimal_extensions
from ludoscribe.notation.recording.entry import offers
from ludoscribe.notation.games import game_class

GAMES = ("Teblo", "Staku", "Tektop", "Tekao", "TChako")


def turns(game, position, draft, *cells):
    return [offer.turn for offer in offers(game, position, draft, cells).offers]


def test_teblo_tapping_the_pawn_offers_its_four_steps_and_a_square_its_placement():
    game = game_class("Teblo")()
    start = game.start_position()
    assert turns(game, start, "", "D3") == ["C3", "D2", "D4", "E3"]  # the squares next to D3, by name
    assert turns(game, start, "", "D4") == ["(D4)", "D4"]
    assert turns(game, start, "", "D3", "D4") == ["D4"]
    assert turns(game, start, "", "A12") == ["(A12)"]
    assert turns(game, start, "", "D3", "A12") == []


def test_a_draft_grows_by_one_part_at_a_time():
    staku = game_class("Staku")()
    start = staku.start_position()
    assert turns(staku, start, "b6-c6", "c8") == ["b6-c6+c8"]
    assert "b6-c6+c8" not in turns(staku, start, "", "c8")  # only the first move comes first
    tektop = game_class("Tektop")()
    found = offers(tektop, tektop.start_position(), "", ["a1"])
    assert (found.offers, found.needs, found.refused) == ((), "dice", None)
    assert turns(tektop, tektop.start_position(), "1122", "a1") == ["1122:a1-a2", "1122:a1-b2"]
    assert turns(tektop, tektop.start_position(), "1122:a1-b2", "c1") == ["1122:a1-b2,c1-c2", "1122:a1-b2,c1-d2"]


def test_tchako_actions_are_offered_from_the_zones_tapped_with_their_outcomes():
    game = game_class("TChako")()
    start = game.start_position()
    assert turns(game, start, "") == ["pass"]
    assert turns(game, start, "", "A", "O") == ["A>O"]
    after = game.apply(start, game.read_turn("A>D,A>E"))
    black = game.apply(after, game.read_turn("J>I"))
    assert "E>IxI" in turns(game, black, "E>I", "I")
    assert turns(game, start, "", "A", "D")[:3] == ["A>D", "~l>AD", "~s>AD"]


def test_a_refused_draft_says_why_in_the_words_of_check():
    game = game_class("Teblo")()
    found = offers(game, game.start_position(), "D5", ["D3"])
    # The words the live page shows under a refused draft (how it reads, not what happened: see test_refusal_codes.py).
    assert found.refused == ("turn 1 Yellow: D5 is not next to Yellow's pawn on D3: a pawn steps to an orthogonally "
                             "adjacent square")
    assert offers(game, game.start_position(), "Z9", []).refused == \
        "'Z9' is not a Teblo turn (a step like D4 or a placement like (H9))"


def test_extensions_start_at_a_sign_and_skip_what_lies_between():
    assert extends("c3-d3+f4", "c3-d3") and not extends("D10", "D1") and extends("D10", "")
    texts = ("D1", "D10", "D1,x", "D1,x,y", "D2", "D2,y")
    assert list(minimal_extensions(texts, "")) == ["D1", "D10", "D2"]
    assert list(minimal_extensions(texts, "D1")) == ["D1,x"]


def reach(game, position, target: str, chance: str = "") -> int:
    """How many taps of an offered turn lead from nothing (or the dice) to `target`, tapping
    one cell, else two, each time: the turn offered that goes furthest towards it is taken
    (AssertionError when none does). The cells the target names are tried first, as a scorer
    taps them; every cell of the board when none of those is enough."""
    draft, steps = chance, 0
    cells = list(game.cells(position)) + ["O"]
    named = [cell for cell in cells if cell in target]  # D1 too for D10: one cell more to try
    while draft != target:
        for pool in (named, cells):
            found = _leading(game, position, draft, target, [[cell] for cell in pool]) or \
                _leading(game, position, draft, target, [[a, b] for a in pool for b in pool if a < b])
            if found:
                break
        assert found, (target, draft)
        draft = max(found, key=len)
        steps += 1
        assert steps < 12, (target, draft)
    return steps


def _leading(game, position, draft, target, taps) -> list[str]:
    """The turns offered for any of `taps` that the target starts with (past the draft)."""
    return [offer.turn for tapped in taps for offer in offers(game, position, draft, tapped, limit=10_000).offers
            if target.startswith(offer.turn) and len(offer.turn) > len(draft)]


# T'Chako's turns of many actions take long to tap through: its games are in the slow lane.
@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name == "TChako" else name
                                  for name in GAMES])
def test_every_turn_played_in_random_games_can_be_entered_by_tapping(name):
    game = game_class(name)()
    rng = random.Random(23)
    position, tapped = game.start_position(), 0
    for _ in range(14):
        turn = game.random_turn(position, rng)
        if turn is None:
            break
        played = game.play(position, turn)
        assert played.reason is None
        turn, after = played.turn, played.after
        text = re.sub(r"@[0-9]+:[0-9]+", "", game.turn_text(turn))  # a spot on the board is typed, not tapped
        assert game.why_illegal(position, game.read_turn(text)) is None
        chance = text.partition(":")[0] if name == "Tektop" else ""
        if text != "pass" and text != chance:
            tapped += reach(game, position, text.rstrip("#"), chance) > 0
        position = after
    assert tapped >= 8
