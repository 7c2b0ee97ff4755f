"""The writer never writes what a reader refuses (docs/format.md#limits).

Pieces at and around every limit (comment words and commands, ';' comments, tag lines,
nesting) go in by each way in: TGN text, JSON, the scoresheet. The three agree on what
they accept, and whatever is accepted is written as TGN and JSON that read back to the
same record, in both directions.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoscribe.notation import check, read_string, write_record
from ludoscribe.notation.jsonio import read_json, record_to_json, write_json
from ludoscribe.notation.limits import MAX_DEPTH, MAX_LINE, MAX_WORD
from ludoscribe.notation.recording.scoresheet import Scoresheet

from conftest import examples

TAGS = '[Game "Teblo"]\n[Event "Limits"]\n[Result "*"]\n'
# Characters of 1 to 4 bytes, and the two that the writer escapes in tag values.
CHARACTERS = st.sampled_from(["x", "é", "€", "😀", '"', "\\"])


def same_after_writing(record) -> dict:
    """Write an accepted record as TGN and as JSON; both read back to it. Its JSON form."""
    check(record)
    assert record.problems == []
    data = record_to_json(record)
    text = write_record(record)
    assert all(len(line.encode("utf-8")) <= MAX_LINE for line in text.split("\n"))
    [again] = read_string(text)
    check(again)
    assert again.problems == [] and record_to_json(again) == data
    assert write_record(again) == text
    buffer = io.StringIO()
    write_json([record], buffer)
    [from_json] = read_json(buffer.getvalue())
    check(from_json)
    assert from_json.problems == [] and record_to_json(from_json) == data
    return data


def json_document(comment: str, depth: int, tags: dict[str, str] | None = None) -> str:
    """A record whose comment sits after a turn `depth` variations deep."""
    line = [{"turn": "D4", "comments": [comment]}]
    for _ in range(depth):
        line = [{"turn": "D4", "variations": [line]}]
    record = {"tags": {"Game": "Teblo", "Event": "Limits", **(tags or {})}, "moves": line, "result": "*"}
    return json.dumps({"format": "tgn-json", "version": 1, "records": [record]}, ensure_ascii=False)


def tgn_text(comment: str, depth: int) -> str:
    """The same record in TGN, its comment on a line of its own."""
    return TAGS + "\n" + "1. D4 (" * depth + "1. D4\n{" + comment + "}\n" + ")" * depth + " *\n"


def messages(record) -> list[str]:
    return [problem.message for problem in record.problems]


@settings(max_examples=examples(10), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(character=CHARACTERS, offset=st.integers(-6, 6), depth=st.sampled_from([0, 1, 3, MAX_DEPTH - 1]),
       command=st.booleans(), words=st.integers(0, 2))
def test_a_long_comment_word_is_accepted_everywhere_or_nowhere(character, offset, depth, command, words):
    size = len(character.encode("utf-8"))
    word = character * ((MAX_WORD + offset) // size)
    if command:
        word = "[%mark " + word[7:] + "]"  # a command counts as one word, spaces included
    comment = " ".join(["short"] * words + [word] + ["short"] * words)
    fits = len(word.encode("utf-8")) <= MAX_WORD

    [from_json] = read_json(json_document(comment, depth))
    [from_tgn] = read_string(tgn_text(comment, depth))
    sheet = Scoresheet.new("teblo")
    assert sheet.add_turn("D4") is None
    refused = sheet.comment(comment)
    if fits:
        assert from_json.problems == [] and from_tgn.problems == [] and refused is None
        data = same_after_writing(from_json)
        assert same_after_writing(from_tgn) == data
        [saved] = read_string(sheet.text())
        assert same_after_writing(saved)["moves"][0]["comments"] == [comment]
    else:
        kind = "command" if command else "word"
        expected = f"bytes long, over the {MAX_WORD}-byte limit of one word"
        assert refused is not None and refused.startswith(f"a comment {kind} (") and refused.endswith(expected)
        assert messages(from_tgn) == [refused]
        assert messages(from_json) == [f"$.records[0].moves{'[0].variations[0]' * depth}[0].comments[0]: {refused}"]


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(character=CHARACTERS, offset=st.integers(-4, 4))
def test_a_comment_holding_a_closing_brace_fits_on_one_line(character, offset):
    """Such a comment is written after ';' up to the end of the line: it is never cut."""
    size = len(character.encode("utf-8"))
    comment = "}" + character * ((MAX_WORD - 3 + offset) // size)
    fits = len(comment.encode("utf-8")) + 2 <= MAX_WORD
    [from_json] = read_json(json_document(comment, 0))
    [from_tgn] = read_string(TAGS + "\n1. D4 ;" + comment + "\n*\n")
    sheet = Scoresheet.new("teblo")
    assert sheet.add_turn("D4") is None
    refused = sheet.comment(comment)
    if fits:
        assert refused is None
        assert same_after_writing(from_json) == same_after_writing(from_tgn)
    else:
        assert refused is not None and refused.startswith("a comment holding '}' is written on one line")
        assert messages(from_tgn) == [refused]
        assert messages(from_json) == [f"$.records[0].moves[0].comments[0]: {refused}"]


@pytest.mark.slow
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(character=CHARACTERS, offset=st.integers(-4, 4))
def test_a_tag_line_is_limited_as_it_is_written(character, offset):
    """Quotes and backslashes take two bytes once written: the limit counts them so."""
    escaped = 2 if character in '"\\' else len(character.encode("utf-8"))
    value = character * ((MAX_LINE - len('[Annotator ""]') + offset) // escaped)
    written = f'[Annotator "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'
    fits = len(written.encode("utf-8")) <= MAX_LINE
    [from_json] = read_json(json_document("c", 0, {"Annotator": value}))
    [from_tgn] = read_string(TAGS + written + "\n\n1. D4 *\n")
    sheet = Scoresheet.new("teblo")
    refused = sheet.set_tag("Annotator", value)
    if fits:
        assert refused is None
        assert same_after_writing(from_json)["tags"]["Annotator"] == value
        assert same_after_writing(from_tgn)["tags"]["Annotator"] == value
        [saved] = read_string(sheet.text())
        assert saved.tags["Annotator"] == value
    else:
        assert refused is not None and refused.startswith("tag Annotator is too long: its line would be")
        assert messages(from_json) == [f"$.records[0].tags.Annotator: {refused}"]
        assert messages(from_tgn) in ([refused], [f"line longer than {MAX_LINE} bytes"])


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
def test_a_long_comment_of_short_words_is_written_over_many_lines():
    comment = " ".join(["word"] * (MAX_LINE // 2))  # 2.5 MiB: over two lines' worth
    [record] = read_json(json_document(comment, 2))
    assert same_after_writing(record)["moves"][0]["variations"][0][0]["variations"][0][0]["comments"] == [comment]
