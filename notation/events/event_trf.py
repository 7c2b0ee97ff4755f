"""An event file's event as a FIDE report file, and a report file's tournament as an event file
(docs/tournaments.md#exchanging-an-event-as-a-report-file)."""

from __future__ import annotations

import re
from fractions import Fraction
from dataclasses import dataclass

from .event_file import REQUESTED_BYES, Board, Event, PairedRound, Player
from .rounds import Rounds, Unplayed
from .standings import Scoring, game_scoring
from .trf import Report, TrfProblem
from ..problems import say

KINDS = {"swiss": "Swiss", "round-robin": "Round robin", "double-round-robin": "Double round robin"}


def trf_date(date: str) -> str:
    """An event date, YYYY.MM.DD, as a report file writes it, YYYY/MM/DD."""
    return date.replace(".", "/")


def event_report(event: Event, rounds: Rounds) -> Report:
    """The report of an event's rounds: its name, place, first and last days, type and rounds planned."""
    days = sorted(event.dates)
    return Report(rounds, name=event.name, city="" if event.site == "?" else event.site,
                  start=trf_date(days[0]) if days else "", end=trf_date(days[-1]) if days else "",
                  kind=KINDS[event.pairing], planned_rounds=event.rounds or None)


@dataclass
class Imported:
    """What an event file needs of a report file paired elsewhere: its players, its rounds as paired,
    the results of their games by (round, board), and the header's values."""

    players: list[Player]
    paired: list[PairedRound]
    results: dict[tuple[int, int], str]
    rounds: int
    pairing: str
    requested_bye: str = "draw"
    site: str = "?"
    dates: tuple[str, ...] = ()


def event_date(date: str) -> str:
    """A report file's date, YYYY/MM/DD (or with dots or dashes), as an event file writes it."""
    return re.sub(r"[/-]", ".", date.strip())


def imported(report: Report, game: str) -> Imported:
    """The event of a report file; ValueError saying what an event file of `game` cannot hold as the
    file says it (another scoring, byes asked for worth different points, a bye given twice a round)."""
    rounds = report.rounds
    if rounds.scoring != game_scoring(game):
        raise ValueError(say(TrfProblem.SCORES, scores=_points(rounds.scoring), game=game,
                             points=_points(game_scoring(game))))
    pairing = "round-robin" if report.round_robin else "swiss"
    bye_points = game_scoring(game).win if pairing == "swiss" else Fraction(0)
    if rounds.bye_points != bye_points and any(absence.why is Unplayed.PAIRING_BYE for absence in rounds.absences):
        raise ValueError(say(TrfProblem.BYE_WORTH, written=str(rounds.bye_points), points=str(bye_points)))
    numbers = {entrant.number: entrant for entrant in sorted(rounds.entrants, key=lambda entrant: entrant.number)}
    played = rounds.played_rounds()
    absent: dict[int, dict[int, Unplayed]] = {number: {} for number in numbers}
    paired: list[PairedRound] = []
    results: dict[tuple[int, int], str] = {}
    for round_ in range(1, played + 1):
        left_over = [numbers[absence.player].name for absence in rounds.absences
                     if absence.round == round_ and absence.why is Unplayed.PAIRING_BYE]
        if len(left_over) > 1:
            raise ValueError(say(TrfProblem.PAIRING_BYES, round=round_, count=len(left_over)))
        for absence in rounds.absences:
            if absence.round == round_ and absence.why is not Unplayed.PAIRING_BYE:
                absent[absence.player][round_] = absence.why
        games = sorted((game for game in rounds.games if game.round == round_), key=lambda game: game.board)
        paired.append(PairedRound(round_, tuple(Board(numbers[game.first].name, numbers[game.second].name,
                                                      game.result if game.forfeit else "") for game in games),
                                  left_over[0] if left_over else ""))
        results |= {(round_, board): game.result for board, game in enumerate(games, start=1) if not game.forfeit}
    players, asked = [], set()
    for number, entrant in numbers.items():
        # absent (Z) before their first round: a late entry; from a round to the last: withdrawn then;
        # between two rounds played: a bye asked for, worth nothing
        there = [r for r in range(1, played + 1) if absent[number].get(r) is not Unplayed.ZERO_BYE]
        joins = there[0] if there else played + 1
        withdrawn = there[-1] + 1 if there and there[-1] < played else None
        byes = tuple(r for r in sorted(absent[number]) if joins <= r < (withdrawn or played + 1))
        asked |= {absent[number][r] for r in byes}
        players.append(Player(entrant.name, entrant.club, entrant.rating, entrant.id, joins, withdrawn, byes))
    if len(asked) > 1:
        raise ValueError(say(TrfProblem.BYES_DIFFER, kinds=sorted(why.value for why in asked)))
    requested = next((kind for kind, why in REQUESTED_BYES.items() if {why} == asked), "draw")
    dates = tuple(dict.fromkeys(event_date(date) for date in (report.start, report.end) if date.strip()))
    return Imported(players, paired, results, report.planned_rounds or played, pairing, requested,
                    report.city or "?", dates)


def _points(scoring: Scoring) -> str:
    return " / ".join(str(value) for value in (scoring.win, scoring.draw, scoring.loss))
