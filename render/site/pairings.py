"""An event page's final ranking and pairings on the site (docs/tournaments.md#a-round-is-published-as-its-games): each
round the folder's event file paired, board by board with its result, when the event's records were
read from a folder whose event file names that event."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from ...notation.events.event_file import EVENT_FILE, Event, EventFileError, read_event
from ...notation.events.folder import EventFolder
from ...notation.events.final_ranking import event_ranking
from ...notation.events.round_files import EventRounds, event_rounds
from ...notation.events.tiebreaks import TieBreakError
from ...notation.languages import Words
from .. import crosstable
from ..escaping import html_text
from ..standings import boxed
from ..wording import ENGLISH, side_name


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


def event_file_sections(event: str, folders: Iterable[str], words: Words = ENGLISH) -> list[str]:
    """The event page's final ranking and pairings, a table a round; nothing without an event file
    that paired a round (the page then ranks the records by their side tags)."""
    known = event_file_of(event, folders)
    if known is None or not known[0].paired:
        return []
    found, root = known
    games = EventFolder(root)
    try:
        games.scan()
    except OSError:
        return []
    state = event_rounds(found, games.games)
    return [*_ranking_section(found, state, words), *_pairings_section(found, state, words)]


def _ranking_section(found: Event, state: EventRounds, words: Words = ENGLISH) -> list[str]:
    """The crosstable as `ludoscribe standings FOLDER` gives it, and the round files left out, if any."""
    try:
        ranking = event_ranking(found, state.rounds)
    except TieBreakError as error:
        return ["", "## " + words.gettext("Final ranking"), "", f"<p>{html_text(f'{EVENT_FILE}: tie_breaks: {error}')}</p>"]
    left_out = "".join(f"<li>{html_text(problem)}</li>" for problem in state.problems)
    return ["", "## " + words.gettext("Final ranking"), "", boxed("\n" + crosstable.html_table(ranking, words), words), "",
            f"<p>{html_text(crosstable.notes(ranking, words))}</p>",
            *(["", f'<ul class="ls-left-out">{left_out}</ul>'] if left_out else [])]


def _pairings_section(found: Event, state: EventRounds, words: Words = ENGLISH) -> list[str]:
    results = {(game.round, game.board): game for game in state.rounds.games}
    first, second = (side_name(side, words) for side in found.sides)
    forfeit, bye_of, round_of = words.gettext(" (forfeit)"), words.gettext("Bye: {player}"), words.gettext("Round {number}")
    board_head, result_head = html_text(words.pgettext("event", "Board")), html_text(words.gettext("Result"))
    lines = ["", "## " + words.gettext("Pairings"), ""]
    for paired in found.paired:
        rows = []
        for number, board in enumerate(paired.boards, start=1):
            game = results.get((paired.number, number))
            result = (game.result if game is not None else "*") + (forfeit if board.forfeit else "")
            rows.append(f"<tr><td>{number}</td><td>{html_text(board.first)}</td><td>{html_text(board.second)}</td>"
                        f"<td>{html_text(result)}</td></tr>")
        bye = f"<p>{html_text(bye_of.format(player=paired.bye))}</p>" if paired.bye else ""
        lines += ["### " + round_of.format(number=paired.number), "",
                  f'<table class="ls-pairings"><thead><tr><th>{board_head}</th><th>{html_text(first)}</th>'
                  f"<th>{html_text(second)}</th><th>{result_head}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>",
                  bye, ""]
    return lines
