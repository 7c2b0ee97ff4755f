"""An event page's pairings on the site (docs/tournaments.md#a-round-is-published-as-its-games): each
round the folder's event file paired, board by board with its result, when the event's records were
read from a folder whose event file names that event."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ...notation.events.event_file import Event, EventFileError, read_event
from ...notation.events.folder import EventFolder
from ...notation.events.round_files import event_rounds
from ..escaping import html_text


def event_file_of(event: str, folders: Iterable[str]) -> tuple[Event, Path] | None:
    """The event file naming `event` in one of these folders (the first, in order), and its folder."""
    for folder in sorted(set(folders)):
        try:
            found = read_event(folder)
        except (OSError, EventFileError):
            continue
        if found is not None and found.name == event:
            return found, Path(folder)
    return None


def pairings_section(event: str, folders: Iterable[str]) -> list[str]:
    """The event page's section of pairings: a table a round; nothing without an event file."""
    known = event_file_of(event, folders)
    if known is None or not known[0].paired:
        return []
    found, root = known
    games = EventFolder(root)
    try:
        games.scan()
    except OSError:
        return []
    results = {(game.round, game.board): game for game in event_rounds(found, games.games).rounds.games}
    first, second = found.sides
    lines = ["", "## Pairings", ""]
    for paired in found.paired:
        rows = []
        for number, board in enumerate(paired.boards, start=1):
            game = results.get((paired.number, number))
            result = (game.result if game is not None else "*") + (" (forfeit)" if board.forfeit else "")
            rows.append(f"<tr><td>{number}</td><td>{html_text(board.first)}</td><td>{html_text(board.second)}</td>"
                        f"<td>{html_text(result)}</td></tr>")
        bye = f"<p>Bye: {html_text(paired.bye)}</p>" if paired.bye else ""
        lines += [f"### Round {paired.number}", "",
                  f'<table class="ls-pairings"><thead><tr><th>Board</th><th>{html_text(first)}</th>'
                  f"<th>{html_text(second)}</th><th>Result</th></tr></thead><tbody>{''.join(rows)}</tbody></table>",
                  bye, ""]
    return lines
