"""The players of `generate`: programs that choose a turn, each the same for the same random
numbers (docs/cli.md#players).

`random` plays the game's random turn; `mcts:PLAYOUTS` searches (mcts.py); `greedy` plays a winning turn when it has one, else
the turn that takes most from the opponent (each game's `taken`), else any turn, ties
broken at random. Chance (Tektop's dice) is drawn before choosing, as the game's random
turn draws it; where the rules cannot list every turn (T'Chako's shots, whose outcomes are
the players' hands), greedy chooses among the game's drawn plays (`Game.drawn_plays`),
which T'Chako builds action by action towards greedy's own measure.
"""

from __future__ import annotations

import random
import re
from typing import Any, Protocol

from ..games import History, SomeGame
from ..limits import shorten
from ..problems import say
from ..worded import Worded
from .mcts import BUDGETS, MctsPlayer, weighed_plays


class Player(Protocol):
    """A program that chooses the turn of the side to move."""

    name: str  # as --players names it; its title names the side's player in the record

    def choose(self, rules: SomeGame, history: History, rng: random.Random) -> tuple[Any, Any] | None:
        """A legal turn from the line's last position, as the rules complete it, with the position
        after it (as `Game.play` gives them); None when there is none."""


class RandomPlayer:
    """Each turn the game's random turn (`Game.random_play`: `random_turn` with the position after it)."""

    name = "random"

    def choose(self, rules: SomeGame, history: History, rng: random.Random) -> tuple[Any, Any] | None:
        return rules.random_play(history.position, rng)


class GreedyPlayer:
    """A winning turn, else one that takes most from the opponent, else any legal turn."""

    name = "greedy"

    def choose(self, rules: SomeGame, history: History, rng: random.Random) -> tuple[Any, Any] | None:
        position = history.position

        def value(after: Any) -> tuple[bool, int]:
            """Whether the turn wins, then what it took: the greater the better."""
            outcome = rules.outcome(after)
            return outcome is not None and outcome.winner == position.side, rules.taken(position, after)

        plays = weighed_plays(rules, position, rules.chance(position, rng), rng, value)
        best: list[tuple[Any, Any]] = []
        best_value: tuple[bool, int] | None = None
        for turn, after in plays:
            value_after = value(after)
            if best_value is None or value_after > best_value:
                best, best_value = [(turn, after)], value_after
            elif value_after == best_value:
                best.append((turn, after))
        return rng.choice(best) if best else None


class PlayerProblem(Worded):
    """Why `--players` is refused, by its code (docs/cli.md#players); what was written is quoted cut short."""

    UNKNOWN = "unknown-player", "unknown player {written!r} (known: {value}, PLAYOUTS from {low} to {high})"
    HOW_MANY = "players-how-many", "{written!r} names {count} players: give one for both sides, or two joined by a comma"


PLAYERS: dict[str, type[RandomPlayer] | type[GreedyPlayer]] = {"random": RandomPlayer, "greedy": GreedyPlayer}
SEARCHERS = {"mcts": MctsPlayer}  # players given a budget: NAME:PLAYOUTS


def read_player(text: str) -> Player:
    """One player as --players names it: `random`, `greedy` or `mcts:PLAYOUTS`; ValueError saying what is wrong."""
    name, colon, budget = text.strip().lower().partition(":")
    name = name.strip()
    known = ", ".join([*sorted(PLAYERS), *(f"{searcher}:PLAYOUTS" for searcher in sorted(SEARCHERS))])
    playouts = budget.strip()  # ASCII digits, no more than the largest budget has: never a huge int to convert
    if name in SEARCHERS and re.fullmatch(f"[0-9]{{1,{len(str(BUDGETS.stop))}}}", playouts) and int(playouts) in BUDGETS:
        return SEARCHERS[name](int(playouts))
    if name not in PLAYERS or colon:
        raise ValueError(say(PlayerProblem.UNKNOWN, written=shorten(text.strip(), 40), value=known,
                             low=BUDGETS.start, high=BUDGETS.stop - 1))
    return PLAYERS[name]()


def read_players(text: str) -> tuple[Player, Player]:
    """The players of `--players`: one name for both sides, or two joined by a comma, the
    first side's first; ValueError saying what is wrong."""
    names = text.split(",")
    if len(names) > 2:
        raise ValueError(say(PlayerProblem.HOW_MANY, written=shorten(text, 40), count=len(names)))
    first, second = names if len(names) == 2 else names * 2
    return read_player(first), read_player(second)


def players_text(players: tuple[Player, Player]) -> str:
    """How `--players` names them: one name when both sides have the same player."""
    first, second = (player.name for player in players)
    return first if first == second else f"{first},{second}"
