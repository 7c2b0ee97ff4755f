"""Marks, arrows, labels and dimmed cells (docs/format.md#commands, docs/diagrams.md): read
from a turn's [%...] commands and from the diagram command's options, kept verbatim by TGN
and JSON, and drawn on every game's board."""

from __future__ import annotations

import io
import math
from xml.etree import ElementTree

import pytest

from ludoscribe.notation import check, read_string, write_record
from ludoscribe.notation.annotations import COLOURS, SHAPES, Annotations, Arrow, Label, Mark, of_commands, read
from ludoscribe.notation.games import game_class
from ludoscribe.notation.jsonio import read_json, write_json
from ludoscribe.render import svg as svg_module
from ludoscribe.render.diagram import annotations_of, draw_annotated, record_diagrams, renderer_for

SVG = "{http://www.w3.org/2000/svg}"

# --- reading ---------------------------------------------------------------------------------------


def test_marks_take_a_shape_and_a_colour_in_any_order_and_default_to_a_green_outline():
    assert read("mark", "D4, H9 triangle red ,A1 Purple CIRCLE,B2 cross").marks == (
        Mark("D4", "outline", "green"), Mark("H9", "triangle", "red"), Mark("A1", "circle", "purple"),
        Mark("B2", "cross", "green"))


def test_arrows_labels_and_dims():
    assert read("arrow", "D4-E4, H9-H11 red,nowhere").arrows == (Arrow("D4", "E4", "blue"), Arrow("H9", "H11", "red"))
    assert read("label", "D4 A, H9  two   words ,C3").labels == (Label("D4", "A"), Label("H9", "two words"))
    assert read("dim", "A1,A2 , B1").dims == ("A1", "A2", "B1")


def test_a_record_word_that_is_no_shape_or_colour_is_left_out_but_an_option_says_which():
    assert read("mark", "D4 tirangle red").marks == (Mark("D4", "outline", "red"),)
    with pytest.raises(ValueError) as error:
        read("mark", "D4 tirangle red", strict=True)
    assert str(error.value) == ("'tirangle' is neither a shape (outline, circle, square, triangle, cross) "
                                "nor a colour (green, blue, red, orange, purple)")
    with pytest.raises(ValueError) as error:
        read("arrow", "D4-E4 dashed", strict=True)
    assert str(error.value) == "'dashed' is not a colour (green, blue, red, orange, purple)"
    with pytest.raises(ValueError) as error:
        read("arrow", "D4", strict=True)
    assert str(error.value) == "'D4' is not an arrow FROM-TO, such as D4-E4"
    with pytest.raises(ValueError) as error:
        read("label", "D4", strict=True)
    assert str(error.value) == "the label on D4 has no text: give the cell, a space and the text (D4 A)"
    with pytest.raises(ValueError) as error:
        read("dim", "A1 A2", strict=True)
    assert str(error.value) == "'A1 A2' is not a cell name: separate cells with commas"


def test_a_label_keeps_no_character_xml_cannot_hold_and_a_long_one_is_cut():
    assert read("label", "D4 a\x00b\x1bc\ufffe").labels == (Label("D4", "abc"),)
    assert read("label", "D4 \x01").labels == ()
    assert read("label", "D4 twelve chars, E4 thirteen chars").labels == (
        Label("D4", "twelve chars"), Label("E4", "thirteen ch…"))
    rules = game_class("Teblo")()
    svg = draw_annotated(renderer_for(rules), rules.start_position(), read("label", "D4 <&>\"', E4 a\x07b"))
    assert [text.text for text in ElementTree.fromstring(svg).iter(f"{SVG}text") if text.text in ("<&>\"'", "ab")] == [
        "<&>\"'", "ab"]


def test_other_commands_draw_nothing_and_annotations_add_up_in_order():
    found = of_commands([("clk", "0:58:12"), ("mark", "D4"), ("arrow", "D4-E4"), ("mark", "E4 circle"),
                         ("diagram", ""), ("label", "E5 x"), ("dim", "A1")])
    assert found == Annotations((Mark("D4"), Mark("E4", "circle")), (Arrow("D4", "E4"),), (Label("E5", "x"),), ("A1",))
    assert found.cells() == ["D4", "E4", "D4", "E4", "E5", "A1"]
    assert not Annotations() and found


# --- kept through TGN and JSON ---------------------------------------------------------------------

RECORD = """[Event "Designer's example"]
[Site "?"]
[Date "2026.01.02"]
[Round "?"]
[Yellow "?"]
[Red "?"]
[Result "*"]
[Game "Teblo"]

1. D4 {[%mark D4 triangle red, H9 circle] the centre [%arrow D4-E4 orange,D4-D5]} H10
{[%label D5 A,E5 two words] [%dim A1,A2,B1] [%foo bar]} *
"""


def test_the_commands_read_back_unchanged_through_tgn_and_json():
    record = read_string(RECORD)[0]
    assert not record.problems
    comments = [node.comments for node in record.moves]
    again = read_string(write_record(record))[0]
    out = io.StringIO()
    write_json([again], out)
    from_json = next(read_json(out.getvalue()))
    back = read_string(write_record(from_json))[0]
    for copy in (again, from_json, back):
        assert [node.comments for node in copy.moves] == comments
        assert [annotations_of(node) for node in copy.moves] == [annotations_of(node) for node in record.moves]
    assert annotations_of(record.moves[0]) == Annotations(
        (Mark("D4", "triangle", "red"), Mark("H9", "circle")), (Arrow("D4", "E4", "orange"), Arrow("D4", "D5")))
    assert annotations_of(record.moves[1]) == Annotations(labels=(Label("D5", "A"), Label("E5", "two words")),
                                                          dims=("A1", "A2", "B1"))


# --- drawn on every board ---------------------------------------------------------------------------

CELLS = {  # five cells of each game's board, for the five shapes; the last two get labels and dims too
    "Teblo": ("D3", "E5", "F6", "G7", "H8"),
    "Staku": ("a1", "b2", "c3", "d4", "e4"),
    "Tektop": ("a1", "b2", "c3", "d4", "e5"),
    "Tekao": ("a1", "b2", "c3", "d4", "e5"),
    "TChako": ("A", "D", "F", "I", "K"),
}


def classed(root: ElementTree.Element, name: str) -> list[ElementTree.Element]:
    return [element for element in root.iter() if name in (element.get("class") or "").split()]


@pytest.mark.parametrize("game", sorted(CELLS))
def test_every_mark_label_and_dim_is_drawn_on_its_cell(game):
    rules = game_class(game)()
    cells = CELLS[game]
    marks = [Mark(cell, shape, colour) for cell, shape, colour in zip(cells, SHAPES, COLOURS)]
    annotations = Annotations(tuple(marks) + (Mark("nowhere", "circle"),), (Arrow(cells[0], cells[1], "red"),),
                              (Label(cells[3], "A"), Label(cells[4], "12"), Label("nowhere", "x")),
                              (cells[1], cells[2], "nowhere"))
    draw = renderer_for(rules)
    svg = draw_annotated(draw, rules.start_position(), annotations)
    root = ElementTree.fromstring(svg)
    assert len(classed(root, "mark")) == 5  # a name the board lacks is not drawn
    for mark in marks:
        [drawn] = classed(root, mark.shape)
        strokes = {element.get("stroke") for element in drawn.iter()} - {None}
        assert svg_module.COLOURS[mark.colour] in strokes
    assert [element.find(f"{SVG}text").text for element in classed(root, "label")] == ["A", "12"]
    assert len(classed(root, "dim")) == 2
    # each shape and label stands on its own cell: where a plain outline mark of that cell is drawn
    for cell, kind in ((cells[1], "circle"), (cells[2], "square"), (cells[3], "label")):
        found = classed(root, kind)[0]
        outline = classed(ElementTree.fromstring(draw(rules.start_position(), marks=[cell])), "outline")[0]
        assert math.dist(_middle(found), _middle(outline)) < 2, (cell, kind)
    # without annotations, none of it
    plain = ElementTree.fromstring(draw(rules.start_position()))
    assert not any(classed(plain, name) for name in ("mark", "label", "dim"))


def _middle(element: ElementTree.Element) -> tuple[float, float]:
    """The middle of the points an element's shapes are drawn from (circles, rects, <use>s, texts)."""
    xs, ys = [], []
    for part in element.iter():
        if part.get("cx"):
            xs.append(float(part.get("cx")))
            ys.append(float(part.get("cy")))
        elif part.get("width") and part.get("x"):
            xs.append(float(part.get("x")) + float(part.get("width")) / 2)
            ys.append(float(part.get("y")) + float(part.get("height")) / 2)
        elif part.tag == f"{SVG}use":
            xs.append(float(part.get("x")))
            ys.append(float(part.get("y")))
    return sum(xs) / len(xs), sum(ys) / len(ys)


def test_a_record_draws_its_commands_and_the_options_added_to_them():
    record = read_string(RECORD)[0]
    check(record)
    extra = Annotations((Mark("L12", "cross", "purple"),))
    [(_, svg)] = record_diagrams(record, [1], extra=extra)
    root = ElementTree.fromstring(svg)
    assert [element.get("class") for element in classed(root, "mark")] == [
        "mark triangle", "mark circle", "mark cross"]
    [(_, second)] = record_diagrams(record, [2])
    root = ElementTree.fromstring(second)
    assert [element.find(f"{SVG}text").text for element in classed(root, "label")] == ["A", "two words"]
    assert len(classed(root, "dim")) == 3 and not classed(root, "mark")


def test_a_drawing_written_before_labels_and_dims_gets_cell_names_and_pairs():
    seen = {}

    def board(position, *, last=None, marks=(), arrows=(), flipped=False, size=480, outcome=None):
        seen.update(marks=list(marks), arrows=list(arrows))
        return "<svg/>"

    annotations = Annotations((Mark("D4", "triangle", "red"),), (Arrow("D4", "E4", "red"),), (Label("E4", "x"),),
                              ("A1",))
    assert draw_annotated(board, None, annotations) == "<svg/>"
    assert seen == {"marks": ["D4"], "arrows": [("D4", "E4")]}
    assert all(type(mark) is str for mark in seen["marks"]) and all(type(a) is tuple for a in seen["arrows"])


# --- bounds (docs/diagrams.md#bounds) -------------------------------------------------------------


def _crowded_record(items: int, turn_comment: str = "") -> str:
    marks = ", ".join(["D4 triangle"] * items)
    return (HEAD + f"1. D4 {{{turn_comment}}} H10 {{[%mark {marks}]}} 2. D5 *\n")


HEAD = '[Game "Teblo"]\n[Event "E"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "A"]\n[Red "B"]\n[Result "*"]\n\n'


def test_one_diagram_draws_at_most_its_bound_of_items_the_options_counted_in(tmp_path):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli
    from ludoscribe.notation.annotations import MAX_PER_DIAGRAM

    runner = CliRunner()
    (tmp_path / "full.tgn").write_text(_crowded_record(MAX_PER_DIAGRAM), encoding="utf-8")
    (tmp_path / "over.tgn").write_text(_crowded_record(MAX_PER_DIAGRAM + 1), encoding="utf-8")
    drawn = runner.invoke(cli, ["diagram", str(tmp_path / "full.tgn"), "--turn", "1...", "-o", str(tmp_path / "a.svg")])
    assert drawn.exit_code == 0, drawn.output
    refused = runner.invoke(cli, ["diagram", str(tmp_path / "over.tgn"), "--all", "-o", str(tmp_path / "all")])
    assert refused.exit_code == 1
    assert refused.output == (f"{tmp_path / 'over.tgn'}:10:10: turn 1 Red: its diagram would draw more than 1000 marks, "
                              "arrows, labels and dimmed cells (the turn's commands and the options'), the most one "
                              "diagram draws\n")
    assert not (tmp_path / "all").exists()
    with_option = runner.invoke(cli, ["diagram", str(tmp_path / "full.tgn"), "--turn", "1...", "--dim", "A1",
                                      "-o", str(tmp_path / "b.svg")])
    assert with_option.exit_code == 1 and "turn 1 Red" in with_option.output and not (tmp_path / "b.svg").exists()
    # the other diagrams of the record are within the bound
    assert runner.invoke(cli, ["diagram", str(tmp_path / "over.tgn"), "--turn", "1", "-o", str(tmp_path / "c.svg")]
                         ).exit_code == 0


def test_options_over_the_bound_are_a_usage_error():
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli

    arrows = ", ".join(["D4-E5"] * 1001)
    result = CliRunner().invoke(cli, ["diagram", "--game", "teblo", "--position",
                                      "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1", "--arrow", arrows])
    assert result.exit_code == 2
    assert "--mark, --arrow, --label and --dim give 1001 items, more than the 1000 one diagram draws" in result.output


def test_annotations_are_counted_up_to_a_limit_only():
    from ludoscribe.notation.annotations import counted

    commands = [("mark", "D4, E5 red, ,"), ("clk", "1:00"), ("arrow", "D4-E5"), ("dim", "A1")] * 1000
    assert counted(commands[:4], 100) == 4
    rest = iter(commands)
    assert counted(rest, 10) == 11  # stops once past 10: what follows is not looked at
    assert next(rest) == ("dim", "A1") and len(list(rest)) == 4 * 1000 - 12
