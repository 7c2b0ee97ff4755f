"""Set-up positions edited cell by cell (notation/editing/set_up.py, docs/annotating.md#set-up-positions):
each game's code written again around a cell changed, and a position the rules cannot have refused
with their reason."""

from __future__ import annotations

import pytest

from ludoscribe.notation.editing import set_up
from ludoscribe.notation.games import BadSetUp, FormatSetUp, SetUpRefusal, game_class
from ludoscribe.notation.games.staku import StakuSetUp
from ludoscribe.notation.games.tchako.position import TChakoSetUp
from ludoscribe.notation.games.teblo import TebloSetUp
from ludoscribe.notation.games.tekao import TekaoSetUp
from ludoscribe.notation.games.tektop import TektopSetUp


def start(game: str):
    rules = game_class(game)()
    return rules, rules.position_code(rules.start_position())


@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tektop", "Tekao", "TChako"])
def test_every_built_in_game_is_edited_cell_by_cell(game) -> None:
    rules, _ = start(game)
    assert set_up.board_of(rules) is not None


def test_cells_are_given_their_contents_and_the_rest_of_the_code_is_kept() -> None:
    rules, code = start("Teblo")
    assert set_up.set_cell(rules, code, "E5", "y")[0] == "12/12/12/12/12/12/12/4y7/12/12/12/12 D3 I10 Y 1"
    assert set_up.set_cell(rules, code, "E5", "Y")[0] == "12/12/12/12/12/12/12/12/12/12/12/12 E5 I10 Y 1"  # moved
    rules, code = start("Staku")
    assert set_up.set_cell(rules, code, "d4", "")[0] == "bbbbbb/bbbbbbb/n1n2n1n/7/n1n2n1n/wwwwwww/wwwwww W 0 1"
    fewer = set_up.set_cell(rules, code, "a1", "")[0]
    assert set_up.set_cell(rules, fewer, "d4", "nw")[0] == "bbbbbb/bbbbbbb/n1n2n1n/3(nw)3/n1n2n1n/wwwwwww/1wwwww W 0 1"
    rules, code = start("Tektop")
    assert set_up.set_cell(rules, code, "e1", "")[0] == "4b/4b/4b/4b/wwww1 0 0 W play 1"
    rules, code = start("TChako")
    changed = set_up.set_cell(rules, code, "E", "w1")[0]
    assert changed.startswith("Aw3/BQ/Cw3/Ew1/Jb3/Kq/Lb3 ")


@pytest.mark.parametrize("game, cell, contents, refusal", [
    ("Staku", "d4", "nww", SetUpRefusal(StakuSetUp.TOO_MANY_TOKENS, count=15, side="White", most=13)),
    ("Staku", "d4", "wn", SetUpRefusal(StakuSetUp.NOT_A_STACK, cell="d4", stack="wn")),
    ("Tektop", "a5", "w", SetUpRefusal(TektopSetUp.ON_SUMMIT)),
    ("Teblo", "D3", "", SetUpRefusal(TebloSetUp.ONE_PAWN, side="Yellow", pawn="Y")),
    ("Teblo", "Z9", "y", SetUpRefusal(FormatSetUp.NOT_A_CELL, cell="Z9", game="Teblo")),
    ("Teblo", "D4", "<b>", SetUpRefusal(FormatSetUp.NOT_CONTENTS, contents="<b>")),
])
def test_a_position_the_rules_cannot_have_is_refused_with_their_reason(game, cell, contents, refusal) -> None:
    rules, code = start(game)
    with pytest.raises(BadSetUp) as error:
        set_up.set_cell(rules, code, cell, contents)
    assert error.value.refusal == refusal


@pytest.mark.parametrize("game, field", [("Teblo", "R"), ("Staku", "B"), ("Tektop", "B"), ("TChako", "B")])
def test_the_side_to_move_is_set_in_the_code(game, field) -> None:
    rules, code = start(game)
    changed, position = set_up.set_side(rules, code, 1)
    assert position.side == 1 and field in changed.split() and changed != code


def test_a_side_the_rules_cannot_have_to_move_is_refused_with_their_reason() -> None:
    rules, code = start("Tekao")
    with pytest.raises(BadSetUp) as error:
        set_up.set_side(rules, code, 1)
    assert error.value.refusal == SetUpRefusal(TekaoSetUp.PLACING_OUT_OF_TURN, first="Blue")


# --- the fields of the code besides the board, the palette (docs/annotating.md#set-up-positions) -----

def keys(game: str) -> list[str]:
    rules, _ = start(game)
    return [field.key for field in set_up.fields_of(rules)]


def test_every_part_of_each_games_code_besides_its_cells_and_side_is_a_field() -> None:
    assert keys("Teblo") == ["yellow-hand", "red-hand", "number"]
    assert keys("Staku") == ["quiet", "number"]
    assert keys("Tektop") == ["white-home", "black-home", "state", "number"]
    assert keys("Tekao") == ["blue-weapons", "blue-flag", "yellow-weapons", "yellow-flag", "blue-streak", "blue-turns",
                             "yellow-streak", "yellow-turns", "blue-taken", "yellow-taken", "number"]
    assert keys("TChako") == ["white-s", "white-t", "white-l", "black-s", "black-t", "black-l", "white-created",
                              "black-created", "state", "white-off", "black-off", "number"]


def values(game: str, code: str) -> dict[str, object]:
    rules = game_class(game)()
    return {field["key"]: field["value"] for field in set_up.field_values(rules, rules.read_position(code))}


def test_the_fields_are_filled_from_the_code() -> None:
    assert values("Teblo", "12/12/12/12/12/12/12/4y7/3r8/12/12/12 D3 E4 R 9") == {
        "yellow-hand": "24", "red-hand": "24", "number": "9"}
    assert values("Staku", "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww B 7 4") == {"quiet": "7", "number": "4"}
    assert values("Tektop", "4b/4b/4b/5/1www1 1 1 B play 3") == {
        "white-home": "1", "black-home": "1", "state": "play", "number": "3"}
    assert values("Tekao", "4f3/8/8/8/8/8/H7/8 7F/8 B -/- 2") == {
        "blue-weapons": "7", "blue-flag": "yes", "yellow-weapons": "8", "yellow-flag": "no", "blue-streak": "",
        "blue-turns": "1", "yellow-streak": "", "yellow-turns": "1", "blue-taken": "0", "yellow-taken": "0", "number": "2"}
    assert values("Tekao", "4f3/8/8/8/8/8/H7/8 0/0 B a2:2/- 2")["blue-turns"] == "2"
    assert values("TChako", "Aw3/BQ/Cw3/Dw1/Fw1/Iq/Jw1/Kw1/Lb3 AD:AF/-/-/HI:IL/-/- W 2 0/1 play") == {
        "white-s": "AD:AF", "white-t": "", "white-l": "", "black-s": "HI:IL", "black-t": "", "black-l": "",
        "white-created": "0", "black-created": "1", "state": "play", "white-off": "1", "black-off": "8", "number": "2"}


TEKAO_AFTER_SETUP = "4f3/thbphtbp/8/8/8/8/HTBPHTBP/3F4 0/0 B -/- 10"
TEKAO_TAKEN = "4f3/8/8/8/8/8/H7/8 0/0 B -/- 2"  # Blue's flag and seven pieces taken, Yellow's eight


@pytest.mark.parametrize("game, code, given, written", [
    ("Teblo", "", {"number": "7"}, "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 7"),
    ("Staku", "", {"quiet": "07", "number": "3"}, "bbbbbb/bbbbbbb/n1n2n1n/3n3/n1n2n1n/wwwwwww/wwwwww W 7 3"),
    ("Tektop", "", {"number": "12"}, "4b/4b/4b/4b/wwww1 0 0 W play 12"),
    ("Tekao", TEKAO_TAKEN, {"blue-weapons": "7", "blue-flag": "yes", "yellow-weapons": "8"},
     "4f3/8/8/8/8/8/H7/8 7F/8 B -/- 2"),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-streak": "a2", "blue-turns": "3", "yellow-streak": "e8"},
     "4f3/thbphtbp/8/8/8/8/HTBPHTBP/3F4 0/0 B a2:3/e8:1 10"),
    ("Tekao", "4f3/thbphtbp/8/8/8/8/HTBPHTBP/3F4 0/0 B a2:3/e8:1 10", {"blue-streak": "", "yellow-turns": "2"},
     "4f3/thbphtbp/8/8/8/8/HTBPHTBP/3F4 0/0 B -/e8:2 10"),
    ("TChako", "", {"white-s": "AD:AF", "white-l": "CD:GH:CG", "black-t": "IL:", "white-created": "2",
                    "black-created": "1", "state": "B:noqueen", "number": "4"},
     "Aw3/BQ/Cw3/Jb3/Kq/Lb3 AD:AF/-/CD:GH:CG/-/IL:/- W 4 2/1 B:noqueen"),
])
def test_each_field_is_written_into_the_code(game, code, given, written) -> None:
    rules, start_code = start(game)
    changed, position = set_up.set_fields(rules, code or start_code, given)
    assert changed == written and rules.position_code(rules.read_position(changed)) == changed


@pytest.mark.parametrize("game, code, given, refused", [
    ("Teblo", "", {"number": "0"}, FormatSetUp.NUMBER_FROM),
    ("Teblo", "", {"yellow-hand": "20"}, FormatSetUp.NOT_SET_BY_HAND),
    ("Teblo", "", {"pawns": "1"}, FormatSetUp.NOT_A_FIELD),
    ("Staku", "", {"quiet": "21"}, StakuSetUp.QUIET_TOO_LONG),  # the rules'
    ("Staku", "", {"quiet": "-1"}, FormatSetUp.NUMBER_FROM),
    ("Tektop", "", {"number": "1.5"}, FormatSetUp.NUMBER_FROM),
    ("Tektop", "", {"white-home": "2"}, FormatSetUp.NOT_SET_BY_HAND),
    ("Tekao", TEKAO_TAKEN, {"blue-weapons": "9"}, FormatSetUp.NUMBER_BETWEEN),
    ("Tekao", TEKAO_TAKEN, {"blue-weapons": "6", "blue-flag": "yes", "yellow-weapons": "8"},
     TekaoSetUp.PLACING_OUT_OF_TURN),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-weapons": "1"}, TekaoSetUp.TOO_MANY_WEAPONS),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-flag": "yes"}, TekaoSetUp.FLAG_TWICE),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-flag": "maybe"}, FormatSetUp.NOT_YES_OR_NO),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-streak": "a8"}, TekaoSetUp.STREAK_ELSEWHERE),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-streak": "z9"}, FormatSetUp.NOT_AS_WRITTEN),
    ("Tekao", TEKAO_AFTER_SETUP, {"blue-streak": "a2", "blue-turns": "4"}, FormatSetUp.NUMBER_BETWEEN),
    ("TChako", "", {"white-s": "AD:FJ"}, TChakoSetUp.SHORT_SPAN),
    ("TChako", "", {"white-s": "A-D"}, FormatSetUp.NOT_AS_WRITTEN),
    ("TChako", "", {"white-l": "AD:DF:AD"}, TChakoSetUp.LONG_MIDDLE),
    ("TChako", "", {"black-created": "x"}, FormatSetUp.NUMBER_FROM),
    ("TChako", "", {"state": "W:hill"}, TChakoSetUp.STATE_NEEDS_VARIANT),
    ("TChako", "", {"state": "W:later"}, FormatSetUp.NOT_A_CHOICE),
])
def test_a_value_a_field_cannot_hold_is_refused_with_the_reason(game, code, given, refused) -> None:
    rules, start_code = start(game)
    with pytest.raises(BadSetUp) as error:
        set_up.set_fields(rules, code or start_code, given)
    assert error.value.refusal.code is refused


def test_tektops_pawns_home_and_state_follow_the_board_and_the_side_to_move() -> None:
    rules, code = start("Tektop")
    code = set_up.set_cell(rules, code, "a1", "")[0]
    assert code == "4b/4b/4b/4b/1www1 1 0 W play 1"
    code = set_up.set_cell(rules, code, "b1", "")[0]
    assert code == "4b/4b/4b/4b/2ww1 2 0 W over 1"
    assert set_up.set_side(rules, code, 1)[0] == "4b/4b/4b/4b/2ww1 2 0 B last 1"
    with pytest.raises(BadSetUp) as error:
        set_up.set_cell(rules, code, "c1", "")
    assert error.value.refusal == SetUpRefusal(TektopSetUp.TOO_MANY_HOME, side="White", home=3)
    with pytest.raises(BadSetUp) as error:
        set_up.set_cell(rules, start("Tektop")[1], "a2", "w")
    assert error.value.refusal == SetUpRefusal(TektopSetUp.PAWN_COUNT, side="White", on_board=5, home=0, pawns=4)


def test_tekao_pieces_placed_during_the_setup_come_from_the_hand_and_the_side_follows() -> None:
    rules, code = start("Tekao")
    code = set_up.set_cell(rules, code, "d1", "F")[0]
    assert code == "8/8/8/8/8/8/8/3F4 8/8F Y -/- 1"
    code = set_up.set_cell(rules, code, "e8", "f")[0]
    assert code == "4f3/8/8/8/8/8/8/3F4 8/8 B -/- 1"
    assert set_up.set_cell(rules, code, "e8", "f", again_empties=True)[0] == "8/8/8/8/8/8/8/3F4 8/8F Y -/- 1"
    with pytest.raises(BadSetUp) as error:
        set_up.set_cell(rules, code, "d4", "H")
    assert error.value.refusal == SetUpRefusal(TekaoSetUp.OUT_OF_ZONE, side="Blue")
    code = set_up.set_fields(rules, code, {"blue-weapons": "0", "yellow-weapons": "0"})[0]
    assert set_up.set_cell(rules, code, "d4", "H")[0] == "4f3/8/8/8/3H4/8/8/3F4 0/0 B -/- 1"  # after the setup: as given


@pytest.mark.parametrize("game", ["Teblo", "Staku", "Tektop", "Tekao", "TChako"])
def test_the_palette_holds_what_a_cell_of_the_game_can_hold(game) -> None:
    import re

    rules, _ = start(game)
    found = set_up.palette(rules)
    assert found and len({contents for contents, _ in found}) == len(found)
    for contents, words in found:
        assert re.fullmatch(rules.cell_contents, contents) and words


def test_the_palette_follows_the_variant() -> None:
    assert [contents for contents, _ in set_up.palette(game_class("Staku")("Staku-2"))] == [
        "n", "w", "b", "nn", "nw", "ww", "nb", "bb"]
    assert "T" in dict(set_up.palette(game_class("Tekao")("faces HBTP")))
    assert "Q" not in dict(set_up.palette(game_class("TChako")("anarchy")))
    assert "Q" in dict(set_up.palette(game_class("TChako")()))


def test_a_cell_tapped_again_with_what_it_holds_is_emptied() -> None:
    rules, code = start("Staku")
    assert set_up.set_cell(rules, code, "d4", "n", again_empties=True)[0].startswith("bbbbbb/bbbbbbb/n1n2n1n/7/")
    rules, code = start("Teblo")
    assert set_up.set_cell(rules, code, "E5", "y", again_empties=True)[0].startswith("12/12/12/12/12/12/12/4y7/")
    rules, code = start("TChako")
    assert set_up.set_cell(rules, code, "A", "w3", again_empties=True)[0].startswith("BQ/Cw3/")
