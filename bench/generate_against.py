"""How fast `generate` makes records now, against another version of Ludoscribe, per game and player.

    git worktree add /tmp/filed COMMIT && pip install --no-deps --target /tmp/before /tmp/filed
    .venv/bin/python bench/generate_against.py /tmp/before --count 100 --rounds 3

Each version makes the same records (`ludoscribe.notation.generate.texts`, one process) in a
process of its own, the other version's folder first on its path; the two are run in turns,
--rounds times, and the best processor time of each is kept (a busy machine slows a run, never
speeds it). Prints records a second of each and the ratio (above 1: this version is faster),
and whether both made the same records (a player that draws otherwise makes other games).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

GAMES = ("Teblo", "Staku", "Tektop", "Tekao", "TChako")
RUN = """
import hashlib, sys, time
from ludoscribe.notation.generate import Generation, texts
game, players, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
generation = Generation(game, players_named=players)
digest = hashlib.sha256()
start = time.process_time()
for text in texts(generation, count, 1):
    digest.update(text.encode())
print(time.process_time() - start, digest.hexdigest()[:12])
"""


def timed(path: str | None, game: str, players: str, count: int) -> tuple[float, str]:
    """Processor seconds to make the records, and a digest of them, with `path` first on the path (None: this version)."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = os.pathsep.join([path, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    done = subprocess.run([sys.executable, "-c", RUN, game, players, str(count)], env=env, capture_output=True,
                          text=True, cwd="/" if path is not None else None)
    if done.returncode:
        raise SystemExit(f"{game} {players}: {done.stderr.strip()[-1500:]}")
    seconds, digest = done.stdout.split()
    return float(seconds), digest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", help="A folder holding another version of the ludoscribe package (pip --target).")
    parser.add_argument("--count", type=int, default=100, help="Records a run.")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--players", nargs="+", default=["random", "greedy"])
    parser.add_argument("--games", nargs="+", default=list(GAMES))
    options = parser.parse_args()
    print(f"{'game':8} {'players':8} {'now':>9} {'before':>9} {'ratio':>6}   (records a second of processor time)")
    for game in options.games:
        for players in options.players:
            now, before = [], []
            for _ in range(options.rounds):
                now.append(timed(None, game, players, options.count))
                before.append(timed(options.before, game, players, options.count))
            fast_now, fast_before = min(seconds for seconds, _ in now), min(seconds for seconds, _ in before)
            same = "same records" if now[0][1] == before[0][1] else "other records"
            print(f"{game:8} {players:8} {options.count / fast_now:9.1f} {options.count / fast_before:9.1f} "
                  f"{fast_before / fast_now:6.2f}   {same}", flush=True)


if __name__ == "__main__":
    main()
