"""Tie-breaks under their FIDE names over a tournament's rounds, and the ranking they give
(docs/tournaments.md#tie-breaks-of-an-event).

Each player's rounds, 1 to the last round with a game or an absence, are read from a
`Rounds` as `Played` values: the points of the round in the event's scoring (`Rounds.scoring`,
byes by `Unplayed` kind, a pairing bye worth `Rounds.bye_points`), the opponent if there was
a game, and whether the player met them over the board. A round with neither a game nor an
absence (before a late entry, after a withdrawal) is an unplayed round worth nothing.

The values follow the FIDE tie-break regulations of 2023 (Handbook C.07), including their
handling of unplayed rounds:

- a round the player did not play over the board (a bye, a forfeit either way, an absence)
  counts in the player's own Buchholz and Sonneborn-Berger as a game against a dummy
  opponent whose score is the player's own final score;
- a player's unplayed rounds without an opponent after the last round they were available
  for (a withdrawal) count as draws in the score their opponents' Buchholz adds up;
- rounds the player chose not to play (no win's points without a game: a half- or
  zero-point bye, a forfeit loss, a round without anything) are cut first by BH's cuts;
- in a round robin (`round_robin=True`) there is no dummy opponent: a forfeit counts as the
  game due, a round without an opponent adds nothing, and a withdrawal's rounds count as
  nothing for the opponents.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

from ..model import WINNERS
from ..problems import say
from ..worded import Worded
from .rounds import Entrant, Rounds, Unplayed
from .standings import Points, Scoring

# The tie-breaks one may order, by their FIDE names: BH and its cuts (C1, C2: the lowest
# one or two values cut; M1, M2: the lowest and the highest one or two), SB, DE, WIN, WON,
# PS, ARO (docs/tournaments.md#tie-breaks-of-an-event).
CUTS = {"BH": (0, 0), "BH-C1": (1, 0), "BH-C2": (2, 0), "BH-M1": (1, 1), "BH-M2": (2, 2)}
NAMES = (*CUTS, "SB", "DE", "WIN", "WON", "PS", "ARO")
DEFAULT_ORDER = ("BH-C1", "BH", "SB", "DE", "WIN")
DESCRIPTIONS = {
    "BH": "Buchholz", "BH-C1": "Buchholz Cut-1", "BH-C2": "Buchholz Cut-2", "BH-M1": "Buchholz Median-1",
    "BH-M2": "Buchholz Median-2", "SB": "Sonneborn-Berger", "DE": "direct encounter", "WIN": "rounds won",
    "WON": "games won over the board", "PS": "progressive score", "ARO": "average rating of opponents",
}


class TieBreakError(ValueError):
    """An order naming a tie-break there is not, or rounds that contradict themselves."""


class TieBreakProblem(Worded):
    """Why an order of tie-breaks or the rounds they read are refused, by its code, said in the
    command's language (docs/languages.md#the-command-line)."""

    UNKNOWN = "unknown", "unknown tie-break {written!r}: the tie-breaks are {names:join ,}"
    TWICE = "twice", "tie-break {written} is named twice"
    NUMBER_TWICE = "number-twice", "starting number {number} is given to two players"
    NOT_A_ROUND = "not-a-round", "round {round} of player {player} is not a round (rounds count from 1)"
    NOT_ENTERED = "not-entered", "round {round}, {where}: player {player} is not entered"
    IN_ROUND_TWICE = "in-round-twice", "round {round}: player {player} is in it twice (again in {where})"
    # where a player is found in a round
    BOARD = "board", "board {board}"
    ABSENCE = "absence", "an absence ({written})"


def parse_order(names: str | Iterable[str]) -> tuple[str, ...]:
    """The tie-break order from 'BH-C1,SB,DE' or a list of names (any case); TieBreakError
    naming the first unknown or repeated name."""
    given = [name.strip() for name in (names.split(",") if isinstance(names, str) else names)]
    order: list[str] = []
    for name in given:
        code = name.upper()
        if code not in NAMES:
            raise TieBreakError(say(TieBreakProblem.UNKNOWN, written=name, names=list(NAMES)))
        if code in order:
            raise TieBreakError(say(TieBreakProblem.TWICE, written=code))
        order.append(code)
    return tuple(order)


@dataclass(frozen=True)
class Played:
    """A player's round as the tie-breaks read it."""

    round: int
    points: Points
    opponent: int | None = None  # the opponent's starting number, if there was a game (played or forfeited)
    first: bool = True  # the player had the first side (when there was a game)
    result: str = ""  # the game's result ("1-0", first side first), else ""
    over_the_board: bool = False  # a game met over the board (not a forfeit), finished or not
    finished: bool = True  # False for a game still in play ("*")
    why: Unplayed | None = None  # the absence's kind; None for a game or a round without anything
    available: bool = True  # False for a voluntarily unplayed round (C.07's VUR)

    @property
    def won(self) -> bool | None:
        """Whether the player won the game (None: drawn or not finished, or no game)."""
        winner = WINNERS.get(self.result) if self.opponent is not None else None
        return None if winner is None else winner == (0 if self.first else 1)


def _game_points(result: str, first: bool, scoring: Scoring) -> Points:
    if result not in WINNERS:
        return Fraction(0)
    winner = WINNERS[result]
    if winner is None:
        return scoring.draw
    return scoring.win if winner == (0 if first else 1) else scoring.loss


def _absence_points(why: Unplayed, rounds: Rounds) -> Points:
    return {Unplayed.PAIRING_BYE: rounds.bye_points, Unplayed.FULL_BYE: rounds.scoring.win,
            Unplayed.HALF_BYE: rounds.scoring.draw, Unplayed.ZERO_BYE: Fraction(0)}[why]


def check_rounds(rounds: Rounds) -> None:
    """TieBreakError if the rounds name a player not entered, a round below 1, a starting
    number twice, or a player twice in one round (two games, or a game and an absence)."""
    numbers = [entrant.number for entrant in rounds.entrants]
    if len(set(numbers)) != len(numbers):
        twice = next(number for number in numbers if numbers.count(number) > 1)
        raise TieBreakError(say(TieBreakProblem.NUMBER_TWICE, number=twice))
    known, seen = set(numbers), set()
    places = [(game.round, player, say(TieBreakProblem.BOARD, board=game.board))
              for game in rounds.games for player in (game.first, game.second)]
    places += [(absence.round, absence.player, say(TieBreakProblem.ABSENCE, written=absence.why.value))
               for absence in rounds.absences]
    for round_number, player, where in places:
        if round_number < 1:
            raise TieBreakError(say(TieBreakProblem.NOT_A_ROUND, round=round_number, player=player))
        if player not in known:
            raise TieBreakError(say(TieBreakProblem.NOT_ENTERED, round=round_number, where=where.said, player=player))
        if (round_number, player) in seen:
            raise TieBreakError(say(TieBreakProblem.IN_ROUND_TWICE, round=round_number, player=player, where=where.said))
        seen.add((round_number, player))


def rounds_of(rounds: Rounds) -> dict[int, list[Played]]:
    """Each player's rounds 1..last played round, by starting number (TieBreakError as `check_rounds`)."""
    check_rounds(rounds)
    last = rounds.played_rounds()
    found: dict[int, dict[int, Played]] = {entrant.number: {} for entrant in rounds.entrants}
    win = rounds.scoring.win
    for game in rounds.games:
        for player, opponent, first in ((game.first, game.second, True), (game.second, game.first, False)):
            points = _game_points(game.result, first, rounds.scoring)
            over_the_board = not game.forfeit
            found[player][game.round] = Played(
                game.round, points, opponent, first, game.result, over_the_board, game.result != "*",
                available=over_the_board or points >= win)
    for absence in rounds.absences:
        found[absence.player][absence.round] = Played(
            absence.round, _absence_points(absence.why, rounds), why=absence.why,
            available=absence.why in (Unplayed.PAIRING_BYE, Unplayed.FULL_BYE))
    return {player: [by_round.get(number, Played(number, Fraction(0), available=False)) for number in range(1, last + 1)]
            for player, by_round in found.items()}


def score(played: Sequence[Played]) -> Points:
    """The player's points."""
    return sum((round_.points for round_ in played), Fraction(0))


def score_for_opponents(played: Sequence[Played], scoring: Scoring, round_robin: bool = False) -> Points:
    """The score an opponent's Buchholz adds up: the rounds after the last one the player was
    available for and had no opponent in (a withdrawal) count as draws (in a round robin, as
    nothing)."""
    last = max((round_.round for round_ in played if round_.available), default=0)
    after = Fraction(0) if round_robin else scoring.draw
    return sum((round_.points if round_.round <= last or round_.opponent is not None else after
                for round_ in played), Fraction(0))


@dataclass(frozen=True)
class _Term:
    round: int
    opponent_score: Points
    points: Points
    voluntary: bool  # a voluntarily unplayed round: cut first


class Tally:
    """Every player's rounds and scores, each worked out once, for the tie-breaks that add up
    the opponents' scores (`round_robin`: see `terms`)."""

    def __init__(self, rounds: Rounds, round_robin: bool = False) -> None:
        self.rounds, self.round_robin = rounds, round_robin
        self.played = rounds_of(rounds)
        self.scores = {player: score(played) for player, played in self.played.items()}
        self.for_opponents = {player: score_for_opponents(played, rounds.scoring, round_robin)
                              for player, played in self.played.items()}
        self.ratings = {entrant.number: entrant.rating for entrant in rounds.entrants}

    def terms(self, player: int) -> list[_Term]:
        """Each round's opponent's score and the round's points. A round not played over the
        board counts the player's own final score (a dummy opponent); in a round robin, a
        forfeit counts as a game played against the opponent due (and is not cut first), and
        a round without an opponent counts nothing at all."""
        terms = []
        for round_ in self.played[player]:
            voluntary = not round_.available
            if round_.opponent is not None and (round_.over_the_board or self.round_robin):
                value, voluntary = self.for_opponents[round_.opponent], voluntary and not self.round_robin
            elif not self.round_robin:
                value = self.scores[player]
            else:
                continue
            terms.append(_Term(round_.round, value, round_.points, voluntary))
        return terms

    def buchholz(self, player: int, low: int = 0, high: int = 0) -> Points:
        """BH and its cuts: the sum of the opponents' scores."""
        return sum((term.opponent_score for term in cut(self.terms(player), low, high)), Fraction(0))

    def sonneborn_berger(self, player: int) -> Points:
        """SB: each opponent's score times the points scored in that round."""
        return sum((term.opponent_score * term.points for term in self.terms(player)), Fraction(0))

    def average_rating(self, player: int) -> int:
        """ARO: the mean rating of the opponents met over the board who have one, rounded to
        the nearest whole number (a half up); 0 without any."""
        ratings = [rating for round_ in self.played[player] if round_.over_the_board and round_.opponent is not None
                   if (rating := self.ratings[round_.opponent]) is not None]
        if not ratings:
            return 0
        mean = Fraction(sum(ratings), len(ratings))
        return int(mean + Fraction(1, 2)) if mean >= 0 else -int(-mean + Fraction(1, 2))


def cut(terms: Sequence[_Term], low: int, high: int) -> list[_Term]:
    """The terms left once the `low` least and `high` greatest are cut; the voluntarily
    unplayed rounds are the first cut from below."""
    left = list(terms)
    for _ in range(min(low, len(left))):
        voluntary = [term for term in left if term.voluntary]
        left.remove(min(voluntary or left, key=lambda term: (term.opponent_score, term.round)))
    for _ in range(min(high, len(left))):
        left.remove(max(left, key=lambda term: (term.opponent_score, -term.round)))
    return left


def progressive(played: Sequence[Played]) -> Points:
    """PS: the sum of the player's running score after each round."""
    running, total = Fraction(0), Fraction(0)
    for round_ in played:
        running += round_.points
        total += running
    return total


def wins(played: Sequence[Played], scoring: Scoring) -> int:
    """WIN: the rounds in which the player got a win's points, with or without a game."""
    return sum(round_.points >= scoring.win for round_ in played)


def won(played: Sequence[Played]) -> int:
    """WON: the games won over the board."""
    return sum(round_.over_the_board and round_.won is True for round_ in played)


def encounters(player: int, all_rounds: dict[int, list[Played]], forfeits: bool = False) -> dict[int, list[Points]]:
    """The points the player scored in each finished game met over the board (or forfeited,
    with `forfeits`), by opponent."""
    met: dict[int, list[Points]] = defaultdict(list)
    for round_ in all_rounds[player]:
        if (round_.over_the_board or forfeits) and round_.finished and round_.opponent is not None:
            met[round_.opponent].append(round_.points)
    return met


def direct_encounter(group: Sequence[int], all_rounds: dict[int, list[Played]], scoring: Scoring,
                     first: dict[int, Points] | None = None, forfeits: bool = False) -> list[list[int]]:
    """DE: the tied `group` split into the groups it ranks, best first (`first`, if given, gets
    each player's points among the whole group; `forfeits`: a forfeit is an encounter, as in
    a round robin).

    Each player's DE score is the points scored against the others of the group (the mean of
    the games when two met more than once). If all have met, higher scores go ahead; if not,
    a player goes ahead of the rest only when their score is above what any of the rest
    could have reached with wins in the games they did not play. Players left tied are
    compared again among themselves alone."""
    members = set(group)
    scores: dict[int, Points] = {}
    met: dict[int, int] = {}
    for player in group:
        games = {other: points for other, points in encounters(player, all_rounds, forfeits).items() if other in members}
        scores[player] = sum((Fraction(sum(points), len(points)) for points in games.values()), Fraction(0))
        met[player] = len(games)
    if first is not None:
        first.update(scores)
    others = len(group) - 1
    ordered = sorted(group, key=lambda player: -scores[player])
    split: list[list[int]] = []
    if all(count == others for count in met.values()):
        for player in ordered:
            if split and scores[split[-1][0]] == scores[player]:
                split[-1].append(player)
            else:
                split.append([player])
    else:
        best = {player: scores[player] + (others - met[player]) * scoring.win for player in group}
        ordered.sort(key=lambda player: (-scores[player], -best[player]))
        while ordered:
            if len(ordered) > 1 and scores[ordered[0]] <= max(best[player] for player in ordered[1:]):
                split.append(ordered)
                break
            split.append([ordered.pop(0)])
    if len(split) == 1:
        return split
    return [part for tied in split
            for part in (direct_encounter(tied, all_rounds, scoring, forfeits=forfeits) if len(tied) > 1 else [tied])]


@dataclass(frozen=True)
class Placed:
    """One player's line of the final ranking."""

    rank: int  # shared by players equal on points and every tie-break
    entrant: Entrant
    points: Points
    values: dict[str, Points | None]  # by tie-break; DE: points among the tied players (None when not tied)
    rounds: tuple[Played, ...]


@dataclass(frozen=True)
class Ranking:
    """The players in rank order, under a tie-break order."""

    order: tuple[str, ...]
    rows: list[Placed]
    last_round: int

    @property
    def unfinished(self) -> int:
        """Games paired but not finished, not counted yet."""
        return sum(not round_.finished for row in self.rows for round_ in row.rounds) // 2


def tie_break_values(rounds: Rounds, order: Sequence[str] = NAMES,
                     round_robin: bool = False) -> dict[int, dict[str, Points]]:
    """Every player's value of each tie-break of `order` other than DE (which depends on who
    is tied), by starting number."""
    return _values(Tally(rounds, round_robin), order)


def _values(tally: Tally, order: Sequence[str]) -> dict[int, dict[str, Points]]:
    rounds = tally.rounds

    def value(name: str, player: int) -> Points:
        if name in CUTS:
            return tally.buchholz(player, *CUTS[name])
        played = tally.played[player]
        counts = {"SB": lambda: tally.sonneborn_berger(player),
                  "WIN": lambda: Fraction(wins(played, rounds.scoring)), "WON": lambda: Fraction(won(played)),
                  "PS": lambda: progressive(played), "ARO": lambda: Fraction(tally.average_rating(player))}
        return counts[name]()

    return {player: {name: value(name, player) for name in order if name != "DE"} for player in tally.played}


def rank(rounds: Rounds, order: Sequence[str] = DEFAULT_ORDER, round_robin: bool = False) -> Ranking:
    """The players ranked by points, then by each tie-break of `order` in turn among those
    still equal; players equal on all share a rank, listed by starting number. `round_robin`:
    the event is one (its unplayed rounds count apart, see `Tally`)."""
    order = parse_order(order)
    tally = Tally(rounds, round_robin)
    all_rounds, points, values = tally.played, tally.scores, _values(tally, order)
    entrants = {entrant.number: entrant for entrant in rounds.entrants}
    direct: dict[int, Points] = {}
    groups = _split(sorted(all_rounds), points)
    for name in order:
        refined: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
            elif name == "DE":
                refined.extend(direct_encounter(group, all_rounds, rounds.scoring, direct, round_robin))
            else:
                refined.extend(_split(group, {player: values[player][name] for player in group}))
        groups = refined
    rows: list[Placed] = []
    for group in groups:
        place = len(rows) + 1
        for player in sorted(group):
            shown: dict[str, Points | None] = {name: direct.get(player) if name == "DE" else values[player][name]
                                               for name in order}
            rows.append(Placed(place, entrants[player], points[player], shown, tuple(all_rounds[player])))
    return Ranking(order, rows, rounds.played_rounds())


def _split(group: Sequence[int], key: dict[int, Points]) -> list[list[int]]:
    """The group cut into runs of equal key, highest first."""
    runs: list[list[int]] = []
    for player in sorted(group, key=lambda player: -key[player]):
        if runs and key[runs[-1][0]] == key[player]:
            runs[-1].append(player)
        else:
            runs.append([player])
    return runs
