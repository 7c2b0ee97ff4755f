"""T'Chako position codes (docs/games/tchako.md, "Position code"): a code the engine accepts
is written back identically; any other is refused with its reason, never a traceback."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import checked, examples, problems_of
from ludoscribe.notation.games import BadSetUp, SetUpRefusal
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.games.tchako.position import TChakoSetUp
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


@pytest.mark.parametrize("variant, code, refusal", [
    ("", "Aw3/Aw2/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", SetUpRefusal(TChakoSetUp.ZONE_TWICE, zone="A")),
    ("", "Bw3/AQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", SetUpRefusal(TChakoSetUp.ZONE_ORDER, zone="A", previous="B")),
    ("", "AQ/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play", SetUpRefusal(TChakoSetUp.TWO_QUEENS, side="White", first="A", zone="B")),
    ("anarchy", "Aw3/BQ/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 play",
     SetUpRefusal(TChakoSetUp.QUEEN_IN_ANARCHY, zone="B", side="White")),
    ("", "Aw9/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     SetUpRefusal(TChakoSetUp.TOO_MANY_PUCKS, side="White", pucks=12, most=11)),
    ("", "Aw03/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     SetUpRefusal(TChakoSetUp.NOT_A_ZONE, zone="Aw03")),
    ("", "Aw0/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     SetUpRefusal(TChakoSetUp.NOT_A_ZONE, zone="Aw0")),
    ("", "Aw3+b/BQ/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 play",
     SetUpRefusal(TChakoSetUp.CREATION_SPACE, zone="A")),
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 W:x",
     SetUpRefusal(TChakoSetUp.NOT_A_STATE, state="W:x", wins=["W:queen", "W:noqueen", "W:anarchy", "W:hill", "W:lead",
                                                                   "W:total", "W:sudden", "W:zones", "W:count"])),
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 B:hill",
     SetUpRefusal(TChakoSetUp.STATE_NEEDS_VARIANT, state="B:hill", variant="a king of the hill mode")),
    ("", "Aw3/BQ/Cw3/Jb3/Kq/Lb3 -/-/-/-/-/- W 2 0/0 stop",
     SetUpRefusal(TChakoSetUp.STATE_NEEDS_VARIANT, state="stop", variant="countdown N")),
    ("anarchy", "Aw3/Cw3/Jb3/Lb3 -/-/-/-/-/- W 2 0/0 B:noqueen",
     SetUpRefusal(TChakoSetUp.STATE_NEEDS_VARIANT, state="B:noqueen", variant="no anarchy")),
    ("", START.replace("-/-/-/-/-/-", "AD:AD/-/-/-/-/-"),
     SetUpRefusal(TChakoSetUp.ANCHORS_ORDER, side="White", which=1, elastic="AD:AD")),
    ("", START.replace("-/-/-/-/-/-", "AF:AD/-/-/-/-/-"),
     SetUpRefusal(TChakoSetUp.ANCHORS_ORDER, side="White", which=1, elastic="AF:AD")),
    ("", START.replace("-/-/-/-/-/-", "AD:FJ/-/-/-/-/-"),
     SetUpRefusal(TChakoSetUp.SHORT_SPAN, side="White", which=1, elastic="AD:FJ")),
    ("", START.replace("-/-/-/-/-/-", "-/-/AD:CG/-/-/-"),
     SetUpRefusal(TChakoSetUp.NOT_AN_ELASTIC, elastic="AD:CG")),
    ("", START.replace("-/-/-/-/-/-", "-/-/AD:CG:GH/-/-/-"),
     SetUpRefusal(TChakoSetUp.LONG_MIDDLE, side="White", which=3, elastic="AD:CG:GH")),
    ("", START.replace("-/-/-/-/-/-", "AD:AF/-/-/-/AD:/-"),
     SetUpRefusal(TChakoSetUp.OBSTACLE_TAKEN, side="Black", which=2, elastic="AD:", obstacle="AD")),
    ("", START.replace("-/-/-/-/-/-", ":AD/-/-/-/-/-"),
     SetUpRefusal(TChakoSetUp.NOT_AN_ELASTIC, elastic=":AD")),
    ("", START.replace("0/0", "00/0"), SetUpRefusal(TChakoSetUp.CODE_SHAPE, example=START)),
])
def test_refused_codes_say_why(variant, code, refusal):
    with pytest.raises(BadSetUp) as error:
        TChako(variant).read_position(code)
    assert error.value.refusal == refusal


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
