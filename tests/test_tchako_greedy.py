"""T'Chako's greedy player (docs/games/tchako.md#generated-games): it builds its turn action
by action, each the best by greedy's measure of the shots at the opponent's queen while the
opponent is in t'chako and of a few actions drawn as the random player draws them."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

import pytest

from ludoscribe.notation.games import History
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.tchako.play import Turning
from ludoscribe.notation.games.tchako.random_turns import TRIES, best_tried, built_play, queen_hits
from ludoscribe.notation.generate import Generation
from ludoscribe.notation.generate.players import GreedyPlayer

# White's chain A-D-F-J-K puts Black in t'chako; Black's queen stands in I, next to F and J
TCHAKO = "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play"


def material(rules: TChako, position: Any, side: int) -> int:
    """A side's pieces on the board, read from the cells: w3 is three White pucks, Q and q the queens."""
    total = 0
    for cell in rules.cells(position).values():
        counted = re.search(rf"{'wb'[side]}(\d+)", re.match(r"(?:w\d+)?(?:b\d+)?", cell).group(0))
        total += (int(counted.group(1)) if counted else 0) + ("Qq"[side] in cell.split("+")[0])
    return total


def greedy_measure(rules: TChako, before: Any):
    """Greedy's measure of a position after a turn from `before`, counted here from the cells."""
    def value(after: Any) -> tuple[bool, int]:
        outcome = rules.outcome(after)
        other = 1 - before.side
        return (outcome is not None and outcome.winner == before.side,
                material(rules, before, other) - material(rules, after, other))
    return value


@pytest.mark.parametrize(("variant", "code", "shots"), [
    ("", TCHAKO, ["F>IxqI", "J>IxqI"]),
    ("strategic shots", TCHAKO, ["^F>IxqI", "^J>IxqI"]),  # only a charged hit wins there
    ("", TCHAKO.replace("Fw1/", "Fw1Q/").replace("BQ/", ""), ["F>IxqI", "J>IxqI", "qF>IxqI"]),  # the queen shoots too
    ("", TCHAKO.replace("Fw1/", "Fw1+w/"), ["J>IxqI", "cF>IxqI"]),  # F's one puck stands on its creation space
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 1 0/0 play", []),  # the start: nobody in t'chako
    ("", TCHAKO.replace("/Iq", ""), []),  # Black's queen is off the board: nothing to hit
])
def test_the_queen_hits_are_the_shots_that_win_in_tchako(variant, code, shots):
    rules = TChako(variant)
    position = rules.read_position(code)
    hits = queen_hits(rules.modes, Turning(rules.modes, position))
    assert sorted(rules.turn_text((shot,)) for shot in hits) == sorted(shots)
    for shot in hits:
        after = rules.apply(position, (shot,))
        assert rules.outcome(after).winner == position.side


def test_no_queen_hit_is_listed_in_anarchy():
    rules = TChako("anarchy")
    position = rules.read_position(TCHAKO.replace("BQ/", "").replace("/Iq", "/Ib1"))
    assert queen_hits(rules.modes, Turning(rules.modes, position)) == []


@pytest.mark.parametrize("seed", range(8))
def test_greedy_hits_the_queen_when_that_wins(seed):
    rules = TChako()
    position = rules.read_position(TCHAKO)
    turn, after = GreedyPlayer().choose(rules, History(position), random.Random(seed))
    assert rules.outcome(after).winner == 0
    assert rules.turn_text(turn).split(",")[-1] in ("F>IxqI", "J>IxqI")


def test_the_best_tried_action_is_the_legal_one_that_measures_most_the_first_of_equals():
    rules = TChako()
    position = rules.read_position(TCHAKO)
    turning = Turning(rules.modes, position)
    read = {text: rules.read_turn(text)[0] for text in ("E>F", "F>G", "D>DxL", "A>DxL", "D>O")}
    value = greedy_measure(rules, position)
    actions = [read["E>F"], None, read["F>G"], read["D>DxL"], read["A>DxL"], read["D>O"]]
    action, tried = best_tried(turning, actions, value)
    assert rules.turn_text((action,)) == "D>DxL"  # takes one of Black's pucks in L, as A>DxL does after it
    assert tried.done == [action] and turning.done == []  # the turn so far is left as it was
    assert rules.turn_text((best_tried(turning, [read["F>G"], read["D>O"]], value)[0],)) == "F>G"
    assert best_tried(turning, [read["E>F"], None], value) is None  # White has no puck in E


def counted_build(rules: TChako, position: Any, rng: random.Random) -> tuple[Any, int]:
    """Greedy's built turn, and how many positions it measured to build it."""
    measure = greedy_measure(rules, position)
    measured = 0

    def counted(after: Any) -> tuple[bool, int]:
        nonlocal measured
        measured += 1
        return measure(after)

    return built_play(rules.modes, position, rng, counted), measured


@pytest.mark.parametrize("variant", ["", "sumo", "strategic shots", "king of the hill", "demographic 3"])
def test_a_built_turn_measures_each_action_a_bounded_number_of_times_and_is_legal(variant):
    rules = TChako(variant)
    rng = random.Random(variant)
    for number in range(1, 4):
        record = Generation("TChako", variant=variant, seed=number, max_turns=30).record(1)
        position = record.start
        for node in record.moves:
            built, measured = counted_build(rules, position, rng)
            if built is None:
                break
            turn, after = built
            # five actions at most, each of TRIES drawn and at most one hit on the queen by each kind of
            # piece (a puck, the created one, the queen) from each of the zones near her (hers and six at most)
            assert 0 < measured <= 5 * (TRIES + 3 * 7) or turn == ()
            assert rules.position_code(rules.apply(position, turn)) == rules.position_code(after)
            position = rules.apply(position, node.turn)


@pytest.mark.slow
def test_greedy_beats_random_at_tchako():
    """Over 40 games each way, greedy wins far more often than it loses against the random player."""
    first = Counter(Generation("TChako", players_named="greedy,random", seed=1).record(n).result for n in range(1, 41))
    second = Counter(Generation("TChako", players_named="random,greedy", seed=1).record(n).result for n in range(1, 41))
    greedy_won, random_won = first["1-0"] + second["0-1"], first["0-1"] + second["1-0"]
    assert greedy_won > 3 * max(random_won, 3), (first, second)
