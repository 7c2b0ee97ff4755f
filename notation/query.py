"""Choosing records from an archive: conditions on tags, players, result, game, length,
opening turns, positions reached, comments and NAGs (docs/archive.md).

A `Query` holds conditions that must all hold. Those on tags need nothing but the tags;
the others need the record's turns, and those on turns and positions need the record
replayed under its rules (`needs_replay`). Each condition is built from the text a user
types on the command line, and says what is wrong with that text (ValueError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, TextIO

from .games import plugin_for
from .model import RESULTS, Problem, Record
from .reader import read_moves
from .replay import check
from .walk import Step, Visitor, accept
from .writer import write_record

RANGE = re.compile(r"(?P<low>[^.]*(?:\.(?!\.)[^.]*)*)\.\.(?P<high>.*)")  # LOW..HIGH, either side may be empty
DATE = re.compile(r"[0-9?]{4}(?:\.[0-9?]{2}(?:\.[0-9?]{2})?)?")


@dataclass(frozen=True)
class Condition:
    """One condition: what the user wrote, and the test it stands for."""

    text: str
    test: Callable[[Record], bool]
    needs_replay: bool = False
    needs_turns: bool = False


@dataclass
class Query:
    """Conditions that a record must all meet.

    specs: how the conditions were built, (builder, text) pairs such as
    ("player_condition", "Ann"), so that worker processes can build them again (`--jobs`).
    """

    conditions: list[Condition] = field(default_factory=list)
    specs: list[tuple[str, str]] | None = None

    @classmethod
    def build(cls, specs: Iterable[tuple[str, str]]) -> Query:
        """The query of these (builder, text) pairs; ValueError from the first bad text."""
        specs = list(specs)
        return cls([BUILDERS[builder](text) for builder, text in specs], specs)

    def in_workers(self, jobs: int, unique: bool) -> bool:
        """Whether `choose` reads and replays turns in `jobs` worker processes: when there are
        several, turns are wanted (or --unique), and the query can be built again there."""
        return jobs > 1 and self.specs is not None and (unique or self.needs_turns)

    @property
    def needs_replay(self) -> bool:
        return any(condition.needs_replay for condition in self.conditions)

    @property
    def needs_turns(self) -> bool:
        return any(condition.needs_turns for condition in self.conditions)

    def matches(self, record: Record) -> bool:
        """Whether a record meets every condition. A record whose turns cannot be read or
        replayed meets no condition on its turns (its tags may still be chosen)."""
        replayed = False
        for condition in self.conditions:
            if condition.needs_turns:
                read_moves(record)
                if record.problems:
                    return False
            if condition.needs_replay and not replayed:
                check(record)
                replayed = True
                if record.problems:
                    return False
            if not condition.test(record):
                return False
        return True


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def tag_condition(text: str) -> Condition:
    """NAME=VALUE (the whole value, case and spacing aside) or NAME~TEXT (found in the value)."""
    found = re.fullmatch(r"([A-Za-z0-9_]+)([=~])(.*)", text, re.DOTALL)
    if found is None:
        raise ValueError(f"{text!r} is not NAME=VALUE or NAME~TEXT")
    name, how, wanted = found.group(1), found.group(2), _folded(found.group(3))
    if how == "=":
        return Condition(text, lambda record: _folded(record.tags.get(name, "")) == wanted)
    return Condition(text, lambda record: wanted in _folded(record.tags.get(name, "")))


def _range(text: str, what: str, parse: Callable[[str], Any]) -> tuple[Any, Any]:
    """LOW..HIGH, LOW.., ..HIGH or a single VALUE (both ends), each end parsed."""
    found = RANGE.fullmatch(text)
    low, high = (found["low"], found["high"]) if found else (text, text)
    if not low and not high:
        raise ValueError(f"{text!r}: give at least one end of the {what} range (LOW..HIGH)")
    return (parse(low) if low else None), (parse(high) if high else None)


def _within(value: Any, low: Any, high: Any) -> bool:
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def date_condition(text: str) -> Condition:
    """A Date range, YYYY[.MM[.DD]]..YYYY[.MM[.DD]]; a partial date stands for all its days."""

    def parse(end: str) -> str:
        if not DATE.fullmatch(end):
            raise ValueError(f"{end!r} is not a date YYYY.MM.DD (month and day may be left out)")
        return end

    low, high = _range(text, "date", parse)
    low = low + ".00.00"[len(low) - 4:] if low else None  # 2024 -> 2024.00.00: before every day of 2024
    high = high + "\uffff" if high else None  # 2024.05 -> after every day of May 2024

    def test(record: Record) -> bool:
        date = record.tags.get("Date", "").strip()
        return DATE.fullmatch(date) is not None and "?" not in date[:4] and _within(date, low, high)

    return Condition(f"date {text}", test)


def _whole(end: str, what: str) -> int:
    if not end.isdigit():
        raise ValueError(f"{end!r} is not a whole number of {what}")
    return int(end)


def round_condition(text: str) -> Condition:
    """A Round range: 3, 3..5, 3.. (a round such as 2.1 counts as round 2)."""
    low, high = _range(text, "round", lambda end: _whole(end, "rounds"))

    def test(record: Record) -> bool:
        first = re.match(r"[0-9]+", record.tags.get("Round", "").strip())
        return first is not None and _within(int(first.group()), low, high)

    return Condition(f"round {text}", test)


def turns_condition(text: str) -> Condition:
    """The number of turns on the main line: 40, 40..60, ..30."""
    low, high = _range(text, "length", lambda end: _whole(end, "turns"))
    return Condition(f"turns {text}", lambda record: _within(len(record.moves), low, high), needs_turns=True)


def player_condition(text: str) -> Condition:
    """A player on either side: the text found in one of the two side tags, case aside."""
    wanted = _folded(text)
    if not wanted:
        raise ValueError("give a player's name (or part of it)")

    def test(record: Record) -> bool:
        sides = record.game.sides if record.game is not None else ()
        return any(wanted in _folded(record.tags.get(side, "")) for side in sides)

    return Condition(f"player {text}", test)


def result_condition(text: str) -> Condition:
    if text not in RESULTS:
        raise ValueError(f"{text!r} is not a result ({', '.join(RESULTS)})")
    return Condition(f"result {text}", lambda record: record.result == text)


def game_condition(text: str) -> Condition:
    name = plugin_for(text).name  # ValueError naming the games if unknown; the game is not imported
    return Condition(f"game {text}", lambda record: record.game is not None and record.game.name == name)


def variant_condition(text: str) -> Condition:
    """The Variant tag holds this option (or these words), case aside; `-` for no variant."""
    wanted = _folded(text)
    if wanted == "-":
        return Condition("no variant", lambda record: not record.tags.get("Variant", "").strip())
    return Condition(f"variant {text}", lambda record: wanted in _folded(record.tags.get("Variant", "")))


def comment_condition(text: str) -> Condition:
    """A comment anywhere in the record (variations included) holds the text, case aside."""
    wanted = _folded(text)

    def test(record: Record) -> bool:
        return any(wanted in _folded(comment) for comment in _comments(record))

    return Condition(f"comment {text}", test, needs_turns=True)


def nag_condition(text: str) -> Condition:
    """A turn carries this NAG: $N, or a glyph (!, ?, !!, ??, !?, ?!)."""
    from .model import GLYPHS

    wanted = GLYPHS.get(text) if text in GLYPHS else int(text.lstrip("$")) if text.lstrip("$").isdigit() else None
    if wanted is None or not 0 <= wanted <= 255:
        raise ValueError(f"{text!r} is not a NAG ($0 to $255, or ! ? !! ?? !? ?!)")
    return Condition(f"nag {text}", lambda record: any(wanted in node.nags for node in _nodes(record)),
                     needs_turns=True)


def opening_condition(text: str) -> Condition:
    """The main line starts with these turns (written as in a record, numbers optional)."""
    words = [word for word in text.split() if not re.fullmatch(r"[0-9]+\.(?:\.\.)?", word)]
    if not words:
        raise ValueError("give the opening's turns, e.g. \"D4 I9 D3\"")
    spelt: dict[tuple[str, str, Any], tuple[str, ...]] = {}  # by game, variant and start: the turns as played

    def test(record: Record) -> bool:
        key = (record.game.name, record.tags.get("Variant", ""), record.start)
        if key not in spelt:
            spelt[key] = _played(record.game, record.start, words)
        wanted = spelt[key]
        played = [record.game.turn_text(node.turn) for node in record.moves[:len(wanted)]]
        return bool(wanted) and tuple(played) == wanted

    return Condition(f"opening {text}", test, needs_replay=True, needs_turns=True)


def position_condition(text: str) -> Condition:
    """A position reached on the main line, given by its position code (the Position tag's
    form); the turn number in the code is not compared."""
    codes: dict[str, Any] = {}

    def wanted(record: Record) -> Any:
        name = record.game.name
        if name not in codes:
            try:
                codes[name] = record.game.read_position(text)
            except ValueError:
                codes[name] = None
        return codes[name]

    def test(record: Record) -> bool:
        target = wanted(record)
        if target is None:
            return False
        return reaches(record, lambda position: position == target)

    return Condition(f"position {text}", test, needs_replay=True, needs_turns=True)


def reaches(record: Record, meets: Callable[[Any], Any]) -> bool:
    """Whether a position of the record's main line (the start included) meets the test; the
    walk stops at the first that does."""
    if meets(record.start):
        return True
    first = _FirstMeeting(meets)
    accept(record, first, positions=True, variations=False)
    return first.found


class _FirstMeeting(Visitor):
    """Stops the main line at the first position after a turn that meets `meets`."""

    def __init__(self, meets: Callable[[Any], Any]) -> None:
        self.meets, self.found = meets, False

    def visit_turn(self, step: Step) -> bool | None:
        if self.meets(step.after):
            self.found = True
            return False
        return None


CELL_GIVEN = re.compile(r"([A-Za-z][A-Za-z0-9]*)=([^\s=,]+)")  # CELL=CONTENTS in --cells


def cells_condition(text: str) -> Condition:
    """Cells holding given contents all at one moment of the main line (the start included):
    "D4=y H10=R", each cell named as the game's turns name it, its contents written as
    `Game.cells` writes them (the letters of the game's position code), - for an empty cell.

    A record of a game without all these cells, or whose cells never hold such contents,
    is not chosen; a text that fits no game at all is refused (ValueError)."""
    wanted: dict[str, str] = {}
    for item in re.split(r"[\s,]+", text.strip()):
        found = CELL_GIVEN.fullmatch(item)
        if found is None:
            if not item:
                raise ValueError('give cells and what they hold, e.g. "D4=y H10=R" (- for an empty cell)')
            raise ValueError(f"{item!r} is not CELL=CONTENTS (as in D4=y; - for an empty cell)")
        name, contents = found.groups()
        if name in wanted:
            raise ValueError(f"cell {name} is given twice")
        wanted[name] = "" if contents == "-" else contents
    if not any(_fits(game, wanted) for game in _games()):
        raise ValueError(f"{text.strip()!r} fits no game (a cell is named as the "
                         "game's turns name it: D4 in Teblo, c3 in Staku, a1 in Tektop and Tekao, A in T'Chako; "
                         "what it holds is written as in the game's position code, - for an empty cell)")
    fitting: dict[tuple[Any, ...], bool] = {}  # by game and variant

    def test(record: Record) -> bool:
        game = record.game
        key = (type(game), game.variant)
        if key not in fitting:
            fitting[key] = _fits(game, wanted)
        if not fitting[key]:
            return False
        cells, pairs = game.cells, list(wanted.items())
        return reaches(record, lambda position: all(cells(position)[name] == contents for name, contents in pairs))

    return Condition(f"cells {text}", test, needs_replay=True, needs_turns=True)


def _games() -> list[Any]:
    """One game of each kind Ludoscribe knows (no variant), to see whether a --cells text fits one."""
    from .games import plugins
    from .games.plugins import BUILT_IN

    try:
        known = plugins()
    except ValueError:  # an installed game that cannot be loaded: the built-in ones still answer
        known = BUILT_IN
    games = []
    for plugin in known:
        try:
            games.append(plugin.rules_class())
        except Exception:  # noqa: BLE001 - a game that cannot be made here fits no text
            continue
    return games


def _fits(game: Any, wanted: dict[str, str]) -> bool:
    """Whether the game has these cells and its cells can hold such contents."""
    cells = game.cells(game.start_position())
    return all(name in cells and (not contents or re.fullmatch(game.cell_contents, contents) is not None)
               for name, contents in wanted.items())


def _played(game: Any, start: Any, words: list[str]) -> tuple[str, ...]:
    """The turns `words` played from `start`, spelt in full as a checked record spells them;
    () if one of them is not a legal turn there."""
    position, spelt = start, []
    for word in words:
        try:
            reason, turn, after = game.play(position, game.read_turn(word))
        except ValueError:
            return ()
        if reason is not None:
            return ()
        spelt.append(game.turn_text(turn))
        position = after
    return tuple(spelt)


def _nodes(record: Record) -> list[Any]:
    """Every turn of the record, variations included."""
    found, lines = [], [record.moves]
    while lines:
        for node in lines.pop():
            found.append(node)
            lines.extend(node.variations)
    return found


def _comments(record: Record) -> list[str]:
    texts = list(record.comments)
    for node in _nodes(record):
        texts += node.before + node.comments
    return texts


def same_game(record: Record) -> tuple[Any, ...]:
    """What makes two records the same game for --unique: the game, both players (case and
    spacing aside) and the main line's turns spelt in full; tags and annotations aside."""
    players = tuple(_folded(record.tags.get(side, "")) for side in record.game.sides)
    return record.game.name, players, tuple(record.game.turn_text(node.turn) for node in record.moves)


def judge(query: Query, unique: bool, record: Record) -> tuple[bool, tuple[Any, ...] | None]:
    """Whether a record meets the query, and with `unique` what makes it the same game as
    another (None if its turns cannot be read or replayed)."""
    matched = query.matches(record)
    if not unique:
        return matched, None
    read_moves(record)
    if not record.problems and not query.needs_replay:
        check(record)  # turns spelt in full, so that two spellings of one turn agree
    return matched, None if record.problems else same_game(record)


class Chosen:
    """The records of `sources` that meet a query, read one at a time; `failed` once a
    record with problems was met (each is handed to `rejected`).

    jobs: with more than one, and a query built from specs, the records' turns are read and
    replayed in that many worker processes; this process reads the tags (give `sources`
    read for their tags only) and hands out the records in reading order, as one process
    does. full: hand out the chosen records read (and replayed, if the query or `unique`
    replays them) as one process leaves them, for writers that need their turns (JSON).
    """

    def __init__(self, sources: Any, query: Query, *, unique: bool = False,
                 rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
                 copy: Callable[[str], None] = lambda note: None, jobs: int = 1, full: bool = False) -> None:
        self.sources, self.query, self.unique = sources, query, unique
        self.rejected, self.copy = rejected, copy
        self.failed = False
        self.records = self._walk(self._in_processes(jobs, full) if query.in_workers(jobs, unique) else self._here())

    def _here(self) -> Iterator[tuple[str, int, Record, bool, tuple[Any, ...] | None]]:
        """(path, index, record, matched, key for --unique) for each record, judged in this process."""
        for path, index, record in self.sources:
            yield path, index, record, *judge(self.query, self.unique, record)

    def _in_processes(self, jobs: int, full: bool) -> Iterator[tuple[str, int, Record, bool, tuple[Any, ...] | None]]:
        """As _here, each record read in full and judged in one of `jobs` worker processes (this
        one reads the tags), as one process reads them all in full when turns are wanted."""
        from .parallel import in_order, record_task

        for (path, index, record), verdict in in_order(self.sources, lambda entry: record_task(entry[2]), _judge,
                                                       jobs, _start_worker, (self.query.specs, self.unique)):
            if verdict is None:
                yield path, index, record, *judge(self.query, self.unique, record)
                continue
            matched, key, problems = verdict
            record.problems.extend(problems)
            if problems:
                record.unread = None  # what could not be read stays unread
            elif full and matched:
                judge(self.query, self.unique, record)  # as one process leaves it: read, replayed if need be
            yield path, index, record, matched, key

    def _walk(self, judged: Iterator[tuple[str, int, Record, bool, tuple[Any, ...] | None]]) -> Iterator[Record]:
        first: dict[tuple[Any, ...], tuple[str, int]] = {}
        for path, index, record, matched, key in judged:
            if record.problems:
                self.failed = True
                self.rejected(path, index, record)
            if not matched:
                continue
            if key is not None:
                if key in first:
                    earlier = first[key]
                    self.copy(f"{path}: record {index} is the same game as {earlier[0]}: record {earlier[1]} "
                              "(same players and turns): left out")
                    continue
                first[key] = (path, index)
            yield record


_WORKER: dict[str, Any] = {}  # in a worker process: the query and --unique


def _start_worker(specs: list[tuple[str, str]], unique: bool) -> None:
    _WORKER["query"], _WORKER["unique"] = Query.build(specs), unique


def _judge(tasks: list[tuple[str, int, str]]) -> list[tuple[bool, tuple[Any, ...] | None, list[Problem]]]:
    """In a worker: for each record's text, what `judge` says of it, and its problems."""
    from .parallel import read_task

    verdicts = []
    for task in tasks:
        record = read_task(task)
        verdicts.append((*judge(_WORKER["query"], _WORKER["unique"], record), record.problems))
    return verdicts


def choose(sources: Any, query: Query, **options: Any) -> Chosen:
    """The records of `sources` (path, index, record triples) meeting `query`; see Chosen."""
    return Chosen(sources, query, **options)


def write(records: Iterable[Record], out: TextIO, as_json: bool = False) -> int:
    """Write records as read (TGN, each record's own text) or as JSON (records read without
    problems only); how many were written."""
    if as_json:
        from .jsonio import write_json

        counted = [0]

        def kept() -> Iterator[Record]:
            for record in records:
                read_moves(record)
                if not record.problems:
                    counted[0] += 1
                    yield record

        write_json(kept(), out)
        return counted[0]
    written = 0
    for record in records:
        text = record.source.text if record.source is not None else write_record(record)
        out.write(("\n" if written else "") + text.strip("\n") + "\n")
        written += 1
    return written


# The condition builders by name, as Query.build and the command line name them.
BUILDERS: dict[str, Callable[[str], Condition]] = {builder.__name__: builder for builder in (
    tag_condition, player_condition, date_condition, round_condition, result_condition, game_condition,
    variant_condition, turns_condition, opening_condition, position_condition, cells_condition,
    comment_condition, nag_condition)}
