"""Games in pairs with the players' sides swapped, counted as pairs, and the sequential
probability ratio test that stops playing once the first side's edge is decided
(docs/balance.md#fewer-games-pairs-and-a-sequential-test).

A pair is two games from the same random numbers, the players changing sides in the
second: the first side's points over the pair (0, 1/2, 1, 3/2 or 2) cancel most of what
one player's strength adds, and the five counts (the pentanomial) give the spread of the
pairs as they are, however the two games of a pair depend on each other.

The test weighs two answers the designer gives as Elo (the first side's score s is
1 / (1 + 10^(-elo/400))): H0, an edge of elo0, against H1, an edge of elo1. After each pair
it works out the log-likelihood ratio of the pairs so far, with the normal approximation
engine testers use for pentanomial counts: LLR = n (s1 - s0)(2 m - s0 - s1) / (2 v), m the
mean score of a game over the pairs, v the variance of a pair's mean score. Both are worked
out with PRIOR pairs of each kind added, a prior that holds the first pairs back from a
variance near zero: without it a handful of like pairs would end the test at once, and
wrongly about twice as often as alpha allows (measured in tests/test_sprt.py). It stops for
H1 once LLR reaches ln((1 - beta) / alpha), for H0 once LLR falls to ln(beta / (1 - alpha)),
so that it wrongly accepts H1 at most about alpha of the time and wrongly accepts H0 at most
about beta of the time (Wald's bounds).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from enum import Enum
from typing import cast

from ..limits import shorten
from ..problems import say
from ..worded import Worded

Counts = tuple[int, int, int, int, int]  # pairs giving the first side 0, 1/2, 1, 3/2 and 2 points
PAIR_POINTS = (0.0, 0.5, 1.0, 1.5, 2.0)  # what the first side can score over a pair
PRIOR = 1  # pairs of each kind added to the counts before the mean and variance are worked out
POINTS = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}  # a finished game's points for the first side


def pair_points(first: str, second: str) -> float | None:
    """The first side's points over a pair of games given by their results; None unless both finished."""
    if first not in POINTS or second not in POINTS:
        return None
    return POINTS[first] + POINTS[second]


def pentanomial(pairs: list[tuple[str, str]]) -> Counts:
    """How many pairs gave the first side 0, 1/2, 1, 3/2 and 2 points; pairs with an unfinished game left out."""
    counts = [0] * 5
    for first, second in pairs:
        points = pair_points(first, second)
        if points is not None:
            counts[int(points * 2)] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def score_of_elo(elo: float) -> float:
    """The first side's expected score for an edge of `elo` Elo points."""
    return 1 / (1 + 10 ** (-elo / 400))


class SprtProblem(Worded):
    """Why the bounds given for the test are refused (docs/cli.md#generate)."""

    BOUNDS_ORDER = "sprt-bounds-order", "the SPRT needs elo0 below elo1, not {elo0} and {elo1}"
    RATE = "sprt-rate", "{name} must lie between 0 and 0.5, not {rate}"
    NOT_BOUNDS = "sprt-not-bounds", "{written} is not ELO0,ELO1[,ALPHA[,BETA]], as in 0,20 or 0,20,0.05,0.05"


class Verdict(Enum):
    """What the test says so far."""

    EDGE = "H1"  # an edge of elo1 or more: accepted
    NO_EDGE = "H0"  # an edge of elo0 or less: accepted
    UNDECIDED = "-"  # go on playing


@dataclass(frozen=True)
class Sprt:
    """The test with the designer's bounds: H0 an edge of elo0, H1 of elo1, its error rates alpha and beta."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(say(SprtProblem.BOUNDS_ORDER, elo0=f"{self.elo0:g}", elo1=f"{self.elo1:g}"))
        for name, rate in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0 < rate < 0.5:
                raise ValueError(say(SprtProblem.RATE, name=name, rate=f"{rate:g}"))

    @property
    def bounds(self) -> tuple[float, float]:
        """The LLR at or below which H0 is accepted, and at or above which H1 is."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Counts) -> float:
        """The log-likelihood ratio of H1 against H0 for the pentanomial counts (0 below two pairs)."""
        pairs = sum(counts)
        if pairs < 2:
            return 0.0
        weights = [count + PRIOR for count in counts]
        mean = sum(weight * points / 2 for weight, points in zip(weights, PAIR_POINTS)) / sum(weights)
        variance = sum(weight * (points / 2 - mean) ** 2 for weight, points in zip(weights, PAIR_POINTS)) / sum(weights)
        s0, s1 = score_of_elo(self.elo0), score_of_elo(self.elo1)
        return pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def verdict(self, counts: Counts) -> Verdict:
        low, high = self.bounds
        llr = self.llr(counts)
        if llr >= high:
            return Verdict.EDGE
        if llr <= low:
            return Verdict.NO_EDGE
        return Verdict.UNDECIDED


# A bound or a rate as it is written on a command line: ASCII digits, a point, a sign, no exponent,
# underscore or other script's digits, and short enough to be a number a designer means.
NUMBER = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})", re.ASCII)


def read_sprt(text: str) -> Sprt:
    """The test `--sprt ELO0,ELO1[,ALPHA[,BETA]]` names; ValueError saying what is wrong (what was
    written is quoted cut short)."""
    parts = [part.strip() for part in text.split(",")]
    if not 2 <= len(parts) <= 4 or not all(NUMBER.fullmatch(part) for part in parts):
        raise ValueError(say(SprtProblem.NOT_BOUNDS, written=repr(shorten(text, 40))))
    return Sprt(*(float(part) for part in parts))


class Pairs:
    """Games' results taken one by one, two by two as pairs, and what the test says of the pairs so far."""

    def __init__(self, test: Sprt) -> None:
        self.test = test
        self.counts = (0, 0, 0, 0, 0)
        self.verdict = Verdict.UNDECIDED
        self._waiting: str | None = None

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    def add(self, result: str) -> Verdict:
        """Take the next game's result; the verdict once a pair is complete."""
        if self._waiting is None:
            self._waiting = result
            return self.verdict
        counted = pentanomial([(self._waiting, result)])
        self.counts = cast(Counts, tuple(a + b for a, b in zip(self.counts, counted)))
        self._waiting = None
        self.verdict = self.test.verdict(self.counts)
        return self.verdict
