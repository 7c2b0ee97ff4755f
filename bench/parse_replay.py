"""Plies per second reading and replaying TGN records, against python-chess on PGN.

Both sides get games of the same length (random legal games, seeded), read from
one in-memory file and replayed turn by turn; prints each rate and their ratio.

With --whole-process, both files are written to a temporary folder and each side is a
whole process, start-up included, as a user runs it: `ludoscribe check -q FILE` against
`python -c` reading and replaying the PGN file with python-chess (50 games of 120
plies make the 6,000-turn files of docs/contributing.md#start-up).

With --file, the records read are those of a TGN file (as `ludoscribe generate` writes
them), and python-chess replays games of --plies plies, about as many plies in all.

    python bench/parse_replay.py [--game Teblo] [--games 200] [--plies 120] [--seconds 3] [--whole-process]
                                 [--file RECORDS.tgn]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
from pathlib import Path

import chess
import chess.pgn

from timing import add_cpu_option, process_rates, rates

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


# The python-chess side of --whole-process: read and replay every game of the PGN file argv[1].
CHESS_SCRIPT = """
import sys
import chess.pgn
with open(sys.argv[1], encoding="utf-8") as handle:
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
"""


def ludoscribe_command() -> str:
    """The ludoscribe command installed beside this Python."""
    return str(Path(sys.executable).with_name("ludoscribe"))


def whole_process(tgn: bytes, pgn: str, plies: tuple[int, int], seconds: float, cpu: bool = False) -> tuple[float, float]:
    """Plies per second of `ludoscribe check` and of a python-chess script, as whole processes."""
    with tempfile.TemporaryDirectory() as folder:
        tgn_path, pgn_path = Path(folder, "records.tgn"), Path(folder, "records.pgn")
        tgn_path.write_bytes(tgn)
        pgn_path.write_text(pgn, encoding="utf-8")
        return process_rates(lambda _: [ludoscribe_command(), "check", "-q", str(tgn_path)],
                             lambda _: [sys.executable, "-c", CHESS_SCRIPT, str(pgn_path)], plies, seconds, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Teblo", help="Which game's records (default Teblo).")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--whole-process", action="store_true",
                        help="Time whole processes, start-up included, on files in a temporary folder.")
    add_cpu_option(parser)
    parser.add_argument("--file", type=Path, help="Read the records of this TGN file instead of random ones.")
    args = parser.parse_args()
    rng = random.Random(2026)
    if args.file is None:
        tgn, plies = tgn_file(args.game, args.games, args.plies, rng)
        pgn, chess_plies = chess_file(args.games, args.plies, rng)
    else:
        tgn = args.file.read_bytes()
        records = list(read_records(io.BytesIO(tgn)))
        plies = sum(len(record.moves) for record in records)
        pgn, chess_plies = chess_file(-(-plies // args.plies), args.plies, rng)
        args.game, args.games, args.plies = records[0].tags["Game"], len(records), round(plies / len(records))
    if args.whole_process:
        ours, theirs = whole_process(tgn, pgn, (plies, chess_plies), 2 * args.seconds, args.cpu)
    else:
        ours, theirs = rates(lambda: replay_tgn(tgn), lambda: replay_chess(pgn), (plies, chess_plies),
                             2 * args.seconds)
    print(f"{args.games} games of {args.plies} plies each" + (", whole processes" if args.whole_process else "")
          + (", processor time" if args.whole_process and args.cpu else ""))
    print(f"ludoscribe, {args.game} TGN read + replay{' (ludoscribe check)' if args.whole_process else ''}: "
          f"{ours:10.0f} plies/s")
    print(f"python-chess, PGN read + replay: {theirs:10.0f} plies/s")
    print(f"ratio (ludoscribe / python-chess): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
