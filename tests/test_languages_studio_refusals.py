"""The studio's refusals of an edit and its set-up form in French (docs/languages.md#the-studio):
each refusal is a code with parameters (notation/editing/refusals.py), said in English as it always
was and in French from the catalogue; the set-up form's labels, hints, choices and palette are
codes too (notation/editing/set_up_games.py), and a French request gets them in French."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from ludoscribe.notation import editing
from ludoscribe.notation.editing import EditProblem, EditRefused, set_up
from ludoscribe.notation.games import game_class
from ludoscribe.notation.languages import words
from ludoscribe.notation.reader import parse_record
from ludoscribe.notation.worded import Said
from ludoscribe.render.studio.app import create_app

FRENCH = words("fr")
NBSP = "\u00a0"
TOKEN = "studio-test-token"
RECORD = '[Game "Teblo"]\n[Yellow "Ann"]\n[Red "Bob"]\n[Result "*"]\n\n1. D4 H10 *\n'

# every code, with parameters, its English sentence and its French one
SENTENCES = [
    (EditProblem.NOT_A_PLACE, {"written": "4.x"}, "'4.x' is not a turn's place (such as 4 or 4.0.2)",
     "'4.x' n’est pas la place d’un tour (comme 4 ou 4.0.2)"),
    (EditProblem.START_NOT_A_TURN, {}, "the start is not a turn", "le départ n’est pas un tour"),
    (EditProblem.NO_TURN_AT, {"written": "7"}, "there is no turn at 7", "il n’y a pas de tour en 7"),
    (EditProblem.AT_TURN, {"turn": "T", "said": "S"}, "T: S", f"T{NBSP}: S"),
    (EditProblem.GAME_OVER, {"turn": "T", "ending": "E"}, "T: the game is already over: E",
     f"T{NBSP}: la partie est déjà finie{NBSP}: E"),
    (EditProblem.ON_MAIN_LINE, {}, "this turn is on the main line, in no variation",
     "ce tour est sur la ligne principale, dans aucune variante"),
    (EditProblem.NOTHING_TO_PASTE, {}, "there are no turns to paste", "il n’y a aucun tour à coller"),
    (EditProblem.AS_SAID, {"said": "S"}, "S", "S"),
    (EditProblem.COMMENT_BRACE, {}, "a comment cannot hold '}': it would end the comment",
     f"un commentaire ne peut pas contenir «{NBSP}}}{NBSP}»{NBSP}: il finirait le commentaire"),
    (EditProblem.COMMENT_COMMAND, {}, "a comment's words cannot hold '[%': commands are drawn with the board's tools",
     f"le texte d’un commentaire ne peut pas contenir «{NBSP}[%{NBSP}»{NBSP}: les commandes se dessinent avec les "
     "outils du plateau"),
    (EditProblem.NOT_A_NAG, {"number": 300}, "$300 is not a NAG ($1 to $255)", "$300 n’est pas une NAG (de $1 à $255)"),
    (EditProblem.NOT_A_COMMAND, {"written": "a b"}, "'a b' is not a command's name", "'a b' n’est pas un nom de commande"),
    (EditProblem.COMMAND_CANNOT_HOLD, {"written": "clk"}, "the [%clk] command cannot hold ']', '}' or '[%'",
     f"la commande [%clk] ne peut pas contenir «{NBSP}]{NBSP}», «{NBSP}}}{NBSP}» ni «{NBSP}[%{NBSP}»"),
    (EditProblem.NOT_MARKUP, {"written": "box", "kinds": ["arrow", "mark"]}, "'box' is not one of arrow, mark",
     "'box' n’est pas l’un de arrow, mark"),
    (EditProblem.NOT_AN_ITEM, {"written": "", "tag": "mark"},
     "'' is not an item of [%mark] (a cell, then words such as a colour)",
     "'' n’est pas un élément de [%mark] (une case, puis des mots comme une couleur)"),
    (EditProblem.NOT_A_TAG_NAME, {"written": "a b"}, "'a b' is not a tag name: letters, digits and '_'",
     f"'a b' n’est pas un nom de balise{NBSP}: lettres, chiffres et «{NBSP}_{NBSP}»"),
    (EditProblem.FIXED_TAG, {"tag": "Game"}, "the Game tag decides the game and its start: start a new record to change it",
     f"la balise Game décide du jeu et de son départ{NBSP}: commencez une nouvelle partie pour la changer"),
    (EditProblem.TAG, {"tag": "Date", "said": "S"}, "tag Date: S", f"balise Date{NBSP}: S"),
    (EditProblem.SAME_PLAYER, {"tag": "Yellow", "written": "Ann"},
     "Yellow is 'Ann' already: the two sides are two different players",
     f"Yellow est déjà 'Ann'{NBSP}: les deux camps sont deux joueurs différents"),
    (EditProblem.NOT_A_RESULT, {"written": "2-0"}, "'2-0' is not a result: 1-0, 0-1, 1/2-1/2 or *",
     f"'2-0' n’est pas un résultat{NBSP}: 1-0, 0-1, 1/2-1/2 ou *"),
    (EditProblem.RESULT_AGAINST_END, {"ending": "E", "result": "R", "given": "G"},
     "the game ended: E, so the result is R, not G", f"la partie est finie{NBSP}: E, le résultat est donc R et non G"),
    (EditProblem.RESULT_KEPT, {}, "the Result tag cannot be removed: set it to * for an unfinished game",
     f"la balise Result ne peut pas être retirée{NBSP}: mettez-la à * pour une partie inachevée"),
    (EditProblem.BAD_POSITION, {"said": "S"}, "bad Position tag: S", f"balise Position incorrecte{NBSP}: S"),
]


def test_every_refusal_code_has_its_sentences_here():
    assert [code for code, *_ in SENTENCES] == list(EditProblem)


@pytest.mark.parametrize("code, params, english, french", SENTENCES, ids=[str(row[0]) for row in SENTENCES])
def test_each_refusal_is_said_in_english_and_in_french_from_its_code(code, params, english, french):
    said = Said(code, **params)
    assert str(EditRefused(said)) == english
    assert EditRefused(said).message_in(FRENCH) == french


def teblo():
    return parse_record(RECORD, name="game.tgn")


def test_an_edit_refused_keeps_its_code_and_the_rules_reason_in_it():
    record = teblo()
    with pytest.raises(EditRefused) as error:
        editing.play(record, (1,), "D9")
    assert error.value.said.code is EditProblem.AT_TURN
    assert str(error.value).startswith("turn 2 Yellow: D9 is not next to")
    assert error.value.message_in(FRENCH).startswith(f"tour 2 Jaune{NBSP}: ")
    with pytest.raises(EditRefused) as error:
        editing.set_tag(record, "Red", " ann ")
    assert error.value.said.code is EditProblem.TAG
    assert error.value.message_in(FRENCH) == (f"balise Red{NBSP}: Yellow est déjà 'ann'{NBSP}: les deux camps sont "
                                             "deux joueurs différents")
    with pytest.raises(EditRefused) as error:
        editing.set_tag(record, "Date", "2026.02.30")
    assert error.value.message_in(FRENCH).startswith(f"balise Date{NBSP}: '2026.02.30' n’est pas une date")


# --- the set-up form ------------------------------------------------------------------------------

# English words of the set-up form's labels, hints, choices and palette
FORM_WORDS = ("pieces", "piece", "pawn", "pawns", "token", "stack", "puck", "pucks", "queen", "elastic", "Turns",
              "Turn", "number", "played", "since", "the", "of", "on", "home", "less", "board", "still", "place",
              "square", "nothing", "won", "game", "stands", "facing", "north", "taken", "short", "created",
              "Where", "hand", "support", "neutral", "bottom", "top", "countdown", "anarchy", "hill", "sudden", "death")


def english_in(text: str) -> list[str]:
    return [word for word in FORM_WORDS if re.search(rf"(?<![\w']){word}(?![\w'])", text)]


@pytest.mark.parametrize("game, variant", [("Teblo", ""), ("Staku", ""), ("Tektop", ""), ("Tekao", ""), ("TChako", ""),
                                           ("TChako", "anarchy")])
def test_the_set_up_form_is_said_in_french_and_in_english_as_it_was(game, variant):
    rules = game_class(game)(variant)
    position = rules.start_position()
    english, french = set_up.field_values(rules, position), set_up.field_values(rules, position, FRENCH)
    assert english == set_up.field_values(rules, position, words("en"))
    said = [field["label"] for field in french] + [field["hint"] for field in french]
    said += [name for field in french for _, name in field["choices"]] + [name for _, name in set_up.palette(rules, FRENCH)]
    assert [word for text in said for word in english_in(str(text))] == []
    assert [field["key"] for field in french] == [field["key"] for field in english]  # the same fields, in words


def test_a_refusal_of_the_set_up_form_names_the_field_in_french():
    rules = game_class("TChako")()
    code = rules.position_code(rules.start_position())
    with pytest.raises(ValueError) as error:
        set_up.set_fields(rules, code, {"white-created": "x"})
    assert str(error.value) == "Pucks White has created (sudden death): 'x' is not a whole number from 0 or more"
    assert error.value.refusal.as_json()["field"] == "Pucks White has created (sudden death)"  # the JSON as it was
    assert error.value.refusal.sentence_in(FRENCH).startswith(f"Palets créés par Blanc (mort subite){NBSP}: 'x' ")


# --- through the studio ---------------------------------------------------------------------------

@pytest.fixture
def client(tmp_path):
    folder = tmp_path / "game-folder"
    folder.mkdir()
    (folder / "game.tgn").write_text(RECORD, encoding="utf-8")
    return TestClient(create_app(folder, token=TOKEN), base_url="http://127.0.0.1")


def post(client: TestClient, data: dict, language: str):
    return client.post("/api/edit", json={"file": "game.tgn", "record": 0, **data},
                       headers={"X-Studio-Token": TOKEN, "accept-language": language})


def test_the_studio_says_a_refused_edit_in_the_requests_language(client):
    nag = {"at": "1", "action": "nag", "nag": 300}
    assert post(client, nag, "fr").json() == {"refused": "$300 n’est pas une NAG (de $1 à $255)"}
    assert post(client, nag, "en").json() == {"refused": "$300 is not a NAG ($1 to $255)"}
    kept = {"at": "", "action": "remove-tag", "name": "Result"}
    assert post(client, kept, "fr").json()["refused"].startswith("la balise Result ne peut pas être retirée")
    place = client.get("/api/record", params={"file": "game.tgn", "at": "x"}, headers={"accept-language": "fr"})
    assert place.status_code == 400 and place.json() == {"refused": "'x' n’est pas la place d’un tour (comme 4 ou 4.0.2)"}
    made = client.post("/api/new", json={"game": "Teblo", "tags": {"Position": "zz"}, "file": "new.tgn"},
                       headers={"X-Studio-Token": TOKEN, "accept-language": "fr"})
    assert made.json()["refused"].startswith(f"balise Position incorrecte{NBSP}: un code de position de Teblo")


def test_the_studios_set_up_form_is_french_for_a_french_request(client):
    french = client.get("/api/position", params={"game": "Tekao"}, headers={"accept-language": "fr"}).json()
    english = client.get("/api/position", params={"game": "Tekao"}).json()
    assert french["fields"][0]["label"] == "Pions armés de Bleu encore à poser (0 à 8)"
    assert english["fields"][0]["label"] == "Blue's weapon pieces still to place (0 to 8)"
    assert french["palette"][0] == ["H", "pion de Bleu, Grappin vers le nord"]
    assert english["palette"][0] == ["H", "Blue piece, Hook facing north"]
