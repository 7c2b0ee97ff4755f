"""An event's final ranking with its crosstable by round, as text, Markdown, HTML, JSON or CSV
(docs/tournaments.md#crosstable-and-final-ranking).

Rows go by rank; each round's cell is the opponent's line number (No), the side played
(`w` first side, `b` second, as chess crosstables write white and black) and the result
(1, ½, 0; + and - for a forfeit won or lost, * for a game still in play), or the letter of a
round without a game (U pairing bye, F full-point bye, H half-point bye, Z zero-point bye
or absent), empty when the player was not in the round at all.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from ..notation.events.tiebreaks import DESCRIPTIONS, Placed, Played, Ranking
from ..notation.languages import Words
from .escaping import csv_text, html_text, markdown_text, terminal_text
from .standings import points_text
from ..notation.languages import N_
from .wording import ENGLISH

SIDES = ("w", "b")
LEGEND = N_("Each round: the opponent's No, the side (w first, b second) and the result "
            "(+ and - a forfeit won or lost, * in play); U pairing bye, F full-point bye, "
            "H half-point bye, Z zero-point bye or absent.")
# the tie-breaks' names (notation/events/tiebreaks.py DESCRIPTIONS) and the columns, as pages say them
SAID = (N_("Buchholz"), N_("Buchholz Cut-1"), N_("Buchholz Cut-2"), N_("Buchholz Median-1"), N_("Buchholz Median-2"),
        N_("Sonneborn-Berger"), N_("direct encounter"), N_("rounds won"), N_("games won over the board"),
        N_("progressive score"), N_("average rating of opponents"),
        N_("No"), N_("Rank"), N_("Player"), N_("Club"), N_("SNo"), N_("Rating"), N_("Points"))


def cell(played: Played, position: dict[int, int], sides: tuple[str, str] = SIDES) -> str:
    """One round of a player's line."""
    if played.opponent is None:
        return played.why.value if played.why is not None else ""
    side = sides[0] if played.first else sides[1]
    if not played.finished:
        mark = "*"
    elif played.won is None:
        mark = "½" if played.over_the_board else "="
    elif played.over_the_board:
        mark = "1" if played.won else "0"
    else:
        mark = "+" if played.won else "-"
    return f"{position[played.opponent]}{side}{mark}"


def _clubs(ranking: Ranking) -> bool:
    return any(row.entrant.club for row in ranking.rows)


def _value(value: Fraction | None, plain: bool, language: str = "en") -> str:
    return "" if value is None else points_text(value, plain, language)


def table(ranking: Ranking, plain: bool = False, words: Words = ENGLISH) -> tuple[list[str], list[list[str]]]:
    """Header and rows: No, rank, player, club (if any has one), starting number, rating, a
    column per round, points, then the tie-breaks in their order (the header in `words`)."""
    position = {row.entrant.number: index + 1 for index, row in enumerate(ranking.rows)}
    clubs = _clubs(ranking)
    say = words.gettext
    header = [say(name) for name in ("No", "Rank", "Player", *(["Club"] if clubs else []), "SNo", "Rating")] + [
        *(f"R{number}" for number in range(1, ranking.last_round + 1)), say("Points"), *ranking.order]
    body = []
    for index, row in enumerate(ranking.rows):
        entrant = row.entrant
        body.append([str(index + 1), str(row.rank), entrant.name, *([entrant.club] if clubs else []),
                     str(entrant.number), "" if entrant.rating is None else str(entrant.rating),
                     *(cell(played, position) for played in row.rounds), points_text(row.points, plain, words.language),
                     *(_value(row.values[name], plain, words.language) for name in ranking.order)])
    return header, body


def _text_columns(ranking: Ranking) -> set[int]:
    """The columns of text (left-aligned): player and club."""
    return {2, 3} if _clubs(ranking) else {2}


def notes(ranking: Ranking, words: Words = ENGLISH) -> str:
    """What the columns mean, and the games not finished."""
    colon = words.gettext("{name}: {meaning}")
    names = "; ".join(colon.format(name=name, meaning=words.gettext(DESCRIPTIONS[name])) for name in ranking.order)
    games = ranking.unfinished
    waiting = " " + words.ngettext("{count} game in play not counted yet.", "{count} games in play not counted yet.",
                                   games).format(count=games) if games else ""
    return f"{words.gettext(LEGEND)} {names + '.' if names else ''}{waiting}".rstrip()


def to_text(event: str, ranking: Ranking, words: Words = ENGLISH) -> str:
    """An aligned table under the event's name, for a terminal (control characters escaped)."""
    header, body = table(ranking, words=words)
    event, body = terminal_text(event), [[terminal_text(value) for value in line] for line in body]
    widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
    left = _text_columns(ranking)
    lines = ["  ".join(value.ljust(width) if i in left else value.rjust(width)
                       for i, (value, width) in enumerate(zip(line, widths))).rstrip() for line in (header, *body)]
    return "\n".join([event, "=" * len(event), "", *lines, "", notes(ranking, words)]) + "\n"


def to_markdown(event: str, ranking: Ranking, words: Words = ENGLISH) -> str:
    """A section headed by the event's name, every text made inert."""
    header, body = table(ranking, words=words)
    left = _text_columns(ranking)
    align = [":---" if i in left else "---:" for i in range(len(header))]
    lines = [header, align, *([markdown_text(value) for value in line] for line in body)]
    rows = "\n".join("| " + " | ".join(line) + " |" for line in lines)
    return f"## {markdown_text(event)}\n\n{rows}\n\n{markdown_text(notes(ranking, words))}\n"


def html_table(ranking: Ranking, words: Words = ENGLISH) -> str:
    """The crosstable as an HTML table, every text escaped."""
    header, body = table(ranking, words=words)
    head = "".join(f'<th scope="col">{html_text(value)}</th>' for value in header)
    rows = "".join("<tr>" + "".join(f"<td>{html_text(value)}</td>" for value in line) + "</tr>\n" for line in body)
    return f'<table class="crosstable">\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}</tbody>\n</table>\n'


def to_html(event: str, ranking: Ranking, words: Words = ENGLISH) -> str:
    """A section with a heading and a table; every text escaped."""
    return (f'<section class="standings">\n<h2>{html_text(event)}</h2>\n{html_table(ranking, words)}'
            f"<p>{html_text(notes(ranking, words))}</p>\n</section>\n")


def _number(value: Fraction | None) -> int | float | None:
    """A JSON number: whole numbers as integers (points are decimals of a few digits)."""
    if value is None:
        return None
    return value.numerator if value.denominator == 1 else float(value)


def _round_data(played: Played, position: dict[int, int]) -> dict[str, Any]:
    opponent = played.opponent
    game = opponent is not None
    return {"round": played.round, "points": _number(played.points),
            "opponent": opponent, "opponent_no": None if opponent is None else position[opponent],
            "side": ("first" if played.first else "second") if game else None,
            "result": played.result if game else None, "forfeit": game and not played.over_the_board,
            "bye": played.why.value if played.why is not None else None}


def _player_data(index: int, row: Placed, ranking: Ranking, position: dict[int, int]) -> dict[str, Any]:
    entrant = row.entrant
    return {"no": index + 1, "rank": row.rank, "number": entrant.number, "name": entrant.name,
            "club": entrant.club, "id": entrant.id, "rating": entrant.rating, "points": _number(row.points),
            "tie_breaks": {name: _number(row.values[name]) for name in ranking.order},
            "rounds": [_round_data(played, position) for played in row.rounds]}


def to_json(event: str, ranking: Ranking) -> str:
    """The ranking as data: the tie-breaks' order, then each player's line with their rounds."""
    position = {row.entrant.number: index + 1 for index, row in enumerate(ranking.rows)}
    data = {"event": event, "rounds": ranking.last_round, "unfinished": ranking.unfinished,
            "tie_breaks": [{"code": name, "name": DESCRIPTIONS[name]} for name in ranking.order],
            "players": [_player_data(index, row, ranking, position) for index, row in enumerate(ranking.rows)]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def to_csv(event: str, ranking: Ranking) -> str:
    """One row per player under a header row, the event's name first on each: every cell quoted,
    plain numbers (2.5), and no text from the event able to start a formula (render/escaping.py:
    csv_text)."""
    header, body = table(ranking, plain=True)
    text = {header.index("Player"), *([header.index("Club")] if "Club" in header else [])}
    stream = io.StringIO()
    writer = csv.writer(stream, lineterminator="\n", quoting=csv.QUOTE_ALL)
    writer.writerow(["Event", *header])
    for line in body:
        writer.writerow([csv_text(event), *(csv_text(value) if i in text else value for i, value in enumerate(line))])
    return stream.getvalue()
