"""Pairings (docs/tournaments.md#pairing): round robins equal to the FIDE Berger tables, and Swiss
rounds that keep the Dutch system's absolute rules, checked here by a checker written apart from
the pairing code, and agreeing with the pairing library's own checker (its FPC).
"""

from __future__ import annotations

import random
from typing import NamedTuple
from fractions import Fraction

import pytest

from ludoscribe.notation.events.pairings import PairingError, Request, pair, side_balance
from ludoscribe.notation.events.rounds import Absence, Entrant, Pairing, Rounds, Unplayed
from ludoscribe.notation.events.standings import Scoring

pytest.importorskip("caissify_pairings")


# --- Berger tables -------------------------------------------------------------------------------

def berger_by_rule(n: int, round_: int) -> set[tuple[int, int]]:
    """The games of a round of the FIDE Berger table for n players (n even), as (first side, second),
    from the table's rules rather than its rotation: in round r, two players i, j below n meet when
    i + j = r + 1 (mod n - 1); the one with 2i = r + 1 (mod n - 1) meets n, who has the first side
    in even rounds; of two others, the lower number has the first side when they differ by an odd
    number, the higher when by an even one."""
    games = set()
    for i in range(1, n):
        for j in range(i + 1, n):
            if (i + j - round_ - 1) % (n - 1) == 0:
                games.add((i, j) if (j - i) % 2 else (j, i))
        if (2 * i - round_ - 1) % (n - 1) == 0:
            games.add((n, i) if round_ % 2 == 0 else (i, n))
    return games


# Rounds copied by hand from the FIDE Handbook's Berger tables (C.05, Annex 1), board by board.
HANDBOOK = {
    4: {1: [(1, 4), (2, 3)], 2: [(4, 3), (1, 2)], 3: [(2, 4), (3, 1)]},
    6: {1: [(1, 6), (2, 5), (3, 4)], 2: [(6, 4), (5, 3), (1, 2)], 3: [(2, 6), (3, 1), (4, 5)],
        4: [(6, 5), (1, 4), (2, 3)], 5: [(3, 6), (4, 2), (5, 1)]},
    8: {2: [(8, 5), (6, 4), (7, 3), (1, 2)], 7: [(4, 8), (5, 3), (6, 2), (7, 1)]},
    10: {1: [(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)], 2: [(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)]},
}


def entrants(count: int) -> list[Entrant]:
    return [Entrant(number, f"Player {number}", 2000 - 10 * number) for number in range(1, count + 1)]


def round_robin(count: int, cycles: int = 1) -> list[tuple[list[Pairing], list[Absence]]]:
    """Every round of a round robin of `count` players, paired one after the other (all draws)."""
    rounds = Rounds(entrants(count))
    total = (count + count % 2 - 1) * cycles
    system = "double-round-robin" if cycles == 2 else "round-robin"
    paired = []
    for round_ in range(1, total + 1):
        games, absences = pair(rounds, Request(system, round_, total, frozenset(range(1, count + 1))))
        rounds.games += [Pairing(game.round, game.board, game.first, game.second, "1/2-1/2") for game in games]
        rounds.absences += absences
        paired.append((games, absences))
    return paired


@pytest.mark.parametrize("count", range(3, 17))
def test_round_robins_follow_the_berger_tables(count):
    table = count + count % 2
    paired = round_robin(count)
    assert len(paired) == table - 1
    for round_, (games, absences) in enumerate(paired, start=1):
        expected = berger_by_rule(table, round_)
        bye = {game for game in expected if table in game} if count % 2 else set()
        assert {(game.first, game.second) for game in games} == expected - bye
        assert [game.board for game in games] == list(range(1, len(games) + 1))
        assert {(absence.player, absence.why) for absence in absences} == \
            {(next(number for number in game if number != table), Unplayed.PAIRING_BYE) for game in bye}
        if table in HANDBOOK and round_ in HANDBOOK[table]:
            written = [game for game in HANDBOOK[table][round_] if count % 2 == 0 or table not in game]
            assert [(game.first, game.second) for game in games] == written


@pytest.mark.parametrize("count", [4, 5, 8])
def test_a_double_round_robin_plays_the_table_again_with_the_sides_changed(count):
    paired = round_robin(count, cycles=2)
    half = len(paired) // 2
    for first, second in zip(paired[:half], paired[half:]):
        assert {(game.second, game.first) for game in first[0]} == {(game.first, game.second) for game in second[0]}
    met = [frozenset((game.first, game.second)) for games, _ in paired for game in games]
    assert all(met.count(pair_) == 2 for pair_ in met)


def test_a_round_robin_player_who_withdraws_loses_the_games_left_by_forfeit():
    rounds = Rounds(entrants(4))
    games, _ = pair(rounds, Request("round-robin", 1, 3, frozenset({1, 2, 3})))  # player 4 left before round 1
    assert [(game.first, game.second, game.result, game.forfeit) for game in games] == \
        [(2, 3, "*", False), (1, 4, "1-0", True)]


# --- Swiss: the independent checker ---------------------------------------------------------------

def side_problems(sides: list[str]) -> str | None:
    """Why a player's sides (played games, in order: 'W' first, 'B' second) break the absolute rules."""
    if abs(sides.count("W") - sides.count("B")) > 2:
        return "side difference over 2"
    if any(sides[index:index + 3] in (["W"] * 3, ["B"] * 3) for index in range(len(sides) - 2)):
        return "the same side three times running"
    return None


def score_in_wins(rounds: Rounds, number: int, before: int) -> Fraction:
    """Points before a round, a win counting 1 (a draw, a half-point bye ½; a pairing bye 1)."""
    total = Fraction(0)
    for game in rounds.games:
        if game.round < before and number in (game.first, game.second):
            total += {"1-0": Fraction(game.first == number), "0-1": Fraction(game.second == number)}.get(
                game.result, Fraction(1, 2))
    worth = {Unplayed.PAIRING_BYE: 1, Unplayed.FULL_BYE: 1, Unplayed.HALF_BYE: Fraction(1, 2), Unplayed.ZERO_BYE: 0}
    return total + sum((Fraction(worth[a.why]) for a in rounds.absences if a.player == number and a.round < before),
                       Fraction(0))


def broken_rules(rounds: Rounds, total: int) -> list[str]:
    """Every absolute rule the rounds break: a rematch, two pairing byes, sides (in the last round a
    topscorer, over half the points, or their opponent may break the side rules)."""
    broken, met, byes = [], set(), set()
    sides: dict[int, list[str]] = {entrant.number: [] for entrant in rounds.entrants}
    for round_ in range(1, total + 1):
        for game in (game for game in rounds.games if game.round == round_):
            pair_ = frozenset((game.first, game.second))
            if pair_ in met:
                broken.append(f"round {round_}: {game.first} and {game.second} meet again")
            met.add(pair_)
            topscore = round_ == total and max(score_in_wins(rounds, player, round_) for player in pair_) > \
                Fraction(round_ - 1, 2)
            for player, side in ((game.first, "W"), (game.second, "B")):
                sides[player].append(side)
                if (problem := side_problems(sides[player])) and not topscore:
                    broken.append(f"round {round_}: player {player}: {problem}")
        given = [a.player for a in rounds.absences if a.round == round_ and a.why is Unplayed.PAIRING_BYE]
        if len(given) > 1:
            broken.append(f"round {round_}: {len(given)} pairing byes")
        for absence in rounds.absences:
            if absence.round == round_ and absence.why is Unplayed.PAIRING_BYE:
                if absence.player in byes:
                    broken.append(f"round {round_}: player {absence.player} has a second pairing bye")
                byes.add(absence.player)
    return broken


def some_legal_round(rounds: Rounds, round_: int, total: int, present: set[int]) -> bool:
    """Whether the present players can be paired at all under the absolute rules (searched one by one)."""
    met = {frozenset((game.first, game.second)) for game in rounds.games}
    had_bye = {absence.player for absence in rounds.absences if absence.why is Unplayed.PAIRING_BYE}
    sides = {player: [("W" if game.first == player else "B") for game in sorted(rounds.games, key=lambda g: g.round)
                      if player in (game.first, game.second)] for player in present}

    def can_meet(one: int, other: int) -> bool:
        if frozenset((one, other)) in met:
            return False
        if round_ == total and max(score_in_wins(rounds, player, round_) for player in (one, other)) > \
                Fraction(round_ - 1, 2):
            return True  # in the last round a topscorer or their opponent may break the side rules
        return any(side_problems(sides[one] + [a]) is None and side_problems(sides[other] + [b]) is None
                   for a, b in (("W", "B"), ("B", "W")))

    def search(left: list[int], bye_given: bool) -> bool:
        if not left:
            return True
        first, rest = left[0], left[1:]
        if len(left) % 2 and not bye_given and first not in had_bye and search(rest, True):
            return True
        return any(can_meet(first, other) and search([p for p in rest if p != other], bye_given) for other in rest)

    return search(sorted(present), len(present) % 2 == 0)


class Event(NamedTuple):
    """A random event as far as it was paired: its rounds, how many it was to have and how many were
    paired, and the round refused (negative when a legal pairing existed: the library did not find it)."""

    rounds: Rounds
    total: int
    played: int
    refused: list[int]


def tournament(seed: int, scoring: Scoring | None = None) -> Event:
    """A random Swiss event: 5 to 20 players, random results, some withdraw; in the events of even seeds,
    some also join late or ask for a bye. A round refused ends it."""
    rng = random.Random(seed)
    count = rng.randint(5, 20)
    total = rng.randint(3, min(9, count - 1))
    ratings = sorted((rng.randint(1000, 2400) for _ in range(count)), reverse=True)
    rounds = Rounds([Entrant(number, f"Player {number}", rating) for number, rating in enumerate(ratings, start=1)],
                    scoring=scoring or Scoring(Fraction(1), Fraction(1, 2), Fraction(0)))
    rounds.bye_points = rounds.scoring.win
    off = seed % 2 == 0
    joins = {n: rng.randint(2, 3) if off and rng.random() < 0.1 else 1 for n in range(1, count + 1)}
    leaves = {n: rng.randint(2, total) if rng.random() < 0.1 else total + 1 for n in range(1, count + 1)}
    asks = {n: rng.randint(1, total) if off and rng.random() < 0.15 else 0 for n in range(1, count + 1)}
    refused = []
    for round_ in range(1, total + 1):
        present = set()
        for number in range(1, count + 1):
            if not joins[number] <= round_ < leaves[number]:
                rounds.absences.append(Absence(round_, number, Unplayed.ZERO_BYE))
            elif asks[number] == round_:
                rounds.absences.append(Absence(round_, number, Unplayed.HALF_BYE))
            else:
                present.add(number)
        try:
            games, byes = pair(rounds, Request("swiss", round_, total, frozenset(present)))
        except PairingError:  # refused: nothing published; the organiser pairs it by hand
            refused.append(round_ if not some_legal_round(rounds, round_, total, present) else -round_)
            return Event(rounds, total, round_ - 1, refused)
        assert {n for game in games for n in (game.first, game.second)} | {b.player for b in byes} == present
        rounds.absences += byes
        rounds.games += [Pairing(game.round, game.board, game.first, game.second,
                                 rng.choice(["1-0", "0-1", "1/2-1/2"])) for game in games]
    return Event(rounds, total, total, refused)


def report_file(rounds: Rounds, total: int) -> str:
    """The rounds as a FIDE report file (TRF), written by the library's own writer for its checker."""
    from caissify_pairings.trf import write_trf

    players = []
    for entrant in rounds.entrants:
        results: dict[int, dict[str, object]] = {}
        for game in rounds.games:
            if entrant.number in (game.first, game.second):
                first = game.first == entrant.number
                won = {"1-0": first, "0-1": not first}.get(game.result)
                results[game.round] = {"opponent": game.second if first else game.first, "color": "w" if first else "b",
                                       "result": "=" if won is None else "1" if won else "0"}
        for absence in rounds.absences:
            if absence.player == entrant.number:
                results[absence.round] = {"opponent": None, "result": absence.why.value}
        players.append({"starting_number": entrant.number, "name": entrant.name, "rating": entrant.rating,
                        "results": results})
    return write_trf({"name": "random"}, players, total)


def check_swiss(seeds: range) -> tuple[int, int, list[int], int]:
    """Pair the random events of these seeds: every round published keeps the rules, and the library's
    checker pairs alike every round it reads as Ludoscribe does. How many rounds were paired, how many
    refused, the seeds of those refused while a legal pairing existed, and how many rounds the library's
    checker paired again."""
    paired = refused = checked = 0
    missed = []
    for seed in seeds:
        scoring = Scoring(Fraction(3), Fraction(1), Fraction(0)) if seed % 5 == 0 else None
        event = tournament(seed, scoring=scoring)
        assert broken_rules(event.rounds, event.played) == [], f"seed {seed}"
        paired += event.played
        refused += len(event.refused)
        missed += [seed for round_ in event.refused if round_ < 0]
        if scoring is None:  # the library's checker scores a win 1 and a draw ½
            checked += agreed_rounds(event, seed)
    return paired, refused, missed, checked


def read_alike(rounds: Rounds, played: int) -> int:
    """How many first rounds the library's checker reads as Ludoscribe does. The checker counts any round
    a player had no game as a pairing bye (docs/tournaments.md#why-this-library), so the reading differs
    from the first round that pairs a player who had a round off before (a bye asked for, a late entry).
    A player who withdrew is never paired again."""
    off = {(absence.player, absence.round) for absence in rounds.absences if absence.why is not Unplayed.PAIRING_BYE}
    for round_ in range(1, played + 1):
        paired = {n for game in rounds.games if game.round == round_ for n in (game.first, game.second)}
        paired |= {a.player for a in rounds.absences if a.round == round_ and a.why is Unplayed.PAIRING_BYE}
        if any((player, before) in off for player in paired for before in range(1, round_)):
            return round_ - 1
    return played


def agreed_rounds(event: Event, seed: int) -> int:
    """The library's checker (its FPC) pairs again each round it reads alike, from the rounds before it,
    and must find what Ludoscribe paired; how many rounds it checked. It is told the event's length:
    the last round's side rules differ."""
    from caissify_pairings.fpc import check_trf

    alike = read_alike(event.rounds, event.played)
    first = Rounds(event.rounds.entrants, [game for game in event.rounds.games if game.round <= alike],
                   [absence for absence in event.rounds.absences if absence.round <= alike])
    report = check_trf(report_file(first, event.total))
    assert report["summary"]["rounds_mismatched"] == 0, (seed, [r["discrepancies"] for r in report["rounds"]])
    return report["summary"]["rounds_checked"]


def test_a_sample_of_random_swiss_events_keeps_the_absolute_rules_and_agrees_with_the_library_checker():
    paired, _, missed, checked = check_swiss(range(10))
    assert paired > 40 and missed == [] and checked > 15


# The thousand events in ten parts of a hundred, so that the workers of a run share them.
HUNDREDS = range(0, 1000, 100)


@pytest.fixture
def graphs_matched_once(monkeypatch):
    """A graph matched once in the test is not matched again. The matching networkx finds is a function of
    the graph as built (its nodes, edges and weights in order); the library's checker pairs each round
    again from the report file, building the graph the pairing built when its reading of the file is the
    same (a reading that differs builds another graph, matched anew). The sample above runs without it."""
    import networkx

    solve, solved = networkx.max_weight_matching, {}

    def matched_once(graph, maxcardinality=False, weight="weight"):
        key = (maxcardinality, weight, tuple(graph.nodes),
               tuple((u, v, data.get(weight)) for u, v, data in graph.edges(data=True)))
        if key not in solved:
            solved[key] = frozenset(solve(graph, maxcardinality=maxcardinality, weight=weight))
        return set(solved[key])

    monkeypatch.setattr(networkx, "max_weight_matching", matched_once)


@pytest.mark.slow
@pytest.mark.parametrize("start", HUNDREDS)
@pytest.mark.usefixtures("graphs_matched_once")
def test_a_thousand_random_swiss_events_keep_the_absolute_rules_and_agree_with_the_library_checker(start):
    paired, refused, missed, checked = check_swiss(range(start, start + 100))
    # over the thousand: 5,482 rounds, 78 refused (docs/tournaments.md#why-this-library)
    assert paired > 400
    assert refused < 20  # small fields run out of opponents now and then: those rounds are paired by hand
    # the library misses a pairing that exists now and then (seed 325, round 7 of 7): refused, never published wrong
    assert len(missed) <= 2, missed
    assert checked > 250  # over the thousand: 2,904 rounds


# --- Swiss: what the event asks for -----------------------------------------------------------------

def test_forbidden_pairs_and_forfeits_are_never_paired_again():
    rounds = Rounds(entrants(4), [Pairing(1, 1, 1, 3, "1-0", forfeit=True), Pairing(1, 2, 2, 4, "1-0")])
    games, _ = pair(rounds, Request("swiss", 2, 3, frozenset({1, 2, 3, 4}), frozenset({frozenset({1, 2})})))
    met = {frozenset((game.first, game.second)) for game in games}
    assert met == {frozenset({1, 4}), frozenset({2, 3})}


def test_no_pairing_bye_twice_and_a_refusal_when_no_pairing_exists():
    rounds = Rounds(entrants(3), [Pairing(1, 1, 1, 2, "1-0"), Pairing(2, 1, 3, 1, "1-0"), Pairing(3, 1, 2, 3, "1-0")],
                    [Absence(1, 3, Unplayed.PAIRING_BYE), Absence(2, 2, Unplayed.PAIRING_BYE),
                     Absence(3, 1, Unplayed.PAIRING_BYE)])
    with pytest.raises(PairingError, match="round 4"):
        pair(rounds, Request("swiss", 4, 5, frozenset({1, 2, 3})))


def test_a_round_is_paired_once():
    rounds = Rounds(entrants(4), [Pairing(1, 1, 1, 3, "1-0"), Pairing(1, 2, 2, 4, "1-0")])
    with pytest.raises(PairingError, match="round 1 is paired already"):
        pair(rounds, Request("swiss", 1, 3, frozenset({1, 2, 3, 4})))


def test_side_balance_counts_the_games_played_on_each_side():
    rounds = Rounds(entrants(3), [Pairing(1, 1, 1, 2, "1-0"), Pairing(2, 1, 3, 1, "1-0"),
                                  Pairing(3, 1, 1, 3, "1-0", forfeit=True)])
    assert [side_balance(rounds, number) for number in (1, 2, 3)] == [(1, 1), (0, 1), (1, 0)]
