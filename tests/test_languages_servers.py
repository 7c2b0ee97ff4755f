"""What `relay`, `serve` and `studio` print in the terminal speaks the command's language
(docs/languages.md#the-command-line): relay's `--lang` (or the environment), serve's and the studio's
environment (their pages choose each reader's language). English stays as it was."""

from __future__ import annotations

from click.testing import CliRunner

from ludoscribe.cli.main import cli

GAME = '[Game "Teblo"]\n[Event "Club night"]\n[Yellow "Ann"]\n[Red "Bo"]\n[Result "*"]\n\n1. D4 *\n'
NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
FRENCH_ENVIRONMENT = {**NO_ENVIRONMENT, "LANG": "fr_FR.UTF-8"}


def test_the_relay_says_what_it_wrote_in_french(tmp_path):
    (tmp_path / "night").mkdir()
    (tmp_path / "night" / "board1.tgn").write_text(GAME, encoding="utf-8")
    french = CliRunner().invoke(cli, ["relay", str(tmp_path / "night"), "-o", str(tmp_path / "fr"), "--lang", "fr"],
                                env=NO_ENVIRONMENT)
    english = CliRunner().invoke(cli, ["relay", str(tmp_path / "night"), "-o", str(tmp_path / "en")],
                                 env=NO_ENVIRONMENT)
    assert french.exit_code == english.exit_code == 0
    assert french.stdout.startswith(f"{tmp_path / 'fr'}\u00a0: 1 partie, ") and "fichiers écrits" in french.stdout
    assert english.stdout.startswith(f"{tmp_path / 'en'}: 1 game, ") and "files written" in english.stdout
    refused = CliRunner().invoke(cli, ["relay", str(tmp_path / "night"), "-o", str(tmp_path / "x"), "--delay", "1",
                                       "--lang", "fr"], env=NO_ENVIRONMENT)
    assert refused.exit_code == 2 and "un délai demande --watch" in refused.stderr


def test_serve_and_studio_refuse_in_the_environments_language(tmp_path):
    for command in ("serve", "studio"):
        french = CliRunner().invoke(cli, [command, str(tmp_path / "none")], env=FRENCH_ENVIRONMENT)
        english = CliRunner().invoke(cli, [command, str(tmp_path / "none")], env=NO_ENVIRONMENT)
        assert french.exit_code == english.exit_code == 2
        assert "n’est pas un dossier" in french.stderr or "n’est ni un dossier" in french.stderr, french.stderr
        assert "is not a folder" in english.stderr or "is neither a folder" in english.stderr
