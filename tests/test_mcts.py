"""The `mcts` player of `generate` (docs/cli.md#players): tree search with a budget of
playouts a turn, the same turns for the same seed, legal in every game, plugins included."""

from __future__ import annotations

from collections import Counter

import pytest

from ludoscribe.notation.archive.balance import first_side_score
from ludoscribe.notation.generate import Generation
from ludoscribe.notation.generate.players import read_players
from ludoscribe.notation.reader import read_string
from ludoscribe.notation.replay import check

GAMES = ["Teblo", "Staku", "Tektop", "Tekao", "TChako"]


@pytest.mark.parametrize("game", GAMES)
def test_mcts_plays_legal_turns_and_the_same_for_the_same_seed(game):
    """Every turn it plays replays clean with `check`; the same seed gives the same record."""
    generation = Generation(game, players_named="mcts:4,greedy", seed=3, max_turns=12)
    text = generation.text(1)
    assert text == Generation(game, players_named="mcts:4,greedy", seed=3, max_turns=12).text(1)
    [read] = read_string(text)
    check(read)
    assert read.problems == []
    first = read.rules.sides[0]
    assert read.tags[first] == f"Mcts:4 {first}"
    assert len(read.moves) > 0


def test_another_seed_gives_another_game():
    texts = {Generation("Staku", players_named="mcts:8", seed=seed, max_turns=20).text(1) for seed in range(4)}
    assert len(texts) > 1


@pytest.mark.parametrize(("text", "message"), [
    ("mcts:0", "unknown player 'mcts:0' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("mcts", "unknown player 'mcts' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("mcts:abc", "unknown player 'mcts:abc' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("mcts:-5", "unknown player 'mcts:-5' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("mcts:100001", "unknown player 'mcts:100001' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("greedy:3", "unknown player 'greedy:3' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("mcts:²", "unknown player 'mcts:²' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("mcts:" + "9" * 5000, f"unknown player 'mcts:{'9' * 32}...' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 "
                          "to 100000)"),  # quoted cut short
])
def test_a_bad_budget_is_refused_saying_why(text, message):
    with pytest.raises(ValueError) as error:
        read_players(text)
    assert str(error.value) == message


def test_budgets_are_read():
    first, second = read_players("MCTS:200, greedy")
    assert (first.name, second.name) == ("mcts:200", "greedy")
    assert Generation("Staku", players_named="mcts:200,greedy").command.startswith(
        "ludoscribe generate Staku --players mcts:200,greedy ")


@pytest.mark.slow  # about 30 seconds: twenty games of tree search (docs/contributing.md#fast-and-full-runs)
def test_mcts_at_30_playouts_beats_greedy_at_staku():
    """At the budget docs/balance.md#a-ladder-of-players gives, over ten games each way, mcts
    scores more than greedy with a 95% interval clear of 50%."""
    points: Counter[str] = Counter()
    for players, mcts_side in (("mcts:30,greedy", 0), ("greedy,mcts:30", 1)):
        generation = Generation("Staku", players_named=players, seed=0, max_turns=200)
        for number in range(1, 11):
            result = generation.record(number).result
            points[result if mcts_side == 0 else {"1-0": "0-1", "0-1": "1-0"}.get(result, result)] += 1
    score = first_side_score(points)  # mcts's score, counted as if it always played first
    assert score is not None and score.low > 0.5, (points, score)
