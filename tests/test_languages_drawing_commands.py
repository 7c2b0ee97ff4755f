"""The commands that draw and publish say their own lines and errors in French
(docs/languages.md#the-command-line): `diagram` (its options misused, a turn or a cell a record
lacks, too much drawn, what it wrote), `convert` (the problem lines of the records it converts, a
record it lacks), `convert --to md|html|embed` (the record with problems it refuses to publish)
and `site` (the records it leaves out, where to open it). Their refusals of a diagram are codes
(`DiagramProblem` in notation/annotations.py); English stays byte for byte without a language."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.annotations import DiagramProblem, read
from ludoscribe.notation.languages import words
from ludoscribe.notation.problems import Saying

NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
# the English words of these commands' lines, none of which a French line may hold outside the
# names of files, options and what the user typed
ENGLISH_WORDS = {"record", "records", "turn", "has", "no", "not", "is", "are", "the", "its", "give", "or", "and",
                 "with", "each", "every", "wrote", "file", "files", "to", "of", "cell", "cells", "board", "more",
                 "than", "diagram", "draws", "exclude", "other", "takes", "nor", "writes", "beside", "holds", "choose",
                 "one", "main", "line", "runs", "from", "arrow", "such", "as", "label", "text", "shape", "colour",
                 "neither", "Open", "in", "browser", "illegal", "move", "cannot", "write", "into", "folder"}
TEBLO = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 I9 2. D3 *\n'
ILLEGAL = '[Game "Teblo"]\n[Result "*"]\n\n1. D4 D4 *\n'


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=NO_ENVIRONMENT)
    return result.exit_code, result.stdout, result.stderr


def english(text: str) -> list[str]:
    """The English words of `text` outside its options (--mark), paths and quoted values, and outside
    what click says in English around a usage error (docs/languages.md#the-command-line)."""
    text = re.sub(r"^(Usage:|Try) .*$|Error: |Invalid value for '[^']*': ", " ", text, flags=re.MULTILINE)
    text = re.sub(r"--?[a-z][a-z-]*|'[^']*'|\S*/\S*|[A-Z_]+\b(?=\W)", " ", text)
    return sorted({word for word in re.findall(r"[A-Za-z]+", text) if word in ENGLISH_WORDS})


@pytest.fixture
def games(tmp_path):
    (tmp_path / "game.tgn").write_text(TEBLO, encoding="utf-8")
    (tmp_path / "two.tgn").write_text(TEBLO + "\n" + TEBLO, encoding="utf-8")
    (tmp_path / "illegal.tgn").write_text(ILLEGAL, encoding="utf-8")
    return tmp_path


def diagram_errors(folder) -> list[list[str]]:
    """Each way `diagram` refuses, as its arguments."""
    game, two, out = str(folder / "game.tgn"), str(folder / "two.tgn"), str(folder / "out.svg")
    return [
        [game, "--turn", "7", "-o", out],  # a turn the record lacks
        [game, "--turn", "7.x", "-o", out],  # no turn
        [game, "--mark", "Z99", "-o", out],  # a cell the board lacks
        [game, "--mark", "D4 pink", "-o", out],  # neither a shape nor a colour
        [game, "--arrow", "D4", "-o", out],  # not an arrow
        [game, "--label", "D4", "-o", out],  # a label without text
        [game, "--record", "3", "-o", out],  # a record the file lacks
        [game, "--turn", "1", "--all", "-o", out],  # options that exclude each other
        [game, "--gif", "--turn", "1", "-o", out],
        [two],  # several records to standard output
        [game, "--all"],
        ["--position", "x"],
        [],
        [str(folder / "illegal.tgn"), "-o", out],  # a record with problems
    ]


def test_diagram_refuses_in_french(games):
    for arguments in diagram_errors(games):
        status, _, said = run("diagram", *arguments, "--lang", "fr")
        english_status, _, english_said = run("diagram", *arguments)
        assert status == english_status != 0, arguments
        assert said and english(said) == [], (arguments, said)
        assert said != english_said


def test_diagram_says_what_it_wrote_in_french(games):
    status, _, said = run("diagram", str(games / "two.tgn"), "-o", str(games / "out"), "--lang", "fr")
    assert status == 0 and said == ""  # nothing said off a terminal
    status, _, said = run("diagram", str(games / "game.tgn"), "--turn", "9...", "--lang", "fr")
    assert status == 1
    assert "la partie n’a pas de tour 9... (sa ligne principale va du tour 1 au tour 2)" in said


def test_convert_says_the_problems_of_its_records_in_french(games):
    illegal = str(games / "illegal.tgn")
    for target in ("json", "tgn", "html", "md", "embed"):
        out = str(games / f"out.{target}")
        status, _, said = run("convert", illegal, "--to", target, "-o", out, "--lang", "fr")
        assert status == 1 and "tour 1" in said and english(said) == [], (target, said)
        assert said != run("convert", illegal, "--to", target, "-o", out, "--force")[2]
    for arguments in ([str(games / "game.tgn"), "--record", "2", "--to", "json"],
                      [str(games / "two.tgn"), "--to", "html", "-o", str(games / "x.html")],
                      [str(games / "game.tgn"), "--to", "md", "-o", "-"]):
        status, _, said = run("convert", *arguments, "--lang", "fr")
        assert status == 2 and english(said) == [], said


def test_english_is_unchanged(games):
    status, _, said = run("diagram", str(games / "game.tgn"), "--mark", "Z99", "-o", str(games / "x.svg"))
    assert said == f"{games / 'game.tgn'}: record 1: Z99 is no cell of Teblo's board (--mark, --arrow, --label, --dim)\n"
    status, _, said = run("convert", str(games / "two.tgn"), "--to", "html", "-o", str(games / "x.html"))
    assert said.endswith(f"Error: {games / 'two.tgn'} holds 2 records: choose one with --record K\n")
    status, _, said = run("diagram", str(games / "game.tgn"), "--mark", "D4 pink")
    assert said.endswith("Error: Invalid value for '--mark': 'pink' is neither a shape (outline, circle, square, "
                         "triangle, cross) nor a colour (green, blue, red, orange, purple)\n")


def test_the_refusals_of_a_diagram_are_codes():
    with pytest.raises(ValueError) as raised:
        read("mark", "D4 pink", strict=True)
    message = raised.value.args[0]
    assert isinstance(message, Saying) and message.said.code == DiagramProblem.NOT_STYLE
    assert message.said.sentence_in(words("fr")) == ("'pink' n’est ni une forme (outline, circle, square, triangle, "
                                                    "cross) ni une couleur (green, blue, red, orange, purple)")


def test_site_says_where_to_open_it_in_french(games, tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "site"
    status, text, said = run("site", str(games / "game.tgn"), str(games / "illegal.tgn"), "-o", str(out), "--lang", "fr",
                             "--quiet")
    assert status == 1
    assert text.startswith(f"Ouvrez {out / 'index.html'} dans un navigateur")
    assert "tour 1" in said and english(said) == [], said
