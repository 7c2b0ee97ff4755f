"""The peer of `ludoscribe filter --position`: python-chess reads a PGN file, replays every
game and counts those whose main line reaches a board (its FEN's placement part).

    python bench/chess_search.py FILE.pgn PLACEMENT
"""

from __future__ import annotations

import sys
from typing import TextIO

import chess
import chess.pgn


def by_position(handle: TextIO, wanted: str) -> int:
    found = 0
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
            if board.board_fen() == wanted:
                found += 1
                break
    return found


if __name__ == "__main__":
    with open(sys.argv[1], encoding="utf-8") as pgn:
        print(by_position(pgn, sys.argv[2]))
