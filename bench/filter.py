"""Searching an archive: `filter` by tag and by position against the same searches with python-chess.

Both sides search files of random legal games (seeded) of the same length, in one
process, timed in alternation:
- by tag: every record's tags read, the turns not replayed (python-chess: read_headers);
- by position: every record read and replayed, each position after a turn compared with
  the one searched for (python-chess: read_game, push every move, compare the board).
Prints records per second for the tag search, plies per second for the position search,
and the ratios. The whole command is timed too (`ludoscribe filter ... --count`, start-up
included) against a python-chess script doing the same search, by tag and by position.

The whole command runs with --jobs 1 and with --jobs N (python-chess in one process).

    python bench/filter.py [--game Teblo] [--games 500] [--plies 80] [--seconds 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import io
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import chess
import chess.pgn

from chess_search import by_position
from parse_replay import chess_file, tgn_file
from timing import rates

from ludoscribe.notation import read_records
from ludoscribe.notation.archive.conditions import position_condition, tag_condition
from ludoscribe.notation.games import game_class
from ludoscribe.notation.archive.query import Query



def elsewhere(game: str, rng: random.Random) -> str:
    """The code of a position 40 turns into another random game: one the searched records
    almost never reach, so that every position of every record is looked at."""
    rules = game_class(game)()
    position = rules.start_position()
    for _ in range(40):
        turn = rules.random_turn(position, rng)
        if turn is None:
            break
        position = rules.apply(position, turn)
    return rules.position_code(position)


def chess_elsewhere(rng: random.Random) -> str:
    board = chess.Board()
    for _ in range(40):
        if board.is_game_over():
            break
        board.push(rng.choice(list(board.legal_moves)))
    return board.board_fen()


def count(data: bytes, query: Query) -> int:
    return sum(query.matches(record) for record in read_records(io.BytesIO(data), moves=query.needs_turns))


def chess_by_tag(text: str) -> int:
    handle, found = io.StringIO(text), 0
    while (headers := chess.pgn.read_headers(handle)) is not None:
        found += headers.get("Event") == "nowhere"
    return found


def whole_process(command: list[str]) -> float:
    """Best of three runs of a command, in seconds."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run(command, check=False, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="Teblo")
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--plies", type=int, default=80)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--jobs", type=int, default=2, help="Processes for the whole-process runs with --jobs.")
    args = parser.parse_args()
    rng = random.Random(2026)
    tgn, plies = tgn_file(args.game, args.games, args.plies, rng)
    pgn, chess_plies = chess_file(args.games, args.plies, rng)
    target, chess_target = elsewhere(args.game, random.Random(7)), chess_elsewhere(random.Random(7))
    by_tag = Query([tag_condition("Event=nowhere")])
    at_position = Query([position_condition(target)])

    print(f"{args.games} games of {args.plies} plies each ({args.game} TGN against chess PGN)")
    ours, theirs = rates(lambda: count(tgn, by_tag), lambda: chess_by_tag(pgn), (args.games, args.games),
                         2 * args.seconds)
    print(f"by tag:      ludoscribe {ours:9.0f} records/s   python-chess {theirs:9.0f} records/s   "
          f"ratio {ours / theirs:.2f}")
    ours, theirs = rates(lambda: count(tgn, at_position), lambda: by_position(io.StringIO(pgn), chess_target),
                         (plies, chess_plies), 2 * args.seconds)
    print(f"by position: ludoscribe {ours:9.0f} plies/s     python-chess {theirs:9.0f} plies/s     "
          f"ratio {ours / theirs:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        tgn_path, pgn_path = Path(folder) / "games.tgn", Path(folder) / "games.pgn"
        tgn_path.write_bytes(tgn)
        pgn_path.write_text(pgn, encoding="utf-8")
        ludoscribe = str(Path(sys.executable).parent / "ludoscribe")
        theirs_s = whole_process([sys.executable, "-c", CHESS_BY_TAG, str(pgn_path)])
        for jobs in sorted({1, args.jobs}):
            ours_s = whole_process([ludoscribe, "filter", str(tgn_path), "--tag", "Event=nowhere", "--count",
                                    "--jobs", str(jobs)])
            print(f"whole process, by tag, --jobs {jobs}: ludoscribe {ours_s:.2f} s ({args.games / ours_s:.0f} records/s)   "
                  f"python-chess {theirs_s:.2f} s ({args.games / theirs_s:.0f} records/s)   ratio {theirs_s / ours_s:.2f}")
        theirs_s = whole_process([sys.executable, str(Path(__file__).parent / "chess_search.py"), str(pgn_path), chess_target])
        for jobs in sorted({1, args.jobs}):
            ours_s = whole_process([ludoscribe, "filter", str(tgn_path), "--position", target, "--count",
                                    "--jobs", str(jobs)])
            print(f"whole process, by position, --jobs {jobs}: ludoscribe {ours_s:.2f} s ({plies / ours_s:.0f} plies/s)   "
                  f"python-chess {theirs_s:.2f} s ({chess_plies / theirs_s:.0f} plies/s)   "
                  f"ratio {(plies / ours_s) / (chess_plies / theirs_s):.2f}")


# The python-chess side of the whole-process search by tag: every game's headers of argv[1].
CHESS_BY_TAG = """
import sys
import chess.pgn
found = 0
with open(sys.argv[1], encoding="utf-8") as handle:
    while (headers := chess.pgn.read_headers(handle)) is not None:
        found += headers.get("Event") == "nowhere"
print(found)
"""


if __name__ == "__main__":
    main()
