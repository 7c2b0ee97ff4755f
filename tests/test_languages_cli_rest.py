"""What the command line still said in English under --lang fr, in French now
(docs/languages.md#the-command-line): the tables `ratings` prints as text and Markdown (their CSV
and JSON are data, the same in every language)."""

from __future__ import annotations

import re

from click.testing import CliRunner

from ludoscribe.cli.main import cli

NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}
# the English words of the tables, none of which a French table may hold outside the players' names
TABLE_WORDS = ("Rank", "Player", "Rating", "Deviation", "Games", "Last", "period", "History")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env=NO_ENVIRONMENT)
    return result.exit_code, result.stdout, result.stderr


def games(tmp_path) -> str:
    text = "".join(f'[Game "Staku"]\n[Event "Spring"]\n[Date "2026.03.0{day}"]\n[White "{white}"]\n[Black "{black}"]\n'
                   f'[Result "{result}"]\n\n{result}\n\n'
                   for day, (white, black, result) in enumerate([("Ann", "Bob", "1-0"), ("Bob", "Cy", "1/2-1/2")], 1))
    (tmp_path / "club.tgn").write_text(text, encoding="utf-8")
    return str(tmp_path / "club.tgn")


def english(text: str) -> list[str]:
    return [word for word in TABLE_WORDS if re.search(rf"\b{word}\b", text)]


def test_the_ratings_tables_are_headed_in_french(tmp_path):
    path = games(tmp_path)
    status, text, _ = run("ratings", path, "--lang", "fr", "--history")
    assert status == 0 and english(text) == []
    assert re.search(r"Rang +Joueur +Cote +Écart +Parties +Dernière période +Historique", text)
    status, markdown, _ = run("ratings", path, "--lang", "fr", "--format", "markdown")
    assert "| Rang | Joueur | Cote | Écart | Parties | Dernière période |" in markdown and english(markdown) == []
    _, as_before, _ = run("ratings", path, "--history")
    assert re.search(r"Rank +Player +Rating +Deviation +Games +Last period +History", as_before)
    assert run("ratings", path, "--history", "--lang", "en")[1] == as_before


def test_the_ratings_data_is_the_same_in_every_language(tmp_path):
    path = games(tmp_path)
    for form in ("csv", "json"):
        for history in ((), ("--history",)):
            assert run("ratings", path, "--format", form, *history, "--lang", "fr")[1] == \
                run("ratings", path, "--format", form, *history)[1]
