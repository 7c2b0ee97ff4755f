"""What a game's rules give the players of `generate` (docs/cli.md#players): `successors`, each turn
`choices` lists with the position after it, and `random_play`, the random turn with the position after
it. Games that make the position as they list or draw the turn give both at once; either way they are
what `play` gives for those turns (the turn as it completes it, the position after), in the same order
and from the same random numbers, at every position of random games of every game and variant."""

from __future__ import annotations

import random

import pytest

from conftest import examples

from ludoscribe.notation.games import game_class

VARIANTS = [("Teblo", ""), ("Staku", ""), ("Staku", "Staku-2"), ("Tektop", ""), ("Tektop", "orthogonal"),
            ("Tekao", ""), ("TChako", ""), ("TChako", "anarchy"), ("TChako", "carrisk"), ("TChako", "strategic shots"),
            ("TChako", "sumo"), ("TChako", "king of the hill")]


def positions(rules, seed: int, turns: int = examples(60)):
    """The positions of a random game, the first one included (its first 15 turns in the fast lane)."""
    rng = random.Random(seed)
    position = rules.start_position()
    yield position
    for _ in range(turns):
        turn = rules.random_turn(position, rng)
        if turn is None or rules.outcome(position) is not None:
            return
        position = rules.apply(position, turn)
        yield position


@pytest.mark.parametrize(("game", "variant"), VARIANTS, ids=[f"{game}-{variant}" for game, variant in VARIANTS])
def test_successors_and_random_play_are_what_play_gives(game, variant):
    rules = game_class(game).shared(variant)
    seen = 0
    for seed in range(3):
        for number, position in enumerate(positions(rules, seed)):
            chance = rules.chance(position, random.Random(number))
            played = [(done.turn, done.after) for turn in rules.choices(position, chance)
                      if (done := rules.play(position, turn)).after is not None]
            assert list(rules.successors(position, chance)) == played
            drawn, made = random.Random(number), random.Random(number)
            turn = rules.random_turn(position, drawn)
            done = None if turn is None else rules.play(position, turn)
            expected = None if done is None else (done.turn, done.after)
            assert rules.random_play(position, made) == expected
            assert made.random() == drawn.random()  # the same random numbers drawn
            seen += len(played)
    assert seen > 30


def replayed_random_turn(rules, position, rng: random.Random):
    """T'Chako's random turn as it was first written, each action drawn for the board the turn so far
    leaves when replayed from the position, and kept if the whole turn with it is legal: the reference
    for the turn played as it is drawn."""
    from ludoscribe.notation.games.tchako.actions import State, TurnStart, act
    from ludoscribe.notation.games.tchako.random_turns import _random_action

    if position.end != "play":
        return None
    turn = ()
    for _ in range(rng.randrange(1, 6)):
        state = State(position, rules.modes)
        start = TurnStart(tuple(state.zones), position.side)
        for action in turn:
            act(state, action, start, position.number)
        action = _random_action(rules.modes, state, start, rng)
        if action is not None and rules.play(position, turn + (action,)).refusal is None:
            turn += (action,)
    return turn


@pytest.mark.parametrize("variant", [variant for game, variant in VARIANTS if game == "TChako"])
def test_tchako_random_turns_are_those_replayed_from_the_position(variant):
    rules = game_class("TChako").shared(variant)
    for seed in range(4):
        for number, position in enumerate(positions(rules, seed, turns=examples(80))):
            assert rules.random_turn(position, random.Random(number)) == \
                replayed_random_turn(rules, position, random.Random(number))
