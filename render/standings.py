"""Standings as text, Markdown, HTML or CSV: a crosstable with points and tie-breaks."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

from ..notation.events.standings import Standings
from ..notation.languages import Words
from .escaping import csv_text, html_text, markdown_text, terminal_text
from ..notation.languages import N_
from .wording import ENGLISH
from ..notation.languages.numbers import numeral

NOTE = N_("SB: Sonneborn-Berger; DE: direct encounter (points among the players tied before it).")
# the table's headings, said in the reader's language (the CSV's stay as they are: data)
HEADINGS = (N_("Rank"), N_("Player"), N_("Games"), N_("W"), N_("D"), N_("L"), N_("Points"), N_("SB"), N_("DE"))


def points_text(value: Fraction, plain: bool = False, language: str = "en") -> str:
    """3, 2½ and ½ (plain: 3, 2.5, 0.5, data in every language); other fractions to two decimals,
    written as `language` writes them unless plain (4.75, 4,75)."""
    if value.denominator == 1:
        return str(value.numerator)
    if value.denominator == 2 and value > 0 and not plain:
        return f"{value.numerator // 2 or ''}½"
    english = f"{float(value):.2f}".rstrip("0").rstrip(".")
    return english if plain else numeral(english, language)


def table(standings: Standings, plain: bool = False, words: Words = ENGLISH) -> tuple[list[str], list[list[str]]]:
    """Header and rows: rank, player, one crosstable column per player (by rank), counts, tie-breaks;
    the header in the language of `words`."""
    rows = standings.rows
    say = words.gettext
    header = [say("Rank"), say("Player"), *(str(number) for number in range(1, len(rows) + 1)),
              *(say(heading) for heading in HEADINGS[2:])]
    body = []
    for row in rows:
        cells = [("" if plain else "x") if other is row
                 else " ".join(points_text(p, plain, words.language) for p in row.against.get(other.player, []))
                 for other in rows]
        body.append([str(row.rank), row.player, *cells, str(row.games), str(row.wins), str(row.draws),
                     str(row.losses), *(points_text(v, plain, words.language)
                                          for v in (row.points, row.sonneborn_berger, row.direct))])
    return header, body


def _footer(standings: Standings, words: Words = ENGLISH) -> str:
    """What was left out, if anything."""
    unfinished, unnamed = standings.unfinished, standings.unnamed
    parts = ([words.ngettext("{count} unfinished game not counted.", "{count} unfinished games not counted.",
                             unfinished).format(count=unfinished)] if unfinished else []) + (
        [words.ngettext("{count} game without two named players not counted.",
                        "{count} games without two named players not counted.", unnamed).format(count=unnamed)]
        if unnamed else [])
    return " ".join(parts)


def unranked(standings: Standings, words: Words = ENGLISH) -> str | None:
    """The line said instead of a table when no player can be ranked (no game between two
    named players), None when there is a table to show."""
    return None if standings.rows else words.gettext("No player to rank: {left_out}").format(
        left_out=_footer(standings, words))


def to_text(event: str, standings: Standings, words: Words = ENGLISH) -> str:
    """An aligned table under the event's name, for a terminal (control characters in names escaped)."""
    if (line := unranked(standings, words)) is not None:
        event = terminal_text(event)
        return f"{event}\n{'=' * len(event)}\n\n{line}\n"
    header, body = table(standings, words=words)
    event, body = terminal_text(event), [[terminal_text(cell) for cell in line] for line in body]
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    lines = ["  ".join(cell.ljust(w) if i == 1 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))
             .rstrip() for line in (header, *body)]
    return "\n".join([event, "=" * len(event), "", *lines, "", words.gettext(NOTE), _footer(standings, words)]).rstrip() + "\n"


def markdown_table(standings: Standings, words: Words = ENGLISH) -> str:
    """The table alone, in Markdown, every name made inert."""
    header, body = table(standings, words=words)
    align = ["---:", ":---", *([":---:"] * (len(header) - 9)), *(["---:"] * 7)]
    lines = [header, align, *([markdown_text(cell) if i == 1 else cell for i, cell in enumerate(line)] for line in body)]
    return "\n".join("| " + " | ".join(line) + " |" for line in lines) + "\n\n" + " ".join(
        part for part in (words.gettext(NOTE), _footer(standings, words)) if part) + "\n"


def to_markdown(event: str, standings: Standings, words: Words = ENGLISH) -> str:
    """A section headed by the event's name."""
    line = unranked(standings, words)
    return f"## {markdown_text(event)}\n\n{markdown_table(standings, words) if line is None else line + chr(10)}"


def html_table(standings: Standings, css_class: str = "", words: Words = ENGLISH) -> str:
    """The table alone, in HTML, every text escaped."""
    header, body = table(standings, words=words)
    head = "".join(f"<th>{html_text(cell)}</th>" for cell in header)
    rows = "".join("<tr>" + "".join(f"<td>{html_text(cell)}</td>" for cell in line) + "</tr>\n" for line in body)
    opening = f'<table class="{html_text(css_class)}">' if css_class else "<table>"
    return f"{opening}\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n"


def html_footer(standings: Standings, words: Words = ENGLISH) -> str:
    """The note under a table (tie-breaks, games left out), escaped."""
    return html_text(" ".join(part for part in (words.gettext(NOTE), _footer(standings, words)) if part))


def scored(standings: Standings) -> bool:
    """Whether any game counted: without one, there is no table worth showing."""
    return any(row.games for row in standings.rows)


def to_html(event: str, standings: Standings, words: Words = ENGLISH) -> str:
    """A section with a heading and a table; every text escaped."""
    if (line := unranked(standings, words)) is not None:
        return f'<section class="standings">\n<h2>{html_text(event)}</h2>\n<p>{html_text(line)}</p>\n</section>\n'
    return (f'<section class="standings">\n<h2>{html_text(event)}</h2>\n{html_table(standings, words=words)}'
            f"<p>{html_footer(standings, words)}</p>\n</section>\n")


def to_csv(events: dict[str, Standings]) -> str:
    """Every event in one table: its name first on each row, plain numbers (2.5), the crosstable last.

    Every cell is quoted and no name can start a formula (render/escaping.py: csv_text),
    so that spreadsheets read names as text.
    """
    tables = {event: table(standings, plain=True) for event, standings in events.items()}
    players = max((len(body) for _, body in tables.values()), default=0)
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(["Event", "Rank", "Player", "Games", "W", "D", "L", "Points", "SB", "DE",
                     *(str(number) for number in range(1, players + 1))])
    for event, (_, body) in tables.items():
        for line in body:
            cells = line[2:-7]
            writer.writerow([csv_text(event), line[0], csv_text(line[1]), *line[-7:], *cells,
                             *[""] * (players - len(cells))])
    return stream.getvalue()


def boxed(table_html: str, words: Words = ENGLISH) -> str:
    """A standings table in a box of its own, which scrolls sideways when the table is wider than
    the page (viewer.css: .ls-standings) and which the keyboard reaches."""
    label = html_text(words.gettext("Standings"))
    return f'<div class="ls-standings" tabindex="0" role="region" aria-label="{label}">{table_html}</div>'
