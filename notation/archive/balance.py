"""Whether the first side has an edge: its score over the finished games with a 95%
confidence interval, and how far a variant moves it (docs/archive.md#the-first-sides-score).

A finished game gives the first side 1 (a win), 1/2 (a draw) or 0 (a loss); its score is
the mean of these. The interval around it is Wilson's score interval carried over to games with
draws: the spread of one game's points around a score p is p(1 - p) less a quarter of the
draw share (a draw is worth the mean of a win and a loss, and spreads the points less), so
that many draws do not make the interval wider than the games allow. Without draws it is
Wilson's interval itself. The difference between two sets of rules is given with the
interval of the normal approximation, from each set's own variance of the per-game points.

The balance report's other figures (docs/balance.md#the-report) are shares of games, given
with Wilson's score interval (`share`), and means of one figure per game, given with the
interval of the normal approximation over running sums (`Moments`).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from statistics import NormalDist

Z95 = NormalDist().inv_cdf(0.975)  # 1.95996...: 95% of a normal distribution lies within this many deviations


@dataclass(frozen=True)
class Score:
    """The first side's score over `finished` games (a fraction of 1), and its 95% interval."""

    finished: int
    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Difference:
    """A variant's score minus that of the usual rules (fractions of 1), and its 95% interval."""

    value: float
    low: float
    high: float

    @property
    def clear_of_zero(self) -> bool:
        """Whether the interval leaves zero out: the variant moves the score one way."""
        return self.low > 0 or self.high < 0


def finished_games(results: Counter[str]) -> int:
    return results["1-0"] + results["0-1"] + results["1/2-1/2"]


def score_of(results: Counter[str]) -> float | None:
    """The first side's share of the points in finished games (a draw is half); None if none finished."""
    finished = finished_games(results)
    return (results["1-0"] + results["1/2-1/2"] / 2) / finished if finished else None


def wilson_interval(score: float, games: int, drawn: float = 0.0, z: float = Z95) -> tuple[float, float]:
    """The scores p from which a score `score` over `games` games, a share `drawn` of them
    drawn, lies within z standard errors: |score - p| <= z * sqrt((p (1 - p) - d / 4) / games),
    the roots of that quadratic in p. d is the draw share drawn towards none by z² games,
    d = drawn * games / (games + z²), as Wilson's interval draws the score towards one half:
    so that a handful of games all drawn still leaves room on both sides of 1/2. With no
    draw it is Wilson's score interval."""
    spread = z * z / games
    centre = (score + spread / 2) / (1 + spread)
    half = z * math.sqrt(max(0.0, score * (1 - score) - drawn / 4) / games + spread / (4 * games)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def first_side_score(results: Counter[str]) -> Score | None:
    """The first side's score with its interval; None if no game finished."""
    value = score_of(results)
    if value is None:
        return None
    finished = finished_games(results)
    return Score(finished, value, *wilson_interval(value, finished, results["1/2-1/2"] / finished))


def points_spread(results: Counter[str]) -> tuple[int, float, float] | None:
    """The finished games, the mean of their points (the score) and the sample variance of
    those points (n - 1 in the divisor); None below two finished games."""
    finished, mean = finished_games(results), score_of(results)
    if finished < 2 or mean is None:
        return None
    squares = (results["1-0"] * (1 - mean) ** 2 + results["1/2-1/2"] * (0.5 - mean) ** 2
               + results["0-1"] * mean ** 2)
    return finished, mean, squares / (finished - 1)


def difference(variant: Counter[str], usual: Counter[str], z: float = Z95) -> Difference | None:
    """The variant's score minus the usual one, with the interval d ± z·sqrt(v1/n1 + v2/n2);
    None unless both have at least two finished games."""
    first, second = points_spread(variant), points_spread(usual)
    if first is None or second is None:
        return None
    value = first[1] - second[1]
    error = math.sqrt(first[2] / first[0] + second[2] / second[0])
    return Difference(value, value - z * error, value + z * error)


@dataclass(frozen=True)
class Estimate:
    """A figure measured over `count` games with its 95% interval; the bounds are None when the
    games are too few to give one (a mean over fewer than two)."""

    count: int
    value: float
    low: float | None
    high: float | None


def share(part: int, whole: int) -> Estimate | None:
    """The share `part` of `whole` games (how many were decided, drawn, ended by a rule) with
    Wilson's score interval; None out of no game."""
    if not whole:
        return None
    value = part / whole
    return Estimate(whole, value, *wilson_interval(value, whole))


@dataclass
class Moments:
    """One figure per game, gathered as the games are counted: how many, their mean and the sum of
    squared deviations from it (Welford's running sums, which stay exact enough over millions of
    games and hold nothing per game)."""

    count: int = 0
    centre: float = 0.0
    squares: float = 0.0

    def add(self, value: float) -> None:
        self.count += 1
        step = value - self.centre
        self.centre += step / self.count
        self.squares += step * (value - self.centre)

    def estimate(self) -> Estimate | None:
        """The mean with the interval of the normal approximation, mean ± z·s/√n (s the sample
        deviation); None without a value, no interval below two."""
        if not self.count:
            return None
        if self.count < 2:
            return Estimate(1, self.centre, None, None)
        error = Z95 * math.sqrt(max(0.0, self.squares) / (self.count - 1) / self.count)
        return Estimate(self.count, self.centre, self.centre - error, self.centre + error)
