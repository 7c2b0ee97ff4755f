"""The command line as a user runs it: outputs, exact messages, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli

GOOD = """[Game "Teblo"]
[Event "Club night"]
[Yellow "Ana"]
[Red "Bo"]
[Result "*"]
[Board "3"]

{A quiet start} 1. D4 {[%clk 0:59:30] [%mark D4] [%arrow D4-D8]} H10 2. (H9)! G10 *
"""

ILLEGAL = """[Game "Teblo"]
[Result "*"]

1. D4 H10 2. D6 G10 *
"""

SYNTAX = """[Game "Teblo"]
[Result "*"]

1. D4 H10 2. Q4 *
"""

START = "12/12/12/12/12/12/12/12/12/12/12/12 D3 I10 Y 1"


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(cli, list(args), input=stdin)


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    made = {}
    for name, text in (("good", GOOD), ("illegal", ILLEGAL), ("syntax", SYNTAX)):
        made[name] = tmp_path / f"{name}.tgn"
        made[name].write_text(text, encoding="utf-8")
    return made


def test_check_valid_file_exits_0_and_prints_summary(files):
    result = run("check", str(files["good"]))
    assert result.exit_code == 0
    assert result.stdout == ""
    assert result.stderr == "checked 1 record in 1 file: 1 valid\n"


def test_check_illegal_turn_gives_file_line_column_turn_and_reason(files):
    # How check's text line shows a refusal to the user (its words); what happened is asserted by code elsewhere.
    result = run("check", str(files["illegal"]))
    assert result.exit_code == 1
    assert result.stdout == (
        f"{files['illegal']}:4:14: turn 2 Yellow: D6 is not next to Yellow's pawn on D4: "
        "a pawn steps to an orthogonally adjacent square\n"
    )


def test_check_syntax_error_names_the_turn(files):
    result = run("check", str(files["syntax"]))
    assert result.exit_code == 1
    assert result.stdout == (
        f"{files['syntax']}:4:14: turn 2 Yellow: 'Q4' is not a Teblo turn "
        "(a step like D4 or a placement like (H9))\n"
    )


def test_check_folder_reads_every_record_file(files, tmp_path):
    result = run("check", str(tmp_path))
    assert result.exit_code == 1
    assert len(result.stdout.splitlines()) == 2
    assert result.stderr == "checked 3 records in 3 files: 1 valid, 2 with problems\n"


def test_check_json_report(files):
    result = run("check", "--json", str(files["good"]), str(files["illegal"]))
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["records"] == 2 and report["valid"] == 1
    assert report["problems"] == [{  # the JSON "message": how a refusal reads to the user, next to its code
        "file": str(files["illegal"]), "line": 4, "column": 14, "turn": "turn 2 Yellow", "code": "illegal-turn",
        "message": "D6 is not next to Yellow's pawn on D4: a pawn steps to an orthogonally adjacent square",
        "refusal": {"code": "not-adjacent", "to": "D6", "side": "Yellow", "pawn": "D4"},
    }]


def test_check_missing_file_is_an_io_error(tmp_path):
    result = run("check", str(tmp_path / "nope.tgn"))
    assert result.exit_code == 2
    assert result.stderr == (f"{tmp_path / 'nope.tgn'}: No such file or directory\n"
                             "checked 0 records in 0 files: 0 valid; 1 input not read\n")


def test_check_without_arguments_is_a_usage_error():
    result = run("check")
    assert result.exit_code == 2
    assert "Missing argument" in result.stderr


def test_check_reads_standard_input():
    result = run("check", "-", stdin=ILLEGAL)
    assert result.exit_code == 1
    assert result.stdout.startswith("-:4:14: turn 2 Yellow: ")


def test_convert_round_trip_through_json_keeps_everything(files, tmp_path):
    as_json = tmp_path / "out.json"
    assert run("convert", str(files["good"]), "--to", "json", "-o", str(as_json)).exit_code == 0
    back = run("convert", str(as_json), "--to", "tgn")
    assert back.exit_code == 0
    direct = run("convert", str(files["good"]), "--to", "tgn").stdout
    assert back.stdout == direct
    assert '[Board "3"]' in direct
    movetext = " ".join(direct.split("\n\n", 1)[1].split())
    assert movetext == "{A quiet start} 1. D4 {[%clk 0:59:30] [%mark D4] [%arrow D4-D8]} 1... H10 2. (H9)! G10 *"


def test_convert_skips_bad_records_reports_them_and_exits_1(files, tmp_path):
    both = tmp_path / "both.tgn"
    both.write_text(SYNTAX + "\n" + GOOD, encoding="utf-8")
    result = run("convert", str(both), "--to", "tgn")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{both}:4:14: turn 2 Yellow: 'Q4' is not a Teblo turn")
    assert result.stdout.count('[Game "Teblo"]') == 1 and '[Event "Club night"]' in result.stdout


def test_convert_writes_output_atomically_and_leaves_no_temporary_file(files, tmp_path):
    out = tmp_path / "out" / "game.tgn"
    out.parent.mkdir()
    assert run("convert", str(files["good"]), "--to", "tgn", "-o", str(out)).exit_code == 0
    assert [p.name for p in out.parent.iterdir()] == ["game.tgn"]
    assert out.read_text(encoding="utf-8").startswith('[Game "Teblo"]\n[Event "Club night"]\n')


def test_convert_into_a_missing_folder_makes_it_and_a_file_in_the_way_is_an_io_error(files, tmp_path):
    out = tmp_path / "missing" / "game.tgn"
    assert run("convert", str(files["good"]), "--to", "tgn", "-o", str(out)).exit_code == 0
    assert out.read_text(encoding="utf-8").startswith('[Game "Teblo"]\n')
    blocked = tmp_path / "good.tgn" / "game.tgn"
    result = run("convert", str(files["good"]), "--to", "tgn", "-o", str(blocked))
    assert result.exit_code == 2
    assert result.stderr == f"Error: cannot write {blocked}: {files['good']} is not a folder\n"


def test_convert_from_standard_input_to_standard_output():
    result = run("convert", "-", "--to", "json", stdin=GOOD)
    assert result.exit_code == 0
    assert json.loads(result.stdout)["records"][0]["tags"]["Board"] == "3"


def svg_root(path: Path) -> ElementTree.Element:
    return ElementTree.parse(path).getroot()


def test_diagram_of_final_position_is_an_svg_file(files, tmp_path):
    out = tmp_path / "final.svg"
    result = run("diagram", str(files["good"]), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert svg_root(out).tag == "{http://www.w3.org/2000/svg}svg"


def test_diagram_turn_all_and_flip(files, tmp_path):
    after = tmp_path / "after.svg"
    assert run("diagram", str(files["good"]), "--turn", "1...", "-o", str(after)).exit_code == 0
    flipped = tmp_path / "flipped.svg"
    assert run("diagram", str(files["good"]), "--turn", "1...", "--flip", "-o", str(flipped)).exit_code == 0
    assert after.read_bytes() != flipped.read_bytes()
    folder = tmp_path / "all"
    assert run("diagram", str(files["good"]), "--all", "-o", str(folder)).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["000.svg", "001.svg", "002.svg", "003.svg", "004.svg"]
    assert (folder / "002.svg").read_bytes() == after.read_bytes()


def test_diagram_of_a_turn_the_record_lacks(files, tmp_path):
    result = run("diagram", str(files["good"]), "--turn", "9", "-o", str(tmp_path / "x.svg"))
    assert result.exit_code == 1
    assert result.stderr == f"{files['good']}: record 1: the record has no turn 9 (its main line runs from turn 1 to turn 2...)\n"


def test_diagram_of_an_invalid_record_reports_its_problems(files, tmp_path):
    result = run("diagram", str(files["illegal"]), "-o", str(tmp_path / "x.svg"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{files['illegal']}:4:14: turn 2 Yellow: ")
    assert not (tmp_path / "x.svg").exists()


def test_diagram_of_a_folder_names_one_file_per_record(files, tmp_path):
    folder = tmp_path / "diagrams"
    event = tmp_path / "src" / "event.tgn"
    event.parent.mkdir()
    event.write_text(GOOD + "\n" + GOOD, encoding="utf-8")
    assert run("diagram", str(event.parent), "-o", str(folder)).exit_code == 0
    assert sorted(p.name for p in folder.iterdir()) == ["event-1.svg", "event-2.svg"]


def test_diagram_from_a_position_code(tmp_path):
    out = tmp_path / "start.svg"
    assert run("diagram", "--game", "teblo", "--position", START, "-o", str(out)).exit_code == 0
    assert svg_root(out).tag.endswith("svg")


def test_diagram_from_a_bad_position_code_is_a_usage_error(tmp_path):
    result = run("diagram", "--game", "teblo", "--position", "12/12 D3 I10 Y 1", "-o", str(tmp_path / "x.svg"))
    assert result.exit_code == 2
    assert "a Teblo position has 12 rows, not 2" in result.stderr


def test_diagram_turn_and_all_exclude_each_other(files, tmp_path):
    result = run("diagram", str(files["good"]), "--turn", "1", "--all", "-o", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert "--turn and --all exclude each other" in result.stderr


@pytest.mark.parametrize("command", ["check", "convert", "diagram"])
def test_every_command_has_help_with_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.stdout


def test_installed_console_script_reports_version_and_never_a_traceback(tmp_path):
    script = Path(sys.executable).with_name("ludoscribe")
    version = subprocess.run([str(script), "--version"], capture_output=True, text=True)
    assert version.returncode == 0 and version.stdout.startswith("ludoscribe, version ")
    junk = tmp_path / "junk.tgn"
    junk.write_bytes(bytes(range(11, 256)) * 40)  # no newline: one line
    checked = subprocess.run([str(script), "check", str(junk)], capture_output=True, text=True)
    assert checked.returncode == 1
    assert "Traceback" not in checked.stderr + checked.stdout
    assert checked.stdout == f"{junk}:1:118: not UTF-8 text (byte 0x80)\n"


def test_convert_keeps_a_record_with_an_illegal_turn_but_reports_it(files):
    result = run("convert", str(files["illegal"]), "--to", "tgn")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{files['illegal']}:4:14: turn 2 Yellow: ")
    assert result.stdout.endswith("\n1. D4 H10 2. D6 G10 *\n")


def test_problems_of_json_records_name_the_record(tmp_path):
    document = {"format": "tgn-json", "version": 1, "records": [
        {"tags": {"Game": "Teblo"}, "moves": [{"turn": "D4"}], "result": "*"},
        {"tags": {"Game": "Teblo"}, "moves": [{"turn": "D4"}, {"turn": "H9"}], "result": "*"},
    ]}
    path = tmp_path / "games.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    result = run("check", str(path))
    assert result.exit_code == 1
    assert result.stdout.startswith(f"{path}: record 2: turn 1 Red: ") and result.stdout.count("\n") == 1
