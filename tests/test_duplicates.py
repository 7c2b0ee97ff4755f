"""The same game read twice (a record beside its .json copy) is counted and published once
(docs/tournaments.md#the-same-game-read-twice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_string
from ludoscribe.notation.archive.duplicates import SeenGames, identity

EVENT = Path(__file__).parent.parent / "corpus" / "teblo" / "spring-quadrangular-2024.tgn"
GAME = """[Game "Teblo"]
[Event "Club night"]
[Yellow "Ana"]
[Red "Bo"]
[Result "*"]

1. D4 {quiet} H10 2. (H9)! G10 *
"""


def run(*args: str | Path):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def checked(text: str):
    [record] = read_string(text)
    check(record)
    assert not record.problems
    return record


@pytest.fixture
def folder(tmp_path) -> Path:
    """An event's records, and the JSON copy that `convert` made beside them."""
    (tmp_path / EVENT.name).write_bytes(EVENT.read_bytes())
    json_copy = tmp_path / (EVENT.stem + ".json")
    assert run("convert", EVENT, "--to", "json", "-o", json_copy).exit_code == 0
    return tmp_path


def test_annotations_do_not_make_another_game():
    plain = checked(GAME.replace("{quiet} ", "").replace("(H9)!", "(H9)"))
    assert identity(plain) == identity(checked(GAME))
    assert identity(plain) == identity(checked(GAME.replace("G10 *", "G10 (2... I10) *")))


@pytest.mark.parametrize("change", [
    ('[Red "Bo"]', '[Red "Bob"]'),  # another player
    ('[Result "*"]', '[Result "*"]\n[Round "2"]'),  # a tag more
    ("G10 *", "I10 *"),  # another turn
    ("G10 *", "G10 3. E4 *"),  # a turn more
])
def test_tags_and_turns_make_the_game(change):
    assert identity(checked(GAME)) != identity(checked(GAME.replace(*change)))


def test_missing_required_tags_count_as_unknown_like_in_the_json_copy():
    assert identity(checked(GAME)) == identity(checked(GAME.replace('[Result "*"]', '[Result "*"]\n[Site "?"]')))


def test_seen_games_say_where_the_game_was_first_read():
    seen = SeenGames()
    assert seen.copy_of("a.tgn", 1, checked(GAME)) is None
    assert seen.copy_of("a.json", 1, checked(GAME)) == ("a.tgn", 1)
    assert seen.copy_of("b.tgn", 3, checked(GAME.replace("G10 *", "I10 *"))) is None


def test_standings_count_a_game_and_its_copy_once(folder):
    alone = run("standings", EVENT)
    both = run("standings", folder)
    assert both.exit_code == 0
    assert both.stdout == alone.stdout
    json_copy, tgn = folder / (EVENT.stem + ".json"), folder / EVENT.name
    assert both.stderr.splitlines() == [
        f"{json_copy}: record {k} is the same game as {tgn}: record {k} (same tags and turns): counted once"
        for k in (1, 2, 3)]


def test_standings_count_two_games_between_the_same_players(tmp_path):
    """A return game is not a copy: its turns differ."""
    (tmp_path / "r1.tgn").write_text(GAME.replace("*", "1-0").replace("G10 1-0", "G10 3. E4 1-0"), encoding="utf-8")
    (tmp_path / "r2.tgn").write_text(GAME.replace("*", "1-0"), encoding="utf-8")
    result = run("standings", tmp_path, "--format", "csv")
    assert result.stderr == ""
    assert '"Club night","1","Ana","2","2","0","0","6"' in result.stdout  # two games, two wins


def test_site_publishes_a_game_and_its_copy_once(folder, tmp_path):
    result = run("site", folder, "-o", tmp_path / "site")
    assert result.exit_code == 0, result.output
    json_copy, tgn = folder / (EVENT.stem + ".json"), folder / EVENT.name
    for k in (1, 2, 3):
        assert (f"site: {json_copy}: record {k} is the same game as {tgn}: record {k} (same tags and turns): "
                "published once\n") in result.stderr  # the TGN record is the one published
    assert "site: 3 records read from 2 files, 3 read twice published once\n" in result.stderr
    assert len(list((tmp_path / "site" / "records").glob("*.html"))) == 3
