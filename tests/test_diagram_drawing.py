"""What every game's diagram promises a reader (docs/library.md, Diagrams): see-through
arrows from cell centre to cell centre, a last-turn highlight unlike every board colour, a
caption that tells the end of a game, Tektop's dice beside the side that threw them, and a
T'Chako picture with its names clear of the zones, nothing over its edge and a legend."""

from __future__ import annotations

import math
import random
import re
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest

from ludoscribe.notation.files import load
from ludoscribe.notation.games import game_class
from ludoscribe.notation.games import staku as staku_rules
from ludoscribe.notation.games.tchako.board import CENTRE, HEIGHT, RADIUS, WIDTH, ZONES
from ludoscribe.notation.replay import positions
from ludoscribe.render.boards import staku, tchako, teblo, tekao, tektop
from ludoscribe.render.diagram import record_diagrams, renderer_for
from ludoscribe.render.svg import ARROW, HIGHLIGHT, HIGHLIGHT_OPACITY, centre, square_grid

SVG = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
CORPUS = Path(__file__).resolve().parent.parent / "corpus"
GAMES = ("Teblo", "Staku", "Tekao", "Tektop", "TChako")


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def texts(root: ElementTree.Element) -> list[str]:
    return [text.text for text in root.iter(f"{SVG}text")]


Point = tuple[float, float]


def arrow_ends(root: ElementTree.Element, colour: str = ARROW) -> list[tuple[Point, Point, str]]:
    """(tail, tip, group opacity) of each arrow drawn in `colour`."""
    found = []
    for group in root.iter(f"{SVG}g"):
        lines, heads = group.findall(f"{SVG}line"), group.findall(f"{SVG}polygon")
        if len(lines) == 1 and len(heads) == 1 and heads[0].get("fill") == colour:
            tail = (float(lines[0].get("x1")), float(lines[0].get("y1")))
            tip = tuple(float(n) for n in heads[0].get("points").split()[0].split(","))
            found.append((tail, tip, group.get("opacity")))
    return found


# --- arrows ------------------------------------------------------------------------------------

SQUARE_BOARDS = {  # game: (module, board size, square names from and to, the same, neighbours)
    "Teblo": (teblo, 12, ("D3", "H9"), ("E5", "E6")),
    "Tekao": (tekao, 8, ("a1", "f6"), ("c3", "d3")),
    "Tektop": (tektop, 5, ("a1", "d3"), ("b2", "c3")),
}


@pytest.mark.parametrize("game", sorted(SQUARE_BOARDS))
@pytest.mark.parametrize("flipped", [False, True])
def test_arrows_on_square_boards_run_from_centre_to_centre_and_are_see_through(game, flipped):
    module, size, far, near = SQUARE_BOARDS[game]
    rules = game_class(game)()
    table = module.SQUARE_OF
    width = module.PANEL_WIDTH if game == "Tektop" else 0
    unit = round(480 / (size + 2 * module.MARGIN + width), 2)
    at = square_grid(size, module.MARGIN, unit, flipped)
    root = parse(module.board(rules.start_position(), arrows=[far, near, ("zz", "a1")], flipped=flipped))
    arrows = arrow_ends(root)
    assert len(arrows) == 2  # names the board lacks are not drawn
    for (a, b), (tail, tip, opacity) in zip((far, near), arrows):
        assert 0 < float(opacity) < 1
        assert tail == centre(at, unit, table[a]) and tip == centre(at, unit, table[b])
    (tail, tip, _) = arrows[1]  # neighbours, side by side or corner to corner: across the edge between them
    assert math.dist(tail, tip) in (pytest.approx(unit, abs=0.03), pytest.approx(unit * math.sqrt(2), abs=0.03))


def test_staku_arrows_run_between_the_hexagons_centres():
    layout = staku._layout(480, False)
    pairs = [("a1", "g6"), ("c3", "c4")]
    arrows = arrow_ends(parse(staku.board(staku_rules.Staku().start_position(), arrows=pairs)))
    assert [(tail, tip) for tail, tip, _ in arrows] == [
        (layout.centres[staku_rules.CELL_OF[a]], layout.centres[staku_rules.CELL_OF[b]]) for a, b in pairs]


def test_tchako_arrows_run_between_the_zones_centres():
    rules = game_class("TChako")()
    arrows = arrow_ends(parse(tchako.board(rules.start_position(), arrows=[("A", "I")], size=480)))
    [(tail, tip, opacity)] = arrows
    unit = round(480 / (WIDTH + 2 * tchako.MARGIN), 2)
    for point, zone in ((tail, "A"), (tip, "I")):
        assert point == tuple(round((n + tchako.MARGIN) * unit, 2) for n in CENTRE[zone])
    assert float(opacity) < 1


# --- the last turn's highlight -----------------------------------------------------------------

def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[k:k + 2], 16) for k in (1, 3, 5))


def board_colours(root: ElementTree.Element) -> set[str]:
    """The fill colours of the board's static part: squares, cells, zones, background."""
    board = next(group for group in root.iter(f"{SVG}g") if group.get("id") in ("board", "tchako-board"))
    return {element.get("fill").lower() for element in board.iter()
            if re.fullmatch(r"#[0-9a-fA-F]{6}", element.get("fill") or "")}


def random_final(game: str, seed: int):
    rules = game_class(game)()
    rng = random.Random(seed)
    position = rules.start_position()
    last = None
    for _ in range(40):
        turn = rules.random_turn(position, rng)
        if turn is None or rules.outcome(position) is not None:
            break
        last, position = (position, turn), rules.apply(position, turn)
    return rules, position, last


@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tekao", "Tektop"])
def test_the_highlight_stands_out_on_every_colour_of_the_board(game):
    rules, position, last = random_final(game, 7)
    root = parse(renderer_for(rules)(position, last=last))
    marked = [element for element in root.iter() if element.get("class") == "last" and element.get("fill") == HIGHLIGHT]
    assert marked and all(float(element.get("fill-opacity")) == HIGHLIGHT_OPACITY for element in marked)
    backgrounds = [_rgb(colour) for colour in board_colours(root)]
    assert len(backgrounds) >= 2
    for below in backgrounds:  # a highlighted cell looks like no cell of the board, whatever it lies on
        seen = tuple(HIGHLIGHT_OPACITY * h + (1 - HIGHLIGHT_OPACITY) * b for h, b in zip(_rgb(HIGHLIGHT), below))
        assert min(math.dist(seen, other) for other in backgrounds) > 60, (below, seen)


def test_tekao_frames_the_last_turn_over_the_pieces_in_both_start_zones():
    rules = game_class("Tekao")()
    position = rules.start_position()
    for placement, side in (("F@a1", "blue"), ("F@h8", "yellow")):
        turn = rules.read_turn(placement)
        before, position = position, rules.apply(position, turn)
        elements = list(parse(tekao.board(position, last=(before, turn))))
        frame = next(i for i, e in enumerate(elements) if e.get("class") == "last" and e.get("stroke") == HIGHLIGHT)
        piece = next(i for i, e in enumerate(elements) if e.get(XLINK) == f"#{side}-F")
        assert frame > piece  # drawn after, so over, the piece that covers most of its square


# --- captions at the end of a game -------------------------------------------------------------

def corpus_final(path: str):
    record = next(iter(load(str(CORPUS / path))))
    line = list(positions(record))
    return record, len(line) - 1


@pytest.mark.parametrize("path, winner", [
    ("staku/trampoline-miniature.tgn", "White"),
    ("teblo/kastanje-2023-r7-hendriks-van-luijk.tgn", "Red"),
    ("tekao/taker-falls-flag-wins.tgn", "Yellow"),
    ("tektop/answer-in-the-last-turn.tgn", "Black"),
    ("tchako/central-hill.tgn", "White"),
])
def test_the_last_diagram_of_a_won_game_names_the_winner_not_a_side_to_move(path, winner):
    record, last = corpus_final(path)
    outcome = record.game.outcome(list(positions(record))[-1][1], 1)
    assert outcome is not None and record.game.sides[outcome.winner] == winner
    drawn = dict(record_diagrams(record, [last - 1, last]))
    final = " ".join(texts(parse(drawn[last])))
    assert re.search(rf"\b{winner} wins\b", final) and "to move" not in final
    assert "wins" not in " ".join(texts(parse(drawn[last - 1])))


def test_the_staku_caption_gives_the_reason_of_the_end():
    record, last = corpus_final("staku/trampoline-miniature.tgn")
    [(_, svg)] = record_diagrams(record, [last])
    assert "White took Black's palace g6 · White wins" in texts(parse(svg))  # the caption's words, as shown


def ended_by_result(game: str, result: str, termination: str | None):
    """A checked record of a few random turns of `game` that its rules do not end, with a
    variation on its last turn, ended by `result` (a resignation, an agreement, time)."""
    from ludoscribe.notation import check, read_string

    rules = game_class(game)()
    rng = random.Random(3)
    position, words = rules.start_position(), []
    while len(words) < 6:
        turn = rules.random_turn(position, rng)
        after = rules.apply(position, turn)
        if rules.outcome(after) is not None:
            continue
        words.append(rules.turn_text(turn))
        position = after
    sides = rules.sides
    alternative = rules.turn_text(rules.random_turn(positions_before(rules, words), random.Random(4)))
    tags = {"Game": game, "Event": "E", "Site": "?", "Date": "????.??.??", "Round": "?", sides[0]: "A", sides[1]: "B",
            "Result": result} | ({"Termination": termination} if termination else {})
    movetext = " ".join(f"{n // 2 + 1}. {word}" if n % 2 == 0 else word for n, word in enumerate(words[:-1]))
    number = (len(words) - 1) // 2 + 1
    last = f"{number}. {words[-1]} ({number}. {alternative})" if len(words) % 2 else \
        f"{number}... {words[-1]} ({number}... {alternative})"
    text = "".join(f'[{name} "{value}"]\n' for name, value in tags.items()) + f"\n{movetext} {last} {result}\n"
    record = read_string(text)[0]
    check(record)
    assert record.problems == [], (text, record.problems)
    return record


def positions_before(rules, words):
    position = rules.start_position()
    for word in words[:-1]:
        position = rules.apply(position, rules.read_turn(word))
    return position


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("result, termination, verdict", [
    ("1-0", "Red resigned", 0), ("0-1", None, 1), ("1/2-1/2", "agreed", None)])
def test_a_game_ended_by_its_result_names_it_on_its_last_diagram_and_page(game, result, termination, verdict):
    """A resignation, an agreement or time ends a game as its rules do: the final diagram, of
    the diagram command, the sheets and the pages, says the result, never a side to move."""
    from ludoscribe.render.turn_tree import diagrams, walk

    record = ended_by_result(game, result, termination)
    said = "drawn" if verdict is None else f"{record.rules.sides[verdict]} wins".lower()
    [(_, final)] = record_diagrams(record, [len(record.moves)])
    [(_, before)] = record_diagrams(record, [len(record.moves) - 1])
    def shown(svg: str) -> str:
        return " ".join(texts(parse(svg))).lower()

    assert said in shown(final) and "to move" not in shown(final), shown(final)
    assert said not in shown(before)
    tree = walk(record)
    drawn = diagrams(tree)
    assert drawn is not None
    assert said in shown(drawn[tree.main_line_end])
    variation_end = len(tree.entries) - 1  # the variation on the last turn: not the game's end
    assert variation_end != tree.main_line_end and said not in shown(drawn[variation_end])
    if game == "Staku":  # the caption that gives reasons gives the Termination tag's, or says it was recorded
        reason = termination or "the result recorded"
        assert f"{reason} · " in " ".join(texts(parse(final)))  # as written


def test_a_position_code_drawn_from_the_command_line_tells_the_end(tmp_path):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli
    record, last = corpus_final("staku/trampoline-miniature.tgn")
    final = list(positions(record))[-1][1]
    out = tmp_path / "end.svg"
    result = CliRunner().invoke(cli, ["diagram", "--game", "staku", "--position", record.game.position_code(final),
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "White wins" in " ".join(texts(parse(out.read_text())))


# --- Tektop's dice -----------------------------------------------------------------------------

@pytest.mark.parametrize("flipped", [False, True])
def test_tektop_dice_are_drawn_in_the_throwers_colours_beside_its_pawns(flipped):
    rules = game_class("Tektop")()
    height = 480 / (tektop.SIZE + 2 * tektop.MARGIN + tektop.PANEL_WIDTH) * (tektop.SIZE + 2 * tektop.MARGIN)
    position = rules.start_position()
    for side in (0, 1):  # White throws first, then Black
        turn = rules.read_turn("1111")
        before, position = position, rules.apply(position, turn)
        root = parse(tektop.board(position, last=(before, turn), flipped=flipped))
        dice = [use for use in root.iter(f"{SVG}use") if use.get(XLINK).startswith("#die")]
        assert {use.get(XLINK) for use in dice} == {f"#die1-{side}"}
        at_top = (side == 1) != flipped  # Black's pawns home are listed at the top unless flipped
        assert all((float(use.get("y")) < height / 2) == at_top for use in dice)
    colours = {group.get("id"): group.find(f"{SVG}rect").get("fill") for group in root.iter(f"{SVG}g")
               if (group.get("id") or "").startswith("die1-")}
    assert colours["die1-0"] != colours["die1-1"]


# --- T'Chako's layout --------------------------------------------------------------------------

def _boxes(root: ElementTree.Element):
    """(kind, left, top, right, bottom) of the drawing's top-level shapes (texts roughly)."""
    defs = {element.get("id"): element for element in root.iter() if element.get("id")}
    defined = {id(element) for group in root.iter(f"{SVG}defs") for element in group.iter()}
    for element in root.iter():
        if id(element) in defined:
            continue
        tag = element.tag.replace(SVG, "")
        if tag == "circle" and element.get("id") is None and element.get("cx") and float(element.get("r")) > 0:
            x, y, r = (float(element.get(k)) for k in ("cx", "cy", "r"))
            yield "circle", x - r, y - r, x + r, y + r
        elif tag == "use" and element.get(XLINK, "").lstrip("#").startswith(("puck", "queen")):
            shape = defs[element.get(XLINK)[1:]]
            circle = shape if shape.tag == f"{SVG}circle" else shape.find(f"{SVG}circle")
            x, y, r = float(element.get("x")), float(element.get("y")), float(circle.get("r"))
            yield "piece", x - r, y - r, x + r, y + r
        elif tag == "text" and element.get("x") and element.get("text-anchor") == "middle":
            size, x, y = float(element.get("font-size")), float(element.get("x")), float(element.get("y"))
            half = 0.35 * size * len(element.text)
            yield "text", x - half, y - 0.75 * size, x + half, y + 0.2 * size


def tchako_positions():
    rules = game_class("TChako")()
    start = rules.start_position()
    for corner in ("A>E@0:0", "A>D@50:0", "A>E@0:99"):  # pucks given the board's very corners and edges
        turn = rules.read_turn(corner)
        yield rules.apply(start, turn), (start, turn)
    rng = random.Random(11)
    for _ in range(6):
        position = rules.start_position()
        last = None
        for _ in range(rng.randrange(2, 30)):
            turn = rules.random_turn(position, rng)
            if turn is None or rules.outcome(position) is not None:
                break
            last, position = (position, turn), rules.apply(position, turn)
        yield position, last


@pytest.mark.parametrize("flipped", [False, True])
def test_tchako_nothing_crosses_the_pictures_edge_and_pieces_keep_clear_of_it(flipped):
    for position, last in tchako_positions():
        svg = tchako.board(position, last=last, flipped=flipped, size=480)
        root = parse(svg)
        width, height = (float(n) for n in root.get("viewBox").split()[2:])
        boxes = list(_boxes(root))
        kinds = Counter(kind for kind, *_ in boxes)
        assert kinds["piece"] == sum(map(sum, position.pucks)) and kinds["text"] == len(ZONES), kinds
        for kind, left, top, right, bottom in boxes:
            assert left >= 0 and top >= 0 and right <= width and bottom <= height, (kind, left, top, right, bottom)
        for _, left, top, right, _ in (box for box in boxes if box[0] == "piece"):
            assert min(left, top, width - right) > 5  # a margin all round (the panel is below)


def test_tchako_zone_names_stand_clear_of_every_zone():
    for flipped in (False, True):
        root = parse(tchako.board(game_class("TChako")().start_position(), flipped=flipped, size=480))
        unit = round(480 / (WIDTH + 2 * tchako.MARGIN), 2)
        names = [text for text in root.iter(f"{SVG}text") if text.get("class") == "zone-name"]
        assert sorted(text.text for text in names) == list(ZONES)
        for text in names:
            size = float(text.get("font-size"))
            x, y = float(text.get("x")), float(text.get("y")) - 0.36 * size  # the letter's middle
            for zone in ZONES:
                zx, zy = CENTRE[zone]
                if flipped:
                    zx, zy = WIDTH - zx, HEIGHT - zy
                middle = ((zx + tchako.MARGIN) * unit, (zy + tchako.MARGIN) * unit)
                gap = math.dist((x, y), middle) - RADIUS[zone] * unit
                assert gap > 0.4 * size, (text.text, zone)


def test_tchako_has_a_legend_of_its_shading_and_reads_at_200_pixels():
    svg = tchako.board(game_class("TChako")().start_position(), size=200)
    root = parse(svg)
    legend = next(group for group in root.iter(f"{SVG}g") if group.get("id") == "legend")
    assert [text.text for text in legend.iter(f"{SVG}text")] == ["controlled", "captured", "t'chako chain"]
    assert [circle.get("fill") for circle in legend.iter(f"{SVG}circle")][:2] == list(tchako.SHADE)
    assert any(use.get(XLINK) == "#legend" for use in root.iter(f"{SVG}use"))
    sizes = [float(text.get("font-size") or legend.get("font-size")) for text in root.iter(f"{SVG}text")
             if text.text != "Q"]
    assert min(sizes) >= 7.5  # pixels, with the whole diagram 200 pixels wide


def test_tchako_rings_the_zones_of_the_last_turn_in_the_highlight_colour():
    rules = game_class("TChako")()
    before = rules.read_position("Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1b1/Kw1/Lb3 AD:AF/-/-/-/-/EI:GI:FI W 2 0/0 play")
    turn = rules.read_turn("F>J@22:85xJ")
    root = parse(tchako.board(rules.apply(before, turn), last=(before, turn), size=480))
    unit = round(480 / (WIDTH + 2 * tchako.MARGIN), 2)
    rings = [element for element in root.iter(f"{SVG}circle") if element.get("class") == "last"]
    assert [element.get("stroke") for element in rings] == [HIGHLIGHT] * 2
    centres = [(float(ring.get("cx")), float(ring.get("cy"))) for ring in rings]
    assert centres == [tuple(round((n + tchako.MARGIN) * unit, 2) for n in CENTRE[zone]) for zone in "FJ"]
    assert not [e for e in parse(tchako.board(before, size=480)).iter(f"{SVG}circle") if e.get("class") == "last"]
