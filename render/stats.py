"""An archive's figures (notation/archive/stats.py) as text, Markdown, CSV or JSON (docs/archive.md#figures-stats)."""

from __future__ import annotations

import csv
import heapq
import io
import json
from collections import Counter
from typing import Any

from ..notation.archive.balance import Difference, Score
from ..notation.archive.stats import Figures, GameFigures, compared, usual
from ..notation.games import Worded
from ..notation.languages import Words
from .escaping import csv_text, markdown_text, terminal_text
from ..notation.languages import N_
from ..notation.languages.numbers import decimal, numeral, percent
from .wording import ENGLISH, side_name

RESULT_ORDER = ("1-0", "0-1", "1/2-1/2", "*")
CSV_HEADER = ["Game", "Table", "Item", "Records", "Share", "Turns", "First side wins", "Second side wins", "Drawn",
              "Unfinished", "First side's score", "Difference", "95% CI low", "95% CI high", "Code"]
SCORE = "First side's score"
COMPARED = "Variants compared"

Section = tuple[str, list[str], list[list[str]]]  # title, header, rows; without a header, rows of one line of text


def _percent(part: int, whole: int, language: str = "en") -> str:
    return percent(100 * part / whole, 0, language) if whole else "-"


def _share(score: float | None, language: str = "en") -> str:
    return "-" if score is None else percent(100 * score, 0, language)


def _score_percent(value: float, language: str = "en") -> str:
    return percent(100 * value, 1, language)


def _points(value: float, language: str = "en") -> str:
    """A difference of scores in percentage points, signed: +2.5, -0.4."""
    return decimal(100 * value, 1, language, signed=True)


LENGTHS = {"shortest": N_("shortest"), "median": N_("median"), "longest": N_("longest")}  # length_summary's names


def score_sentence(figures: GameFigures, words: Words = ENGLISH) -> str:
    """`White's score 54.1% (95% CI 53.2–55.0%) over 10000 finished games`; `-` without a finished game."""
    score, first = figures.first_side_score(), side_name(figures.sides[0], words)
    if score is None:
        return words.gettext("{side}'s score - (no finished game)").format(side=first)
    return words.ngettext("{side}'s score {score} (95% CI {low}–{high}) over {count} finished game",
                          "{side}'s score {score} (95% CI {low}–{high}) over {count} finished games",
                          score.finished).format(side=first, score=_score_percent(score.value, words.language),
                                                 low=decimal(100 * score.low, 1, words.language),
                                                 high=_score_percent(score.high, words.language),
                                                 count=score.finished)


def sections(figures: GameFigures, openings: int, words: Words = ENGLISH) -> list[Section]:
    """The tables of one game under one set of rules: results, the first side's score (a
    line of text), lengths, openings, endings; in the language of `words`."""
    first, second = (side_name(side, words) for side in figures.sides)
    say = words.gettext
    wins = words.gettext("{side} wins")
    results = figures.results
    language = words.language
    rows = [[label, str(results[result]), _percent(results[result], figures.records, language)] for label, result in (
        (wins.format(side=first), "1-0"), (wins.format(side=second), "0-1"), (words.gettext("drawn"), "1/2-1/2"),
        (words.gettext("unfinished"), "*"))]
    lengths = figures.length_summary()
    length_rows = [[say(LENGTHS.get(name, name)), numeral(f"{value:g}", language)] for name, value in lengths.items()]
    opening_rows = [[" ".join(turns), str(sum(counts.values())), *(str(counts[r]) for r in RESULT_ORDER[:3]),
                     _share(figures.score(counts), language)] for turns, counts in _most_played(figures, openings)]
    ending_rows = [[code.general if words.language == "en" else code.general_in(words), str(count),
                    _percent(count, sum(figures.endings.values()), language)] for code, count in _endings(figures)]
    score = words.gettext("{side}'s score")
    return [
        (words.gettext("Results"), [words.gettext("Result"), words.gettext("Records"), words.gettext("Share")], rows),
        (score.format(side=side_name(figures.sides[0], words)) if words.language != "en" else SCORE, [],
         [[score_sentence(figures, words)]]),
        (words.gettext("Length in turns"), ["", words.gettext("Turns")], length_rows),
        (words.gettext("Most played openings ({count} turns)").format(count=figures.opening_turns),
         [words.gettext("Opening"), words.gettext("Records"), wins.format(side=first), wins.format(side=second),
          words.gettext("Drawn"), score.format(side=first)], opening_rows),
        (words.gettext("How games end"), [words.gettext("End"), words.gettext("Records"), words.gettext("Share")],
         ending_rows),
    ]


def comparison(groups: list[GameFigures], words: Words = ENGLISH) -> Section:
    """The table comparing a game's variants with its usual rules: each variant's first
    side's score, its difference from the usual score in percentage points, that
    difference's 95% interval and whether the interval leaves zero out."""
    base = usual(groups)
    first = side_name(base.sides[0], words)
    header = [words.gettext("Rules"), words.gettext("Finished games"), words.gettext("{side}'s score").format(side=first),
              words.gettext("Difference (points)"), words.gettext("95% CI"), words.gettext("Clear of zero")]
    rows = [[base.label_in(words), *_score_cells(base.first_side_score(), words.language), words.gettext("baseline"), "",
             ""]]
    for group, change in compared(groups):
        rows.append([group.label_in(words), *_score_cells(group.first_side_score(), words.language),
                     *_difference_cells(change, words)])
    return words.gettext("{game}: variants compared").format(game=base.game), header, rows


def _score_cells(score: Score | None, language: str = "en") -> list[str]:
    return ["0", "-"] if score is None else [str(score.finished), _score_percent(score.value, language)]


def _difference_cells(change: Difference | None, words: Words = ENGLISH) -> list[str]:
    if change is None:
        return ["-", "-", "-"]
    language = words.language
    return [_points(change.value, language),
            words.gettext("{low} to {high}").format(low=_points(change.low, language), high=_points(change.high, language)),
            words.gettext("yes") if change.clear_of_zero else words.gettext("no")]


def _blocks(figures: Figures, openings: int, words: Words = ENGLISH) -> list[tuple[str, str, list[Section]]]:
    """What each format writes in turn: (title, records line, sections) for each group of a
    game, then, for a game of several groups, (title, "", [the comparison])."""
    blocks: list[tuple[str, str, list[Section]]] = []
    for groups in figures.by_game().values():
        for group in groups:
            blocks.append((group.label_in(words), words.ngettext("{count} record", "{count} records", group.records).format(
                count=group.records), sections(group, openings, words)))
        if len(groups) > 1:
            title, header, rows = comparison(groups, words)
            blocks.append((title, "", [("", header, rows)]))
    return blocks


def to_text(figures: Figures, openings: int = 10, words: Words = ENGLISH) -> str:
    """Aligned tables for a terminal (record text escaped), in the language of `words`."""
    out: list[str] = []
    for name, records, tables in _blocks(figures, openings, words):
        title = terminal_text(f"{name}: {records}" if records else name)
        out += [title, "=" * len(title), ""]
        for heading, header, rows in tables:
            if not rows:
                continue
            if heading:
                out += [heading, "-" * len(heading)]
            if not header:
                out += [terminal_text(row[0]) for row in rows]
            else:
                body = [[terminal_text(cell) for cell in row] for row in rows]
                widths = [max(len(line[i]) for line in (header, *body)) for i in range(len(header))]
                out += ["  ".join(cell.ljust(w) if i == 0 else cell.rjust(w)
                                  for i, (cell, w) in enumerate(zip(line, widths))).rstrip() for line in (header, *body)]
            out.append("")
    out.append(_footer(figures, words))
    return "\n".join(out).rstrip() + "\n"


def to_markdown(figures: Figures, openings: int = 10, words: Words = ENGLISH) -> str:
    out: list[str] = []
    for name, records, tables in _blocks(figures, openings, words):
        out += [f"## {markdown_text(name)}", ""] + ([f"{records}.", ""] if records else [])
        for heading, header, rows in tables:
            if not rows:
                continue
            if heading:
                out += [f"### {markdown_text(heading)}", ""]
            if not header:
                out += [markdown_text(row[0]) for row in rows]
            else:
                out += ["| " + " | ".join(markdown_text(h) for h in header) + " |", "|" + "---|" * len(header)]
                out += ["| " + " | ".join(markdown_text(cell) for cell in row) + " |" for row in rows]
            out.append("")
    out.append(_footer(figures, words))
    return "\n".join(out).rstrip() + "\n"


def to_csv(figures: Figures, openings: int = 10) -> str:
    """One table, a figure in each cell: game, table, item, then the columns of CSV_HEADER that
    the table fills (the others empty). Shares and scores are fractions of 1 (0.5), so that a
    spreadsheet sorts them; every cell is quoted, no record text is read as a formula. The
    Game column names the group (`Staku (Staku-2)`)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=csv.QUOTE_ALL, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for groups in figures.by_game().values():
        for game in groups:
            _csv_group(writer, game, openings)
        if len(groups) > 1:
            base = usual(groups)
            for group, change in compared(groups):
                score = group.first_side_score()
                writer.writerow(_csv_row(
                    csv_text(group.label), COMPARED, csv_text(base.label), Records=score.finished if score else 0,
                    **{SCORE: None if score is None else _rounded(score.value)}, **_with_interval(change, "Difference")))
    return buffer.getvalue()


def _csv_group(writer: Any, game: GameFigures, openings: int) -> None:
    """The rows of one game under one set of rules."""
    first, second = game.sides
    name = csv_text(game.label)
    for label, result in ((f"{first} wins", "1-0"), (f"{second} wins", "0-1"), ("drawn", "1/2-1/2"),
                          ("unfinished", "*")):
        count = game.results[result]
        writer.writerow(_csv_row(name, "Results", csv_text(label), Records=count,
                                 Share=_fraction(count, game.records)))
    score = game.first_side_score()
    writer.writerow(_csv_row(name, SCORE, csv_text(first), Records=score.finished if score else 0,
                             **_with_interval(score, SCORE)))
    for label, value in game.length_summary().items():
        writer.writerow(_csv_row(name, "Length in turns", label, Turns=f"{value:g}"))
    for turns, counts in _most_played(game, openings):
        writer.writerow(_csv_row(
            name, f"Most played openings ({game.opening_turns} turns)", csv_text(" ".join(turns)),
            Records=sum(counts.values()), **{"First side wins": counts["1-0"], "Second side wins": counts["0-1"],
                                             "Drawn": counts["1/2-1/2"], "Unfinished": counts["*"],
                                             SCORE: _rounded(game.score(counts))}))
    ended = sum(game.endings.values())
    for code, count in _endings(game):
        writer.writerow(_csv_row(name, "How games end", csv_text(code.general), Records=count,
                                 Share=_fraction(count, ended), Code=csv_text(str(code))))


def _with_interval(figure: Score | Difference | None, column: str) -> dict[str, float | None]:
    """The CSV cells of a figure with its interval: its value in `column`, its bounds in the interval's columns."""
    if figure is None:
        return {}
    return {column: _rounded(figure.value), "95% CI low": _rounded(figure.low), "95% CI high": _rounded(figure.high)}


def _bounds(figure: Score | Difference | None) -> list[float | None] | None:
    return None if figure is None else [_rounded(figure.low), _rounded(figure.high)]


def _csv_row(game: str, table: str, item: str, **figures: object) -> list[str]:
    """A row of the CSV table: the figures given in their columns, the others empty."""
    return [game, table, item, *("" if figures.get(column) is None else str(figures[column])
                                 for column in CSV_HEADER[3:])]


def _fraction(part: int, whole: int) -> float | None:
    return _rounded(part / whole) if whole else None


def _most_played(game: GameFigures, openings: int) -> list[tuple[tuple[str, ...], Counter[str]]]:
    """The `openings` most played openings, most played first (then in the order of their turns)."""
    return heapq.nsmallest(openings, game.openings.items(), key=lambda item: (-sum(item[1].values()), item[0]))


def _endings(game: GameFigures) -> list[tuple[Worded, int]]:
    """The ending codes counted, the most frequent first (then by code)."""
    return sorted(game.endings.items(), key=lambda item: (-item[1], item[0]))


def to_json(figures: Figures, openings: int = 10) -> str:
    """Every figure: `games` by group label, and for each game of several groups its
    variants compared with its usual rules in `variants_compared`."""
    data: dict[str, Any] = {"unreadable": figures.unreadable, "games": {}, "variants_compared": {}}
    for name, groups in figures.by_game().items():
        for game in groups:
            score = game.first_side_score()
            data["games"][game.label] = {
                "game": game.game,
                "variant": game.variant,
                "records": game.records,
                "results": {result: game.results[result] for result in RESULT_ORDER},
                "first_side_score": {"side": game.sides[0], "finished": score.finished if score else 0,
                                     "score": None if score is None else _rounded(score.value), "ci95": _bounds(score)},
                "length": game.length_summary(),
                "openings": [{"turns": list(turns), "records": sum(counts.values()),
                              "results": {result: counts[result] for result in RESULT_ORDER},
                              "score": _rounded(game.score(counts))} for turns, counts in _most_played(game, openings)],
                "endings": [{"code": str(code), "end": code.general, "records": count}
                            for code, count in _endings(game)],
            }
        if len(groups) > 1:
            data["variants_compared"][name] = {"baseline": usual(groups).label, "variants": [
                {"rules": group.label, "difference": None if change is None else _rounded(change.value), "ci95": _bounds(change),
                 "clear_of_zero": None if change is None else change.clear_of_zero}
                for group, change in compared(groups)]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _rounded(score: float | None) -> float | None:
    return None if score is None else round(score, 4)


def _footer(figures: Figures, words: Words = ENGLISH) -> str:
    if not figures.unreadable:
        return ""
    return words.ngettext("{count} record with problems not counted.", "{count} records with problems not counted.",
                          figures.unreadable).format(count=figures.unreadable)


FORMATS = {"text": to_text, "markdown": to_markdown, "csv": to_csv, "json": to_json}
