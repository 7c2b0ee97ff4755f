"""The archive's words in French (docs/languages.md#the-command-line): the rules a group of records
plays by, named by `stats` with its variant's modes in the reader's language (the Variant tag's
words marked `game_word`, a mode's number kept), the same in English and in CSV and JSON as before."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive.stats import rules_in
from ludoscribe.notation.languages import words

TCHAKO = str(Path(__file__).resolve().parent.parent / "corpus" / "tchako")
NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
# the English words of T'Chako's modes, none of which a French table may hold
MODE_WORDS = ("king", "hill", "countdown", "strategic", "shots", "sudden", "death", "demographic", "anarchy")


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args), env=NO_ENVIRONMENT)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_stats_names_the_variants_in_french():
    said = run("stats", TCHAKO, "--lang", "fr")
    assert "T'Chako (reine de la colline): 1 partie" in said and "T'Chako (compte à rebours 4)" in said
    assert [word for word in MODE_WORDS if word in said] == []
    english = run("stats", TCHAKO)
    assert "T'Chako (king of the hill): 1 record" in english and "T'Chako (countdown 4)" in english
    for form in ("csv", "json"):  # data, the same in every language
        assert run("stats", TCHAKO, "--format", form, "--lang", "fr") == run("stats", TCHAKO, "--format", form)


def test_a_variant_is_said_option_by_option():
    french, english = words("fr"), words("en")
    assert rules_in("king of the hill, sudden death 30", french) == "reine de la colline, mort subite 30"
    assert rules_in("king of the hill, sudden death 30", english) == "king of the hill, sudden death 30"
    assert rules_in("Staku-2", french) == "Staku-2" and rules_in("", french) == ""


# each condition refused, as the options of `filter` give it (docs/archive.md)
REFUSED = [("--tag", "Event"), ("--date", "2024.5"), ("--date", ".."), ("--round", "x"), ("--turns", "..y"),
           ("--player", " "), ("--result", "2-0"), ("--nag", "$300"), ("--opening", "1."), ("--opening", "zz qq"),
           ("--position", "nothing"), ("--cells", ","), ("--cells", "D4"), ("--cells", "D4=y D4=y"), ("--cells", "Z=1")]
CONDITION_WORDS = {"is", "not", "give", "at", "least", "one", "end", "of", "the", "range", "month", "and", "day",
                   "may", "be", "left", "out", "whole", "number", "rounds", "turns", "player", "name", "or", "part",
                   "result", "to", "opening", "turn", "game", "games", "cell", "cells", "what",
                   "they", "hold", "for", "an", "empty", "given", "twice", "fits", "no", "named", "as", "its", "in",
                   "written", "rating", "such", "records", "write", "them", "do", "see", "each", "step",
                   "like", "placement", "moves", "two"}


def refused(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=NO_ENVIRONMENT)
    return result.exit_code, result.stderr.rpartition("Error: ")[2]


def test_filter_refuses_its_conditions_in_french():
    """A condition refused is said in French, --lang given before or after it."""
    for option, text in REFUSED:
        for arguments in (("--lang", "fr", option, text), (option, text, "--lang", "fr")):
            status, said = refused("filter", TCHAKO, *arguments)
            english_status, english = refused("filter", TCHAKO, option, text)
            assert status == english_status == 2 and said != english, (option, text, said)
            words_left = re.sub(r"Invalid value for [^:]*: |'[^']*'|«[^»]*»|[A-Z_]{2,}|\$\d+", " ", said)
            assert sorted(set(re.findall(r"[A-Za-z]+", words_left)) & CONDITION_WORDS) == [], (option, text, said)
    assert refused("stats", TCHAKO, "--rating", "abc", "--lang", "fr")[1] == \
        "Invalid value for '--rating': 'abc' n’est pas une cote (un nombre comme 1500 ou 1512.5)\n"


def test_filter_refuses_in_english_as_before():
    assert refused("filter", TCHAKO, "--round", "x") == (2, "Invalid value for --round: 'x' is not a whole number of rounds\n")
    assert refused("filter", TCHAKO, "--cells", "Z=1", "--game", "teblo")[1] == (
        "Invalid value for --cells: 'Z=1' fits no cell of Teblo (a cell is named as the game's turns name it; what it "
        "holds is written as in the game's position code, - for an empty cell)\n")
