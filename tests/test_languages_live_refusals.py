"""What the live server refuses or holds back, said from its code in the request's language
(docs/live.md#languages): a record over a budget in the viewer, an organiser's change the event
refuses, a typed turn the scoresheet refuses. In English, every byte as before."""

from __future__ import annotations

import re

from live_server import CODE, DEVICE
from starlette.testclient import TestClient

from ludoscribe.notation.events.folder import FolderProblem, read_game
from ludoscribe.notation.events.organising import OrganiserProblem
from ludoscribe.notation.languages import GAME_WORD, words
from ludoscribe.render.budgets import BudgetProblem
from ludoscribe.render.live.app import create_app
from ludoscribe.render.live.views import View, viewer

FRENCH = words("fr")
ORGANISER = "ORG1-ORG2"
SCORER = {"X-Event-Code": CODE, "X-Device": DEVICE}
ENGLISH_WORDS = ("not published", "diagram", "turn", "Yellow", "event", "paired", "round", "already", "is not")


def english_left(text: str) -> list[str]:
    return [word for word in ENGLISH_WORDS if re.search(rf"\b{word}\b", text)]


def test_the_viewer_says_a_record_over_a_budget_in_the_pages_language():
    marks = " ".join(f"[%mark D{1 + index % 9}]" for index in range(1001))
    game = read_game("busy.tgn", f'[Game "Teblo"]\n[Result "*"]\n\n1. D4 {{[%diagram] {marks}}} *\n'.encode())
    english, french = (viewer(View.whole(game), said) for said in (words("en"), FRENCH))
    assert english == ('<p class="ls-problem">4:4: turn 1 Yellow: not published: its diagram would draw more than '
                       "1000 marks, arrows, labels and dimmed cells, the most one diagram draws (see Budgets in the "
                       "publishing guide)</p>")
    busy = BudgetProblem.DIAGRAM_TOO_BUSY.say({"limit": 1000}, FRENCH)
    turn = FRENCH.gettext("turn {number} {side}").format(number=1, side=FRENCH.pgettext(GAME_WORD, "Yellow"))
    said = FRENCH.gettext("{turn}: {message}").format(turn=turn, message=busy)
    assert french == f'<p class="ls-problem">4:4: {said}</p>' and english_left(french) == []


def test_the_organisers_refusals_are_said_in_the_pages_language(tmp_path):
    with TestClient(create_app(tmp_path, CODE, organiser_code=ORGANISER)) as client:
        asked = {"X-Organiser-Code": ORGANISER, "Accept-Language": "fr-FR,fr;q=0.9"}
        answer = client.get("/api/organise", headers=asked)
        expected = OrganiserProblem.NO_EVENT_FILE.say({"path": str(tmp_path), "file": "event.toml"}, FRENCH)
        assert (answer.status_code, answer.json()["refused"]) == (409, expected)
        english = client.get("/api/organise", headers={"X-Organiser-Code": ORGANISER}).json()["refused"]
        assert english == f"{tmp_path} has no event.toml: make it with ludoscribe event new"


def test_an_organisers_change_refused_after_pairing_is_said_in_french(tmp_path):
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli
    runner = CliRunner()
    assert runner.invoke(cli, ["event", "new", str(tmp_path), "--name", "Club", "--game", "teblo",
                               "--rounds", "3"]).exit_code == 0
    for name in ("Ana", "Bo", "Cy", "Di"):
        assert runner.invoke(cli, ["event", "player", "add", str(tmp_path), name]).exit_code == 0
    with TestClient(create_app(tmp_path, CODE, organiser_code=ORGANISER)) as client:
        boss = {"X-Organiser-Code": ORGANISER}
        assert client.post("/api/organise/pair", headers=boss, json={}).status_code == 200
        answer = client.post("/api/organise/bye?lang=fr", headers=boss, json={"name": "Ana", "round": 1})
        assert answer.status_code == 409
        assert answer.json()["refused"] == OrganiserProblem.TOO_LATE_FOR_BYE.say({"number": 1}, FRENCH)
        english = client.post("/api/organise/bye?lang=en", headers=boss, json={"name": "Ana", "round": 1}).json()["refused"]
        assert english == "round 1 is paired already: too late to give a bye in it"


def test_a_typed_turn_the_scoresheet_refuses_is_said_in_the_phones_language(tmp_path):
    with TestClient(create_app(tmp_path, CODE)) as client:
        name = client.post("/api/games", headers=SCORER, json={"game": "Teblo", "round": "1", "board": "1",
                                                               "players": ["Ann", "Bob"]}).json()["name"]
        for typed, written in (("Z9", "Z9"), ("D4 D5", "D4 D5"), ("D4!!?", "D4!")):
            for language, expected in (
                    ("fr", f"tour 1 Jaune\u00a0: '{written}' n’est pas un tour de Teblo (un déplacement comme D4 ou une "
                           "pose comme (H9))"),
                    ("en", f"turn 1 Yellow: {written!r} is not a Teblo turn (a step like D4 or a placement like (H9))")):
                answer = client.post(f"/api/games/{name}/actions?lang={language}", headers=SCORER,
                                     json={"id": f"{language}{typed}", "ply": 0, "kind": "turn", "text": typed})
                assert (answer.status_code, answer.json()["refused"]) == (409, expected), typed
                if language == "fr":
                    assert english_left(answer.json()["refused"]) == [], typed


def test_the_event_folders_refusals_are_said_in_the_phones_language(tmp_path):
    """A game made twice, and an action meant for a position the record has left: the folder's
    codes (FolderProblem), said in French, and in English as before."""
    game = {"game": "Teblo", "round": "2", "board": "3", "players": ["Ann", "Bob"]}
    with TestClient(create_app(tmp_path, CODE)) as client:
        name = client.post("/api/games", headers=SCORER, json=game).json()["name"]
        again = {language: client.post(f"/api/games?lang={language}", headers=SCORER, json=game)
                 for language in ("fr", "en")}
        assert again["fr"].json()["refused"] == FolderProblem.EXISTS.say(
            {"number": "2", "board": "3", "path": name}, FRENCH)
        assert again["en"].json()["refused"] == f"round 2 board 3 exists already ({name}): open it to record it"
        late = {"id": "late", "ply": 1, "kind": "undo", "text": ""}
        answer = client.post(f"/api/games/{name}/actions?lang=fr", headers=SCORER, json=late)
        assert (answer.status_code, answer.json()["refused"]) == (409, FolderProblem.MOVED_ON.say(
            {"plies": 0, "ply": 1, "key": "undo"}, FRENCH))
        assert english_left(answer.json()["refused"]) == []
