"""Time `ludoscribe check` on one very long turn, written as TGN and as JSON.

A T'Chako turn of N actions (F>G,F>G,...) is read by the game's turn pattern whether it
comes from TGN or from JSON (docs/format.md#limits). This bench writes one record whose
only turn has N actions and a stray letter at its end (so reading must back out of the
whole repeat to refuse it), or none with --valid, and times `check` on it from each format
as whole processes, best of --rounds runs. Both columns grow in proportion to N when
reading is linear.

    python bench/long_turn.py [--actions 16000 32000 128000] [--rounds 3] [--valid]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COMMAND = [str(Path(sys.executable).with_name("ludoscribe")), "check"]  # as a user runs it


def turn(actions: int, valid: bool) -> str:
    return ",".join(["F>G"] * actions) + ("" if valid else "x")


def write_record(folder: Path, actions: int, valid: bool) -> tuple[Path, Path]:
    """The same record as TGN and as JSON."""
    text = turn(actions, valid)
    tgn = folder / f"turn-{actions}.tgn"
    tgn.write_text(f'[Game "TChako"]\n[Result "*"]\n\n1. {text} *\n', encoding="utf-8")
    document = {"format": "tgn-json", "version": 1,
                "records": [{"tags": {"Game": "TChako", "Result": "*"}, "moves": [{"turn": text}], "result": "*"}]}
    as_json = folder / f"turn-{actions}.json"
    as_json.write_text(json.dumps(document), encoding="utf-8")
    return tgn, as_json


def best_seconds(path: Path, rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        done = subprocess.run(COMMAND + [str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        best = min(best, time.perf_counter() - start)
        if done.returncode not in (0, 1):
            raise SystemExit(f"check {path} failed ({done.returncode}): {done.stderr.strip()}")
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, nargs="+", default=[16_000, 32_000, 128_000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--valid", action="store_true", help="No stray letter: the turn reads, and is refused by the rules.")
    args = parser.parse_args()
    print(f"{'actions':>8} {'characters':>11} {'TGN s':>7} {'JSON s':>7}")
    with tempfile.TemporaryDirectory() as folder:
        for actions in args.actions:
            tgn, as_json = write_record(Path(folder), actions, args.valid)
            print(f"{actions:>8} {len(turn(actions, args.valid)):>11} {best_seconds(tgn, args.rounds):>7.2f} "
                  f"{best_seconds(as_json, args.rounds):>7.2f}", flush=True)


if __name__ == "__main__":
    main()
