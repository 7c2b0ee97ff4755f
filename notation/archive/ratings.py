"""Ratings across events: Glicko-2 over rating periods by date, one pool per game and set of rules
(docs/ratings.md).

Glicko-2 is computed here, step by step as Glickman's paper gives it (docs/ratings.md#why-our-own-code):
every player's rating, deviation and volatility at the start of a period are those of the end of
the one before; a player's games of the period are rated together against the opponents' ratings
at its start. A player who does not play for n periods keeps rating and volatility while the
deviation grows to sqrt(phi² + n·sigma²), at most the starting 350.
"""

from __future__ import annotations

import datetime
import math
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Literal

from ..games import display_name
from ..model import WINNERS, Record
from ..replay import check
from ..worded import Worded
from .columnar import tag_date
from .duplicates import SeenGames
from .stats import group_label

SCALE = 173.7178  # Glicko-2's scale: a rating of 1500 + 173.7178 mu
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06
TAU = 0.5  # the system constant: how fast volatility may change
EPSILON = 0.000001  # the convergence tolerance of the volatility's iteration
CERTAIN = 1e-12  # below this, a period's games carry no information (ratings thousands of points apart)

Period = Literal["day", "month", "year"]
PERIODS: tuple[Period, ...] = ("day", "month", "year")


class RatingsColumn(Worded):
    """The headings of the tables `ratings` prints as text and Markdown, said in the command's
    language (docs/languages.md#the-command-line); CSV and JSON keep their English names, as data."""

    RANK = "rank", "Rank"
    PLAYER = "player", "Player"
    RATING = "rating", "Rating"
    DEVIATION = "deviation", "Deviation"
    GAMES = "games", "Games"
    LAST_PERIOD = "last-period", "Last period"
    HISTORY = "history", "History"


@dataclass(frozen=True)
class Rating:
    """A player's Glicko-2 rating on the usual scale."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility, by the Illinois algorithm."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate_period(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after a period of `games`: (opponent's rating at its start, score 1 / 0.5 / 0)."""
    played = [((opponent.rating - START_RATING) / SCALE, opponent.deviation / SCALE, score)
              for opponent, score in games]
    mu, phi, sigma = (player.rating - START_RATING) / SCALE, player.deviation / SCALE, player.volatility
    if not played:
        return idle(player, 1)
    information = sum(_g(phi_j) ** 2 * (e := _expected(mu, mu_j, phi_j)) * (1 - e) for mu_j, phi_j, _ in played)
    if information < CERTAIN:  # results the model was sure of, to the last digit, teach it nothing
        return idle(player, 1)
    v = 1 / information
    gained = sum(_g(phi_j) * (score - _expected(mu, mu_j, phi_j)) for mu_j, phi_j, score in played)
    new_sigma = _volatility(phi, sigma, v * gained, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * gained
    return Rating(START_RATING + SCALE * new_mu, SCALE * new_phi, new_sigma)


def idle(player: Rating, periods: int) -> Rating:
    """The rating after `periods` periods without a game: the deviation grows, up to the starting one."""
    if periods <= 0:
        return player
    phi = math.sqrt((player.deviation / SCALE) ** 2 + periods * player.volatility ** 2)
    return Rating(player.rating, min(SCALE * phi, START_DEVIATION), player.volatility)


def period_of(day: datetime.date, period: Period) -> tuple[int, str]:
    """The number of the period holding `day` (consecutive periods, consecutive numbers) and its label."""
    if period == "day":
        return day.toordinal(), day.isoformat()
    if period == "month":
        return day.year * 12 + day.month - 1, f"{day.year:04d}-{day.month:02d}"
    return day.year, f"{day.year:04d}"


@dataclass(frozen=True)
class RatedGame:
    """What the ratings keep of a finished game: pool, players, first player's score, and its day."""

    game: str
    pool: str  # the game, and the options of its variant in brackets: Staku (Staku-2)
    first: str
    second: str
    score: float
    day: datetime.date | None
    event: str

    def is_of(self, name: str) -> bool:
        """Whether `name` (any case) is the game's, or the game's with its variant (Staku (Staku-2))."""
        return name.strip().casefold() in (self.game.casefold(), self.pool.casefold())


def rated_game(record: Record, result: str | None = None) -> RatedGame | None:
    """The ratings' view of a record, or None unless it is finished between two different named players;
    `result` instead of the record's when its turns are not read (the one its tags state)."""
    winner = WINNERS.get(record.result if result is None else result, -1)
    first, second = (record.tags.get(side, "?").strip() or "?" for side in record.rules.sides)
    if winner == -1 or "?" in (first, second) or first == second:
        return None
    score = 0.5 if winner is None else 1.0 if winner == 0 else 0.0
    game = display_name(record.rules.name)
    event = record.tags.get("Event", "?").strip()
    return RatedGame(game, group_label(game, record.rules.variant_name()), first, second, score,
                     tag_date(record.tags.get("Date")), "" if event == "?" else event)


def rated_games(entries: Iterable[tuple[str, int, Record]], problem: Callable[[str, int, Record], None],
                copy: Callable[[str], None]) -> Iterator[RatedGame]:
    """The games to rate of (file, index, record) entries read TGN first (duplicates.tgn_first): each record
    checked, one with problems given to `problem`, a game read twice rated once (the note given to `copy`)."""
    seen = SeenGames()
    for path, index, record in entries:
        check(record)
        if record.problems:
            problem(path, index, record)
        elif (first := seen.copy_of(path, index, record)) is not None:
            copy(seen.note(path, index, first, "counted"))
        elif (one := rated_game(record)) is not None:
            yield one


@dataclass
class Standing:
    """A player's rating in a pool now, the games rated, and the rating after each period played."""

    rating: Rating = field(default_factory=Rating)
    games: int = 0
    last: int = 0  # the number of the last period played
    history: list[tuple[str, Rating]] = field(default_factory=list)

    @property
    def last_period(self) -> str:
        return self.history[-1][0] if self.history else ""


@dataclass
class Ratings:
    """Every pool's players, best first, and the games left out for want of a date."""

    pools: dict[str, dict[str, Standing]] = field(default_factory=dict)
    undated: int = 0
    period: Period = "month"
    at_start: dict[tuple[str, str, int], Rating] = field(default_factory=dict)  # (pool, player, period): rating
    event_days: dict[str, datetime.date] = field(default_factory=dict)  # each event's earliest day

    def before(self, game: RatedGame) -> tuple[Rating, Rating] | None:
        """Both players' ratings at the start of the game's period, or None if it was not rated (no date)."""
        day = game.day if game.day is not None else self.event_days.get(game.event)
        if day is None:
            return None
        number = period_of(day, self.period)[0]
        first, second = (self.at_start.get((game.pool, name, number)) for name in (game.first, game.second))
        return None if first is None or second is None else (first, second)


def event_days(games: Iterable[RatedGame]) -> dict[str, datetime.date]:
    """The earliest day of each event's dated games."""
    events: dict[str, datetime.date] = {}
    for game in games:
        if game.day is not None and game.event:
            events[game.event] = min(game.day, events.get(game.event, game.day))
    return events


def dated(games: list[RatedGame], events: dict[str, datetime.date]) -> tuple[list[tuple[datetime.date, RatedGame]],
                                                                             int]:
    """Each game with its day: its Date, else its event's earliest day (`events`); and how many have none."""
    kept, undated = [], 0
    for game in games:
        day = game.day if game.day is not None else events.get(game.event)
        if day is None:
            undated += 1
        else:
            kept.append((day, game))
    return kept, undated


def rate(games: Iterable[RatedGame], period: Period = "month", tau: float = TAU) -> Ratings:
    """Ratings of the players of `games`, pool by pool, period by period in order of date."""
    games = list(games)
    events = event_days(games)
    kept, undated = dated(games, events)
    periods: dict[str, dict[int, tuple[str, list[RatedGame]]]] = defaultdict(dict)
    for day, game in kept:
        number, label = period_of(day, period)
        periods[game.pool].setdefault(number, (label, []))[1].append(game)
    ratings = Ratings(undated=undated, period=period, event_days=events)
    for pool in sorted(periods):
        players: dict[str, Standing] = {}
        numbers = sorted(periods[pool])
        for number in numbers:
            label, played = periods[pool][number]
            for name, rating in _rate_one(players, number, label, played, tau).items():
                ratings.at_start[pool, name, number] = rating
        end = numbers[-1]
        for standing in players.values():
            standing.rating = idle(standing.rating, end - standing.last)
            standing.last = end
        ratings.pools[pool] = dict(sorted(players.items(), key=lambda item: (-item[1].rating.rating, item[0])))
    return ratings


def _rate_one(players: dict[str, Standing], number: int, label: str, played: list[RatedGame],
              tau: float) -> dict[str, Rating]:
    """Rate one period of a pool: every player's games against the opponents' ratings at its start (returned)."""
    at_start: dict[str, Rating] = {}
    results: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for game in played:
        results[game.first].append((game.second, game.score))
        results[game.second].append((game.first, 1 - game.score))
    for name in results:
        standing = players.setdefault(name, Standing(last=number))
        at_start[name] = idle(standing.rating, number - standing.last - 1)
    for name, games in results.items():
        standing = players[name]
        standing.rating = rate_period(at_start[name], ((at_start[other], score) for other, score in games), tau)
        standing.games += len(games)
        standing.last = number
        standing.history.append((label, standing.rating))
    return at_start
