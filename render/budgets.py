"""Budgets of a published record: how much one record may make a page hold.

A record is small text, but each [%diagram] becomes a drawing and each position of
every variation a frame of the viewer: without a limit a 420 KB record made a 107 MB
page. A record over a budget is not published; the message names it, where and why
(docs/publishing.md#budgets). The defaults are far above any real game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from ..notation.model import Node, Problem, Record


@dataclass(frozen=True)
class Budgets:
    """The most one record's page may hold."""

    diagrams: int = 200  # [%diagram] drawings in the move list
    positions: int = 5000  # positions of the viewer (frames), variations included
    page_bytes: int = 10_000_000  # the record's HTML fragment


DEFAULT = Budgets()


class BudgetError(ValueError):
    """A record's page would exceed a budget; the problem says where and why."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


def _nodes(record: Record) -> Iterator[tuple[Node, int, int]]:
    """Every turn of the record in reading order, with its number and side."""
    start = (record.start.number, record.start.side)
    stack = [(iter(record.moves), start)]
    while stack:
        line, (number, side) = stack[-1]
        node = next(line, None)
        if node is None:
            stack.pop()
            continue
        yield node, number, side
        stack[-1] = (line, (number, 1) if side == 0 else (number + 1, 0))
        for variation in reversed(node.variations):
            stack.append((iter(variation), (number, side)))


def over_budget(record: Record, budgets: Budgets = DEFAULT) -> Problem | None:
    """The problem of a checked record whose page would hold too many diagrams or positions."""
    positions = diagrams = 0
    for node, number, side in _nodes(record):
        positions += 1
        if any(name == "diagram" for name, _ in node.commands()):
            diagrams += 1
        if positions > budgets.positions - 1:  # the start is a position too
            return _problem(record, node, number, side, f"more than {budgets.positions} positions (turns of every "
                            f"line and the start), the most one record's viewer shows")
        if diagrams > budgets.diagrams:
            return _problem(record, node, number, side, f"more than {budgets.diagrams} [%diagram] diagrams, "
                            f"the most one record's page shows")
    return None


def check_page(record: Record, fragment: str, budgets: Budgets = DEFAULT) -> None:
    """BudgetError if a record's rendered fragment is larger than the page budget."""
    if len(fragment.encode("utf-8")) > budgets.page_bytes:
        line, column = record.locate(0)
        raise BudgetError(Problem(f"not published: its page would take {len(fragment.encode('utf-8')) / 1e6:.1f} MB, more than "
                                  f"the {budgets.page_bytes / 1e6:g} MB one record's page may take (see Budgets in the publishing "
                                  "guide)", line, column, code="budget"))


def _problem(record: Record, node: Node, number: int, side: int, message: str) -> Problem:
    line, column = record.locate(node.offset)
    return Problem(f"not published: {message} (see Budgets in the publishing guide)", line, column,
                   record.game.label(number, side), code="budget")
