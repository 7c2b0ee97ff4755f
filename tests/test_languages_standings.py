"""`standings` says its own errors in French (docs/languages.md#the-command-line): its options
misused, the problem lines of the records it leaves out, a report file it cannot read; the
refusals of --points and --tie-breaks are codes (`ScoringProblem`, `TieBreakProblem`), and so are
the tie-breaks' refusals of rounds that contradict themselves. English stays byte for byte."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.events.rounds import Entrant, Pairing, Rounds
from ludoscribe.notation.events.standings import Scoring, ScoringProblem
from ludoscribe.notation.events.tiebreaks import TieBreakError, TieBreakProblem, check_rounds, parse_order
from ludoscribe.notation.languages import words

NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
ENGLISH_WORDS = {"is", "not", "numbers", "such", "as", "each", "of", "at", "most", "digits", "before", "and", "after",
                 "the", "unknown", "are", "named", "twice", "ranks", "report", "file", "alone", "records",
                 "cannot", "be", "given", "with", "it", "its", "line", "gives", "scoring", "Missing", "argument",
                 "or", "needs", "rounds", "tournament", "event", "folder", "ranked", "by", "wins",
                 "read", "over", "bytes", "byte", "save", "text", "turn", "illegal", "round", "player", "entered",
                 "board", "starting", "number", "two", "players"}
FRENCH = words("fr")


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=NO_ENVIRONMENT)
    return result.exit_code, result.stderr


def english(text: str) -> list[str]:
    """English words outside click's own (`Usage:`, `Error:`, `Invalid value for`), options, paths and
    what the user typed."""
    text = re.sub(r"^(Usage:|Try) .*$|Error: |Invalid value for [^:]*: |No such file or directory", " ", text,
                  flags=re.MULTILINE)  # the system says its reason in its own words
    text = re.sub(r"--?[a-z][a-z-]*|'[^']*'|\S*/\S*|\b[A-Z_]{2,}\b", " ", text)
    return sorted({word for word in re.findall(r"[A-Za-z]+", text) if word in ENGLISH_WORDS})


@pytest.fixture
def files(tmp_path):
    (tmp_path / "game.tgn").write_text('[Game "Teblo"]\n[Event "Open"]\n[Yellow "Ann"]\n[Red "Bo"]\n[Result "*"]\n\n'
                                       "1. D4 D4 *\n", encoding="utf-8")
    (tmp_path / "open.trf").write_bytes(b"012 Open\n\xff\n")
    return tmp_path


def refusals(folder) -> list[list[str]]:
    game, trf = str(folder / "game.tgn"), str(folder / "open.trf")
    return [[game, "--points", "3,1"], [game, "--tie-breaks", "BH,XX"], [game, "--tie-breaks", "SB,sb"],
            ["--trf", trf, game], ["--trf", trf, "--points", "1,0.5,0"], [], [game, "--tie-breaks", "SB"],
            [game, "--format", "json"], ["--trf", trf], ["--trf", str(folder / "none.trf")], [game]]


def test_standings_refuses_in_french(files):
    for arguments in refusals(files):
        status, said = run("standings", *arguments, "--lang", "fr")
        english_status, english_said = run("standings", *arguments)
        assert status == english_status != 0, arguments
        assert said != english_said and english(said) == [], (arguments, said)


def test_english_is_unchanged(files):
    _, said = run("standings", str(files / "game.tgn"), "--points", "3,1")
    assert said.endswith("Error: Invalid value for --points: '3,1' is not WIN,DRAW,LOSS (three numbers such as "
                         "3,1,0 or 1,0.5,0, each of at most six digits before and after the point)\n")
    _, said = run("standings", "--trf", str(files / "open.trf"))
    assert said == f"Error: {files / 'open.trf'}: byte 10 is not UTF-8: save the file as UTF-8 text\n"


def test_the_refusals_are_codes():
    with pytest.raises(ValueError) as raised:
        Scoring.parse("3,1")
    assert raised.value.args[0].said.code == ScoringProblem.NOT_POINTS
    with pytest.raises(TieBreakError) as raised:
        parse_order("BH,XX")
    assert raised.value.args[0].said.code == TieBreakProblem.UNKNOWN
    rounds = Rounds([Entrant(1, "Ann"), Entrant(2, "Bo")], [Pairing(1, 1, 1, 3, "1-0")])
    with pytest.raises(TieBreakError) as raised:
        check_rounds(rounds)
    said = raised.value.args[0].said
    assert said.code == TieBreakProblem.NOT_ENTERED
    assert said.sentence_in(FRENCH) == "ronde 1, table 1\u00a0: le joueur 3 n’est pas inscrit"
