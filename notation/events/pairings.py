"""The next round's pairings of an event, from its rounds so far (docs/tournaments.md#pairing).

Round robins follow the FIDE Berger tables, Swiss events the FIDE Dutch system, both as the
library caissify-pairings computes them (the `tournament` extra; docs/tournaments.md#why-this-library).
This module turns the event's rounds into what the library reads (scores, sides met, floats,
byes) and its answer into the event's pairings, and refuses an answer that breaks a rule
no pairing may break (a rematch, a forbidden pair, a player twice, a second pairing bye):
the organiser then pairs that round by hand rather than publish a wrong one.

Sides are given as chess gives colours: the first side is white.
"""

from __future__ import annotations

import logging
import warnings
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable

from ..problems import said_of, say
from ..worded import Worded
from .rounds import Absence, Pairing, Rounds, Unplayed

SYSTEMS = ("swiss", "round-robin", "double-round-robin")
WIN_SIDE = {"1-0": 0, "0-1": 1}  # the side that wins a decided result


class PairingError(ValueError):
    """The round cannot be paired: one line says why (a Saying: its code kept)."""


class PairingProblem(Worded):
    """Why a round cannot be paired, and the rule a pairing breaks, by their code, said in the command's
    language (docs/languages.md#the-command-line); players are named by their starting number."""

    NEEDS_EXTRA = "needs-tournament-extra", "pairing needs the tournament extra ({key} is missing): " \
        "pip install 'ludoscribe[tournament]'"
    NOT_A_SYSTEM = "not-a-system", "{written!r} is not a pairing system ({systems:join ,})"
    PAIRED_ALREADY = "paired-already", "round {number} is paired already"
    TOO_FEW = "too-few", "round {number} has {count} player(s) to pair: a game needs two"
    ENGINE_FAILED = "engine-failed", "round {number} could not be paired ({written}): pair it by hand in the event file"
    BREAKS_A_RULE = "breaks-a-rule", "the pairing found for round {number} breaks a rule ({said}): pair this round " \
        "by hand in the event file"
    PAIRED_TWICE = "paired-twice", "player {player} is paired twice"
    BYES = "byes", "{count} pairing byes for {players} players"
    PAIRED_BUT_ABSENT = "paired-but-absent", "player {player} is paired but absent"
    PRESENT_NOT_PAIRED = "present-not-paired", "player {player} is present but not paired"
    MET_ALREADY = "met-already", "players {player} and {other} have met already"
    MUST_NOT_MEET = "must-not-meet", "players {player} and {other} must not meet"
    FIRST_TOO_OFTEN = "first-too-often", "player {player} would play the first side once too often"
    SECOND_TOO_OFTEN = "second-too-often", "player {player} would play the second side once too often"
    BYE_ALREADY = "bye-already", "player {player} has had a pairing bye already"


@dataclass(frozen=True)
class Request:
    """What a round's pairing needs beyond the rounds so far: the system, the round, the event's number
    of rounds, who plays this round (starting numbers), and the pairs that must never meet."""

    system: str
    round: int
    total_rounds: int
    present: frozenset[int]
    forbidden: frozenset[frozenset[int]] = frozenset()


def pair(rounds: Rounds, request: Request) -> tuple[list[Pairing], list[Absence]]:
    """The round's games, board by board, and its pairing bye (a Swiss event's, or a round robin's for
    an odd number); PairingError saying why not. The absences the players asked for are not in it:
    they are the event's (`round_files.event_rounds`)."""
    if request.system not in SYSTEMS:
        raise PairingError(say(PairingProblem.NOT_A_SYSTEM, written=request.system, systems=list(SYSTEMS)))
    paired = max((game.round for game in rounds.games), default=0)
    if request.round <= paired or any(absence.round > request.round for absence in rounds.absences):
        raise PairingError(say(PairingProblem.PAIRED_ALREADY, number=request.round))
    if len(request.present) < 2:
        raise PairingError(say(PairingProblem.TOO_FEW, number=request.round, count=len(request.present)))
    try:
        if request.system == "swiss":
            games, absences = _swiss(rounds, request)
        else:
            games, absences = _round_robin(rounds, request)
    except (ValueError, KeyError, TypeError) as error:  # the library's own refusal, or a case it does not handle
        raise PairingError(say(PairingProblem.ENGINE_FAILED, number=request.round,
                               written=f"{type(error).__name__}: {error}")) from None
    problem = rule_broken(rounds, request, games, absences)
    if problem is not None:
        raise PairingError(say(PairingProblem.BREAKS_A_RULE, number=request.round, said=said_of(problem)))
    return games, absences


# The library logs what it notices while pairing (several forced byes...) as warnings, which Python
# would print on the organiser's terminal; what matters of it is checked here (`rule_broken`).
logging.getLogger("caissify_pairings").addHandler(logging.NullHandler())


def _engine() -> Any:
    """The library's entry point; ImportError, saying how to install it, when it is missing."""
    try:
        from caissify_pairings import generate_pairings
    except ImportError as error:
        raise ImportError(say(PairingProblem.NEEDS_EXTRA, key=str(error.name)), name=error.name) from None
    return generate_pairings


def _swiss(rounds: Rounds, request: Request) -> tuple[list[Pairing], list[Absence]]:
    ledger = Ledger(rounds)
    players = [player_state(rounds, number, request.round, ledger) for number in sorted(request.present)]
    met = {tuple(sorted((game.first, game.second))) for game in rounds.games}
    met |= {tuple(sorted(pair)) for pair in request.forbidden if len(pair) == 2}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the library's note on a missing float history: it is given here
        answer = _engine()("dutch", players, met, request.round, request.total_rounds,
                           bye_value=float(rounds.bye_points / rounds.scoring.win) if rounds.scoring.win else 1.0)
    return _games(answer, request.round)


def _round_robin(rounds: Rounds, request: Request) -> tuple[list[Pairing], list[Absence]]:
    everyone = [entrant.number for entrant in rounds.entrants]
    players = [{"id": number, "name": str(number), "starting_number": number, "rating": 0, "score": 0.0,
                "color_hist": [], "float_history": [], "bye_count": 0} for number in everyone]
    cycles = 2 if request.system == "double-round-robin" else 1
    answer = _engine()("round_robin", players, set(), request.round, request.total_rounds, cycles=cycles)
    games, absences = _games(answer, request.round)
    games.sort(key=_table_order(len(everyone), request))
    played, forfeited = [], []
    for game in games:  # a player who withdrew loses their games by forfeit; both gone: nobody plays
        gone = [number not in request.present for number in (game.first, game.second)]
        if not any(gone):
            played.append(game)
        elif all(gone):
            absences += [Absence(request.round, game.first, Unplayed.ZERO_BYE),
                         Absence(request.round, game.second, Unplayed.ZERO_BYE)]
        else:
            forfeited.append(Pairing(request.round, 0, game.first, game.second, "0-1" if gone[0] else "1-0", True))
    absences = [absence for absence in absences if absence.player in request.present or
                absence.why is not Unplayed.PAIRING_BYE]
    numbered = [Pairing(request.round, board, game.first, game.second, game.result, game.forfeit)
                for board, game in enumerate(played + forfeited, start=1)]
    return numbered, absences


def _table_order(count: int, request: Request) -> Callable[[Pairing], int]:
    """The place of a game in the round's line of the Berger table, whose boards come in that order."""
    from caissify_pairings.engines.round_robin import berger_round

    table = count + count % 2
    line = berger_round(table, (request.round - 1) % (table - 1) + 1)
    places = {frozenset(pair_): place for place, pair_ in enumerate(line)}
    return lambda game: places[frozenset((game.first, game.second))]


def _games(answer: list[dict[str, Any]], round_: int) -> tuple[list[Pairing], list[Absence]]:
    games = sorted((row for row in answer if not row.get("bye")), key=lambda row: int(row["table"]))
    byes = [Absence(round_, int(row["white_id"]), Unplayed.PAIRING_BYE) for row in answer if row.get("bye")]
    return [Pairing(round_, board, int(row["white_id"]), int(row["black_id"]))
            for board, row in enumerate(games, start=1)], byes


class Ledger:
    """The event's rounds indexed once for a whole pairing: each player's game and absence by round, and
    the points each round brought them, so that a player's state is read without going through every
    game again (a pairing asks for it of every player and every earlier round)."""

    def __init__(self, rounds: Rounds) -> None:
        self.games: dict[tuple[int, int], Pairing] = {}
        self.absences: dict[tuple[int, int], Absence] = {}
        self.earned: dict[int, dict[int, Fraction]] = {}
        scoring = rounds.scoring
        unplayed = {Unplayed.PAIRING_BYE: rounds.bye_points, Unplayed.FULL_BYE: scoring.win,
                    Unplayed.HALF_BYE: scoring.draw, Unplayed.ZERO_BYE: Fraction(0)}
        for game in rounds.games:
            for side, number in enumerate((game.first, game.second)):
                self.games.setdefault((game.round, number), game)
                if game.result != "*":
                    winner = WIN_SIDE.get(game.result)
                    self._earn(number, game.round,
                               scoring.draw if winner is None else scoring.win if winner == side else scoring.loss)
        for absence in rounds.absences:
            self.absences.setdefault((absence.round, absence.player), absence)
            self._earn(absence.player, absence.round, unplayed[absence.why])

    def _earn(self, number: int, round_: int, value: Fraction) -> None:
        by_round = self.earned.setdefault(number, {})
        by_round[round_] = by_round.get(round_, Fraction(0)) + value

    def points(self, number: int, before: int) -> Fraction:
        """A player's points from the rounds before `before`."""
        return sum((value for round_, value in self.earned.get(number, {}).items() if round_ < before), Fraction(0))


def points(rounds: Rounds, number: int, before: int) -> Fraction:
    """A player's points from the rounds before `before`, in the event's scoring."""
    return Ledger(rounds).points(number, before)


def player_state(rounds: Rounds, number: int, round_: int, ledger: Ledger | None = None) -> dict[str, Any]:
    """A player as the Dutch engine reads them before `round_` (its README's "caller responsibilities"):
    the score in wins (a win is 1 whatever the game's scoring), the sides of the games played,
    a float per round they were in (a round not played is a float down, FIDE C.04.3 A.4.b), the
    pairing byes had, and the unplayed rounds that scored a win (no pairing bye after one)."""
    ledger = ledger or Ledger(rounds)
    win = rounds.scoring.win or Fraction(1)
    sides, floats, byes, unplayed_wins = [], [], 0, 0
    for earlier in range(1, round_):
        game = ledger.games.get((earlier, number))
        absence = ledger.absences.get((earlier, number))
        if game is not None and not game.forfeit:
            first = game.first == number
            sides.append("white" if first else "black")
            mine = ledger.points(number, earlier)
            theirs = ledger.points(game.second if first else game.first, earlier)
            floats.append("down" if mine > theirs else "up" if mine < theirs else "none")
        elif game is not None:
            won = WIN_SIDE.get(game.result) == (0 if game.first == number else 1)
            unplayed_wins += won
            floats.append("down" if won else "none")
        elif absence is not None:
            byes += absence.why is Unplayed.PAIRING_BYE
            unplayed_wins += absence.why is Unplayed.FULL_BYE
            floats.append("down")
    return {"id": number, "name": str(number), "starting_number": number,
            "rating": rounds.entrant(number).rating or 0, "score": float(ledger.points(number, round_) / win),
            "color_hist": sides, "float_history": floats, "bye_count": byes, "forfeit_win_count": unplayed_wins}


def side_balance(rounds: Rounds, number: int) -> tuple[int, int]:
    """The games a player has played on the first side and on the second (forfeits apart)."""
    played = [game for game in rounds.games if not game.forfeit and number in (game.first, game.second)]
    first = sum(game.first == number for game in played)
    return first, len(played) - first


def rule_broken(rounds: Rounds, request: Request, games: list[Pairing], absences: list[Absence]) -> str | None:
    """The first rule a round's pairing breaks that no pairing may: a player paired twice or not at all,
    a player who does not play this round paired, a rematch, a forbidden pair, a second pairing bye (or
    more pairing byes than an odd number of players needs),
    and before the last round a side difference over 2 or the same side three times running."""
    seen: list[int] = [number for game in games for number in (game.first, game.second)]
    seen += [absence.player for absence in absences if absence.why is Unplayed.PAIRING_BYE]
    if len(seen) != len(set(seen)):
        return say(PairingProblem.PAIRED_TWICE, player=next(number for number in seen if seen.count(number) > 1))
    byes = [absence.player for absence in absences if absence.why is Unplayed.PAIRING_BYE]
    if request.system == "swiss" and len(byes) > len(request.present) % 2:
        return say(PairingProblem.BYES, count=len(byes), players=len(request.present))
    if request.system == "swiss" and set(seen) != set(request.present):
        odd = sorted(set(seen) ^ set(request.present))[0]
        return say(PairingProblem.PAIRED_BUT_ABSENT if odd in seen else PairingProblem.PRESENT_NOT_PAIRED, player=odd)
    met = {frozenset((game.first, game.second)) for game in rounds.games}
    for game in games:
        pair_ = frozenset((game.first, game.second))
        if request.system == "swiss" and pair_ in met:
            return say(PairingProblem.MET_ALREADY, player=game.first, other=game.second)
        if pair_ in request.forbidden:
            return say(PairingProblem.MUST_NOT_MEET, player=game.first, other=game.second)
    if request.system == "swiss" and request.round < request.total_rounds:
        ledger = Ledger(rounds)
        for game in games:
            for number, side in ((game.first, "white"), (game.second, "black")):
                sides = [*player_state(rounds, number, request.round, ledger)["color_hist"], side]
                if abs(sides.count("white") - sides.count("black")) > 2 or sides[-3:] == [side] * 3:
                    return say(PairingProblem.FIRST_TOO_OFTEN if side == "white" else PairingProblem.SECOND_TOO_OFTEN,
                               player=number)
    for absence in absences:
        if absence.why is Unplayed.PAIRING_BYE and request.system == "swiss" and any(
                earlier.player == absence.player and earlier.why is Unplayed.PAIRING_BYE for earlier in rounds.absences):
            return say(PairingProblem.BYE_ALREADY, player=absence.player)
    return None
