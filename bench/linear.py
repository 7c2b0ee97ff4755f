"""Time every pass the linearity tests count, on an input and on one four times longer.

tests/test_linear_time.py (PASSES) and tests/test_escaping.py (ESCAPES) count the work of
each pass over an adversarial input (lines of Python run, bytes allocated), which is the
same on any machine but does not see inside one call of a regular expression. This bench
times the same passes, best of --rounds CPU times of each size taken in turns, on inputs
--scale times the size the tests count: a linear pass takes about 4 times as long, a
quadratic one about 16. It lists each pass with its two times and their ratio, and exits
with status 1 if a ratio reaches 8. Run it on a quiet machine.

    python bench/linear.py [--scale 10] [--rounds 5] [--only TEXT]
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from test_escaping import ESCAPED_UNIT, ESCAPES  # noqa: E402 - from the tests folder, just put on the path
from test_linear_time import PASSES, Pass  # noqa: E402
from work import BOUND, GROWTH  # noqa: E402


def cpu_seconds(function: Callable[[Any], Any], argument: Any) -> float:
    gc.collect()
    gc.disable()  # a collection costs time in proportion to all objects alive, not to this pass
    try:
        started = time.process_time()
        function(argument)
        return time.process_time() - started
    finally:
        gc.enable()


def best_times(run: Callable[[Any], Any], inputs: list[Any], rounds: int) -> list[float]:
    """The shortest time of each input, rounds taken in turns so that a busy moment hits all."""
    run(inputs[0])  # imports and caches
    best = [float("inf")] * len(inputs)
    for _ in range(rounds):
        for index, argument in enumerate(inputs):
            best[index] = min(best[index], cpu_seconds(run, argument))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=10, help="Inputs this many times the size the tests count.")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="Only the passes whose name holds this text.")
    args = parser.parse_args()
    passes = dict(PASSES) | {f"escaping: {name}": Pass(function, lambda n: ESCAPED_UNIT * n, 1_000)
                             for name, function in ESCAPES.items()}
    slow = []
    print(f"{'pass':<78} {'size':>7} {'s':>8} {f'{GROWTH}x s':>8} {'ratio':>6}")
    for name, (run, make, size) in passes.items():
        if args.only not in name:
            continue
        size *= args.scale
        small, large = best_times(run, [make(size), make(GROWTH * size)], args.rounds)
        ratio = large / small if small else float("inf")
        print(f"{name[:78]:<78} {size:>7} {small:>8.4f} {large:>8.4f} {ratio:>6.1f}", flush=True)
        if ratio >= BOUND:
            slow.append(name)
    if slow:
        print(f"{len(slow)} passes took {BOUND} times as long or more for {GROWTH} times the input: "
              + "; ".join(slow))
        sys.exit(1)


if __name__ == "__main__":
    main()
