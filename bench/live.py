"""`ludoscribe serve` under a club night's load, on this machine (docs/live.md#how-fast).

Starts the server on a fresh event folder, creates --boards games (the five games in
turn), opens --spectators event streams, then plays --turns turns (random legal ones, a
board at a time, one turn every --pace seconds) through the API as a scorer's phone does.
Prints:

- the time from a turn sent by the scorer (so its checking and saving included) to each
  spectator's stream delivering it, and to every spectator having it (median and 95th
  percentile);
- the server's memory (resident set size) with every stream open;
- the cost of one turn's checking and saving in the server (`EventFolder.apply`: the file
  read and replayed, the turn checked, the file written and synced), on a game of
  --plies turns.

    python bench/live.py [--boards 50] [--spectators 200] [--turns 300] [--pace 0.05]

With --before N the boards' games (--games, in turn) are in the folder with N turns each
when the server starts, and the turns sent go on from there: long games, whose every turn
saved must cost what a short game's does (docs/live.md#how-fast).

    python bench/live.py --games Tektop,TChako --before 120
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ludoscribe.notation.event import Action, EventFolder
from ludoscribe.notation.games import game_class
from ludoscribe.notation.scoresheet import Scoresheet

GAMES = ("Teblo", "Staku", "Tektop", "Tekao", "TChako")
CODE = "BENCH-CODE"


def random_turns(game: str, count: int, rng: random.Random) -> list[str]:
    """The texts of a random legal game's first turns (fewer if it ends before)."""
    rules = game_class(game)()
    position, texts = rules.start_position(), []
    while len(texts) < count and rules.outcome(position) is None:
        turn = rules.random_turn(position, rng)
        if turn is None:
            break
        played = rules.play(position, turn)
        turn, position = played.turn, played.after
        texts.append(rules.turn_text(turn))
    return texts


async def post(port: int, path: str, data: dict) -> tuple[int, dict]:
    """One API request, as a scorer's page sends it."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = json.dumps(data).encode()
    writer.write(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nX-Event-Code: {CODE}\r\n"
                 f"X-Device: bench-device\r\nContent-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode() + body)
    answer = await reader.read()
    writer.close()
    head, _, content = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), json.loads(content) if content.startswith(b"{") else {}


class Spectator:
    """One event stream: when each (game, turns) message arrived."""

    def __init__(self) -> None:
        self.arrived: dict[tuple[str, int], float] = {}
        self.ready = asyncio.Event()

    async def watch(self, port: int) -> None:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(b"GET /events HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\n\r\n")
        await writer.drain()
        while line := await reader.readline():
            if line.startswith(b"event: event"):
                self.ready.set()
            elif line.startswith(b"data: {") and b'"plies"' in line and b'"games"' not in line:
                data = json.loads(line[6:])
                self.arrived.setdefault((data["name"], data["plies"]), time.perf_counter())


def prepare(folder: str, games: list[str], boards: int, before: int, turns: int, rng: random.Random
            ) -> list[tuple[str, list[str]]]:
    """The boards' files, each game with `before` random turns; each board's name and script of turns."""
    prepared = []
    for board in range(boards):
        game = games[board % len(games)]
        texts = random_turns(game, before + turns, rng)
        sheet = Scoresheet.new(game, {"Round": "1", "Board": str(board + 1)})
        for text in texts[:before]:
            assert sheet.add_turn(text) is None
        name = f"round1-board{board + 1}.tgn"
        sheet.save(os.path.join(folder, name))
        prepared.append((name, texts))
    return prepared


async def play(port: int, boards: int, spectators: int, turns: int, pace: float, rng: random.Random,
               games: list[str], prepared: list[tuple[str, list[str]]], before: int) -> tuple[list[float], list[float]]:
    watchers = [Spectator() for _ in range(spectators)]
    tasks = [asyncio.create_task(watcher.watch(port)) for watcher in watchers]
    await asyncio.wait_for(asyncio.gather(*(watcher.ready.wait() for watcher in watchers)), 120)
    names, scripts = [name for name, _ in prepared], [script for _, script in prepared]
    for board in range(len(prepared), boards):
        game = games[board % len(games)]
        status, created = await post(port, "/api/games", {"game": game, "round": "1", "board": str(board + 1),
                                                          "players": [f"P{2 * board}", f"P{2 * board + 1}"]})
        assert status == 200, created
        names.append(created["name"])
        scripts.append(random_turns(game, turns, rng))
    saved: dict[tuple[str, int], float] = {}
    played = [before if prepared else 0] * boards
    for number in range(turns):
        board = number % boards
        if played[board] >= len(scripts[board]):
            continue
        text = scripts[board][played[board]]
        sent = time.perf_counter()
        status, answer = await post(port, f"/api/games/{names[board]}/actions",
                                    {"id": f"{board}-{played[board]}", "ply": played[board], "kind": "turn", "text": text})
        assert status == 200, answer
        played[board] += 1
        saved[names[board], played[board]] = sent
        await asyncio.sleep(pace)
    await asyncio.sleep(2)  # the last messages on their way
    each = [watcher.arrived[key] - at for key, at in saved.items() for watcher in watchers if key in watcher.arrived]
    missing = sum(1 for key in saved for watcher in watchers if key not in watcher.arrived)
    assert not missing, f"{missing} deliveries missing"
    every = [max(watcher.arrived[key] for watcher in watchers) - at for key, at in saved.items()]
    for task in tasks:
        task.cancel()
    return each, every


def rss(pid: int) -> int:
    """A process's resident memory, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def apply_cost(plies: int, rounds: int, rng: random.Random) -> list[float]:
    """Seconds for one turn applied and saved by EventFolder.apply on a Teblo game of `plies` turns."""
    texts = random_turns("Teblo", plies + rounds, rng)
    with tempfile.TemporaryDirectory() as folder:
        event = EventFolder(Path(folder))
        name, lock = event.new_game("Teblo", "1", "1", ("A", "B"))
        for ply, text in enumerate(texts[:plies]):
            event.apply(name, Action(f"w{ply}", ply, "turn", text))
        costs = []
        for ply in range(plies, min(len(texts), plies + rounds)):
            start = time.perf_counter()
            event.apply(name, Action(f"t{ply}", ply, "turn", texts[ply]))
            costs.append(time.perf_counter() - start)
        lock.release()
    return costs


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=50)
    parser.add_argument("--spectators", type=int, default=200)
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--pace", type=float, default=0.05, help="seconds between two turns, over all boards")
    parser.add_argument("--plies", type=int, default=60, help="length of the game for the cost of one turn")
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--games", default=",".join(GAMES), help="the boards' games, in turn")
    parser.add_argument("--before", type=int, default=0, help="turns each game has when the server starts")
    options = parser.parse_args()
    rng = random.Random(options.seed)
    games = options.games.split(",")
    with tempfile.TemporaryDirectory() as folder:
        prepared = prepare(folder, games, options.boards, options.before, options.turns, rng) if options.before else []
        server = subprocess.Popen([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", "serve",
                                   folder, "--port", "0", "--code", CODE], stdout=subprocess.PIPE, text=True)
        try:
            url = server.stdout.readline().strip()
            port = int(url.rstrip("/").rsplit(":", 1)[1])
            before = rss(server.pid)
            each, every = asyncio.run(play(port, options.boards, options.spectators, options.turns, options.pace, rng,
                                           games, prepared, options.before))
            after = rss(server.pid)
        finally:
            server.terminate()
            server.wait()
    costs = apply_cost(options.plies, 30, rng)
    print(f"{options.boards} boards ({', '.join(games)}, {options.before} turns each at the start), "
          f"{options.spectators} spectator streams, {len(every)} turns "
          f"(one every {options.pace:g} s), {os.cpu_count()} cores shared by server and clients")
    print(f"turn sent, checked, saved -> one spectator has it: median {statistics.median(each) * 1000:.1f} ms, "
          f"95th percentile {percentile(each, 0.95) * 1000:.1f} ms ({len(each)} deliveries)")
    print(f"turn sent, checked, saved -> every spectator has it: median {statistics.median(every) * 1000:.1f} ms, "
          f"95th percentile {percentile(every, 0.95) * 1000:.1f} ms")
    print(f"server memory (RSS): {before / 1024:.1f} MiB at start, {after / 1024:.1f} MiB with every stream open")
    print(f"one turn checked and saved, game of {options.plies} turns: median {statistics.median(costs) * 1000:.2f} ms, "
          f"95th percentile {percentile(costs, 0.95) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
