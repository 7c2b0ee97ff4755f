"""The pairings of an event's rounds on its live page and its relay, by board and by player
(docs/tournaments.md#a-round-is-published-as-its-games), and the event's ranking with each
player's sides (docs/tournaments.md#publishing-an-events-results): read from the folder's event
file, with the results of the games as spectators see them."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Iterable

from ...notation.events.event_file import Event, EventFileError, read_event
from ...notation.events.final_ranking import event_ranking
from ...notation.events.pairings import side_balance
from ...notation.events.round_files import event_rounds
from ...notation.events.rounds import Rounds
from ...notation.events.tiebreaks import TieBreakError
from .. import crosstable
from ...notation.languages import GAME_WORD, Words
from ..escaping import html_text as h
from ...notation.languages import N_
from .languages import ENGLISH_WORDS, texts
from .views import View


def pairings_section(root: Path, views: Iterable[View], words: Words = ENGLISH_WORDS) -> str:
    """The last round paired, by board and by player name, then the event's ranking; nothing without
    an event file or a round. The boards' cards above it follow the games and their results live;
    this says who plays where, and where everyone stands as the page was made."""
    try:
        event = read_event(root)
    except (OSError, EventFileError):
        return ""
    if event is None or not event.paired:
        return ""
    return _last_round(event, words) + ranking_section(event, views, words)


def shown_rounds(event: Event, views: Iterable[View]) -> Rounds:
    """The event's rounds with the results the views show, and no other: a result held back by the
    delay (docs/live.md#a-delay-for-spectators) is not counted yet."""
    shown = {view.name: dataclasses.replace(view.game, record=view.record()) for view in views}
    return event_rounds(event, shown).rounds


def ranking_section(event: Event, views: Iterable[View], words: Words = ENGLISH_WORDS) -> str:
    """The ranking by the event's tie-breaks, and each player's games on each side."""
    say = texts(words, N_("Ranking table"), N_("Ranking"), N_("Sides"), N_("Player"))
    rounds = shown_rounds(event, views)
    try:
        table = crosstable.html_table(event_ranking(event, rounds), words)
    except TieBreakError as error:
        table = f'<p class="ls-problem">{h(f"tie_breaks: {error}")}</p>'
    first, second = (words.pgettext(GAME_WORD, side) for side in event.sides)
    sides = "".join(f"<tr><td>{h(entrant.name)}</td><td>{on_first}</td><td>{on_second}</td></tr>"
                    for entrant in rounds.entrants
                    for on_first, on_second in [side_balance(rounds, entrant.number)])
    # a box of its own that scrolls sideways, as the standings' (render/standings.py boxed), under its own name
    box = f'<div class="ls-standings" tabindex="0" role="region" aria-label="{say["Ranking table"]}">{table}</div>'
    return (f'<section class="ls-ranking" aria-label="{say["Ranking"]}"><h2>{say["Ranking"]}</h2>{box}'
            f'<h3>{say["Sides"]}</h3><table class="ls-sides"><thead><tr><th>{say["Player"]}</th>'
            f"<th>{h(first)}</th><th>{h(second)}</th></tr></thead><tbody>{sides}</tbody></table></section>")


def _last_round(event: Event, words: Words) -> str:
    paired = event.paired[-1]
    board_word = h(words.pgettext("event", "Board"))  # a board of the event: a table
    say = texts(words, N_("Pairings"), N_("By name"))
    first, second = (words.pgettext(GAME_WORD, side) for side in event.sides)
    forfeit = words.gettext(" (forfeit {result})")
    rows = "".join(f"<tr><td>{number}{h(forfeit.format(result=board.forfeit)) if board.forfeit else ''}</td>"
                   f"<td>{h(board.first)}</td><td>{h(board.second)}</td></tr>"
                   for number, board in enumerate(paired.boards, start=1))
    places = sorted([(board.first, number, first) for number, board in enumerate(paired.boards, start=1)] +
                    [(board.second, number, second) for number, board in enumerate(paired.boards, start=1)],
                    key=lambda place: place[0].casefold())
    place = words.gettext("{name}: board {number}, {side}")
    names = "".join(f"<li>{h(place.format(name=name, number=number, side=side))}</li>" for name, number, side in places)
    if paired.bye:
        bye = words.gettext("{name}: bye").format(name=paired.bye)
        names += f"<li>{h(bye)}</li>"
    heading_text = words.gettext("Round {round}").format(round=paired.number)
    return (f'<section class="ls-pairings" aria-label="{say["Pairings"]}">'
            f"<h2>{h(heading_text)}</h2>"
            f"<table><thead><tr><th>{board_word}</th><th>{h(first)}</th><th>{h(second)}</th>"
            f"</tr></thead><tbody>{rows}</tbody></table>"
            f"<h3>{say['By name']}</h3><ul>{names}</ul></section>")
