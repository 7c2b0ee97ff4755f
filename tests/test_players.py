"""The players of `generate` (docs/cli.md#players): greedy wins when it can, else takes the
most from the opponent, by each game's idea of taking (docs/games/*.md#generated-games),
judged here from what the cells of the positions hold."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Callable

import pytest

from ludoscribe.notation.games import History, SomeGame, game_class
from ludoscribe.notation.generate import Generation, random_record
from ludoscribe.notation.generate.players import GreedyPlayer, read_players


def _count_side(letters: str) -> Callable[[SomeGame, Any, int], int]:
    """Material as the number of a side's letters in the cells: letters[side]."""
    def material(rules: SomeGame, position: Any, side: int) -> int:
        return sum(cell.count(letters[side]) for cell in rules.cells(position).values())
    return material


def _tekao(rules: SomeGame, position: Any, side: int) -> int:
    """Tekao: a side's pieces on the board (Blue's capitals, Yellow's small letters)."""
    return sum(1 for cell in rules.cells(position).values() if cell and cell.isupper() == (side == 0))


def _tektop(rules: SomeGame, position: Any, side: int) -> int:
    """Tektop: the levels of a side's pawns on the board (docs/games/tektop.md#board-and-levels)."""
    def level(name: str) -> int:
        return 4 - max(ord(name[0]) - ord("a"), 4 - (int(name[1]) - 1))
    return sum(level(name) for name, cell in rules.cells(position).items() if cell == "wb"[side])


def _teblo(rules: SomeGame, position: Any, side: int) -> int:
    """Teblo: minus the steps `side`'s pawn needs to the other base, never crossing the other side's
    pieces, pawns ignored (breadth first over the cell names: rows A-L, columns 1-12)."""
    cells = rules.cells(position)
    pawn = next(name for name, cell in cells.items() if "YR"[side] in cell)
    goal = ("I10", "D3")[side]
    blocked = "yr"[1 - side]
    seen, frontier, steps = {pawn}, [pawn], 0
    while goal not in seen:
        steps += 1
        following = []
        for name in frontier:
            row, column = ord(name[0]) - ord("A"), int(name[1:])
            for r, c in ((row + 1, column), (row - 1, column), (row, column + 1), (row, column - 1)):
                near = f"{chr(ord('A') + r)}{c}"
                if 0 <= r < 12 and 1 <= c <= 12 and near not in seen and blocked not in cells[near]:
                    seen.add(near)
                    following.append(near)
        frontier = following
    return -steps


MATERIAL = {"Teblo": _teblo, "Staku": _count_side("wb"), "Tektop": _tektop, "Tekao": _tekao}


def candidates(rules: SomeGame, position: Any, rng: random.Random) -> list[Any]:
    """The turns greedy chooses among, with the chance drawn from a copy of rng as greedy draws it."""
    copy = random.Random()
    copy.setstate(rng.getstate())
    return list(rules.legal_turns(position, rules.chance(position, copy)))


def judged(rules: SomeGame, position: Any, turn: Any) -> tuple[bool, int]:
    """Whether the turn wins, and what the opponent lost by it, by the material counted here."""
    after = rules.apply(position, turn)
    outcome = rules.outcome(after)
    material = MATERIAL[rules.name]
    other = 1 - position.side
    return (outcome is not None and outcome.winner == position.side,
            material(rules, position, other) - material(rules, after, other))


@pytest.mark.slow
@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tektop", "Tekao"])  # T'Chako builds its turn: test_tchako_greedy.py
def test_greedy_wins_when_it_can_else_takes_the_most(game):
    rules = game_class(game)()
    found: Counter[str] = Counter()
    for seed in range(60):
        record = random_record(game, random.Random(seed), max_turns=400)
        history = History(rules.start_position())
        for node in record.moves:
            history.push(node.turn, rules.apply(history.position, node.turn))
        for _ in range(min(12, len(history))):  # the last positions of the game, where wins are
            history.pop()
            position = history.position
            rng = random.Random(f"{seed}/{len(history)}")
            turns = candidates(rules, position, rng)
            values = [judged(rules, position, turn) for turn in turns]
            assert values == [(won, rules.taken(position, rules.apply(position, turn)))
                              for turn, (won, _) in zip(turns, values)]  # the game's `taken` as counted here
            chosen, _ = GreedyPlayer().choose(rules, history, rng)
            won, took = judged(rules, position, chosen)
            if any(win for win, _ in values):
                assert won
                found["win"] += 1
            elif max(took for _, took in values) > 0:
                assert took == max(took for _, took in values)
                found["take"] += 1
        if found["win"] >= 2 and found["take"] >= 2:
            break
    assert found["win"] >= 2 and found["take"] >= 2, found


@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tektop", "Tekao", "TChako"])
def test_greedy_records_check_clean_and_name_their_players(game):
    generation = Generation(game, players_named="greedy,random", seed=5, max_turns=60)
    record = generation.record(3)
    first, second = record.rules.sides
    assert (record.tags[first], record.tags[second]) == (f"Greedy {first}", f"Random {second}")
    assert record.tags["Annotator"] == f"ludoscribe generate {game} --players greedy,random --seed 5 --max-turns 60"
    from ludoscribe.notation.reader import read_string
    from ludoscribe.notation.replay import check
    [read] = read_string(generation.text(3))
    check(read)
    assert read.problems == []


@pytest.mark.slow
def test_greedy_beats_random_at_staku():
    """A sanity check that greedy is not broken: over 200 games each way, it wins more often than it loses."""
    greedy_first = Counter(Generation("Staku", players_named="greedy,random", seed=1, max_turns=200).record(n).result
                           for n in range(1, 101))
    greedy_second = Counter(Generation("Staku", players_named="random,greedy", seed=1, max_turns=200).record(n).result
                            for n in range(1, 101))
    greedy_won = greedy_first["1-0"] + greedy_second["0-1"]
    random_won = greedy_first["0-1"] + greedy_second["1-0"]
    assert greedy_won > 3 * random_won, (greedy_first, greedy_second)


@pytest.mark.parametrize(("text", "message"), [
    ("greedy", None),
    ("greedy,random", None),
    ("Random , GREEDY", None),
    ("best", "unknown player 'best' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("greedy,", "unknown player '' (known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    ("random,random,greedy", "'random,random,greedy' names 3 players: give one for both sides, or two joined by a comma"),
])
def test_players_are_read_from_their_names(text, message):
    if message is None:
        first, second = read_players(text)
        names = [name.strip().lower() for name in text.split(",")]
        assert (first.name, second.name) == (names[0], names[-1])
    else:
        with pytest.raises(ValueError) as error:
            read_players(text)
        assert str(error.value) == message


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tektop", "Tekao"])
def test_the_choices_reach_every_position_the_legal_turns_reach(game):
    """Greedy chooses among `Game.choices` (docs/cli.md#players): turns that end where another
    ends may be left out (Tektop's steps in another order), but every position after a
    legal turn is still reached, and every choice is a legal turn."""
    rules = game_class(game)()
    rng = random.Random(5)
    fewer = positions = 0
    for number in range(1, 5):
        record = random_record(game, random.Random(f"choices/{number}"), max_turns=40)
        position = record.start
        for node in record.moves:
            chance = rules.chance(position, rng)
            every = list(rules.legal_turns(position, chance))
            chosen = list(rules.choices(position, chance))
            assert set(chosen) <= set(every)
            assert {rules.position_code(rules.apply(position, turn)) for turn in chosen} == \
                   {rules.position_code(rules.apply(position, turn)) for turn in every}
            fewer += len(chosen) < len(every)
            positions += 1
            position = rules.apply(position, node.turn)
    assert positions > 40
    assert (fewer > positions // 4) == (game == "Tektop")  # only Tektop leaves turns out
