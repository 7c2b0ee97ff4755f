"""The pairings of an event's rounds on its live page and its relay, by board and by player
(docs/tournaments.md#a-round-is-published-as-its-games): read from the folder's event file."""

from __future__ import annotations

from pathlib import Path

from ...notation.events.event_file import EventFileError, read_event
from ..escaping import html_text


def pairings_section(root: Path) -> str:
    """The last round paired, by board and by player name; nothing without an event file or a round. The
    boards' cards above it follow the games and their results live; this says who plays where."""
    try:
        event = read_event(root)
    except (OSError, EventFileError):
        return ""
    if event is None or not event.paired:
        return ""
    paired = event.paired[-1]
    first, second = event.sides
    rows = "".join(f"<tr><td>{number}{' (forfeit ' + html_text(board.forfeit) + ')' if board.forfeit else ''}</td>"
                   f"<td>{html_text(board.first)}</td><td>{html_text(board.second)}</td></tr>"
                   for number, board in enumerate(paired.boards, start=1))
    places = sorted([(board.first, number, first) for number, board in enumerate(paired.boards, start=1)] +
                    [(board.second, number, second) for number, board in enumerate(paired.boards, start=1)],
                    key=lambda place: place[0].casefold())
    names = "".join(f"<li>{html_text(name)}: board {number}, {html_text(side)}</li>" for name, number, side in places)
    if paired.bye:
        names += f"<li>{html_text(paired.bye)}: bye</li>"
    return (f'<section class="ls-pairings" aria-label="Pairings">'
            f"<h2>Round {paired.number}</h2>"
            f"<table><thead><tr><th>Board</th><th>{html_text(first)}</th><th>{html_text(second)}</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
            f"<h3>By name</h3><ul>{names}</ul></section>")
