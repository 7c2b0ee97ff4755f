"""Tie-breaks under their FIDE names, worked out by hand (docs/tournaments.md#tie-breaks-of-an-event)."""

from fractions import Fraction as F

import pytest

from ludoscribe.notation.events.rounds import Absence, Entrant, Pairing, Rounds, Unplayed
from ludoscribe.notation.events.standings import Scoring
from ludoscribe.notation.events.tiebreaks import (
    NAMES, TieBreakError, direct_encounter, parse_order, rank, rounds_of, tie_break_values)

# A Swiss of five players over three rounds, scored 1 / ½ / 0 with a pairing bye worth a win:
#
#   round 1: Ana - Bo 1-0, Cy - Dee ½-½, Eli has the pairing bye (U)
#   round 2: Eli - Ana 0-1, Dee - Bo 0-1 by forfeit (Dee absent), Cy takes a half-point bye (H)
#   round 3: Ana - Cy ½-½, Bo - Eli 1-0; Dee has withdrawn (no entry at all)
#
# Points: Ana 1+1+½ = 2½, Bo 0+1+1 = 2, Cy ½+½+½ = 1½, Eli 1+0+0 = 1, Dee ½+0+0 = ½.
ENTRANTS = [Entrant(1, "Ana", 2000), Entrant(2, "Bo", 1900), Entrant(3, "Cy", 1800), Entrant(4, "Dee", 1700),
            Entrant(5, "Eli", 1600)]
GAMES = [Pairing(1, 1, 1, 2, "1-0"), Pairing(1, 2, 3, 4, "1/2-1/2"),
         Pairing(2, 1, 5, 1, "0-1"), Pairing(2, 2, 4, 2, "0-1", forfeit=True),
         Pairing(3, 1, 1, 3, "1/2-1/2"), Pairing(3, 2, 2, 5, "1-0")]
ABSENCES = [Absence(1, 5, Unplayed.PAIRING_BYE), Absence(2, 3, Unplayed.HALF_BYE)]
SWISS = Rounds(ENTRANTS, GAMES, ABSENCES)


def values(rounds, name):
    return {player: each[name] for player, each in tie_break_values(rounds, [name]).items()}


def test_buchholz_counts_a_dummy_opponent_for_unplayed_rounds_and_a_withdrawal_as_draws():
    # The score an opponent's Buchholz adds up is the player's own, except Dee's: after round 1,
    # the last round Dee was available for, round 3 has no opponent and counts as a draw (½),
    # while the forfeit lost in round 2 keeps its 0: Dee counts 1 (not ½) for Cy.
    # A round not played over the board counts the player's own final score (a dummy opponent):
    #   Ana: Bo 2 + Eli 1 + Cy 1½                       = 4½
    #   Bo:  Ana 2½ + own 2 (forfeit won) + Eli 1       = 5½
    #   Cy:  Dee 1 + own 1½ (half-point bye) + Ana 2½   = 5
    #   Dee: Cy 1½ + own ½ (forfeit lost) + own ½ (gone) = 2½
    #   Eli: own 1 (pairing bye) + Ana 2½ + Bo 2        = 5½
    assert values(SWISS, "BH") == {1: F(9, 2), 2: F(11, 2), 3: F(5), 4: F(5, 2), 5: F(11, 2)}


def test_buchholz_cuts_cut_the_voluntarily_unplayed_rounds_first():
    # Cut-1 cuts the least value, but a round the player chose not to play goes first:
    #   Ana: 4½ - Eli 1 = 3½;  Bo: 5½ - Eli 1 = 4½;  Eli: 5½ - own 1 (pairing bye, not chosen) = 4½
    #   Cy:  5 - own 1½ (the half-point bye, cut before Dee's lower 1) = 3½
    #   Dee: 2½ - ½ (round 2's forfeit loss, the earlier of two equal unplayed rounds) = 2
    assert values(SWISS, "BH-C1") == {1: F(7, 2), 2: F(9, 2), 3: F(7, 2), 4: F(2), 5: F(9, 2)}
    # Cut-2: Cy 5 - 1½ - 1 = 2½; Dee 2½ - ½ - ½ = 1½; Ana 4½ - 1 - 1½ = 2
    assert values(SWISS, "BH-C2") == {1: F(2), 2: F(5, 2), 3: F(5, 2), 4: F(3, 2), 5: F(5, 2)}
    # Median-1 cuts one from below (as Cut-1) and the greatest:
    #   Ana 3½ - Bo 2 = 1½; Bo 4½ - Ana 2½ = 2; Cy 3½ - Ana 2½ = 1; Dee 2 - Cy 1½ = ½; Eli 4½ - 2½ = 2
    assert values(SWISS, "BH-M1") == {1: F(3, 2), 2: F(2), 3: F(1), 4: F(1, 2), 5: F(2)}


def test_sonneborn_berger_weighs_each_opponent_by_the_points_scored_against_them():
    #   Ana: Bo 2 × 1 + Eli 1 × 1 + Cy 1½ × ½   = 3¾
    #   Bo:  Ana 2½ × 0 + own 2 × 1 + Eli 1 × 1 = 3
    #   Cy:  Dee 1 × ½ + own 1½ × ½ + Ana 2½ × ½ = 2½
    #   Dee: Cy 1½ × ½ + own ½ × 0 + own ½ × 0  = ¾
    #   Eli: own 1 × 1 + Ana 2½ × 0 + Bo 2 × 0  = 1
    assert values(SWISS, "SB") == {1: F(15, 4), 2: F(3), 3: F(5, 2), 4: F(3, 4), 5: F(1)}


def test_wins_progressive_score_and_average_rating_of_opponents():
    # WIN: rounds with a win's points, with or without a game (Bo's forfeit, Eli's pairing bye);
    # WON: games won over the board only.
    assert values(SWISS, "WIN") == {1: 2, 2: 2, 3: 0, 4: 0, 5: 1}
    assert values(SWISS, "WON") == {1: 2, 2: 1, 3: 0, 4: 0, 5: 0}
    # PS: the running score after each round, added: Ana 1 + 2 + 2½ = 5½, Bo 0 + 1 + 2 = 3,
    # Cy ½ + 1 + 1½ = 3, Dee ½ + ½ + ½ = 1½, Eli 1 + 1 + 1 = 3
    assert values(SWISS, "PS") == {1: F(11, 2), 2: F(3), 3: F(3), 4: F(3, 2), 5: F(3)}
    # ARO: games over the board only, rounded half up: Ana (1900 + 1600 + 1800) / 3 = 1766⅔ → 1767;
    # Bo (2000 + 1600) / 2 = 1800 (the forfeit is no game); Cy (1700 + 2000) / 2 = 1850;
    # Dee 1800; Eli (2000 + 1900) / 2 = 1950
    assert values(SWISS, "ARO") == {1: 1767, 2: 1800, 3: 1850, 4: 1800, 5: 1950}


def test_an_unrated_opponent_is_left_out_of_the_average_and_none_rated_gives_zero():
    unrated = Rounds([Entrant(1, "Ana", 1500), Entrant(2, "Bo"), Entrant(3, "Cy", 1600)],
                     [Pairing(1, 1, 1, 2, "1-0"), Pairing(2, 1, 3, 1, "1/2-1/2")])
    # Ana met Bo (unrated) and Cy (1600): 1600; Bo met only Ana: 1500; Cy only Ana: 1500
    assert values(unrated, "ARO") == {1: 1600, 2: 1500, 3: 1500}
    assert values(Rounds([Entrant(1, "Ana"), Entrant(2, "Bo")], [Pairing(1, 1, 1, 2, "1-0")]), "ARO") == {1: 0, 2: 0}


def test_the_events_scoring_and_bye_points_count_everywhere():
    # The same Swiss scored 3 / 1 / 0, a pairing bye worth 3, a half-point bye a draw's 1:
    # Ana 3+3+1 = 7, Bo 0+3+3 = 6, Cy 1+1+1 = 3, Dee 1+0+0 = 1 (2 for others: round 3 a draw), Eli 3+0+0 = 3.
    teblo = Rounds(ENTRANTS, GAMES, ABSENCES, Scoring(F(3), F(1), F(0)), F(3))
    #   BH  Ana: 6 + 3 + 3 = 12;  Bo: 7 + own 6 + 3 = 16;  Cy: 2 + own 3 + 7 = 12;  Dee: 3 + 1 + 1 = 5;  Eli: own 3 + 7 + 6 = 16
    assert values(teblo, "BH") == {1: 12, 2: 16, 3: 12, 4: 5, 5: 16}
    #   SB  Ana: 6×3 + 3×3 + 3×1 = 30;  Bo: 7×0 + 6×3 + 3×3 = 27;  Cy: 2×1 + 3×1 + 7×1 = 12;  Dee: 3×1 = 3;  Eli: 3×3 = 9
    assert values(teblo, "SB") == {1: 30, 2: 27, 3: 12, 4: 3, 5: 9}
    assert values(teblo, "WIN")[5] == 1
    # a pairing bye worth a draw's point is no win
    assert values(Rounds(ENTRANTS, GAMES, ABSENCES, Scoring(F(3), F(1), F(0)), F(1)), "WIN")[5] == 0


# A round robin of four where Ana, Bo and Cy each won one of their games against the other two
# (Ana beat Bo, Bo beat Cy, Cy beat Ana) and all beat Dee: 2 points each, Dee 0.
CYCLE = Rounds(ENTRANTS[:4], [Pairing(1, 1, 1, 2, "1-0"), Pairing(1, 2, 3, 4, "1-0"),
                              Pairing(2, 1, 1, 3, "0-1"), Pairing(2, 2, 2, 4, "1-0"),
                              Pairing(3, 1, 1, 4, "1-0"), Pairing(3, 2, 2, 3, "1-0")])


def test_players_equal_on_everything_share_a_rank_listed_by_starting_number():
    # DE: 1 point each among the three; BH: 2 + 2 + 0 = 4 each; SB: 2 × 1 + 0 × 1 = 2 each; WIN: 2 each.
    ranking = rank(CYCLE, ["DE", "BH", "SB", "WIN"])
    assert [(row.rank, row.entrant.name) for row in ranking.rows] == [(1, "Ana"), (1, "Bo"), (1, "Cy"), (4, "Dee")]
    assert [row.values["DE"] for row in ranking.rows] == [1, 1, 1, None]  # Dee was tied with nobody


def test_the_organisers_order_decides():
    # PS: Ana 1 + 1 + 2 = 4, Bo 0 + 1 + 2 = 3, Cy 1 + 2 + 2 = 5: progressive score breaks the cycle.
    ranking = rank(CYCLE, ["SB", "PS"])
    assert [(row.rank, row.entrant.name, row.values["PS"]) for row in ranking.rows] == [
        (1, "Cy", 5), (2, "Ana", 4), (3, "Bo", 3), (4, "Dee", 0)]
    # On the Swiss, the default order (BH-C1, BH, SB, DE, WIN) follows the points: no one is tied.
    assert [row.entrant.name for row in rank(SWISS).rows] == ["Ana", "Bo", "Cy", "Eli", "Dee"]


def test_a_round_robin_counts_a_forfeit_as_played_and_a_round_without_opponent_as_nothing():
    # Four players, three rounds: Ana - Cy 1-0, Bo - Dee ½-½; Dee - Ana 0-1 by forfeit (Dee
    # absent), Cy - Bo 1-0; Ana - Bo ½-½, Cy takes a half-point bye, Dee has withdrawn.
    # Points: Ana 2½, Bo 1, Cy 1½, Dee ½.
    games = [Pairing(1, 1, 1, 3, "1-0"), Pairing(1, 2, 2, 4, "1/2-1/2"), Pairing(2, 1, 4, 1, "0-1", forfeit=True),
             Pairing(2, 2, 3, 2, "1-0"), Pairing(3, 1, 1, 2, "1/2-1/2")]
    night = Rounds(ENTRANTS[:4], games, [Absence(3, 3, Unplayed.HALF_BYE)])
    # For their opponents, rounds after the last game without an opponent count as nothing in
    # a round robin: Cy counts 1 (his last-round bye left out), Dee ½, Ana 2½, Bo 1.
    #   BH  Ana: Cy 1 + Dee ½ (the forfeit, as played) + Bo 1 = 2½;  Bo: Dee ½ + Cy 1 + Ana 2½ = 4
    #       Cy: Ana 2½ + Bo 1 (the bye adds nothing) = 3½;  Dee: Bo 1 + Ana 2½ = 3½
    #   SB  Ana: 1 × 1 + ½ × 1 + 1 × ½ = 2;  Bo: ½ × ½ + 1 × 0 + 2½ × ½ = 1½;  Cy: 1 × 1 = 1;  Dee: 1 × ½ = ½
    assert tie_break_values(night, ["BH", "SB"], round_robin=True) == {
        1: {"BH": F(5, 2), "SB": 2}, 2: {"BH": 4, "SB": F(3, 2)}, 3: {"BH": F(7, 2), "SB": 1}, 4: {"BH": F(7, 2), "SB": F(1, 2)}}
    # The same rounds as a Swiss: Ana's forfeit counts her own 2½ and Cy's bye his own 1½;
    # Cy's bye and Dee's last round count as draws for their opponents (Cy 1½, Dee 1).
    #   BH  Ana: 1½ + 2½ + 1 = 5;  Cy: 2½ + 1 + 1½ = 5;  Dee: 1 + own ½ + own ½ = 2
    assert {player: each["BH"] for player, each in tie_break_values(night, ["BH"]).items()} == {1: 5, 2: 5, 3: 5, 4: 2}
    # Cut-1: in a round robin Dee's forfeit is a game like any other, and the least value goes:
    # Dee 3½ - Bo 1 = 2½. In a Swiss the forfeit lost goes first: Dee 2 - own ½ = 1½.
    assert tie_break_values(night, ["BH-C1"], round_robin=True)[4] == {"BH-C1": F(5, 2)}
    assert tie_break_values(night, ["BH-C1"])[4] == {"BH-C1": F(3, 2)}
    # In a round robin a forfeit is an encounter for DE too: Ana ahead of Dee; in a Swiss they never met.
    played = rounds_of(night)
    assert direct_encounter([1, 4], played, night.scoring, forfeits=True) == [[1], [4]]
    assert direct_encounter([1, 4], played, night.scoring) == [[1, 4]]
    assert [row.entrant.name for row in rank(night, ["SB"], round_robin=True).rows] == ["Ana", "Cy", "Bo", "Dee"]


def test_direct_encounter_when_all_met_and_when_not():
    # Ana beat Bo in round 1 and Cy in round 2; Bo and Cy have not met (each played Dee).
    games = [Pairing(1, 1, 1, 2, "1-0"), Pairing(1, 2, 3, 4, "1/2-1/2"), Pairing(2, 1, 1, 3, "1-0"),
             Pairing(2, 2, 4, 2, "1/2-1/2")]
    apart = Rounds(ENTRANTS[:4], games)
    # Not all met: Ana scored 2 and is ahead, for Bo and Cy could reach at most 0 + 1 (the game
    # they did not play, won). Bo and Cy, compared alone, have not met: they stay tied.
    assert direct_encounter([1, 2, 3], rounds_of(apart), apart.scoring) == [[1], [2, 3]]
    # Once Cy has beaten Bo, all three have met: Ana 2, Cy 1, Bo 0.
    met = Rounds(ENTRANTS[:4], [*games, Pairing(3, 1, 3, 2, "1-0"), Pairing(3, 2, 1, 4, "1-0")])
    assert direct_encounter([1, 2, 3], rounds_of(met), met.scoring) == [[1], [3], [2]]
    # In the Swiss above, Cy drew Ana and Dee, and Ana never met Dee: Cy's 1 is not above the
    # 1½ that Ana (½ + a win) or Dee (½ + a win) could have had, so the three stay tied; a
    # forfeit is no encounter (Bo - Dee): Bo's 1 against Eli is not above Dee's possible 2.
    assert direct_encounter([1, 3, 4], rounds_of(SWISS), SWISS.scoring) == [[3, 1, 4]]
    assert direct_encounter([2, 4, 5], rounds_of(SWISS), SWISS.scoring) == [[2, 4, 5]]


@pytest.mark.parametrize("name", NAMES)
def test_every_tie_break_name_can_be_ordered(name):
    assert parse_order(name.lower()) == (name,)
    ranking = rank(SWISS, [name])
    assert ranking.order == (name,)
    assert len(ranking.rows) == 5 and all(name in row.values for row in ranking.rows)


@pytest.mark.parametrize("names, message", [
    ("BH,XYZ", "unknown tie-break 'XYZ': the tie-breaks are BH, BH-C1, BH-C2, BH-M1, BH-M2, SB, DE, WIN, WON, PS, ARO"),
    ("Buchholz", "unknown tie-break 'Buchholz'"),
    ("SB,sb", "tie-break SB is named twice"),
    ("", "unknown tie-break ''"),
])
def test_an_unknown_or_repeated_name_is_refused_with_its_code(names, message):
    with pytest.raises(TieBreakError, match="^" + message.replace("(", r"\(")):
        parse_order(names)
    with pytest.raises(TieBreakError):
        rank(SWISS, names.split(","))


@pytest.mark.parametrize("rounds, message", [
    (Rounds(ENTRANTS, [Pairing(1, 1, 1, 9, "1-0")]), "round 1, board 1: player 9 is not entered"),
    (Rounds(ENTRANTS, [Pairing(1, 1, 1, 2, "1-0"), Pairing(1, 2, 2, 3, "1-0")]),
     "round 1: player 2 is in it twice (again in board 2)"),
    (Rounds(ENTRANTS, [Pairing(1, 1, 1, 2, "1-0")], [Absence(1, 1, Unplayed.FULL_BYE)]),
     "round 1: player 1 is in it twice (again in an absence (F))"),
    (Rounds(ENTRANTS, [Pairing(0, 1, 1, 2, "1-0")]), "round 0 of player 1 is not a round"),
    (Rounds([Entrant(1, "Ana"), Entrant(1, "Bo")]), "starting number 1 is given to two players"),
])
def test_rounds_that_contradict_themselves_are_refused(rounds, message):
    with pytest.raises(TieBreakError) as refused:
        rank(rounds)
    assert str(refused.value).startswith(message)


def test_a_game_still_in_play_scores_nothing_yet_and_is_counted_apart():
    playing = Rounds(ENTRANTS[:2], [Pairing(1, 1, 1, 2, "*")])
    ranking = rank(playing)
    assert ranking.unfinished == 1 and [row.points for row in ranking.rows] == [0, 0]
    assert [row.rank for row in ranking.rows] == [1, 1]


def test_each_players_score_is_worked_out_once_whatever_the_tie_breaks(monkeypatch):
    # The score a player adds to their opponents' Buchholz is counted once per player, not once
    # per opponent and per tie-break: work grows with the rounds played, not with their square.
    from ludoscribe.notation.events import tiebreaks
    calls = []
    counted = tiebreaks.score_for_opponents
    monkeypatch.setattr(tiebreaks, "score_for_opponents", lambda *args: calls.append(1) or counted(*args))
    rank(SWISS, NAMES)
    assert len(calls) == len(ENTRANTS)
