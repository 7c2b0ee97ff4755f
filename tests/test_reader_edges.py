"""Edges of the format: token boundaries, record splitting, escapes, wrapping, set-up checks."""

from __future__ import annotations

import pytest

from ludoscribe.notation import check, read_string, write_record
from ludoscribe.notation.games import BadSetUp, SetUpRefusal
from ludoscribe.notation.games.teblo import Teblo, TebloSetUp
from ludoscribe.notation.jsonio import read_json

HEAD = '[Game "Teblo"]\n[Result "*"]\n\n'


def test_turns_glued_together_are_one_bad_token():
    record = read_string(HEAD + "1. D4H10 *\n")[0]
    assert [str(p) for p in record.problems] == [
        "4:4: turn 1 Yellow: 'D4H10' is not a Teblo turn (a step like D4 or a placement like (H9))"]


def test_a_turn_may_carry_a_glyph_or_close_a_variation():
    record = read_string(HEAD + "1. D4! H10 (1... H10?) *\n")[0]
    assert not record.problems
    assert record.moves[0].nags == [1]


def test_a_record_with_tags_only_does_not_swallow_the_next():
    records = read_string('[Game "Teblo"]\n[Result "*"]\n\n' + HEAD + "1. D4 *\n")
    assert len(records) == 2
    assert [str(p) for p in records[0].problems] == [
        "2:13: turn 1 Yellow: the movetext must end with a result: 1-0, 0-1, 1/2-1/2 or *"]
    assert not records[1].problems


def test_only_quote_and_backslash_are_escaped_in_tag_values():
    record = read_string('[Game "Teblo"]\n[Path "C:\\new \\"dir\\" \\\\x"]\n[Result "*"]\n\n*\n')[0]
    assert record.tags["Path"] == 'C:\\new "dir" \\x'
    text = write_record(record)
    assert '[Path "C:\\\\new \\"dir\\" \\\\x"]' in text
    assert read_string(text)[0].tags["Path"] == record.tags["Path"]


def test_wrapping_never_splits_a_command():
    comment = "a long comment that goes on and on " * 2 + "[%clk 0:58:12] [%arrow D4-D8,H9-H5]"
    record = read_string(HEAD + f"1. D4 {{{comment}}} *\n")[0]
    text = write_record(record)
    assert "[%clk 0:58:12]" in text.replace("\n", " ") and all(len(line) < 80 for line in text.splitlines())
    assert all("[%clk" not in line or "[%clk 0:58:12]" in line for line in text.splitlines())
    assert read_string(text)[0].moves[0].comments == record.moves[0].comments


def test_a_set_up_position_must_obey_rule_c():
    open_side = "12/12/12/12/12/12/12/2y9/1y10/2y9/12/12 D3 I10 Y 1"  # E3, D2, C3: D4 still open
    assert Teblo().read_position(open_side).pieces[0].bit_count() == 3
    shut = "12/12/12/12/12/12/12/2y9/1y1y8/2y9/12/12 D3 I10 Y 1"  # E3, D2, D4, C3 round D3
    with pytest.raises(BadSetUp) as error:
        Teblo().read_position(shut)
    assert error.value.refusal == SetUpRefusal(TebloSetUp.PAWN_CUT_OFF, side="Red")


def test_json_rejects_unknown_keys_rather_than_losing_them():
    document = ('{"format": "tgn-json", "version": 1, "records": [{"tags": {"Game": "Teblo"}, '
                '"moves": [{"turn": "D4", "nag": [1]}], "result": "*"}]}')
    record = next(read_json(document))
    assert [p.message for p in record.problems] == [
        "$.records[0].moves[0]: unknown key 'nag' (known: before, comments, nags, turn, variations)"]


def test_illegal_record_keeps_turns_as_written_after_the_problem():
    record = read_string(HEAD + "1. D4 H10 2. D6 G10 *\n")[0]
    check(record)
    assert len(record.problems) == 1
    assert write_record(record).endswith("1. D4 H10 2. D6 G10 *\n")
