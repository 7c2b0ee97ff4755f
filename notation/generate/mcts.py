"""The `mcts` player of `generate`: Monte Carlo tree search with UCT (docs/cli.md#players).

Each turn it plays `budget` playouts from the position. A playout goes down the tree of
turns already tried, choosing by UCT (a turn's mean points plus
EXPLORATION·sqrt(ln n / visits)); while a node has tried fewer than
WIDENING·sqrt(visits + 1) of its turns (progressive widening: a position of hundreds of
turns is searched deep, not only wide), it tries instead the most promising turn not yet
tried (greedy's order: a turn ending the game, then the most taken, equals in random
order); then random turns (the game's `random_turn`) until the game ends or for
PLAYOUT_TURNS turns. A playout that ends the game gives its points (1, 1/2, 0); one cut
short gives a point to the side that took more from the other along it, by the game's own
idea of taking (`Game.taken`, as greedy judges), half a point each when they took as much.
A node with a turn that wins at once (by the position alone) tries only that turn, so that
a threat is seen in one playout. It plays the turn tried most. It sees the game only
through the rules' interface (turns listed or drawn, `play`, `outcome`, `taken`), so it
plays every game, plugins included, and every choice comes from the rng it is handed: the
same random numbers give the same turns.

Chance is met as it comes. The chance of the turn to play (Tektop's throws) is drawn
before choosing, as the game draws it. Below the root, a position whose turn has chance is
a chance node: each playout draws the outcome afresh (`Game.chance`) and goes on to the
turns legal with it, one subtree per outcome drawn. Where the rules cannot list every turn
(T'Chako, whose shots carry their outcome), a node's turns are the game's drawn plays
(`Game.drawn_plays`, DRAWN_PLAYS random turns) drawn when the node is made: the shot's
outcome is sampled with the turn.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable

from ..games import History, SomeGame
from ..games.base import Outcome

EXPLORATION = math.sqrt(2)  # UCT's constant for points between 0 and 1
PLAYOUT_TURNS = 16  # random turns a playout plays before judging it by what each side took
WIDENING = 2  # a node tries a new turn while it has tried fewer than WIDENING·sqrt(visits + 1)
BUDGETS = range(1, 100_001)  # playouts a turn that --players accepts


@dataclass
class Edge:
    """A turn tried from a node: the position after it, its playouts and the points they gave
    the side that played it."""

    turn: Any
    after: Any
    ending: Outcome | None
    took: int  # what the turn took from the opponent (Game.taken)
    visits: int = 0
    points: float = 0.0
    below: Spot | None = None


@dataclass
class Node:
    """A position with the chance of its turn known: the turns not yet tried, and those tried."""

    side: int
    untried: list[tuple[Any, Any]]  # (turn, position after it), the most promising last
    edges: list[Edge] = field(default_factory=list)
    visits: int = 0


@dataclass
class Spot:
    """A position reached in the tree: a node for each chance outcome drawn there."""

    by_chance: dict[Hashable, Node] = field(default_factory=dict)


def points(outcome: Outcome | None, took: list[int], side: int) -> float:
    """What a playout gives `side`: 1 for a win, 0 for a loss, 1/2 for a draw; cut short,
    by what each side took (`took[side]`): 1 for more, 0 for less, 1/2 for as much."""
    if outcome is None:
        mine, theirs = took[side], took[1 - side]
        return 0.5 if mine == theirs else float(mine > theirs)
    if outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == side else 0.0


class MctsPlayer:
    """UCT with `budget` playouts a turn."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.name = f"mcts:{budget}"

    def choose(self, rules: SomeGame, history: History, rng: random.Random) -> tuple[Any, Any] | None:
        position = history.position
        root = _node(rules, position, rules.chance(position, rng), rng)
        if len(root.untried) <= 1:
            return root.untried[0] if root.untried else None
        line = history.copy()
        for _ in range(self.budget):
            _playout(rules, root, line, rng)
        if not root.edges:
            return None
        best = max(root.edges, key=lambda edge: (edge.visits, edge.points))
        return best.turn, best.after


def weighed_plays(rules: SomeGame, position: Any, chance: Any, rng: random.Random,
                  value: Callable[[Any], Any] | None = None) -> list[tuple[Any, Any]]:
    """The turns a player weighs, each with the position after it: every turn listed (with this
    chance), or the game's drawn plays where the rules cannot list them all, built towards
    `value` when the player gives it (greedy; a node of the search weighs random ones)."""
    if rules.every_turn_listed:
        return list(rules.successors(position, chance))
    return rules.drawn_plays(position, rng, value)


def _node(rules: SomeGame, position: Any, chance: Any, rng: random.Random) -> Node:
    plays = weighed_plays(rules, position, chance, rng)
    if not rules.every_turn_listed:  # a turn drawn twice is tried once
        plays = list({rules.turn_text(turn): (turn, after) for turn, after in plays}.values())
    rng.shuffle(plays)  # equals in any order
    valued: list[tuple[tuple[bool, int], Any, Any]] = []
    for turn, after in plays:
        ending = rules.outcome(after)
        if ending is not None and ending.winner == position.side:  # the only turn worth trying
            return Node(position.side, [(turn, after)])
        valued.append(((ending is not None, rules.taken(position, after)), turn, after))
    valued.sort(key=lambda each: each[0])  # stable: the shuffled order among equals
    return Node(position.side, [(turn, after) for _, turn, after in valued])


def _playout(rules: SomeGame, root: Node, line: History, rng: random.Random) -> None:
    """One playout from the root: down the tree, one new turn, random turns to the end; the
    points it gives are added up the path."""
    path: list[tuple[Node, Edge]] = []
    node: Node | None = root
    ending: Outcome | None = None
    took = [0, 0]
    pushed = 0
    while node is not None:
        widening = node.untried and len(node.edges) < WIDENING * math.sqrt(node.visits + 1)
        edge = _expanded(rules, node, line) if widening else _selected(node)
        if edge is None:  # no legal turn here: the playout ends even
            break
        path.append((node, edge))
        took[node.side] += edge.took
        line.push(edge.turn, edge.after)
        pushed += 1
        if edge.ending is not None:
            ending = edge.ending
            break
        if edge.visits == 0:  # just made: played out at random from here
            ending, played = _random_end(rules, line, took, rng)
            pushed += played
            break
        node = _chance_node(rules, edge, rng)
    for _ in range(pushed):
        line.pop()
    for parent, edge in path:
        parent.visits += 1
        edge.visits += 1
        edge.points += points(ending, took, parent.side)


def _expanded(rules: SomeGame, node: Node, line: History) -> Edge:
    """The most promising turn not yet tried, as an edge of the node."""
    turn, after = node.untried.pop()
    line.push(turn, after)
    ending = rules.outcome(after, line)
    line.pop()
    edge = Edge(turn, after, ending, rules.taken(line.position, after))
    node.edges.append(edge)
    return edge


def _selected(node: Node) -> Edge | None:
    """The tried turn of highest UCT value (the first of equals); None if there is none."""
    if not node.edges:
        return None
    log_visits = math.log(max(1, node.visits))
    return max(node.edges, key=lambda edge: edge.points / edge.visits
               + EXPLORATION * math.sqrt(log_visits / edge.visits))


def _chance_node(rules: SomeGame, edge: Edge, rng: random.Random) -> Node:
    """The node after an edge for a chance outcome drawn now: made the first time it is drawn."""
    if edge.below is None:
        edge.below = Spot()
    chance = rules.chance(edge.after, rng)
    key = _key(chance)
    node = edge.below.by_chance.get(key)
    if node is None:
        node = edge.below.by_chance[key] = _node(rules, edge.after, chance, rng)
    return node


def _key(chance: Any) -> Hashable:
    try:
        hash(chance)
    except TypeError:
        return repr(chance)
    return chance  # type: ignore[no-any-return]


def _random_end(rules: SomeGame, line: History, took: list[int], rng: random.Random) -> tuple[Outcome | None, int]:
    """Random turns from the line's position until the game ends (its ending) or after
    PLAYOUT_TURNS turns or with no turn left (None), adding what each side took to `took`;
    and how many turns were pushed."""
    for played in range(PLAYOUT_TURNS):
        play = rules.random_play(line.position, rng)
        if play is None:
            return None, played
        turn, after = play
        took[line.position.side] += rules.taken(line.position, after)
        line.push(turn, after)
        ending = rules.outcome(after, line)
        if ending is not None:
            return ending, played + 1
    return None, PLAYOUT_TURNS
