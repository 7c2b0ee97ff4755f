"""The `ludoscribe` group: one module per command, imported only when that command is used
(docs/contributing.md#start-up); options read by click parameter types (docs/cli.md)."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import COMMANDS, cli

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
SMALL = CORPUS / "tchako" / "strategic-centre.tgn"
COMMAND_MODULES = sorted(f"ludoscribe.cli.{path.rpartition('.')[0]}" for path, _ in COMMANDS.values())


def loaded_after(*args: str) -> tuple[str, set[str]]:
    """The standard output of `ludoscribe ARGS` run in a fresh process, and the modules it imported."""
    code = ("import sys\nfrom ludoscribe.cli.main import main\nsys.argv = ['ludoscribe', *sys.argv[1:]]\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('\\n'.join(sorted(sys.modules)), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True)
    return done.stdout, set(done.stderr.split())


def test_every_command_is_a_module_of_its_own():
    assert sorted(COMMANDS) == ["check", "convert", "diagram", "event", "export", "filter", "generate", "pair",
                                "ratings", "record", "relay", "serve", "site", "standings", "stats", "studio"]
    assert len(set(COMMAND_MODULES)) == len(COMMANDS)
    for name in COMMANDS:
        command = cli.get_command(click.Context(cli), name)
        assert isinstance(command, click.Command) and command.name == name
        assert inspect.getmodule(command.callback).__name__ == f"ludoscribe.cli.{COMMANDS[name][0].split('.')[0]}"


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_summary_listed_by_help_is_the_first_paragraph_of_the_command_s_help(name):
    command = cli.get_command(click.Context(cli), name)
    first_paragraph = inspect.cleandoc(command.help).split("\n\n")[0]
    assert COMMANDS[name][1] == " ".join(first_paragraph.split())
    listed = click.Command(name, help=COMMANDS[name][1])
    for width in range(20, 121):
        assert listed.get_short_help_str(width) == command.get_short_help_str(width)


def test_help_lists_every_command_without_importing_one():
    shown, loaded = loaded_after("--help")
    listed = shown.split("Commands:\n")[1].splitlines()
    assert [line.split()[0] for line in listed] == sorted(COMMANDS)
    assert "  check      Check records: their syntax and every rule of their game." in listed
    assert "  stats      Figures per game and set of rules: results by side, the..." in listed
    assert loaded & set(COMMAND_MODULES) == set()
    assert not any(module.startswith(("ludoscribe.notation.archive.sources", "ludoscribe.render.diagram", "svgwrite"))
                   for module in loaded)


def test_version_imports_no_command():
    shown, loaded = loaded_after("--version")
    assert shown == "ludoscribe, version 0.1.0\n"
    assert loaded & set(COMMAND_MODULES) == set()


def test_a_command_imports_its_own_module_only():
    shown, loaded = loaded_after("check", str(SMALL))
    assert loaded & set(COMMAND_MODULES) == {"ludoscribe.cli.check"}
    assert not any(module.startswith(("ludoscribe.render.diagram", "ludoscribe.render.document", "svgwrite",
                                      "mkdocs", "ludoscribe.notation.archive.query")) for module in loaded)


def test_the_image_packages_are_imported_only_when_an_image_is_made(tmp_path):
    images = ("PIL", "resvg_py")
    for args in (["diagram", "--help"], ["diagram", str(SMALL), "-o", str(tmp_path / "final.svg")]):
        _, loaded = loaded_after(*args)
        assert "ludoscribe.cli.diagram" in loaded
        assert not any(module.split(".")[0] in images for module in loaded), args
    pytest.importorskip("PIL.Image", reason="the images extra is not installed")
    _, loaded = loaded_after("diagram", str(SMALL), "--format", "png", "-o", str(tmp_path / "final.png"))
    assert {"PIL", "resvg_py"} <= loaded
    assert (tmp_path / "final.png").read_bytes().startswith(b"\x89PNG")


def test_a_mistyped_command_is_matched_against_every_command():
    result = CliRunner().invoke(cli, ["stast"])
    assert result.exit_code == 2
    assert result.stderr.endswith("Error: No such command 'stast'. Did you mean 'stats'?\n")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stderr.rpartition("Error: ")[2]


def test_conditions_are_read_in_the_order_given_and_the_first_bad_one_is_reported():
    assert run("filter", str(CORPUS), "--round", "a", "--date", "xx") == \
        (2, "Invalid value for --round: 'a' is not a whole number of rounds\n")
    assert run("filter", str(CORPUS), "--date", "xx", "--round", "a") == \
        (2, "Invalid value for --date: 'xx' is not a date YYYY.MM.DD (month and day may be left out)\n")


GAME_CHECKED = [
    ("--opening", "ZZ", "Teblo", "'ZZ' is not a Teblo turn (a step like D4 or a placement like (H9))"),
    ("--opening", "D4", "Staku", "'D4' is not a Staku turn (one or two moves like c3-d3, c3+d4, a1*a4, c3-d3+f4; "
                                 "x marks a capture: c3-xd4)"),
    ("--cells", "Z99=y", "Teblo", "'Z99=y' fits no cell of Teblo (a cell is named as the game's turns name it; what "
                                  "it holds is written as in the game's position code, - for an empty cell)"),
    ("--position", "foo", "teblo", "'foo' is not a Teblo position code: a Teblo position code is ROWS YELLOW-PAWN "
                                   "RED-PAWN SIDE NUMBER, as in 12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"),
]


@pytest.mark.parametrize("option, text, game, message", GAME_CHECKED, ids=[case[0] for case in GAME_CHECKED])
def test_openings_positions_and_cells_are_checked_against_the_game_named_before_or_after_them(option, text, game,
                                                                                           message):
    expected = (2, f"Invalid value for {option}: {message}\n")
    assert run("filter", str(CORPUS), "--game", game, option, text) == expected
    assert run("filter", str(CORPUS), option, text, "--game", game) == expected
    assert run("filter", str(CORPUS), option, text, "--player", "Ann", "--game", game, "--count") == expected


def test_an_opening_fitting_one_of_the_games_named_is_accepted_whatever_the_order():
    assert run("filter", str(CORPUS), "--opening", "D4", "--game", "Teblo", "--game", "Staku", "--count")[0] == 0
    assert run("filter", str(CORPUS), "--game", "Staku", "--opening", "D4", "--game", "Teblo", "--count")[0] == 0


def test_a_bad_condition_is_a_usage_error_before_any_input_is_read(tmp_path):
    missing = tmp_path / "missing.tgn"
    assert run("filter", str(missing), "--nag", "x") == \
        (2, "Invalid value for --nag: 'x' is not a NAG ($0 to $255, or ! ? !! ?? !? ?!)\n")
    assert run("standings", str(missing), "--points", "2,1") == \
        (2, "Invalid value for --points: '2,1' is not WIN,DRAW,LOSS (three numbers such as 3,1,0 or 1,0.5,0, each "
            "of at most six digits before and after the point)\n")


def test_points_are_read_by_click_before_the_command_runs():
    assert run("standings", "--points", "x") == \
        (2, "Invalid value for --points: 'x' is not WIN,DRAW,LOSS (three numbers such as 3,1,0 or 1,0.5,0, each "
            "of at most six digits before and after the point)\n")
