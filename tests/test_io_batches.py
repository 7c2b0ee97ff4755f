"""Records handed to worker processes are bounded by their text, not by their number
(docs/cli.md#many-processes): however big the records, the text read ahead of the
answers never exceeds the bound. Checked by counting the characters handed out, not by
measuring memory."""

from __future__ import annotations

from io import BytesIO

import pytest

from ludoscribe.notation import read_records
from ludoscribe.notation.archive import parallel
from ludoscribe.notation.generate import random_text
from ludoscribe.notation.archive.stats import counts

BATCH_TEXT = 4096  # characters of a batch, small here so that a few hundred records fill many


def big_records(count: int, comment: int) -> str:
    """`count` Teblo records, each carrying a comment of `comment` characters."""
    words = ("a long note " * (comment // 12 + 1))[:comment]
    return "\n".join(f'[Game "Teblo"]\n[Round "{number}"]\n[Result "*"]\n\n{{{words}}} 1. D4 H10 *\n'
                     for number in range(1, count + 1))


# The records of each case, made when the case runs rather than when the tests are collected.
TEXTS = {"small": lambda: random_text("Teblo", 300, seed=2, max_turns=60),
         "bigger-than-a-batch": lambda: big_records(40, 3 * BATCH_TEXT),
         "mixed": lambda: big_records(200, BATCH_TEXT // 3)}


@pytest.mark.parametrize("case", TEXTS)
def test_text_read_ahead_of_the_answers_stays_within_the_bound(monkeypatch, case):
    text = TEXTS[case]()
    monkeypatch.setattr(parallel, "BATCH_TEXT", BATCH_TEXT, raising=False)
    records = list(read_records(BytesIO(text.encode("utf-8")), "games.tgn", moves=False))
    sizes = [len(record.source.text) for record in records]
    read = answered = most = 0

    def entries():
        nonlocal read
        for record in records:
            read += len(record.source.text)
            yield record

    jobs = 2
    for record, counted in counts(entries(), lambda record: record, 2, jobs):
        most = max(most, read - answered)  # read, handed out, and not answered yet
        answered += len(record.source.text)
        assert counted is not None and not record.problems
    assert read == answered == sum(sizes)
    assert most <= parallel.AHEAD * jobs * BATCH_TEXT + max(sizes)
    assert sum(sizes) > 2 * (parallel.AHEAD * jobs * BATCH_TEXT + max(sizes))  # the bound is what holds it back
