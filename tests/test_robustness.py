"""Bad input at the library level: each mistake gives exactly one clear Problem with a
line and a column, reading never raises, the next record is still read, and memory
stays bounded whatever the file's size."""

from __future__ import annotations

import io
import random
import tracemalloc

import pytest

from conftest import header
from ludoscribe.notation import check, read_file, read_records
from ludoscribe.notation.games.teblo import Teblo
from ludoscribe.notation.limits import MAX_LINE, MAX_RECORD, MAX_WORD

TAGS = b'[Game "Teblo"]\n[Result "*"]\n\n'  # movetext starts on the record's line 4
GOOD = TAGS + b"1. D4 H10 *\n"


def read_bytes(data: bytes) -> list:
    records = list(read_records(io.BytesIO(data), "bytes.tgn"))
    for record in records:
        check(record)  # never raises either
    return records


def read_path(tmp_path, data: bytes) -> list:
    path = tmp_path / "input.tgn"
    path.write_bytes(data)
    records = list(read_file(path))
    for record in records:
        check(record)
    assert {record.source.name for record in records} == {str(path)}
    return records


@pytest.fixture(params=["stream", "file"])
def read(request, tmp_path):
    """Read bytes through read_records on a stream, or through read_file on a file."""
    if request.param == "stream":
        return read_bytes
    return lambda data: read_path(tmp_path, data)


def single_problem_then_good(read, bad: bytes) -> tuple:
    """Read `bad` followed by a good record; the bad one has one problem, the good one none."""
    records = read(bad + b"\n" + GOOD)
    assert len(records) == 2
    assert len(records[0].problems) == 1, records[0].problems
    assert records[1].problems == []
    assert [Teblo().turn_text(node.turn) for node in records[1].moves] == ["D4", "H10"]
    problem = records[0].problems[0]
    assert problem.line is not None and problem.column is not None
    return tuple(problem)


def test_not_utf8(read):
    assert single_problem_then_good(read, TAGS + b"1. D4 \xff H10 *\n") == (
        "not UTF-8 text (byte 0xff)", 4, 7, None)


def test_not_utf8_column_counts_characters(read):
    assert single_problem_then_good(read, TAGS + "1. D4 {é€} ".encode() + b"\xe9t\xe9 *\n") == (
        "not UTF-8 text (byte 0xe9)", 4, 12, None)


def test_not_utf8_in_a_tag(read):
    assert single_problem_then_good(read, b'[Game "Teblo"]\n[Event "caf\xe9"]\n[Result "*"]\n\n1. D4 *\n') == (
        "not UTF-8 text (byte 0xe9)", 2, 12, None)


def test_not_utf8_line_ending_the_record(read):
    # No blank line before the next record: the result at the end of the bad line still ends it.
    records = read(TAGS + b"1. D4 \x80 *\n" + GOOD)
    assert [[tuple(p) for p in record.problems] for record in records] == [
        [("not UTF-8 text (byte 0x80)", 4, 7, None)], []]


def first_bad_line(data: bytes) -> tuple[int, int, int]:
    """Line, column and value of the first byte that is not UTF-8, found line by line."""
    for number, line in enumerate(data.split(b"\n"), 1):
        try:
            line.decode("utf-8")
        except UnicodeDecodeError as error:
            return number, len(line[: error.start].decode("utf-8", "replace")) + 1, line[error.start]
    raise AssertionError("the junk is valid UTF-8")


def test_binary_junk(read):
    junk = random.Random(1).randbytes(200_000)
    line, column, byte = first_bad_line(junk)
    assert single_problem_then_good(read, junk + b"\n") == (f"not UTF-8 text (byte 0x{byte:02x})", line, column, None)


@pytest.mark.parametrize("seed", range(5))
def test_binary_junk_never_raises(seed):
    junk = random.Random(seed).randbytes(50_000)
    for records in (read_bytes(junk), read_bytes(TAGS + junk), read_bytes(GOOD + b"\n" + junk)):
        assert records and all(record.problems for record in records[-1:])
        for record in records:
            for problem in record.problems:
                assert problem.line is not None and problem.column is not None


def test_unclosed_comment(read):
    assert single_problem_then_good(read, TAGS + b"1. D4 H10 {never closed\n2. D5 *\n") == (
        "comment not closed: '{' has no matching '}' in this record", 4, 11, "turn 2 Yellow")


def test_unclosed_variation(read):
    assert single_problem_then_good(read, TAGS + b"1. D4 H10 (1... I11\n2. D5\n") == (
        "the variation opened at line 4 column 11 is not closed", 4, 11, "turn 2 Red")


def test_unclosed_variation_before_the_result(read):
    assert single_problem_then_good(read, TAGS + b"1. D4 H10\n(1... I11 2. D5 *\n") == (
        "the variation opened at line 5 column 1 is not closed", 5, 17, "turn 2 Red")


def test_ten_thousand_nested_variations_on_one_line(read):
    deep = TAGS + b"1. D4 " + b"(1. D4 " * 10_000 + b")" * 10_000 + b" *\n"
    assert single_problem_then_good(read, deep) == (
        "variations nested more than 100 deep", 4, 7 + 7 * 100, "turn 1 Red")


def test_ten_thousand_nested_variations_on_many_lines(read):
    deep = TAGS + b"1. D4\n" + b"(1. D4\n" * 10_000 + b")\n" * 10_000 + b"*\n"
    assert single_problem_then_good(read, deep) == (
        "variations nested more than 100 deep", 4 + 101, 1, "turn 1 Red")


def test_unknown_game(read):
    assert single_problem_then_good(read, b'[Event "x"]\n[Game "Go"]\n[Result "*"]\n\n1. D4 *\n') == (
        "unknown game 'Go' (the Game tag is one of Teblo, Staku, Tektop, Tekao, TChako)", 2, 1, None)


def test_missing_result_tag(read):
    assert single_problem_then_good(read, b'[Game "Teblo"]\n\n1. D4 H10 *\n') == (
        "missing Result tag (it must equal the result at the end of the movetext)", 3, 1, None)


def test_missing_result_token(read):
    assert single_problem_then_good(read, TAGS + b"1. D4 H10\n2. D5\n") == (
        "the movetext must end with a result: 1-0, 0-1, 1/2-1/2 or *", 5, 6, "turn 2 Red")


def test_line_longer_than_one_mebibyte(read):
    long_comment = b"1. D4 {" + b"x" * (MAX_LINE + 10) + b"} H10 *\n"
    assert single_problem_then_good(read, TAGS + long_comment) == (
        f"line longer than {MAX_LINE} bytes", 4, 1, None)


def test_line_of_exactly_the_limit_is_read(read):
    words = b" ".join([b"x" * 999] * (MAX_LINE // 1000))
    text = b"1. D4 {" + words + b" " + b"y" * (MAX_LINE - len(b"1. D4 { } *") - len(words)) + b"} *"
    assert len(text) == MAX_LINE
    records = read(TAGS + text + b"\n" + b"\n" + GOOD)
    assert [record.problems for record in records] == [[], []]
    records = read(TAGS + text + b"x\n" + b"\n" + GOOD)
    assert [[tuple(p) for p in record.problems] for record in records] == [
        [(f"line longer than {MAX_LINE} bytes", 4, 1, None)], []]


def test_a_word_is_refused_over_its_limit_even_on_a_line_within_the_limit(read):
    """The writer keeps a word on one line, with room beside it (docs/format.md#limits)."""
    word = b"[%draw " + b"x" * (MAX_WORD - len(b"[%draw ]")) + b"]"
    assert len(word) == MAX_WORD
    assert [record.problems for record in read(TAGS + b"1. D4 {" + word + b"} *\n\n" + GOOD)] == [[], []]
    assert single_problem_then_good(read, TAGS + b"1. D4 {" + word + b"x} *\n") == (
        f"a comment command ('[%draw xxxxxxxxxxxxxx...') is {MAX_WORD + 1} bytes long, over the "
        f"{MAX_WORD}-byte limit of one word", 4, 7, "turn 1 Red")


def test_long_line_in_the_tags(read):
    tags = b'[Game "Teblo"]\n[Event "' + b"e" * (MAX_LINE + 1) + b'"]\n[Result "*"]\n\n1. D4 *\n'
    assert single_problem_then_good(read, tags) == (f"line longer than {MAX_LINE} bytes", 2, 1, None)


def test_record_longer_than_the_limit():
    text = TAGS + b"{" + b"\n".join([b"a comment line" + b"." * 50] * (MAX_RECORD // 60 + 10)) + b"} *\n"
    size = 0  # characters of the record so far, each line with its newline
    for over, line in enumerate(text.split(b"\n"), 1):  # noqa: B007 - `over`, the line past the limit, is read after
        size += len(line) + 1
        if size > MAX_RECORD:
            break
    records = read_bytes(text + b"\n" + GOOD)
    assert [[tuple(p) for p in record.problems] for record in records] == [
        [(f"record longer than {MAX_RECORD} characters", over, 1, None)], []]


def test_empty_and_blank_inputs():
    assert read_bytes(b"") == []
    assert read_bytes(b"\n\n  \n\r\n") == []


def test_text_that_is_not_a_record(read):
    assert single_problem_then_good(read, b"hello world\n") == (
        "missing Game tag: it names the game (Teblo, Staku, Tektop, Tekao or TChako)", 1, 1, None)


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        list(read_file(tmp_path / "absent.tgn"))


# --- bounded memory ---------------------------------------------------------------------------


def big_file(path) -> int:
    """Write a ~5 MB file of legal records; return how many."""
    game, rng = Teblo(), random.Random(3)
    count = 0
    with open(path, "w", encoding="utf-8") as out:
        while out.tell() < 5_000_000:
            position, turns = game.start_position(), []
            for _ in range(rng.randrange(20, 120)):
                turn = game.random_turn(position, rng)
                after = game.apply(position, turn)
                if game.outcome(after) is not None:  # the records go on: a game that would end stops before
                    break
                turns.append(game.turn_text(turn))
                position = after
            comment = " ".join(f"note{rng.randrange(10 ** 6)}" for _ in range(rng.randrange(1000, 8000)))
            movetext = " ".join(f"{i // 2 + 1}. {t}" if i % 2 == 0 else t for i, t in enumerate(turns))
            out.write(header(Round=str(count)) + "{" + comment + "}\n" + movetext + " *\n\n")
            count += 1
    return count


@pytest.mark.slow
def test_memory_stays_bounded(tmp_path):
    path = tmp_path / "big.tgn"
    count = big_file(path)
    size = path.stat().st_size
    assert size > 5_000_000
    next(iter(read_file(path)))  # build the grammar before measuring
    tracemalloc.start()
    try:
        seen = 0
        for record in read_file(path):
            assert check(record) is not None and record.problems == []
            assert record.tags["Round"] == str(seen)
            seen += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert seen == count
    assert peak < 2_000_000 < size
