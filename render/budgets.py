"""Budgets of a published record: how much one record may make a page hold.

A record is small text, but each [%diagram] becomes a drawing and each position of
every variation a frame of the viewer: without a limit a 420 KB record made a 107 MB
page. A record over a budget is not published; the message names it, where and why
(docs/publishing.md#budgets). The defaults are far above any real game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..notation.annotations import MAX_PER_DIAGRAM, counted
from ..notation.model import Problem, ProblemCode, Record
from ..notation.walk import STOP, Step, Stop, Visitor, accept
from .wording import wants_diagram


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
            return self._over(step, f"more than {budgets.positions} positions (turns of every line and the start), "
                                    "the most one record's viewer shows")
        if self.diagrams > budgets.diagrams:
            return self._over(step, f"more than {budgets.diagrams} [%diagram] diagrams, the most one record's page "
                                    "shows")
        left = min(budgets.annotations_per_diagram, budgets.annotations - self.annotations)
        drawn = counted(step.node.commands(), left) if step.node.comments else 0
        self.annotations += drawn
        if drawn > budgets.annotations_per_diagram:
            return self._over(step, f"its diagram would draw more than {budgets.annotations_per_diagram} marks, "
                                    "arrows, labels and dimmed cells, the most one diagram draws")
        if self.annotations > budgets.annotations:
            return self._over(step, f"more than {budgets.annotations} marks, arrows, labels and dimmed cells, the most "
                                    "one record's page draws")
        return None

    def _over(self, step: Step, message: str) -> Stop:
        line, column = self.record.locate(step.node.offset)
        self.problem = Problem(f"not published: {message} (see Budgets in the publishing guide)", line, column,
                               self.record.rules.label(step.number, step.side), code=ProblemCode.BUDGET)
        return STOP


def over_budget(record: Record, budgets: Budgets = DEFAULT) -> Problem | None:
    """The problem of a checked record whose page would hold too many diagrams or positions."""
    counter = _Counter(record, budgets)
    accept(record, counter)
    return counter.problem


def check_page(record: Record, fragment: str, budgets: Budgets = DEFAULT) -> None:
    """BudgetError if a record's rendered fragment is larger than the page budget."""
    if len(fragment.encode("utf-8")) > budgets.page_bytes:
        line, column = record.locate(0)
        raise BudgetError(Problem(f"not published: its page would take {len(fragment.encode('utf-8')) / 1e6:.1f} MB, "
                                  f"more than the {budgets.page_bytes / 1e6:g} MB one record's page may take (see "
                                  "Budgets in the publishing guide)", line, column, code=ProblemCode.BUDGET))
