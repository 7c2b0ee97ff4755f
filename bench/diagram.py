"""Diagrams per second: a game's SVG boards against chess.svg.board, in one run.

Both draw mid-game positions of random legal games (seeded) with the last turn
highlighted, at the same size; prints each rate and their ratio.

With --png, both draw PNG pictures: each SVG drawn to pixels by the same rasteriser
(render/images.py: resvg, with the same font), so that the rates compare what it costs
to make an image of each game's board (the images extra is needed).

With --whole-process, each side is a whole process, start-up included, as a user runs
it, on a file of --games random games of --plies turns in a temporary folder:
`ludoscribe diagram FILE --all -o FOLDER` against `python -c` reading the PGN file,
replaying it and writing chess.svg.board of every position to a file (50 games of 120
plies make the 6,000-turn files of docs/contributing.md#start-up).

    python bench/diagram.py [--game Teblo] [--positions 200] [--size 480] [--seconds 3] [--png]
    python bench/diagram.py --whole-process [--game Teblo] [--games 50] [--plies 120] [--size 480]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Callable

import chess
import chess.svg

from parse_replay import chess_file, ludoscribe_command, tgn_file
from timing import add_cpu_option, process_rates, rates

from ludoscribe.notation.games import game_class
from ludoscribe.render.diagram import renderer_for


def game_positions(rules, count: int, rng: random.Random) -> list[tuple]:
    """(position, (position before, last turn)) pairs from random games."""
    found = []
    while len(found) < count:
        position, last = rules.start_position(), None
        for _ in range(rng.randrange(20, 100)):
            turn = rules.random_turn(position, rng)
            if turn is None or rules.outcome(position) is not None:
                break
            last, position = (position, turn), rules.apply(position, turn)
        if last is not None:
            found.append((position, last))
    return found


def chess_positions(count: int, rng: random.Random) -> list[tuple[chess.Board, chess.Move]]:
    found = []
    while len(found) < count:
        board_ = chess.Board()
        for _ in range(rng.randrange(20, 100)):
            if board_.is_game_over():
                break
            board_.push(rng.choice(list(board_.legal_moves)))
        if board_.move_stack:
            found.append((board_, board_.peek()))
    return found


# The python-chess side of --whole-process: every position of every game of the PGN file
# argv[1] as an SVG file in the folder argv[2] (one folder per game), at size argv[3].
CHESS_SCRIPT = """
import os, sys
import chess.pgn, chess.svg
with open(sys.argv[1], encoding="utf-8") as handle:
    number = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        number += 1
        folder = os.path.join(sys.argv[2], f"game-{number}")
        os.makedirs(folder)
        board = game.board()
        for ply, move in enumerate([None, *game.mainline_moves()]):
            if move is not None:
                board.push(move)
            svg = chess.svg.board(board, lastmove=move, size=int(sys.argv[3]))
            with open(os.path.join(folder, f"{ply:03d}.svg"), "w", encoding="utf-8") as out:
                out.write(svg)
"""


def whole_process(game: str, games: int, plies: int, size: int, seconds: float, cpu: bool = False) -> tuple[float, float]:
    """Diagrams per second of `ludoscribe diagram --all` and of a chess.svg script, as whole processes."""
    rng = random.Random(2026)
    tgn, _ = tgn_file(game, games, plies, rng)
    pgn, _ = chess_file(games, plies, rng)
    with tempfile.TemporaryDirectory() as folder:
        tgn_path, pgn_path = Path(folder, "records.tgn"), Path(folder, "records.pgn")
        tgn_path.write_bytes(tgn)
        pgn_path.write_text(pgn, encoding="utf-8")
        diagrams = games * (plies + 1)  # every position, the start too
        return process_rates(
            lambda round_: [ludoscribe_command(), "diagram", str(tgn_path), "--all", "--size", str(size),
                            "-o", str(Path(folder, f"ours-{round_}"))],
            lambda round_: [sys.executable, "-c", CHESS_SCRIPT, str(pgn_path), str(Path(folder, f"chess-{round_}")),
                            str(size)],
            (diagrams, diagrams), seconds, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Teblo", help="Which game's diagrams (default Teblo).")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--size", type=int, default=480)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--png", action="store_true", help="PNG pictures, both through the same rasteriser.")
    parser.add_argument("--whole-process", action="store_true",
                        help="Time whole processes, start-up included, drawing every position of a file.")
    add_cpu_option(parser)
    parser.add_argument("--games", type=int, default=50, help="With --whole-process: games in the file.")
    parser.add_argument("--plies", type=int, default=120, help="With --whole-process: turns of each game.")
    args = parser.parse_args()
    if args.whole_process:
        ours, theirs = whole_process(args.game, args.games, args.plies, args.size, 2 * args.seconds, args.cpu)
        print(f"{args.games} games of {args.plies} plies, every position, {args.size} px, whole processes"
              + (", processor time" if args.cpu else ""))
        print(f"ludoscribe, {args.game} (ludoscribe diagram --all): {ours:8.0f} diagrams/s")
        print(f"python-chess, chess.svg.board to files: {theirs:8.0f} diagrams/s")
        print(f"ratio (ludoscribe / python-chess): {ours / theirs:.2f}")
        return
    rng = random.Random(2026)
    rules = game_class(args.game)()
    board = renderer_for(rules)
    ours_positions = game_positions(rules, args.positions, rng)
    boards = chess_positions(args.positions, rng)

    finish: Callable[[str], object] = str
    if args.png:
        from ludoscribe.render.images import png as finish

    def draw_ours() -> None:
        for position, last in ours_positions:
            finish(board(position, last=last, size=args.size))

    def draw_chess() -> None:
        for position, move in boards:
            finish(chess.svg.board(position, lastmove=move, size=args.size))

    ours, theirs = rates(draw_ours, draw_chess, (len(ours_positions), len(boards)), 2 * args.seconds)
    kind = "PNG" if args.png else "SVG"
    print(f"{args.positions} positions, {args.size} px, {kind}")
    print(f"ludoscribe, {args.game} {kind}: {ours:8.0f} diagrams/s")
    print(f"python-chess, chess.svg.board{' + the same rasteriser' if args.png else ''}: {theirs:8.0f} diagrams/s")
    print(f"ratio (ludoscribe / python-chess): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
