"""Checked records as documents: an HTML fragment with a viewer (here), or Markdown with SVG
files (render/markdown_document.py; its render_markdown is imported here, where
docs/publishing.md#from-python finds it).

Both show the tags, the annotated move list (turn numbers, NAG glyphs, comments with
their [%commands] left out, corrections as notes, variations indented), a diagram after
every turn whose comment says [%diagram], and the result with the reason the game ended. Both
are written from the record's tree of positions (render/turn_tree.py) in the words of
render/wording.py. Every string that comes from a record is escaped (render/escaping.py).
The functions are pure: same record, same text.
"""

from __future__ import annotations

import hashlib
import re
from importlib import resources
from pathlib import Path
from typing import Any

from ..notation.games import display_name
from ..notation.languages import Words
from ..notation.model import GLYPH_OF, WINNERS, Node, Record
from ..notation.replay import Replayed
from ..notation.walk import Step, Visitor, accept
from ..notation.writer import TooLong, canonical_tags, write_record
from .budgets import DEFAULT as DEFAULT_BUDGETS
from .budgets import Budgets, BudgetError, check_page, over_budget
from .escaping import html_text, script_json, template_text
from .explorer import Openings
from .frames import FrameTable, inline
from .markdown_document import render_markdown
from .turn_tree import Entry, Tree, diagrams, turn_number, walk
from ..notation.languages import N_
from .wording import (ENGLISH, caption, comment_parts, known, nag_text, remark_html, result_sentence, result_text,
                      script_words_element, shown_tag, side_name, slugify, title, wants_diagram)

__all__ = ["render_html", "render_markdown", "page_html", "embed_json", "viewer_files"]

# The viewer's buttons: (command, face, label, keys). docs/publishing.md#the-viewer lists them.
BUTTONS = (("first", "«", N_("Start (Home)"), "Home"), ("back", "‹", N_("Back (←)"), "ArrowLeft"),
           ("forward", "›", N_("Forward (→)"), "ArrowRight"), ("last", "»", N_("End of line (End)"), "End"),
           ("into", "↓", N_("Into the variation (↓)"), "ArrowDown"),
           ("out", "↑", N_("Out of the variation (↑)"), "ArrowUp"), ("flip", "⇅", N_("Flip the board (F)"), "F"))
# The viewer's menu (the ⋯ button): (action, words). "fold" is there only for a record with variations.
MENU = (("table", N_("Moves in two columns")), ("fold", N_("Hide the variations")),
        ("tgn", N_("Download the record (TGN)")), ("code", N_("Copy the position code")),
        ("link", N_("Copy a link to this position")))
TOGGLES, PRESSED = ("table", "fold"), ' aria-pressed="false"'


def board_label(record: Record, entry: Entry, words: Words = ENGLISH) -> str:
    """What the live board shows, for screen readers: 'Teblo, after 12... H10'."""
    where = words.gettext("start") if entry.node is None else words.gettext("after {turn}").format(turn=entry.label)
    return f"{display_name(record.rules.name)}, {where}"


def asset(name: str, package: str | None = __package__) -> str:
    """The text of a file shipped with a package of ours (viewer.js, viewer.css here; the site's own in render/site)."""
    return resources.files(package or __package__).joinpath(name).read_text(encoding="utf-8")


def render_html(record: Record, replayed: Replayed | None, *, prefix: str = "g", ply: int = 0,
                size: int = 480, flipped: bool = False, tags: bool = True,
                links: dict[str, str] | None = None, budgets: Budgets = DEFAULT_BUDGETS,
                openings: Openings | None = None, tree: Tree | None = None, moves: str = "text",
                name: str = "", tgn_url: str | None = None, words: Words = ENGLISH) -> str:
    """An HTML fragment for a checked record: viewer (player bars, board, buttons), move list,
    diagrams, result, then the tags.

    prefix: unique on the page, it starts every id of the fragment.
    ply: the main-line position the viewer shows first (0 = the start).
    links: tag name -> URL, to make those tag values links.
    openings: where the record's first positions are in a site's opening explorer, for
    the viewer to link to them.
    tree: the record's tree if it was built while checking it (see TreeBuilder).
    moves: "text" (the moves run on as text) or "table" (two columns, a side each) first.
    name: the file name (without .tgn) the record is downloaded as; by default from its players.
    tgn_url: where the record's TGN file is published beside the page, for the viewer's menu to
    link to; without it the page holds the record's text (in a <template>, never shown) for the
    menu to download.
    words: the language of the fragment's own words (never of the record's text); a language
    other than English carries its scripts' words too (script_words_element).
    BudgetError if the record's page would exceed a budget (render/budgets.py).
    """
    if (problem := over_budget(record, budgets)) is not None:
        raise BudgetError(problem)
    if moves not in MOVE_LAYOUTS:
        raise ValueError(f"moves: {moves!r} is not one of {', '.join(MOVE_LAYOUTS)}")
    tree = tree if tree is not None else walk(record)
    at = tree.of(record.moves[ply - 1]) if ply else 0
    svgs = diagrams(tree, size, flipped, words)
    turned = diagrams(tree, size, not flipped, words) if svgs is not None else None
    html = HtmlWriter(tree, svgs, prefix, turned, openings, tgn_url, words)
    layout = ' data-moves="table"' if moves == "table" else ""
    parts = [f'<div class="ls-record" id="{html_text(prefix)}">', f'<div class="ls-game" data-at="{at}"{layout}>']
    if svgs is not None:
        parts.append(html.viewer(at, flipped))
    else:
        no_diagrams = words.gettext("No diagrams for {game} yet.").format(game=display_name(record.rules.name))
        parts.append(f'<p class="ls-note">{html_text(no_diagrams)}</p>')
    parts.append('<div class="ls-moves">' + html.moves() + html.result(replayed) + "</div>")
    if svgs is not None:
        parts.append(html.data(name or slugify(title(record), "record")))
        if tgn_url is None and (text := tgn_text(record)) is not None:
            parts.append(f'<template class="ls-tgn">{template_text(text)}</template>')
    parts.append("</div>")
    parts.append(tag_block(record, links or {}) if tags else f'<p class="ls-caption">{html_text(caption(record, words))}</p>')
    parts.append(script_words_element(words) + "</div>")
    fragment = "".join(parts)
    check_page(record, fragment, budgets)
    return fragment


MOVE_LAYOUTS = ("text", "table")


def tgn_text(record: Record) -> str | None:
    """The record's canonical TGN text, or None if it is over the record size limit."""
    try:
        return write_record(record)
    except TooLong:
        return None


CLOCK = re.compile(r"\d{1,3}:\d{2}(:\d{2}(\.\d{1,3})?)?")  # H:MM:SS as [%clk] gives it (docs/format.md)


def clocks(tree: Tree) -> list[list[str | None]] | None:
    """Each side's clock at every entry of the tree: the last [%clk] of that side's turns on
    the line to the entry (docs/format.md#commands), None before any; None if no turn has one."""
    found = False
    shown: list[list[str | None]] = []
    for entry in tree.entries:
        pair: list[str | None] = list(shown[entry.parent]) if entry.parent >= 0 else [None, None]
        if entry.node is not None:
            for name, value in entry.node.commands():
                if name == "clk" and CLOCK.fullmatch(value.strip()):
                    pair[entry.played_from.side] = value.strip()
                    found = True
        shown.append(pair)
    return shown if found else None


def scores(record: Record) -> tuple[str, str]:
    """Each side's score in the player bars: '1' and '0', '½' each, or nothing while unfinished."""
    if record.result not in WINNERS:
        return "", ""
    winner = WINNERS[record.result]
    return ("½", "½") if winner is None else (("1", "0") if winner == 0 else ("0", "1"))


def tag_block(record: Record, links: dict[str, str]) -> str:
    """The tags as a compact list of name and value pairs, shown under the viewer."""
    items = []
    for name, value in canonical_tags(record).items():
        shown = html_text(shown_tag(name, value))
        if name in links:
            shown = f'<a href="{html_text(links[name])}">{shown}</a>'
        items.append(f"<div><dt>{html_text(name)}</dt><dd>{shown}</dd></div>")
    return '<dl class="ls-tags">' + "".join(items) + "</dl>"


class HtmlWriter:
    """The HTML parts of one record's fragment."""

    def __init__(self, tree: Tree, svgs: list[str] | None, prefix: str, turned: list[str] | None = None,
                 openings: Openings | None = None, tgn_url: str | None = None, words: Words = ENGLISH) -> None:
        """svgs: every position as first shown; turned: the same with the board turned round (for Flip);
        openings, tgn_url, words: see render_html."""
        self.tree, self.svgs, self.prefix, self.openings, self.tgn_url = tree, svgs, prefix, openings, tgn_url
        self.words = words
        self.sides = tree.record.rules.sides
        self.figures = 0
        self.clocks = clocks(tree)
        self.table = FrameTable(f"{prefix}v-")  # empty for a game without diagrams
        for svg in (svgs or []) + (turned or []):
            self.table.add(svg)

    def viewer(self, at: int, flipped: bool = False) -> str:
        """The viewer's panel: the board between the player bars, its buttons and menu, the turn
        shown, and the words a screen reader says when the turn changes (the turn and its
        comments, which readers see in the move list)."""
        entry = self.tree.entries[at]
        prefix = html_text(self.prefix)
        say = self.words.gettext
        buttons = "".join(f'<button type="button" data-go="{go}" title="{html_text(say(hint))}" '
                          f'aria-label="{html_text(say(hint))}" aria-keyshortcuts="{keys}">{face}</button>'
                          for go, face, hint, keys in BUTTONS)
        more, menu = html_text(self.words.gettext("More")), html_text(self.words.gettext("More: layout, download, copy"))
        buttons += (f'<button type="button" data-go="menu" title="{more}" aria-label="{menu}" '
                    f'aria-expanded="false" aria-controls="{prefix}-menu">⋯</button>')
        folds = any(entry.node.variations for entry in self.tree.entries if entry.node is not None)
        items = "".join(self._menu_item(action, html_text(say(words))) for action, words in MENU
                        if action != "fold" or folds)
        toolbar = html_text(self.words.gettext("Viewer"))
        bottom, top = (1, 0) if flipped else (0, 1)
        return (f'<div class="ls-board">{self.player(top, at)}'
                f'{self.table.markup(at, board_label(self.tree.record, entry, self.words))}{self.player(bottom, at)}'
                f'<div class="ls-controls" role="toolbar" aria-label="{toolbar}" hidden>{buttons}</div>'
                f'<ul class="ls-menu" id="{prefix}-menu" hidden>{items}</ul>'
                f'<p class="ls-status">{html_text(entry.label)}</p>'
                f'<p class="ls-said" aria-live="polite"></p>{self._openings_link()}</div>')

    def _menu_item(self, action: str, words: str) -> str:
        if action == "tgn" and self.tgn_url is not None:
            return f'<li><a href="{html_text(self.tgn_url)}" download>{words}</a></li>'
        return f'<li><button type="button" data-do="{action}"{PRESSED if action in TOGGLES else ""}>{words}</button></li>'

    def player(self, side: int, at: int) -> str:
        """The bar of one side: its name, its player, its score when the game is over and its
        clock at the entry shown (when the record gives clocks)."""
        record = self.tree.record
        name = record.rules.sides[side]
        player = record.tags.get(name)
        who = f' <span class="ls-name">{html_text(player.strip())}</span>' if known(player) else ""
        score = scores(record)[side]
        parts = [f'<span class="ls-side">{html_text(side_name(name, self.words))}</span>{who}']
        result, clock = html_text(self.words.gettext("Result")), html_text(self.words.gettext("Clock"))
        if score:
            parts.append(f' <span class="ls-score" title="{result}">{score}</span>')
        if self.clocks is not None:
            parts.append(f' <span class="ls-clock" title="{clock}">{html_text(self.clocks[at][side] or "")}</span>')
        return f'<div class="ls-player" data-side="{side}">{"".join(parts)}</div>'

    def _openings_link(self) -> str:
        """A link to the position shown in the opening explorer (kept while hidden, so that
        the panel keeps its height when the viewer goes past the explorer's turns)."""
        if self.openings is None:
            return ""
        words = html_text(self.words.gettext("This position in the opening explorer"))
        return f'<p class="ls-open" hidden><a href="{html_text(self.openings.page)}">{words}</a></p>'

    def data(self, name: str) -> str:
        """The viewer's positions and tree as JSON in a script element (no '<' in it).

        frames: a frame per entry as first shown; turned: the same with the board turned round;
        codes: each entry's position code; clocks: each side's clock at each entry (when the
        record has any); name: the file name the record is downloaded as. Nothing in it is text
        written in the record (its comments and tags stay in the HTML, escaped).
        """
        entries = self.tree.entries
        frames = self.table.frames
        record = self.tree.record
        data: dict[str, Any] = {"game": display_name(record.rules.name), "roots": self.table.roots, "table": self.table.elements,
                "frames": frames[:len(entries)], "turned": frames[len(entries):],
                "parent": [e.parent for e in entries], "next": [e.next for e in entries],
                "labels": [e.label for e in entries], "sides": list(record.rules.sides),
                "codes": [record.rules.position_code(e.after) for e in entries], "name": name}
        if self.clocks is not None:
            data["clocks"] = self.clocks
        if self.openings is not None:  # main-line entry -> its position in the opening explorer
            numbers = [0, *(self.tree.of(node) for node in record.moves[:len(self.openings.spots) - 1])]
            data["explore"] = {"page": self.openings.page, "spots": dict(zip(numbers, self.openings.spots))}
        return f'<script type="application/json" class="ls-data">{script_json(data)}</script>'

    def moves(self) -> str:
        record = self.tree.record
        out = [self._comment(text) for text in record.comments]
        accept(record, _HtmlMoves(self, out))
        return "".join(out)

    def _turn(self, node: Node, number: int) -> str:
        text = html_text(self.tree.record.rules.turn_text(node.turn))
        glyphs = "".join(GLYPH_OF[nag] for nag in node.nags if nag in GLYPH_OF)
        if glyphs:
            text += f'<span class="ls-glyph">{glyphs}</span>'
        meanings = "".join(f' <span class="ls-nag">{html_text(nag_text(nag, self.sides, self.words))}</span>'
                           for nag in node.nags if nag not in GLYPH_OF)
        second = ' ls-second' if self.tree.entries[number].played_from.side else ""
        return f'<a class="ls-m{second}" href="#{html_text(self.prefix)}-{number}">{text}</a>{meanings} '

    def _comment(self, text: str) -> str:
        return "".join(remark_html(*part, self.words) + " " for part in comment_parts(text))

    def turn(self, step: Step, out: list[str]) -> None:
        """A turn of the move list: its number if needed, comments, the turn as a link, a diagram if asked."""
        node = step.node
        number = self.tree.of(node)
        if step.numbered:
            number_text = turn_number(self.tree.entries[number].played_from)
            out.append(f'<span class="ls-n">{number_text}</span>\u00a0')  # kept with its turn
        out.extend(self._comment(text) for text in node.before)
        out.append(self._turn(node, number))
        out.extend(self._comment(text) for text in node.comments)
        if wants_diagram(node):
            out.append(self.figure(number))

    def figure(self, number: int) -> str:
        """A static diagram of one entry, there whether scripts run or not."""
        if self.svgs is None:
            return ""
        self.figures += 1
        entry = self.tree.entries[number]
        caption = (self.words.gettext("Start") if entry.node is None else
                   self.words.gettext("After {turn}").format(turn=entry.label))
        svg = inline(self.svgs[number], f"{self.prefix}f{self.figures}-", caption)
        return f'<figure class="ls-diagram">{svg}<figcaption>{html_text(caption)}</figcaption></figure>'

    def result(self, replayed: Replayed | None) -> str:
        record = self.tree.record
        verdict, reason = result_text(record, replayed, self.words)
        text = (f'<p class="ls-result"><strong>{html_text(record.result)}</strong> '
                f"{result_sentence(html_text(verdict), html_text(reason), self.words)}</p>")
        return text + self.figure(self.tree.main_line_end)


EMBED_FORMAT = "ludoscribe-viewer"  # the JSON of `convert --to embed` (docs/publishing.md#a-viewer-in-any-page)
VIEWER_FILES = ("viewer.js", "viewer.css")


def embed_json(record: Record, replayed: Replayed | None, **options: Any) -> str:
    """A record's viewer as JSON for any HTML page that loads viewer.js: the fragment of
    render_html (same options) in a small document. It can also be written inside a
    <script type="application/json" class="ludoscribe"> element: no '<' in it.

    Its ids start with a prefix made from the record's text (unless given), so that several
    records embedded in one page keep ids of their own."""
    if "prefix" not in options:
        options["prefix"] = "e" + hashlib.sha256((tgn_text(record) or title(record)).encode()).hexdigest()[:8]
    return script_json({"format": EMBED_FORMAT, "version": 1, "html": render_html(record, replayed, **options)}) + "\n"


def viewer_files(folder: Path) -> dict[str, str]:
    """The viewer's script and style that `folder` lacks, or holds in another version: {name: text}."""
    wanted = {name: asset(name) for name in VIEWER_FILES}
    return {name: text for name, text in wanted.items()
            if not (folder / name).is_file() or (folder / name).read_text(encoding="utf-8", errors="replace") != text}


def page_html(fragment: str, heading: str, language: str = "en") -> str:
    """A whole HTML page titled `heading`, whose body is one self-contained <section> (heading,
    record, the viewer's CSS and script inline) that can also be pasted into another page;
    `language` is the page's (its html element's lang)."""
    return (f'<!DOCTYPE html>\n<html lang="{html_text(language)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html_text(heading)}</title>\n</head>\n<body>\n"
            f"<section class=\"ls-document\"><style>{asset('viewer.css')}</style>"
            f"<h1>{html_text(heading)}</h1>{fragment}<script>{asset('viewer.js')}</script></section>\n"
            "</body>\n</html>\n")


class _HtmlMoves(Visitor):
    """The move list: turns in reading order, each variation in a box of its own."""

    def __init__(self, writer: HtmlWriter, out: list[str]) -> None:
        self.writer, self.out = writer, out

    def begin_line(self, depth: int, parent: Step | None) -> None:
        if parent is not None:
            self.out.append('<div class="ls-var">')

    def visit_turn(self, step: Step) -> None:
        self.writer.turn(step, self.out)

    def end_line(self, depth: int) -> None:
        if depth:
            self.out.append("</div>")
