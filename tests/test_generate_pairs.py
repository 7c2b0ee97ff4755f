"""`generate --pairs` and `--sprt` (docs/cli.md#generate, docs/balance.md#fewer-games-pairs-and-a-sequential-test):
games two by two from the same random numbers, the players swapping sides, and a run that stops
once the sequential test decides."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.generate import Generation
from ludoscribe.notation.reader import read_string

USAGE = "Usage: ludoscribe generate [OPTIONS] GAME\nTry 'ludoscribe generate --help' for help.\n\n"


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args], prog_name="ludoscribe")
    return result.exit_code, result.stdout, result.stderr


def test_a_pair_is_two_games_from_the_same_numbers_the_players_swapped():
    paired = Generation("Staku", players_named="greedy,random", seed=4, max_turns=60, pairs=True)
    first, second = paired.record(3), paired.record(4)  # the second pair
    assert (first.tags["White"], first.tags["Black"]) == ("Greedy White", "Random Black")
    assert (second.tags["White"], second.tags["Black"]) == ("Random White", "Greedy Black")
    assert first.tags["Annotator"].endswith(" --pairs")
    unpaired = Generation("Staku", players_named="greedy,random", seed=4, max_turns=60)
    assert [node.turn for node in first.moves] == [node.turn for node in unpaired.record(2).moves]
    swapped = Generation("Staku", players_named="random,greedy", seed=4, max_turns=60)
    assert [node.turn for node in second.moves] == [node.turn for node in swapped.record(2).moves]


def test_count_counts_pairs_and_every_record_checks():
    code, out, err = run("generate", "staku", "--players", "greedy,random", "--pairs", "--count", 3, "--max-turns", 40)
    assert code == 0, err
    records = read_string(out)
    assert [record.tags["Round"] for record in records] == ["1", "2", "3", "4", "5", "6"]
    assert [record.tags["White"] for record in records] == ["Greedy White", "Random White"] * 3


def test_the_run_stops_once_the_test_decides_and_says_its_verdict():
    """Greedy against random: greedy wins every game, so every pair gives the first side one
    point of two, and the test soon accepts that the first side has no edge of 50 Elo."""
    code, out, err = run("generate", "staku", "--players", "greedy,random", "--pairs", "--count", 1000,
                         "--sprt", "0,50")
    assert code == 0, err
    records = read_string(out)
    assert 0 < len(records) < 2000 and len(records) % 2 == 0
    pairs = len(records) // 2
    line = err.strip().splitlines()[-1]
    assert re.fullmatch(rf"SPRT: H0, the first side's edge is 0 Elo or less, after {pairs} pairs \(LLR -\d+\.\d\d, "
                        rf"bounds -2\.94 and 2\.94; pairs by points 0 to 2: 0 0 {pairs} 0 0\)", line), line


def test_an_undecided_run_says_so_after_its_count():
    code, out, err = run("generate", "staku", "--players", "greedy,random", "--pairs", "--count", 2,
                         "--sprt", "0,50,0.01,0.01", "--max-turns", 40)
    assert code == 0, err
    assert len(read_string(out)) == 4
    assert err.strip().splitlines()[-1].startswith("SPRT: undecided after 2 pairs (LLR ")


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "greedy", "--pairs"],
     "Error: Invalid value for '--players': pairs swap two different players: name two, as in mcts:200,greedy"),
    (["--players", "greedy,random", "--sprt", "0,20"],
     "Error: Invalid value for '--sprt': the test weighs pairs of games: add --pairs"),
    (["--players", "greedy,random", "--pairs", "--sprt", "20,0"],
     "Error: Invalid value for '--sprt': the SPRT needs elo0 below elo1, not 20 and 0"),
    (["--players", "greedy,random", "--pairs", "--sprt", "0"],
     "Error: Invalid value for '--sprt': '0' is not ELO0,ELO1[,ALPHA[,BETA]], as in 0,20 or 0,20,0.05,0.05"),
    (["--players", "greedy,random", "--pairs", "--sprt", "0,nan"],
     "Error: Invalid value for '--sprt': '0,nan' is not ELO0,ELO1[,ALPHA[,BETA]], as in 0,20 or 0,20,0.05,0.05"),
    (["--players", "greedy,random", "--pairs", "--sprt", "9" * 5000 + ",1\n2"],  # quoted cut short, on one line
     "Error: Invalid value for '--sprt': '" + "9" * 37 + "...' is not ELO0,ELO1[,ALPHA[,BETA]], "
     "as in 0,20 or 0,20,0.05,0.05"),
    (["--players", "greedy,random", "--pairs", "--sprt", "0,20,0.6"],
     "Error: Invalid value for '--sprt': alpha must lie between 0 and 0.5, not 0.6"),
    (["--players", "mcts:0,greedy"],
     "Error: Invalid value for '--players': unknown player 'mcts:0' "
     "(known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
])
def test_bad_pairs_and_tests_are_one_line_usage_errors(args, message):
    code, out, err = run("generate", "staku", *args)
    assert (code, out, err) == (2, "", USAGE + message + "\n")


@pytest.mark.slow  # three runs up to the deciding pair, one of them with two workers
def test_the_stop_is_the_same_with_jobs_and_in_parquet(tmp_path):
    """The records up to the deciding pair, whatever --jobs (those played ahead are not written),
    and as many rows in a Parquet folder."""
    args = ["generate", "staku", "--players", "greedy,random", "--pairs", "--count", 1000, "--sprt", "0,40"]
    code, alone, err = run(*args)
    assert code == 0, err
    code, together, err = run(*args, "--jobs", 2)
    assert (code, together) == (0, alone), err
    code, _, err = run(*args, "--to", "parquet", "-o", tmp_path / "edge")
    assert code == 0, err
    from ludoscribe.notation.archive.parquet import read_export
    assert len(list(read_export(tmp_path / "edge", moves=False))) == len(read_string(alone)) < 2000
