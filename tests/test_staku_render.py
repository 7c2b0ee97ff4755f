"""Staku SVG diagrams: valid XML, stable bytes, and every element they promise."""

from __future__ import annotations

import random
from xml.etree import ElementTree

from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_string
from ludoscribe.notation.games.staku import Staku
from ludoscribe.render.diagram import record_diagrams
from ludoscribe.render.boards.staku import board
from ludoscribe.render.svg import ARROW, HIGHLIGHT, MARK
from test_staku_rules import code, header

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
GAME = Staku()


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def uses(root: ElementTree.Element, ref: str) -> list[ElementTree.Element]:
    return [e for e in root.iter(f"{SVG}use") if e.get(XLINK) == ref]


def texts(root: ElementTree.Element) -> list[str]:
    return [t.text for t in root.iter(f"{SVG}text")]


def xy(element: ElementTree.Element) -> tuple[float, float]:
    return float(element.get("x")), float(element.get("y"))


def test_start_position_draws_every_token_the_labels_and_the_board():
    root = parse(board(GAME.start_position()))
    assert root.tag == f"{SVG}svg"
    assert (len(uses(root, "#token-w")), len(uses(root, "#token-b")), len(uses(root, "#token-n"))) == (13, 13, 9)
    assert len(uses(root, "#cell")) == 49
    assert len(uses(root, "#flower-big")) == 13 and len(uses(root, "#flower-small")) == 12
    labels = texts(root)
    for row, last in zip("abcdefg", (6, 7, 8, 7, 8, 7, 6)):
        assert f"{row}1" in labels and f"{row}{last}" in labels
    assert "White to move · 0 of 20 turns without capture" in labels
    palaces = [u for u in uses(root, "#ring") if u.get("stroke") != MARK]
    assert len(palaces) == 4 and len({u.get("stroke") for u in palaces}) == 2


def test_row_a_at_the_bottom_row_g_at_the_top_and_flip():
    start = GAME.start_position()
    for flipped in (False, True):
        root = parse(board(start, flipped=flipped))
        white_y = min(xy(u)[1] for u in uses(root, "#token-w"))
        black_y = max(xy(u)[1] for u in uses(root, "#token-b"))
        assert (white_y > black_y) != flipped


def test_stacks_are_drawn_bottom_to_top_with_their_height():
    pos = GAME.read_position(code({"d4": "nnw", "c3": "bb", "g3": "b"}))
    root = parse(board(pos))
    tokens = [(e.get(XLINK), xy(e)) for e in root.iter(f"{SVG}use") if e.get(XLINK).startswith("#token")]
    d4 = [(ref, y) for ref, (x, y) in tokens if ref != "#token-b"]
    assert [ref for ref, _ in d4] == ["#token-n", "#token-n", "#token-w"]
    assert d4[0][1] > d4[1][1] > d4[2][1]  # each token higher than the one below
    heights = [t for t in texts(root) if t in ("2", "3")]
    assert sorted(heights) == ["2", "3"]


def test_last_turn_highlights_both_moves_marks_and_arrows():
    before = GAME.read_position(code({"c3": "w", "d3": "w", "g3": "b"}))
    turn = GAME.read_turn("c3-d3+f4")
    root = parse(board(GAME.apply(before, turn), last=(before, turn), marks=["d4", "z9"],
                       arrows=[("f4", "g4"), ("f4", "h1")]))
    assert len([u for u in uses(root, "#cell") if u.get("fill") == HIGHLIGHT]) == 3
    assert len([u for u in uses(root, "#ring") if u.get("stroke") == MARK]) == 1
    lines = list(root.iter(f"{SVG}line"))
    assert len(lines) == 1 and lines[0].get("stroke") == ARROW
    single = GAME.read_turn("c3-c4")
    root = parse(board(GAME.apply(before, single), last=(before, single)))
    assert len([u for u in uses(root, "#cell") if u.get("fill") == HIGHLIGHT]) == 2
    assert list(root.iter(f"{SVG}line")) == []


def test_same_position_same_bytes_and_size():
    rng = random.Random(4)
    pos = GAME.start_position()
    for _ in range(15):
        pos = GAME.apply(pos, GAME.random_turn(pos, rng))
    assert board(pos) == board(GAME.read_position(GAME.position_code(pos)))
    assert board(pos) != board(pos, flipped=True)
    assert parse(board(pos, size=300)).get("width") == "300"


def test_record_diagrams_and_the_command_line(tmp_path):
    text = header() + "1. b2-c2 {[%mark d4] [%arrow c2-d2]} f2-e2 2. c2-d2 *\n"
    record = read_string(text)[0]
    assert check(record) is not None and record.problems == []
    drawn = dict(record_diagrams(record))
    assert sorted(drawn) == [0, 1, 2, 3]
    after_first = parse(drawn[1])
    assert len([u for u in uses(after_first, "#ring") if u.get("stroke") == MARK]) == 1
    assert len(list(after_first.iter(f"{SVG}line"))) == 1
    out = tmp_path / "start.svg"
    result = CliRunner().invoke(cli, ["diagram", "--game", "staku", "--position",
                                      GAME.position_code(GAME.start_position()), "-o", str(out)])
    assert result.exit_code == 0
    assert len(uses(parse(out.read_text()), "#token-w")) == 13
