"""The event file and the event's rounds (docs/tournaments.md#the-event-file): read and checked, one
line per problem; changed by `ludoscribe event` keeping what people wrote; a round paired by
`ludoscribe pair` and published as its game files, whose results are read back, and refused
when it cannot be paired or when a round file contradicts its pairing.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.events.event_file import EventFileError, parse_event, read_event
from ludoscribe.notation.events.folder import EventFolder
from ludoscribe.notation.reader import read_string

pytest.importorskip("tomlkit")
pytest.importorskip("caissify_pairings")

PLAYERS = [("Ana de Wit", "1850"), ("Bo Lind", "1700"), ("Cy Moss", "1600"), ("Di Park", "1500"), ("Ed Vos", "1400")]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


@pytest.fixture
def night(tmp_path):
    folder = tmp_path / "night"
    assert run("event", "new", str(folder), "--name", "Spring Swiss", "--game", "teblo", "--rounds", "3",
               "--site", "Leiden")[0] == 0
    for name, rating in PLAYERS:
        assert run("event", "player", "add", str(folder), name, "--rating", rating)[0] == 0
    return folder


def finish(folder, name: str, result: str) -> None:
    """A board's result, as a scorer's record of a game resigned at once would give it."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('[Result "*"]', f'[Result "{result}"]').replace("\n*\n", f"\n{result}\n"),
                    encoding="utf-8")


def test_the_event_name_is_the_event_files(night):
    games = EventFolder(night)
    games.scan()
    assert games.event_name() == "Spring Swiss"  # not the folder's name, night


def test_a_change_keeps_the_comments_and_layout_people_wrote(night):
    path = night / "event.toml"
    text = path.read_text(encoding="utf-8")
    text = text.replace('site = "Leiden"', '# where we play\nsite   =   "Leiden"   # the club house')
    path.write_text(text, encoding="utf-8")
    assert run("event", "player", "add", str(night), "Fe Ong", "--club", "LSG")[0] == 0
    assert run("event", "player", "bye", str(night), "Bo Lind", "2")[0] == 0
    assert run("event", "player", "withdraw", str(night), "Cy Moss", "--round", "3")[0] == 0
    after = path.read_text(encoding="utf-8")
    left = iter(after.splitlines())
    assert all(line in left for line in text.splitlines())  # every line written before is there, in its order
    assert '# where we play\nsite   =   "Leiden"   # the club house\n' in after
    event = read_event(night)
    assert [player.name for player in event.players][-1] == "Fe Ong"
    assert event.player("bo lind").byes == (2,) and event.player("Cy Moss").withdrawn == 3


@pytest.mark.parametrize("added, said", [
    ('[[player]]\nname = "ANA  de wit"\n', "event.toml:{2}: player 'ANA  de wit': the same name as player 1"),
    ('[[player]]\nname = "Fe"\nrating = "high"\n', "event.toml:{3}: player 'Fe': rating is 'high': a whole number"),
    ('[[player]]\nname = "Fe"\nbyes = [0]\n', "event.toml:{3}: player 'Fe': byes is a list of round numbers"),
    ('[[player]]\nname = "Fe"\nwithdrawn = 9\n', "player 'Fe': round 9 is not a round of the event (1 to 3)"),
    ('[[round]]\nnumber = 1\nboards = [{first = "Ana de Wit", second = "Zed"}]\n',
     "round 1: 'Zed' is not a player of the event"),
    ('[[round]]\nnumber = 2\nboards = []\n', "the round tables go 1, 2, 3 ...: table 1 says number = 2"),
])
def test_a_bad_event_file_is_said_in_one_line_per_problem(night, added, said):
    text = (night / "event.toml").read_text(encoding="utf-8") + added
    for offset in (2, 3):  # the line of the added lines' second, third
        said = said.replace(f"{{{offset}}}", str(len(text.splitlines()) - len(added.splitlines()) + offset))
    with pytest.raises(EventFileError) as error:
        parse_event(text)
    assert any(problem.startswith(said) or said in problem for problem in error.value.problems), error.value.problems
    assert all("\n" not in problem for problem in error.value.problems)


def test_an_unknown_player_in_a_forbidden_pair_and_a_bad_key(night):
    text = (night / "event.toml").read_text(encoding="utf-8")
    text = text.replace("forbidden = []", 'forbidden = [["Ana de Wit", "Nobody"]]\nround_count = 3')
    with pytest.raises(EventFileError) as error:
        parse_event(text)
    assert [problem.split(": ", 1)[1] for problem in error.value.problems] == [
        "'round_count' is not a key of an event file (name, site, dates, game, variant, rounds, pairing, tie_breaks, "
        "points, bye_points, requested_bye, same_club_apart, forbidden, player, round)",
        "forbidden: 'Nobody' is not a player of the event"]


def test_commands_refuse_bad_input_and_change_nothing(night):
    before = (night / "event.toml").read_bytes()
    assert run("event", "player", "add", str(night), " ana de WIT ")[0:1] == (1,)
    status, _, said = run("event", "player", "bye", str(night), "Nobody", "2")
    assert (status, said.strip()) == (1, "Error: 'Nobody' is not a player of the event")
    assert run("event", "new", str(night), "--name", "Again", "--game", "teblo", "--rounds", "2")[0] == 1
    assert (night / "event.toml").read_bytes() == before


def test_a_round_is_published_as_its_games_and_paired_once(night):
    status, out, _ = run("pair", str(night))
    assert status == 0, out
    event = read_event(night)
    [round_] = event.paired
    assert len(round_.boards) == 2 and round_.bye  # five players: one pairing bye
    for number, board in enumerate(round_.boards, start=1):
        [record] = read_string((night / f"round1-board{number}.tgn").read_text(encoding="utf-8"))
        assert {tag: record.tags[tag] for tag in ("Event", "Site", "Round", "Board", "Yellow", "Red", "Result")} == \
            {"Event": "Spring Swiss", "Site": "Leiden", "Round": "1", "Board": str(number), "Yellow": board.first,
             "Red": board.second, "Result": "*"}
        assert f"{number}  {board.first} (Yellow) - {board.second} (Red)  round1-board{number}.tgn" in out
    files = sorted(path.name for path in night.iterdir())
    status, _, said = run("pair", str(night), "--round", "1")
    assert (status, said.strip()) == (1, "Error: round 1 is paired already (event.toml): a round is paired once")
    status, _, said = run("pair", str(night))
    assert status == 1 and "have no result yet" in said
    assert sorted(path.name for path in night.iterdir()) == files


def test_results_come_back_from_the_round_files_into_the_next_pairing(night):
    assert run("pair", str(night))[0] == 0
    first = read_event(night).paired[0]
    finish(night, "round1-board1.tgn", "1-0")
    finish(night, "round1-board2.tgn", "0-1")
    status, out, _ = run("event", "show", str(night))
    assert status == 0 and "Round 1\n  1  " in out and "1-0" in out and "0-1" in out
    assert run("pair", str(night))[0] == 0
    second = read_event(night).paired[1]
    met = {frozenset((board.first, board.second)) for board in first.boards}
    assert not met & {frozenset((board.first, board.second)) for board in second.boards}
    assert second.bye != first.bye


def test_a_round_file_that_contradicts_its_pairing_is_reported_and_not_used(night):
    assert run("pair", str(night))[0] == 0
    board = read_event(night).paired[0].boards[0]
    finish(night, "round1-board1.tgn", "1-0")
    finish(night, "round1-board2.tgn", "1-0")
    path = night / "round1-board1.tgn"
    path.write_text(path.read_text(encoding="utf-8").replace(f'[Yellow "{board.first}"]', '[Yellow "Someone"]'),
                    encoding="utf-8")
    before = (night / "event.toml").read_bytes()
    status, _, said = run("pair", str(night))
    assert status == 1
    assert said.strip() == (f"Error: round1-board1.tgn: its Yellow is 'Someone', the pairing says {board.first!r}: "
                            "its result is not counted until the file or event.toml is put right")
    assert (night / "event.toml").read_bytes() == before and not (night / "round2-board1.tgn").exists()
    status, _, said = run("event", "show", str(night))
    assert status == 1 and said.startswith("problem: round1-board1.tgn: its Yellow is 'Someone'")
    path.write_text(path.read_text(encoding="utf-8").replace('[Yellow "Someone"]', f'[Yellow "{board.first}"]')
                    .replace('[Round "1"]', '[Round "2"]'), encoding="utf-8")
    assert "its Round is '2', the pairing says '1'" in run("pair", str(night))[2]
    path.write_text(path.read_text(encoding="utf-8").replace('[Round "2"]', '[Round "1"]')
                    .replace('[Event "Spring Swiss"]', '[Event "Spring"]'), encoding="utf-8")
    assert "its Event is 'Spring', the pairing says 'Spring Swiss'" in run("pair", str(night))[2]


def test_a_late_entry_withdrawal_and_bye_asked_for_are_paired_as_said(night):
    assert run("event", "player", "bye", str(night), "Ana de Wit", "1")[0] == 0
    assert run("event", "player", "withdraw", str(night), "Ed Vos", "--round", "1")[0] == 0
    assert run("pair", str(night))[0] == 0
    assert run("event", "player", "add", str(night), "Fe Ong")[0] == 0  # a late entry: from round 2
    assert read_event(night).player("Fe Ong").joins == 2
    paired = read_event(night).paired[0]
    names = {name for board in paired.boards for name in (board.first, board.second)}
    assert names == {"Bo Lind", "Cy Moss", "Di Park"} - {paired.bye} and paired.bye
    status, _, said = run("event", "player", "withdraw", str(night), "Bo Lind", "--round", "1")
    assert status == 1 and "round 1 is paired already" in said


def test_the_relay_shows_the_round_by_board_and_by_name(night, tmp_path):
    assert run("pair", str(night))[0] == 0
    paired = read_event(night).paired[0]
    status, out, _ = run("relay", str(night), "-o", str(tmp_path / "relay"))
    assert status == 0, out
    page = (tmp_path / "relay" / "index.html").read_text(encoding="utf-8")
    section = page.split('<section class="ls-pairings" aria-label="Pairings">')[1].split("</section>")[0]
    board = paired.boards[0]
    assert f"<tr><td>1</td><td>{board.first}</td><td>{board.second}</td></tr>" in section
    assert f"<li>{board.second}: board 1, Red</li>" in section and f"<li>{paired.bye}: bye</li>" in section


def tags_of(folder, name: str) -> tuple[str, str]:
    [record] = read_string((folder / name).read_text(encoding="utf-8"))
    return record.tags["Yellow"], record.tags["Red"]


def test_a_round_is_changed_by_hand_before_it_starts_and_checked(night):
    assert run("pair", str(night))[0] == 0
    paired = read_event(night).paired[0]
    one, two = paired.boards
    assert run("event", "swap", str(night), "1", "1")[0] == 0
    assert tags_of(night, "round1-board1.tgn") == (one.second, one.first)
    assert read_event(night).paired[0].boards[0].first == one.second
    status, out, _ = run("event", "set-board", str(night), "1", "2", paired.bye, one.first)
    assert status == 0, out
    after = read_event(night).paired[0]
    assert (after.boards[1].first, after.boards[1].second) == (paired.bye, one.first)
    assert tags_of(night, "round1-board2.tgn") == (paired.bye, one.first)
    everyone = [name for board in after.boards for name in (board.first, board.second)] + [after.bye]
    assert sorted(everyone) == sorted(name for name, _ in PLAYERS)
    for number, board in enumerate(after.boards, start=1):
        assert tags_of(night, f"round1-board{number}.tgn") == (board.first, board.second)
    assert run("event", "show", str(night))[2] == ""  # the files say what the pairing says


def test_a_change_that_breaks_a_rule_or_comes_too_late_is_refused(night):
    text = (night / "event.toml").read_text(encoding="utf-8")
    (night / "event.toml").write_text(text.replace("forbidden = []", 'forbidden = [["Ana de Wit", "Bo Lind"]]'),
                                      encoding="utf-8")
    assert run("pair", str(night))[0] == 0
    paired = read_event(night).paired[0]
    assert {"Ana de Wit", "Bo Lind"} not in [{board.first, board.second} for board in paired.boards]
    before = {path.name: path.read_bytes() for path in night.iterdir()}
    status, _, said = run("event", "set-board", str(night), "1", "1", "Ana de Wit", "Bo Lind")
    assert (status, said.strip()) == (1, "Error: the change breaks a rule (players 1 and 2 must not meet)")
    status, _, said = run("event", "set-board", str(night), "1", "1", "Ana de Wit", "Nobody")
    assert (status, said.strip()) == (1, "Error: 'Nobody' is not paired in round 1")
    finish(night, "round1-board2.tgn", "1-0")
    changed = {path.name: path.read_bytes() for path in night.iterdir()}
    status, _, said = run("event", "swap", str(night), "1", "1")
    assert (status, said.strip()) == (1, "Error: round 1 has started (round1-board2.tgn): its pairing is no longer "
                                         "changed")
    assert {path.name: path.read_bytes() for path in night.iterdir()} == changed
    assert set(before) == set(changed)


def test_a_pairing_written_by_hand_that_breaks_a_rule_is_noted(night):
    assert run("pair", str(night))[0] == 0
    for name in ("round1-board1.tgn", "round1-board2.tgn"):
        finish(night, name, "1-0")
    assert run("pair", str(night))[0] == 0
    path = night / "event.toml"
    text = path.read_text(encoding="utf-8")
    tables = text.split("[[round]]")
    path.write_text("[[round]]".join([*tables[:2], tables[1].replace("number = 1", "number = 2")]), encoding="utf-8")
    status, _, said = run("event", "show", str(night))  # round 2 written as round 1 again: rematches
    first = read_event(night).paired[0].boards[0]
    numbers = sorted(next(index for index, (name, _) in enumerate(PLAYERS, start=1) if name == player)
                     for player in (first.first, first.second))
    assert status == 1  # its round files say what the pairing said before: their results are not counted
    assert f"note: round 2 (event.toml): its pairing breaks a rule (players {numbers[0]} and {numbers[1]} " \
           "have met already)" in said or f"players {numbers[1]} and {numbers[0]} have met already" in said


@pytest.mark.parametrize("missing, args", [("tomlkit", ["event", "player", "add", "{}", "Gus Smit"]),
                                           ("caissify_pairings", ["pair", "{}"])])
def test_a_missing_extra_is_said_in_one_line(night, monkeypatch, missing, args):
    import sys

    import ludoscribe.notation.events as events

    monkeypatch.delattr(events, "event_edit", raising=False)  # imported again, as in a new run
    for name in list(sys.modules):
        if name == missing or name.startswith(f"{missing}.") or name.endswith("events.event_edit"):
            monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, missing, None)  # as if it were not installed
    before = sorted((path.name, path.read_bytes()) for path in night.iterdir())
    status, _, said = run(*(arg.format(night) for arg in args))
    assert status == 2
    assert said.strip().endswith(f"({missing} is missing): pip install 'ludoscribe[tournament]'")
    assert said.count("\n") == 1
    assert sorted((path.name, path.read_bytes()) for path in night.iterdir()) == before
    status, _, said = run(*(arg.format(night) for arg in args), "--lang", "fr")
    assert status == 2 and said.strip().endswith(f"({missing} manque)\u00a0: pip install 'ludoscribe[tournament]'")


def test_the_site_s_event_page_shows_each_round_s_pairings(night, tmp_path):
    from ludoscribe.render.site.index import write_indexes
    from ludoscribe.render.site.plan import Plan, PublishedRecord

    assert run("pair", str(night))[0] == 0
    finish(night, "round1-board1.tgn", "1-0")
    paired = read_event(night).paired[0]
    plan = Plan()
    plan.event_slugs["Spring Swiss"] = "spring-swiss"
    plan.folders["Spring Swiss"].add(str(night))
    plan.event_slugs["Other"] = "other"
    plan.folders["Other"].add(str(night))  # the event file names another event: no pairings there
    docs = tmp_path / "docs"
    docs.mkdir()
    plan.entries += [PublishedRecord("a", "Teblo", "Spring Swiss", "A - B", "1-0", "?", "1"),
                     PublishedRecord("b", "Teblo", "Other", "A - B", "1-0", "?", "1")]
    write_indexes(plan, docs, "Site")
    page = (docs / "events" / "spring-swiss.md").read_text(encoding="utf-8")
    board = paired.boards[0]
    assert "## Pairings" in page and "### Round 1" in page
    assert f"<tr><td>1</td><td>{board.first}</td><td>{board.second}</td><td>1-0</td></tr>" in page
    assert f"<p>Bye: {paired.bye}</p>" in page
    assert "## Pairings" not in (docs / "events" / "other.md").read_text(encoding="utf-8")


def test_a_round_robin_is_paired_round_after_round_then_refused(tmp_path):
    folder = tmp_path / "league"
    assert run("event", "new", str(folder), "--name", "League", "--game", "staku", "--pairing", "round-robin")[0] == 0
    assert run("pair", str(folder))[1:] == ("", "Error: the event has no players to pair yet: ludoscribe event player "
                                                "add\n")
    for name in ("One", "Two", "Three"):
        assert run("event", "player", "add", str(folder), name)[0] == 0
    for round_ in (1, 2, 3):
        status, out, said = run("pair", str(folder), "--unfinished")
        assert status == 0, said
        assert out.startswith(f"Round {round_} of League\n  1  ") and "bye" in out  # three players: one rests
    assert run("pair", str(folder), "--unfinished")[2] == "Error: the event's 3 rounds are all paired\n"
    event = read_event(folder)
    assert sorted(round_.bye for round_ in event.paired) == ["One", "Three", "Two"]
    assert event.pairing_bye_points == 0  # a round robin's rest scores nothing unless the file says
    status, _, said = run("event", "player", "add", str(folder), "Four")
    assert status == 1 and "a round robin takes no late entry" in said


def test_record_opens_a_paired_board_with_its_tags(night):
    assert run("pair", str(night))[0] == 0
    board = read_event(night).paired[0].boards[0]
    path = night / "round1-board1.tgn"
    result = CliRunner().invoke(cli, ["record", "teblo", "-o", str(path)], input="D4\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"Resuming {path}." in result.output
    [record] = read_string(path.read_text(encoding="utf-8"))
    assert (record.tags["Yellow"], record.tags["Red"], record.tags["Round"], len(record.moves)) == \
        (board.first, board.second, "1", 1)
    assert run("event", "show", str(night))[2] == ""  # still the board the pairing made


def test_the_live_event_page_shows_the_round_by_board_and_by_name(night):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from ludoscribe.render.live.app import create_app

    assert run("pair", str(night))[0] == 0
    paired = read_event(night).paired[0]
    with TestClient(create_app(night, "TEST-CODE")) as client:
        page = client.get("/").text
        scorers = client.get("/record").text
    assert '<a href="/record/round1-board2.tgn">' in scorers  # the scorer opens the board, typing no name
    assert "<title>Spring Swiss</title>" in page
    board = paired.boards[1]
    assert f"<tr><td>2</td><td>{board.first}</td><td>{board.second}</td></tr>" in page
    assert f"<li>{board.first}: board 2, Yellow</li>" in page


def test_an_unreadable_event_file_is_said_in_one_line(night, tmp_path):
    path = night / "event.toml"
    path.write_text(path.read_text(encoding="utf-8") + "rounds = \n", encoding="utf-8")
    status, _, said = run("event", "show", str(night))
    assert status == 1 and said.startswith(f"Error: {path}: Invalid value (at line ") and said.count("\n") == 1
    path.unlink()
    (tmp_path / "elsewhere.toml").write_text('name = "Other"\ngame = "teblo"\nrounds = 1\n', encoding="utf-8")
    path.symlink_to(tmp_path / "elsewhere.toml")
    status, _, said = run("event", "show", str(night))
    assert (status, said) == (2, f"Error: cannot read {path}: {path} is a symbolic link, not a regular file\n")
    games = EventFolder(night)
    assert games.event_name() == "night"  # a link is never followed, not even for the name


def test_a_forfeit_counts_without_a_game_and_a_played_board_is_not_forfeited(night):
    assert run("pair", str(night))[0] == 0
    board = read_event(night).paired[0].boards[0]
    status, out, _ = run("event", "forfeit", str(night), "1", "1", "0-1")
    assert (status, out) == (0, f"round 1 board 1: {board.first} - {board.second} 0-1 by forfeit\n")
    assert read_event(night).paired[0].boards[0].forfeit == "0-1"
    finish(night, "round1-board2.tgn", "1-0")
    before = (night / "event.toml").read_bytes()
    status, _, said = run("event", "forfeit", str(night), "1", "2", "0-1")
    assert (status, said) == (1, "Error: round1-board2.tgn has been played (0 turns, result 1-0): its result is "
                                 "the record's\n")
    assert (night / "event.toml").read_bytes() == before
    status, out, _ = run("pair", str(night))  # the forfeit is a result: round 2 can be paired
    assert status == 0, out
    second = read_event(night).paired[1]
    assert {board.first, board.second} not in [{b.first, b.second} for b in second.boards]  # no rematch either
    finish(night, "round1-board1.tgn", "1-0")  # a scorer records the forfeited board after all
    status, _, said = run("event", "show", str(night))
    assert status == 1 and "problem: round1-board1.tgn: recorded, but event.toml gives this board 0-1 by forfeit" in said


def test_the_event_file_of_the_docs_is_a_valid_one():
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "tournaments.md").read_text(encoding="utf-8")
    example = page.split("## The event file", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    event = parse_event(example)
    assert [player.name for player in event.players][-1] == "Fe Ong" and event.paired[0].bye == "Ed Vos"
    assert event.rematch_forbidden() == {frozenset({1, 2})}
