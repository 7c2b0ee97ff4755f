"""Timing shared by the benches: both sides measured in alternation, best round kept."""

from __future__ import annotations

import argparse
import resource
import subprocess
import time
from typing import Callable


def add_cpu_option(parser: argparse.ArgumentParser) -> None:
    """--cpu: whole processes timed by the processor time they use (user and system) rather than
    by the clock on the wall, which a machine busy with other work makes vary."""
    parser.add_argument("--cpu", action="store_true",
                        help="With whole processes: time them by processor time (steady on a busy machine).")


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


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


def process_rates(ours: Callable[[int], list[str]], theirs: Callable[[int], list[str]], units: tuple[int, int],
                  seconds: float, cpu: bool = False) -> tuple[float, float]:
    """Units per second of two commands run as whole processes (start-up included), as `rates` does;
    with `cpu`, per second of the processor time each process used rather than of the wall clock.

    Each side is a function of the round number giving the command line, so that a
    command writing files can write them to a fresh folder each round. A command that
    fails stops the bench with its error output.
    """

    def run(command: list[str]) -> None:
        done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if done.returncode:
            raise SystemExit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")

    best = [float("inf"), float("inf")]
    spent, round_ = 0.0, 0
    while spent < seconds or round_ < 2:
        for side, command in enumerate((ours, theirs)):
            line = command(round_)
            start, start_cpu = time.perf_counter(), _children_cpu()
            run(line)
            elapsed = time.perf_counter() - start
            best[side] = min(best[side], _children_cpu() - start_cpu if cpu else elapsed)
            spent += elapsed
        round_ += 1
    return units[0] / best[0], units[1] / best[1]
