"""The processor time, the peak memory and the size of an animated GIF of a random game, as
`diagram --gif` makes it: frames drawn and written one at a time (docs/diagrams.md#bounds).

Run it for two lengths: the peak memory stays that of a few frames, whatever their number.

    python bench/gif_memory.py [--plies 400] [--size 480]
"""

from __future__ import annotations

import argparse
import io
import random
import resource
import time

from ludoscribe.notation import check, read_string
from ludoscribe.notation.games import game_class
from ludoscribe.render import images
from ludoscribe.render.diagram import record_diagrams


def random_record(plies: int, seed: int = 5) -> str:
    """A Teblo record of `plies` random turns that do not end the game."""
    rules = game_class("Teblo")()
    position, words, rng = rules.start_position(), [], random.Random(seed)
    while len(words) < plies:
        turn = rules.random_turn(position, rng)
        after = rules.apply(position, turn)
        if rules.outcome(after) is None:
            words.append(rules.turn_text(turn))
            position = after
    movetext = " ".join(f"{n // 2 + 1}. {word}" if n % 2 == 0 else word for n, word in enumerate(words))
    return f'[Game "Teblo"]\n[Result "*"]\n\n{movetext} *\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=400)
    parser.add_argument("--size", type=int, default=480)
    args = parser.parse_args()
    record = read_string(random_record(args.plies))[0]
    check(record)
    started = time.process_time()
    out = io.BytesIO()
    frames = images.write_gif(out, ((svg, f"position {ply}") for ply, svg in record_diagrams(record, size=args.size)))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{args.plies + 1} positions, {frames} frames of {args.size} px: {time.process_time() - started:.1f} s, "
          f"{peak} MB at most, {out.tell() / 1000:.0f} KB")


if __name__ == "__main__":
    main()
