"""Budgets of a published record: how much one record may make a page hold.

A record is small text, but each [%diagram] becomes a drawing and each position of
every variation a frame of the viewer: without a limit a 420 KB record made a 107 MB
page. A record over a budget is not published; the message names it, where and why
(docs/publishing.md#budgets), as a code with its parameters (BudgetProblem), said in the reader's
language. The defaults are far above any real game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast

from ..notation.annotations import MAX_PER_DIAGRAM, counted
from ..notation.languages import ENGLISH, Words
from ..notation.languages.numbers import decimal, numeral
from ..notation.model import Problem, ProblemCode, Record
from ..notation.problems import say, turn_label
from ..notation.walk import STOP, Step, Stop, Visitor, accept
from ..notation.worded import Param, Worded
from .wording import wants_diagram

class BudgetProblem(Worded):
    """Why a record is not published, by its code (docs/publishing.md#budgets); numbers are given as
    they are counted (a page's size in bytes) and said as the reader's language writes them."""

    TOO_MANY_POSITIONS = "too-many-positions", "not published: more than {limit} positions (turns of every line " \
        "and the start), the most one record's viewer shows (see Budgets in the publishing guide)"
    TOO_MANY_DIAGRAMS = "too-many-diagrams", "not published: more than {limit} [%diagram] diagrams, the most one " \
        "record's page shows (see Budgets in the publishing guide)"
    DIAGRAM_TOO_BUSY = "diagram-too-busy", "not published: its diagram would draw more than {limit} marks, arrows, " \
        "labels and dimmed cells, the most one diagram draws (see Budgets in the publishing guide)"
    TOO_MANY_ANNOTATIONS = "too-many-annotations", "not published: more than {limit} marks, arrows, labels and " \
        "dimmed cells, the most one record's page draws (see Budgets in the publishing guide)"
    PAGE_TOO_LARGE = "page-too-large", "not published: its page would take {size} MB, more than the {limit} MB one " \
        "record's page may take (see Budgets in the publishing guide)"

    def say(self, params: Mapping[str, Param], words: Words | None = None) -> str:
        if self is BudgetProblem.PAGE_TOO_LARGE:  # sizes in bytes, said in megabytes as the language writes them
            language = words.language if words is not None else ENGLISH
            size, limit = cast(int, params["size"]), cast(int, params["limit"])
            params = {**params, "size": decimal(size / 1e6, 1, language), "limit": numeral(f"{limit / 1e6:g}", language)}
        return super().say(params, words)


@dataclass(frozen=True)
class Budgets:
    """The most one record's page may hold."""

    diagrams: int = 200  # [%diagram] drawings in the move list
    positions: int = 5000  # positions of the viewer (frames), variations included
    page_bytes: int = 10_000_000  # the record's HTML fragment
    annotations: int = 10_000  # [%mark], [%arrow], [%label] and [%dim] items of every turn
    annotations_per_diagram: int = MAX_PER_DIAGRAM  # those of one turn, drawn on its diagram


DEFAULT = Budgets()


class BudgetError(ValueError):
    """A record's page would exceed a budget; the problem says where and why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


class _Counter(Visitor):
    """Counts the turns of every line and their diagrams in reading order; stops the walk at
    the first turn over a budget."""

    def __init__(self, record: Record, budgets: Budgets) -> None:
        self.record, self.budgets = record, budgets
        self.positions = self.diagrams = self.annotations = 0
        self.problem: Problem | None = None

    def visit_turn(self, step: Step) -> Stop | None:
        budgets = self.budgets
        self.positions += 1
        if wants_diagram(step.node):
            self.diagrams += 1
        if self.positions > budgets.positions - 1:  # the start is a position too
            return self._over(step, BudgetProblem.TOO_MANY_POSITIONS, budgets.positions)
        if self.diagrams > budgets.diagrams:
            return self._over(step, BudgetProblem.TOO_MANY_DIAGRAMS, budgets.diagrams)
        left = min(budgets.annotations_per_diagram, budgets.annotations - self.annotations)
        drawn = counted(step.node.commands(), left) if step.node.comments else 0
        self.annotations += drawn
        if drawn > budgets.annotations_per_diagram:
            return self._over(step, BudgetProblem.DIAGRAM_TOO_BUSY, budgets.annotations_per_diagram)
        if self.annotations > budgets.annotations:
            return self._over(step, BudgetProblem.TOO_MANY_ANNOTATIONS, budgets.annotations)
        return None

    def _over(self, step: Step, code: BudgetProblem, limit: int) -> Stop:
        line, column = self.record.locate(step.node.offset)
        self.problem = Problem(say(code, limit=limit), line, column, turn_label(self.record.rules, step.number, step.side),
                               code=ProblemCode.BUDGET)
        return STOP


def over_budget(record: Record, budgets: Budgets = DEFAULT) -> Problem | None:
    """The problem of a checked record whose page would hold too many diagrams or positions."""
    counter = _Counter(record, budgets)
    accept(record, counter)
    return counter.problem


def check_page(record: Record, fragment: str, budgets: Budgets = DEFAULT) -> None:
    """BudgetError if a record's rendered fragment is larger than the page budget."""
    size = len(fragment.encode("utf-8"))
    if size > budgets.page_bytes:
        line, column = record.locate(0)
        raise BudgetError(Problem(say(BudgetProblem.PAGE_TOO_LARGE, size=size, limit=budgets.page_bytes), line, column,
                                  code=ProblemCode.BUDGET))
