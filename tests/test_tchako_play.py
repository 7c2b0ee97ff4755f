"""T'Chako turns as text (hypothesis round trips, no clash with the common grammar) and
random playouts with plausible outcomes written, read back, checked and round-tripped."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import checked, examples, read_one
from ludoscribe.notation import write_record
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.tchako.board import OBSTACLES

GAME = TChako()
ZONE = st.sampled_from("ABCDEFGHIJKL")


@st.composite
def places(draw) -> str:
    if draw(st.integers(0, 9)) == 0:
        return "O"
    zone = draw(ZONE)
    return zone + (f"@{draw(st.integers(0, 100))}:{draw(st.integers(0, 100))}" if draw(st.booleans()) else "")


@st.composite
def actions(draw) -> str:
    kind = draw(st.integers(0, 2))
    if kind == 1:
        return f"+{draw(st.sampled_from(['', 'q']))}{draw(ZONE)}"
    if kind == 2:
        origin = draw(st.sampled_from(("",) + OBSTACLES))
        middle = f"({draw(st.sampled_from(OBSTACLES))})" if draw(st.booleans()) else ""
        return f"~{draw(st.sampled_from('stl'))}{origin}>{draw(st.sampled_from(OBSTACLES))}{middle}"
    text = f"{draw(st.sampled_from(['', '^']))}{draw(st.sampled_from(['', 'q', 'c']))}{draw(ZONE)}>{draw(places())}"
    if draw(st.booleans()):
        text += f"x{draw(st.sampled_from(['', 'q', 'c']))}{draw(ZONE)}"
        if draw(st.booleans()):
            text += f">{draw(places())}"
    for _ in range(draw(st.integers(0, 2))):
        text += f"/{draw(st.sampled_from('wb'))}{draw(st.sampled_from(['', 'q', 'c']))}{draw(ZONE)}>{draw(places())}"
    return text


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(actions(), min_size=1, max_size=5))
def test_turn_text_round_trip(parts):
    text = ",".join(parts)
    turn = GAME.read_turn(text)
    assert GAME.turn_text(turn) == text and len(turn) == len(parts)


@pytest.mark.parametrize("text", ["A>E@101:5", "A>E@5:1000", "1-0", "0-1", "1/2-1/2", "*", "12.", "12...", "$3", "!?",
                                  "{c}", "-", "F>G,", "F-G"])
def test_the_common_grammar_keeps_its_tokens(text):
    with pytest.raises(ValueError):
        GAME.read_turn(text)


def test_glyphs_comments_and_variations_around_turns():
    record = read_one('[Game "TChako"]\n[Result "*"]\n\n1. A>D,A>E!? {both} J>I (1... pass) 2. pass$14 *\n')
    assert record.problems == []
    assert record.moves[0].nags == [5] and record.moves[2].nags == [14]
    assert record.moves[1].variations[0][0].turn == ()


VICTORY = ["", "anarchy", "king of the hill", "king of the hill line", "king of the hill diamond", "demographic 3",
           "demographic total 9", "sudden death 2", "sudden death turns 4", "countdown 6"]
PLAY = ["", "strategic shots", "supply depot", "carrisk", "sumo", "strategic shots, sumo",
        "carrisk, supply depot, strategic shots, sumo"]


@pytest.mark.parametrize("variant", [", ".join(filter(None, (v, p))) for v in VICTORY for p in PLAY])
def test_random_playouts_round_trip(variant):
    game = TChako(variant)
    rng = random.Random(7)
    for _ in range(2):
        position, moves = game.start_position(), []
        for _ in range(60):
            turn = game.random_turn(position, rng)
            if turn is None:
                break
            moves.append(game.turn_text(turn))
            position = game.apply(position, turn)
        outcome = game.outcome(position)
        result = outcome.result if outcome else "*"
        tags = f'[Variant "{variant}"]\n' if variant else ""
        text = f'[Game "TChako"]\n{tags}[Result "{result}"]\n\n' + " ".join(
            f"{k // 2 + 1}. {m}" if k % 2 == 0 else m for k, m in enumerate(moves)) + f" {result}\n"
        record, replayed = checked(text)
        assert record.problems == []
        assert replayed.final == position
        written = write_record(record)
        again, _ = checked(written)
        assert write_record(again) == written
        assert game.read_position(game.position_code(position)) == position
