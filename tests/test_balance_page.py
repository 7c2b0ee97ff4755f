"""docs/balance.md as a designer follows it: its commands run as shown (with fewer games),
its SQL answers what `stats` answers on the folders they write, and every score, interval
and difference it quotes is what its own counts give, worked out here another way."""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from score_bounds import bounds_by_bisection

ROOT = Path(__file__).resolve().parent.parent
# The page's worked example, before its ladder of players and its sequential test (those have their
# own tests: tests/test_mcts.py, tests/test_sprt.py, tests/test_generate_pairs.py).
PAGE = (ROOT / "docs" / "balance.md").read_text(encoding="utf-8").split("\n## A ladder of players\n")[0]
BIN = Path(sys.executable).parent
BLOCKS = re.findall(r"^```(\w*)\n(.*?)^```$", PAGE, re.DOTALL | re.MULTILINE)
COMMANDS = [line for lang, body in BLOCKS if lang == "sh" for line in body.splitlines() if line.strip()]
GAMES = 24  # instead of the page's 2000


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """The page's commands run in a fresh folder with GAMES games a set of rules: (folder, outputs)."""
    folder = tmp_path_factory.mktemp("balance")
    environment = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    outputs = []
    for command in COMMANDS:
        done = subprocess.run(["bash", "-c", command.replace("--count 2000", f"--count {GAMES}")], cwd=folder,
                              env=environment, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (command, done.stderr)
        outputs.append(done.stdout)
    return folder, outputs


def test_the_page_plays_both_sets_of_rules_and_counts_them_in_one_command():
    assert [command.split()[:2] for command in COMMANDS] == [["ludoscribe", "generate"]] * 2 + [["ludoscribe", "stats"]]
    assert all("--count 2000" in command for command in COMMANDS[:2])
    assert "--variant Staku-2" in COMMANDS[1] and "--variant" not in COMMANDS[0]


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
def test_the_commands_run_and_stats_compares_the_variant(played):
    folder, outputs = played
    stats = outputs[-1]
    assert f"Staku: {GAMES} records\n" in stats and f"Staku (Staku-2): {GAMES} records\n" in stats
    assert "Staku: variants compared\n" in stats
    for name, variant in (("staku", None), ("staku-2", "Staku-2")):
        rows = duckdb.sql(f"SELECT variant, \"Annotator\" FROM (SELECT variant, tags['Annotator'] AS \"Annotator\" "
                          f"FROM read_parquet('{folder / name}/games/**/*.parquet'))").fetchall()
        assert len(rows) == GAMES and {row[0] for row in rows} == {variant}
        assert all("--players greedy" in row[1] for row in rows)


def test_the_sql_answers_what_stats_answers(played):
    folder, _ = played
    query = next(body for lang, body in BLOCKS if lang == "sql")
    connection = duckdb.connect()
    connection.execute(f"SET file_search_path = '{folder}'")
    rows = connection.execute(query).fetchall()
    stats = subprocess.run([BIN / "ludoscribe", "stats", "staku", "staku-2", "--format", "json"], cwd=folder,
                           capture_output=True, text=True, check=True)
    groups = json.loads(stats.stdout)["games"]
    expected = [("-", groups["Staku"]), ("Staku-2", groups["Staku (Staku-2)"])]
    assert [row[:3] for row in rows] == [(variant, group["first_side_score"]["finished"],
                                          round(100 * group["first_side_score"]["score"], 1))
                                         for variant, group in expected]


def _groups_quoted() -> dict[str, dict[str, int]]:
    """Each group's results as the page's extract of `stats` gives them."""
    extract = next(body for lang, body in BLOCKS if lang == "text" and "variants compared" in body)
    groups = {}
    for title, body in re.findall(r"^(Staku.*?): \d+ records\n=+\n(.*?)(?=^Staku.*\n=+\n|\Z)", extract,
                                  re.DOTALL | re.MULTILINE):
        counts = dict(re.findall(r"^(White wins|Black wins|drawn)\s+(\d+)", body, re.MULTILINE))
        groups[title] = {name: int(value) for name, value in counts.items()}
        groups[title]["line"] = re.search(r"^White's score .*$", body, re.MULTILINE).group(0)
    return groups


def test_each_score_and_interval_quoted_is_what_its_counts_give():
    groups = _groups_quoted()
    assert set(groups) == {"Staku", "Staku (Staku-2)"}
    for counts in groups.values():
        finished = counts["White wins"] + counts["Black wins"] + counts["drawn"]
        points = counts["White wins"] + counts["drawn"] / 2
        low, high = bounds_by_bisection(points / finished, finished, counts["drawn"] / finished)
        assert counts["line"] == (f"White's score {100 * points / finished:.1f}% (95% CI {100 * low:.1f}–"
                                  f"{100 * high:.1f}%) over {finished} finished games")


def test_the_difference_quoted_is_what_the_counts_give():
    groups = _groups_quoted()
    spreads = []
    for name in ("Staku (Staku-2)", "Staku"):
        counts = groups[name]
        points = [1.0] * counts["White wins"] + [0.5] * counts["drawn"] + [0.0] * counts["Black wins"]
        mean = sum(points) / len(points)
        spreads.append((mean, sum((p - mean) ** 2 for p in points) / (len(points) - 1), len(points)))
    (variant, v1, n1), (usual, v2, n2) = spreads
    value, error = variant - usual, 1.959964 * math.sqrt(v1 / n1 + v2 / n2)
    line = f"{100 * value:+.1f}  {100 * (value - error):+.1f} to {100 * (value + error):+.1f}"
    assert line in PAGE
    clear = "yes" if value - error > 0 or value + error < 0 else "no"
    assert re.search(rf"{re.escape(line)}\s+{clear}$", PAGE, re.MULTILINE)
    assert f"{abs(100 * value):.1f} points {'less' if value < 0 else 'more'}" in PAGE


def test_the_random_players_table_is_what_its_counts_give():
    table = re.findall(r"^\| (Staku.*?) \| (\d+) \| (\d+) \| (\d+) \| ([\d.]+)% \(([\d.]+)–([\d.]+)%\) \|$", PAGE,
                       re.MULTILINE)
    assert [row[0] for row in table] == ["Staku", "Staku (Staku-2)"]
    for _, white, black, drawn, score, low, high in table:
        finished = int(white) + int(black) + int(drawn)
        points = int(white) + int(drawn) / 2
        bounds = bounds_by_bisection(points / finished, finished, int(drawn) / finished)
        assert (score, low, high) == (f"{100 * points / finished:.1f}", f"{100 * bounds[0]:.1f}",
                                      f"{100 * bounds[1]:.1f}")
