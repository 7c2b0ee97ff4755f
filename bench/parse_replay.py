"""Plies per second reading and replaying TGN records, against python-chess on PGN.

Both sides get games of the same length (random legal games, seeded), read from
one in-memory file and replayed turn by turn; prints each rate and their ratio.

    python bench/parse_replay.py [--game Teblo] [--games 200] [--plies 120] [--seconds 3]
"""

from __future__ import annotations

import argparse
import io
import random

import chess
import chess.pgn

from timing import rates

from ludoscribe.notation import check, read_records
from ludoscribe.notation.games import History, game_class
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.writer import write_record


def tgn_file(game: str, games: int, plies: int, rng: random.Random) -> tuple[bytes, int]:
    """TGN text of `games` random legal games of exactly `plies` turns (none ended)."""
    rules = game_class(game)()
    texts = []
    while len(texts) < games:
        position, moves, ended = rules.start_position(), [], False
        history = History(position)
        while len(moves) < plies and not ended:
            turn = rules.random_turn(position, rng)
            moves.append(Node(turn))
            position = rules.apply(position, turn)
            history.push(turn, position)
            ended = rules.outcome(position, history) is not None
        if not ended:
            record = Record(tags={"Event": "bench", "Round": str(len(texts) + 1)}, moves=moves,
                            game=rules, start=rules.start_position())
            texts.append(write_record(record))
    return "\n".join(texts).encode(), games * plies


def chess_file(games: int, plies: int, rng: random.Random) -> tuple[str, int]:
    """PGN text of `games` random legal chess games of exactly `plies` plies."""
    texts = []
    while len(texts) < games:
        board = chess.Board()
        for _ in range(plies):
            if board.is_game_over():
                break
            board.push(rng.choice(list(board.legal_moves)))
        if board.ply() == plies:
            game = chess.pgn.Game.from_board(board)
            game.headers["Event"] = "bench"
            texts.append(str(game))
    return "\n\n".join(texts), games * plies


def replay_tgn(data: bytes) -> None:
    for record in read_records(io.BytesIO(data)):
        check(record)
        assert not record.problems, record.problems


def replay_chess(text: str) -> None:
    handle = io.StringIO(text)
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Teblo", help="Which game's records (default Teblo).")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rng = random.Random(2026)
    tgn, plies = tgn_file(args.game, args.games, args.plies, rng)
    pgn, chess_plies = chess_file(args.games, args.plies, rng)
    ours, theirs = rates(lambda: replay_tgn(tgn), lambda: replay_chess(pgn), (plies, chess_plies),
                         2 * args.seconds)
    print(f"{args.games} games of {args.plies} plies each")
    print(f"ludoscribe, {args.game} TGN read + replay: {ours:10.0f} plies/s")
    print(f"python-chess, PGN read + replay: {theirs:10.0f} plies/s")
    print(f"ratio (ludoscribe / python-chess): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
