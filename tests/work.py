"""Counting the work a call does, to check that it grows in proportion to its input, with no clock.

`work(function, argument)` runs the call once and counts:

- steps: each line of Python it runs, in every function it calls (sys.settrace);
- bytes: for each of those lines, the most memory it allocated beyond what was held when it
  began (tracemalloc's peak), so that copying a long text costs its length.

Both are counts of what the code did, the same on a busy machine as on an idle one. A pass
that looks at each part of its input a bounded number of times counts about four times as
much for an input four times as long; one that starts over from every word, or copies what
it has built at every step, counts about sixteen times as much. What a single call of a
regular expression or a string method does inside is not seen (it runs no Python and keeps
nothing): bench/linear.py times the same passes, for that.
"""

from __future__ import annotations

import gc
import sys
import tracemalloc
from dataclasses import dataclass
from typing import Any, Callable

GROWTH = 4  # the larger input is this many times the smaller
BOUND = 8  # linear: about GROWTH; quadratic: about GROWTH ** 2


@dataclass(frozen=True)
class Work:
    steps: int
    bytes: int


def work(function: Callable[[Any], Any], argument: Any) -> Work:
    """The steps and bytes of one call of function(argument)."""
    steps = allocated = 0
    held = 0
    measure, reset_peak = tracemalloc.get_traced_memory, tracemalloc.reset_peak

    def line(frame: Any, event: str, arg: Any) -> Any:
        # the hook's own few bytes (its counters) fall to the next line: the same for every line
        nonlocal steps, allocated, held
        held_before = held
        held, peak = measure()
        allocated += peak - held_before
        steps += 1
        reset_peak()
        return line

    def call(frame: Any, event: str, arg: Any) -> Any:
        return line

    gc.collect()
    tracing = tracemalloc.is_tracing()
    tracemalloc.start()
    tracemalloc.reset_peak()
    held = tracemalloc.get_traced_memory()[0]
    previous = sys.gettrace()
    sys.settrace(call)
    try:
        function(argument)
    finally:
        sys.settrace(previous)
        peak = tracemalloc.get_traced_memory()[1]
        if not tracing:
            tracemalloc.stop()
    return Work(steps, allocated + peak - held)


def assert_linear(function: Callable[[Any], Any], make: Callable[[int], Any], size: int) -> None:
    """The call's steps and bytes for make(GROWTH * size) are less than BOUND times those for make(size)."""
    small, large = make(size), make(GROWTH * size)
    function(small)  # what the first call does once (imports, caches) is not counted
    before, after = work(function, small), work(function, large)
    assert after.steps < BOUND * before.steps, f"{GROWTH} times the input took {after.steps / before.steps:.1f} times the steps"
    assert after.bytes < BOUND * before.bytes, \
        f"{GROWTH} times the input allocated {after.bytes / before.bytes:.1f} times the bytes"
