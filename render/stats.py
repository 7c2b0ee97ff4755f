"""An archive's figures (notation/stats.py) as text, Markdown, CSV or JSON."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from ..notation.stats import Figures, GameFigures
from .escaping import csv_text, markdown_text, terminal_text

RESULT_ORDER = ("1-0", "0-1", "1/2-1/2", "*")


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
    common = sorted(figures.openings.items(), key=lambda item: (-sum(item[1].values()), item[0]))[:openings]
    opening_rows = [[" ".join(turns), str(sum(counts.values())), *(str(counts[r]) for r in RESULT_ORDER[:3]),
                     _share(figures.score(counts))] for turns, counts in common]
    ending_rows = [[kind, str(count), _percent(count, sum(figures.endings.values()))]
                   for kind, count in sorted(figures.endings.items(), key=lambda item: (-item[1], item[0]))]
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
    """One table: game, section, then the section's columns (every cell quoted, no formula)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(["Game", "Table", "Item", "Records", "Details"])
    for game in figures.games.values():
        for heading, header, rows in sections(game, openings):
            for row in rows:
                writer.writerow([csv_text(game.game), heading, csv_text(row[0]), row[1],
                                 "; ".join(f"{h}: {cell}" for h, cell in zip(header[2:], row[2:]))])
    return buffer.getvalue()


def to_json(figures: Figures, openings: int = 10) -> str:
    data: dict[str, Any] = {"unreadable": figures.unreadable, "games": {}}
    for game in figures.games.values():
        common = sorted(game.openings.items(), key=lambda item: (-sum(item[1].values()), item[0]))[:openings]
        data["games"][game.game] = {
            "records": game.records,
            "results": {result: game.results[result] for result in RESULT_ORDER},
            "length": game.length_summary(),
            "openings": [{"turns": list(turns), "records": sum(counts.values()),
                          "results": {result: counts[result] for result in RESULT_ORDER},
                          "score": _rounded(game.score(counts))} for turns, counts in common],
            "endings": dict(sorted(game.endings.items(), key=lambda item: (-item[1], item[0]))),
        }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _rounded(score: float | None) -> float | None:
    return None if score is None else round(score, 4)


def _footer(figures: Figures) -> str:
    if not figures.unreadable:
        return ""
    return f"{figures.unreadable} record{'s' if figures.unreadable != 1 else ''} with problems not counted."


FORMATS = {"text": to_text, "markdown": to_markdown, "csv": to_csv, "json": to_json}
