"""Tekao in TGN: the turn syntax (with hypothesis), and random legal games written,
read back, checked and round-tripped, with and without their capture marks."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ended, examples
from ludoscribe.notation import ProblemCode, check, write_record
from ludoscribe.notation.games import Ending, Outcome
from ludoscribe.notation.games.tekao import Placement, Rotation, Step, Tekao
from test_tekao_rules import header, read_one

GAME = Tekao()
MAX_PLIES = 400

SQUARE = st.sampled_from([f"{file}{rank}" for file in "abcdefgh" for rank in range(1, 9)])
TURN_TEXT = st.one_of(
    st.builds("{}@{}".format, st.sampled_from("HTBPF"), SQUARE),
    st.builds("{}{}".format, SQUARE, st.sampled_from("<>")),
    st.builds(lambda a, b, taken: f"{a}-{b}" + "".join("x" + s for s in taken),
              SQUARE, SQUARE, st.lists(SQUARE, max_size=5)),
)


@settings(max_examples=examples(300), deadline=None)
@given(TURN_TEXT)
def test_every_turn_spelling_reads_and_writes_back(text):
    turn = GAME.read_turn(text)
    assert GAME.turn_text(turn) == text
    assert GAME.read_turn(GAME.turn_text(turn)) == turn


@settings(max_examples=examples(200), deadline=None)
@given(TURN_TEXT, st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]))
def test_a_glued_glyph_is_a_nag_not_part_of_the_turn(text, glyph):
    record = read_one(header() + f"1. {text}{glyph} *\n")
    assert record.problems == []
    assert GAME.turn_text(record.moves[0].turn) == text and len(record.moves[0].nags) == 1


def capturing_turn(position, rng: random.Random):
    """The turn that takes most (the enemy flag first), else a random one: games that end in fights."""
    turns = list(GAME.legal_turns(position))
    if not turns:
        return None
    steps = [turn for turn in turns if isinstance(turn, Step) and turn.taken and turn.taken[-1] != turn.to]
    if steps and rng.random() < 0.8:
        return max(steps, key=lambda step: (len(step.taken), rng.random()))
    return rng.choice(turns)


def random_turn(position, rng: random.Random):
    return GAME.random_turn(position, rng)


def playout(seed: int, policy) -> tuple[list, Outcome | None, object]:
    """Up to MAX_PLIES legal turns; the turns, how the game ended (if it did), the last position."""
    rng = random.Random(seed)
    position = GAME.start_position()
    turns, outcome = [], None
    while len(turns) < MAX_PLIES and outcome is None:
        turn = policy(position, rng)
        if turn is None:
            break
        assert GAME.why_illegal(position, turn) is None
        turns.append(turn)
        position = GAME.apply(position, turn)
        outcome = GAME.outcome(position)
    return turns, outcome, position


def as_tgn(texts: list[str], outcome: Outcome | None) -> str:
    result = outcome.result if outcome else "*"
    movetext = " ".join(f"{i // 2 + 1}. {text}" if i % 2 == 0 else text for i, text in enumerate(texts))
    return header(result) + movetext + f" {result}\n"


POLICIES = {"random": random_turn, "capturing": capturing_turn}
CASES = [(name, seed) for name in POLICIES for seed in range(6)]


@pytest.mark.parametrize("policy, seed", CASES)
def test_playout_reads_back_checks_and_round_trips(policy, seed):
    turns, outcome, final = playout(seed, POLICIES[policy])
    texts = [GAME.turn_text(turn) for turn in turns]
    record = read_one(as_tgn(texts, outcome))
    replayed = check(record)
    assert record.problems == []
    assert replayed.outcome == outcome
    assert replayed.final == final and replayed.final.number == final.number
    assert GAME.position_code(replayed.final) == GAME.position_code(final)
    assert GAME.read_position(GAME.position_code(final)) == final
    written = write_record(record)
    again = read_one(written)
    assert check(again).outcome == outcome and again.problems == []
    assert write_record(again) == written
    assert [node.turn for node in again.moves] == turns


@pytest.mark.parametrize("seed", range(4))
def test_capture_marks_may_be_left_out_and_are_written_back(seed):
    turns, outcome, _ = playout(seed, capturing_turn)
    texts = [GAME.turn_text(turn) for turn in turns]
    assert any("x" in text for text in texts)
    bare = read_one(as_tgn([re.sub(r"x.*", "", text) for text in texts], outcome))
    assert check(bare).outcome == outcome and bare.problems == []
    assert write_record(bare) == write_record(read_one(as_tgn(texts, outcome)))


def test_playouts_reach_each_kind_of_end():
    reasons = set()
    for policy, seed in CASES + [("random", seed) for seed in range(6, 40)]:
        _, outcome, _ = playout(seed, POLICIES[policy])
        reasons.add((outcome.ending, outcome.params.get("opponent")) if outcome else None)
    assert {(Ending.FLAG_TAKEN, "Blue"), (Ending.FLAG_TAKEN, "Yellow"), (Ending.NO_LEGAL_ACTION, None)} <= reasons


def test_setup_of_a_playout_is_nine_placements_each_with_one_flag():
    turns, _, _ = playout(3, random_turn)
    setup = turns[:18]
    assert len(turns) > 18
    assert [isinstance(turn, Placement) for turn in turns] == [True] * 18 + [False] * (len(turns) - 18)
    for side in (0, 1):
        assert [turn.letter for turn in setup[side::2]].count("F") == 1


def test_a_turn_past_the_end_of_a_playout_is_reported():
    for seed in range(20):
        turns, outcome, final = playout(seed, capturing_turn)
        if outcome is not None and outcome.ending is Ending.FLAG_TAKEN:
            break
    else:
        pytest.fail("no capturing playout took a flag")
    piece = next(square for square, code in enumerate(final.cells) if code)
    texts = [GAME.turn_text(turn) for turn in [*turns, Rotation(piece, True)]]
    record = read_one(as_tgn(texts, outcome))
    check(record)
    assert [(problem.code, problem.detail, problem.turn) for problem in record.problems] == [
        (ProblemCode.GAME_OVER, ended(outcome), GAME.label(final.number, final.side))]
