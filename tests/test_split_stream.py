"""Cutting a stream into records a block at a time (reader.split_stream) gives exactly what
reading it line by line gives (reader.split_records over read_lines), clean or not
(docs/format.md#limits for the limits)."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoscribe.notation import reader

from conftest import examples

PIECES = [
    b'[Game "Teblo"]\n', b'[Event "Club \\"night\\""]  \n', b'[Result "1-0"]\r\n', b"\n", b"  \n", b"\t\r\n",
    b"1. D4 H10 1-0\n", b"1. D4 {a comment\n", b"ends here} 1/2-1/2  \n", b"2. E5 *\n", b"0-1", b"x1-0\n",
    b"\xef\xbb\xbf", b"\xff\xfe broken\n", b"caf\xc3\xa9 \xc3\n", b"\r", b"\r\n", b"\x85 \xe2\x80\xa8\n",
    b"A" * 50 + b"\n", b"B" * 30, b"[NotATag]\n", b'[Round "3"] 1-0\n', b"{ [Site \"x\"] }\n",
]


def line_by_line(data: bytes) -> list[tuple[str, int, object]]:
    return [(chunk.text, chunk.first_line, chunk.problem)
            for chunk in reader.split_records(reader.read_lines(io.BytesIO(data)))]


def by_blocks(data: bytes) -> list[tuple[str, int, object]]:
    return [(chunk.text, chunk.first_line, chunk.problem) for chunk in reader.split_stream(io.BytesIO(data))]


class Trickle(io.RawIOBase):
    """A stream that hands out a few bytes per read, as a pipe may."""

    def __init__(self, data: bytes, step: int) -> None:
        self.data, self.step = data, step

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        size = min(len(buffer), self.step, len(self.data))
        buffer[:size], self.data = self.data[:size], self.data[size:]
        return size


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=40), st.sampled_from([1, 2, 3, 5, 16, 1 << 20]),
       st.booleans())
def test_blocks_cut_a_stream_as_lines_do(pieces, block, small_limits):
    data = b"".join(pieces)
    patch = {"BLOCK": block}
    if small_limits:
        patch |= {"MAX_LINE": 40, "MAX_RECORD": 120}
    saved = {name: getattr(reader, name) for name in patch}
    try:
        for name, value in patch.items():
            setattr(reader, name, value)
        expected = line_by_line(data)
        assert by_blocks(data) == expected
        trickled = [(chunk.text, chunk.first_line, chunk.problem)
                    for chunk in reader.split_stream(io.BufferedReader(Trickle(data, 7), buffer_size=8))]
        assert trickled == expected
    finally:
        for name, value in saved.items():
            setattr(reader, name, value)


def test_a_big_clean_file_is_cut_into_its_records():
    record = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 *\n'
    data = ("\n" + "\n".join([record] * 3000)).encode()
    chunks = list(reader.split_stream(io.BytesIO(data)))
    assert len(chunks) == 3000 and chunks[0].first_line == 2 and chunks[1].first_line == 7
    assert [(c.text, c.first_line, c.problem) for c in chunks] == line_by_line(data)
