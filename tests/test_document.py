"""Record documents: the HTML fragment and its viewer data, Markdown with SVG files."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

import pytest
from publish_records import ANNOTATED, CORRECTED, ENGINES, random_record

from ludoscribe.notation import check, read_string
from ludoscribe.render.diagram import RENDERERS
from ludoscribe.render.document import page_html, render_html
from ludoscribe.render.markdown_document import render_markdown
from ludoscribe.render.wording import result_text
from ludoscribe.render.turn_tree import walk
from ludoscribe.notation.walk import Visitor, accept
from ludoscribe.render.frames import FrameTable, inline, split


def checked(text: str):
    record = read_string(text)[0]
    replayed = check(record)
    assert not record.problems, record.problems
    return record, replayed


def without_svg(html: str) -> str:
    """The fragment with its drawings, its data and its record's text (hidden, to download) left out."""
    html = re.sub(r'<template class="ls-tgn">.*?</template>', "<template/>", html, flags=re.DOTALL)
    return re.sub(r"<svg.*?</svg>", "<svg/>", re.sub(r"<script.*?</script>", "<script/>", html))


def viewer_data(html: str) -> dict:
    return json.loads(re.search(r'<script type="application/json" class="ls-data">(.*?)</script>', html).group(1))


def test_tree_numbers_positions_in_reading_order_with_parents_and_continuations():
    record, _ = checked(ANNOTATED)
    tree = walk(record)
    assert [(e.label, e.parent, e.next) for e in tree.entries] == [
        ("Start", -1, 1), ("1. D4", 0, 2), ("1... H10", 1, 3), ("2. (H9)", 2, 9),
        ("2. D5", 2, 5), ("2... G10", 4, 8), ("2... H9", 4, 7), ("3. D6", 6, -1), ("3. D6", 5, -1),
        ("2... G10", 3, 10), ("3. D5", 9, -1)]


def test_html_move_list_glyphs_comments_and_nested_variations():
    record, replayed = checked(ANNOTATED)
    html = without_svg(render_html(record, replayed))
    # a number is kept with its turn by a no-break space; the second side's turns are marked (two-column layout)
    assert ('<span class="ls-comment">Opening remark</span> <span class="ls-n">1.</span>\u00a0'
            '<a class="ls-m" href="#g-1">D4<span class="ls-glyph">!</span></a> '
            '<span class="ls-comment">Good</span> <span class="ls-n">1...</span>\u00a0'
            '<a class="ls-m ls-second" href="#g-2">H10</a> '
            '<span class="ls-n">2.</span>\u00a0<a class="ls-m" href="#g-3">(H9)<span class="ls-glyph">?!</span></a> '
            '<span class="ls-nag">Yellow is slightly better</span> ') in html
    assert ('<div class="ls-var"><span class="ls-n">2.</span>\u00a0<a class="ls-m" href="#g-4">D5</a> '
            '<a class="ls-m ls-second" href="#g-5">G10</a> <div class="ls-var"><span class="ls-n">2...</span>\u00a0'
            '<a class="ls-m ls-second" href="#g-6">H9</a> <span class="ls-n">3.</span>\u00a0<a class="ls-m" href="#g-7">D6</a> '
            '</div><span class="ls-n">3.</span>\u00a0<a class="ls-m" href="#g-8">D6</a> ') in html
    assert '<span class="ls-nag">Yellow is winning</span> <span class="ls-nag">$200</span>' in html
    assert "%mark" not in html and "%diagram" not in html  # commands are not shown
    assert "<div><dt>Event</dt><dd>Club night</dd></div>" in html  # the tags, after the moves
    assert html.index('<dl class="ls-tags">') > html.index('<p class="ls-result">')
    assert '<p class="ls-result"><strong>*</strong> Unfinished: the game is not over.</p>' in html


def test_diagrams_follow_the_turns_that_ask_and_end_the_document():
    record, replayed = checked(ANNOTATED)
    html = without_svg(render_html(record, replayed))
    figures = re.findall(r"<figure class=\"ls-diagram\"><svg/><figcaption>(.*?)</figcaption></figure>", html)
    assert figures == ["After 3. D6", "After 2... G10", "After 3. D5"]
    assert ('<span class="ls-comment">Red comes</span> <figure class="ls-diagram"><svg/>'
            '<figcaption>After 2... G10</figcaption></figure><span class="ls-n">3.</span>') in html
    assert html.index("ls-result") < html.index("After 3. D5")  # the final diagram comes with the result


def test_every_svg_of_a_fragment_has_ids_of_its_own():
    record, replayed = checked(ANNOTATED)
    html = render_html(record, replayed)
    ids = re.findall(r' id="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    references = set(re.findall(r'href="#([^"]+)"', html)) - {f"g-{n}" for n in range(11)}
    assert references <= set(ids)


def test_viewer_data_has_a_frame_per_position_and_starts_where_asked():
    record, replayed = checked(ANNOTATED)
    html = render_html(record, replayed, ply=4)
    data = viewer_data(html)
    assert len(data["frames"]) == len(walk(record).entries) == 11
    assert data["parent"][:4] == [-1, 0, 1, 2] and data["next"][3] == 9
    assert data["labels"][10] == "3. D5"
    assert '<div class="ls-game" data-at="9">' in html  # ply 4 is 2... G10 on the main line
    assert '<p class="ls-status">2... G10</p>' in html


def test_viewer_data_is_linear_in_the_length_of_the_game():
    sizes = {}
    for turns in (100, 200):
        record, replayed = checked(_long_teblo(turns))
        data = viewer_data(render_html(record, replayed))
        assert len(data["frames"]) == turns + 1
        references = sum(len(frame) - 1 for frame in data["frames"])
        assert len(data["table"]) < references / 10  # shared elements, not one copy per frame
        sizes[turns] = len(json.dumps(data))
    assert sizes[200] < 2.3 * sizes[100]


def _long_teblo(turns: int) -> str:
    for seed in range(100):
        text = random_record("Teblo", turns, seed)
        if len(read_string(text)[0].moves) == turns:
            return text
    raise AssertionError("no long enough random game")


def turns_in(line) -> int:
    """The turns of a line and of all its variations, counted by hand."""
    return sum(1 + sum(turns_in(variation) for variation in node.variations) for node in line)


def test_frames_rebuild_each_diagram_exactly():
    record, _ = checked(ANNOTATED)
    tree = walk(record)
    table = FrameTable("v-")
    svgs = [RENDERERS["Teblo"](entry.after) for entry in tree.entries]
    assert len(svgs) == turns_in(record.moves) + 1 > 2  # the start, then each turn of every line
    for svg in svgs:
        table.add(svg)
    for number, svg in enumerate(svgs):
        rebuilt = ElementTree.fromstring(table.markup(number).replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg" '
                                                                     'xmlns:xlink="http://www.w3.org/1999/xlink"', 1))
        original = ElementTree.fromstring(svg)
        assert [e.tag for e in rebuilt.iter()] == [e.tag for e in original.iter()]
        ids = {e.get("id") for e in rebuilt.iter() if e.get("id")}
        assert ids and all(i.startswith("v-") for i in ids)


@pytest.mark.parametrize("game", ENGINES)
def test_drawings_keep_parts_that_are_exactly_their_text(game):
    """Renderers hand the viewer their parts (no cutting up again): the parts are the text's own."""
    record, _ = checked(random_record(game, 30, seed=3, variation=True))
    entries = walk(record).entries
    assert len(entries) == turns_in(record.moves) + 1 > 2
    for entry in entries:
        svg = RENDERERS[game](entry.after, flipped=True)
        assert (svg.root, svg.elements) == split(str(svg))
        cut, kept = FrameTable("v-"), FrameTable("v-")
        cut.add(str(svg))
        kept.add(svg)
        assert (kept.roots, kept.elements, kept.frames) == (cut.roots, cut.elements, cut.frames)


def test_split_keeps_comments_cdata_and_quotes_inside_elements():
    svg = ('<?xml version="1.0"?><svg width="10" xmlns="http://www.w3.org/2000/svg"><!-- a <b> -->'
           "<style><![CDATA[g>rect{fill:red}]]></style><g id='a' data-x=\"1>2\"><use href=\"#a\"/></g><rect/></svg>")
    root, children = split(svg)
    assert root == {"width": "10"}
    assert children == ["<style><![CDATA[g>rect{fill:red}]]></style>",
                        "<g id='a' data-x=\"1>2\"><use href=\"#a\"/></g>", "<rect/>"]
    assert "<g id='p-a' data-x=\"1>2\"><use href=\"#p-a\"/></g>" in inline(svg, "p-")


@pytest.mark.parametrize("game", ENGINES)
def test_every_game_renders_with_its_variations(game):
    record, replayed = checked(random_record(game, 24, 1, variation=True))
    html = render_html(record, replayed)
    nodes = len(walk(record).entries) - 1
    assert html.count('class="ls-m"') + html.count('class="ls-m ls-second"') == nodes
    if game in RENDERERS:
        assert len(viewer_data(html)["frames"]) == nodes + 1
        assert html.count('<figure class="ls-diagram">') >= 2
    else:
        assert f"No diagrams for {game} yet" in html


def test_markdown_document_and_its_svg_files():
    record, replayed = checked(ANNOTATED)
    text, files = render_markdown(record, replayed, lambda number: f"club-{number:03d}.svg")
    assert text == """# Ann – Bob

| Tag | Value |
|---|---|
| Game | Teblo |
| Event | Club night |
| Site | Cluny |
| Date | 2026.11.20 |
| Round | 3 |
| Yellow | Ann |
| Red | Bob |
| Result | &#42; |

## Moves

*Opening remark* 1. D4! *Good* 1... H10 2. (H9)?! (Yellow is slightly better)

> 2\\. D5 G10

> > 2\\... H9 3. D6

> 3\\. D6

> ![After 3. D6](club-008.svg)

2\\... G10 *Red comes*

![After 2... G10](club-009.svg)

3\\. D5 (Yellow is winning) (&#36;200)

## Result

**&#42;** Unfinished: the game is not over.

![Final position](club-010.svg)
"""
    assert sorted(files) == ["club-008.svg", "club-009.svg", "club-010.svg"]
    assert all(svg.startswith("<svg") for svg in files.values())


def test_corrections_are_notes_in_the_html_move_list():
    """A turn or a result taken back (docs/tournaments.md#corrections) is shown struck
    through and labelled, never as the raw [%undone] command and never dropped."""
    record, replayed = checked(CORRECTED)
    html = without_svg(render_html(record, replayed))
    assert ('<div class="ls-moves"><span class="ls-correction"><del>1. D4!?</del> taken back</span> '
            '<span class="ls-comment">a quiet start</span> <span class="ls-n">1.</span>\u00a0'
            '<a class="ls-m" href="#g-1">C3</a> <a class="ls-m ls-second" href="#g-2">H10</a> '
            '<span class="ls-correction"><del>2. D5</del> taken back</span> <span class="ls-comment">Ana resigns</span> '
            '<span class="ls-correction">result <del>0-1</del> taken back</span> <span class="ls-n">2.</span>\u00a0'
            '<a class="ls-m" href="#g-3">D3</a> <span class="ls-correction">result <del>1-0</del> taken back</span> '
            '<p class="ls-result">') in html
    assert "undone" not in html and "%clk" not in html


def test_corrections_are_notes_in_markdown():
    record, replayed = checked(CORRECTED)
    text, _ = render_markdown(record, replayed, lambda number: f"c-{number:03d}.svg")
    moves = text[text.index("## Moves\n\n") + len("## Moves\n\n"):text.index("\n\n## Result")]
    assert moves == ("(<del>1. D4!?</del> taken back) *a quiet start* 1. C3 H10 (<del>2. D5</del> taken back) "
                     "*Ana resigns* (result <del>0-1</del> taken back) 2. D3 (result <del>1-0</del> taken back)")


def test_a_correction_is_escaped_like_any_comment():
    record, replayed = checked('[Game "Teblo"]\n[Result "*"]\n\n'
                               '1. D4 {[%undone 2. <b>x</b> *y* | z] [%undone] tail} *\n')
    html = without_svg(render_html(record, replayed))
    assert ('<span class="ls-correction"><del>2. &lt;b&gt;x&lt;/b&gt; *y* | z</del> taken back</span> '
            '<span class="ls-comment">tail</span>') in html
    text, _ = render_markdown(record, replayed, lambda number: f"c-{number:03d}.svg")
    assert "\n1\\. D4 (<del>2. &lt;b>x&lt;/b> &#42;y&#42; &#124; z</del> taken back) *tail*\n" in text


def test_result_reasons():
    record, replayed = checked(ANNOTATED.replace('[Result "*"]', '[Result "1-0"]\n[Termination "resignation"]')
                               .replace(" *\n", " 1-0\n"))
    assert result_text(record, replayed) == ("Yellow (Ann) wins", "resignation")
    record, replayed = checked('[Game "Teblo"]\n[Result "0-1"]\n\n1. D4 0-1\n')
    assert result_text(record, replayed) == ("Red wins", "no reason recorded")


def test_a_game_that_ended_says_how():
    def red_reached_base(seed: int):
        record, replayed = checked(random_record("Teblo", 400, seed))
        ended = replayed.outcome
        return (record, replayed) if ended is not None and ended.ending == "base-reached" \
            and ended.params["side"] == "Red" else None

    record, replayed = next(found for seed in range(1, 200) if (found := red_reached_base(seed)) is not None)
    # How the record's page words the end (what happened is the ending's code, asserted above).
    assert result_text(record, replayed) == ("Red wins", "Red's pawn reached Yellow's base D3")
    assert "Red wins: Red's pawn reached Yellow's base D3." in render_html(record, replayed).replace("&#x27;", "'")


def test_self_contained_page_holds_a_title_style_and_script():
    record, replayed = checked(ANNOTATED)
    html = page_html(render_html(record, replayed), "Ann – Bob")
    assert html.startswith("<!DOCTYPE html>") and "<title>Ann – Bob</title>" in html
    section = html[html.index('<section class="ls-document"><style>'):html.index("</body>")]
    assert "<h1>Ann – Bob</h1>" in section and "ludoscribeViewer" in section
    assert section.endswith("</script></section>\n")


def test_a_visitor_that_stops_a_line_still_sees_the_variations_of_its_last_turn():
    record, _ = checked(ANNOTATED)

    class Stop(Visitor):
        def __init__(self):
            self.seen = []

        def visit_turn(self, step):
            self.seen.append((step.depth, step.number_text))
            return step.depth > 0 or step.node.variations == []

    stop = Stop()
    accept(record, stop)
    first = next(k for k, node in enumerate(record.moves) if node.variations)
    main = [seen for seen in stop.seen if seen[0] == 0]
    assert len(main) == first + 1  # the main line stops at its first turn with a variation
    assert [seen for seen in stop.seen if seen[0] > 0]  # whose variations were still visited
