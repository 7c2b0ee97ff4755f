"""The balance report: one HTML page comparing each game's sets of rules side by side, every figure
with its 95% interval, in tables and in charts drawn as SVG (docs/balance.md#the-report).

Each figure's cell carries its value and bounds unrounded enough to be checked (`data-value`,
`data-low`, `data-high`: fractions of 1 for shares and scores); what it shows is rounded. A
chart draws each set of rules as a dot at its value on a line from one bound to the other.
"""

from __future__ import annotations

import math
from html import escape
from typing import Callable

from ..notation.archive.balance import Estimate, Score
from ..notation.archive.course import TENTHS
from ..notation.archive.stats import Figures, GameFigures
from ..notation.languages import Words
from ..notation.languages.numbers import decimal, percent
from .wording import ENGLISH, side_name

COLOURS = ("#1d4e89", "#b3401b", "#1f7a3a", "#6b2fa0", "#8a6100", "#0b6e7a")  # a set of rules' colour, in order
Shown = Callable[[float], str]  # how a value is written in a cell or on an axis
STYLE = """body{font:16px/1.45 system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fff}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2.2rem;border-bottom:1px solid #ccc}h3{font-size:1.05rem}
.wide{overflow-x:auto}table{border-collapse:collapse;margin:.5rem 0}
th,td{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:right;vertical-align:top}
th:first-child,td:first-child{text-align:left}td small{color:#555;white-space:nowrap}
figure{margin:1rem 0}figcaption{font-weight:600}svg{max-width:100%;height:auto}
svg text{font:12px system-ui,sans-serif;fill:#1b1b1b}.note{color:#555}"""


def report(figures: Figures, words: Words = ENGLISH) -> str:
    """The whole page, in the language of `words`."""
    title = escape(words.gettext("Balance report"))
    body = [f"<h1>{title}</h1>",
            f"<p>{escape(_counted_line(figures, words))}</p>"]
    for groups in figures.by_game().values():
        body.append(_game_section(groups, words))
    return (f'<!doctype html>\n<html lang="{words.language}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{title}</title>\n<style>{STYLE}</style>\n</head>\n"
            "<body>\n<main>\n" + "\n".join(body) + "\n</main>\n</body>\n</html>\n")


def _counted_line(figures: Figures, words: Words) -> str:
    records = sum(group.records for group in figures.games.values())
    line = words.ngettext("{count} game counted.", "{count} games counted.", records).format(count=records)
    if figures.unreadable:
        line += " " + words.ngettext("{count} record with problems not counted.",
                                     "{count} records with problems not counted.",
                                     figures.unreadable).format(count=figures.unreadable)
    return line


def _game_section(groups: list[GameFigures], words: Words) -> str:
    language = words.language
    share: Shown = lambda value: percent(100 * value, 1, language)  # noqa: E731
    number: Shown = lambda value: decimal(value, 1, language)  # noqa: E731
    first = side_name(groups[0].sides[0], words)

    outcomes = [group.outcome_shares() for group in groups]
    figures_rows: list[tuple[str, list[Estimate | None], Shown]] = [
        (words.gettext("{side}'s score").format(side=first), [_estimate(group.first_side_score()) for group in groups],
         share),
        # the report's own context: a share of games, said in the plural where another page says one game
        (words.pgettext("balance report", "Decided"), [shares["decided"] for shares in outcomes], share),
        (words.pgettext("balance report", "Drawn"), [shares["drawn"] for shares in outcomes], share),
        (words.pgettext("balance report", "Unfinished"), [shares["unfinished"] for shares in outcomes],
         share),
        (words.gettext("Turns per game"), [group.mean_length() for group in groups], number),
        (words.gettext("Legal turns per position"), [group.mean_branching() for group in groups], number),
        (words.gettext("Lead changes per game"), [group.mean_lead_changes() for group in groups], number),
    ]
    labels = [group.label_in(words) for group in groups]
    games = (words.pgettext("balance report", "Games"), [str(group.records) for group in groups])
    out = [f"<section>\n<h2>{escape(groups[0].game)}</h2>",
           _table(words.pgettext("balance report", "Figure"), labels, [games], figures_rows, words)]
    if any(group.unlisted for group in groups):
        note = words.gettext("Legal turns not counted: the rules cannot list every turn.")
        out.append(f'<p class="note">{escape(note)}</p>')
    for name, values, shown in figures_rows:
        if any(value is not None for value in values):
            reference = 0.5 if name == figures_rows[0][0] else None
            out.append(_interval_chart(name, labels, values, reference, share is shown, language))
    through = [group.branching_through() for group in groups]
    if any(value is not None for tenths in through for value in tenths):
        out.append(_through_chart(words.gettext("Legal turns through the game, by tenth of its turns"), labels, through,
                                  language))
    out.append(_endings_table(groups, labels, share, words))
    out.append("</section>")
    return "\n".join(out)


def _estimate(score: Score | None) -> Estimate | None:
    return None if score is None else Estimate(score.finished, score.value, score.low, score.high)


def _cell(value: Estimate | None, shown: Shown, words: Words) -> str:
    if value is None:
        return "<td>-</td>"
    bounds = "" if value.low is None or value.high is None else \
        f' data-low="{value.low:.6g}" data-high="{value.high:.6g}"'
    interval = "" if value.low is None or value.high is None else \
        "<br><small>" + escape(words.gettext("{low} to {high}").format(low=shown(value.low), high=shown(value.high))) + \
        "</small>"
    return f'<td data-value="{value.value:.6g}" data-count="{value.count}"{bounds}>{escape(shown(value.value))}{interval}</td>'


def _table(corner: str, labels: list[str], plain: list[tuple[str, list[str]]],
           rows: list[tuple[str, list[Estimate | None], Shown]], words: Words) -> str:
    head = "".join(f'<th scope="col">{escape(label)}</th>' for label in labels)
    # a table wider than a phone scrolls in its own box, which the keyboard can reach and scroll
    lines = [f'<div class="wide" role="region" aria-label="{escape(corner)}" tabindex="0"><table>',
             f'<thead><tr><th scope="col">{escape(corner)}</th>{head}</tr></thead>\n<tbody>']
    for name, cells in plain:
        lines.append(f'<tr><th scope="row">{escape(name)}</th>' + "".join(f"<td>{escape(cell)}</td>" for cell in cells)
                     + "</tr>")
    for name, values, shown in rows:
        lines.append(f'<tr><th scope="row">{escape(name)}</th>' + "".join(_cell(value, shown, words) for value in values)
                     + "</tr>")
    under = words.gettext("Under each figure, its 95% interval.")
    lines.append(f'</tbody></table></div>\n<p class="note">{escape(under)}</p>')
    return "\n".join(lines)


def _endings_table(groups: list[GameFigures], labels: list[str], shown: Shown, words: Words) -> str:
    """How the finished games of each set of rules ended: each ending's share of them."""
    codes = sorted({code for group in groups for code in group.endings},
                   key=lambda code: (-sum(group.endings[code] for group in groups), code))
    rows: list[tuple[str, list[Estimate | None], Shown]] = [
        (code.general if words.language == "en" else code.general_in(words),
         [group.ending_share(code) for group in groups], shown) for code in codes]
    if not rows:
        return ""
    heading = words.gettext("How games end")
    return f"<h3>{escape(heading)}</h3>\n" + _table(words.gettext("End"), labels, [], rows, words)


def _axis(values: list[Estimate | None], shares: bool) -> tuple[float, float]:
    """The axis's span: 0 to 1 for shares, else 0 to a round number above every bound."""
    if shares:
        return 0.0, 1.0
    top = max((value.high if value.high is not None else value.value) for value in values if value is not None)
    step = 10 ** math.floor(math.log10(top)) if top > 0 else 1.0
    return 0.0, max(step, math.ceil(top / step) * step)


def _ticks(low: float, high: float, shares: bool, language: str) -> list[tuple[float, str]]:
    """The axis's five marks, each value with how it is written (escaped): a whole percentage
    for shares, else a whole number when it is one."""
    marks = [low + (high - low) * tick / 4 for tick in range(5)]
    if shares:
        return [(at, escape(percent(100 * at, 0, language))) for at in marks]
    return [(at, escape(decimal(at, 0 if float(at).is_integer() else 1, language))) for at in marks]


def _chart(title: str, height: int) -> list[str]:
    """The start of a chart 480 wide: its caption, and its picture named by the caption."""
    return [f'<figure><figcaption>{escape(title)}</figcaption>',
            f'<svg viewBox="0 0 480 {height}" width="480" height="{height}" role="img" '
            f'aria-label="{escape(title)}"><title>{escape(title)}</title>']


def _along(value: float, low: float, high: float) -> float:
    """How far along the axis from `low` to `high` a value falls, 0 to 1: a bound beyond the axis
    (a mean's interval reaching below 0) stops at its end."""
    return (min(max(value, low), high) - low) / (high - low)


def _interval_chart(title: str, labels: list[str], values: list[Estimate | None], reference: float | None,
                    shares: bool, language: str) -> str:
    """A dot for each set of rules at its value, on a line between its bounds, on one axis."""
    low, high = _axis(values, shares)
    left, right, row = 170, 450, 26
    height = row * len(labels) + 34

    def x(value: float) -> float:
        return left + (right - left) * _along(value, low, high)

    parts = _chart(title, height)
    for at, tick_text in _ticks(low, high, shares, language):
        parts.append(f'<line x1="{x(at):.1f}" y1="4" x2="{x(at):.1f}" y2="{height - 24}" stroke="#ddd"/>'
                     f'<text x="{x(at):.1f}" y="{height - 8}" text-anchor="middle">{tick_text}</text>')
    if reference is not None:
        parts.append(f'<line x1="{x(reference):.1f}" y1="4" x2="{x(reference):.1f}" y2="{height - 24}" '
                     'stroke="#777" stroke-dasharray="4 3"/>')
    for index, (label, value) in enumerate(zip(labels, values)):
        y, colour = 4 + row * index + row / 2, COLOURS[index % len(COLOURS)]
        parts.append(f'<text x="4" y="{y + 4:.1f}">{escape(_short(label))}</text>')
        if value is not None:
            parts.append(_mark(value, lambda at: (x(at), y), colour, 4.5))  # noqa: B023 (used at once)
    parts.append("</svg></figure>")
    return "".join(parts)


def _through_chart(title: str, labels: list[str], through: list[list[Estimate | None]], language: str) -> str:
    """Each set of rules' mean for each tenth of the game, joined by a line, each with its interval."""
    values = [value for tenths in through for value in tenths]
    low, high = _axis(values, False)
    left, right, top, bottom = 40, 470, 8, 200
    height = bottom + 28 + 18 * len(labels)

    def x(tenth: int) -> float:
        return left + (right - left) * (tenth + 0.5) / TENTHS

    def y(value: float) -> float:
        return bottom - (bottom - top) * _along(value, low, high)

    parts = _chart(title, height)
    for at, tick_text in _ticks(low, high, False, language):
        parts.append(f'<line x1="{left}" y1="{y(at):.1f}" x2="{right}" y2="{y(at):.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 4}" y="{y(at) + 4:.1f}" text-anchor="end">{tick_text}</text>')
    for tenth in range(TENTHS):
        parts.append(f'<text x="{x(tenth):.1f}" y="{bottom + 16}" text-anchor="middle">{tenth + 1}</text>')
    for index, (label, tenths) in enumerate(zip(labels, through)):
        colour = COLOURS[index % len(COLOURS)]
        points = [(x(tenth), y(value.value)) for tenth, value in enumerate(tenths) if value is not None]
        if points:
            parts.append('<polyline fill="none" stroke-width="1.5" stroke="' + colour + '" points="'
                         + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + '"/>')
        for tenth, value in enumerate(tenths):
            if value is not None:
                parts.append(_mark(value, lambda at: (x(tenth), y(at)), colour, 3))  # noqa: B023 (used at once)
        key = bottom + 30 + 18 * index
        parts.append(f'<rect x="{left}" y="{key - 9}" width="12" height="10" fill="{colour}"/>'
                     f'<text x="{left + 18}" y="{key}">{escape(label)}</text>')
    parts.append("</svg></figure>")
    return "".join(parts)


def _mark(value: Estimate, place: Callable[[float], tuple[float, float]], colour: str, radius: float) -> str:
    """A value as a dot where `place` puts it, on a line between where it puts its bounds, if it has them."""
    line = ""
    if value.low is not None and value.high is not None:
        (x1, y1), (x2, y2) = place(value.low), place(value.high)
        line = f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="2"/>'
    cx, cy = place(value.value)
    return f'{line}<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{radius}" fill="{colour}"/>'


def _short(label: str, room: int = 26) -> str:
    """A label cut to fit beside a chart's rows (the table above names it in full)."""
    return label if len(label) <= room else label[:room - 1] + "…"
