"""The studio's server (docs/annotating.md), through Starlette's test client: records listed and
shown, edits saved at once, the token, the Host, the paths, files changed on disk, undo and redo,
and hostile records shown as text."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from hostile_records import CORPUS as HOSTILE  # noqa: E402
from ludoscribe.notation.games import SetUpRefusal  # noqa: E402
from ludoscribe.notation.games.staku import StakuSetUp  # noqa: E402
from ludoscribe.notation.games.teblo import TebloSetUp  # noqa: E402
from ludoscribe.render.studio.app import create_app  # noqa: E402
from test_studio_editing import TEBLO  # noqa: E402

TOKEN = "test-token-0123456789"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "one.tgn").write_text(TEBLO + "\n" + TEBLO.replace("Ann", "Cy"), encoding="utf-8")
    (tmp_path / "secret.tgn").write_text(TEBLO, encoding="utf-8")
    return tmp_path / "games"


@pytest.fixture
def client(folder: Path):
    with TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8010") as test_client:
        yield test_client


def edit(client, action: str, token: str = TOKEN, **data):
    return client.post("/api/edit", json={"file": "one.tgn", "record": 1, "at": "", "action": action, **data},
                       headers={"X-Studio-Token": token})


def test_the_page_holds_the_token_and_no_inline_script(client) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert f'<meta name="studio-token" content="{TOKEN}">' in page.text
    assert all(re.search(r"\bsrc=", tag) for tag in re.findall(r"<script[^>]*>", page.text))
    for word in ("Comment", "NAG", "Arrow", "Mark", "Label", "Dim", "Promote", "Delete", "Undo", "Redo"):
        assert word in page.text
    assert client.get("/static/studio.js").status_code == 200
    assert client.get("/static/../app.py").status_code == 404


def test_records_are_listed_and_shown_with_the_board_and_the_current_turn(client) -> None:
    rows = client.get("/api/records").json()["records"]
    assert [(row["file"], row["record"]) for row in rows] == [("one.tgn", 0), ("one.tgn", 1)]
    assert rows[1]["title"].startswith("Cy – Bo")
    shown = client.get("/api/record", params={"file": "one.tgn", "record": 1, "at": "1"}).json()
    assert 'role="img"' in shown["board"] and "position after turn 1 Red H10" in shown["label"]
    assert re.search(r'data-at="1" aria-current="step"', shown["moves"])
    assert shown["nav"] == {"back": "0", "forward": "2", "up": None, "down": None, "first": "", "last": "2"}
    assert shown["comment"] == "" and shown["markup"] == []


def test_every_write_needs_the_token_and_the_host_of_this_computer(client, folder: Path) -> None:
    before = (folder / "one.tgn").read_bytes()
    assert edit(client, "play", token="wrong", at="2", turn="H9").status_code == 403
    assert client.post("/api/undo", json={"file": "one.tgn", "record": 1}).status_code == 403
    rebound = client.post("/api/edit", headers={"Host": "attacker.example:8010", "X-Studio-Token": TOKEN},
                          json={"file": "one.tgn", "record": 1, "at": "2", "action": "play", "turn": "H9"})
    assert rebound.status_code == 403
    assert client.get("/", headers={"Host": "attacker.example"}).status_code == 403
    assert (folder / "one.tgn").read_bytes() == before


def test_only_the_files_under_path_are_read(client) -> None:
    for name in ("../secret.tgn", "/etc/passwd", "games/../../secret.tgn", "secret.tgn"):
        assert client.get("/api/record", params={"file": name, "record": 0, "at": ""}).status_code == 404


def test_an_edit_is_saved_at_once_and_undone_and_redone(client, folder: Path) -> None:
    path = folder / "one.tgn"
    before = path.read_bytes()
    answer = edit(client, "play", at="2", turn="H9")
    assert answer.status_code == 200 and answer.json()["at"] == "3"
    assert path.read_text(encoding="utf-8").count("H9") == 1
    assert path.read_text(encoding="utf-8").startswith(TEBLO)  # the other record as it was
    assert edit(client, "markup", at="3", kind="arrow", item="H9-H8 red").json()["markup"] == ["arrow H9-H8 red"]
    assert edit(client, "nag", at="3", nag=1).json()["nags"] == [1]
    assert edit(client, "comment", at="3", text="Forward").json()["comment"] == "Forward"
    assert "2. D5 H9! {Forward} {[%arrow H9-H8 red]} *" in " ".join(path.read_text(encoding="utf-8").split())
    refused = edit(client, "play", at="3", turn="Z1")
    assert refused.status_code == 409 and "turn 3 Yellow" in refused.json()["refused"]
    for _ in range(4):
        assert client.post("/api/undo", json={"file": "one.tgn", "record": 1},
                           headers={"X-Studio-Token": TOKEN}).status_code == 200
    assert path.read_bytes() == before
    assert client.post("/api/redo", json={"file": "one.tgn", "record": 1},
                       headers={"X-Studio-Token": TOKEN}).json()["at"] == "2"  # where the edit was made
    assert path.read_text(encoding="utf-8").count("H9") == 1


def test_a_file_changed_on_disk_is_shown_and_never_written_over(client, folder: Path) -> None:
    path = folder / "one.tgn"
    client.get("/api/record", params={"file": "one.tgn", "record": 1, "at": ""})
    theirs = path.read_text(encoding="utf-8").replace("Cy", "Someone")
    path.write_text(theirs, encoding="utf-8")
    os.utime(path, ns=(1, 1))
    assert client.get("/api/status", params={"file": "one.tgn"}).json() == {"changed": True}
    answer = edit(client, "play", at="2", turn="H9")
    assert answer.status_code == 409 and "changed on disk" in answer.json()["refused"]
    assert path.read_text(encoding="utf-8") == theirs
    reloaded = client.post("/api/reload", json={"file": "one.tgn", "record": 1, "at": ""},
                           headers={"X-Studio-Token": TOKEN}).json()
    assert reloaded["title"].startswith("Someone") and not reloaded["changed"]
    assert edit(client, "play", at="2", turn="H9").status_code == 200


def test_hostile_records_stay_text(tmp_path: Path) -> None:
    for hostile in HOSTILE:
        (tmp_path / f"{hostile.name}.tgn").write_text(hostile.text, encoding="utf-8")
    with TestClient(create_app(tmp_path, TOKEN), base_url="http://127.0.0.1:8010") as client:
        rows = client.get("/api/records").json()["records"]
        assert len(rows) >= len(HOSTILE)
        for row in rows:
            shown = client.get("/api/record", params={"file": row["file"], "record": row["record"], "at": ""}).json()
            for key in ("board", "moves"):
                elements = Elements()
                elements.feed(shown.get(key, ""))
                assert not elements.found & {"script", "img", "iframe", "a", "foreignobject"}, (row["file"], key)
                assert not any(name.startswith("on") or name == "href" for name in elements.attributes), row["file"]


class Elements(HTMLParser):
    """The elements and attribute names of an HTML text."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()
        self.attributes: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.add(tag)
        self.attributes.update(name for name, _ in attrs)


@pytest.mark.slow  # two studio processes started
def test_a_server_killed_mid_session_loses_nothing_saved(folder: Path) -> None:
    from studio_process import Studio

    path = folder / "one.tgn"
    studio = Studio(folder)
    try:
        token = studio.token()
        for at, turn in (("2", "H9"), ("3", "D6")):
            status, _ = studio.post("/api/edit", {"file": "one.tgn", "record": 0, "at": at, "action": "play",
                                                  "turn": turn}, token)
            assert status == 200
        assert studio.post("/api/edit", {"file": "one.tgn", "record": 0, "at": "", "action": "play", "turn": "D4"},
                           "not-the-token")[0] == 403
    finally:
        studio.kill()
    assert "2. D5 H9 3. D6 *" in " ".join(path.read_text(encoding="utf-8").split())
    assert not list(folder.glob("*.tmp*")) and sorted(p.name for p in folder.iterdir()) == [".one.tgn.lock", "one.tgn"]
    restarted = Studio(folder)
    try:
        status, shown = restarted.post("/api/undo", {"file": "one.tgn", "record": 0}, restarted.token())
        assert status == 409  # a new session: the edits of the one killed are saved, not undone by it
    finally:
        restarted.kill()


def test_a_new_record_of_any_game_is_made_in_a_new_file_or_at_the_end_of_one(client, folder: Path) -> None:
    games = [name for name, _ in client.get("/api/games").json()["games"]]
    assert {"Teblo", "Staku", "Tektop", "Tekao", "TChako"} <= set(games)
    headers = {"X-Studio-Token": TOKEN}
    made = client.post("/api/new", json={"game": "Staku", "file": "new/../x.tgn", "tags": {}}, headers=headers)
    assert made.status_code == 409
    made = client.post("/api/new", json={"game": "Staku", "file": "fresh.tgn", "tags": {"Variant": ""}},
                       headers=headers).json()
    assert made["file"] == "fresh.tgn" and made["record"] == 0 and made["game"] == "Staku"
    assert (folder / "fresh.tgn").read_text(encoding="utf-8").startswith('[Game "Staku"]\n')
    before = (folder / "one.tgn").read_bytes()
    made = client.post("/api/new", json={"game": "Teblo", "file": "one.tgn", "tags": {}}, headers=headers).json()
    assert made["record"] == 2 and (folder / "one.tgn").read_bytes().startswith(before)
    refused = client.post("/api/new", json={"game": "Teblo", "file": "two.tgn", "tags": {"Variant": "nonsense"}},
                          headers=headers)
    assert refused.status_code == 409 and "nonsense" in refused.json()["refused"]
    refused = client.post("/api/new", json={"game": "Teblo", "file": "two.tgn", "tags": {"Position": "not a position"}},
                          headers=headers)
    assert refused.status_code == 409 and "Position" in refused.json()["refused"] and not (folder / "two.tgn").exists()
    assert client.post("/api/new", json={"game": "Teblo", "file": "three.tgn", "tags": {}}).status_code == 403


def test_tags_are_edited_with_records_checks(client, folder: Path) -> None:
    assert edit(client, "tag", name="Date", value="2026.02.30").status_code == 409
    assert edit(client, "tag", name="Red", value="cy").status_code == 409
    assert dict(edit(client, "tag", name="Annotator", value="Me").json()["tags"])["Annotator"] == "Me"
    assert "Annotator" not in dict(edit(client, "remove-tag", name="Annotator").json()["tags"])
    assert '[Opening "Mine"]' in (folder / "one.tgn").read_text(encoding="utf-8")
    assert edit(client, "tag", name="Result", value="0-1").json()["said"] == "Saved. Result 0-1: Red (Bo) wins."
    assert '[Result "0-1"]' in (folder / "one.tgn").read_text(encoding="utf-8")


@pytest.mark.slow  # two sites built
def test_the_preview_is_the_record_page_site_makes_sandboxed_and_publish_builds_the_site(folder: Path,
                                                                                       tmp_path: Path) -> None:
    from ludoscribe.render.studio.publishing import SiteOptions

    options = SiteOptions(tmp_path / "site", "Club games", "mkdocs")
    with TestClient(create_app(folder, TOKEN, site=options), base_url="http://127.0.0.1:8010") as client:
        headers = {"X-Studio-Token": TOKEN}
        assert client.post("/api/preview", json={"file": "one.tgn", "record": 1}).status_code == 403
        address = client.post("/api/preview", json={"file": "one.tgn", "record": 1}, headers=headers).json()["url"]
        assert address.startswith("/preview/1/records/") and address.endswith(".html")
        page = client.get(address)
        assert page.status_code == 200 and "Cy" in page.text and "Bo" in page.text
        assert page.headers["content-security-policy"].startswith("sandbox allow-scripts")
        assert client.get("/preview/1/../../../one.tgn").status_code == 404
        assert client.get("/preview/x/index.html").status_code == 404
        said = client.post("/api/publish", json={}, headers=headers).json()["said"]
        assert said.startswith(f"Published 2 record(s) into {tmp_path / 'site'}")
        assert (tmp_path / "site" / "index.html").is_file()
    with TestClient(create_app(folder, TOKEN), base_url="http://127.0.0.1:8010") as client:
        refused = client.post("/api/publish", json={}, headers={"X-Studio-Token": TOKEN})
        assert refused.status_code == 409 and "--site FOLDER" in refused.json()["refused"]


def test_a_set_up_position_is_drawn_from_its_code_or_refused_with_the_games_reason(client) -> None:
    start = client.get("/api/position", params={"game": "Teblo", "variant": "", "code": ""}).json()
    assert start["code"].endswith("D3 I10 Y 1") and 'role="img"' in start["board"]
    shut = "12/12/12/12/12/12/12/2r9/1r1r8/2r9/12/12 D3 I10 Y 1"
    refused = client.get("/api/position", params={"game": "Teblo", "variant": "", "code": shut})
    cut_off = SetUpRefusal(TebloSetUp.PAWN_CUT_OFF, side="Yellow")  # the code, with the words shown
    assert refused.status_code == 409
    assert refused.json() == {"refused": f"bad Position tag: {cut_off}", "refusal": cut_off.as_json()}
    made = client.post("/api/new", json={"game": "Teblo", "file": "shut.tgn", "tags": {"Position": shut}},
                       headers={"X-Studio-Token": TOKEN})
    assert made.status_code == 409 and made.json()["refused"] == f"bad Position tag: {cut_off}"
    for game in ("Staku", "Tektop", "Tekao", "TChako"):
        code = client.get("/api/position", params={"game": game, "variant": "", "code": ""}).json()["code"]
        made = client.post("/api/new", json={"game": game, "file": f"study-{game}.tgn", "tags": {"Position": code}},
                           headers={"X-Studio-Token": TOKEN}).json()
        assert made["tags"][-1] == ["Position", code] or ["Position", code] in made["tags"]


def test_the_keys_lead_along_lines_and_between_variations() -> None:
    from ludoscribe.notation import editing
    from ludoscribe.render.studio.views import navigation
    from test_studio_editing import record

    read = record()
    editing.play(read, (0,), "I9")
    editing.play(read, (0,), "J10")
    editing.play(read, (1, 1, 0), "D5")
    assert navigation(read, ()) == {"back": None, "forward": "0", "up": None, "down": None, "first": None, "last": "2"}
    assert navigation(read, (0,))["down"] == "1.0.0"
    assert navigation(read, (1, 0, 0)) == {"back": "0", "forward": None, "up": "1", "down": "1.1.0", "first": "",
                                           "last": None}
    assert navigation(read, (1, 1, 0))["last"] == "1.1.1" and navigation(read, (1, 1, 1))["up"] == "1"


def test_a_single_file_is_the_only_one_opened_and_new_records_go_at_its_end(tmp_path: Path) -> None:
    path = tmp_path / "one.tgn"
    path.write_text(TEBLO, encoding="utf-8")
    (tmp_path / "other.tgn").write_text(TEBLO, encoding="utf-8")
    with TestClient(create_app(path, TOKEN), base_url="http://127.0.0.1:8010") as client:
        assert [row["file"] for row in client.get("/api/records").json()["records"]] == ["one.tgn"]
        assert client.get("/api/record", params={"file": "other.tgn", "record": 0, "at": ""}).status_code == 404
        made = client.post("/api/new", json={"game": "Tekao", "file": "", "tags": {}},
                           headers={"X-Studio-Token": TOKEN}).json()
        assert (made["file"], made["record"]) == ("one.tgn", 1)
    assert path.read_text(encoding="utf-8").startswith(TEBLO + "\n[Game \"Tekao\"]\n")


def test_a_json_file_is_edited_through_the_studio(tmp_path: Path) -> None:
    import io

    from ludoscribe.notation.jsonio import write_json
    from test_studio_editing import record

    out = io.StringIO()
    write_json([record(), record(TEBLO.replace("Ann", "Cy"))], out)
    path = tmp_path / "games.json"
    path.write_text(out.getvalue(), encoding="utf-8")
    with TestClient(create_app(tmp_path, TOKEN), base_url="http://127.0.0.1:8010") as client:
        answer = client.post("/api/edit", json={"file": "games.json", "record": 1, "at": "2", "action": "play",
                                                "turn": "H9"}, headers={"X-Studio-Token": TOKEN})
        assert answer.status_code == 200 and answer.json()["at"] == "3"
    from ludoscribe.notation.files import load

    records = list(load(str(path)))
    assert [len(read.moves) for read in records] == [3, 4] and records[1].tags["Yellow"] == "Cy"


def test_the_command_refuses_a_path_it_cannot_open_in_one_line() -> None:
    from click.testing import CliRunner

    from ludoscribe.cli.main import cli

    result = CliRunner().invoke(cli, ["studio", "no-such-folder", "--no-browser"])
    assert result.exit_code == 2 and "no-such-folder is neither a folder nor a .tgn or .json file" in result.output
    assert "Traceback" not in result.output


def test_a_set_up_cell_is_given_its_contents_through_the_studio(client) -> None:
    asked = {"game": "Staku", "variant": "", "code": "", "cell": "d4", "contents": ""}
    answer = client.get("/api/position", params=asked).json()
    assert answer["code"] == "bbbbbb/bbbbbbb/n1n2n1n/7/n1n2n1n/wwwwwww/wwwwww W 0 1"
    assert 'class="st-overlay"' in answer["board"] and answer["palette"][:3] == [
        ["n", "neutral token"], ["w", "White token"], ["b", "Black token"]]
    refused = client.get("/api/position", params={**asked, "contents": "nww"})
    assert refused.status_code == 409 and refused.json()["refusal"] == {
        "code": "too-many-tokens", "count": 15, "side": "White", "most": 13}


def test_the_page_is_sent_with_the_record_its_address_names_already_drawn(client) -> None:
    first = client.get("/").text
    assert 'role="img" aria-label="Teblo, start position, Yellow to play"' in first
    assert 'data-at="" aria-current="step">Start</button>' in first and 'aria-label="Record">' in first
    named = client.get("/", params={"file": "one.tgn", "record": 1, "at": "1"}).text
    assert re.search(r'data-at="1" aria-current="step"', named) and "Cy – Bo" in named
    missing = client.get("/", params={"file": "../secret.tgn", "record": 0, "at": ""}).text
    assert 'aria-label="Record" hidden>' in missing and 'role="img"' not in missing


def test_a_record_holding_the_pages_places_is_written_as_text(tmp_path: Path) -> None:
    (tmp_path / "odd.tgn").write_text(TEBLO.replace("Ann", "{moves} {token} <b>"), encoding="utf-8")
    with TestClient(create_app(tmp_path, TOKEN), base_url="http://127.0.0.1:8010") as client:
        page = client.get("/").text
    assert "{moves} {token} &lt;b&gt;" in page and page.count(TOKEN) == 1


def test_the_side_to_move_of_a_set_up_position_is_chosen_through_the_studio(client) -> None:
    answer = client.get("/api/position", params={"game": "Staku", "variant": "", "code": "", "side": "1"}).json()
    assert answer["code"].endswith(" B 0 1") and answer["side"] == 1 and answer["sides"] == ["White", "Black"]
    assert answer["sided"] is True


def test_a_set_up_cell_tapped_again_is_emptied_and_the_fields_are_set_through_the_studio(client) -> None:
    import json

    asked = {"game": "Staku", "variant": "", "code": "", "cell": "d4", "contents": "n", "again": "1"}
    assert client.get("/api/position", params=asked).json()["code"].startswith("bbbbbb/bbbbbbb/n1n2n1n/7/")
    given = {"game": "Staku", "variant": "", "code": "", "fields": json.dumps({"quiet": "5", "number": "9"})}
    answer = client.get("/api/position", params=given).json()
    assert answer["code"].endswith(" W 5 9")
    assert [(field["key"], field["label"], field["value"]) for field in answer["fields"]] == [
        ("quiet", "Turns played since the last capture (0 to 20)", "5"),
        ("number", "Turn number (of the turn about to be played)", "9")]
    refused = client.get("/api/position", params={**given, "fields": json.dumps({"quiet": "30"})})
    quiet = SetUpRefusal(StakuSetUp.QUIET_TOO_LONG, most=20)
    assert refused.status_code == 409
    assert refused.json() == {"refused": f"bad Position tag: {quiet}", "refusal": quiet.as_json()}
    wrong = client.get("/api/position", params={**given, "fields": "[1]"})
    assert wrong.status_code == 400 and wrong.json()["refused"] == "fields is not an object of texts"
