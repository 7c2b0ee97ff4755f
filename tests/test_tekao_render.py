"""Tekao SVG diagrams: valid XML, stable bytes, and every element they promise."""

from __future__ import annotations

import random
from xml.etree import ElementTree

from ludoscribe.notation import check, read_string
from ludoscribe.notation.games.tekao import Tekao
from ludoscribe.render.diagram import record_diagrams, renderer_for
from ludoscribe.render.svg import HIGHLIGHT, MARK
from ludoscribe.render.boards.tekao import TAKEN, board
from test_tekao_rules import SEED_FIGHT, SETUP, header, play, position

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
GAME = Tekao()


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def refs(root: ElementTree.Element) -> list[str]:
    """The pieces placed in the drawing (not the uses inside the piece definitions)."""
    return [use.get(XLINK, use.get("href")) for use in root.findall(f"{SVG}use")]


def texts(root: ElementTree.Element) -> list[str]:
    return [text.text for text in root.iter(f"{SVG}text")]


def highlighted(root: ElementTree.Element) -> int:
    return len([rect for rect in root.iter(f"{SVG}rect") if rect.get("fill") == HIGHLIGHT])


def crosses(root: ElementTree.Element) -> int:
    return len([path for path in root.iter(f"{SVG}path") if path.get("stroke") == TAKEN])


def test_the_game_has_a_renderer():
    assert renderer_for(GAME) is board


def test_start_position_shows_the_board_zones_and_pieces_to_place():
    root = parse(board(GAME.start_position()))
    assert root.tag == f"{SVG}svg" and refs(root) == ["#blue-tile"] * 9 + ["#yellow-tile"] * 9  # under the board
    assert "Blue to move, 9 to place" in texts(root) and "Yellow: 9 to place" in texts(root)
    for label in "abcdefgh12345678":
        assert label in texts(root)
    # each piece of each side, in each orientation, is defined once
    ids = {group.get("id") for group in root.iter(f"{SVG}g")}
    assert {f"{side}-{letter}" for side in ("blue", "yellow") for letter in "HTBPF"} <= ids


def title(group) -> str:
    """A piece's name, in its <title> (a <g> may carry no aria-label: axe's aria-prohibited-attr)."""
    assert group.get("aria-label") is None
    return group.find(f"{SVG}title").text


def test_each_piece_shows_its_four_weapons_and_the_flag_piece_none():
    root = parse(board(GAME.start_position()))
    pieces = {group.get("id"): group for group in root.iter(f"{SVG}g")}
    assert title(pieces["blue-P"]) == "Blue piece: Pistol north, Hook east, Tower south, Bow west"
    assert title(pieces["yellow-H"]) == "Yellow piece: Hook north, Tower east, Bow south, Pistol west"
    letters = [path.get("d") for path in pieces["blue-P"].iter(f"{SVG}path")]
    assert len(letters) == 1 and letters[0].count("M") == 1 + 3 + 2 + 2  # strokes of P, H, T and B
    assert title(pieces["yellow-F"]) == "Yellow flag piece"
    flag = pieces["yellow-F"]
    assert list(flag.iter(f"{SVG}use")) == [] and [path.get("fill") for path in flag.iter(f"{SVG}path")][-1] == TAKEN
    variant = parse(board(Tekao("faces HBTP").start_position()))
    pieces = {group.get("id"): group for group in variant.iter(f"{SVG}g")}
    assert title(pieces["blue-P"]) == "Blue piece: Pistol north, Hook east, Bow south, Tower west"


def test_pieces_on_the_board_after_the_setup():
    record = read_string(header() + SETUP + " *\n")[0]
    final = check(record).final
    root = parse(board(final))
    placed = refs(root)
    assert len(placed) == 18 and placed.count("#blue-F") == 1 and placed.count("#yellow-F") == 1
    assert placed.count("#blue-H") == 2 and placed.count("#yellow-P") == 2
    assert "Blue to move, lost 0" in texts(root) and "Yellow: lost 0" in texts(root)


def test_last_fight_highlights_the_step_and_crosses_the_squares_it_emptied():
    before = position(SEED_FIGHT)
    turn = GAME.play(before, GAME.read_turn("d3-d4")).turn
    after = GAME.apply(before, turn)
    root = parse(board(after, last=(before, turn)))
    assert highlighted(root) == 2
    assert crosses(root) == 3  # d5 and e4 taken, then the mover on d4
    # The code had 1 Blue and 3 Yellow weapon pieces: now Blue has lost 8, Yellow 7.
    assert "Blue: lost 8" in texts(root) or "Blue to move, lost 8" in texts(root) and "Yellow: lost 7" in texts(root)
    small = [use.get(XLINK, use.get("href")) for use in root.findall(f"{SVG}use")
             if "scale" in (use.get("transform") or "")]
    assert small == ["#blue-H"] * 8 + ["#yellow-H"] * 7


def test_a_taken_flag_is_shown_beside_the_board():
    before = position({"d3": "T", "d5": "f", "e4": "b"})
    after = play(before, "d3-d4")
    root = parse(board(after, last=(before, GAME.read_turn("d3-d4"))))
    small = [use.get(XLINK, use.get("href")) for use in root.findall(f"{SVG}use")
             if "scale" in (use.get("transform") or "")]
    assert small.count("#yellow-F") == 1
    assert crosses(root) == 2


def test_a_quarter_turn_and_a_placement_highlight_one_square():
    before = position({"d4": "H"})
    turn = GAME.read_turn("d4>")
    root = parse(board(GAME.apply(before, turn), last=(before, turn)))
    assert highlighted(root) == 1 and crosses(root) == 0
    assert len([path for path in root.iter(f"{SVG}path") if path.get("stroke") == HIGHLIGHT]) == 1
    start = GAME.start_position()
    placement = GAME.read_turn("F@d1")
    root = parse(board(GAME.apply(start, placement), last=(start, placement)))
    assert highlighted(root) == 1 and refs(root) == ["#blue-F"] + ["#blue-tile"] * 8 + ["#yellow-tile"] * 9
    assert "Blue: 8 to place" in texts(root)


def test_marks_and_arrows():
    root = parse(board(GAME.start_position(), marks=["d4", "h8", "z9"], arrows=[("d2", "d5"), ("d2", "k1")]))
    assert len([rect for rect in root.iter(f"{SVG}rect") if rect.get("stroke") == MARK]) == 2
    assert len(list(root.iter(f"{SVG}line"))) == 1


def test_same_position_same_bytes_and_flip_turns_the_board():
    rng = random.Random(5)
    pos = GAME.start_position()
    for _ in range(40):
        pos = GAME.apply(pos, GAME.random_turn(pos, rng))
    assert board(pos) == board(pos)
    normal, flipped = parse(board(pos)), parse(board(pos, flipped=True))
    first = [(use.get("x"), use.get("y")) for use in normal.findall(f"{SVG}use") if use.get("x")]
    turned = [(use.get("x"), use.get("y")) for use in flipped.findall(f"{SVG}use") if use.get("x")]
    assert len(first) == len(turned) and first != turned
    labels = [[text.text for text in next(g for g in root.iter(f"{SVG}g") if g.get("id") == "board").iter(f"{SVG}text")]
              for root in (normal, flipped)]
    assert labels[0][:2] == ["8", "a"] and labels[1][:2] == ["1", "h"]  # ranks and files run the other way


def test_size_sets_the_width():
    assert parse(board(GAME.start_position(), size=300)).get("width") == "300"


def test_record_diagrams_draw_marks_from_comments():
    record = read_string(header() + "1. P@c2 {[%mark c2] [%arrow c2-c5]} T@c7 *\n")[0]
    assert check(record) is not None and not record.problems
    drawn = dict(record_diagrams(record))
    assert sorted(drawn) == [0, 1, 2]
    root = parse(drawn[1])
    assert len([rect for rect in root.iter(f"{SVG}rect") if rect.get("stroke") == MARK]) == 1
    assert len(list(root.iter(f"{SVG}line"))) == 1 and highlighted(root) == 1
