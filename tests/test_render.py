"""Teblo SVG diagrams: valid XML, stable bytes, and every element they promise."""

from __future__ import annotations

import random
from xml.etree import ElementTree

from ludoscribe.notation import check, read_string
from ludoscribe.notation.games.teblo import SQUARE_OF, Placement, Step, Teblo
from ludoscribe.render.diagram import ply_of, record_diagrams
from ludoscribe.render.svg import HIGHLIGHT, MARK
from ludoscribe.render.boards.teblo import board

SVG = "{http://www.w3.org/2000/svg}"
RULES = Teblo()


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def uses(root: ElementTree.Element, ref: str) -> list[ElementTree.Element]:
    return [e for e in root.iter(f"{SVG}use") if e.get("{http://www.w3.org/1999/xlink}href", e.get("href")) == ref]


def position_after(*turns):
    position = RULES.start_position()
    for turn in turns:
        assert RULES.why_illegal(position, turn) is None
        position = RULES.apply(position, turn)
    return position


def test_start_position_draws_both_pawns_no_pieces_and_full_hands():
    root = parse(board(RULES.start_position()))
    assert root.tag == f"{SVG}svg"
    assert len(uses(root, "#pawn0")) == 1 and len(uses(root, "#pawn1")) == 1
    assert len(uses(root, "#piece0")) == 1  # the in-hand icon only
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts.count("25 in hand") == 2 and "Yellow to move" in texts
    for label in ["A", "L", "1", "12"]:
        assert label in texts


def test_pieces_hands_and_last_placement():
    before = position_after(Step(SQUARE_OF["D4"]), Step(SQUARE_OF["H10"]))
    turn = Placement(SQUARE_OF["H9"])
    after = RULES.apply(before, turn)
    root = parse(board(after, last=(before, turn)))
    assert len(uses(root, "#piece0")) == 2  # H9 and the in-hand icon
    assert "24 in hand" in [t.text for t in root.iter(f"{SVG}text")]
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("fill") == HIGHLIGHT]) == 1


def test_last_step_highlights_both_squares_and_marks_and_arrows_are_drawn():
    before = RULES.start_position()
    turn = Step(SQUARE_OF["D4"])
    root = parse(board(RULES.apply(before, turn), last=(before, turn), marks=["D4", "H9", "Z99"],
                       arrows=[("D4", "D8"), ("D4", "nowhere")]))
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("fill") == HIGHLIGHT]) == 2
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("stroke") == MARK]) == 2
    assert len(list(root.iter(f"{SVG}line"))) == 1


def test_same_position_same_bytes_and_flip_moves_the_pawns():
    rng = random.Random(7)
    position = RULES.start_position()
    for _ in range(40):
        position = RULES.apply(position, RULES.random_turn(position, rng))
    assert board(position) == board(position)
    assert board(position) != board(position, flipped=True)
    yellow = uses(parse(board(position)), "#pawn0")[0]
    flipped = uses(parse(board(position, flipped=True)), "#pawn0")[0]
    assert (yellow.get("x"), yellow.get("y")) != (flipped.get("x"), flipped.get("y"))


def test_size_sets_the_width():
    assert parse(board(RULES.start_position(), size=300)).get("width") == "300"


def test_record_diagrams_follow_the_main_line_and_its_comments():
    record = read_string('[Game "Teblo"]\n[Result "*"]\n\n1. D4 {[%mark H9]} H10 2. (H9) G10 *\n')[0]
    assert check(record) is not None and not record.problems
    drawn = dict(record_diagrams(record))
    assert sorted(drawn) == [0, 1, 2, 3, 4]
    assert len([r for r in parse(drawn[1]).iter(f"{SVG}rect") if r.get("stroke") == MARK]) == 1
    assert ply_of(record, "2") == 3 and ply_of(record, "1...") == 2 and ply_of(record, "0") == 0
