"""The SQL of docs/archive.md#columnar-export runs in DuckDB over a Parquet folder exported from
the corpus, and each query answers what the command in its first line answers."""

from __future__ import annotations

import json
import re
import shlex
from collections import Counter
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.games import display_name
from ludoscribe.notation.archive.parquet import export
from ludoscribe.notation.archive.sources import Sources

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```sql\n(.*?)^```$", re.DOTALL | re.MULTILINE)
QUERIES = BLOCK.findall((ROOT / "docs" / "archive.md").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def database(tmp_path_factory):
    """A DuckDB connection in a folder holding `archive`, the corpus exported, with the page's views."""
    folder = tmp_path_factory.mktemp("sql")
    assert export(Sources([str(ROOT / "corpus")]), folder / "archive").records == 31
    connection = duckdb.connect()
    connection.execute(f"SET file_search_path = '{folder}'")
    connection.execute(QUERIES[0])
    return folder, connection


def answer(folder: Path, command: str) -> str:
    args = shlex.split(command)
    assert args[:2] in (["ludoscribe", "filter"], ["ludoscribe", "stats"]) and args[2] == "archive"
    result = CliRunner().invoke(cli, [args[1], str(folder / "archive"), *args[3:]])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_the_page_has_views_and_queries():
    assert QUERIES[0].startswith("CREATE VIEW games") and len(QUERIES) >= 8


@pytest.mark.parametrize("query", QUERIES[1:], ids=lambda query: query.splitlines()[0][3:])
def test_each_query_answers_as_its_command(database, query):
    folder, connection = database
    command = query.splitlines()[0].removeprefix("-- ")
    rows = connection.execute(query).fetchall()
    if "--count" in command:
        assert rows == [(int(answer(folder, command)),)]
        assert rows[0][0] > 0  # a question that finds something
        return
    assert command == "ludoscribe stats archive: the results of each game"
    figures = json.loads(answer(folder, "ludoscribe stats archive --format json"))["games"]
    per_game: Counter[tuple[str, str]] = Counter()  # stats counts each variant apart: its groups added up
    for each in figures.values():
        per_game.update({(each["game"], result): records for result, records in each["results"].items()})
    expected = sorted((game, result, records) for (game, result), records in per_game.items() if records)
    assert len(figures) > len({each["game"] for each in figures.values()})  # some game has groups to add up
    assert sorted((display_name(game), result, records) for game, result, records in rows) == expected


PAGE = (ROOT / "docs" / "archive.md").read_text(encoding="utf-8")


def test_the_extra_the_page_names_installs_duckdb():
    import tomllib

    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    named = re.search(r"pip install 'ludoscribe\[([a-z,]+)\]'\` \(or DuckDB", PAGE)
    assert named is not None, "the SQL section says which extra installs DuckDB"
    assert any(requirement.startswith("duckdb") for extra in named.group(1).split(",") for requirement in extras[extra])


@pytest.mark.parametrize("column, tag", [("variant", "Variant"), ("event", "Event"), ("site", "Site"),
                                         ("round", "Round"), ("date_text", "Date")])
def test_a_missing_tag_is_null_as_the_schema_says(tmp_path, column, tag):
    row = next(line for line in PAGE.splitlines() if line.startswith("| `") and f"`{column}`" in line.split("|")[1])
    assert "null" in row and "empty when missing" not in row and "empty without" not in row
    (tmp_path / "bare.tgn").write_text('[Game "Teblo"]\n[Result "*"]\n\n1. D4 *\n', encoding="utf-8")
    export(Sources([str(tmp_path / "bare.tgn")]), tmp_path / "archive")
    connection = duckdb.connect()
    found = connection.execute(f"SELECT {column} IS NULL, {column} = '' FROM read_parquet("
                               f"'{tmp_path}/archive/games/**/*.parquet', hive_partitioning = true)").fetchall()
    assert found == [(True, None)]


def test_a_folder_holds_only_the_records_without_problems_and_the_page_says_what_that_changes(tmp_path):
    event = (ROOT / "corpus" / "teblo" / "spring-quadrangular-2024.tgn").read_text(encoding="utf-8")
    (tmp_path / "club.tgn").write_text(event + '\n[Game "Teblo"]\n[Result "*"]\n\n1. D4 D4 *\n', encoding="utf-8")
    export(Sources([str(tmp_path / "club.tgn")]), tmp_path / "archive")
    files = CliRunner().invoke(cli, ["filter", str(tmp_path / "club.tgn"), "--turns", "0..", "--count"])
    folder = CliRunner().invoke(cli, ["filter", str(tmp_path / "archive"), "--turns", "0..", "--count"])
    assert (files.exit_code, files.stdout, folder.exit_code, folder.stdout, folder.stderr) == (1, "3\n", 0, "3\n", "")
    assert "without the problem lines and with exit status 0 where the files" in " ".join(PAGE.split())
