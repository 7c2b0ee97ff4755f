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


# --- the event file's problems ---------------------------------------------------------------------

EVENT_WORDS = ("is", "not", "the", "player", "round", "of", "event", "key", "a", "whole", "number", "from", "to",
               "list", "table", "tables", "paired", "plays", "name", "same", "each", "entered", "once", "and", "more")


def english_words(text: str) -> list[str]:
    """The English words of an event file's problems left in a line (keys and quoted names taken out)."""
    text = re.sub(r"'[^']*'|\"[^\"]*\"|\[\[?\w+\]?\]|\([a-z_, ]+\)|\b[a-z]+_[a-z_]+\b|\brounds?\b = \d|\bname = ",
                  " ", text)
    return [word for word in EVENT_WORDS if re.search(rf"(?<![\w/.-]){word}(?![\w/.-])", text)]


def night(tmp_path):
    folder = tmp_path / "night"
    assert run("event", "new", str(folder), "--name", "Spring", "--game", "teblo", "--rounds", "3")[0] == 0
    for name in ("Ana", "Bo"):
        assert run("event", "player", "add", str(folder), name)[0] == 0
    return folder


def test_the_event_files_problems_are_said_in_french(tmp_path):
    folder = night(tmp_path)
    path = folder / "event.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('name = "Spring"', 'name = "Spring"\nround_count = 3')
                    + '[[player]]\nname = "ana"\n[[player]]\nname = "Fe"\nrating = "high"\n'
                    '[[round]]\nnumber = 1\nboards = [{first = "Ana", second = "Zed"}]\n', encoding="utf-8")
    status, _, english = run("event", "show", str(folder))
    status_fr, _, french = run("event", "show", str(folder), "--lang", "fr")
    assert status == status_fr == 1
    lines, french_lines = english.splitlines(), french.splitlines()
    assert len(lines) == len(french_lines) >= 5
    assert any(line.endswith("'round_count' is not a key of an event file (name, site, dates, game, variant, rounds, "
                              "pairing, tie_breaks, points, bye_points, requested_bye, same_club_apart, forbidden, "
                              "player, round)") for line in lines)
    assert any("joueur 'ana'\u00a0: le même nom que le joueur 1 ('Ana')" in line for line in french_lines)
    assert any("joueur 'Fe'\u00a0: rating vaut 'high'\u00a0: un nombre entier de 0 à 4000" in line
               for line in french_lines)
    assert any("ronde 1\u00a0: 'Zed' n’est pas un joueur du tournoi" in line for line in french_lines)
    for line in french_lines:
        assert english_words(line.replace(str(path), "")) == [], line


def test_every_event_file_problem_has_its_french():
    from ludoscribe.notation.events.event_file import EventProblem
    from ludoscribe.notation.languages import words
    from ludoscribe.notation.languages.worded import context

    french = words("fr")
    same = [code for code in EventProblem if french.pgettext(context("EventProblem", str(code)), code.template)
            == code.template]
    assert same == []


def test_an_organisers_change_refused_is_said_in_french_from_its_code(tmp_path):
    folder = str(night(tmp_path))
    english = run("event", "forfeit", folder, "2", "1", "1-0")
    french = run("event", "forfeit", folder, "2", "1", "1-0", "--lang", "fr")
    assert english[0] == french[0] == 1
    assert english[2] == "Error: round 2 is not paired yet\n"
    assert french[2] == "Error: la ronde 2 n’est pas encore appariée\n"  # click's own "Error:" stays


def test_every_organisers_refusal_has_its_french():
    from ludoscribe.notation.events.organising import OrganiserProblem
    from ludoscribe.notation.languages import words
    from ludoscribe.notation.languages.worded import context

    french = words("fr")
    assert [code for code in OrganiserProblem if code.template not in ("{said}",)
            and french.pgettext(context("OrganiserProblem", str(code)), code.template) == code.template] == []


def test_a_round_files_problem_is_said_in_french_with_its_names_as_written(tmp_path):
    folder = night(tmp_path)
    (folder / "round2-board1.tgn").write_text('[Game "Teblo"]\n[Result "*"]\n\n*\n', encoding="utf-8")
    status, _, english = run("event", "show", str(folder))
    status_fr, _, french = run("event", "show", str(folder), "--lang", "fr")
    assert status == status_fr == 1
    assert english == ("problem: round2-board1.tgn: not a board the event paired (event.toml): its result is not "
                       "counted\n")
    assert french == ("problème\u00a0: round2-board1.tgn\u00a0: pas une table appariée par le tournoi (event.toml)\u00a0: "
                      "son résultat n’est pas compté\n")


def test_an_output_that_exists_already_is_refused_in_french(tmp_path):
    path = games(tmp_path)
    out = tmp_path / "kept.tgn"
    out.write_text("mine\n", encoding="utf-8")
    english = run("filter", path, "-o", str(out))
    french = run("filter", path, "-o", str(out), "--lang", "fr")
    assert english[0] == french[0] == 2 and out.read_text(encoding="utf-8") == "mine\n"
    assert english[2] == f"Error: {out}: exists already (--force replaces it)\n"
    assert french[2] == f"Error: {out}\u00a0: existe déjà (--force le remplace)\n"
    assert run("ratings", path, "-o", str(out), "--lang", "fr")[2] == french[2]


def test_a_pairing_refused_is_said_in_french_from_its_code():
    from ludoscribe.notation.events.pairings import PairingError, PairingProblem, Request, pair
    from ludoscribe.notation.events.rounds import Rounds
    from ludoscribe.notation.languages import words
    from ludoscribe.notation.problems import message_of, sentence_in

    try:
        pair(Rounds([]), Request("swiss", 1, 3, frozenset({1})))
    except PairingError as error:
        said = message_of(error)
    assert said == "round 1 has 1 player(s) to pair: a game needs two" and said.said.code is PairingProblem.TOO_FEW
    assert sentence_in(said, words("fr")) == "la ronde 1 a 1 joueur à apparier\u00a0: une partie en demande deux"
