"""The opening explorer of a site (docs/archive.md#the-opening-explorer).

For each game and variant, the explorer follows the first `DEPTH` turns of the main line
of every published record that starts from the game's start position (a study set up
elsewhere has no opening). Positions are told apart as the engine tells them apart (the
turn number aside), so two move orders that reach one position meet there. For each
position it keeps the turns played from it, how often and with what results, and the
records that reached it, each once: the work is the same for every record, however many
share its first turns. The page shows one position at a time: its board, those turns (each leads to
the position it gives) and the records, and works from file:// like the viewer (its
script is in viewer.js).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Hashable, Sequence

from ..notation.games import Position, SomeGame, display_name
from ..notation.languages import Words
from ..notation.model import RESULTS, Record
from .diagram import draw_annotated, renderer_for
from .escaping import html_text, script_json
from .frames import FrameTable
from ..notation.languages import N_
from ..notation.languages.numbers import percent
from .wording import ENGLISH, script_words_element, side_name

DEPTH = 12  # turns of each main line that the explorer follows
SIZE = 420  # the board's width in pixels
SHOWN_RECORDS = 50  # records listed under a position before "and N more"


@dataclass(frozen=True)
class Openings:
    """Where a record's first positions are in its game's explorer: the explorer's page, and
    the explorer's position for each main-line position from the start (the viewer links
    to them)."""

    page: str
    spots: tuple[int, ...]


@dataclass
class Turn:
    """A turn played from a position: where it leads, and the results of the records that played it."""

    child: int
    results: Counter[str] = field(default_factory=Counter)


@dataclass
class Spot:
    """A position of the explorer: the turns played from it, the records that reached it, and
    how the first record reached it (its line for its label, the position before and the turn
    played, highlighted on its board, and that position's number, where ← leads)."""

    position: Position
    line: str
    last: tuple[Position, Hashable] | None = None
    parent: int = -1
    turns: dict[str, Turn] = field(default_factory=dict)
    records: list[int] = field(default_factory=list)


class OpeningTree:
    """Every position the first turns of a game's records reach, joined where they meet.

    game: the rules of the records, with their variant (records of another variant belong
    to another tree: their positions are drawn, and may be played, differently)."""

    def __init__(self, game: SomeGame) -> None:
        self.game = game
        self.spots: list[Spot] = []
        self.index: dict[Position, int] = {}
        self.records: list[tuple[str, str, str]] = []  # (title, page, result)
        self._spot(game.start_position(), "")

    def _spot(self, position: Position, line: str, last: tuple[Position, Hashable] | None = None,
              parent: int = -1) -> int:
        if position not in self.index:
            self.index[position] = len(self.spots)
            self.spots.append(Spot(position, line, last, parent))
        return self.index[position]

    def add(self, record: Record, page: str, title: str, line: Sequence[Position]) -> tuple[int, ...] | None:
        """Follow a checked, valid record's first turns; the explorer's position for each, or
        None for a record that does not start from the start position (it is left out).

        line: the positions of the record's main line, the start first (as
        notation.replay.positions or a document tree gives them).
        """
        if line[0] != self.spots[0].position:
            return None
        number = len(self.records)
        self.records.append((title, page, record.result))
        game, words = record.rules, []
        here = 0
        self.spots[here].records.append(number)
        spots = [here]
        for node, before, position in zip(record.moves[:DEPTH], line, line[1:]):
            text = game.turn_text(node.turn)
            words.append(text)
            child = self._spot(position, " ".join(words), (before, node.turn), here)
            turn = self.spots[here].turns.setdefault(text, Turn(child))
            turn.results[record.result] += 1
            here = child
            spots.append(here)
            reached = self.spots[here].records
            if reached[-1:] != [number]:  # numbers grow: a record met here before is the last one
                reached.append(number)
        return tuple(spots)

    def html(self, prefix: str = "x", words: Words = ENGLISH) -> str:
        """The explorer's fragment: the first position drawn and listed, and the data for the rest,
        its words those of `words` (docs/languages.md#pages)."""
        name = display_name(self.game.name)
        table = FrameTable(f"{prefix}-")
        draw = renderer_for(self.game)
        for spot in self.spots:
            table.add(draw(spot.position, size=SIZE, last=spot.last) if words.language == "en" else
                      draw_annotated(draw, spot.position, size=SIZE, last=spot.last, words=words))
        first, second = (side_name(side, words) for side in self.game.sides)
        say = words.gettext
        data = {
            "game": name, "sides": [first, second], "roots": table.roots, "table": table.elements,
            "frames": table.frames, "lines": [spot.line for spot in self.spots],
            "turns": [[[text, turn.child, *(turn.results[result] for result in RESULTS)]
                       for text, turn in sorted(spot.turns.items(), key=lambda item: -sum(item[1].results.values()))]
                      for spot in self.spots],
            "records": [spot.records for spot in self.spots], "shown": SHOWN_RECORDS,
            "parents": [spot.parent for spot in self.spots],
        }
        every = "".join(self._record_item(k) for k in range(len(self.records)))
        label = f"{name}, {words.gettext('start')}"
        shown = {text: html_text(say(text)) for text in (
            N_("Start"), N_("Explorer"), N_("Start (Home)"), N_("Back (←)"), N_("Back"), N_("The turn played most (→)"),
            N_("Forward"))}
        return (f'<div class="ls-explorer-page"><div class="ls-explorer" id="{html_text(prefix)}">'
                f'<div class="ls-board">{table.markup(0, label)}'
                f'<p class="ls-status" aria-live="polite">{shown["Start"]}</p>'
                f'<div class="ls-controls" role="toolbar" aria-label="{shown["Explorer"]}" hidden>'
                f'<button type="button" data-go="start" title="{shown["Start (Home)"]}" aria-label="{shown["Start"]}" '
                f'aria-keyshortcuts="Home">«</button>'
                f'<button type="button" data-go="back" title="{shown["Back (←)"]}" aria-label="{shown["Back"]}" '
                f'aria-keyshortcuts="ArrowLeft">‹</button>'
                f'<button type="button" data-go="forward" title="{shown["The turn played most (→)"]}" '
                f'aria-label="{shown["Forward"]}" aria-keyshortcuts="ArrowRight">›</button></div></div>'
                f'<div class="ls-moves">{self._turns_table(0, words)}{self._records_list(0, words)}'
                f'<ol class="ls-all" hidden>{every}</ol></div>'
                f'<script type="application/json" class="ls-explorer-data">{script_json(data)}</script>'
                f'{script_words_element(words)}</div></div>')

    def _turns_table(self, number: int, words: Words = ENGLISH) -> str:
        first, second = (html_text(side_name(side, words)) for side in self.game.sides)
        rows = []
        for text, turn in sorted(self.spots[number].turns.items(), key=lambda item: -sum(item[1].results.values())):
            counts = turn.results
            rows.append(f'<tr><td><a class="ls-m" href="#p{turn.child}">{html_text(text)}</a></td>'
                        f'<td>{sum(counts.values())}</td><td>{self._bar(counts, words)}</td><td>{counts["1-0"]}</td>'
                        f'<td>{counts["1/2-1/2"]}</td><td>{counts["0-1"]}</td><td>{counts["*"]}</td></tr>')
        wins = words.gettext("{side} wins")
        heads = [words.gettext("Turn"), words.gettext("Records"), words.gettext("Results"), wins.format(side=first),
                 words.gettext("Drawn"), wins.format(side=second), words.gettext("Unfinished")]
        return ('<div class="ls-explore-box"><table class="ls-explore"><thead><tr>'
                + "".join(f"<th>{head}</th>" for head in heads) + f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>')

    def _bar(self, counts: Counter[str], said: Words = ENGLISH) -> str:
        """How the records of a turn ended, as a bar: a part per result, as wide as its share,
        labelled with its percentage when there is room (viewer.js draws the same)."""
        first, second = (side_name(side, said) for side in self.game.sides)
        won1, drawn, won2, unfinished = (counts[result] for result in ("1-0", "1/2-1/2", "0-1", "*"))
        total = won1 + drawn + won2 + unfinished or 1

        def part(count: int, kind: str) -> str:
            share = math.floor(100 * count / total + 0.5)  # as viewer.js rounds
            return (f'<span class="ls-{kind}" style="width:{100 * count / total:.1f}%">'
                    f'{percent(share, 0, said.language) if share >= 12 else ""}'
                    "</span>" if count else "")

        words = (said.gettext("{first} wins {won}, drawn {drawn}, {second} wins {lost}").format(
            first=html_text(first), won=won1, drawn=drawn, second=html_text(second), lost=won2)
                 + (said.gettext(", unfinished {count}").format(count=unfinished) if unfinished else ""))
        return (f'<span class="ls-bar" role="img" aria-label="{words}" title="{words}">{part(won1, "won1")}{part(drawn, "drawn")}'
                f'{part(won2, "won2")}{part(unfinished, "unfinished")}</span>')

    def _record_item(self, number: int) -> str:
        """A record as listed: a link to its page and its result (every record is listed once,
        hidden, for the script to copy: no record text is ever inside a script)."""
        title, page, result = self.records[number]
        return f'<li><a href="{html_text(page)}">{html_text(title)}</a> {html_text(result)}</li>'

    def _records_list(self, number: int, words: Words = ENGLISH) -> str:
        items = [self._record_item(k) for k in self.spots[number].records[:SHOWN_RECORDS]]
        more = len(self.spots[number].records) - SHOWN_RECORDS
        tail = "<li>" + words.ngettext("and {count} more", "and {count} more", more).format(count=more) + "</li>" \
            if more > 0 else ""
        heading = html_text(words.gettext("Records reaching this position"))
        return f'<h2>{heading}</h2><ul class="ls-reached">{"".join(items)}{tail}</ul>'
