"""Tektop SVG diagrams: valid XML, stable bytes, and every element they promise."""

from __future__ import annotations

import random
from xml.etree import ElementTree

from ludoscribe.notation import check, read_string
from ludoscribe.notation.games.tektop import Tektop
from ludoscribe.render.diagram import record_diagrams, renderer_for
from ludoscribe.render.svg import HIGHLIGHT, MARK
from ludoscribe.render.boards.tektop import SHADES, STEP, board

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
RULES = Tektop()


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def uses(root: ElementTree.Element, prefix: str) -> list[str]:
    """The ids placed by <use> elements that start with `prefix` ('#pawn0', '#die')."""
    refs = [e.get(XLINK, e.get("href")) for e in root.iter(f"{SVG}use")]
    return [ref for ref in refs if ref.startswith(prefix)]


def places(root: ElementTree.Element, ref: str) -> list[tuple[str, str]]:
    """Where the <use> elements placing `ref` put it."""
    return [(e.get("x"), e.get("y")) for e in root.iter(f"{SVG}use") if e.get(XLINK, e.get("href")) == ref]


def texts(root: ElementTree.Element) -> list[str]:
    return [t.text for t in root.iter(f"{SVG}text")]


def played(position, text):
    turn = RULES.play(position, RULES.read_turn(text)).turn
    assert RULES.why_illegal(position, turn) is None
    return RULES.apply(position, turn), (position, turn)


def test_start_position_draws_the_relief_the_pawns_and_empty_homes():
    root = parse(board(RULES.start_position()))
    fills = [r.get("fill") for r in root.iter(f"{SVG}rect")]
    for level, shade in enumerate(SHADES):  # 9, 7, 5, 3 and 1 squares per level
        assert fills.count(shade) == (9, 7, 5, 3, 1)[level]
    assert len(uses(root, "#pawn0")) == 4 and len(uses(root, "#pawn1")) == 4
    assert len(uses(root, "#slot")) == 4 and uses(root, "#die") == []
    levels = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "level"]
    assert [levels.count(str(level)) for level in range(5)] == [9, 7, 5, 3, 1]
    words = texts(root)
    for label in ("a", "e", "1", "5", "White: 0 home", "Black: 0 home", "White to move"):
        assert label in words


def test_darker_is_higher():
    brightness = [sum(int(shade[k:k + 2], 16) for k in (1, 3, 5)) for shade in SHADES]
    assert brightness == sorted(brightness, reverse=True)


def test_the_last_turn_draws_its_dice_its_steps_and_its_displacement():
    before = RULES.read_position("4b/4b/4b/1w1b1/w1ww1 0 0 W play 3")
    after, last = played(before, "2514/2554/5554:b2-c2,c2-d2>e2")
    root = parse(board(after, last=last))
    dice = [e for e in root.iter(f"{SVG}use") if e.get(XLINK, e.get("href")).startswith("#die")]
    assert [e.get(XLINK, e.get("href"))[4:] for e in dice] == [f"{value}-0" for value in "251425545554"]  # White's
    assert [e.get("opacity") for e in dice] == ["0.45"] * 8 + ["1"] * 4  # the last throw scores
    assert "White: 2 points" in texts(root)
    highlighted = [r for r in root.iter(f"{SVG}rect") if r.get("fill") == HIGHLIGHT]
    assert len(highlighted) == 3  # b2, c2, d2
    lines = [line for line in root.iter(f"{SVG}line") if line.get("stroke") == STEP]
    assert len(lines) == 3 and len([line for line in lines if line.get("stroke-dasharray")]) == 1


def test_pawns_home_and_the_end_game_state():
    position = RULES.read_position("1b3/2bb1/1w3/2w2/5 2 1 B last 20")
    root = parse(board(position))
    assert len(uses(root, "#pawn0")) == 2 + 2 and len(uses(root, "#pawn1")) == 3 + 1
    assert {"White: 2 home", "Black: 1 home", "Black's last turn"} <= set(texts(root))
    over, last = played(position, "1111:b5-a5")
    assert "Black wins" in texts(parse(board(over, last=last)))


def test_marks_arrows_and_flip():
    position = RULES.start_position()
    root = parse(board(position, marks=["c3", "z9"], arrows=[("a1", "a2"), ("a1", "q7")]))
    assert len([r for r in root.iter(f"{SVG}rect") if r.get("stroke") == MARK]) == 1
    assert len(list(root.iter(f"{SVG}line"))) == 1
    normal, flipped = board(position), board(position, flipped=True)
    assert normal != flipped
    assert places(parse(normal), "#pawn0") != places(parse(flipped), "#pawn0")


def test_same_position_same_bytes_and_size_sets_the_width():
    rng = random.Random(3)
    position = RULES.start_position()
    for _ in range(30):
        before, turn = position, RULES.random_turn(position, rng)
        position = RULES.apply(position, turn)
    assert board(position, last=(before, turn)) == board(position, last=(before, turn))
    assert parse(board(position, size=300)).get("width") == "300"


def test_record_diagrams_use_the_tektop_board():
    record = read_string('[Game "Tektop"]\n[Result "*"]\n\n1. 1111:a1-a2 {[%mark b2] [%arrow a2-b3]} 1356 *\n')[0]
    assert check(record) is not None and record.problems == []
    assert renderer_for(record.game) is board
    drawn = dict(record_diagrams(record))
    assert sorted(drawn) == [0, 1, 2]
    first = parse(drawn[1])
    assert len([r for r in first.iter(f"{SVG}rect") if r.get("stroke") == MARK]) == 1
    assert uses(first, "#die") == ["#die1-0"] * 4
