"""Game.play answers, in one call, what why_illegal, complete and apply answer one by one."""

from __future__ import annotations

import random

import pytest

from ludoscribe.notation.games import GAMES


@pytest.mark.parametrize("name", sorted(GAMES))
def test_play_agrees_with_the_three_questions(name):
    game = GAMES[name]()
    rng = random.Random(11)
    position = game.start_position()
    played, legal, illegal = [], 0, 0
    while len(played) < 80:
        turn = game.random_turn(position, rng)
        if turn is None:
            break
        for candidate in [turn, *played[-4:]]:  # turns of earlier positions: mostly illegal here
            reason, done, after = game.play(position, candidate)
            assert reason == game.why_illegal(position, candidate)
            if reason is None:
                legal += 1
                assert done == game.complete(position, candidate)
                assert after == game.apply(position, done)
                assert game.position_code(after) == game.position_code(game.apply(position, done))
            else:
                illegal += 1
        played.append(turn)
        position = game.play(position, turn)[2]
    assert legal >= 40 and illegal >= 20, (legal, illegal)
