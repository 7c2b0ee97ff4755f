"""T'Chako diagrams: valid XML, same position same bytes, through a checked record."""

from xml.etree import ElementTree

from conftest import checked
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.render.diagram import record_diagrams
from ludoscribe.render.boards.tchako import board

GAME = TChako()


def test_diagram_is_xml_and_deterministic():
    before = GAME.read_position("Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1b1/Kw1/Lb3 AD:AF/-/-/-/-/EI:GI:FI W 2 0/0 play")
    turn = GAME.read_turn("F>J@22:85xJ")
    after = GAME.apply(before, turn)
    svg = board(after, last=(before, turn), marks=["K"], arrows=[("F", "J")])
    ElementTree.fromstring(svg)
    assert svg == board(after, last=(before, turn), marks=["K"], arrows=[("F", "J")])
    assert "White spent 2 AP" in svg and "Black to move, turn 2" in svg
    ElementTree.fromstring(board(after, flipped=True))


def test_every_position_of_a_record_is_drawn():
    record, _ = checked('[Game "TChako"]\n[Result "*"]\n\n1. A>D,A>E J>I,qK>I 2. D>IxI pass *\n')
    assert record.problems == []
    diagrams = list(record_diagrams(record))
    assert len(diagrams) == len(record.moves) + 1


def test_the_tchako_chain_is_drawn():
    position = GAME.read_position("Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play")
    assert "in t'chako" in board(position)


def test_the_chain_counts_the_zones_captured_as_the_turn_began():
    # White captured F at the start of its turn; shooting its only puck there off the board
    # leaves F empty, yet White's chain A-F-J-K stands until its next turn begins.
    before = GAME.read_position("Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 -/-/-/-/-/- W 2 0/0 play")
    turn = GAME.read_turn("F>O")
    after = GAME.apply(before, turn)
    assert "in t'chako" in board(after, last=(before, turn))
    assert "in t'chako" not in board(GAME.apply(after, GAME.read_turn("pass")))


def test_a_created_piece_is_drawn_on_its_creation_space_until_it_moves():
    # The centre of D is drawn at (260.01, 144.45); the piece on the creation space sits there.
    created = board(GAME.read_position("Aw3/BQ/Cw3/Dw2+w/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 1/0 play"))
    assert 'cx="260.01" cy="144.45" fill="none"' in created and 'stroke-dasharray="2,2"' in created
    assert '<use x="260.01" xlink:href="#puck0" y="144.45" />' in created
    moved = board(GAME.read_position("Aw3/BQ/Cw3/Dw2/Jb3/Kq/Lb3 -/-/-/-/-/- B 2 1/0 play"))
    assert 'stroke-dasharray="2,2"' not in moved and 'x="260.01" xlink:href="#puck0" y="144.45"' not in moved
