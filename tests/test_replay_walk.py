"""Replaying a record is a visitor of the one walk (docs/contributing.md#one-walk-over-a-record):
problems come in reading order, one replay can carry another visitor, and the site
plays each turn of a record once."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from publish_records import ENGINES, random_record

from ludoscribe.notation import check, read_file, read_string
from ludoscribe.notation.games import game_class
from ludoscribe.notation.generate import random_record as generated
from ludoscribe.notation.replay import positions
from ludoscribe.notation.recording.scoresheet import Scoresheet
from ludoscribe.notation.writer import write_record
from ludoscribe.render.turn_tree import TreeBuilder, walk
from ludoscribe.render.site import build_site

CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def teblo(moves: str, result: str = "*") -> str:
    return f'[Game "Teblo"]\n[Yellow "A"]\n[Red "B"]\n[Result "{result}"]\n\n{moves} {result}\n'


def test_problems_of_lines_and_their_variations_come_in_reading_order():
    record = read_string(teblo("1. D4 H10 2. D8 (2. D6 (2. D5 2... H2) 2... (E5)) 2... G10"))[0]
    check(record)
    assert [(problem.line, problem.column, problem.code) for problem in record.problems] == [
        (6, 14, "illegal-turn"), (6, 21, "illegal-turn"), (6, 36, "illegal-turn")]
    assert [problem.detail["refusal"]["to"] for problem in record.problems] == ["D8", "D6", "H2"]


def test_a_variation_of_a_refused_turn_starts_before_it_and_is_checked():
    record = read_string(teblo("1. D4 H10 2. D8 (2. D5 H9 3. D6) 2... G10"))[0]
    check(record)
    assert [problem.detail["refusal"]["to"] for problem in record.problems] == ["D8"]


def test_the_main_line_goes_on_after_a_variation_from_the_position_before_it():
    record = read_string(teblo("1. D4 H10 2. D5 (2. E4 H9 3. E5 (3. F4)) 2... H9 3. D6"))[0]
    replayed = check(record)
    assert not record.problems
    final = read_string(teblo("1. D4 H10 2. D5 H9 3. D6"))[0]
    assert replayed is not None and replayed.final == check(final).final
    assert [game_class("Teblo")().turn_text(turn) for _, turn in replayed.history.turns] == ["D4", "H10", "D5", "H9", "D6"]


@pytest.mark.parametrize("game", ENGINES)
def test_a_turn_after_the_end_is_refused_in_a_variation_too(game):
    rng = random.Random(5)
    ended = next(record for record in iter(lambda: generated(game, rng, max_turns=400), None) if record.result != "*")
    rules = ended.game
    texts = [rules.turn_text(node.turn) for node in ended.moves]
    one_more = texts[-2]  # any turn text will do: the game is over before it
    text = write_record(ended)
    body = text[text.index("\n\n") + 2:]
    last = body.rindex(texts[-1])
    variation = f" ({label_of(ended, len(texts))} {texts[-1]} {one_more})"
    cut = last + len(texts[-1])
    record = read_string(text[:text.index("\n\n") + 2] + body[:cut] + variation + body[cut:])[0]
    check(record)
    assert [(problem.code, problem.detail) for problem in record.problems] == [
        ("game-over", {"ending": check(ended).outcome.as_json()})]


def label_of(record, ply: int) -> str:
    """The number written before the record's `ply`-th main-line turn: '12.' or '12...'."""
    index = record.start.side + ply - 1
    return f"{record.start.number + index // 2}." + (".." if index % 2 else "")


@pytest.mark.parametrize("path", sorted(CORPUS.rglob("*.tgn")), ids=lambda path: path.stem)
def test_the_tree_built_while_checking_is_the_tree_built_by_walking(path):
    records = list(read_file(str(path)))
    assert len(records) == path.read_text(encoding="utf-8").count("[Game ")
    for record in records:
        builder = TreeBuilder(record)
        check(record, then=builder)
        assert not record.problems
        walked = walk(record)
        built = builder.tree
        assert [(e.label, e.parent, e.next) for e in built.entries] == [(e.label, e.parent, e.next) for e in walked.entries]
        assert [e.after for e in built.entries] == [e.after for e in walked.entries]
        assert built.main_line() == [position for _, position in positions(record)]


def test_a_record_with_a_problem_stops_feeding_the_carried_visitor():
    record = read_string(teblo("1. D4 H10 2. D8 2... H9"))[0]
    builder = TreeBuilder(record)
    check(record, then=builder)
    assert len(record.problems) == 1
    assert [entry.label for entry in builder.tree.entries] == ["Start", "1. D4", "1... H10"]


def test_resuming_a_scoresheet_takes_the_main_line_from_the_replay(tmp_path):
    path = tmp_path / "sheet.tgn"
    path.write_text(teblo("1. D4 H10 2. D5 (2. E4 H9) 2... H9"), encoding="utf-8")
    sheet = Scoresheet.resume(str(path))
    assert sheet.label() == "turn 3 Yellow"
    assert len(sheet.history) == 4
    assert sheet.add_turn("D6") is None
    assert sheet.add_turn("D8") is not None


def test_the_site_plays_each_turn_of_a_record_once(tmp_path, monkeypatch):
    sources = tmp_path / "in"
    sources.mkdir()
    turns = 0
    for number, game in enumerate(ENGINES):
        text = random_record(game, 12, number, variation=True)
        (sources / f"{number}.tgn").write_text(text, encoding="utf-8")
        record = read_string(text)[0]
        check(record)
        assert not record.problems
        turns += len(walk(record).entries) - 1  # every turn of every line
    played: list[str] = []  # the calls of play, and of apply outside play
    inside: list[bool] = []
    for game in ENGINES:
        rules = type(game_class(game)())
        play, apply = rules.play, rules.apply

        def counted_play(self, *args, _play=play, _game=game):
            played.append(f"{_game}.play")
            inside.append(True)
            try:
                return _play(self, *args)
            finally:
                inside.pop()

        def counted_apply(self, *args, _apply=apply, _game=game):
            if not inside:
                played.append(f"{_game}.apply")
            return _apply(self, *args)

        monkeypatch.setattr(rules, "play", counted_play)
        monkeypatch.setattr(rules, "apply", counted_apply)
    build_site([str(sources)], tmp_path / "site", jobs=1)
    assert sorted(set(played)) == sorted(f"{game}.play" for game in ENGINES)
    assert len(played) == turns
