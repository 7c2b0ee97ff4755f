"""An archive's figures (notation/stats.py) as text, Markdown, CSV or JSON (docs/archive.md#figures-stats)."""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from typing import Any

from ..notation.stats import Figures, GameFigures
from .escaping import csv_text, markdown_text, terminal_text

RESULT_ORDER = ("1-0", "0-1", "1/2-1/2", "*")
CSV_HEADER = ["Game", "Table", "Item", "Records", "Share", "Turns", "First side wins", "Second side wins", "Drawn",
              "Unfinished", "First side's score"]


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


def _share(score: float | None) -> str:
    return "-" if score is None else f"{100 * score:.0f}%"


def sections(figures: GameFigures, openings: int) -> list[tuple[str, list[str], list[list[str]]]]:
    """The tables of one game: (title, header, rows) for results, lengths, openings, endings."""
    first, second = figures.sides
    results = figures.results
    rows = [[label, str(results[result]), _percent(results[result], figures.records)] for label, result in (
        (f"{first} wins", "1-0"), (f"{second} wins", "0-1"), ("drawn", "1/2-1/2"), ("unfinished", "*"))]
    lengths = figures.length_summary()
    length_rows = [[name, f"{value:g}"] for name, value in lengths.items()]
    opening_rows = [[" ".join(turns), str(sum(counts.values())), *(str(counts[r]) for r in RESULT_ORDER[:3]),
                     _share(figures.score(counts))] for turns, counts in _most_played(figures, openings)]
    ending_rows = [[kind, str(count), _percent(count, sum(figures.endings.values()))]
                   for kind, count in _endings(figures)]
    return [
        ("Results", ["Result", "Records", "Share"], rows),
        ("Length in turns", ["", "Turns"], length_rows),
        (f"Most played openings ({figures.opening_turns} turns)",
         ["Opening", "Records", f"{first} wins", f"{second} wins", "Drawn", f"{first}'s score"], opening_rows),
        ("How games end", ["End", "Records", "Share"], ending_rows),
    ]


def to_text(figures: Figures, openings: int = 10) -> str:
    """Aligned tables for a terminal (record text escaped)."""
    out: list[str] = []
    for game in figures.games.values():
        title = f"{game.game}: {game.records} record{'s' if game.records != 1 else ''}"
        out += [title, "=" * len(title), ""]
        for heading, header, rows in sections(game, openings):
            if not rows:
                continue
            body = [[terminal_text(cell) for cell in row] for row in rows]
            widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
            out += [heading, "-" * len(heading)]
            out += ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))
                    .rstrip() for line in (header, *body)]
            out.append("")
    out.append(_footer(figures))
    return "\n".join(out).rstrip() + "\n"


def to_markdown(figures: Figures, openings: int = 10) -> str:
    out: list[str] = []
    for game in figures.games.values():
        out += [f"## {markdown_text(game.game)}", "", f"{game.records} records.", ""]
        for heading, header, rows in sections(game, openings):
            if not rows:
                continue
            out += [f"### {markdown_text(heading)}", "", "| " + " | ".join(markdown_text(h) for h in header) + " |",
                    "|" + "---|" * len(header)]
            out += ["| " + " | ".join(markdown_text(cell) for cell in row) + " |" for row in rows]
            out.append("")
    out.append(_footer(figures))
    return "\n".join(out).rstrip() + "\n"


def to_csv(figures: Figures, openings: int = 10) -> str:
    """One table, a figure in each cell: game, table, item, then the columns of CSV_HEADER that
    the table fills (the others empty). Shares and scores are fractions of 1 (0.5), so that a
    spreadsheet sorts them; every cell is quoted, no record text is read as a formula."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for game in figures.games.values():
        first, second = game.sides
        name = csv_text(game.game)
        for label, result in ((f"{first} wins", "1-0"), (f"{second} wins", "0-1"), ("drawn", "1/2-1/2"),
                              ("unfinished", "*")):
            count = game.results[result]
            writer.writerow(_csv_row(name, "Results", csv_text(label), Records=count,
                                     Share=_fraction(count, game.records)))
        for label, value in game.length_summary().items():
            writer.writerow(_csv_row(name, "Length in turns", label, Turns=f"{value:g}"))
        for turns, counts in _most_played(game, openings):
            writer.writerow(_csv_row(
                name, f"Most played openings ({game.opening_turns} turns)", csv_text(" ".join(turns)),
                Records=sum(counts.values()), **{"First side wins": counts["1-0"], "Second side wins": counts["0-1"],
                                                 "Drawn": counts["1/2-1/2"], "Unfinished": counts["*"],
                                                 "First side's score": _rounded(game.score(counts))}))
        ended = sum(game.endings.values())
        for kind, count in _endings(game):
            writer.writerow(_csv_row(name, "How games end", csv_text(kind), Records=count,
                                     Share=_fraction(count, ended)))
    return buffer.getvalue()


def _csv_row(game: str, table: str, item: str, **figures: object) -> list[str]:
    """A row of the CSV table: the figures given in their columns, the others empty."""
    return [game, table, item, *("" if figures.get(column) is None else str(figures[column])
                                 for column in CSV_HEADER[3:])]


def _fraction(part: int, whole: int) -> float | None:
    return _rounded(part / whole) if whole else None


def _most_played(game: GameFigures, openings: int) -> list[tuple[tuple[str, ...], Counter[str]]]:
    """The `openings` most played openings, most played first (then in the order of their turns)."""
    return sorted(game.openings.items(), key=lambda item: (-sum(item[1].values()), item[0]))[:openings]


def _endings(game: GameFigures) -> list[tuple[str, int]]:
    """The kinds of end, the most frequent first."""
    return sorted(game.endings.items(), key=lambda item: (-item[1], item[0]))


def to_json(figures: Figures, openings: int = 10) -> str:
    data: dict[str, Any] = {"unreadable": figures.unreadable, "games": {}}
    for game in figures.games.values():
        data["games"][game.game] = {
            "records": game.records,
            "results": {result: game.results[result] for result in RESULT_ORDER},
            "length": game.length_summary(),
            "openings": [{"turns": list(turns), "records": sum(counts.values()),
                          "results": {result: counts[result] for result in RESULT_ORDER},
                          "score": _rounded(game.score(counts))} for turns, counts in _most_played(game, openings)],
            "endings": dict(_endings(game)),
        }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _rounded(score: float | None) -> float | None:
    return None if score is None else round(score, 4)


def _footer(figures: Figures) -> str:
    if not figures.unreadable:
        return ""
    return f"{figures.unreadable} record{'s' if figures.unreadable != 1 else ''} with problems not counted."


FORMATS = {"text": to_text, "markdown": to_markdown, "csv": to_csv, "json": to_json}
