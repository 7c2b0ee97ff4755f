"""The T'Chako reference board data: counts and symmetry the rules rely on."""

from ludoscribe.notation.games.tchako.board import (BASES, CENTRE, CONNECTIONS, FINE_LINES, KIND, NEIGHBOURS,
                                                    OBSTACLES, OWNER, VITAL, ZONES)

MIRROR = dict(zip("ABCDEFGHIJKL", "JKLIEFGHDABC"))


def test_twelve_zones_twenty_three_obstacles():
    assert len(ZONES) == 12 and len(set(OBSTACLES)) == 23 and len(CONNECTIONS) == 27
    assert [pair for pair in CONNECTIONS if pair != "".join(sorted(pair))] == []
    assert len(FINE_LINES) == 40
    assert [(a, b) for a, b in FINE_LINES if not (a in OBSTACLES and b in OBSTACLES and a < b)] == []


def test_the_board_is_the_same_for_both_camps():
    mirrored = {"".join(sorted(MIRROR[a] + MIRROR[b])) for a, b in CONNECTIONS}
    assert mirrored == set(CONNECTIONS)
    assert VITAL == ("B", "K") and BASES == (("A", "C"), ("J", "L"))
    assert OWNER == {"A": 0, "B": 0, "C": 0, "J": 1, "K": 1, "L": 1}
    assert {zone for zone in ZONES if KIND[zone] != "neutral"} == set(OWNER)
    assert set(CENTRE) == set(ZONES) and NEIGHBOURS["B"] == "AC"
