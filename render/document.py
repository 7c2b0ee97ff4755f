"""Checked records as documents: an HTML fragment with a viewer, or Markdown with SVG files.

Both show the tags, the annotated move list (turn numbers, NAG glyphs, comments with
their [%commands] left out, corrections as notes, variations indented), a diagram after
every turn whose comment says [%diagram], and the result with the reason the game ended. Every string
that comes from a record is escaped (render/escaping.py). The functions are pure: same record, same text.
"""

from __future__ import annotations

import hashlib
from html import escape
import re
import unicodedata
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Hashable, TypeGuard

from ..notation.games import Position, display_name
from ..notation.model import GLYPH_OF, RESULTS, WINNERS, Node, Record, find_commands
from ..notation.replay import Replayed
from ..notation.scoresheet import CORRECTION
from ..notation.walk import Step, Visitor, accept
from ..notation.writer import TooLong, canonical_tags, write_record
from .budgets import DEFAULT as DEFAULT_BUDGETS
from .budgets import Budgets, BudgetError, check_page, over_budget
from .diagram import annotations_of, draw_annotated, ending, renderer_for
from .escaping import html_text, markdown_text, script_json
from .explorer import Openings
from .frames import FrameTable, inline

# What the NAGs beyond $1-$6 mean; {0} and {1} are the first and second side.
NAG_MEANINGS = {
    7: "only move", 8: "the one sensible move", 9: "worst move", 10: "even position",
    11: "equal chances, quiet position", 12: "equal chances, lively position", 13: "unclear position",
    14: "{0} is slightly better", 15: "{1} is slightly better", 16: "{0} is better", 17: "{1} is better",
    18: "{0} is winning", 19: "{1} is winning", 22: "{0} is in zugzwang", 23: "{1} is in zugzwang",
    36: "{0} has the initiative", 37: "{1} has the initiative", 40: "{0} is attacking", 41: "{1} is attacking",
    132: "{0} has counterplay", 133: "{1} has counterplay", 138: "{0} is short of time",
    139: "{1} is short of time", 146: "new idea",
}
LINE_START_NUMBER = re.compile(r"^(\d+)\.", re.MULTILINE)


# --- the tree of turns ---------------------------------------------------------------


@dataclass
class Entry:
    """One position of the tree: the start (node None) or the one after a turn."""

    node: Node | None
    after: Position
    before: Position | None = None
    parent: int = -1  # the entry of the position before the turn
    next: int = -1  # the entry of the following turn in the same line
    label: str = "Start"  # "12... D4"

    @property
    def played_from(self) -> Position:
        """The position before the entry's turn (an entry of a turn: not the start)."""
        assert self.before is not None, "the start follows no turn"
        return self.before


@dataclass
class Tree:
    """Every position of a checked record (main line and variations) in reading order."""

    record: Record
    entries: list[Entry] = field(default_factory=list)
    number: dict[int, int] = field(default_factory=dict)  # id(node) -> entry number

    def of(self, node: Node) -> int:
        return self.number[id(node)]

    @property
    def main_line_end(self) -> int:
        return self.of(self.record.moves[-1]) if self.record.moves else 0

    def main_line(self) -> list[Position]:
        """The main line's positions: the start, then the one after each turn."""
        return [self.entries[0].after] + [self.entries[self.of(node)].after for node in self.record.moves]


def walk(record: Record) -> Tree:
    """Replay every line of a checked record, numbering its positions in reading order."""
    builder = TreeBuilder(record)
    accept(record, builder, positions=True)
    return builder.tree


class TreeBuilder(Visitor):
    """Builds a record's `Tree` from a walk with positions: an entry per turn, linked to the
    entry before it and to the turn after it in its line.

    Walked along with checking the record (`check(record, then=builder)`), it builds the
    tree from the one replay that checks it, as the site does.
    """

    def __init__(self, record: Record) -> None:
        # a record whose Game tag names no game is never walked: its tree stays empty
        self.tree = Tree(record, [Entry(None, record.start)] if record.start is not None else [])
        self.last: list[int] = []  # per open line, its last entry so far

    def begin_line(self, depth: int, parent: Step | None) -> None:
        self.last.append(0 if parent is None else self.tree.entries[self.tree.of(parent.node)].parent)

    def visit_turn(self, step: Step) -> None:
        tree, parent, number = self.tree, self.last[-1], len(self.tree.entries)
        tree.number[id(step.node)] = number
        assert step.before is not None and step.after is not None, "walked with its positions"
        label = f"{turn_number(step.before)} {tree.record.rules.turn_text(step.node.turn)}"
        tree.entries.append(Entry(step.node, step.after, step.before, parent, label=label))
        if tree.entries[parent].next == -1:  # a variation's first turn does not replace the main continuation
            tree.entries[parent].next = number
        self.last[-1] = number

    def end_line(self, depth: int) -> None:
        self.last.pop()


def turn_number(position: Position) -> str:
    """'12.' before the first side's turn, '12...' before the second side's."""
    return f"{position.number}." + (".." if position.side else "")


def diagrams(tree: Tree, size: int = 480, flipped: bool = False) -> list[str] | None:
    """The SVG of every entry of the tree (None if the game has no renderer)."""
    try:
        draw = renderer_for(tree.record.rules)
    except ValueError:
        return None
    return [_drawing(tree, number, draw, size, flipped) for number in range(len(tree.entries))]


def _drawing(tree: Tree, number: int, draw: Callable[..., str], size: int, flipped: bool) -> str:
    """The SVG of one entry of the tree."""
    entry = tree.entries[number]
    last = (entry.before, entry.node.turn) if entry.node is not None else None
    outcome = ending(tree.record.rules, tree.record.start_position, _line_to(tree, entry)) if entry.next == -1 else None
    return draw_annotated(draw, entry.after, annotations_of(entry.node), last=last, flipped=flipped, size=size,
                          outcome=outcome)


def _line_to(tree: Tree, entry: Entry) -> list[tuple[Hashable, Position]]:
    """The (turn, position after it) pairs of the line from the start to an entry."""
    line = []
    while entry.node is not None:
        line.append((entry.node.turn, entry.after))
        entry = tree.entries[entry.parent]
    return line[::-1]


# --- texts shared by both outputs ----------------------------------------------------


def comment_parts(comment: str, commands: bool = False) -> list[tuple[str, str]]:
    """A comment as readers see it, in order: ("comment", its words, spaces tidied) between
    ("turn", "2. D5") and ("result", "0-1") for each correction it holds
    (docs/tournaments.md#corrections). Its other [%commands] are left out, or kept as
    written if `commands` (the scorer's own view)."""
    parts: list[tuple[str, str]] = []
    words: list[str] = []

    def put_words() -> None:
        text = " ".join(" ".join(words).split())
        if text:
            parts.append(("comment", text))
        words.clear()

    at = 0
    for command in find_commands(comment):
        words.append(comment[at:command.start])
        at = command.end
        if command.name == CORRECTION and command.args:
            put_words()
            parts.append(("result" if command.args in RESULTS else "turn", command.args))
        elif commands:
            words.append(comment[command.start:command.end])
    words.append(comment[at:])
    put_words()
    return parts


def remarks(comments: list[str], commands: bool = False) -> list[tuple[str, str]]:
    """The parts readers see of a list of comments (see comment_parts)."""
    return [part for comment in comments for part in comment_parts(comment, commands)]


def correction_words(kind: str) -> tuple[str, str]:
    """The words around what a correction took back: ('result ', ' taken back') for a result."""
    return ("result " if kind == "result" else "", " taken back")


def remark_html(kind: str, text: str) -> str:
    """One part of a comment in HTML: its words, or a correction, what was taken back struck through."""
    if kind == "comment":
        return f'<span class="ls-comment">{html_text(text)}</span>'
    before, after = correction_words(kind)
    return f'<span class="ls-correction">{before}<del>{html_text(text)}</del>{after}</span>'


def remark_markdown(kind: str, text: str) -> str:
    """One part of a comment in Markdown: its words in italics, or a correction in brackets."""
    if kind == "comment":
        return f"*{markdown_text(text)}*"
    before, after = correction_words(kind)
    return f"({before}<del>{markdown_text(text)}</del>{after})"


def wants_diagram(node: Node) -> bool:
    return any(name == "diagram" for name, _ in node.commands())


def nag_text(nag: int, sides: tuple[str, str]) -> str:
    """What a NAG beyond $1-$6 means, or $n when it has no standard meaning."""
    meaning = NAG_MEANINGS.get(nag)
    return meaning.format(*sides) if meaning else f"${nag}"


def _known(value: str | None) -> TypeGuard[str]:
    return value is not None and value.strip() not in ("", "?")


def title(record: Record) -> str:
    """'First player – Second player', side names standing in for unknown players."""
    first, second = (record.tags.get(side) for side in record.rules.sides)
    return (f"{first if _known(first) else record.rules.sides[0]} – "
            f"{second if _known(second) else record.rules.sides[1]}")


def caption(record: Record) -> str:
    """One line naming a record: 'Ann – Bob · Club night · 2026.11.20' (what is known of it)."""
    event, date = record.tags.get("Event"), date_text(record.tags.get("Date"))
    parts = [title(record)] + ([event.strip()] if _known(event) else [])
    return " · ".join(parts + ([date] if date != UNKNOWN_DATE else []))


UNKNOWN_DATE = "unknown"


def date_text(value: str | None) -> str:
    """A Date tag for readers: '2024.05.12' as it is, cut before its first unknown part
    when partly known ('2024.??.??' is '2024'), 'unknown' when not known at all."""
    known = []
    for part in (value or "").strip().split("."):
        if not part or "?" in part:
            break
        known.append(part)
    return ".".join(known) or UNKNOWN_DATE


def shown_tag(name: str, value: str) -> str:
    """A tag's value as readers see it: the game's display name, a date as date_text says."""
    if name == "Game":
        return display_name(value)
    return date_text(value) if name == "Date" else value


def result_text(record: Record, replayed: Replayed | None) -> tuple[str, str]:
    """(verdict, reason): 'Yellow (Ann) wins' and why the game ended (or that it did not)."""
    sides = record.rules.sides

    def side(index: int) -> str:
        player = record.tags.get(sides[index])
        return f"{sides[index]} ({player})" if _known(player) else sides[index]

    if record.result in WINNERS:
        winner = WINNERS[record.result]
        verdict = "Draw" if winner is None else f"{side(winner)} wins"
    else:
        verdict = "Unfinished"
    termination = record.tags.get("Termination")
    if replayed is not None and replayed.outcome is not None:
        reason = replayed.outcome.reason
    elif _known(termination):
        reason = termination.strip()
    elif record.result == "*":
        reason = "the game is not over"
    else:
        reason = "no reason recorded"
    return verdict, reason


# --- HTML ---------------------------------------------------------------------------

# The viewer's buttons: (command, face, label, keys). docs/publishing.md#the-viewer lists them.
BUTTONS = (("first", "«", "Start (Home)", "Home"), ("back", "‹", "Back (←)", "ArrowLeft"),
           ("forward", "›", "Forward (→)", "ArrowRight"), ("last", "»", "End of line (End)", "End"),
           ("into", "↓", "Into the variation (↓)", "ArrowDown"), ("out", "↑", "Out of the variation (↑)", "ArrowUp"),
           ("flip", "⇅", "Flip the board (F)", "F"))
# The viewer's menu (the ⋯ button): (action, words). "fold" is there only for a record with variations.
MENU = (("table", "Moves in two columns"), ("fold", "Hide the variations"), ("tgn", "Download the record (TGN)"),
        ("code", "Copy the position code"), ("link", "Copy a link to this position"))
TOGGLES, PRESSED = ("table", "fold"), ' aria-pressed="false"'
MAX_SLUG = 60


def slugify(text: str, fallback: str) -> str:
    """A file name from any text: a-z, 0-9 and single '-' only, never empty, at most MAX_SLUG
    characters, cut between words (a single word longer than that is cut)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if len(slug) > MAX_SLUG:
        cut = slug[:MAX_SLUG + 1].rfind("-")  # the last word that ends within the limit
        slug = slug[:cut] if cut > 0 else slug[:MAX_SLUG]
    return slug.strip("-") or fallback


def board_label(record: Record, entry: Entry) -> str:
    """What the live board shows, for screen readers: 'Teblo, after 12... H10'."""
    return f"{display_name(record.rules.name)}, " + ("start" if entry.node is None else f"after {entry.label}")


def asset(name: str) -> str:
    """The text of a file shipped with the package (viewer.js, viewer.css)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def render_html(record: Record, replayed: Replayed | None, *, prefix: str = "g", ply: int = 0,
                size: int = 480, flipped: bool = False, tags: bool = True,
                links: dict[str, str] | None = None, budgets: Budgets = DEFAULT_BUDGETS,
                openings: Openings | None = None, tree: Tree | None = None, moves: str = "text",
                name: str = "", tgn_url: str | None = None) -> str:
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
    BudgetError if the record's page would exceed a budget (render/budgets.py).
    """
    if (problem := over_budget(record, budgets)) is not None:
        raise BudgetError(problem)
    if moves not in MOVE_LAYOUTS:
        raise ValueError(f"moves: {moves!r} is not one of {', '.join(MOVE_LAYOUTS)}")
    tree = tree if tree is not None else walk(record)
    at = tree.of(record.moves[ply - 1]) if ply else 0
    svgs = diagrams(tree, size, flipped)
    turned = diagrams(tree, size, not flipped) if svgs is not None else None
    html = HtmlWriter(tree, svgs, prefix, turned, openings, tgn_url)
    layout = ' data-moves="table"' if moves == "table" else ""
    parts = [f'<div class="ls-record" id="{html_text(prefix)}">', f'<div class="ls-game" data-at="{at}"{layout}>']
    if svgs is not None:
        parts.append(html.viewer(at, flipped))
    else:
        parts.append(f'<p class="ls-note">No diagrams for {html_text(display_name(record.rules.name))} yet.</p>')
    parts.append('<div class="ls-moves">' + html.moves() + html.result(replayed) + "</div>")
    if svgs is not None:
        parts.append(html.data(name or slugify(title(record), "record")))
        if tgn_url is None and (text := tgn_text(record)) is not None:
            parts.append(f'<template class="ls-tgn">{template_text(text)}</template>')
    parts.append("</div>")
    parts.append(tag_block(record, links or {}) if tags else f'<p class="ls-caption">{html_text(caption(record))}</p>')
    parts.append("</div>")
    fragment = "".join(parts)
    check_page(record, fragment, budgets)
    return fragment


MOVE_LAYOUTS = ("text", "table")


def template_text(text: str) -> str:
    """Text kept exactly in a <template> (never shown): '&', '<' and '>' escaped, and carriage
    returns written as references, which the HTML parser would otherwise turn into line feeds."""
    return escape(text, quote=False).replace("\r", "&#13;")


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
                 openings: Openings | None = None, tgn_url: str | None = None) -> None:
        """svgs: every position as first shown; turned: the same with the board turned round (for Flip);
        openings, tgn_url: see render_html."""
        self.tree, self.svgs, self.prefix, self.openings, self.tgn_url = tree, svgs, prefix, openings, tgn_url
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
        buttons = "".join(f'<button type="button" data-go="{go}" title="{hint}" aria-label="{hint}" '
                          f'aria-keyshortcuts="{keys}">{face}</button>' for go, face, hint, keys in BUTTONS)
        buttons += (f'<button type="button" data-go="menu" title="More" aria-label="More: layout, download, copy" '
                    f'aria-expanded="false" aria-controls="{prefix}-menu">⋯</button>')
        folds = any(entry.node.variations for entry in self.tree.entries if entry.node is not None)
        items = "".join(self._menu_item(action, words) for action, words in MENU if action != "fold" or folds)
        bottom, top = (1, 0) if flipped else (0, 1)
        return (f'<div class="ls-board">{self.player(top, at)}'
                f'{self.table.markup(at, board_label(self.tree.record, entry))}{self.player(bottom, at)}'
                f'<div class="ls-controls" role="toolbar" aria-label="Viewer" hidden>{buttons}</div>'
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
        who = f' <span class="ls-name">{html_text(player.strip())}</span>' if _known(player) else ""
        score = scores(record)[side]
        parts = [f'<span class="ls-side">{html_text(name)}</span>{who}']
        if score:
            parts.append(f' <span class="ls-score" title="Result">{score}</span>')
        if self.clocks is not None:
            parts.append(f' <span class="ls-clock" title="Clock">{html_text(self.clocks[at][side] or "")}</span>')
        return f'<div class="ls-player" data-side="{side}">{"".join(parts)}</div>'

    def _openings_link(self) -> str:
        """A link to the position shown in the opening explorer (kept while hidden, so that
        the panel keeps its height when the viewer goes past the explorer's turns)."""
        if self.openings is None:
            return ""
        return (f'<p class="ls-open" hidden><a href="{html_text(self.openings.page)}">'
                "This position in the opening explorer</a></p>")

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
        meanings = "".join(f' <span class="ls-nag">{html_text(nag_text(nag, self.sides))}</span>'
                           for nag in node.nags if nag not in GLYPH_OF)
        second = ' ls-second' if self.tree.entries[number].played_from.side else ""
        return f'<a class="ls-m{second}" href="#{html_text(self.prefix)}-{number}">{text}</a>{meanings} '

    @staticmethod
    def _comment(text: str) -> str:
        return "".join(remark_html(*part) + " " for part in comment_parts(text))

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
        caption = "Start" if entry.node is None else f"After {entry.label}"
        svg = inline(self.svgs[number], f"{self.prefix}f{self.figures}-", caption)
        return f'<figure class="ls-diagram">{svg}<figcaption>{html_text(caption)}</figcaption></figure>'

    def result(self, replayed: Replayed | None) -> str:
        record = self.tree.record
        verdict, reason = result_text(record, replayed)
        text = (f'<p class="ls-result"><strong>{html_text(record.result)}</strong> '
                f"{html_text(verdict)}: {html_text(reason)}.</p>")
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


def page_html(fragment: str, heading: str) -> str:
    """A whole HTML page titled `heading`, whose body is one self-contained <section> (heading,
    record, the viewer's CSS and script inline) that can also be pasted into another page."""
    return ('<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
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


# --- Markdown ------------------------------------------------------------------------


def render_markdown(record: Record, replayed: Replayed | None, svg_name: Callable[[int], str],
                    size: int = 480, flipped: bool = False,
                    budgets: Budgets = DEFAULT_BUDGETS) -> tuple[str, dict[str, str]]:
    """Markdown for a checked record, and the SVG files its images name ({file name: SVG}).

    svg_name: the file name of the diagram of an entry (0 = start), e.g. 'game-012.svg'.
    BudgetError if the record's page would exceed a budget (render/budgets.py).
    """
    if (problem := over_budget(record, budgets)) is not None:
        raise BudgetError(problem)
    tree = walk(record)
    try:
        draw = renderer_for(record.rules)
    except ValueError:
        draw = None
    files: dict[str, str] = {}

    def image(number: int, caption: str) -> str:
        if draw is None:
            return ""
        files[svg_name(number)] = _drawing(tree, number, draw, size, flipped)  # only the diagrams shown
        return f"![{markdown_text(caption)}]({svg_name(number)})"

    lines = [f"# {markdown_text(title(record))}", "", "| Tag | Value |", "|---|---|"]
    lines += [f"| {markdown_text(name)} | {markdown_text(shown_tag(name, value))} |"
              for name, value in canonical_tags(record).items()]
    lines += ["", "## Moves", ""]
    blocks: list[tuple[int, str]] = []
    intro = " ".join(remark_markdown(*part) for part in remarks(record.comments))
    accept(record, _MarkdownMoves(tree, blocks, image, intro))
    for depth, text in blocks:
        lines += ["> " * depth + LINE_START_NUMBER.sub(r"\1\\.", text), ""]
    verdict, reason = result_text(record, replayed)
    lines += ["## Result", "", f"**{markdown_text(record.result)}** {markdown_text(verdict)}: {markdown_text(reason)}.", ""]
    final = image(tree.main_line_end, "Final position")
    if final:
        lines += [final, ""]
    return "\n".join(lines), files


class _MarkdownMoves(Visitor):
    """The moves as paragraphs: a line's turns run on until a diagram or a variation; a
    variation is a paragraph one quote level deeper."""

    def __init__(self, tree: Tree, blocks: list[tuple[int, str]], image: Callable[[int, str], str], intro: str) -> None:
        self.tree, self.blocks, self.image = tree, blocks, image
        self.sides = tree.record.rules.sides
        self.words: list[list[str]] = []  # per open line, the words of its paragraph so far
        self.intro = intro

    def flush(self) -> None:
        if self.words[-1]:
            self.blocks.append((len(self.words) - 1, " ".join(self.words[-1])))
            self.words[-1].clear()

    def begin_line(self, depth: int, parent: Step | None) -> None:
        if parent is not None:
            self.flush()
        self.words.append([self.intro] if parent is None and self.intro else [])

    def visit_turn(self, step: Step) -> None:
        node, words = step.node, self.words[-1]
        number = self.tree.of(node)
        entry = self.tree.entries[number]
        if step.numbered:
            words.append(turn_number(entry.played_from))
        words.extend(remark_markdown(*part) for part in remarks(node.before))
        glyphs = "".join(GLYPH_OF[nag] for nag in node.nags if nag in GLYPH_OF)
        words.append(markdown_text(self.tree.record.rules.turn_text(node.turn) + glyphs))
        words.extend(f"({markdown_text(nag_text(nag, self.sides))})" for nag in node.nags if nag not in GLYPH_OF)
        words.extend(remark_markdown(*part) for part in remarks(node.comments))
        if wants_diagram(node):
            picture = self.image(number, f"After {entry.label}")
            if picture:
                self.flush()
                self.blocks.append((len(self.words) - 1, picture))

    def end_line(self, depth: int) -> None:
        self.flush()
        self.words.pop()
