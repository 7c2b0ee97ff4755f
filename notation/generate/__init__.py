"""Records of games played by programs, each the same for the same seed and number: for
practice, tests, benchmarks and for measuring a game's balance (docs/cli.md#generate).

Record N of a run draws every choice from its own random numbers, seeded from the run's
seed and N, so it is the same record however many records the run makes and however many
processes make them. With `jobs`, records are made in worker processes, in batches handed
out in order, and come back in record order; at most AHEAD batches a worker are out at a
time, so what is held does not grow with the number of records.
"""

from __future__ import annotations

import random
import shlex
from collections import deque
from concurrent.futures import Future
from dataclasses import dataclass
from functools import cached_property
from typing import Callable, Iterator, TypeVar

from ..archive.columnar import Rows, record_rows
from ..games import History, SomeGame, game_class
from ..model import Node, Record
from ..archive.parallel import AHEAD, pool_of, usable_jobs
from .players import Player, players_text, read_players
from ..reader import parse_record
from ..writer import write_record

BATCH = 16  # records a worker makes at a time
SOURCE = "generate"  # the source the rows of generated records name (docs/cli.md#generate)
R = TypeVar("R")


def play(rules: SomeGame, players: tuple[Player, Player], rng: random.Random, max_turns: int) -> tuple[list[Node], str]:
    """A game played from the start by the two players until it ends by the rules, or
    unfinished (`*`) after `max_turns` turns: its turns and its result."""
    history = History(rules.start_position())
    moves: list[Node] = []
    while len(moves) < max_turns:
        chosen = players[history.position.side].choose(rules, history, rng)
        if chosen is None:
            break
        turn, after = chosen  # as the rules complete it: what a scoresheet would play
        history.push(turn, after)
        moves.append(Node(turn))
        outcome = rules.outcome(history.position, history)
        if outcome is not None:
            return moves, outcome.result
    return moves, "*"


@dataclass(frozen=True)
class Generation:
    """What every record of a run shares: the game, its Variant options, the players as
    --players names them, the seed and the longest game. ValueError at once for a game, a
    variant or players that do not exist."""

    game: str
    variant: str = ""
    players_named: str = "random"
    seed: int = 0
    max_turns: int = 200
    pairs: bool = False  # records two by two from the same random numbers, the players' sides swapped in the second

    def __post_init__(self) -> None:
        read_players(self.players_named)
        game_class(self.game).shared(self.variant)

    @cached_property
    def rules(self) -> SomeGame:
        return game_class(self.game).shared(self.variant)

    @cached_property
    def players(self) -> tuple[Player, Player]:
        return read_players(self.players_named)

    @property
    def command(self) -> str:
        """The command that makes these records, the Annotator tag: any record of it is made
        again by it, with a --count reaching the record's Round."""
        variant = f" --variant {shlex.quote(self.variant)}" if self.variant else ""
        pairs = " --pairs" if self.pairs else ""
        return (f"ludoscribe generate {self.rules.name}{variant} --players {players_text(self.players)} "
                f"--seed {self.seed} --max-turns {self.max_turns}{pairs}")

    def players_of(self, number: int) -> tuple[Player, Player]:
        """The players of record `number`, first side first: in pairs, swapped in the second of a pair."""
        first, second = self.players
        return (second, first) if self.pairs and number % 2 == 0 else (first, second)

    def record(self, number: int) -> Record:
        """Record `number` (from 1) of the run, played with random numbers of its own, those
        of its pair in pairs (docs/cli.md#generate)."""
        drawn = (number + 1) // 2 if self.pairs else number
        record = self.played(number, random.Random(f"{self.seed}/{drawn}"))
        record.tags["Annotator"] = self.command
        return record

    def played(self, number: int, rng: random.Random) -> Record:
        """A game played with rng's numbers, numbered `number`; it names no command, not being one it makes."""
        rules = self.rules
        players = self.players_of(number)
        moves, result = play(rules, players, rng, self.max_turns)
        tags = {"Event": "Generated games", "Site": "?", "Date": "????.??.??", "Round": str(number)}
        for side, player in zip(rules.sides, players):
            tags[side] = f"{player.name.title()} {side}"
        if self.variant:
            tags["Variant"] = self.variant
        return Record(tags=tags, moves=moves, result=result, game=rules, start=rules.start_position())

    def text(self, number: int) -> str:
        """The TGN text of record `number`."""
        return write_record(self.record(number))

    def rows(self, number: int) -> Rows:
        """The Parquet rows of record `number`, as `export` makes them from its TGN text."""
        text = self.text(number)
        rows = record_rows(parse_record(text, 1, SOURCE), SOURCE, number)
        if rows is None:  # the rules made it: it cannot have problems
            raise AssertionError(f"record {number} of {self.command} has problems")
        return rows


def texts(generation: Generation, count: int, jobs: int = 1, cluster: str | None = None) -> Iterator[str]:
    """The TGN texts of records 1 to `count`, in order, made in `jobs` processes (or on `cluster`: see `_made`)."""
    return _made(generation, count, jobs, _texts, cluster)


def texts_and_results(generation: Generation, count: int, jobs: int = 1,
                      cluster: str | None = None) -> Iterator[tuple[str, str]]:
    """The TGN texts of records 1 to `count` with their results, in order, made in `jobs` processes (or on `cluster`)."""
    return _made(generation, count, jobs, _texts_and_results, cluster)


def rows(generation: Generation, count: int, jobs: int = 1, cluster: str | None = None) -> Iterator[Rows]:
    """The Parquet rows of records 1 to `count`, in order, made in `jobs` processes (or on
    `cluster`): those that `export` makes of the TGN text of the run (`texts` joined by blank
    lines), each record's text and first line as that text holds them."""
    line = 1
    for each in _made(generation, count, jobs, _rows, cluster):
        if each.game["index"] < count:
            each.game["tgn"] += "\n"  # the blank line before the next record, read with it
        each.game["line"] = line
        line += each.game["tgn"].count("\n")
        yield each


def random_record(game: str, rng: random.Random, max_turns: int = 200, round_: int = 1) -> Record:
    """A record of random turns drawn from `rng`, numbered `round_`."""
    return Generation(game, max_turns=max_turns).played(round_, rng)


def random_records(game: str, count: int, seed: int, max_turns: int = 200) -> Iterator[Record]:
    """`count` records of random turns, numbered by their Round tag."""
    generation = Generation(game, seed=seed, max_turns=max_turns)
    return (generation.record(number) for number in range(1, count + 1))


def random_text(game: str, count: int, seed: int, max_turns: int = 200) -> str:
    """The TGN text of `count` records of random turns, separated by blank lines."""
    return "\n".join(texts(Generation(game, seed=seed, max_turns=max_turns), count))


def _texts(generation: Generation, numbers: range) -> list[str]:
    return [generation.text(number) for number in numbers]


def _texts_and_results(generation: Generation, numbers: range) -> list[tuple[str, str]]:
    records = [generation.record(number) for number in numbers]
    return [(write_record(record), record.result) for record in records]


def _rows(generation: Generation, numbers: range) -> list[Rows]:
    return [generation.rows(number) for number in numbers]


def _made(generation: Generation, count: int, jobs: int, make: Callable[[Generation, range], list[R]],
          cluster: str | None = None) -> Iterator[R]:
    """make(generation, numbers) for records 1 to `count`, in batches of up to BATCH records
    (smaller when there are few, so that every worker has some), here, in worker processes, or
    on the Dask cluster `cluster` names (notation/archive/cluster.py)."""
    if cluster is None and usable_jobs(jobs, count) == 1:
        yield from (made for numbers in _batches(count, 1) for made in make(generation, numbers))
        return
    with pool_of(jobs, cluster, work=count) as (pool, processes):
        pending: deque[Future[list[R]]] = deque()
        batches = _batches(count, processes)
        for numbers in batches:
            if len(pending) >= AHEAD * processes:
                yield from pending.popleft().result()
            pending.append(pool.submit(make, generation, numbers))
        while pending:
            yield from pending.popleft().result()


def _batches(count: int, processes: int) -> Iterator[range]:
    """Records 1 to `count` in batches of up to BATCH, smaller when there are few for the processes."""
    size = min(BATCH, max(1, count // (AHEAD * processes)))
    return (range(start, min(start + size, count + 1)) for start in range(1, count + 1, size))
