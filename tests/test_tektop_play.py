"""Tektop turns as text (hypothesis round trips), the generator of legal turns checked
against the referee, and random playouts with random dice written, read back, checked
and round-tripped."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples, read_one
from ludoscribe.notation import check, write_record
from ludoscribe.notation.games import Outcome
from ludoscribe.notation.games.tektop import (CELLS, LEVEL, NAMES, SCORE, Step, Tektop, TektopPosition, Turn,
                                              squares_of, throws)

GAME = Tektop()
ORTHOGONAL = Tektop("orthogonal")
SQUARE = st.sampled_from(NAMES)
GROUP = st.text("123456", min_size=4, max_size=4)


# --- turns as text ----------------------------------------------------------------------------


@st.composite
def turn_texts(draw) -> str:
    dice = "/".join(draw(st.lists(GROUP, min_size=1, max_size=3)))
    steps = []
    for _ in range(draw(st.integers(0, 4))):
        step = f"{draw(SQUARE)}-{draw(SQUARE)}"
        if draw(st.booleans()):
            step += f">{draw(SQUARE)}"
        steps.append(step)
    return f"{dice}:{','.join(steps)}" if steps else dice


@settings(max_examples=examples(200), deadline=None)
@given(turn_texts())
def test_turn_text_round_trip(text):
    turn = GAME.read_turn(text)
    assert GAME.turn_text(turn) == text
    assert GAME.read_turn(GAME.turn_text(turn)) == turn
    assert len(turn.dice) == text.split(":")[0].count("/") + 1


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 99999), st.sampled_from([".", "..."]))
def test_turn_numbers_are_never_turns(number, dots):
    with pytest.raises(ValueError):
        GAME.read_turn(f"{number}{dots}")


@pytest.mark.parametrize("text", ["1-0", "0-1", "1/2-1/2", "*", "1111.", "1111...", "1111/2222.", "$12", "!?"])
def test_results_numbers_and_nags_are_not_turns(text):
    with pytest.raises(ValueError):
        GAME.read_turn(text)


def test_a_turn_followed_by_a_glyph_a_comment_or_a_closing_parenthesis():
    record = read_one('[Game "Tektop"]\n[Result "*"]\n\n1. 1111:a1-a2!? {climb} 1356 (1... 2234:e2-d2) '
                      "2. 6666:b1-b2$14 *\n")
    assert record.problems == []
    assert record.moves[0].nags == [5] and record.moves[2].nags == [14]
    assert GAME.turn_text(record.moves[1].variations[0][0].turn) == "2234:e2-d2"


# --- the generator against the referee ---------------------------------------------------------


def positions(count: int, seed: int, game: Tektop = GAME) -> list[TektopPosition]:
    """Positions met in random games (not over)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = game.start_position()
        for _ in range(rng.randrange(5, 80)):
            turn = game.random_turn(position, rng)
            following = game.apply(position, turn)
            if following.stage == "over":
                break
            position = following
        found.append(position)
    return found


def single_steps(position: TektopPosition, dice: tuple[str, ...], game: Tektop) -> set[Turn]:
    """Every one-step turn the referee accepts, found by trying every origin, target and fall."""
    legal = set()
    for origin in range(CELLS):
        for to in range(CELLS):
            for fall in (None, *range(CELLS)):
                turn = Turn(dice, (Step(origin, to, fall),))
                if game.why_illegal(position, turn) is None:
                    legal.add(game.play(position, turn).turn)
    return legal


@pytest.mark.slow  # long by nature: every origin, target and fall tried in each position
@pytest.mark.parametrize("game", [GAME, ORTHOGONAL], ids=["eight", "orthogonal"])
def test_one_point_turns_are_exactly_those_the_referee_accepts(game):
    for position in positions(6, 11, game):
        generated = list(game.legal_turns(position, ["1356", "2256"]))
        assert len(generated) == len(set(generated))
        assert set(generated) == single_steps(position, ("1356", "2256"), game) | {Turn(("1356", "2256"))}


@pytest.mark.slow  # long by nature: every origin, target and fall tried in each position
@pytest.mark.parametrize("game", [GAME, ORTHOGONAL], ids=["eight", "orthogonal"])
def test_zero_point_turns_are_exactly_those_the_referee_accepts(game):
    found = []
    for position in positions(8, 12, game):
        generated = set(game.legal_turns(position, [(1, 3, 5, 6)]))
        descents = single_steps(position, ("1356",), game)
        assert generated == (descents or {Turn(("1356",))})
        found.append(descents)
    assert min(map(len, found)) == 0 and sum(map(len, found)) > 30  # positions with no descent, and with some
    assert [turn for descents in found for turn in descents
            if LEVEL[turn.steps[0].to] != LEVEL[turn.steps[0].origin] - 1] == []


def test_every_generated_turn_is_legal_and_written_in_full():
    generated = 0
    for position in positions(4, 13):
        for turn in GAME.legal_turns(position, ("4356", "1234")):
            generated += 1
            assert len(turn.steps) <= 3
            assert GAME.why_illegal(position, turn) is None
            assert GAME.play(position, turn).turn == turn
            assert all(step.fall is not None or not (position.pawns[0] | position.pawns[1]) >> step.to & 1
                       for step in turn.steps[:1])
    assert generated > 1000


def test_legal_turns_from_the_start():
    start = GAME.start_position()
    # One point: each White pawn climbs (a1, b1, c1, d1 each reach 2 or 3 squares) or
    # d1 steps sideways to e1; or the point is left unused.
    one = {GAME.turn_text(turn) for turn in GAME.legal_turns(start, ["2256"])}
    assert one == {"2256", "2256:a1-a2", "2256:a1-b2", "2256:b1-a2", "2256:b1-b2", "2256:b1-c2", "2256:c1-b2",
                   "2256:c1-c2", "2256:c1-d2", "2256:d1-c2", "2256:d1-d2", "2256:d1-e1"}
    assert [GAME.turn_text(turn) for turn in GAME.legal_turns(start, ["1356"])] == ["1356"]


def test_legal_turns_need_the_dice():
    with pytest.raises(ValueError, match="Tektop turns depend on the dice"):
        list(GAME.legal_turns(GAME.start_position()))
    for bad in (["12345"], ["1237"], [], ["1111"] * 4):
        with pytest.raises(ValueError, match="is not 1 to 3 throws of four dice"):
            list(GAME.legal_turns(GAME.start_position(), bad))


def test_random_turns_throw_again_and_stay_legal():
    rng = random.Random(5)
    groups = Counter()
    for position in positions(30, 14):
        turn = GAME.random_turn(position, rng)
        groups[len(turn.dice)] += 1
        assert GAME.why_illegal(position, turn) is None
        assert len(turn.steps) <= turn.points or (turn.points == 0 and len(turn.steps) <= 1)
    assert set(groups) == {1, 2, 3}
    assert all(len(dice) in (1, 2, 3) and all(group in SCORE for group in dice)
               for dice in (throws(random.Random(seed)) for seed in range(50)))


# --- playouts -------------------------------------------------------------------------------------


def height(position: TektopPosition, side: int) -> int:
    return sum(LEVEL[square] for square in squares_of(position.pawns[side])) + 5 * position.home[side]


def climbing_turn(game: Tektop, position: TektopPosition, rng: random.Random) -> Turn | None:
    """Half the time the turn that climbs most with freshly thrown dice, else a random turn:
    games that end."""
    if rng.random() < 0.5:
        return game.random_turn(position, rng)
    side = position.side
    return max(game.legal_turns(position, throws(rng)),
               key=lambda turn: (height(game.apply(position, turn), side), rng.random()))


def random_turn(game: Tektop, position: TektopPosition, rng: random.Random) -> Turn | None:
    return game.random_turn(position, rng)


def playout(game: Tektop, start: TektopPosition, seed: int, policy, plies: int):
    rng = random.Random(seed)
    position, turns, outcome = start, [], None
    while len(turns) < plies and outcome is None:
        turn = policy(game, position, rng)
        assert game.why_illegal(position, turn) is None
        turns.append(game.turn_text(game.play(position, turn).turn))
        position = game.apply(position, turn)
        outcome = game.outcome(position)
    return turns, outcome, position


def as_tgn(game: Tektop, turns: list[str], outcome: Outcome | None, start: TektopPosition) -> str:
    result = outcome.result if outcome else "*"
    tags = ['[Game "Tektop"]', f'[Result "{result}"]']
    if game.variant:
        tags.append('[Variant "orthogonal"]')
    if start != game.start_position():
        tags += ['[SetUp "1"]', f'[Position "{game.position_code(start)}"]']
    number, side = start.number, start.side
    words = [] if side == 0 else [f"{number}..."]
    for turn in turns:
        if side == 0:
            words.append(f"{number}.")
        words.append(turn)
        number, side = (number, 1) if side == 0 else (number + 1, 0)
    return "\n".join(tags) + "\n\n" + " ".join(words) + f" {result}\n"


MIDGAME = GAME.read_position("5/5/1w1b1/ww1b1/w2bb 0 0 B play 9")
CASES = ([("eight", "start", "random", seed) for seed in range(6)]
         + [("orthogonal", "start", "random", seed) for seed in range(3)]
         + [(variant, "midgame", policy, seed) for variant in ("eight", "orthogonal")
            for policy in ("random", "climbing") for seed in range(3)])


@pytest.mark.parametrize("variant, start, policy, seed", CASES)
def test_playout_reads_back_checks_and_round_trips(variant, start, policy, seed):
    game = GAME if variant == "eight" else ORTHOGONAL
    first = game.start_position() if start == "start" else MIDGAME
    plies = 120 if policy == "random" else 400
    turns, outcome, final = playout(game, first, seed, {"random": random_turn, "climbing": climbing_turn}[policy],
                                    plies)
    text = as_tgn(game, turns, outcome, first)
    record = read_one(text)
    assert record.problems == []
    replayed = check(record)
    assert record.problems == []
    assert replayed.outcome == outcome
    assert replayed.final == final and replayed.final.number == final.number
    assert [game.turn_text(node.turn) for node in record.moves] == turns
    written = write_record(record)
    again = read_one(written)
    assert check(again).outcome == outcome and again.problems == []
    assert write_record(again) == written


def test_climbing_playouts_end_with_either_side_winning():
    winners = Counter()
    for variant, _, policy, seed in CASES:
        if policy == "climbing":
            game = GAME if variant == "eight" else ORTHOGONAL
            _, outcome, final = playout(game, MIDGAME, seed, climbing_turn, 400)
            assert outcome is not None and final.stage == "over"
            winners[outcome.winner] += 1
    assert set(winners) == {0, 1}
