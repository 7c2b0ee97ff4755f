"""Variations nested 5,000 deep, far deeper than a record may hold (docs/format.md#limits):
a program can make such a record, and every visitor of the walk goes through it without
reaching Python's recursion limit, since the walk keeps the lines it has entered on a
stack of its own (docs/contributing.md#from-a-file-to-a-page). The writers refuse it
with the limit a reader applies, and a record at the limit is written and read back."""

from __future__ import annotations

import io
import sys

import pytest

from ludoscribe.notation import check, read_string
from ludoscribe.notation.archive.conditions import comment_condition, nag_condition
from ludoscribe.notation.jsonio import read_json, record_to_json, write_json
from ludoscribe.notation.limits import MAX_DEPTH
from ludoscribe.notation.games.teblo import Teblo
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.walk import Step, Visitor, accept
from ludoscribe.notation.writer import TooDeep, write_record
from ludoscribe.render.budgets import Budgets, over_budget
from ludoscribe.render.turn_tree import TreeBuilder

DEPTH = 5000
HEAD = '[Game "Teblo"]\n[Yellow "A"]\n[Red "B"]\n[Result "*"]\n\n'
TOO_DEEP = "variations nested more than 100 deep: a reader would refuse the record"


def nested(depth: int) -> Record:
    """A Teblo record made by a program: 1. D4 H10, D4 having the variation (1. D4 H10) whose D4
    has one more, `depth` deep; the deepest D4 alone has a comment ("bottom [%diagram]") and a
    NAG ($14)."""
    game = Teblo()
    record = Record(tags={"Yellow": "A", "Red": "B"}, game=game, start=game.start_position())
    line = record.moves = [Node(game.read_turn("D4")), Node(game.read_turn("H10"))]
    for _ in range(depth):
        variation = [Node(line[0].turn), Node(line[1].turn)]
        line[0].variations.append(variation)
        line = variation
    line[0].comments.append("bottom [%diagram]")
    line[0].nags.append(14)
    return record


class Shape(Visitor):
    """What the walk showed: the depth of each turn in the order met, and the lines begun and ended."""

    def __init__(self) -> None:
        self.depths: list[int] = []
        self.begun = self.ended = 0
        self.positions: list[object] = []

    def begin_line(self, depth: int, parent: Step | None) -> None:
        self.begun += 1

    def visit_turn(self, step: Step) -> None:
        self.depths.append(step.depth)
        self.positions.append(step.after)

    def end_line(self, depth: int) -> None:
        self.ended += 1


def reading_order(depth: int) -> list[int]:
    """The depths of the turns of `nested(depth)` in reading order: each D4 and its variation,
    down to the deepest line, then each H10 on the way back up."""
    return list(range(depth + 1)) + list(range(depth, -1, -1))


@pytest.fixture(scope="module")
def deep() -> Record:
    assert sys.getrecursionlimit() < DEPTH  # the walk cannot lean on the interpreter's stack
    return nested(DEPTH)


@pytest.mark.parametrize("positions", [False, True])
def test_the_walk_visits_every_line_in_reading_order(deep, positions):
    shape = Shape()
    accept(deep, shape, positions=positions)
    assert shape.depths == reading_order(DEPTH)
    assert shape.begun == shape.ended == DEPTH + 1
    assert (shape.positions[-1] is not None) == positions


def test_check_replays_every_line_then_reports_the_depth(deep):
    builder, shape = TreeBuilder(deep), Shape()

    class Both(Visitor):  # the document's tree and a count, walked along with the replay
        def begin_line(self, depth: int, parent: Step | None) -> None:
            builder.begin_line(depth, parent)
            shape.begin_line(depth, parent)

        def visit_turn(self, step: Step) -> None:
            builder.visit_turn(step)
            shape.visit_turn(step)

        def end_line(self, depth: int) -> None:
            builder.end_line(depth)
            shape.end_line(depth)

    assert check(deep, then=Both()) is not None
    assert [(problem.message, problem.code) for problem in deep.problems] == [(TOO_DEEP, "variation")]
    assert shape.depths == reading_order(DEPTH)
    entries = builder.tree.entries
    assert len(entries) == 1 + 2 * (DEPTH + 1)  # the start, then each turn
    deepest = builder.tree.of(deep.moves[0]) + DEPTH  # each D4 follows the D4 it is an alternative to
    assert entries[deepest].node.comments == ["bottom [%diagram]"]
    deep.problems.clear()


def test_the_writers_refuse_it_as_a_reader_would(deep):
    with pytest.raises(TooDeep, match=f"^{TOO_DEEP}$"):
        write_record(deep)
    with pytest.raises(TooDeep, match=f"^{TOO_DEEP}$"):
        record_to_json(deep)


def test_budgets_count_every_line(deep):
    assert over_budget(deep, Budgets(positions=3 + 2 * DEPTH, diagrams=1)) is None
    over = over_budget(deep, Budgets(positions=3 + 2 * DEPTH, diagrams=0))
    assert over is not None and over.turn == "turn 1 Yellow" and "more than 0 [%diagram] diagrams" in over.message
    over = over_budget(deep, Budgets(positions=2 + 2 * DEPTH))
    assert over is not None and over.turn == "turn 1 Red" and f"more than {2 + 2 * DEPTH} positions" in over.message


def test_the_conditions_on_comments_and_nags_search_every_line(deep):
    assert comment_condition("BOTTOM").test(deep) and not comment_condition("top").test(deep)
    assert nag_condition("$14").test(deep) and not nag_condition("$15").test(deep)


def test_a_record_at_the_limit_is_written_and_read_back():
    record = nested(MAX_DEPTH)
    check(record)
    assert record.problems == []
    text = write_record(record)
    assert text.count("(") == MAX_DEPTH
    again = read_string(text)[0]
    check(again)
    assert again.problems == [] and write_record(again) == text
    out = io.StringIO()
    write_json([record], out)
    from_json = next(read_json(out.getvalue()))
    check(from_json)
    assert from_json.problems == [] and write_record(from_json) == text


def test_one_level_more_is_refused_by_the_reader_and_the_writer():
    record = nested(MAX_DEPTH + 1)
    check(record)
    assert [(problem.message, problem.code) for problem in record.problems] == [(TOO_DEEP, "variation")]
    text = HEAD + "1. D4 " + "(1. D4 " * (MAX_DEPTH + 1) + "H10) " * (MAX_DEPTH + 1) + "H10 *\n"
    read = read_string(text)[0]
    assert [(problem.message, problem.code) for problem in read.problems] == [
        (f"variations nested more than {MAX_DEPTH} deep", "variation")]
