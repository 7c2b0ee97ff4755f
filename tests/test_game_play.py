"""Game.play is the one question of the rules (docs/contributing.md#the-rules): one answer,
a Played, for every turn, and games that keep no state, so that one game object can serve
any number of records at once."""

from __future__ import annotations

import os
import pickle
import random

import pytest

from ludoscribe.notation import check, read_string
from ludoscribe.notation.games import GAMES, Game, IllegalTurn, Played
from ludoscribe.notation.generate import random_text
from test_game_plugins import TESTS, install, ludoscribe

# Games with options that change how turns are played, besides each game's plain rules.
VARIANTS = [(name, "") for name in sorted(GAMES)] + [
    ("Staku", "Staku-2"), ("Tektop", "orthogonal"), ("Tekao", "faces HBTP"),
    ("TChako", "anarchy, strategic shots, sumo"), ("TChako", "carrisk, supply depot, countdown 40")]


def candidates(game, seed: int, turns: int = 60):
    """(position, turn) pairs along a random game: each turn played, and after it turns of
    earlier positions, mostly illegal where they are tried."""
    rng = random.Random(seed)
    position, played = game.start_position(), []
    while len(played) < turns:
        turn = game.random_turn(position, rng)
        if turn is None:
            return
        for candidate in [*played[-3:], turn]:
            yield position, candidate
        played.append(turn)
        position = game.apply(position, turn)


@pytest.mark.parametrize("name, variant", VARIANTS)
def test_play_answers_in_one_shape(name, variant):
    game = GAMES[name](variant)
    legal = illegal = 0
    for position, turn in candidates(game, 11):
        played = game.play(position, turn)
        assert type(played) is Played
        assert game.why_illegal(position, turn) == played.reason
        if played.reason is None:
            legal += 1
            assert played.after == game.apply(position, turn)
            assert game.position_code(played.after) == game.position_code(game.apply(position, played.turn))
            assert game.play(position, played.turn).turn == played.turn  # a completed turn is complete
        else:
            illegal += 1
            assert played.after is None and played.turn is turn
            with pytest.raises(IllegalTurn) as refused:
                game.apply(position, turn)
            assert refused.value.refusal == played.refusal and str(refused.value) == played.reason
    assert legal >= 30 and illegal >= 20, (legal, illegal)


@pytest.mark.parametrize("name, variant", VARIANTS)
def test_playing_sets_nothing_on_the_game(name, variant):
    game = GAMES[name](variant)
    attributes = dict(vars(game))
    state = pickle.dumps(game)
    plays = 0
    for position, turn in candidates(game, 5):
        game.play(position, turn)
        game.legal_turns(position)
        game.outcome(position)
        plays += 1
    assert plays >= 100
    assert vars(game).keys() == attributes.keys()
    assert all(vars(game)[key] is value for key, value in attributes.items())
    assert pickle.dumps(game) == state  # nothing changed inside the attributes either


def answers(game, turns):
    """What the rules say of each (position, turn) pair: the refusal (its code and parameters), the turn, the position after."""
    for position, turn in turns:
        played = game.play(position, turn)
        after = "-" if played.after is None else game.position_code(played.after)
        yield played.refusal, game.turn_text(played.turn), after


@pytest.mark.parametrize("name, variant", VARIANTS)
def test_one_game_serves_two_replays_at_once(name, variant):
    first, second = list(candidates(GAMES[name](variant), 1)), list(candidates(GAMES[name](variant), 2))
    alone = list(answers(GAMES[name](variant), first)), list(answers(GAMES[name](variant), second))
    shared = GAMES[name](variant)
    together: tuple[list, list] = ([], [])
    for k in range(max(len(first), len(second))):  # the two replays' turns in alternation
        for line, turns in enumerate((first, second)):
            if k < len(turns):
                together[line].extend(answers(shared, turns[k:k + 1]))
    assert together == alone
    assert len(alone[0]) >= 100 and len(alone[1]) >= 100
    assert {reason for reason, _, _ in alone[0] + alone[1]} - {None}  # refusals were compared too


def test_records_of_one_game_and_variant_share_their_rules():
    text = random_text("TChako", 3, seed=4, max_turns=30) + "\n" + random_text("Staku", 2, seed=4, max_turns=30)
    records = read_string(text)
    games = [record.game for record in records]
    assert [game.name for game in games] == ["TChako"] * 3 + ["Staku"] * 2
    assert games[0] is games[1] is games[2] and games[3] is games[4] and games[0] is not games[3]
    for record in records:
        check(record)
        assert record.problems == []


def test_shared_rules_are_one_object_per_game_and_variant():
    teblo, tchako = GAMES["Teblo"], GAMES["TChako"]
    assert teblo.shared() is teblo.shared("") and tchako.shared("sumo") is tchako.shared("sumo")
    assert tchako.shared("sumo") is not tchako.shared("") and tchako.shared("sumo").variant == {"sumo"}
    with pytest.raises(ValueError, match="unknown TChako variant 'sumo wrestling'"):
        tchako.shared("sumo wrestling")



def test_a_game_still_written_as_three_methods_is_told_to_write_play():
    with pytest.raises(TypeError) as refused:
        class OldStyle(Game):
            def why_illegal(self, position, turn):
                return None

            def complete(self, position, turn):
                return turn

    assert str(refused.value) == ("OldStyle writes its rules as why_illegal and complete: a game's rules are one "
                                  "method, play, which returns a Played (docs/contributing.md#the-rules)")


OLD_PEBBLES = """
from ludoscribe.notation.games import Game, GamePlugin


class OldPebbles(Game):
    \"\"\"Rules written for the interface before play.\"\"\"

    def why_illegal(self, position, turn):
        return None if position.cells[turn] == "." else "taken"

    def apply(self, position, turn):
        return position


PLUGIN = GamePlugin("OldPebbles", OldPebbles)
"""


def test_a_plugin_game_without_play_gets_a_problem_not_a_traceback(tmp_path):
    install(tmp_path / "site-packages", "old = old_pebbles:PLUGIN")
    (tmp_path / "site-packages" / "old_pebbles.py").write_text(OLD_PEBBLES)
    (tmp_path / "game.tgn").write_text('[Game "OldPebbles"]\n[Result "*"]\n\n1. D *\n')
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site-packages"), str(TESTS)])}
    done = ludoscribe("check", "game.tgn", env=env, cwd=tmp_path)
    assert done.returncode == 1, done.stderr
    assert done.stdout == ("game.tgn:1:1: the game plugin 'old' (old_pebbles:PLUGIN) cannot be loaded: OldPebbles "
                           "writes its rules as why_illegal and apply: a game's rules are one method, play, which "
                           "returns a Played (docs/contributing.md#the-rules)\n")
