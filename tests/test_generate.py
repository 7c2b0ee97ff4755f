"""`ludoscribe generate` (docs/cli.md#generate): players, variants, records reproducible by
their number whatever --count and --jobs, written as they are made."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.generate import Generation

GAMES = ("Teblo", "Staku", "Tektop", "Tekao", "TChako")
USAGE = "Usage: ludoscribe generate [OPTIONS] GAME\nTry 'ludoscribe generate --help' for help.\n\n"


def run(*args: object) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, [str(arg) for arg in args], prog_name="ludoscribe")
    return result.exit_code, result.stdout, result.stderr


def records(text: str) -> list[str]:
    """The records of a generated text, each with its tags (they begin with the Game tag)."""
    return [part.rstrip("\n") + "\n" for part in re.split(r"(?m)^(?=\[Game )", text) if part]


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
@pytest.mark.parametrize("game", GAMES)
def test_records_are_the_same_whatever_jobs_and_check_clean(game, tmp_path):
    one, two = tmp_path / "one.tgn", tmp_path / "two.tgn"
    options = ["--count", 12, "--seed", 4, "--max-turns", 40, "--players", "greedy,random"]
    assert run("generate", game, *options, "-o", one) == (0, "", "")
    assert run("generate", game, *options, "--jobs", 2, "-o", two) == (0, "", "")
    assert one.read_bytes() == two.read_bytes()
    assert len(records(one.read_text(encoding="utf-8"))) == 12
    assert run("check", one)[0] == 0


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
def test_record_n_is_the_same_whatever_count():
    status, ten, _ = run("generate", "staku", "--count", 10, "--seed", 3, "--players", "greedy")
    status, twenty, _ = run("generate", "staku", "--count", 20, "--seed", 3, "--players", "greedy", "--jobs", 2)
    assert records(twenty)[:10] == records(ten)
    assert records(ten)[6].count('[Round "7"]') == 1
    assert len(set(records(twenty))) == 20


def test_the_tags_name_the_players_variant_and_command():
    status, text, _ = run("generate", "staku", "--variant", "Staku-2", "--players", "greedy,random", "--seed", 9,
                          "--max-turns", 30)
    assert status == 0
    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, flags=re.M))
    assert (tags["White"], tags["Black"], tags["Variant"], tags["Round"]) == \
           ("Greedy White", "Random Black", "Staku-2", "1")
    assert tags["Annotator"] == "ludoscribe generate Staku --variant Staku-2 --players greedy,random --seed 9 --max-turns 30"


def test_the_variant_chooses_the_rules():
    """Staku-2 stacks two tokens high at most (docs/games/staku.md): a stack of three never appears."""
    generation = Generation("Staku", "Staku-2", "random", seed=2, max_turns=200)
    heights = set()
    for number in range(1, 6):
        record = generation.record(number)
        position = record.start
        for node in record.moves:
            position = record.rules.apply(position, node.turn)
            heights.update(len(stack) for stack in position.stacks)
    assert max(heights) == 2
    assert generation.rules.limit == 2


@pytest.mark.parametrize(("args", "message"), [
    (["staku", "--players", "clever"],
     "Error: Invalid value for '--players': unknown player 'clever' "
     "(known: greedy, random, mcts:PLAYOUTS, PLAYOUTS from 1 to 100000)"),
    (["staku", "--players", "greedy,random,greedy"], "Error: Invalid value for '--players': 'greedy,random,greedy' names 3 "
                                                     "players: give one for both sides, or two joined by a comma"),
    (["staku", "--players", "greedy," * 2000 + "random"],  # what was written is quoted cut short
     "Error: Invalid value for '--players': '" + "greedy,greedy,greedy,greedy,greedy,gr..." + "' names 2001 "
     "players: give one for both sides, or two joined by a comma"),
    (["staku", "--players", "clever", "--lang", "fr"],
     "Error: Invalid value for '--players': joueur inconnu 'clever' "
     "(connus\u00a0: greedy, random, mcts:PLAYOUTS, PLAYOUTS de 1 à 100000)"),
    (["staku", "--variant", "Staku-9"], "Error: Invalid value for '--variant': unknown Staku variant 'Staku-9' "
                                        "(known: Staku-2, Staku-3)"),
    (["teblo", "--variant", "fast"], "Error: Invalid value for '--variant': unknown Teblo variant 'fast' (known: none)"),
    (["nogame"], "Error: Invalid value for GAME: unknown game 'nogame' (the Game tag is one of Teblo, Staku, Tektop, "
                 "Tekao, TChako)"),
    (["teblo", "--jobs", "0"], "Error: Invalid value for '-j' / '--jobs': 0 is not in the range x>=1."),
])
def test_bad_options_are_one_line_usage_errors(args, message):
    assert run("generate", *args) == (2, "", USAGE + message + "\n")


def test_the_output_is_written_whole_or_not_at_all(tmp_path):
    target = tmp_path / "out.tgn"
    target.write_text("kept", encoding="utf-8")
    status, _, messages = run("generate", "teblo", "-o", target)
    assert (status, messages) == (2, f"Error: {target}: exists already (--force replaces it)\n")
    assert target.read_text(encoding="utf-8") == "kept"
    assert run("generate", "teblo", "--count", 3, "-o", target, "--force")[0] == 0
    assert len(records(target.read_text(encoding="utf-8"))) == 3
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out.tgn"]  # no temporary file left


# Measured in a process of its own: tracemalloc counts what every thread allocates, and threads
# or lazy caches left by other tests of a pytest worker would be counted with the run.
HELD = """
import gc, sys, tracemalloc
from ludoscribe.notation import generate
from ludoscribe.notation.generate import Generation, rows, texts

made, count, jobs = {"tgn": texts, "parquet rows": rows}[sys.argv[1]], int(sys.argv[2]), int(sys.argv[3])
generate.BATCH = 4
generation = Generation("Teblo", max_turns=6)


def held(records):
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        assert sum(1 for _ in made(generation, records, jobs)) == records
        return tracemalloc.get_traced_memory()[1] - before
    finally:
        tracemalloc.stop()


held(4 * count)  # what any run fills once (imports, the rules' bounded caches) is full before counting
print(held(count), held(4 * count))
"""


@pytest.mark.slow
# Records enough that holding them all would show over what a run holds anyway: a record's
# rows weigh much more than its short text, so fewer of them do.
@pytest.mark.parametrize("made, count", [("tgn", 200), ("parquet rows", 50)])
@pytest.mark.parametrize("jobs", [1, 2])
def test_what_is_held_does_not_grow_with_the_count(made, count, jobs):
    """The most memory a run holds at once (tracemalloc's peak beyond what was held before) stays
    about the same for four times as many records: each is handed on as it is made (to the TGN
    output, or to the Parquet writer)."""
    answer = subprocess.run([sys.executable, "-c", HELD, made, str(count), str(jobs)],
                            capture_output=True, text=True, check=True)
    small, large = map(int, answer.stdout.split())
    # Held in proportion to the count, it would be four times as much: the records handed
    # out and not passed on yet are at most AHEAD batches a worker
    assert large < 2 * small, (small, large)


def _table(folder: Path, name: str) -> list[dict]:
    """A table's rows from every file of the folder, in record order (turns in order within their record)."""
    import pyarrow.parquet as pq

    rows = [row for path in sorted((folder / name).rglob("*.parquet")) for row in pq.read_table(path).to_pylist()]
    return sorted(rows, key=lambda row: (row["record"], row.get("ply", 0)))


@pytest.mark.slow  # long by nature: many games played, generated or saved (docs/contributing.md#fast-and-full-runs)
@pytest.mark.parametrize("game", GAMES)
def test_parquet_holds_what_export_makes_of_the_tgn(game, tmp_path):
    """generate --to parquet (docs/cli.md#generate) gives the folder that export writes from
    the same records in TGN: the same text and turns, read back the same by filter."""
    options = ["--count", 9, "--seed", 2, "--max-turns", 50, "--players", "greedy,random"]
    assert run("generate", game, *options, "--to", "parquet", "-o", tmp_path / "lab", "--jobs", 2) == (0, "", "")
    assert run("generate", game, *options, "-o", tmp_path / "lab.tgn") == (0, "", "")
    assert run("export", tmp_path / "lab.tgn", "--to", "parquet", "-o", tmp_path / "exported")[0] == 0
    generated, exported = _table(tmp_path / "lab", "games"), _table(tmp_path / "exported", "games")
    assert len(generated) == 9
    files = [sorted(str(path.relative_to(folder)) for path in folder.rglob("*.parquet"))
             for folder in (tmp_path / "lab", tmp_path / "exported")]
    assert files[0] == files[1] and files[0]  # the same partitions: game and year
    for column in ("record", "index", "line", "tgn", "variant", "result", "turns", "tags"):
        assert [row[column] for row in generated] == [row[column] for row in exported], column
    assert {row["source"] for row in generated} == {"generate"}
    assert _table(tmp_path / "lab", "turns") == _table(tmp_path / "exported", "turns")
    assert run("filter", tmp_path / "lab") == (0, (tmp_path / "lab.tgn").read_text(encoding="utf-8"), "")
    assert run("check", tmp_path / "lab")[0] == 0


def test_parquet_needs_a_folder_and_replaces_one_only_when_told(tmp_path):
    assert run("generate", "teblo", "--to", "parquet") == \
           (2, "", USAGE + "Error: Invalid value for '-o': --to parquet writes a folder: give it with -o DIR\n")
    assert run("generate", "teblo", "--to", "parquet", "-o", tmp_path / "lab", "--max-turns", 4)[0] == 0
    assert run("generate", "teblo", "--to", "parquet", "-o", tmp_path / "lab") == \
           (2, "", f"Error: {tmp_path / 'lab'}: exists already (--force replaces it)\n")
    assert run("generate", "teblo", "--to", "parquet", "-o", tmp_path / "lab", "--count", 3, "--force")[0] == 0
    assert len(_table(tmp_path / "lab", "games")) == 3
