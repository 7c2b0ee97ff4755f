"""Choosing records from an archive: conditions on tags, players, result, game, length,
opening turns, positions reached, comments and NAGs (docs/archive.md).

A `Query` holds conditions that must all hold. A condition on tags looks at the tags
alone, whatever the turns hold, so a search by tags never reads the turns. Every other
condition reads the record's turns and replays them under its rules (`needs_turns`): a
record whose turns cannot be read or replayed meets none of them. Each condition is built
from the text a user types on the command line, and says what is wrong with that text
(ValueError).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Callable, Iterable, Iterator, Sequence, TextIO

from .duplicates import SAME_GAME, SeenGames
from .games import display_name, plugin_for
from .limits import shorten
from .model import RESULTS, Problem, Record
from .reader import parse_record, read_moves
from .replay import check
from .walk import Step, Visitor, accept
from .writer import write_record

RANGE = re.compile(r"(?P<low>[^.]*(?:\.(?!\.)[^.]*)*)\.\.(?P<high>.*)")  # LOW..HIGH, either side may be empty
DATE = re.compile(r"[0-9?]{4}(?:\.[0-9?]{2}(?:\.[0-9?]{2})?)?")


@dataclass(frozen=True)
class Condition:
    """One condition: what the user wrote, the test it stands for, and whether that test
    reads the turns (the record is then read and replayed before it is tested)."""

    text: str
    test: Callable[[Record], bool]
    needs_turns: bool = False


class BadCondition(ValueError):
    """The text of a condition that cannot be a condition; `builder` names its kind (an option)."""

    def __init__(self, builder: str, message: str) -> None:
        super().__init__(message)
        self.builder = builder


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
        """The query of these (builder, text) pairs; BadCondition from the first bad text.

        A position, an opening or cells are checked against the games that game
        conditions name, or against every game known when none does."""
        specs = list(specs)
        games = None
        named = [text for builder, text in specs if builder == "game_condition"]
        if named:
            try:
                plugins = {plugin.name: plugin for plugin in map(plugin_for, named)}
                games = [plugin.rules_class() for plugin in plugins.values()]
            except ValueError as error:
                raise BadCondition("game_condition", str(error)) from None
        conditions = []
        for builder, text in specs:
            try:
                if builder in ON_GAMES:
                    conditions.append(BUILDERS[builder](text, games))
                else:
                    conditions.append(BUILDERS[builder](text))
            except ValueError as error:
                raise BadCondition(builder, str(error)) from None
        return cls(conditions, specs)

    def in_workers(self, jobs: int, unique: bool) -> bool:
        """Whether `choose` reads and replays turns in `jobs` worker processes: when there are
        several, turns are wanted (or --unique), and the query can be built again there."""
        return jobs > 1 and self.specs is not None and (unique or self.needs_turns)

    @property
    def needs_turns(self) -> bool:
        return any(condition.needs_turns for condition in self.conditions)

    def meets_tags(self, record: Record) -> bool:
        """Whether a record meets every condition on tags (those on turns aside)."""
        return all(condition.test(record) for condition in self.conditions if not condition.needs_turns)

    def matches(self, record: Record) -> bool:
        """Whether a record meets every condition. Conditions on tags look at the tags alone;
        for the others the record is read and replayed (once the tags are met), and a
        record whose turns cannot be read or replayed meets none of them."""
        if not self.meets_tags(record):
            return False
        if not self.needs_turns:
            return True
        return replayed(record) and all(condition.test(record) for condition in self.conditions
                                        if condition.needs_turns)


def replayed(record: Record) -> bool:
    """Read a record's turns and replay them under its rules; whether it has no problem."""
    read_moves(record)
    if not record.problems:
        check(record)
    return not record.problems


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def tag_condition(text: str) -> Condition:
    """NAME=VALUE (the whole value, case and spacing aside) or NAME~TEXT (found in the value)."""
    found = re.fullmatch(r"([A-Za-z0-9_]+)([=~])(.*)", text, re.DOTALL)
    if found is None:
        raise ValueError(f"{_shown(text)} is not NAME=VALUE or NAME~TEXT")
    name, how, wanted = found.group(1), found.group(2), _folded(found.group(3))
    if how == "=":
        return Condition(text, lambda record: _folded(record.tags.get(name, "")) == wanted)
    return Condition(text, lambda record: wanted in _folded(record.tags.get(name, "")))


def _range(text: str, what: str, parse: Callable[[str], Any]) -> tuple[Any, Any]:
    """LOW..HIGH, LOW.., ..HIGH or a single VALUE (both ends), each end parsed."""
    found = RANGE.fullmatch(text)
    low, high = (found["low"], found["high"]) if found else (text, text)
    if not low and not high:
        raise ValueError(f"{_shown(text)}: give at least one end of the {what} range (LOW..HIGH)")
    return (parse(low) if low else None), (parse(high) if high else None)


def _shown(text: str) -> str:
    """What a user wrote, quoted and cut short for a message."""
    return repr(shorten(text, 60))


def _within(value: Any, low: Any, high: Any) -> bool:
    return value is not None and (low is None or value >= low) and (high is None or value <= high)


def date_condition(text: str) -> Condition:
    """A Date range, YYYY[.MM[.DD]]..YYYY[.MM[.DD]]; a partial date stands for all its days."""

    def parse(end: str) -> str:
        if not DATE.fullmatch(end):
            raise ValueError(f"{_shown(end)} is not a date YYYY.MM.DD (month and day may be left out)")
        return end

    low, high = _range(text, "date", parse)
    low = low + ".00.00"[len(low) - 4:] if low else None  # 2024 -> 2024.00.00: before every day of 2024
    high = high + "\uffff" if high else None  # 2024.05 -> after every day of May 2024

    def test(record: Record) -> bool:
        date = record.tags.get("Date", "").strip()
        return DATE.fullmatch(date) is not None and "?" not in date[:4] and _within(date, low, high)

    return Condition(f"date {text}", test)


DIGITS = re.compile(r"[0-9]+")


def _number(digits: str) -> tuple[int, str]:
    """A whole number written in ASCII digits, as a key that orders numbers of any length
    (a tag may hold thousands of digits, beyond what int() converts)."""
    digits = digits.lstrip("0") or "0"
    return len(digits), digits


def _whole(end: str, what: str) -> tuple[int, str]:
    if not DIGITS.fullmatch(end):
        raise ValueError(f"{_shown(end)} is not a whole number of {what}")
    return _number(end)


def round_condition(text: str) -> Condition:
    """A Round range: 3, 3..5, 3.. (a round such as 2.1 counts as round 2)."""
    low, high = _range(text, "round", lambda end: _whole(end, "rounds"))

    def test(record: Record) -> bool:
        first = DIGITS.match(record.tags.get("Round", "").strip())
        return first is not None and _within(_number(first.group()), low, high)

    return Condition(f"round {text}", test)


def turns_condition(text: str) -> Condition:
    """The number of turns on the main line: 40, 40..60, ..30."""
    low, high = _range(text, "length", lambda end: _whole(end, "turns"))
    return Condition(f"turns {text}", lambda record: _within(_number(str(len(record.moves))), low, high),
                     needs_turns=True)


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
    """The result the record states beside its tags (the Result tag)."""
    if text not in RESULTS:
        raise ValueError(f"{_shown(text)} is not a result ({', '.join(RESULTS)})")
    return Condition(f"result {text}", lambda record: stated_result(record) == text)


def stated_result(record: Record) -> str | None:
    """The result a record states with its tags: its Result tag; a JSON record, which may leave
    the tag out, states it beside them (its "result"). The result at the end of a TGN
    movetext must be the same, or the record has a problem."""
    if "Result" in record.tags:
        return record.tags["Result"]
    return record.result if record.source is None else None


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


NAG = re.compile(r"\$?([0-9]{1,3})")


def nag_condition(text: str) -> Condition:
    """A turn carries this NAG: $N, or a glyph (!, ?, !!, ??, !?, ?!)."""
    from .model import GLYPHS

    number = NAG.fullmatch(text)
    wanted = GLYPHS[text] if text in GLYPHS else int(number[1]) if number else None
    if wanted is None or wanted > 255:
        raise ValueError(f"{_shown(text)} is not a NAG ($0 to $255, or ! ? !! ?? !? ?!)")
    return Condition(f"nag {text}", lambda record: any(wanted in node.nags for node in _nodes(record)),
                     needs_turns=True)


def opening_condition(text: str, games: Sequence[Any] | None = None) -> Condition:
    """The main line starts with these turns (written as in a record, numbers optional).

    The words must all be turns of one game among `games` (default: every game known);
    ValueError naming what was expected if they are not."""
    words = [word for word in text.split() if not re.fullmatch(r"[0-9]+\.(?:\.\.)?", word)]
    if not words:
        raise ValueError("give the opening's turns, e.g. \"D4 I9 D3\"")
    candidates = games if games is not None else _games()
    if not any(all(_is_turn(game, word) for word in words) for game in candidates):
        if len(candidates) == 1:
            game = candidates[0]
            wrong = next(word for word in words if not _is_turn(game, word))
            raise ValueError(f"{_shown(wrong)} is not a {display_name(game.name)} turn ({game.turn_example})")
        raise ValueError(f"{_shown(text)}: not the turns of one game ({_names(candidates)}); write them as "
                         "the game's records do")
    spelt: dict[tuple[Any, ...], tuple[str, ...]] = {}  # by game, variant and start: the turns as played

    def test(record: Record) -> bool:
        game = record.game
        key = (type(game), game.variant, record.start)
        if key not in spelt:
            spelt[key] = _played(game, record.start, words)
        wanted = spelt[key]
        played = [game.turn_text(node.turn) for node in record.moves[:len(wanted)]]
        return bool(wanted) and tuple(played) == wanted

    return Condition(f"opening {text}", test, needs_turns=True)


def _is_turn(game: Any, word: str) -> bool:
    try:
        game.read_turn(word)
    except ValueError:
        return False
    return True


def _names(games: Sequence[Any]) -> str:
    """'Teblo', 'Teblo or Staku', 'Teblo, Staku or Tektop': the games' names for readers."""
    names = [display_name(game.name) for game in games]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def position_condition(text: str, games: Sequence[Any] | None = None) -> Condition:
    """A position reached on the main line, given by its position code (the Position tag's
    form); the turn number in the code is not compared.

    The code must be a position of one game among `games` (default: every game known),
    under its own rules or a variant's; ValueError naming what was expected if it is not."""
    candidates = games if games is not None else _games()
    if not any(_reads_position(game, text) for game in candidates):
        if len(candidates) == 1:
            try:
                candidates[0].read_position(text)
            except ValueError as error:
                reason = str(error)
            raise ValueError(f"{_shown(text)} is not a {display_name(candidates[0].name)} position code: {reason}")
        raise ValueError(f"{_shown(text)} is not a position code of {_names(candidates)} (a position is "
                         "written as the Position tag of its game's records: see each game's page)")
    codes: dict[tuple[Any, ...], Any] = {}  # by game and variant: the position wanted, None if not one of theirs

    def wanted(game: Any) -> Any:
        key = (type(game), game.variant)
        if key not in codes:
            try:
                codes[key] = game.read_position(text)
            except ValueError:
                codes[key] = None
        return codes[key]

    def test(record: Record) -> bool:
        target = wanted(record.game)
        return target is not None and reaches(record, lambda position: position == target)

    return Condition(f"position {text}", test, needs_turns=True)


def _reads_position(game: Any, code: str) -> bool:
    """Whether the code is a position of the game, under its rules or those of a variant."""
    for rules in _with_variants(game):
        try:
            rules.read_position(code)
        except ValueError:
            continue
        return True
    return False


def _with_variants(game: Any) -> Iterator[Any]:
    """The game, then the same game under each of its variant options and each pair of them
    (an option taking a number given 1): some positions exist only in a variant."""
    yield game
    options = sorted(re.sub(r" N$", " 1", option) for option in game.options)
    for count in (1, 2):
        for chosen in combinations(options, count):
            try:
                yield type(game)(", ".join(chosen))
            except ValueError:  # options that exclude each other
                continue


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


def cells_condition(text: str, games: Sequence[Any] | None = None) -> Condition:
    """Cells holding given contents all at one moment of the main line (the start included):
    "D4=y H10=R", each cell named as the game's turns name it, its contents written as
    `Game.cells` writes them (the letters of the game's position code), - for an empty cell.

    A record of a game without all these cells, or whose cells never hold such contents,
    is not chosen; a text that fits no game among `games` (default: every game known) is
    refused (ValueError)."""
    wanted: dict[str, str] = {}
    for item in re.split(r"[\s,]+", text.strip()):
        found = CELL_GIVEN.fullmatch(item)
        if found is None:
            if not item:
                raise ValueError('give cells and what they hold, e.g. "D4=y H10=R" (- for an empty cell)')
            raise ValueError(f"{_shown(item)} is not CELL=CONTENTS (as in D4=y; - for an empty cell)")
        name, contents = found.groups()
        if name in wanted:
            raise ValueError(f"cell {name} is given twice")
        wanted[name] = "" if contents == "-" else contents
    candidates = games if games is not None else _games()
    if not any(_fits(game, wanted) for game in candidates):
        if games is not None:
            raise ValueError(f"{_shown(text.strip())} fits no cell of {_names(games)} (a cell is named as the "
                             "game's turns name it; what it holds is written as in the game's position code, "
                             "- for an empty cell)")
        raise ValueError(f"{_shown(text.strip())} fits no game (a cell is named as the "
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

    return Condition(f"cells {text}", test, needs_turns=True)


def _games() -> list[Any]:
    """One game of each kind Ludoscribe knows (no variant), to check the text of a condition against."""
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
            played = game.play(position, game.read_turn(word))
        except ValueError:
            return ()
        if played.reason is not None:
            return ()
        spelt.append(game.turn_text(played.turn))
        position = played.after
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


def judge(query: Query, record: Record, unique: bool = False, full: bool = False) -> tuple[bool, bytes | None]:
    """Whether a record is chosen, and with `unique` its digest under the rule of --unique
    (notation/duplicates.py `same_game`).

    A record with a problem is never chosen (its problems are on it, to be reported): the
    problems of its tags are always found; those of its turns when the turns are read and
    replayed, which a condition on turns does, and `unique`, `full` (a writer that needs
    the turns) and a record read from JSON (which has no text of its own to copy, so is
    written from what was read) do for the records that meet the conditions."""
    if record.problems or not query.matches(record):
        return False, None
    if (unique or full or record.source is None) and not query.needs_turns and not replayed(record):
        return False, None
    return True, SAME_GAME.key(record) if unique else None


Judged = tuple[str, int, Record, bool, "bytes | None"]  # (file, index, record, chosen, digest for --unique)


class Chosen:
    """The records of `sources` that meet a query, read one at a time; `failed` once a
    record with problems was met (each is handed to `rejected`, and never chosen).

    unique: keep the first record of each game (notation/duplicates.py `SAME_GAME`); each
    other copy is left out and described to `copy` as a one-line note (file names as they
    are: escape it for a terminal). jobs: with more than one, and a query built from specs,
    the records' turns are read and replayed in that many worker processes; this process
    reads the tags (give `sources` read for their tags only) and hands out the records in
    reading order, as one process does. full: hand out the chosen records read and
    replayed, for writers that need their turns (JSON).
    """

    def __init__(self, sources: Iterable[tuple[str, int, Record]], query: Query, *, unique: bool = False,
                 rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
                 copy: Callable[[str], None] = lambda note: None, jobs: int = 1, full: bool = False) -> None:
        self.sources, self.query, self.unique, self.full = sources, query, unique, full
        self.rejected, self.copy = rejected, copy
        self.failed = False
        self.records = self._walk(self._in_processes(jobs) if query.in_workers(jobs, unique) else self._here())

    def _here(self) -> Iterator[Judged]:
        """(path, index, record, chosen, digest for --unique) for each record, judged in this process."""
        for path, index, record in self.sources:
            yield path, index, record, *judge(self.query, record, self.unique, self.full)

    def _in_processes(self, jobs: int) -> Iterator[Judged]:
        """As _here, the turns of each record that meets the conditions on tags read, replayed
        and judged in one of `jobs` worker processes."""
        from .parallel import in_order, record_task

        def task(entry: tuple[str, int, Record]) -> tuple[str, int, str] | None:
            record = entry[2]
            return record_task(record) if self.query.meets_tags(record) else None

        for (path, index, record), verdict in in_order(self.sources, task, _judge, jobs, _start_worker,
                                                       (self.query.specs, self.unique)):
            if verdict is None:  # no text to hand over (JSON), a problem already, or tags not met
                yield path, index, record, *judge(self.query, record, self.unique, self.full)
                continue
            chosen, key, problems = verdict
            record.problems.extend(problems)
            if problems:
                record.unread = None  # what could not be read stays unread
            elif self.full and chosen and not replayed(record):  # read here too, to be written
                chosen = False
            yield path, index, record, chosen, key

    def _walk(self, judged: Iterator[Judged]) -> Iterator[Record]:
        seen = SeenGames(SAME_GAME)
        for path, index, record, chosen, key in judged:
            if record.problems:
                self.failed = True
                self.rejected(path, index, record)
            if not chosen:
                continue
            if key is not None and (first := seen.seen(path, index, key)) is not None:
                self.copy(seen.note(path, index, first, "kept"))
                continue
            yield record


_WORKER: dict[str, Any] = {}  # in a worker process: the query and --unique


def _start_worker(specs: list[tuple[str, str]], unique: bool) -> None:
    _WORKER["query"], _WORKER["unique"] = Query.build(specs), unique


def _judge(tasks: list[tuple[str, int, str]]) -> list[tuple[bool, bytes | None, list[Problem]]]:
    """In a worker: for each record's text, read for its tags as this process reads it, what
    `judge` says of it, and its problems."""
    verdicts = []
    for text, first_line, name in tasks:
        record = parse_record(text, first_line, name, moves=False)
        verdicts.append((*judge(_WORKER["query"], record, _WORKER["unique"]), record.problems))
    return verdicts


def choose(sources: Iterable[tuple[str, int, Record]], query: Query, **options: Any) -> Chosen:
    """The records of `sources` (path, index, record triples) meeting `query`; see Chosen."""
    return Chosen(sources, query, **options)


def write(records: Iterable[Record], out: TextIO, as_json: bool = False) -> int:
    """Write records as read (TGN: each record's own text; a record read from JSON in its
    canonical form) or as JSON; how many were written. The records must have no problem,
    and for JSON be read and replayed (as `Chosen` hands them out with `full`)."""
    if as_json:
        from .jsonio import write_json

        counted = [0]

        def each() -> Iterator[Record]:
            for record in records:
                counted[0] += 1
                yield record

        write_json(each(), out)
        return counted[0]
    written = 0
    for record in records:
        text = record.source.text if record.source is not None else write_record(record)
        out.write(("\n" if written else "") + text.strip("\n") + "\n")
        written += 1
    return written


# The condition builders by name, as Query.build and the command line name them.
BUILDERS: dict[str, Callable[..., Condition]] = {builder.__name__: builder for builder in (
    tag_condition, player_condition, date_condition, round_condition, result_condition, game_condition,
    variant_condition, turns_condition, opening_condition, position_condition, cells_condition,
    comment_condition, nag_condition)}
# The builders that check their text against the games chosen by --game (or every game).
ON_GAMES = frozenset({"opening_condition", "position_condition", "cells_condition"})
