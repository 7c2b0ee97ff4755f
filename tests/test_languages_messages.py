"""The messages room in French (docs/languages.md#the-command-line): every problem of the format
is a code with parameters (notation/problems.py), `check --lang fr` says each kind of problem of
docs/format.md#problem-codes in French with its file, line, column and turn, the environment
chooses the language as --lang does, English stays byte for byte, and JSON is the same in every
language."""

from __future__ import annotations

import io
import json
import re

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check
from ludoscribe.notation.jsonio import SchemaError, read_json
from ludoscribe.notation.languages import catalogues, words
from ludoscribe.notation.model import Problem, ProblemCode
from ludoscribe.notation.problems import FormatProblem, Saying
from ludoscribe.notation.reader import read_records
from ludoscribe.notation.worded import Said

FRENCH = words("fr")
# the English words of the command line's messages, none of which a French line may hold
# outside what the record wrote
ENGLISH_WORDS = {"turn", "line", "column", "not", "is", "are", "the", "record", "records", "expected", "found",
                 "tag", "missing", "must", "variation", "variations", "result", "closes", "comment", "number",
                 "follow", "followed", "with", "of", "and", "after", "deep", "bytes", "characters", "valid",
                 "checked", "file", "files", "problems", "differs", "contradicts", "over", "already", "malformed",
                 "appears", "twice", "unknown", "bad", "text", "no", "its", "it", "by", "in", "to", "fit", "does",
                 "range", "holds", "nested", "game", "end", "ends", "input", "read", "known", "none", "or"}
NO_ENVIRONMENT = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}


def teblo(movetext: str, tags: str = "", result: str = "*") -> str:
    return f'[Game "Teblo"]\n{tags}[Result "{result}"]\n\n{movetext}\n'


DRAWN = "1. D4 I9 2. D3 I10 3. D4 I9 4. D3 I10 5. D4 I9 6. D3 I10"  # the same four turns three times
# one record for each kind of problem `check` finds (docs/format.md#problem-codes; `budget` is
# found by `site`, not by `check`), with a movetext problem the format's own where the kind has one
KINDS = [
    (b'[Game "Teblo"]\n[Result "*"]\n\n1. D4 \xff *\n', "encoding"),
    (b'[Game "Teblo"]\n[Result "*"]\n\n{' + b"x" * ((1 << 20) + 1) + b"} 1. D4 *\n", "too-long"),
    (teblo("1. D4 *", '[Event "Open"]\n[Event "Open"]\n').encode(), "tag"),
    (b'[Game "Teblo"]\n\n1. D4 *\n', "missing-tag"),
    (b'[Result "*"]\n\n1. D4 *\n', "missing-tag"),
    (b'[Game "Chess"]\n[Result "*"]\n\n1. e4 *\n', "game"),
    (teblo("1. D4 *", '[Variant "fast"]\n').encode(), "game"),
    (teblo("1. D4 *", '[SetUp "1"]\n').encode(), "position"),
    (teblo("1. D4 } *").encode(), "syntax"),
    (teblo("1. D4 I9 2. *").encode(), "syntax"),
    (teblo("1. D4 2. H10 *").encode(), "number"),
    (teblo("1. D4 $300 *").encode(), "nag"),
    (teblo("$1 1. D4 *").encode(), "nag"),
    (teblo("1. D4 ) *").encode(), "variation"),
    (teblo("1. D4 (1. D2 *").encode(), "variation"),
    (teblo("1. D4 (1. ) *").encode(), "variation"),
    (teblo("1. D4 0-1").encode(), "result"),
    (teblo("1. D4 * H10").encode(), "result"),
    (teblo("1. D4").encode(), "result"),
    (teblo("1. D4 D6 *").encode(), "illegal-turn"),
    (teblo(f"{DRAWN} 7. D4 1/2-1/2", result="1/2-1/2").encode(), "game-over"),
    (teblo(f"{DRAWN} 1-0", result="1-0").encode(), "result-contradicts"),
    (json.dumps({"format": "tgn-json", "version": 1, "records": [
        {"tags": {"Game": "Teblo", "Result": "*"}, "moves": [{"turn": 4}], "result": "*"}]}).encode(), "json"),
    (b'{"format": "tgn-json", "version": 1, "records": [{"tags": {"Game": "Teblo", "Result": "*"}, "moves": [], '
     b'"result": "*"} 5]}', "json"),
]


def test_the_messages_room_is_translated_whole():
    """No text of the messages room is left without its French, or with French marked fuzzy."""
    untranslated = []
    for message in catalogues.read("fr", "messages"):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            untranslated.append((message.context, message.id))
    assert untranslated == []


def test_every_format_problem_has_its_french_template():
    for code in FormatProblem:
        french = FRENCH.pgettext(f"FormatProblem:{code}", code.template)
        assert french != code.template, code


@pytest.mark.parametrize("data, kind", KINDS, ids=[f"{kind}-{n}" for n, (_, kind) in enumerate(KINDS)])
def test_each_problem_keeps_the_code_and_parameters_it_is_said_from(data, kind):
    problems = _problems(data, kind)
    assert [problem.code for problem in problems] == [kind]
    (problem,) = problems
    assert isinstance(problem.said, Said) and problem.said.sentence == problem.message
    assert problem.turn is None or isinstance(problem.turn, Saying)


def _problems(data: bytes, kind: str) -> list[Problem]:
    """The problems `check` finds in a file holding `data`."""
    records = read_json(data.decode()) if kind == "json" else read_records(io.BytesIO(data))
    problems = []
    try:
        for record in records:
            check(record)
            problems += record.problems
    except SchemaError as error:  # the document itself, as `check` reports it
        problems.append(error.problem())
    return problems


def _check(tmp_path, data: bytes, *options: str, env: dict[str, str | None] | None = None):
    path = tmp_path / ("game.json" if data.startswith(b"{") else "game.tgn")
    path.write_bytes(data)
    result = CliRunner().invoke(cli, ["check", *options, str(path)], env={**NO_ENVIRONMENT, **(env or {})})
    return path, result


def _english_words(line: str) -> set[str]:
    """The English interface words of a line, leaving out what the record wrote (quoted)."""
    line = re.sub(r"'[^']*'|\"[^\"]*\"|«[^»]*»|\$\.[\w.\[\]]*", " ", line)  # and JSON paths, $.records[0]
    return {word for word in re.findall(r"[A-Za-z]+", line)} & ENGLISH_WORDS


def _rules_words(problem) -> list[str]:
    """The parts of a French problem line that the rules' room says (a refusal, an ending, a
    side, a game's turns), which their own catalogue and tests answer for."""
    said, parts = problem.said, []
    if said is not None and type(said.code) is not FormatProblem:
        parts.append(said.sentence_in(FRENCH))
    for value in (said.params.values() if said is not None else ()):
        if hasattr(value, "reason_in"):
            parts.append(value.reason_in(FRENCH))
        if isinstance(value, Said) and type(value.code) is not FormatProblem:
            parts.append(value.sentence_in(FRENCH))
    for inner in (said, *(said.params.values() if said is not None else ())):
        if isinstance(inner, Said) and "turns" in inner.params:  # the game's example of its turns
            parts.append(FRENCH.pgettext("game word", str(inner.params["turns"])))
    if isinstance(problem.turn, Saying):
        parts.append(FRENCH.pgettext("game word", str(problem.turn.said.params["side"])))
    return parts


@pytest.mark.parametrize("data, kind", KINDS, ids=[f"{kind}-{n}" for n, (_, kind) in enumerate(KINDS)])
def test_check_in_french_says_each_kind_of_problem_in_french(tmp_path, data, kind):
    path, result = _check(tmp_path, data, "--lang", "fr")
    english_path, english = _check(tmp_path, data)
    assert (result.exit_code, english.exit_code) == (1, 1)
    (line,) = result.stdout.splitlines()
    (english_line,) = english.stdout.splitlines()
    assert line != english_line
    (problem,) = _problems(data, kind)
    said = line.removeprefix(f"{path}:")
    if problem.line is not None:  # the file, the line and the column, as in English
        assert said.startswith(f"{problem.line}:{problem.column}: ")
        said = said.removeprefix(f"{problem.line}:{problem.column}: ")
    else:
        assert said.startswith(" partie 1\u00a0: ")
    if problem.turn is not None:  # the turn, by its French word
        number = problem.turn.said.params["number"]
        side = FRENCH.pgettext("game word", problem.turn.said.params["side"])
        assert said.startswith(f"tour {number} {side}\u00a0: ")
    assert said.endswith(problem.message_in(FRENCH))
    for part in _rules_words(problem):
        said = said.replace(part, " ")
    assert _english_words(said) == set(), line
    assert _english_words(result.stderr) == set(), result.stderr


def test_the_summary_in_french(tmp_path):
    (tmp_path / "a.tgn").write_text(teblo("1. D4 I9 *") + "\n" + teblo("1. D4 } *"), encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", "--lang", "fr", str(tmp_path / "a.tgn"), str(tmp_path / "none.tgn")],
                                env=NO_ENVIRONMENT)
    summary = result.stderr.splitlines()[-1]
    assert summary == ("vérification de 2 parties dans 1 fichier\u00a0: 1 valide, 1 avec des problèmes"
                       "\u00a0; lecture impossible pour 1 entrée")


def test_the_environment_chooses_french_and_lang_en_keeps_englishs_bytes(tmp_path):
    data = teblo("1. D4 } *").encode()
    _, french = _check(tmp_path, data, "--lang", "fr")
    _, environ = _check(tmp_path, data, env={"LANG": "fr_FR.UTF-8"})
    assert (environ.stdout, environ.stderr) == (french.stdout, french.stderr)
    assert "tour 1 " in environ.stdout
    path, english = _check(tmp_path, data, "--lang", "en", env={"LANG": "fr_FR.UTF-8"})
    _, default = _check(tmp_path, data)
    assert (english.stdout, english.stderr) == (default.stdout, default.stderr)
    assert english.stdout == f"{path}:4:7: turn 1 Red: '}}' closes no comment\n"
    assert english.stderr.splitlines()[-1] == "checked 1 record in 1 file: 0 valid, 1 with problems"


@pytest.mark.parametrize("data, kind", KINDS[::3], ids=[kind for _, kind in KINDS[::3]])
def test_check_json_is_the_same_in_every_language(tmp_path, data, kind):
    _, french = _check(tmp_path, data, "--json", "--lang", "fr")
    _, english = _check(tmp_path, data, "--json", "--lang", "en")
    assert french.stdout == english.stdout
    assert [problem["code"] for problem in json.loads(french.stdout)["problems"]] == [kind]


def test_every_kind_of_the_docs_table_but_budget_is_checked_in_french():
    assert {kind for _, kind in KINDS} == {code.value for code in ProblemCode} - {"budget"}


def _run(*args: str, env: dict[str, str | None] | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), env={**NO_ENVIRONMENT, **(env or {})})
    return result.exit_code, result.stdout, result.stderr


def _no_english(text: str, *names: str) -> set[str]:
    """The English interface words of a command's output, the names given (players, the event) left out."""
    for name in names:
        text = text.replace(name, " ")
    return _english_words(text)


PLAYERS = ("Ana de Wit", "Bo Lind", "Cy Moss")


@pytest.fixture
def club_night(tmp_path):
    pytest.importorskip("tomlkit")
    pytest.importorskip("caissify_pairings")
    folder = tmp_path / "night"
    assert _run("event", "new", str(folder), "--name", "Printemps", "--game", "teblo", "--rounds", "3")[0] == 0
    for name in PLAYERS:
        assert _run("event", "player", "add", str(folder), name, "--lang", "fr")[1] == f"{name} inscrit\n"
    return folder


def test_an_event_is_organised_in_french(club_night):
    folder = str(club_night)
    status, paired, _ = _run("pair", folder, "--lang", "fr")
    assert status == 0 and paired.splitlines()[0] == "Ronde 1 de Printemps"
    assert "exempt" in paired and _no_english(paired, *PLAYERS) == set()
    status, shown, _ = _run("event", "show", folder, env={"LANG": "fr_FR.UTF-8"})
    assert status == 0 and "1 rondes appariées sur 3" in shown and "Joueur" in shown and "Ronde 1" in shown
    assert _no_english(shown, *PLAYERS, "Printemps", "teblo", "swiss") == set()
    status, said, _ = _run("event", "player", "withdraw", folder, "Cy Moss", "--lang", "fr")
    assert said == "Cy Moss retiré à partir de la ronde 2\n"
    status, _, refused = _run("pair", str(club_night / "none"), "--lang", "fr")
    assert status == 2 and "n’est pas un dossier" in refused


def test_an_input_that_gives_no_record_is_said_in_french(tmp_path):
    (tmp_path / "empty").mkdir()
    result = CliRunner().invoke(cli, ["check", "--lang", "fr", str(tmp_path / "empty")], env=NO_ENVIRONMENT)
    assert result.stderr.splitlines()[0] == f"{tmp_path / 'empty'}\u00a0: aucun fichier .tgn ou .json dans ce dossier"
    english = CliRunner().invoke(cli, ["check", str(tmp_path / "empty")], env=NO_ENVIRONMENT)
    assert english.stderr.splitlines()[0] == f"{tmp_path / 'empty'}: no .tgn or .json file in this folder"


def test_the_event_commands_keep_their_english(club_night):
    folder = str(club_night)
    assert _run("pair", folder, "--lang", "en")[1].splitlines()[0] == "Round 1 of Printemps"
    english = _run("event", "show", folder, "--lang", "en")
    assert english == _run("event", "show", folder)
    assert english[1].splitlines()[0] == "Printemps: Teblo, swiss, 1 of 3 rounds paired"


def test_ratings_notes_in_french(tmp_path):
    (tmp_path / "a.tgn").write_text(teblo("1. D4 I9 *"), encoding="utf-8")
    status, _, said = _run("ratings", str(tmp_path / "a.tgn"), "--lang", "fr")
    assert said == "aucune partie terminée entre deux joueurs nommés\n"
    assert _run("ratings", str(tmp_path / "a.tgn"))[2] == "no finished game between two named players\n"


SESSION = "Club\nLeiden\n2026.3.14\n2026.03.14\n1\n1\nAna\nBo\nD4\nclock 99\ncomment\nresult 2-0\nresult 1-0\nn\nquit\n"


def test_a_game_is_recorded_in_french(tmp_path):
    path = str(tmp_path / "soir" / "ronde1-table1.tgn")
    result = CliRunner().invoke(cli, ["record", "teblo", "-o", path, "--lang", "fr"], input=SESSION, env=NO_ENVIRONMENT)
    said = result.stdout
    assert result.exit_code == 0
    assert "refusé\u00a0: '2026.3.14' n’est pas une date" in said
    assert "tour 1 " in said and "'99' n’est pas un temps restant" in said and "le commentaire est vide" in said
    assert "Finir la partie sur 1-0\u00a0: " in said and "Pas finie." in said
    assert said.rstrip().endswith(f"{path} enregistrée\u00a0: 1 tour, inachevée")
    prompts = ("Event", "Site", "Date", "Round", "Board", "[y/N]")  # the tags asked for and click's own question
    typed = SESSION.splitlines()  # what the scorer typed, which the terminal shows
    sides = [FRENCH.pgettext("game word", side) for side in ("Yellow", "Red")]
    assert _no_english(said, path, *sorted(typed, key=len, reverse=True), *prompts, *sides, "Yellow", "Red") == set()


def test_a_game_recorded_in_english_is_as_it_was(tmp_path):
    runs = []
    for options in ((), ("--lang", "en")):
        path = tmp_path / str(len(runs)) / "night" / "game.tgn"
        result = CliRunner().invoke(cli, ["record", "teblo", "-o", str(path), *options], input=SESSION,
                                    env=NO_ENVIRONMENT)
        runs.append(result.stdout.replace(str(path), "PATH"))
    assert runs[0] == runs[1]
    assert "refused: '99' is not a time left H:MM:SS (e.g. 0:58:12)" in runs[0]
    assert runs[0].rstrip().endswith("saved PATH: 1 turn, unfinished")
