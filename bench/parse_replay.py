"""Plies per second reading and replaying TGN records, against python-chess on PGN.

Both sides get games of the same length (random legal games, seeded), read from
one in-memory file and replayed turn by turn; prints each rate and their ratio.

With --whole-process, both files are written to a temporary folder and each side is a
whole process, start-up included, as a user runs it: `ludoscribe check -q FILE` against
`python -c` reading and replaying the PGN file with python-chess (50 games of 120
plies make the 6,000-turn files of docs/contributing.md#start-up).

With --file, the records read are those of a TGN file (as `ludoscribe generate` writes
them), and python-chess replays games of --plies plies, about as many plies in all.

With --variants, the games cycle through the usual rules and each Variant option of the game
(a numbered one with 3); with --variations K, every K-th turn of the main line has a variation
(another legal turn and up to four more), which the check replays too: the turns counted are
all those replayed, variations included, and python-chess replays as many moves.

    python bench/parse_replay.py [--game Teblo] [--games 200] [--plies 120] [--seconds 3] [--whole-process]
                                 [--file RECORDS.tgn] [--variants] [--variations K]
"""

from __future__ import annotations

import argparse
import io
import random
import re
import sys
import tempfile
from pathlib import Path

import chess
import chess.pgn

from timing import add_cpu_option, process_rates, rates

from ludoscribe.notation import check, read_records
from ludoscribe.notation.games import History, IllegalTurn, game_class
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.writer import write_record


def variants(game: str) -> list[str]:
    """The usual rules ("") and each Variant option the game understands alone (N as 3)."""
    known = []
    for option in sorted(game_class(game).options):
        try:
            game_class(game)(re.sub(r" N$", " 3", option))
        except ValueError:
            continue
        known.append(re.sub(r" N$", " 3", option))
    return ["", *known]


def played(rules, position, history, turn):
    """The position after `turn`, or None when the turn ends the game (a record here stays unfinished)."""
    try:
        after = rules.apply(position, turn)
    except IllegalTurn:  # the game was over without a winner by the rules (the players decide)
        return None
    history.push(turn, after)
    return None if rules.outcome(after, history) is not None else after


def side_line(rules, position, history, main_turn, rng: random.Random) -> list[Node]:
    """Another legal turn than `main_turn` from `position`, and up to four random turns after it."""
    line, history = [], history.copy()
    turn = next((turn for turn in (rules.random_turn(position, rng) for _ in range(8)) if turn != main_turn), None)
    while turn is not None and len(line) < 5 and (after := played(rules, position, history, turn)) is not None:
        line.append(Node(turn))
        position, turn = after, rules.random_turn(after, rng)
    return line


def tgn_file(game: str, games: int, plies: int, rng: random.Random, all_variants: bool = False,
             every: int = 0) -> tuple[bytes, int]:
    """TGN text of `games` random legal games of at most `plies` turns, each stopped before a turn
    that would end it, in each variant in turn if asked, with a variation every `every` turns if asked;
    and the turns they hold in all."""
    names = variants(game) if all_variants else [""]
    texts, turns = [], 0
    while len(texts) < games:
        variant = names[len(texts) % len(names)]
        rules = game_class(game)(variant)
        position, moves = rules.start_position(), []
        history = History(position)
        while len(moves) < plies and (turn := rules.random_turn(position, rng)) is not None:
            line = side_line(rules, position, history, turn, rng) if every and len(moves) % every == every - 1 else []
            after = played(rules, position, history, turn)
            if after is None:
                break
            moves.append(Node(turn, variations=[line] if line else []))
            turns += 1 + len(line)
            position = after
        tags = {"Event": "bench", "Round": str(len(texts) + 1), **({"Variant": variant} if variant else {})}
        texts.append(write_record(Record(tags=tags, moves=moves, game=rules, start=rules.start_position())))
    return "\n".join(texts).encode(), turns


def turns_in(line: list[Node]) -> int:
    """The turns of a line, its variations' included."""
    return sum(1 + sum(turns_in(variation) for variation in node.variations) for node in line)


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
    parser.add_argument("--variants", action="store_true", help="Games in each Variant option of the game in turn.")
    parser.add_argument("--variations", type=int, default=0, metavar="K",
                        help="A variation every K turns of the main line.")
    args = parser.parse_args()
    rng = random.Random(2026)
    if args.file is None:
        tgn, plies = tgn_file(args.game, args.games, args.plies, rng, args.variants, args.variations)
    else:
        tgn = args.file.read_bytes()
        records = list(read_records(io.BytesIO(tgn)))
        plies = sum(turns_in(record.moves) for record in records)
        args.game, args.games, args.plies = records[0].tags["Game"], len(records), round(plies / len(records))
    pgn, chess_plies = chess_file(-(-plies // args.plies), args.plies, rng)  # as many moves, in games as long
    if args.whole_process:
        ours, theirs = whole_process(tgn, pgn, (plies, chess_plies), 2 * args.seconds, args.cpu)
    else:
        ours, theirs = rates(lambda: replay_tgn(tgn), lambda: replay_chess(pgn), (plies, chess_plies),
                             2 * args.seconds)
    print(f"{args.games} games of {args.plies} plies each" + (", every variant" if args.variants else "")
          + (f", a variation every {args.variations} turns ({plies} turns replayed)" if args.variations else "")
          + (", whole processes" if args.whole_process else "")
          + (", processor time" if args.whole_process and args.cpu else ""))
    print(f"ludoscribe, {args.game} TGN read + replay{' (ludoscribe check)' if args.whole_process else ''}: "
          f"{ours:10.0f} plies/s")
    print(f"python-chess, PGN read + replay: {theirs:10.0f} plies/s")
    print(f"ratio (ludoscribe / python-chess): {ours / theirs:.2f}")


if __name__ == "__main__":
    main()
