"""A record over a limit is reported with its problem, and reading resumes at the next
record's start, blank line or not; a line break is "\\n" or "\\r\\n" alike, so a CRLF line at
the limit reads as the LF one does (docs/format.md#limits)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoscribe.notation import read_string, reader
from ludoscribe.notation.limits import MAX_LINE, MAX_RECORD

from hostile_records import run_cli

from conftest import examples

HEAD = '[Game "Teblo"]\n[Result "*"]\n\n'
# every tag the writer writes: a record at the limit is written back in as many characters
FULL_HEAD = ('[Game "Teblo"]\n[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[Yellow "?"]\n[Red "?"]\n'
             '[Result "*"]\n\n')
NEXT = '[Game "Teblo"]\n[Event "Next"]\n[Result "*"]\n\n1. D4 H10 *\n'  # read and counted after the long one


# The words of the long comments: a hundred letters each, so that reading them costs little
# beside the megabytes to the limit; the limits count bytes and characters, whatever the words.
WORD = "w" * 99 + " "


def line_of(size: int) -> str:
    """A movetext line of `size` bytes: a turn, a comment of words, the result."""
    start, end = "1. D4 {", "} *"
    words = (WORD * (size // len(WORD) + 1))[: size - len(start) - len(end) - 1] + "c"
    return start + words + end


def record_over(limit: str, extra: int) -> tuple[str, int]:
    """A record `extra` characters over the line or the record limit (0: exactly at it), ending
    with its result; and the line of the problem if it is over."""
    if limit == "line":
        return HEAD + line_of(MAX_LINE + extra) + "\n", 4
    lines = [FULL_HEAD + "1. D4 {"]  # then a comment over many lines, to the record's size in characters
    line = WORD * 9 + WORD.strip()  # 999 characters and its line break
    size = len(lines[0]) + 1
    while size + 1000 + len("} *\n") <= MAX_RECORD + extra:
        lines.append(line)
        size += 1000
    lines.append("x" * (MAX_RECORD + extra - size - len("} *\n")) + "} *")
    text = "\n".join(lines) + "\n"
    assert len(text) == MAX_RECORD + extra
    return text, text.count("\n")  # the last line takes it over


def write(path, text: str, newline: str) -> None:
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))


CASES = [(limit, extra, blank, newline) for limit in ("line", "record") for extra in (0, 1)
         for blank in (False, True) for newline in ("\n", "\r\n")]


def case_id(limit: str, extra: int, blank: bool, newline: str) -> str:
    return (f"{limit} {'one over' if extra else 'at'} the limit, {'a blank line' if blank else 'no blank line'}, "
            f"{'CRLF' if newline == chr(13) + chr(10) else 'LF'}")


@pytest.mark.slow
@pytest.mark.parametrize("limit, extra, blank, newline", CASES, ids=[case_id(*case) for case in CASES])
def test_the_record_after_one_over_a_limit_is_read_and_counted(tmp_path, limit, extra, blank, newline):
    long, problem_line = record_over(limit, extra)
    path = tmp_path / "games.tgn"
    write(path, long + ("\n" if blank else "") + NEXT, newline)
    message = (f"{path}:{problem_line}:1: line longer than {MAX_LINE} bytes\n" if limit == "line"
               else f"{path}:{problem_line}:1: record longer than {MAX_RECORD} characters\n")

    checked = run_cli("check", path)
    if extra:
        assert (checked.exit_code, checked.stdout, checked.stderr) == (
            1, message, "checked 2 records in 1 file: 1 valid, 1 with problems\n")
    else:
        assert (checked.exit_code, checked.stdout, checked.stderr) == (0, "", "checked 2 records in 1 file: 2 valid\n")

    counted = run_cli("filter", path, "--tag", "Event=Next", "--count")  # the long record has no Event tag
    assert (counted.exit_code, counted.stdout) == (1 if extra else 0, "1\n")
    assert counted.stderr == (message if extra else "")

    converted = run_cli("convert", path, "--to", "json")
    records = json.loads(converted.stdout)["records"]
    assert [record["tags"].get("Event") for record in records] == (["Next"] if extra else ["?", "Next"])
    assert converted.exit_code == (1 if extra else 0)
    assert converted.stderr.startswith(message if extra else "")


def test_a_line_one_over_the_limit_is_refused_with_either_line_break():
    for newline in ("\n", "\r\n"):
        for extra in (0, 1):
            records = read_string((HEAD + line_of(MAX_LINE + extra) + "\n" + NEXT).replace("\n", newline))
            assert [[str(problem) for problem in record.problems] for record in records] == (
                [[f"4:1: line longer than {MAX_LINE} bytes"], []] if extra else [[], []]), (newline, extra)


def test_a_long_tag_line_keeps_the_tags_after_it_in_its_record():
    long_tag = '[Game "Teblo"]\n[Annotator "' + "a" * MAX_LINE + '"]\n[Result "*"]\n\n1. D4 *\n'
    for between in ("", "\n"):
        records = read_string(long_tag + between + NEXT)
        assert [[str(problem) for problem in record.problems] for record in records] == [
            [f"2:1: line longer than {MAX_LINE} bytes"], []]
        assert records[1].tags["Event"] == "Next"


def test_a_tag_line_in_the_rest_of_a_record_over_a_limit_starts_the_next_record():
    """What follows a line over the limit is not read, so a tag line at the start of a line
    there starts a record, even inside a comment."""
    text = HEAD + line_of(MAX_LINE + 1) + "\n{ a comment\n" + '[Site "Here"]\n' + "} 2. D5 *\n" + NEXT
    records = read_string(text)
    assert [[str(problem) for problem in record.problems] for record in records] == [
        [f"4:1: line longer than {MAX_LINE} bytes"],
        ["7:1: missing Game tag: it names the game (Teblo, Staku, Tektop, Tekao or TChako)"], []]
    assert records[2].tags["Event"] == "Next"


# --- any run of records, small limits: each record is cut where it starts ------------------

SMALL_LINE, SMALL_RECORD = 40, 160


def small_record(draw) -> tuple[list[str], bool]:
    """The lines of one record, and whether it is over a (small) limit."""
    lines = ['[Game "Teblo"]']
    if draw(st.booleans()):
        lines.append('[Event "' + "e" * draw(st.sampled_from([5, SMALL_LINE - 10, SMALL_LINE - 9])) + '"]')
    lines += ['[Result "*"]', ""]
    for _ in range(draw(st.integers(0, 4))):
        lines.append(draw(st.sampled_from(["1. D4 H10", "{a comment}", "{ " + "w " * 18 + "}",
                                           "{" + "x" * (SMALL_LINE - 2) + "}", "{" + "x" * (SMALL_LINE - 1) + "}"])))
    lines.append(draw(st.sampled_from(["*", "2. D5 *", "1. D4 {" + "y" * (SMALL_LINE - 10) + "} *"])))
    over = (max(len(line) for line in lines) > SMALL_LINE
            or sum(len(line) + 1 for line in lines) > SMALL_RECORD)
    return lines, over


@st.composite
def small_records(draw) -> tuple[bytes, list[bool]]:
    parts, overs = [], []
    for _ in range(draw(st.integers(1, 6))):
        lines, over = small_record(draw)
        newline = draw(st.sampled_from(["\n", "\r\n"]))
        parts.append(newline.join(lines) + newline + draw(st.sampled_from(["", "", newline, newline + "  " + newline])))
        overs.append(over)
    return "".join(parts).encode("utf-8"), overs


@pytest.fixture(scope="module")
def small_limits():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "MAX_LINE", SMALL_LINE)
        patch.setattr(reader, "MAX_RECORD", SMALL_RECORD)
        yield


@settings(max_examples=examples(300), deadline=None)
@given(small_records(), st.sampled_from([1, 7, 64, 1 << 16]))
def test_every_record_is_cut_where_it_starts_whatever_is_over_a_limit(small_limits, case, block):
    data, overs = case
    line_by_line = [(chunk.text, chunk.first_line, chunk.problem)
                    for chunk in reader.split_records(reader.read_lines(io.BytesIO(data)))]
    assert [problem is not None for _, _, problem in line_by_line] == overs
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(reader, "BLOCK", block)
        assert [(chunk.text, chunk.first_line, chunk.problem)
                for chunk in reader.split_stream(io.BytesIO(data))] == line_by_line
