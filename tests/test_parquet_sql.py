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
from ludoscribe.notation.parquet import export
from ludoscribe.notation.sources import Sources

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
