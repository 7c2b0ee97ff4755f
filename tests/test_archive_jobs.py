"""`filter` and `stats` with --jobs (docs/archive.md#many-processes): the same output, reports
and exit status as one process, records in reading order, for every kind of condition."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation import check, read_file
from ludoscribe.notation.archive import parallel
from ludoscribe.notation.generate import random_text
from ludoscribe.notation.replay import positions

CORPUS = Path(__file__).resolve().parent.parent / "corpus"

BROKEN = """[Game "Teblo"]
[Yellow "Ann"]
[Red "Bob"]
[Result "*"]

1. D4 H10 2. D8 *

[Game "Teblo"]
[Yellow "Ann"]
[Red "Bob"]
[Result "*"]

1. D4 H10 2. 7 *

[Game "Teblo"]
[Yellow "Ann"]
[Result "1-0"]

1. D4 H10 *
"""


RANDOM = 120  # random Teblo records


@pytest.fixture(autouse=True)
def small_batches(monkeypatch):
    """Batches of 8 records rather than 64: the archive goes to the workers in some 25 batches."""
    monkeypatch.setattr(parallel, "BATCH", 8)


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """The corpus, 120 random Teblo records (the first 40 twice), records with problems, a JSON file."""
    folder = tmp_path_factory.mktemp("archive")
    shutil.copytree(CORPUS, folder / "corpus")
    text = random_text("Teblo", RANDOM, seed=11, max_turns=60)
    (folder / "random.tgn").write_text(text, encoding="utf-8")
    (folder / "twice.tgn").write_text(random_text("Teblo", 40, seed=11, max_turns=60), encoding="utf-8")
    (folder / "broken.tgn").write_text(BROKEN, encoding="utf-8")
    runner = CliRunner()
    done = runner.invoke(cli, ["convert", str(CORPUS / "staku" / "club-final.tgn"), "--to", "json",
                               "-o", str(folder / "club-final.json")])
    assert done.exit_code == 0, done.output
    return folder


def reached(archive: Path) -> str:
    """The code of a position the 7th random record reaches after 20 turns."""
    record = list(read_file(archive / "random.tgn"))[6]
    check(record)
    return record.game.position_code(positions(record)[20][1])


def run(*args: str):
    result = CliRunner().invoke(cli, [str(arg) for arg in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


QUERIES = [  # conditions, and whether they read the turns of broken.tgn's records (whose tags they meet)
    (["--position", "{position}"], True),
    (["--cells", "D4=Y"], True),
    (["--opening", "D4"], True),
    (["--comment", "the"], True),
    (["--nag", "!"], True),
    (["--turns", "30..50"], True),
    (["--player", "Random", "--turns", "50.."], False),
    (["--game", "Staku", "--opening", "a2-b2+c3"], False),  # a corpus record and its JSON copy
    (["--unique"], True),
    (["--unique", "--player", "Yellow"], False),
]


# Each kind of condition with the output that shows most (every chosen record in full, in
# order), and the other outputs with a condition on the turns and with one on the tags alone.
CASES = ([(conditions, reads_broken, ["--to", "json"]) for conditions, reads_broken in QUERIES]
         + [(QUERIES[index][0], QUERIES[index][1], output) for index in (0, 6) for output in (["--count"], [])])


# The fast lane compares one run of each output (docs/contributing.md#fast-and-full-runs): each case
# starts two worker processes, and the whole suite runs every kind of condition.
FAST_CASES = {0, len(QUERIES), len(QUERIES) + 1}


@pytest.mark.parametrize("conditions, reads_broken, output", [
    pytest.param(*case, id=" ".join(case[0] + (case[2] or ["--to", "tgn"])),
                 marks=() if index in FAST_CASES else pytest.mark.slow) for index, case in enumerate(CASES)])
def test_filter_with_workers_gives_what_one_process_gives(archive, conditions, reads_broken, output):
    conditions = [part.replace("{position}", reached(archive)) for part in conditions]
    alone = run("filter", archive, *conditions, *output)
    together = run("filter", archive, *conditions, *output, "--jobs", "2")
    assert together == alone
    shown = alone[1]  # some records are chosen, so that the two runs are compared on them
    assert (int(shown) if output == ["--count"] else len(json.loads(shown)["records"]) if output
            else shown.count("[Game ")) > 0
    # broken.tgn's records are reported, the same way, when their turns are read: not when
    # their tags alone leave them out
    assert (alone[0], "broken.tgn:" in alone[2]) == ((1, True) if reads_broken else (0, False))


def test_filter_with_workers_chooses_what_it_should(archive):
    code, out, err = run("filter", archive, "--position", reached(archive), "--jobs", "2", "--to", "json")
    chosen = json.loads(out)["records"]
    assert {record["tags"]["Game"] for record in chosen} == {"Teblo"}
    assert {record["tags"]["Round"] for record in chosen} >= {"7"}
    code, out, err = run("filter", archive, "--unique", "--count", "--jobs", "2")
    corpus = sum(1 for path in (archive / "corpus").rglob("*.tgn") for _ in read_file(path))
    # left out: the 40 records of twice.tgn, and the JSON copy of a corpus record (the TGN
    # record is kept); the three broken records are left out too, and reported
    assert err.count("is the same game as") == 41
    assert [line for line in err.splitlines() if "club-final" in line and "same game" in line] == [
        f"{archive / 'club-final.json'}: record 1 is the same game as {archive / 'corpus/staku/club-final.tgn'}: "
        "record 1 (same players and turns): kept once"]
    assert int(out) == RANDOM + corpus and code == 1


@pytest.mark.parametrize("form", ["text", "json", "csv"])
def test_stats_with_workers_gives_what_one_process_gives(archive, form):
    alone = run("stats", archive, "--format", form)
    together = run("stats", archive, "--format", form, "--jobs", "3")
    assert together == alone
    assert alone[0] == 1 and "broken.tgn:6:14: turn 2 Yellow: " in alone[2]
