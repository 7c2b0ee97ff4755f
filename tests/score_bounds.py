"""The bounds of a score's 95% interval found by bisection, a second way of working out what
notation/archive/balance.py works out from the roots of a quadratic (docs/archive.md#the-first-sides-score)."""

from __future__ import annotations

from ludoscribe.notation.archive.balance import Z95


def bounds_by_bisection(score: float, games: int, drawn: float = 0.0, z: float = Z95) -> tuple[float, float]:
    """The p where |score - p| = z * sqrt((p (1 - p) - d / 4) / games), d the draw share drawn
    towards none by z² games, found by halving intervals rather than by the quadratic's
    roots: below the score and above it (0 and 1 when it is there)."""
    shrunk = drawn * games / (games + z * z)

    def outside(p: float) -> bool:
        return (score - p) ** 2 > z * z * max(0.0, p * (1 - p) - shrunk / 4) / games

    def edge(inside: float, out: float) -> float:
        for _ in range(200):
            middle = (inside + out) / 2
            inside, out = (inside, middle) if outside(middle) else (middle, out)
        return (inside + out) / 2

    low = 0.0 if not outside(0.0) else edge(score, 0.0)
    high = 1.0 if not outside(1.0) else edge(score, 1.0)
    return low, high
