"""Figures on an archive, per game: results by side, lengths, openings and their scores,
and how games end (docs/archive.md#figures-stats).

Only records that read and replay without problems are counted; the others are
counted apart. A game read twice is counted once: each record counted carries its digest
under a rule of notation/archive/duplicates.py, for the caller to tell copies apart. An opening
is the first turns played from the game's start position (a record set up elsewhere has
none). A game's end is counted by its ending code (docs/format.md#ending-codes), never by
its words: every game ended by the same rule falls in one line, shown in the code's general
words (`Worded.general`); a result the rules did not reach counts under `recorded` or
`result-recorded`, as a diagram's caption says it.

The figures are kept per game and set of rules: records whose Variant options come to the
same rules (Staku with no Variant and with `Staku-3`) are one group, and each other set of
options is a group of its own, so that the first side's score under a variant can be put
beside its score under the usual rules (notation/archive/balance.py).
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, NamedTuple, TypeVar

from .balance import Difference, Estimate, Moments, Score, difference, first_side_score, score_of, share
from .course import TENTHS, Course, course
from .duplicates import SAME_RECORD, Rule
from ..games import History, Outcome, Worded, display_name
from ..languages import GAME_WORD, Words
from ..model import Problem, Record
from ..reader import read_moves
from ..replay import check, recorded_ending

E = TypeVar("E")  # an entry of `counts`: a record, or what holds it



class Counted(NamedTuple):
    """What the figures keep of one record that replayed without problems (a named tuple: one is made
    for every record counted)."""

    game: str  # its display name
    variant: str  # the options in force beyond the usual rules (Game.variant_name), "" for those
    sides: tuple[str, str]
    result: str
    length: int  # turns on the main line
    opening: tuple[str, ...] | None  # its first turns from the start, if it has as many as an opening counts
    ending: Worded | None  # how it ended: the ending's code (the rules', else the record's result's); None if unfinished
    key: bytes = b""  # its digest under the rule telling copies apart (notation/archive/duplicates.py)
    course: Course | None = None  # how it went (notation/archive/course.py), when asked for


def counted(record: Record, outcome: Outcome | None, opening_turns: int, rule: Rule = SAME_RECORD,
            played: History | None = None) -> Counted:
    """What the figures keep of a record replayed without problems, `outcome` the end its replay found;
    with the main line `played`, how it went too."""
    moves, game = record.moves, record.rules
    from_start = record.start == game.start_position()
    opening = (tuple(game.turn_text(node.turn) for node in moves[:opening_turns])
               if from_start and len(moves) >= opening_turns else None)
    ended = outcome or recorded_ending(record)
    ending = None if ended is None else ended.ending
    return Counted(display_name(game.name), game.variant_name(), game.sides, record.result, len(moves), opening, ending,
                   rule.key(record), None if played is None else course(game, played))


@dataclass
class GameFigures:
    """What an archive holds of one game under one set of rules."""

    game: str
    variant: str  # "" for the usual rules
    sides: tuple[str, str]
    opening_turns: int
    records: int = 0
    results: Counter[str] = field(default_factory=Counter)  # "1-0", "0-1", "1/2-1/2", "*"
    lengths: list[int] = field(default_factory=list)  # turns on each main line
    openings: dict[tuple[str, ...], Counter[str]] = field(default_factory=dict)  # first turns -> results
    endings: Counter[Worded] = field(default_factory=Counter)  # the code of how each finished game ended
    # How the games went, when counted with them (notation/archive/course.py), one figure per game:
    unlisted: int = 0  # games whose rules cannot list every turn
    branching: Moments = field(default_factory=Moments)  # a game's mean number of legal turns
    tenths: list[Moments] = field(default_factory=lambda: [Moments() for _ in range(TENTHS)])  # a game's mean in each
    lead_changes: Moments = field(default_factory=Moments)

    def add(self, counted: Counted) -> None:
        self.records += 1
        self.results[counted.result] += 1
        self.lengths.append(counted.length)
        if counted.opening is not None:
            if (results := self.openings.get(counted.opening)) is None:
                results = self.openings[counted.opening] = Counter()
            results[counted.result] += 1
        if counted.ending is not None:
            self.endings[counted.ending] += 1
        if counted.course is not None:
            self._add_course(counted.course)

    def _add_course(self, course: Course) -> None:
        self.lead_changes.add(course.lead_changes)
        if course.branching is None:
            self.unlisted += 1
            return
        if course.mean_branching is not None:
            self.branching.add(course.mean_branching)
        for moments, mean in zip(self.tenths, course.branching):
            if mean is not None:
                moments.add(mean)

    @property
    def label(self) -> str:
        return group_label(self.game, self.variant)

    def label_in(self, words: Words) -> str:
        """The label in the language of `words`: the variant's options said as the games' catalogue says them."""
        return group_label(self.game, rules_in(self.variant, words))

    def score(self, results: Counter[str]) -> float | None:
        """The first side's share of the points in finished games (a draw is half); None if none finished."""
        return score_of(results)

    def first_side_score(self) -> Score | None:
        """The first side's score over all its finished games, with its 95% interval; None if none finished."""
        return first_side_score(self.results)

    def outcome_shares(self) -> dict[str, Estimate | None]:
        """The shares of all games decided (a side won), drawn and unfinished, each with its interval."""
        results, records = self.results, self.records
        return {"decided": share(results["1-0"] + results["0-1"], records), "drawn": share(results["1/2-1/2"], records),
                "unfinished": share(results["*"], records)}

    def mean_length(self) -> Estimate | None:
        """The mean number of turns of a game (an unfinished one with the turns it has), with its interval."""
        turns = Moments()
        for length in self.lengths:
            turns.add(length)
        return turns.estimate()

    def mean_branching(self) -> Estimate | None:
        """The mean over games of a game's mean number of legal turns; None if not counted."""
        return self.branching.estimate()

    def branching_through(self) -> list[Estimate | None]:
        """For each tenth of the game, the mean over games of that tenth's mean number of legal turns."""
        return [moments.estimate() for moments in self.tenths]

    def mean_lead_changes(self) -> Estimate | None:
        """The mean number of lead changes in a game; None if not counted."""
        return self.lead_changes.estimate()

    def ending_share(self, code: Worded) -> Estimate | None:
        """The share of the finished games that ended by `code`, with its interval; None if none ended."""
        return share(self.endings[code], sum(self.endings.values()))

    def length_summary(self) -> dict[str, float]:
        lengths = sorted(self.lengths)
        return {"shortest": lengths[0], "median": statistics.median(lengths), "longest": lengths[-1]} if lengths else {}


@dataclass
class Figures:
    """Figures per game and set of rules (by their label), and how many records could not be counted."""

    games: dict[str, GameFigures] = field(default_factory=dict)
    unreadable: int = 0

    def by_game(self) -> dict[str, list[GameFigures]]:
        """The groups of each game, the games in the order they were first read, and in each
        the usual rules first (see `usual`), then the variants in the order they were first read."""
        games: dict[str, list[GameFigures]] = {}
        for group in self.games.values():
            games.setdefault(group.game, []).append(group)
        for groups in games.values():
            base = usual(groups)
            groups.sort(key=lambda group: group is not base)
        return games


def group_label(game: str, variant: str) -> str:
    """The game's name, then the options of a variant in brackets: `Staku (Staku-2)`."""
    return f"{game} ({variant})" if variant else game


def rules_in(variant: str, words: Words) -> str:
    """A variant's name (`Game.variant_name`: options joined by ", ") in the language of `words`, each option
    as the games' catalogue says it (a mode's number kept: `sudden death 30`, `mort subite 30`)."""
    said = []
    for option in variant.split(", ") if variant else []:
        name, _, number = option.rpartition(" ")
        numbered = f"{name} N"  # the option as `options` spells it
        if name and number.isdigit() and (template := words.pgettext(GAME_WORD, numbered)).endswith(" N"):
            said.append(template[:-1] + number)
        else:
            said.append(words.pgettext(GAME_WORD, option))
    return ", ".join(said)


def usual(groups: list[GameFigures]) -> GameFigures:
    """The group that a game's variants are compared with: the one without Variant options,
    or, when every record used some, the group with the most records (the first read of equals)."""
    return next((group for group in groups if not group.variant), None) or max(groups, key=lambda group: group.records)


def compared(groups: list[GameFigures]) -> list[tuple[GameFigures, Difference | None]]:
    """Each group of a game but the usual one, with its first side's score minus the usual
    one's (None when either has fewer than two finished games)."""
    base = usual(groups)
    return [(group, difference(group.results, base.results)) for group in groups if group is not base]


def gather(records: Iterable[Record], opening_turns: int = 2, jobs: int = 1, courses: bool = False) -> Figures:
    """Replay and count every record (records with problems are only counted as such; copies are
    counted as many times as they are read: see `counts`); with `courses`, how each game went too."""
    return tally((one for _, one in counts(records, lambda record: record, opening_turns, jobs, courses=courses)),
                 opening_turns)


def counts(entries: Iterable[E], record_of: Callable[[E], Record | Counted], opening_turns: int = 2, jobs: int = 1,
           rule: Rule = SAME_RECORD, courses: bool = False) -> Iterator[tuple[E, Counted | None]]:
    """(entry, what the figures keep of its record) for each entry, in order; None for a record
    with problems, which are then on the record. An entry may hold what the figures keep of its
    record already (read from a Parquet folder's columns: notation/archive/folder_figures.py),
    which is taken as it is. Each Counted carries the record's digest
    under `rule`, so that the caller can leave out a game read twice
    (notation/archive/duplicates.py `SeenGames.seen`).

    jobs: with more than one, records read for their tags only are read in full and
    replayed in that many worker processes (notation/archive/parallel.py); the answers are the same.
    courses: each Counted says how its game went too (notation/archive/course.py), which lists the
    legal turns at every position of the main line.
    """
    if jobs == 1:
        for entry in entries:
            record = record_of(entry)
            yield entry, record if isinstance(record, Counted) else _count(record, opening_turns, rule, courses)
        return
    from .parallel import in_order, record_task

    def task(entry: E) -> Any:
        record = record_of(entry)
        return None if isinstance(record, Counted) else record_task(record)

    for entry, answer in in_order(entries, task, _count_in_worker, jobs, _start_worker, (opening_turns, rule, courses)):
        record = record_of(entry)
        if isinstance(record, Counted):
            yield entry, record
        elif answer is None:
            yield entry, _count(record, opening_turns, rule, courses)
        else:
            record.problems.extend(answer[1])
            yield entry, answer[0]


def tally(counted: Iterable[Counted | None], opening_turns: int = 2) -> Figures:
    """The figures of the records counted (None: a record with problems)."""
    figures = Figures()
    for one in counted:
        if one is None:
            figures.unreadable += 1
            continue
        label = group_label(one.game, one.variant)
        if label not in figures.games:
            figures.games[label] = GameFigures(one.game, one.variant, one.sides, opening_turns)
        figures.games[label].add(one)
    return figures


def _count(record: Record, opening_turns: int, rule: Rule, courses: bool = False) -> Counted | None:
    """What the figures keep of a record, read in full; None if it has problems."""
    read_moves(record)
    replayed = None if record.problems else check(record)
    if record.problems or replayed is None:
        return None
    return counted(record, replayed.outcome, opening_turns, rule, replayed.history if courses else None)


_WORKER: dict[str, Any] = {}  # in a worker process: how many turns make an opening, the rule for copies, courses or not


def _start_worker(opening_turns: int, rule: Rule, courses: bool) -> None:
    _WORKER["opening_turns"], _WORKER["rule"], _WORKER["courses"] = opening_turns, rule, courses


def _count_in_worker(tasks: list[tuple[str, int, str]]) -> list[tuple[Counted | None, list[Problem]]]:
    from .parallel import read_task

    answers = []
    for task in tasks:
        record = read_task(task)
        answers.append((_count(record, _WORKER["opening_turns"], _WORKER["rule"], _WORKER["courses"]), record.problems))
    return answers
