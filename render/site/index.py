"""The index pages of a site (render/site/__init__.py): the home page, a page per game and per event,
the events, the players and the opening explorers, their tables sortable by any column."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Sequence

from ...notation.games import display_name
from ...notation.languages import Words
from ...notation.model import WINNERS
from ...notation.events.standings import ScoredGame, standings
from ...notation.languages import N_
from ..wording import ENGLISH, UNKNOWN_DATE, page_date, slugify
from ..escaping import html_text, markdown_text
from ..standings import boxed, html_footer, html_table, scored
from .kept import kept_html
from .pages import write_markdown
from .pairings import event_file_sections
from .ratings import player_ratings
from .plan import Explorer, Plan, PublishedRecord, Slugs


DIGITS = re.compile(r"([0-9]+)")


# the headings of the index pages' tables, said in the site's language
HEADINGS = (N_("Players"), N_("Result"), N_("Date"), N_("Round"), N_("Event"), N_("Game"), N_("Records"), N_("Dates"),
            N_("Player"), N_("Won"), N_("Drawn"), N_("Lost"), N_("Unfinished"))


def write_indexes(plan: Plan, docs: Path, site_title: str, words: Words = ENGLISH) -> int:
    """The home page, a page per game and per event, the list of events and the players; how many.

    Their tables are HTML a reader can sort by any column (viewer.js), links ending in .html;
    their words are those of `words` (docs/languages.md#pages)."""
    by_game: dict[str, list[PublishedRecord]] = defaultdict(list)
    by_event: dict[str, list[PublishedRecord]] = defaultdict(list)
    for entry in plan.entries:
        by_game[entry.game].append(entry)
        by_event[entry.event].append(entry)
    (docs / "games").mkdir()
    (docs / "events").mkdir()
    (docs / "openings").mkdir()
    for explorer in plan.explorers.values():
        write_markdown(docs / "openings" / f"{explorer.slug}.md",
                       words.gettext("{game} openings").format(game=explorer.label),
               [words.gettext("The turns played from each position in the first turns of these records, how often, "
                              "and how the records that played them ended. Choose a turn to go to the position it "
                              "gives (→ plays the turn played most, ← goes back)."), "",
                kept_html(explorer.tree.html(words=words))], wide=True)
    rows: list[list[Cell]]
    for game, entries in by_game.items():
        rows = [[_record_link(e, ".."), e.result, _date_cell(e, words), e.round, _event_link(plan, e.event, "..", words)]
                for e in _ordered(entries)]
        write_markdown(docs / "games" / f"{slugify(game, 'game')}.md", display_name(game),
               [f"{records(len(entries), words)}.{_explorers_sentence(plan, game, words)}", "",
                _sortable(("Players", "Result", "Date", "Round", "Event"), rows, aside=("Round", "Event"), words=words)])
    for event, entries in by_event.items():
        rows = [[_record_link(e, ".."), display_name(e.game), e.result, _date_cell(e, words), e.round]
                for e in _ordered(entries)]
        write_markdown(docs / "events" / f"{plan.event_slugs[event]}.md", _event_name(event, words),
               [f"{records(len(entries), words)}.", "",
                _sortable(("Players", "Game", "Result", "Date", "Round"), rows, aside=("Game", "Round"), words=words),
                *(event_file_sections(event, plan.folders[event], words) or _standings_section(plan.games[event], words))])
    events = sorted(by_event, key=lambda name: (name == "?", name.lower()))
    event_table = _sortable(("Event", "Records", "Dates"), [
        [_event_link(plan, name, ".", words), str(len(by_event[name])), _dates(by_event[name], words)] for name in events],
        words=words)
    write_markdown(docs / "events.md", words.gettext("Events"), [event_table])
    players = _players_page(plan.entries, player_ratings(plan.rated, words), words)
    write_markdown(docs / "players.md", words.gettext("Players"), players)
    game_table = _sortable(("Game", "Records"), [
        [_link(display_name(game), f"games/{slugify(game, 'game')}.html"), str(len(by_game[game]))] for game in sorted(by_game)],
        words=words)
    recent: list[list[Cell]] = [[_record_link(e, "."), display_name(e.game), e.result, _date_cell(e, words),
                                 _event_link(plan, e.event, ".", words)] for e in _recent(plan.entries)]
    count = len(plan.entries)
    write_markdown(docs / "index.md", site_title,
           [words.ngettext("{count} annotated record: step through each game on its page with the buttons or the "
                           "arrow keys. [Players](players.md) lists everyone who played, with their records.",
                           "{count} annotated records: step through each game on its page with the buttons or the "
                           "arrow keys. [Players](players.md) lists everyone who played, with their records.",
                           count).format(count=count), "",
            "## " + words.gettext("Recent games"), "",
            _sortable(("Players", "Game", "Result", "Date", "Event"), recent, aside=("Event",), words=words), "",
            "## " + words.pgettext("the games played", "Games"), "", game_table, "",
            "## " + words.gettext("Events"), "", event_table])
    return len(by_game) + len(plan.explorers) + len(by_event) + 3


RECENT = 10  # records on the home page, the latest first


def _recent(entries: list[PublishedRecord]) -> list[PublishedRecord]:
    """The RECENT latest records: by date (the unknown last), then round, the latest first."""
    dated = sorted(entries, key=lambda e: (e.date != UNKNOWN_DATE, e.date, natural(e.round)), reverse=True)
    return dated[:RECENT]


def _players_page(entries: list[PublishedRecord], ratings: dict[str, str], words: Words = ENGLISH) -> list[str]:
    """The players page: a table of everyone who played (records, won, drawn, lost, unfinished),
    each name leading to the list of their records under it, then their ratings (render/site/ratings.py)."""
    played: dict[str, list[tuple[PublishedRecord, int]]] = defaultdict(list)
    for entry in entries:
        for side, name in enumerate(entry.names):
            if name != "?":
                played[name].append((entry, side))
    names = sorted(played, key=lambda name: (name.lower(), name))
    anchors = Slugs()
    ids = {name: "player-" + anchors.new(name, "player") for name in names}
    rows = []
    for name in names:
        outcomes = [_outcome(entry.result, side) for entry, side in played[name]]
        rows.append([_link(name, f"#{ids[name]}"), str(len(outcomes)),
                     *(str(outcomes.count(kind)) for kind in ("won", "drawn", "lost", "unfinished"))])
    lists = []
    for name in names:
        items = "".join(f"<li>{_record_link(entry, '.')} {html_text(entry.result)} · "
                        f"{html_text(_event_name(entry.event, words))}"
                        f"{'' if entry.date == UNKNOWN_DATE else ' · ' + html_text(page_date(entry.date, words))}</li>"
                        for entry, _ in sorted(played[name], key=lambda item: _order_key(item[0])))
        lists.append(f'<h2 id="{ids[name]}">{html_text(name)}</h2>\n<ul class="ls-player-records">{items}</ul>'
                     + (f"\n{ratings[name]}" if name in ratings else ""))
    return [words.ngettext("{count} player. Choose a name for their records.",
                           "{count} players. Choose a name for their records.", len(names)).format(count=len(names)), "",
            _sortable(("Player", "Records", "Won", "Drawn", "Lost", "Unfinished"), rows, aside=("Unfinished",),
                      words=words), "",
            *lists]


def _outcome(result: str, side: int) -> str:
    """'won', 'drawn', 'lost' or 'unfinished': a record's result for the player of `side`."""
    winner = WINNERS.get(result, -1)
    return "unfinished" if winner == -1 else "drawn" if winner is None else "won" if winner == side else "lost"


Cell = str | tuple[str, str]  # a cell of a sortable table: its HTML or text, or (that, the text it sorts by)


def _sortable(headings: tuple[str, ...], rows: Sequence[Sequence[Cell]], aside: tuple[str, ...] = (),
              words: Words = ENGLISH) -> str:
    """A table readers sort by clicking a heading (viewer.js), as raw HTML in a Markdown page.

    Each cell is HTML, or (HTML, the text it sorts by) when that is not what it shows; other
    cells are plain text and escaped here. The columns named in `aside` are left out on a
    phone (viewer.css: .ls-aside), so that the others fit its width. The headings are said in `words`."""
    marks = [' class="ls-aside"' if heading in aside else "" for heading in headings]
    head = "".join(f"<th{mark}>{html_text(words.gettext(heading))}</th>"
                   for heading, mark in zip(headings, marks))
    lines = []
    for row in rows:
        cells = []
        for cell, mark in zip(row, marks):
            html, key = cell if isinstance(cell, tuple) else (cell, None)
            html = html if isinstance(html, _Html) else html_text(html)
            cells.append(f'<td{mark} data-sort="{html_text(key)}">{html}</td>' if key is not None
                         else f"<td{mark}>{html}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return ('<div class="ls-sortable">\n<table>\n<thead><tr>' + head + "</tr></thead>\n<tbody>\n"
            + "\n".join(lines) + "\n</tbody>\n</table>\n</div>\n")


class _Html(str):
    """HTML written here (links), put into a table as it is."""


def _link(text: str, href: str) -> _Html:
    return _Html(f'<a href="{html_text(href)}">{html_text(text)}</a>')


def _record_link(entry: PublishedRecord, root: str) -> _Html:
    """A link to a record's page, named by its players, each name kept on one line (.ls-who)."""
    first, dash, second = entry.players.partition(" – ")
    names = (f'<span class="ls-who">{html_text(first + dash.rstrip())}</span> <span class="ls-who">'
             f"{html_text(second)}</span>") if dash else html_text(entry.players)
    return _Html(f'<a href="{html_text(f"{root}/records/{entry.slug}.html")}">{names}</a>')


def _event_link(plan: Plan, event: str, root: str, words: Words = ENGLISH) -> _Html:
    return _link(_event_name(event, words), f"{root}/events/{plan.event_slugs[event]}.html")


def _date_cell(entry: PublishedRecord, words: Words = ENGLISH) -> tuple[str, str]:
    """A date as the page's language writes it, sorting before every known one when unknown."""
    return _date_text(entry.date, words), "" if entry.date == UNKNOWN_DATE else entry.date


def _date_text(date: str, words: Words = ENGLISH) -> str:
    """A date of date_text's ('2024.03.12', 'unknown') in the page's language."""
    return words.gettext("unknown") if date == UNKNOWN_DATE else page_date(date, words)


def _explorers_sentence(plan: Plan, game: str, words: Words = ENGLISH) -> str:
    """Where a game page sends readers for the first turns of its records: the explorer of each
    variant played (none when every record starts from a position set up)."""
    pages = [(explorer.label, f"../openings/{explorer.slug}.md") for explorer in explorers(plan) if explorer.game == game]
    if len(pages) == 1:
        return " " + words.gettext("Their first turns, position by position, are in the [opening explorer]({page}).").format(
            page=pages[0][1])
    links = ", ".join(f"[{markdown_text(label)}]({page})" for label, page in pages)
    return " " + words.gettext("Their first turns, position by position, are in the opening explorers: {links}.").format(
        links=links) if pages else ""


def explorers(plan: Plan) -> list[Explorer]:
    return sorted(plan.explorers.values(), key=lambda explorer: explorer.label.lower())


def _standings_section(games: list[ScoredGame], words: Words = ENGLISH) -> list[str]:
    """An event page's standings, in a box of their own that scrolls sideways if too wide for
    the page (viewer.css: .ls-standings); nothing when no game of the event was scored."""
    table = standings(games)
    if not scored(table):
        return []
    return ["", "## " + words.gettext("Standings"), "", boxed("\n" + html_table(table, "ls-crosstable", words), words), "",
            f"<p>{html_footer(table, words)}</p>"]


def plural(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def records(count: int, words: Words = ENGLISH) -> str:
    """'3 records', in the language of `words`."""
    return words.ngettext("{count} record", "{count} records", count).format(count=count)


def _event_name(event: str, words: Words = ENGLISH) -> str:
    return words.gettext("Unknown event") if event == "?" else event


def natural(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting 'round 2' before 'round 10' (numbers of any length, in linear time)."""
    return tuple((0, len(part.lstrip("0")), part.lstrip("0")) if part.isascii() and part.isdigit() else (1, 0, part)
                 for part in DIGITS.split(text) if part)


def _order_key(entry: PublishedRecord) -> tuple[str, tuple[tuple[int, int, str], ...], str, str]:
    return entry.date, natural(entry.round), entry.players.lower(), entry.slug


def _ordered(entries: list[PublishedRecord]) -> list[PublishedRecord]:
    return sorted(entries, key=_order_key)


def _dates(entries: list[PublishedRecord], words: Words = ENGLISH) -> str:
    known = sorted(e.date for e in entries if e.date != UNKNOWN_DATE)
    if not known:
        return _date_text(UNKNOWN_DATE, words)
    first, last = (page_date(date, words) for date in (known[0], known[-1]))
    return first if known[0] == known[-1] else f"{first} – {last}"
