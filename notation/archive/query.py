"""A query: conditions a record must all meet (notation/archive/conditions.py), and what it says
of one record (docs/archive.md).

A search by tags never reads the turns. For a condition on the turns the record is read
and replayed under its rules, once its tags meet the query: a record whose turns cannot
be read or replayed meets none of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .conditions import BUILDERS, ON_GAMES, Condition
from .duplicates import SAME_GAME
from ..games.plugins import plugin_for
from ..model import Record
from ..problems import message_of
from ..reader import read_moves
from ..replay import check


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
                games = [plugin.rules() for plugin in plugins.values()]
            except ValueError as error:
                raise BadCondition("game_condition", message_of(error)) from None
        conditions = []
        for builder, text in specs:
            try:
                if builder in ON_GAMES:
                    conditions.append(BUILDERS[builder](text, games))
                else:
                    conditions.append(BUILDERS[builder](text))
            except ValueError as error:
                raise BadCondition(builder, message_of(error)) from None
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


def judge(query: Query, record: Record, unique: bool = False, full: bool = False) -> tuple[bool, bytes | None]:
    """Whether a record is chosen, and with `unique` its digest under the rule of --unique
    (notation/archive/duplicates.py `same_game`).

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
