"""Problem codes (docs/format.md#problem-codes): each code produced by a real input and
told by its code, a ProblemCode written as its text, and the docs' table, the enum and the
code base agree."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_string
from ludoscribe.notation.jsonio import read_json
from ludoscribe.notation.model import Problem, ProblemCode
from ludoscribe.notation.reader import read_records
from ludoscribe.render.budgets import Budgets, over_budget

ROOT = Path(__file__).resolve().parent.parent


def teblo(movetext: str, tags: str = "") -> str:
    return f'[Game "Teblo"]\n{tags}[Result "*"]\n\n{movetext}\n'


def codes(text: str) -> list[str]:
    """The codes of the problems found reading and checking `text`, each a ProblemCode."""
    found = []
    for record in read_string(text):
        check(record)
        found += [problem.code for problem in record.problems]
    assert [type(code) for code in found] == [ProblemCode] * len(found)
    return found


@pytest.mark.parametrize("text, code", [
    (teblo("1. D4 Z99 *"), "syntax"),
    (teblo("1. D4 2. H10 *"), "number"),
    (teblo("1. D4 $300 *"), "nag"),
    (teblo("$1 1. D4 *"), "nag"),
    (teblo("1. D4 ) *"), "variation"),
    (teblo("1. D4 (1. D2 *"), "variation"),
    (teblo("1. D4 0-1"), "result"),
    (teblo("1. D4 * H10"), "result"),
    ('[Game "Teblo"]\n[Game "Teblo"]\n[Result "*"]\n\n1. D4 *\n', "tag"),
    ('[Game "Teblo"]\n[Event Open]\n[Result "*"]\n\n1. D4 *\n', "tag"),
    ('[Result "*"]\n\n1. D4 *\n', "missing-tag"),
    ('[Game "Teblo"]\n\n1. D4 *\n', "missing-tag"),
    ('[Game "Chess"]\n[Result "*"]\n\n1. e4 *\n', "game"),
    (teblo("1. D4 *", '[Variant "fast"]\n'), "game"),
    (teblo("1. D4 *", '[SetUp "1"]\n'), "position"),
    (teblo("1. D4 D6 *"), "illegal-turn"),
])
def test_each_kind_of_problem_has_its_code(text, code):
    assert codes(text) == [code]


def test_a_turn_after_the_end_and_a_result_against_it():
    played = "1. D4 I9 2. D3 I10 3. D4 I9 4. D3 I10 5. D4 I9 6. D3 I10"  # the same four turns three times: drawn
    assert codes(f'[Game "Teblo"]\n[Result "1/2-1/2"]\n\n{played} 7. D4 1/2-1/2\n') == ["game-over"]
    assert codes(f'[Game "Teblo"]\n[Result "1-0"]\n\n{played} 1-0\n') == ["result-contradicts"]


def test_file_level_codes():
    (line,) = [problem for record in read_records(io.BytesIO(b'[Game "Teblo"]\n[Result "*"]\n\n1. D4 \xff *\n'))
               for problem in record.problems]
    assert line.code == "encoding"
    long_line = b'[Game "Teblo"]\n[Result "*"]\n\n{' + b"x" * (1 << 20 + 1) + b"} 1. D4 *\n"
    assert [problem.code for record in read_records(io.BytesIO(long_line)) for problem in record.problems] == \
        ["too-long"]
    (record,) = read_json(json.dumps({"format": "tgn-json", "version": 1, "records": [
        {"tags": {"Game": "Teblo", "Result": "*"}, "moves": [{"turn": 4}], "result": "*"}]}))
    assert [problem.code for problem in record.problems] == ["json"]


def test_over_a_budget_is_budget():
    record = read_string(teblo("1. D4 {[%diagram]} I9 {[%diagram]} *"))[0]
    check(record)
    assert over_budget(record, Budgets(diagrams=1)).code == "budget"


def test_check_json_reports_the_code(tmp_path):
    (tmp_path / "game.tgn").write_text(teblo("1. D4 D6 *"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(tmp_path / "game.tgn"), "--json"])
    (problem,) = json.loads(result.stdout)["problems"]
    assert (result.exit_code, problem["code"]) == (1, "illegal-turn")


def test_a_code_is_written_as_its_text():
    problem = Problem("D6 is refused", 4, 13, "turn 2 Yellow", ProblemCode.ILLEGAL_TURN)
    assert (problem.code == "illegal-turn", str(problem.code), f"{problem.code}", json.dumps(problem.code)) == \
        (True, "illegal-turn", "illegal-turn", '"illegal-turn"')
    assert ProblemCode("too-long") is ProblemCode.TOO_LONG


def test_the_docs_the_enum_and_the_code_base_agree():
    text = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    section = text[text.index("### Problem codes"):text.index("### Refusal and ending codes")]
    documented = re.findall(r"^\| `([a-z-]+)` \|", section, re.M)
    assert documented == [code.value for code in ProblemCode]
    assert [code.name for code in ProblemCode] == [code.value.upper().replace("-", "_") for code in ProblemCode]
    used, spelt = set(), []
    for folder in ("notation", "render", "cli"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            used |= set(re.findall(r"code=ProblemCode\.([A-Z_]+)\b", text))
            spelt += re.findall(r"code(?::\s*str)?\s*=\s*[\"'][a-z-]+[\"']", text)  # a code written as a bare string
    assert spelt == []
    assert used == {code.name for code in ProblemCode} - {"SYNTAX"}  # the default of the movetext's problems
