"""The tables of `ludoscribe ratings`: text, Markdown, CSV and JSON (docs/ratings.md#the-command)."""

from __future__ import annotations

import csv
import io
import json

from ..notation.archive.ratings import Ratings, RatingsColumn, Standing
from ..notation.languages import Words
from .escaping import csv_text, markdown_text, terminal_text

HEADER = ["Rank", "Player", "Rating", "Deviation", "Games", "Last period"]  # CSV's, in every language
COLUMNS = (RatingsColumn.RANK, RatingsColumn.PLAYER, RatingsColumn.RATING, RatingsColumn.DEVIATION,
           RatingsColumn.GAMES, RatingsColumn.LAST_PERIOD)


def _header(history: bool, words: Words | None) -> list[str]:
    """The headings of a text or Markdown table, in the language of `words` (English without)."""
    return [column.say({}, words) for column in (*COLUMNS, *((RatingsColumn.HISTORY,) if history else ()))]


def _rows(players: dict[str, Standing]) -> list[list[str]]:
    return [[str(rank), name, f"{one.rating.rating:.0f}", f"{one.rating.deviation:.0f}", str(one.games),
             one.last_period] for rank, (name, one) in enumerate(players.items(), 1)]


def _history(one: Standing) -> str:
    return ", ".join(f"{label} {rating.rating:.0f}±{rating.deviation:.0f}" for label, rating in one.history)


def to_text(ratings: Ratings, history: bool = False, words: Words | None = None) -> str:
    """An aligned table per pool for a terminal (control characters in names escaped)."""
    parts = []
    for pool, players in ratings.pools.items():
        body = [[terminal_text(cell) for cell in row] for row in _rows(players)]
        header = _header(history, words)
        if history:
            body = [row + [_history(one)] for row, one in zip(body, players.values())]
        widths = [max(len(row[i]) for row in (header, *body)) for i in range(len(header))]
        lines = ["  ".join(cell.ljust(w) if i in (1, 5, 6) else cell.rjust(w)
                           for i, (cell, w) in enumerate(zip(row, widths))).rstrip() for row in (header, *body)]
        title = terminal_text(pool)
        parts.append("\n".join([title, "=" * len(title), "", *lines]) + "\n")
    return "\n".join(parts)


def to_markdown(ratings: Ratings, history: bool = False, words: Words | None = None) -> str:
    """A Markdown table per pool under its name, every name made inert."""
    parts = []
    for pool, players in ratings.pools.items():
        header = _header(history, words)
        lines = [f"## {markdown_text(pool)}", "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        for row, one in zip(_rows(players), players.values()):
            cells = [markdown_text(cell) for cell in row] + ([_history(one)] if history else [])
            lines.append("| " + " | ".join(cells) + " |")
        parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def to_csv(ratings: Ratings, history: bool = False, words: Words | None = None) -> str:
    """One table: the pool first on each row; with history, one row per player and period played
    (its column names are data: the same in every language)."""
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n", quoting=csv.QUOTE_ALL)
    if history:
        writer.writerow(["Game", "Player", "Period", "Rating", "Deviation", "Volatility"])
        for pool, players in ratings.pools.items():
            for name, one in players.items():
                for label, rating in one.history:
                    writer.writerow([csv_text(pool), csv_text(name), label, f"{rating.rating:.2f}",
                                     f"{rating.deviation:.2f}", f"{rating.volatility:.6f}"])
        return stream.getvalue()
    writer.writerow(["Game", *HEADER])
    for pool, players in ratings.pools.items():
        for row in _rows(players):
            writer.writerow([csv_text(pool), row[0], csv_text(row[1]), *row[2:]])
    return stream.getvalue()


def to_json(ratings: Ratings, history: bool = False, words: Words | None = None) -> str:
    """Every pool's players in order, with full precision; their history when asked (the same in every language)."""

    def player(rank: int, name: str, one: Standing) -> dict[str, object]:
        kept: dict[str, object] = {"rank": rank, "player": name, "rating": one.rating.rating,
                                   "deviation": one.rating.deviation, "volatility": one.rating.volatility,
                                   "games": one.games, "last_period": one.last_period}
        if history:
            kept["history"] = [{"period": label, "rating": rating.rating, "deviation": rating.deviation,
                                "volatility": rating.volatility} for label, rating in one.history]
        return kept

    return json.dumps({"period": ratings.period, "undated": ratings.undated,
                       "games": {pool: [player(rank, name, one) for rank, (name, one) in enumerate(players.items(), 1)]
                                 for pool, players in ratings.pools.items()}}, ensure_ascii=False, indent=2) + "\n"


FORMATS = {"text": to_text, "markdown": to_markdown, "csv": to_csv, "json": to_json}
