"""Set-up positions edited cell by cell (notation/editing/set_up.py, docs/annotating.md#the-header-and-new-records):
each game's code written again around a cell changed, and a position the rules cannot have refused
with their reason."""

from __future__ import annotations

import pytest

from ludoscribe.notation.editing import set_up
from ludoscribe.notation.games import game_class


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


@pytest.mark.parametrize("game, cell, contents, reason", [
    ("Staku", "d4", "nww", "15 White tokens: there are 13"),
    ("Staku", "d4", "wn", "not a legal stack"),
    ("Tektop", "a5", "w", "summit"),
    ("Teblo", "D3", "", "one Yellow pawn"),
    ("Teblo", "Z9", "y", "not a cell"),
    ("Teblo", "D4", "<b>", "not what a cell holds"),
])
def test_a_position_the_rules_cannot_have_is_refused_with_their_reason(game, cell, contents, reason) -> None:
    rules, code = start(game)
    with pytest.raises(ValueError, match=reason):
        set_up.set_cell(rules, code, cell, contents)


@pytest.mark.parametrize("game, field", [("Teblo", "R"), ("Staku", "B"), ("Tektop", "B"), ("TChako", "B")])
def test_the_side_to_move_is_set_in_the_code(game, field) -> None:
    rules, code = start(game)
    changed, position = set_up.set_side(rules, code, 1)
    assert position.side == 1 and field in changed.split() and changed != code


def test_a_side_the_rules_cannot_have_to_move_is_refused_with_their_reason() -> None:
    rules, code = start("Tekao")
    with pytest.raises(ValueError, match="Blue first"):
        set_up.set_side(rules, code, 1)
