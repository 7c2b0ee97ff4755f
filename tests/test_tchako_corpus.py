"""The T'Chako corpus: every record checks clean, and when the engine says the game
ended its result is the engine's."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import checked

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "tchako"
FILES = sorted(CORPUS.glob("*.tgn"))
TAGS = ("Game", "Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination", "Annotator")


def test_the_corpus_has_its_games():
    assert len(FILES) >= 5


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_record_checks_clean_and_matches_the_engine(path):
    record, replayed = checked(path.read_text(encoding="utf-8"))
    assert record.problems == []
    assert all(record.tags.get(tag) for tag in TAGS)
    assert record.tags["Game"] == "TChako"
    if replayed.outcome is not None:
        assert replayed.outcome.result == record.tags["Result"]
        assert record.tags["Termination"] == "normal"
    else:
        assert record.tags["Termination"] == "resignation"


def test_the_corpus_covers_the_ways_to_end():
    reasons = set()
    variants = set()
    for path in FILES:
        record, replayed = checked(path.read_text(encoding="utf-8"))
        variants.add(record.tags.get("Variant", ""))
        if replayed.outcome is not None:
            reasons.add(replayed.outcome.ending)
    assert reasons & {"queen-hit", "no-queen", "anarchy"}  # t'chako
    assert any("king of the hill" in variant for variant in variants)
