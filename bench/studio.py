"""`ludoscribe studio` on a long annotated record and a large folder, on this machine
(docs/annotating.md).

1. An edit saved and redrawn: a record of --turns random legal turns (Teblo unless --game)
   with --variations variations of one to three turns, in a file of its own. Through the
   studio's API, in process (Starlette's test client), each edit is sent as the page sends
   it and its answer is the page's new state: the edit checked, the file written atomically
   under its lock, and the board (SVG) and move list (HTML) drawn again. Three kinds of
   edit, --edits of each, at turns spread over the record: a turn added (a new variation),
   an arrow drawn, a comment typed. Prints the median and the 95th percentile of each kind
   and of all of them.
2. A folder of --records records (corpus records copied, one a file): the records listed
   (`/api/records`) by a studio just started, median and 95th percentile of --rounds starts.

    python bench/studio.py [--game Teblo] [--turns 300] [--variations 60] [--edits 40] [--records 1000]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ludoscribe.notation import editing
from ludoscribe.notation.editing import path_text
from ludoscribe.notation.games import History, game_class
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.reader import read_file
from ludoscribe.notation.replay import check
from ludoscribe.notation.writer import write_record
from ludoscribe.render.studio.app import create_app

TOKEN = "bench-token"
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def long_record(game: str, turns: int, variations: int, rng: random.Random) -> Record:
    """A record of `turns` random legal turns and `variations` variations of one to three turns."""
    rules = game_class(game)()
    for _ in range(100):
        history = History(rules.start_position())
        moves: list[Node] = []
        while len(moves) < turns and rules.outcome(history.position, history) is None:
            turn = rules.random_turn(history.position, rng)
            played = rules.play(history.position, turn) if turn is not None else None
            if played is None or played.after is None:
                break
            history.push(played.turn, played.after)
            moves.append(Node(played.turn))
        if len(moves) == turns:
            break
    else:
        raise SystemExit(f"no game of {game} lasted {turns} turns: choose another --game")
    tags = {"Game": rules.name, "Event": "Bench", "Result": "*"}
    record = Record(tags=tags, moves=moves, game=rules, start=rules.start_position())
    added = 0
    for at in rng.sample(range(1, turns - 4), turns - 5):
        added += add_variation(record, (at - 1,), rng)
        if added == variations:
            break
    return record


def add_variation(record: Record, after: tuple[int, ...], rng: random.Random) -> bool:
    """A variation of one to three random turns played after the turn at `after`, if one is legal."""
    rules = record.rules
    for _ in range(20):
        history = editing.history_at(record, after)
        turn = rules.random_turn(history.position, rng)
        if turn is None:
            return False
        path = editing.play(record, after, rules.turn_text(turn))
        if len(path) > 1:
            for _ in range(rng.randint(0, 2)):
                reply = rules.random_turn(editing.position_at(record, path), rng)
                if reply is None or rules.outcome(editing.position_at(record, path)) is not None:
                    break
                path = editing.play(record, path, rules.turn_text(reply))
            return True
    return False


def timed(client: TestClient, data: dict[str, Any]) -> float:
    started = time.perf_counter()
    answer = client.post("/api/edit", json=data, headers={"X-Studio-Token": TOKEN})
    spent = time.perf_counter() - started
    assert answer.status_code == 200, answer.text
    return spent


def figures(name: str, times: list[float]) -> None:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    print(f"  {name:<22} median {statistics.median(times) * 1000:7.1f} ms   95th percentile {p95 * 1000:7.1f} ms"
          f"   ({len(times)} edits)")


def edits(arguments: argparse.Namespace, folder: Path) -> None:
    rng = random.Random(arguments.seed)
    record = long_record(arguments.game, arguments.turns, arguments.variations, rng)
    check(record)
    path = folder / "long.tgn"
    path.write_text(write_record(record), encoding="utf-8")
    [read] = read_file(path)
    count = sum(1 for _ in _variations(read.moves))
    print(f"{arguments.game}: a record of {len(read.moves)} turns and {count} variations "
          f"({path.stat().st_size // 1024} KB)")
    kinds: dict[str, list[float]] = {"turn added": [], "arrow drawn": [], "comment typed": []}
    cells = list(record.rules.cells(record.start_position))
    with TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8010") as client:
        client.get("/api/record", params={"file": "long.tgn", "record": 0, "at": ""})  # opened, as the page does
        for number in range(arguments.edits):
            at = path_text((rng.randrange(1, arguments.turns - 1),))
            base = {"file": "long.tgn", "record": 0, "at": at}
            legal = editing.position_at(client.app.state.workspace.file("long.tgn").record(0), editing.read_path(at))
            turn = record.rules.random_turn(legal, rng)
            if turn is not None:
                kinds["turn added"].append(timed(client, {**base, "action": "play",
                                                          "turn": record.rules.turn_text(turn)}))
            start, end = rng.sample(cells, 2)
            kinds["arrow drawn"].append(timed(client, {**base, "action": "markup", "kind": "arrow",
                                                       "item": f"{start}-{end} red"}))
            kinds["comment typed"].append(timed(client, {**base, "action": "comment",
                                                         "text": f"Comment number {number} on this turn"}))
    print("An edit saved and redrawn (the API's answer: the board and the move list):")
    for name, times in kinds.items():
        figures(name, times)
    figures("every edit", [spent for times in kinds.values() for spent in times])


def _variations(line: list[Node]) -> Any:
    for node in line:
        for variation in node.variations:
            yield variation
            yield from _variations(variation)


def listing(arguments: argparse.Namespace, folder: Path) -> None:
    sources = sorted(CORPUS.rglob("*.tgn"))
    texts = [source.read_text(encoding="utf-8") for source in sources]
    for number in range(arguments.records):
        (folder / f"record-{number:04d}.tgn").write_text(texts[number % len(texts)], encoding="utf-8")
    times = []
    for _ in range(arguments.rounds):
        started = time.perf_counter()
        with TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8010") as client:
            rows = client.get("/api/records").json()["records"]
        times.append(time.perf_counter() - started)
    ordered = sorted(times)
    print(f"A folder of {arguments.records} files ({len(rows)} records) listed by a studio just started: "
          f"median {statistics.median(times):.2f} s, slowest of {len(times)} {ordered[-1]:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="Teblo")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--variations", type=int, default=60)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as one, tempfile.TemporaryDirectory() as many:
        edits(arguments, Path(one))
        listing(arguments, Path(many))


if __name__ == "__main__":
    main()
