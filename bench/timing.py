"""Timing shared by the benches: both sides measured in alternation, best round kept."""

from __future__ import annotations

import time
from typing import Callable


def rates(ours: Callable[[], None], theirs: Callable[[], None], units: tuple[int, int],
          seconds: float) -> tuple[float, float]:
    """Units per second of each run, timed in alternating rounds for `seconds` in all.

    Alternating keeps a change of machine load from favouring one side; the best
    round of each side is kept, as the least disturbed one.
    """
    best = [float("inf"), float("inf")]
    spent = 0.0
    while spent < seconds or best[1] == float("inf"):
        for side, run in enumerate((ours, theirs)):
            start = time.perf_counter()
            run()
            elapsed = time.perf_counter() - start
            best[side] = min(best[side], elapsed)
            spent += elapsed
    return units[0] / best[0], units[1] / best[1]
