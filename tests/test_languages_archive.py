"""The archive's words in French (docs/languages.md#the-command-line): the rules a group of records
plays by, named by `stats` with its variant's modes in the reader's language (the Variant tag's
words marked `game_word`, a mode's number kept), the same in English and in CSV and JSON as before."""

from __future__ import annotations

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
