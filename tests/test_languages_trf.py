"""A FIDE report file (TRF) refused, read by `standings --trf` or `event new --from-trf`, is said in
French (docs/languages.md#the-command-line): each problem of its lines is a code with its parameters
(`TrfProblem` in notation/events/trf.py), what the file wrote given as written."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.events import trf
from ludoscribe.notation.languages import words

NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
PLAYER = "001    1      Ann Example                       1500                               1.0    1"
# a line of each kind of problem, after a tournament's name
BAD = ["001\t1", "00x line", "001x", "001    0", "001    1      ", "001    1      Ann" + " " * 40 + "x1",
       "XXS W=x", "XXS W=1 WW=2", "XXS ZPB=1", "XXS Q=1", "XXR abc", PLAYER + "     2 w 1"]
ENGLISH_WORDS = {"line", "holds", "no", "tab", "or", "control", "character", "columns", "are", "spaces", "does", "not",
                 "start", "with", "three", "and", "space", "has", "after", "its", "player", "needs",
                 "starting", "number", "from", "name", "is", "the", "id", "gives", "different", "side",
                 "forfeit", "scoring", "apart", "supported", "zero", "bye", "key", "one", "of", "rounds", "round",
                 "opponent", "meets", "but", "nothing", "for", "that", "colours", "results", "match", "themselves"}


@pytest.mark.parametrize("line", BAD)
def test_a_report_file_refused_is_said_in_french(tmp_path, line):
    path = tmp_path / "open.trf"
    path.write_text(f"012 Open\n{line}\n", encoding="utf-8")
    with pytest.raises(trf.TrfError) as raised:
        trf.read(path.read_text(encoding="utf-8"))
    assert raised.value.args[0].said.code == trf.TrfProblem.LINE
    french = CliRunner().invoke(cli, ["standings", "--trf", str(path), "--lang", "fr"], env=NO_ENVIRONMENT).stderr
    english = CliRunner().invoke(cli, ["standings", "--trf", str(path)], env=NO_ENVIRONMENT).stderr
    assert english == f"Error: {path}: {raised.value}\n"
    assert french.startswith(f"Error: {path}\u00a0: ligne 2\u00a0: ")
    said = re.sub(r"'[^']*'|\b[A-Z]{2,}\b", " ", french.partition("ligne 2")[2])
    assert sorted(set(re.findall(r"[A-Za-z]+", said)) & ENGLISH_WORDS) == [], french


def test_what_a_report_file_leaves_out_is_said_in_french():
    from ludoscribe.notation.events.rounds import Entrant, Rounds

    [club] = trf.left_out(Rounds([Entrant(1, "Ann", club="Lyon")]))
    assert club.said.sentence_in(words("fr")) == "le club 'Lyon' du joueur 1 (un TRF n’a pas de colonne pour le club)"
