"""Questions about an archive (docs/archive.md): `filter` with each condition, chosen and
not chosen, --unique and --count; `stats` with its figures in every format."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive import conditions, query
from ludoscribe.notation.reader import read_string
from ludoscribe.notation.archive.stats import Counted, gather, tally
from ludoscribe.notation.games import Ending, Worded
from ludoscribe.notation.replay import check
from ludoscribe.render.stats import to_json, to_text


def teblo(event: str, date: str, round_: str, yellow: str, red: str, result: str, moves: str,
          variant: str = "") -> str:
    extra = f'[Variant "{variant}"]\n' if variant else ""
    return (f'[Game "Teblo"]\n[Event "{event}"]\n[Site "Deventer"]\n[Date "{date}"]\n[Round "{round_}"]\n'
            f'[Yellow "{yellow}"]\n[Red "{red}"]\n[Result "{result}"]\n{extra}\n{moves} {result}\n')


ARCHIVE = [
    teblo("Club night", "2026.01.13", "1", "Ann Smit", "Bob de Vries", "*",
          "1. D4 {a quiet start} I9 2. D3! I10 $14"),
    teblo("Club night", "2026.02.10", "2", "Bob de Vries", "Cas Jansen", "*", "1. D4 I9 2. (H9) I10"),
    teblo("Spring open", "2026.04.04", "5", "Cas Jansen", "Ann Smit", "*", "1. (E5) I9"),
    teblo("Spring open", "2025.04.04", "3.1", "Dirk Bos", "Eva Kok", "*", "1. D4 H10"),
]
ONE_FILE = "\n".join(ARCHIVE)


@pytest.fixture
def archive(tmp_path):
    path = tmp_path / "club.tgn"
    path.write_text(ONE_FILE, encoding="utf-8")
    return path


def run(*args: str):
    return CliRunner().invoke(cli, [str(arg) for arg in args])


def chosen(archive, *conditions: str) -> list[str]:
    """The Round tags of the records chosen by `filter` with these options."""
    result = run("filter", archive, *conditions)
    assert result.exit_code == 0, result.output
    return [record.tags["Round"] for record in read_string(result.output)]


@pytest.mark.parametrize("options, rounds", [
    (["--tag", "Event=club night"], ["1", "2"]),  # the whole value, case aside
    (["--tag", "Event=club"], []),
    (["--tag", "Event~OPEN"], ["5", "3.1"]),  # found in the value
    (["--player", "ann"], ["1", "5"]),  # on either side
    (["--player", "ann", "--player", "cas"], ["5"]),  # both players
    (["--player", "zoe"], []),
    (["--date", "2026"], ["1", "2", "5"]),
    (["--date", "2026.02..2026.04.04"], ["2", "5"]),
    (["--date", "..2025.12.31"], ["3.1"]),
    (["--round", "2..3"], ["2", "3.1"]),  # 3.1 is round 3
    (["--round", "5"], ["5"]),
    (["--result", "*"], ["1", "2", "5", "3.1"]),
    (["--result", "1-0"], []),
    (["--game", "teblo"], ["1", "2", "5", "3.1"]),
    (["--game", "Staku"], []),
    (["--turns", "4"], ["1", "2"]),
    (["--turns", "..2"], ["5", "3.1"]),
    (["--opening", "1. D4 I9"], ["1", "2"]),
    (["--opening", "D4 H10"], ["3.1"]),
    (["--opening", "D4 D4"], []),  # turns of Teblo, but no record starts so
    (["--comment", "QUIET"], ["1"]),
    (["--comment", "loud"], []),
    (["--nag", "!"], ["1"]),
    (["--nag", "$14"], ["1"]),
    (["--nag", "?"], []),
    (["--variant", "-"], ["1", "2", "5", "3.1"]),
])
def test_each_condition_chooses_the_records_that_meet_it(archive, options, rounds):
    assert chosen(archive, *options) == rounds


def test_a_position_reached_on_the_main_line(archive):
    record = read_string(ARCHIVE[1])[0]
    game = record.game
    position = record.start
    for node in record.moves[:3]:  # after 1. D4 I9 2. (H9)
        position = game.apply(position, node.turn)
    code = game.position_code(position)
    assert chosen(archive, "--position", code) == ["2"]
    assert chosen(archive, "--position", game.position_code(record.start)) == ["1", "2", "5", "3.1"]


def test_records_are_written_as_they_were_read(archive):
    result = run("filter", archive, "--round", "1")
    assert result.output == ARCHIVE[0]  # comments, glyphs and NAGs as written
    as_json = run("filter", archive, "--round", "1", "--to", "json")
    data = json.loads(as_json.output)
    assert [move["turn"] for move in data["records"][0]["moves"]] == ["D4", "I9", "D3", "I10"]


def test_count_prints_only_the_number(archive):
    result = run("filter", archive, "--player", "Bob", "--count")
    assert (result.exit_code, result.output) == (0, "2\n")


def test_unique_keeps_the_first_copy_of_a_game_and_says_which_it_left_out(tmp_path):
    again = ARCHIVE[0].replace('[Event "Club night"]', '[Event "Club night (copy)"]').replace("{a quiet start} ", "")
    (tmp_path / "a.tgn").write_text(ARCHIVE[0], encoding="utf-8")
    (tmp_path / "b.tgn").write_text(again + "\n" + ARCHIVE[1], encoding="utf-8")
    result = CliRunner().invoke(cli, ["filter", str(tmp_path), "--unique"])
    assert result.exit_code == 0
    assert [record.tags["Round"] for record in read_string(result.stdout)] == ["1", "2"]
    assert result.stderr == (f"{tmp_path / 'b.tgn'}: record 1 is the same game as {tmp_path / 'a.tgn'}: record 1 "
                             "(same players and turns): kept once\n")


def test_wrong_conditions_are_refused_with_the_reason(archive):
    for options, reason in [
        (["--date", "2026-01"], "'2026-01' is not a date YYYY.MM.DD (month and day may be left out)"),
        (["--round", "x..3"], "'x' is not a whole number of rounds"),
        (["--turns", ".."], "'..': give at least one end of the length range (LOW..HIGH)"),
        (["--tag", "Event"], "'Event' is not NAME=VALUE or NAME~TEXT"),
        (["--result", "1:0"], "'1:0' is not a result (1-0, 0-1, 1/2-1/2, *)"),
        (["--nag", "$300"], "'$300' is not a NAG ($0 to $255, or ! ? !! ?? !? ?!)"),
    ]:
        result = run("filter", archive, *options)
        assert result.exit_code == 2, options
        assert reason in " ".join(result.output.split()), (options, result.output)


def test_records_with_problems_are_reported_and_meet_no_condition_on_turns(tmp_path):
    bad = ARCHIVE[0].replace("2. D3!", "2. D6")
    (tmp_path / "bad.tgn").write_text(bad, encoding="utf-8")
    result = CliRunner().invoke(cli, ["filter", str(tmp_path), "--opening", "D4"])
    assert (result.exit_code, result.stdout) == (1, "")
    assert f"{tmp_path / 'bad.tgn'}:10:29: turn 2 Yellow: " in result.stderr  # where D6 is refused
    by_tag = CliRunner().invoke(cli, ["filter", str(tmp_path), "--player", "ann"])
    assert (by_tag.exit_code, by_tag.stdout) == (0, bad)  # tags alone: not replayed, written as read


def test_library_query_combines_conditions():
    records = [read_string(text)[0] for text in ARCHIVE]
    wanted = query.Query([conditions.player_condition("ann"), conditions.turns_condition("3..")])
    assert [record.tags["Round"] for record in records if wanted.matches(record)] == ["1"]


# --- stats --------------------------------------------------------------------------------


CORPUS = Path(__file__).resolve().parent.parent / "corpus"


class Alike(Worded):
    """Two ways a game of a plugin ends, in the same general words."""

    FIRST = "first-way", "{side} ended it one way", "the winner ended it"
    SECOND = "second-way", "{side} ended it another way", "the winner ended it"


def test_stats_count_ends_by_their_code_not_their_words():
    files = sorted((CORPUS / "teblo").glob("*.tgn"))
    outcomes = [check(record) for path in files for record in read_string(path.read_text(encoding="utf-8"))]
    reached = [replayed.outcome.params for replayed in outcomes
               if replayed and replayed.outcome and replayed.outcome.ending is Ending.BASE_REACHED]
    assert {(params["side"], params["base"]) for params in reached} == {("Red", "D3"), ("Yellow", "I10")}
    endings = gather(record for path in files for record in read_string(path.read_text(encoding="utf-8"))).games[
        "Teblo"].endings
    # both bases reached, by either side, are one line; the resignations are the record's
    assert endings == {Ending.BASE_REACHED: 2, Ending.RECORDED: 4, Ending.REPETITION: 1, Ending.NO_LEGAL_TURN: 1}
    data = json.loads(run("stats", CORPUS / "teblo", "--format", "json").output)["games"]["Teblo"]["endings"]
    assert data == [{"code": str(code), "end": code.general, "records": count} for code, count in (
        (Ending.RECORDED, 4), (Ending.BASE_REACHED, 2), (Ending.NO_LEGAL_TURN, 1), (Ending.REPETITION, 1))]
    rows = [row for row in csv.DictReader(io.StringIO(run("stats", CORPUS / "teblo", "--format", "csv").output))
            if row["Table"] == "How games end"]
    assert [(row["Code"], row["Item"], row["Records"]) for row in rows] == [
        (entry["code"], entry["end"], str(entry["records"])) for entry in data]


class Spelt(Worded):
    """A way to end spelt as one of the format's."""

    HOME = "home", "{side} went home", "the winner went home"


def test_stats_never_merge_two_codes_said_alike():
    def ended(code: Worded) -> Counted:
        return Counted("Plugin", "", ("North", "South"), "1-0", 10, None, code)

    figures = tally([ended(Alike.FIRST), ended(Alike.SECOND), ended(Alike.FIRST)])
    assert figures.games["Plugin"].endings == {Alike.FIRST: 2, Alike.SECOND: 1}
    spelt_alike = tally([ended(Spelt.HOME), ended(Ending.HOME)]).games["Plugin"].endings
    assert len(spelt_alike) == 2 and spelt_alike[Spelt.HOME] == spelt_alike[Ending.HOME] == 1
    assert Spelt.HOME == "home" == Ending.HOME and Spelt.HOME != Ending.HOME
    data = json.loads(to_json(figures))["games"]["Plugin"]["endings"]
    assert data == [{"code": "first-way", "end": "the winner ended it", "records": 2},
                    {"code": "second-way", "end": "the winner ended it", "records": 1}]
    assert to_text(figures).count("the winner ended it") == 2


def test_stats_counts_results_lengths_openings_and_endings():
    records = [read_string(text)[0] for text in ARCHIVE + [ARCHIVE[0].replace(" *", " 1-0").replace('"*"', '"1-0"')]]
    figures = gather(records, opening_turns=2)
    teblo_figures = figures.games["Teblo"]
    assert teblo_figures.records == 5 and figures.unreadable == 0
    assert teblo_figures.results == {"*": 4, "1-0": 1}
    assert sorted(teblo_figures.lengths) == [2, 2, 4, 4, 4]
    assert teblo_figures.openings[("D4", "I9")] == {"*": 2, "1-0": 1}
    assert teblo_figures.endings == {Ending.RESULT_RECORDED: 1}
    assert teblo_figures.score(teblo_figures.openings[("D4", "I9")]) == 1.0


def test_stats_formats(archive):
    text = run("stats", archive)
    assert text.exit_code == 0
    assert "Teblo: 4 records\n================\n" in text.output
    assert "D4 I9          2" in text.output
    assert "\nFirst side's score\n------------------\nYellow's score - (no finished game)\n" in text.output
    markdown = run("stats", archive, "--format", "markdown")
    assert "| Yellow wins | 0 | 0% |" in markdown.output
    assert "### First side's score\n\nYellow's score - (no finished game)\n" in markdown.output
    rows = list(csv.reader(io.StringIO(run("stats", archive, "--format", "csv").output)))
    assert rows[0] == ["Game", "Table", "Item", "Records", "Share", "Turns", "First side wins", "Second side wins",
                       "Drawn", "Unfinished", "First side's score", "Difference", "95% CI low", "95% CI high", "Code"]
    assert ["Teblo", "Results", "unfinished", "4", "1.0", "", "", "", "", "", "", "", "", "", ""] in rows
    assert ["Teblo", "First side's score", "Yellow", "0", "", "", "", "", "", "", "", "", "", "", ""] in rows
    data = json.loads(run("stats", archive, "--format", "json").output)
    assert data["games"]["Teblo"]["first_side_score"] == {"side": "Yellow", "finished": 0, "score": None,
                                                          "ci95": None}
    assert data["variants_compared"] == {}  # one set of rules
    assert data["games"]["Teblo"]["length"] == {"shortest": 2, "median": 3.0, "longest": 4}
    assert data["games"]["Teblo"]["openings"][0] == {"turns": ["D4", "I9"], "records": 2,
                                                     "results": {"1-0": 0, "0-1": 0, "1/2-1/2": 0, "*": 2},
                                                     "score": None}  # no finished game


def test_a_record_read_for_its_tags_reads_its_turns_when_asked():
    from ludoscribe.notation.reader import parse_record, read_moves
    from ludoscribe.notation.writer import write_record

    tags_only = parse_record(ARCHIVE[0], moves=False)
    assert tags_only.tags["Yellow"] == "Ann Smit" and tags_only.moves == [] and not tags_only.problems
    read_moves(tags_only)
    assert write_record(tags_only) == write_record(parse_record(ARCHIVE[0]))
    broken = parse_record(ARCHIVE[0].replace("2. D3!", "2. D3 Q"), moves=False)
    assert not broken.problems  # the turns are not read yet
    read_moves(broken)
    assert [problem.message for problem in broken.problems] == \
        ["'Q' is not a Teblo turn (a step like D4 or a placement like (H9))"]
