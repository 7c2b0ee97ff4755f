"""Pairs of games counted as pairs (pentanomial) and the SPRT on the first side's edge
(docs/balance.md#fewer-games-pairs-and-a-sequential-test)."""

from __future__ import annotations

import random

import pytest

from ludoscribe.notation.archive.sprt import Sprt, Verdict, pentanomial, read_sprt, score_of_elo


@pytest.mark.parametrize(("pair", "counts"), [
    (("0-1", "0-1"), (1, 0, 0, 0, 0)),
    (("0-1", "1/2-1/2"), (0, 1, 0, 0, 0)),
    (("1/2-1/2", "0-1"), (0, 1, 0, 0, 0)),
    (("1-0", "0-1"), (0, 0, 1, 0, 0)),
    (("0-1", "1-0"), (0, 0, 1, 0, 0)),
    (("1/2-1/2", "1/2-1/2"), (0, 0, 1, 0, 0)),
    (("1-0", "1/2-1/2"), (0, 0, 0, 1, 0)),
    (("1/2-1/2", "1-0"), (0, 0, 0, 1, 0)),
    (("1-0", "1-0"), (0, 0, 0, 0, 1)),
    (("1-0", "*"), (0, 0, 0, 0, 0)),
    (("*", "*"), (0, 0, 0, 0, 0)),
])
def test_each_pair_is_counted_by_the_first_sides_points(pair, counts):
    assert pentanomial([pair]) == counts


def test_pairs_are_added_up():
    pairs = [("1-0", "1-0"), ("1-0", "0-1"), ("0-1", "1-0"), ("1/2-1/2", "0-1"), ("0-1", "0-1"), ("1-0", "*")]
    assert pentanomial(pairs) == (1, 1, 2, 0, 1)


def _game(rng: random.Random, score: float, drawn: float) -> str:
    """A game's result whose first side scores `score` on average, a share `drawn` drawn."""
    roll = rng.random()
    return "1-0" if roll < score - drawn / 2 else "1/2-1/2" if roll < score + drawn / 2 else "0-1"


def _run(test: Sprt, rng: random.Random, elo: float, most: int = 100_000) -> tuple[Verdict, int]:
    """Pairs played with a true edge of `elo` until the test decides: its verdict and the pairs played."""
    counts = [0] * 5
    score = score_of_elo(elo)
    for played in range(1, most + 1):
        first, second = _game(rng, score, 0.2), _game(rng, score, 0.2)
        [index] = [i for i, n in enumerate(pentanomial([(first, second)])) if n]
        counts[index] += 1
        verdict = test.verdict((counts[0], counts[1], counts[2], counts[3], counts[4]))
        if verdict is not Verdict.UNDECIDED:
            return verdict, played
    return Verdict.UNDECIDED, most


@pytest.mark.parametrize(("elo", "wrong", "rate"), [(0.0, Verdict.EDGE, "alpha"), (40.0, Verdict.NO_EDGE, "beta")])
def test_the_sprt_is_wrong_no_more_often_than_its_bounds_allow(elo, wrong, rate):
    """Four hundred simulated runs at H0's edge, then at H1's: the wrong answer comes at most
    about alpha (beta) of the time (0.05, and three standard deviations of 400 runs above it)."""
    test = Sprt(0.0, 40.0, alpha=0.05, beta=0.05)
    rng = random.Random(11)
    runs = [_run(test, rng, elo) for _ in range(400)]
    assert all(verdict is not Verdict.UNDECIDED for verdict, _ in runs)
    wrong_share = sum(verdict is wrong for verdict, _ in runs) / len(runs)
    allowed = getattr(test, rate) + 3 * (0.05 * 0.95 / len(runs)) ** 0.5
    assert wrong_share <= allowed, (wrong_share, allowed)
    assert wrong_share > 0  # the test is not simply cautious: it does risk the error it allows


def test_the_sprt_decides_a_large_edge_in_few_pairs():
    test = Sprt(0.0, 40.0)
    verdict, pairs = _run(test, random.Random(3), 200.0)
    assert verdict is Verdict.EDGE and pairs < 100


@pytest.mark.parametrize(("elo0", "elo1", "alpha", "beta", "message"), [
    (10, 10, 0.05, 0.05, "the SPRT needs elo0 below elo1, not 10 and 10"),
    (0, 20, 0.0, 0.05, "alpha must lie between 0 and 0.5, not 0"),
    (0, 20, 0.05, 0.7, "beta must lie between 0 and 0.5, not 0.7"),
])
def test_bad_bounds_are_refused(elo0, elo1, alpha, beta, message):
    with pytest.raises(ValueError) as error:
        Sprt(elo0, elo1, alpha, beta)
    assert str(error.value) == message


@pytest.mark.parametrize(("written", "test"), [
    ("0,20", Sprt(0, 20)), (" -10 , +20 ,0.01,.1", Sprt(-10, 20, 0.01, 0.1)), ("0.,5.5", Sprt(0, 5.5))])
def test_the_bounds_are_plain_decimal_numbers(written, test):
    assert read_sprt(written) == test


@pytest.mark.parametrize("written", ["0", "0,20,0.05,0.05,0.05", "0,nan", "0,inf", "1e3,2e3", "0,2_0",
                                     "\u0663,\u0664\u0660", "0,", ",20", "0,20,", "0;20", "0,1" + "0" * 12])
def test_anything_else_is_refused(written):
    with pytest.raises(ValueError) as refused:
        read_sprt(written.encode().decode("unicode_escape"))
    assert str(refused.value).endswith(" is not ELO0,ELO1[,ALPHA[,BETA]], as in 0,20 or 0,20,0.05,0.05")
