"""Games as plugins (docs/contributing.md): the built-in five, names and aliases, imports made
only when needed, and a sixth game (tests/pebbles.py) added through a real entry point that
reads, checks, draws and publishes with no change to Ludoscribe."""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import what_happened
from ludoscribe.notation import ProblemCode, check, read_string
from ludoscribe.notation.games import GAMES, display_name, game_class, plugin_for, plugins
from ludoscribe.notation.games.plugins import BUILT_IN, built_ins, installed
from ludoscribe.notation.events.standings import game_scoring
from ludoscribe.render.diagram import RENDERERS, renderer_for
from ludoscribe.render.text import text_board

TESTS = Path(__file__).resolve().parent
PEBBLES = """[Event "Plugin day"]
[Site "Club"]
[Date "2026.11.23"]
[Round "1"]
[Light "Ann"]
[Dark "Bob"]
[Game "Pebble"]
[Result "1-0"]

1. D {the centre [%mark C,E]} 1... A 2. E 2... G 3. C 1-0
"""


def install(folder: Path, entry: str) -> None:
    """A distribution's metadata in `folder` declaring one `ludoscribe.games` entry point, as pip leaves it."""
    info = folder / "pebbles_game-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: pebbles-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[ludoscribe.games]\n{entry}\n")


@pytest.fixture
def pebbles(tmp_path, monkeypatch):
    """Pebbles installed as a plugin for this test: its metadata and module on the path."""
    install(tmp_path / "site-packages", "pebbles = pebbles:PLUGIN")
    monkeypatch.syspath_prepend(str(TESTS))
    monkeypatch.syspath_prepend(str(tmp_path / "site-packages"))
    installed.cache_clear()
    yield {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "site-packages"), str(TESTS)])}
    installed.cache_clear()


def ludoscribe(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from ludoscribe.cli.main import main; main()", *args],
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=300)


# --- the built-in games ------------------------------------------------------------------


def test_the_five_games_are_built_in_in_order():
    assert [plugin.name for plugin in built_ins()] == ["Teblo", "Staku", "Tektop", "Tekao", "TChako"]
    assert list(GAMES) == list(RENDERERS) == ["Teblo", "Staku", "Tektop", "Tekao", "TChako"]
    assert GAMES["Tekao"] is game_class("tekao") and GAMES["Tekao"].name == "Tekao"
    with pytest.raises(KeyError):
        GAMES["Chess"]


@pytest.mark.parametrize("tag", ["TChako", "T'Chako", " t'chako ", "TCHAKO"])
def test_a_game_tag_is_read_without_case_apostrophes_or_outer_spaces(tag):
    assert plugin_for(tag).name == "TChako" and display_name(tag.strip()) == "T'Chako"


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError) as error:
        plugin_for("Chess")
    assert str(error.value) == "unknown game 'Chess' (the Game tag is one of Teblo, Staku, Tektop, Tekao, TChako)"
    assert display_name("Chess") == "Chess"


@pytest.mark.parametrize("module", BUILT_IN)
def test_each_built_in_game_registers_itself_once_from_its_own_modules(module):
    """docs/contributing.md#adding-a-game: a game's facts are its module's PLUGIN, its drawings the
    render module of the same name; nothing else lists them."""
    rules = importlib.import_module(f"ludoscribe.notation.games.{module}")
    drawings = importlib.import_module(f"ludoscribe.render.boards.{module}")
    assert rules.PLUGIN.module == module and rules.PLUGIN.rules.__module__.startswith(rules.__name__)
    assert callable(drawings.board) and callable(drawings.text_board)
    assert plugin_for(rules.PLUGIN.display_name) is rules.PLUGIN


def test_how_turns_are_entered_is_each_plugins_own():
    assert plugin_for("Tektop").entry.needs == "dice" and plugin_for("TChako").entry.buttons == {"O": "Off the board"}
    assert type(plugin_for("Teblo").entry).__name__ == type(plugin_for("Staku").entry).__name__ == "Entry"


def test_no_code_is_named_by_a_module_attribute_string():
    """Registries hold the objects themselves: a 'package.module:attribute' string names code the type checker cannot follow."""
    root = TESTS.parent
    named = [f"{path.relative_to(root)}:{node.lineno} {node.value!r}"
             for folder in ("notation", "render", "cli") for path in sorted((root / folder).rglob("*.py"))
             for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)
             and re.fullmatch(r"(ludoscribe\.)?[a-z_]+(\.[a-z_]+)*:[A-Za-z_][\w.]*", node.value)
             and ("ludoscribe." in node.value or node.value.partition(":")[0] in {"teblo", "staku", "tektop", "tekao", "tchako"})]
    assert named == []


def test_each_game_scores_as_its_plugin_says():
    assert (game_scoring("Teblo").win, game_scoring("Teblo").draw) == (3, 1)
    assert (game_scoring("Staku").win, game_scoring("Staku").draw) == (1, 0.5)


def test_importing_the_library_or_the_command_imports_no_game():
    code = ("import sys, ludoscribe.notation, ludoscribe.cli.main; "
            "print(sorted(m for m in sys.modules if m.startswith(('ludoscribe.notation.games.', 'ludoscribe.render.',"
            " 'svgwrite', 'multiprocessing', 'concurrent', 'mkdocs'))))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['ludoscribe.notation.games.base', 'ludoscribe.notation.games.entry', " \
                             "'ludoscribe.notation.games.plugins', 'ludoscribe.render.escaping']"


def test_a_record_imports_its_own_game_only_and_no_parser_generator():
    code = ("import sys\nfrom ludoscribe.notation import check, read_string\n"
            "record = read_string('[Game \"Tekao\"]\\n[Result \"*\"]\\n\\n*\\n')[0]\ncheck(record)\n"
            "print(record.problems, 'parsimonious' in sys.modules, sorted(m.rsplit('.', 1)[1] for m in sys.modules "
            "if m.startswith('ludoscribe.notation.games.')))")
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[] False ['base', 'entry', 'plugins', 'rows', 'tekao']"


# --- a sixth game, added by another package --------------------------------------------


def test_a_plugin_game_is_read_checked_drawn_and_scored(pebbles):
    assert [plugin.name for plugin in plugins()] == ["Teblo", "Staku", "Tektop", "Tekao", "TChako", "Pebbles"]
    record = read_string(PEBBLES)[0]
    check(record)
    assert record.problems == [] and record.game.name == "Pebbles" and record.result == "1-0"
    assert display_name("Pebbles") == "Pebbles (row of seven)"
    assert game_scoring("Pebbles").win == 2
    svg = renderer_for(record.game)(record.game.start_position(), size=350)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="350"') and "Light to move" in svg
    assert text_board(record.game, record.game.start_position()) == (
        "A B C D E F G\n. . . . . . .\nposition: ....... L 1\nto move: turn 1 Light\n")


def test_a_plugin_game_refuses_an_illegal_turn_with_its_reason(pebbles):
    record = read_string(PEBBLES.replace("2. E 2... G", "2. E 2... D"))[0]
    check(record)
    assert what_happened(record) == [  # the plugin's own refusal code (tests/pebbles.py)
        (ProblemCode.ILLEGAL_TURN, {"refusal": {"code": "taken", "cell": "D"}}, 10, 48, "turn 2 Dark")]


def test_an_unknown_game_lists_the_installed_games_too(pebbles):
    with pytest.raises(ValueError, match=r"is one of Teblo, Staku, Tektop, Tekao, TChako, Pebbles\)$"):
        plugin_for("Chess")


def test_a_plugin_that_cannot_be_loaded_is_named_in_the_problem(tmp_path, monkeypatch):
    install(tmp_path, "broken = no_such_module_here:PLUGIN")
    monkeypatch.syspath_prepend(str(tmp_path))
    installed.cache_clear()
    try:
        record = read_string('[Game "Go"]\n[Result "*"]\n\n*\n')[0]
        assert [(p.message, p.line) for p in record.problems] == [
            ("the game plugin 'broken' (no_such_module_here:PLUGIN) cannot be loaded: "
             "No module named 'no_such_module_here'", 1)]
        assert read_string('[Game "Teblo"]\n[Result "*"]\n\n*\n')[0].problems == []  # built-ins never read plugins
    finally:
        installed.cache_clear()


def test_the_command_line_checks_converts_draws_scores_and_publishes_a_plugin_game(pebbles, tmp_path):
    (tmp_path / "game.tgn").write_text(PEBBLES)
    checked = ludoscribe("check", "game.tgn", env=pebbles, cwd=tmp_path)
    assert (checked.returncode, checked.stdout, checked.stderr) == (0, "", "checked 1 record in 1 file: 1 valid\n")
    converted = ludoscribe("convert", "game.tgn", "--to", "json", env=pebbles, cwd=tmp_path)
    assert converted.returncode == 0 and json.loads(converted.stdout)["records"][0]["tags"]["Game"] == "Pebbles"
    drawn = ludoscribe("diagram", "game.tgn", "--all", "-o", "diagrams", env=pebbles, cwd=tmp_path)
    assert drawn.returncode == 0, drawn.stderr
    assert sorted(path.name for path in (tmp_path / "diagrams").iterdir()) == [f"{n:03d}.svg" for n in range(6)]
    assert "Light wins" in (tmp_path / "diagrams" / "005.svg").read_text()
    table = ludoscribe("standings", "game.tgn", env=pebbles, cwd=tmp_path)
    assert "   1  Ann     x  2      1  1  0  0       2" in table.stdout
    published = ludoscribe("site", "game.tgn", "-o", "site", "-q", env=pebbles, cwd=tmp_path)
    assert published.returncode == 0, published.stderr
    page = (tmp_path / "site" / "records" / "plugin-day-1-ann-bob.html").read_text()
    assert "Pebbles (row of seven)" in page and "the centre" in page and "Light wins" in page
    assert "Pebbles (row of seven)" in (tmp_path / "site" / "games" / "pebbles.html").read_text()
