"""The final ranking of an event run from its event file: its rounds as paired, with the results of
its round files, by the event's tie-breaks (docs/tournaments.md#standings-of-an-event-file). The
`standings` command, the site's event page and the live event page all rank an event by it."""

from __future__ import annotations

from .event_file import Event
from .rounds import Rounds
from .tiebreaks import DEFAULT_ORDER, Ranking, parse_order, rank


def tie_break_order(event: Event, chosen: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The tie-breaks chosen, else the event file's, else the default ones; TieBreakError names a bad one."""
    return chosen or (parse_order(",".join(event.tie_breaks)) if event.tie_breaks else DEFAULT_ORDER)


def event_ranking(event: Event, rounds: Rounds, chosen: tuple[str, ...] | None = None) -> Ranking:
    """The event's rounds ranked by its tie-breaks; a round robin ranked as one."""
    return rank(rounds, tie_break_order(event, chosen), event.pairing != "swiss")
