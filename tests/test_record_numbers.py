"""Turn numbers as a record writes them: `record` takes a turn typed after its number, as PGN
users do (`2... I10`, `3.D6`), when it is this turn's number, and refuses another with the
reader's words (docs/cli.md#record); Markdown writes a second side's number only where
readers see something between the two turns of a number, as PGN does (docs/publishing.md#one-record)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoscribe.notation import check, read_file, read_string
from ludoscribe.notation.recording.scoresheet import Scoresheet
from ludoscribe.render.document import render_markdown

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def main_line(game: str) -> tuple[str, list[str]]:
    """A record of `game` from the usual start: its Game tag and its main line's turns."""
    for path in sorted((CORPUS / game).glob("*.tgn")):
        for record in read_file(str(path)):
            if "SetUp" not in record.tags and "Variant" not in record.tags and len(record.moves) >= 4:
                check(record)
                return record.tags["Game"], [record.rules.turn_text(node.turn) for node in record.moves]
    raise AssertionError(game)


@pytest.mark.parametrize("game", ("teblo", "staku", "tektop", "tekao", "tchako"))
def test_a_turn_typed_after_its_number_is_recorded(game):
    name, turns = main_line(game)
    sheet = Scoresheet.new(name)
    for index, turn in enumerate(turns[:6]):
        number = sheet.position.number
        written = f"{number}. {turn}" if index % 4 == 0 else f"{number}... {turn}" if index % 4 == 1 else (
            f"{number}.{turn}" if sheet.position.side == 0 else f"{number}...{turn}")
        if index % 4 == 3:
            written = turn  # without its number, as before
        assert sheet.add_turn(written) is None, (written, sheet.add_turn(written))
    assert [sheet.game.turn_text(node.turn) for node in sheet.record.moves] == turns[:6]


def test_a_wrong_number_is_refused_with_the_readers_words():
    sheet = Scoresheet.new("teblo")
    assert sheet.add_turn("1. D4") is None
    assert sheet.add_turn("1. H10") == "turn number 1. does not fit: this turn is 1..."
    assert sheet.add_turn("2... H10") == "turn number 2... does not fit: this turn is 1..."
    assert sheet.add_turn("9" * 40 + "... H10") == "turn number 999999999999999999999... does not fit: this turn is 1..."
    assert sheet.add_turn("1... Z99") == "'Z99' is not a Teblo turn (a step like D4 or a placement like (H9))"
    assert len(sheet.record.moves) == 1
    assert sheet.add_turn("01... H10") is None
    assert sheet.add_turn("2 . D5") is not None  # a number is written as in a record: digits, then its dots


def moves_of(text: str) -> str:
    record = read_string(text)[0]
    markdown, _ = render_markdown(record, check(record), lambda n: f"g-{n}.svg")
    return markdown.split("## Moves\n\n", 1)[1].split("\n\n## Result", 1)[0]


def test_markdown_numbers_a_second_sides_turn_only_after_what_readers_see():
    """Commands are left out of what readers see ([%clk], [%mark]): no number after them; a
    comment, a variation, a diagram or a comment before the turn still bring it."""
    head = '[Game "Teblo"]\n[Result "*"]\n\n'
    assert moves_of(head + "1. D4 {[%clk 0:59:00]} 1... H10 {[%clk 0:58:00]} 2. D5 {[%mark D5]} I10 *\n") == (
        "1\\. D4 H10 2. D5 I10")
    assert moves_of(head + "1. D4 {Ann thinks} H10 2. D5 (2. D3 {or this} 2... I10) 2... I10 3. D6 "
                    "{[%diagram]} I9 4. D7 4... {before} I8 *\n") == (
        "1\\. D4 *Ann thinks* 1... H10 2. D5\n\n> 2\\. D3 *or this* 2... I10\n\n2\\... I10 3. D6\n\n"
        "![After 3. D6](g-7.svg)\n\n3\\... I9 4. D7 4... *before* I8")
