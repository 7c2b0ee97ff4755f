"""A Variant tag refused is said in French by `check --lang fr` (docs/languages.md#the-command-line):
its options that exclude each other, a mode's number missing or given twice, a total out of reach, a
face order that is none. Each is a code with its parameters (`VariantProblem` in notation/problems.py);
English stays as it was."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.problems import VariantProblem
from ludoscribe.notation.reader import read_string

NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
VARIANTS = [("Staku", "Staku-2, Staku-3", VariantProblem.EXCLUDE), ("TChako", "countdown x", VariantProblem.MODE_NUMBER),
            ("TChako", "sudden death", VariantProblem.MODE_NUMBER),
            ("TChako", "countdown 3, countdown 4", VariantProblem.MODE_TWICE),
            ("TChako", "demographic total 13", VariantProblem.TOTAL), ("Tekao", "faces HHTB", VariantProblem.FACES)]
ENGLISH_WORDS = {"bad", "variant", "variants", "exclude", "each", "other", "the", "takes", "whole", "number", "from",
                 "as", "in", "given", "is", "already", "side", "has", "pieces", "pucks", "and", "queen", "so",
                 "cannot", "be", "reached", "lists", "once", "clockwise", "order", "no"}


def record(game: str, variant: str) -> str:
    return f'[Game "{game}"]\n[Variant "{variant}"]\n[Result "*"]\n\n*\n'


@pytest.mark.parametrize("game, variant, code", VARIANTS)
def test_a_variant_refused_is_said_in_french(tmp_path, game, variant, code):
    path = tmp_path / "game.tgn"
    path.write_text(record(game, variant), encoding="utf-8")
    [read] = read_string(record(game, variant))
    assert read.problems[0].message.said.code == code
    french = CliRunner().invoke(cli, ["check", str(path), "--lang", "fr"], env=NO_ENVIRONMENT).stdout
    english = CliRunner().invoke(cli, ["check", str(path)], env=NO_ENVIRONMENT).stdout
    assert french.startswith(f"{path}:2:1: ") and english.startswith(f"{path}:2:1: ")
    words = set(re.findall(r"[A-Za-z]+", re.sub(r"'[^']*'|\(\d+[^)]*\)", " ", french.partition(": ")[2])))
    assert sorted(words & ENGLISH_WORDS) == [], french
    assert french != english
