"""Diagrams per second: a game's SVG boards against chess.svg.board, in one run.

Both draw mid-game positions of random legal games (seeded) with the last turn
highlighted, at the same size; prints each rate and their ratio.

    python bench/diagram.py [--game Teblo] [--positions 200] [--size 480] [--seconds 3]
"""

from __future__ import annotations

import argparse
import random

import chess
import chess.svg

from timing import rates

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Teblo", help="Which game's diagrams (default Teblo).")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--size", type=int, default=480)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rng = random.Random(2026)
    rules = game_class(args.game)()
    board = renderer_for(rules)
    ours_positions = game_positions(rules, args.positions, rng)
    boards = chess_positions(args.positions, rng)

    def draw_ours() -> None:
        for position, last in ours_positions:
            board(position, last=last, size=args.size)

    def draw_chess() -> None:
        for position, move in boards:
            chess.svg.board(position, lastmove=move, size=args.size)

    ours, theirs = rates(draw_ours, draw_chess, (len(ours_positions), len(boards)), 2 * args.seconds)
    print(f"{args.positions} positions, {args.size} px")
    print(f"ludoscribe, {args.game} SVG: {ours:8.0f} diagrams/s")
    print(f"python-chess, chess.svg.board: {theirs:8.0f} diagrams/s")
    print(f"ratio (ludoscribe / python-chess): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
