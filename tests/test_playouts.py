"""Random legal playouts written as TGN with the right result, read back and checked."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from conftest import ended, header, read_one
from ludoscribe.notation import ProblemCode, check, write_record
from ludoscribe.notation.games import History, Outcome
from ludoscribe.notation.games.teblo import BASES, NEIGHBOURS, Step, Teblo

GAME = Teblo()
MAX_PLIES = 150


def distance(a: int, b: int) -> int:
    return abs(a // 12 - b // 12) + abs(a % 12 - b % 12)


def racing_turn(position, rng: random.Random):
    """Mostly a step towards the opponent's base, else a random legal turn: games that end in wins."""
    target = BASES[1 - position.side]
    steps = [turn for turn in GAME.legal_turns(position) if isinstance(turn, Step)]
    if steps and rng.random() < 0.7:
        return min(steps, key=lambda step: (distance(step.to, target), rng.random()))
    return GAME.random_turn(position, rng)


def playout(seed: int, policy) -> tuple[list[str], Outcome | None, object]:
    """Play up to MAX_PLIES legal turns; the turn texts, how the game ended (if it did), the last position."""
    rng = random.Random(seed)
    position = GAME.start_position()
    history = History(position)
    turns: list[str] = []
    outcome = None
    while len(turns) < MAX_PLIES and outcome is None:
        turn = policy(position, rng)
        if turn is None:
            break
        assert GAME.why_illegal(position, turn) is None
        turns.append(GAME.turn_text(turn))
        position = GAME.apply(position, turn)
        history.push(turn, position)
        outcome = GAME.outcome(position, history)
    return turns, outcome, position


def as_tgn(turns: list[str], outcome: Outcome | None) -> str:
    result = outcome.result if outcome else "*"
    tags = {"Termination": outcome.termination} if outcome else {}
    movetext = " ".join(f"{i // 2 + 1}. {turn}" if i % 2 == 0 else turn for i, turn in enumerate(turns))
    return header(result, **tags) + movetext + f" {result}\n"


def random_policy(position, rng):
    return GAME.random_turn(position, rng)


def uniform_policy(position, rng):
    turns = list(GAME.legal_turns(position))
    return rng.choice(turns) if turns else None


def shuffling_turn(position, rng):
    """Mostly a step out of the base or back into it, else a random legal turn: games that repeat."""
    base, pawn = BASES[position.side], position.pawns[position.side]
    if rng.random() < 0.9:
        out = [Step(to) for to in NEIGHBOURS[base][:2] if GAME.why_illegal(position, Step(to)) is None]
        if pawn == base and out:
            return rng.choice(out)
        if pawn in NEIGHBOURS[base]:
            return Step(base)
    return GAME.random_turn(position, rng)


POLICIES = {"random": random_policy, "uniform": uniform_policy, "racing": racing_turn, "shuffling": shuffling_turn}
CASES = [(name, seed) for name in POLICIES for seed in range(8)]


@pytest.mark.parametrize("policy, seed", CASES)
def test_playout_reads_back_and_checks(policy, seed):
    turns, outcome, final = playout(seed, POLICIES[policy])
    text = as_tgn(turns, outcome)
    record = read_one(text)
    assert record.problems == []
    replayed = check(record)
    assert record.problems == []
    assert replayed.outcome == outcome
    assert replayed.final == final and replayed.final.number == final.number
    assert [GAME.turn_text(node.turn) for node in record.moves] == turns
    again = read_one(write_record(record))
    assert check(again).outcome == outcome and again.problems == []


def test_playouts_reach_every_kind_of_end():
    ends = Counter()
    for policy, seed in CASES:
        _, outcome, _ = playout(seed, POLICIES[policy])
        ends[outcome.termination if outcome and outcome.winner is None else
             "win" if outcome else "unfinished"] += 1
    # The suite above covers won, drawn (repetition) and unfinished games.
    assert ends["win"] > 0 and ends["repetition"] > 0


def test_wrong_result_on_a_finished_playout_is_reported():
    for seed in range(8):
        turns, outcome, _ = playout(seed, racing_turn)
        if outcome is not None and outcome.winner is not None:
            break
    else:
        pytest.fail("no racing playout ended in a win")
    wrong = "0-1" if outcome.result == "1-0" else "1-0"
    record = read_one(as_tgn(turns, outcome).replace(outcome.result, wrong))
    check(record)
    assert [(problem.code, problem.detail) for problem in record.problems] == [
        (ProblemCode.RESULT_CONTRADICTS, ended(outcome))]


def test_a_turn_past_the_end_of_a_playout_is_reported():
    turns, outcome, final = playout(0, racing_turn)
    assert outcome is not None
    extra = GAME.turn_text(Step(NEIGHBOURS[final.pawns[final.side]][0]))
    text = as_tgn(turns + [extra], outcome)
    record = read_one(text)
    check(record)
    assert [(problem.code, problem.detail, problem.turn) for problem in record.problems] == [
        (ProblemCode.GAME_OVER, ended(outcome), GAME.label(final.number, final.side))]


def tripled(sides_and_turns: list[tuple[int, str]]) -> bool:
    """The rule as written: the last 3k turns are k turns (same sides, same turns) three times, for some k."""
    n = len(sides_and_turns)
    return any(sides_and_turns[n - 3 * k:n - 2 * k] == sides_and_turns[n - 2 * k:n - k] == sides_and_turns[n - k:]
               for k in range(1, n // 3 + 1))


@pytest.mark.parametrize("seed", range(40))
def test_the_repetition_draw_matches_its_definition_turn_by_turn(seed):
    rng = random.Random(seed)
    position = GAME.start_position()
    history, played = History(position), []
    for _ in range(MAX_PLIES):
        turn = shuffling_turn(position, rng)
        played.append((position.side, GAME.turn_text(turn)))
        position = GAME.apply(position, turn)
        history.push(turn, position)
        outcome = GAME.outcome(position, history)
        assert (outcome is not None and outcome.termination == "repetition") == tripled(played)
        if outcome is not None:
            break

