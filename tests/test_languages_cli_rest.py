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


def test_a_game_read_twice_is_noted_in_french_with_its_code(tmp_path):
    """The archive's note of a copy (notation/archive/duplicates.py `CopyNote`), by filter and ratings."""
    path = games(tmp_path)
    (tmp_path / "copy.tgn").write_text((tmp_path / "club.tgn").read_text(encoding="utf-8"), encoding="utf-8")
    copy = str(tmp_path / "copy.tgn")
    status, _, said = run("filter", str(tmp_path), "--unique", "--lang", "fr")
    assert status == 0 and said.splitlines()[0] == (f"{copy}\u00a0: la partie 1 est la même que {path}\u00a0: partie 1 "
                                                    "(mêmes joueurs et mêmes tours)\u00a0: gardée une seule fois")
    assert run("filter", str(tmp_path), "--unique")[2].splitlines()[0] == (
        f"{copy}: record 1 is the same game as {path}: record 1 (same players and turns): kept once")
    status, _, said = run("ratings", str(tmp_path), "--lang", "fr")
    assert said.splitlines()[0].endswith("(mêmes balises et mêmes tours)\u00a0: comptée une seule fois")


def test_the_copy_note_keeps_its_code_and_what_the_user_wrote():
    from ludoscribe.notation.archive.duplicates import CopyNote, SeenGames
    from ludoscribe.notation.languages import words

    note = SeenGames().note("White", 2, ("Yellow", 1), "counted")
    assert note.said.code is CopyNote.COUNTED
    assert note.said.sentence_in(words("fr")).startswith("White\u00a0: la partie 2 est la même que Yellow\u00a0:")
