"""The T'Chako reference board data: counts and symmetry the rules rely on."""

from ludoscribe.notation.games.tchako_board import (BASES, CENTRE, CONNECTIONS, FINE_LINES, KIND, NEIGHBOURS,
                                                    OBSTACLES, OWNER, VITAL, ZONES)

MIRROR = dict(zip("ABCDEFGHIJKL", "JKLIEFGHDABC"))


def test_twelve_zones_twenty_three_obstacles():
    assert len(ZONES) == 12 and len(set(OBSTACLES)) == 23 and len(CONNECTIONS) == 27
    assert all(pair == "".join(sorted(pair)) for pair in CONNECTIONS)
    assert all(a in OBSTACLES and b in OBSTACLES and a < b for a, b in FINE_LINES)


def test_the_board_is_the_same_for_both_camps():
    mirrored = {"".join(sorted(MIRROR[a] + MIRROR[b])) for a, b in CONNECTIONS}
    assert mirrored == set(CONNECTIONS)
    assert VITAL == ("B", "K") and BASES == (("A", "C"), ("J", "L"))
    assert all(OWNER.get(zone) == (None if KIND[zone] == "neutral" else OWNER[zone]) for zone in ZONES)
    assert set(CENTRE) == set(ZONES) and NEIGHBOURS["B"] == "AC"
