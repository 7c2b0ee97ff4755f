"""Check a large multi-record file (50 MB by default) and report time and peak memory.

Shows that reading streams: peak memory stays near that of one record, whatever
the file's size. The file is made of random legal games (seeded) of one game.

    python bench/large_file.py [--game Teblo] [--megabytes 50] [--keep FILE]
"""

from __future__ import annotations

import argparse
import random
import resource
import tempfile
import time
from pathlib import Path

from parse_replay import tgn_file

from ludoscribe.notation import check, read_file


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Teblo", help="Which game's records (default Teblo).")
    parser.add_argument("--megabytes", type=float, default=50)
    parser.add_argument("--keep", help="Write the file here (and keep it) instead of a temporary file.")
    args = parser.parse_args()
    block, plies = tgn_file(args.game, 50, 120, random.Random(1))
    copies = max(1, int(args.megabytes * 1_000_000 / len(block)))
    path = Path(args.keep or tempfile.mkstemp(suffix=".tgn")[1])
    with open(path, "wb") as out:
        for _ in range(copies):
            out.write(block + b"\n")
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    records = invalid = 0
    for record in read_file(path):
        check(record)
        records += 1
        invalid += bool(record.problems)
    elapsed = time.perf_counter() - start
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    size = path.stat().st_size
    if not args.keep:
        path.unlink()
    print(f"{size / 1e6:.1f} MB, {records} records ({invalid} invalid), {copies * plies} plies")
    print(f"checked in {elapsed:.1f} s: {size / 1e6 / elapsed:.2f} MB/s, {copies * plies / elapsed:.0f} plies/s")
    print(f"peak memory {rss_after / 1024:.1f} MB (before reading: {rss_before / 1024:.1f} MB)")


if __name__ == "__main__":
    main()
