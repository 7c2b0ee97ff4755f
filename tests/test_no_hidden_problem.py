"""No problem of a record hides another (docs/format.md#errors): a record read with problems
(a result unlike its Result tag, a tag written twice, text after the result, a mistake later
in the movetext) is still replayed as far as it was read, so its illegal turns are reported
too, for every game, from TGN and from JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_file, read_string

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
GAMES = ("teblo", "staku", "tektop", "tekao", "tchako")


def opening(game: str) -> tuple[str, str, str, str]:
    """The Game tag and the first two turns of a record of `game` in the corpus that starts from
    the usual start, and a third turn the rules refuse there (one of the record's turns)."""
    for path in sorted((CORPUS / game).glob("*.tgn")):
        for record in read_file(str(path)):
            if "SetUp" in record.tags or len(record.moves) < 3:
                continue
            check(record)
            turns = [record.rules.turn_text(node.turn) for node in record.moves]
            for third in turns:
                text = f'[Game "{record.tags["Game"]}"]\n[Result "*"]\n\n1. {turns[0]} {turns[1]} 2. {third} *\n'
                if codes(text) == ["illegal-turn"]:
                    return record.tags["Game"], turns[0], turns[1], third
    raise AssertionError(f"no record of {game} to start from")


def record_text(game: str, result_tag: str, movetext_end: str = "*", extra_tag: str = "") -> str:
    name, first, second, third = opening(game)
    return (f'[Game "{name}"]\n{extra_tag}[Result "{result_tag}"]\n\n'
            f"1. {first} {second} 2. {third} {movetext_end}\n")


def codes(text: str) -> list[str]:
    found = []
    for record in read_string(text):
        check(record)
        found += [str(problem.code) for problem in record.problems]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_turn_played_again_is_illegal(game):
    """What the other tests build on: the record, its Result tag right, has only the illegal turn."""
    assert codes(record_text(game, "*")) == ["illegal-turn"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind, text", [
    ("result", lambda game: record_text(game, "1-0")),
    ("tag", lambda game: record_text(game, "*", extra_tag='[Event "a"]\n[Event "b"]\n')),
    ("result", lambda game: record_text(game, "*", "* 3.")),
    ("result", lambda game: record_text(game, "*", "")),
])
def test_a_problem_of_reading_does_not_hide_an_illegal_turn(game, kind, text):
    assert sorted(codes(text(game))) == sorted([kind, "illegal-turn"])


def test_the_example_of_the_issue_reports_both_in_reading_order(tmp_path):
    path = tmp_path / "game.tgn"
    path.write_text('[Game "Teblo"]\n[Result "1-0"]\n\n1. D4 H10 2. D6 H9 3. D7 H8 *\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "-q", str(path)])
    assert result.exit_code == 1
    refused, result_differs = result.output.splitlines()
    assert refused.startswith(f"{path}:4:14: turn 2 Yellow: ")  # D6: what the rule says is asserted by code
    assert result_differs == f"{path}:4:29: turn 4 Yellow: the result * differs from the Result tag '1-0'"


@pytest.mark.parametrize("game", GAMES)
def test_json_input_reports_both(game, tmp_path):
    name, first, second, third = opening(game)
    document = {"format": "tgn-json", "version": 1, "records": [
        {"tags": {"Game": name, "Result": "1-0"}, "result": "*",
         "moves": [{"turn": first}, {"turn": second}, {"turn": third}]}]}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--json", str(path)])
    assert result.exit_code == 1
    assert sorted(problem["code"] for problem in json.loads(result.output)["problems"]) == ["illegal-turn", "json"]


def test_a_record_with_problems_is_still_not_replayed_for_its_pages():
    """check says None for it, as before: nothing is drawn or published from it."""
    record = read_string(record_text("teblo", "1-0"))[0]
    assert check(record) is None
