"""The T'Chako page's table of readings (docs/games/tchako.md, "Readings with checked
examples"): every row is played and says what the engine says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoscribe.notation.games.tchako import TChako

PAGE = Path(__file__).resolve().parent.parent / "docs" / "games" / "tchako.md"
SECTION = PAGE.read_text(encoding="utf-8").split("### Readings with checked examples")[1].split("\n### ")[0]
ROWS = [[cell.strip().strip("`") for cell in line.strip("|").split("|")]
        for line in SECTION.splitlines() if line.startswith("| ") and not line.startswith("| reading")]


def test_the_table_has_its_rows():
    assert len(ROWS) >= 12


@pytest.mark.parametrize("reading, mode, code, text, says", ROWS, ids=[row[0] for row in ROWS])
def test_reading(reading, mode, code, text, says):
    game = TChako("" if mode == "–" else mode)
    position = game.read_position(code)
    turn = game.read_turn(text)
    reason = game.why_illegal(position, turn)
    if re.fullmatch(r"\S+ \S+ [WB] \d+ \d+/\d+ \S+", says):
        assert reason is None
        assert game.position_code(game.apply(position, turn)) == says
    else:
        assert reason == says
