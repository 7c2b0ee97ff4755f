"""T'Chako position codes (docs/games/tchako.md, "Position code"): a code the engine accepts
is written back identically; any other is refused with its reason, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import checked, examples, problems_of
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.tchako.board import OBSTACLES, ZONES

GAME = TChako()
START = "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 1 0/0 play"


@pytest.mark.parametrize("variant, code", [
    ("", START),
    ("", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 AD:AF/-/-/HI:IL/-/- W 2 0/0 play"),
    ("", "Aw2+w/Dw1b2Q+Q/Kq+q -/AD:/CD:GH:CG/-/-/EI:GI:FI B 12 4/7 W:queen"),
    ("anarchy", "Aw3/Cw3/Dw1/Jw1/Kw1/Lb3 -/-/-/-/-/- B 2 0/0 W:anarchy"),
    ("countdown 3", "- -/-/-/-/-/- W 4 0/0 stop"),
    ("king of the hill", "Aw3/BQ/Cw3/Fw1/Gw1/Jb3/Kq/Lb3 -/-/-/-/-/- W 3 0/0 W:hill"),
])
def test_accepted_codes_are_written_back_identically(variant, code):
    game = TChako(variant)
    assert game.position_code(game.read_position(code)) == code


@pytest.mark.parametrize("variant, code, reason", [
    ("", "Aw3/Aw2/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "zone A is listed twice"),
    ("", "Bw3/AQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "zone A comes after B: zones are listed from A to L"),
    ("", "AQ/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "White's queen is in A and in B: each side has one queen"),
    ("anarchy", "Aw3/BQ/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 play",
     "zone B holds White's queen, and there are no queens in anarchy"),
    ("", "Aw9/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", "White has 12 pucks on the board: each side has 11"),
    ("", "Aw03/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     "'Aw03' is not a zone of a position code (as in Aw3, Kq, Fw1b2+w: counts from 1, without leading zeros)"),
    ("", "Aw0/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     "'Aw0' is not a zone of a position code (as in Aw3, Kq, Fw1b2+w: counts from 1, without leading zeros)"),
    ("", "Aw3+b/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     "zone A: the code puts on its creation space a piece the zone lacks"),
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 W:x",
     "'W:x' is not a state of a position code: play, stop, or the winner and why, W:queen, W:noqueen, W:anarchy, "
     "W:hill, W:lead, W:total, W:sudden, W:zones, W:count (B: for Black)"),
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 B:hill", "the state B:hill needs the variant a king of the hill "
                                                            "mode"),
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 stop", "the state stop needs the variant countdown N"),
    ("anarchy", "Aw3/Cw3/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 B:noqueen", "the state B:noqueen needs the variant no anarchy"),
    ("", START.replace("-/-/-/-/-/-", "AD:AD/-/-/-/-/-"),
     "White's first short elastic AD:AD: its anchors are two obstacles in alphabetical order"),
    ("", START.replace("-/-/-/-/-/-", "AF:AD/-/-/-/-/-"),
     "White's first short elastic AF:AD: its anchors are two obstacles in alphabetical order"),
    ("", START.replace("-/-/-/-/-/-", "AD:FJ/-/-/-/-/-"),
     "White's first short elastic AD:FJ: a short elastic spans two obstacles joined by a fine line"),
    ("", START.replace("-/-/-/-/-/-", "-/-/AD:CG/-/-/-"),
     "'AD:CG' is not an elastic of a position code (as in AD:, AD:AE, or AD:CG:CD for a long one with its middle "
     "last)"),
    ("", START.replace("-/-/-/-/-/-", "-/-/AD:CG:GH/-/-/-"),
     "White's long elastic AD:CG:GH: the middle of a long elastic is joined by a fine line to both anchors"),
    ("", START.replace("-/-/-/-/-/-", "AD:AF/-/-/-/AD:/-"),
     "Black's second short elastic AD:: the obstacle AD already carries an elastic"),
    ("", START.replace("-/-/-/-/-/-", ":AD/-/-/-/-/-"),
     "':AD' is not an elastic of a position code (as in AD:, AD:AE, or AD:CG:CD for a long one with its middle "
     "last)"),
    ("", START.replace("0/0", "00/0"), "a TChako position code is ZONES ELASTICS SIDE NUMBER CREATED STATE, as in "
                                       + START),
])
def test_refused_codes_say_why(variant, code, reason):
    with pytest.raises(ValueError) as error:
        TChako(variant).read_position(code)
    assert str(error.value) == reason


def test_a_bad_position_is_a_problem_of_the_record_not_a_crash():
    text = ('[Game "TChako"]\n[SetUp "1"]\n[Position "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 W:x"]\n'
            '[Result "*"]\n\n2. A>D *\n')
    record, replayed = checked(text)
    assert replayed is None
    assert problems_of(record)[0][1:] == (3, 1, None)
    assert problems_of(record)[0][0].startswith("bad Position tag: 'W:x' is not a state of a position code")


COUNTS = st.sampled_from(["", "", "1", "2", "3", "9", "0", "03", "12"])


@st.composite
def zone_texts(draw) -> str:
    zone = draw(st.sampled_from(ZONES))
    text = zone
    for colour in "wb":
        count = draw(COUNTS)
        text += f"{colour}{count}" if count else ""
    text += draw(st.sampled_from(["", "", "Q", "q", "Qq"]))
    return text + draw(st.sampled_from(["", "", "", "+w", "+b", "+Q", "+q"]))


@st.composite
def elastic_texts(draw) -> str:
    kind = draw(st.integers(0, 3))
    names = st.sampled_from(OBSTACLES)
    return ["-", f"{draw(names)}:", f"{draw(names)}:{draw(names)}", f"{draw(names)}:{draw(names)}:{draw(names)}"][kind]


@st.composite
def codes(draw) -> str:
    zones = draw(st.lists(zone_texts(), max_size=8))
    if draw(st.booleans()):
        zones.sort()
    elastics = "/".join(draw(st.lists(elastic_texts(), min_size=6, max_size=6)))
    end = draw(st.sampled_from(["play", "play", "stop", "W:queen", "B:hill", "W:x", "B:lead", "W:sudden"]))
    made = f"{draw(st.integers(0, 12))}/{draw(st.integers(0, 12))}"
    return f"{'/'.join(zones) or '-'} {elastics} {draw(st.sampled_from('WB'))} {draw(st.integers(1, 40))} {made} {end}"


@settings(max_examples=examples(400), deadline=None)
@given(codes(), st.sampled_from(["", "anarchy", "king of the hill, countdown 5", "demographic 3, sudden death 4"]))
def test_any_code_is_refused_or_written_back_identically(code, variant):
    game = TChako(variant)
    try:
        position = game.read_position(code)
    except ValueError:
        return
    assert game.position_code(position) == code
    assert game.read_position(code) == position
