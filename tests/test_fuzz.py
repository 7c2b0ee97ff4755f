"""Fuzzing: mutated TGN records and JSON documents through every command never end in an
internal error (exit status 3) or a traceback, whatever they hold (docs/cli.md).

The cases are drawn from fixed seeds, so a failure is reproduced by its test id; their
number is fixed, which bounds the time the test takes.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli

CORPUS = Path(__file__).parent.parent / "corpus"
SOURCES = sorted(CORPUS.rglob("*.tgn"))
CASES = 24  # per kind of input

# Pieces that have broken readers before: huge numbers, lone brackets and braces, line
# breaks of every kind, bytes that are not UTF-8, tags in the middle of the movetext.
NASTY = [b"9" * 5000, b"$" + b"9" * 5000, b"9" * 4400 + b". ", b"0" * 5000 + b"1. ", b"$256", b"{", b"}",
         b"(", b")", b"((1. ", b"[%", b"[%clk ", b"]", b";", b"\n", b"\r", b"\r\n", b"\x00", b"\x1b[31m",
         b"\xff", b"\xc3", b"\xef\xbb\xbf", "\u2028".encode(), b"\\", b'"', b'[Game "Teblo"]\n',
         b'[SetUp "1"]\n', b'[Position "' + b"9" * 5000 + b'"]\n', b'[Variant "' + b"9" * 5000 + b'"]\n',
         b"1-0", b"*", b"1/2-1/2", b"!!", b"??", b"x" * 3000, b"\t", b" ", b"-", b"D4", b"(H9)", b"10."]
RAW = {'"<huge>"': "9" * 5000, '"<-huge>"': "-" + "9" * 4400, '"<1e5000>"': "1e5000", '"<NaN>"': "NaN"}
JSON_VALUES = [None, True, 0, -1, 256, 1e300, *(raw[1:-1] for raw in RAW), "", "\ud800", "\udfff x", "x" * 3000, [], {},
               [[[[[]]]]], {"turn": "D4"}, "D4", "1-0", "*", "9" * 5000, "\n", "}", "[%clk 1:00:00]"]


def mutate_tgn(data: bytes, rng: random.Random) -> bytes:
    """A few random edits of a record file: cuts, copies, and nasty pieces put in."""
    for _ in range(rng.randint(1, 6)):
        at = rng.randrange(len(data) + 1)
        edit = rng.randrange(4)
        if edit == 0:
            data = data[:at] + data[at + rng.randint(1, 40):]
        elif edit == 1:
            start = rng.randrange(len(data) + 1)
            data = data[:at] + data[start:start + rng.randint(1, 200)] + data[at:]
        else:
            data = data[:at] + rng.choice(NASTY) + data[at:]
    return data


def mutate_json(value, rng: random.Random):
    """The value with one random part replaced by a value of any type."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        key = rng.choice(list(value))
        return {**value, key: mutate_json(value[key], rng)}
    if isinstance(value, list) and value and rng.random() < 0.8:
        index = rng.randrange(len(value))
        return value[:index] + [mutate_json(value[index], rng)] + value[index + 1:]
    return rng.choice(JSON_VALUES)


def json_input(rng: random.Random, seed_text: str) -> bytes:
    document = json.loads(seed_text)
    records = document["records"]
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.9:  # mostly inside a record, where most of the reading is
            index = rng.randrange(len(records))
            records[index] = mutate_json(records[index], rng)
        else:
            document = mutate_json(document, rng)
    text = json.dumps(document, ensure_ascii=rng.random() < 0.5)
    for placeholder, raw in RAW.items():  # numbers json.dumps would not write
        text = text.replace(placeholder, raw)
    data = text.encode("utf-8", "surrogatepass")
    if rng.random() < 0.3:  # and a few edits of the text itself
        data = mutate_tgn(data, rng)
    if rng.random() < 0.2:
        data = b"\xef\xbb\xbf" + data
    return data


def commands(path: Path, out: Path) -> list[list[str]]:
    """Every command that reads records, on `path`."""
    return [
        ["check", str(path)],
        ["check", "--json", str(path)],
        ["convert", str(path), "--to", "tgn", "-o", str(out / "out.tgn")],
        ["convert", str(path), "--to", "json", "-o", str(out / "out.json")],
        ["convert", str(path), "--record", "1", "--to", "md", "-o", str(out / "out.md")],
        ["convert", str(path), "--record", "1", "--to", "html", "-o", str(out / "out.html")],
        ["diagram", str(path), "-o", str(out / "diagrams")],
        ["standings", str(path), "--format", "csv"],
    ]


def run_all(path: Path, out: Path) -> None:
    """Run every command on `path`; none may end in an internal error."""
    for args in commands(path, out):
        result = CliRunner().invoke(cli, args + ["--force"] if "-o" in args else args, catch_exceptions=True)
        if "No such option: --force" in result.output:  # commands without --force
            result = CliRunner().invoke(cli, args, catch_exceptions=True)
        crashed = result.exception is not None and not isinstance(result.exception, SystemExit)
        assert not crashed, (args, repr(result.exception))
        assert result.exit_code in (0, 1, 2), (args, result.exit_code, result.output[-500:])
        assert "Traceback" not in result.output, (args, result.output[-2000:])


@pytest.fixture(scope="module")
def seed_json(tmp_path_factory) -> str:
    """A JSON document made by `convert` from the corpus, to mutate."""
    out = tmp_path_factory.mktemp("seed") / "seed.json"
    result = CliRunner().invoke(cli, ["convert", str(CORPUS / "teblo" / "spring-quadrangular-2024.tgn"),
                                      "--to", "json", "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_text(encoding="utf-8")


@pytest.mark.parametrize("seed", range(CASES))
def test_mutated_tgn_through_every_command(seed, tmp_path):
    rng = random.Random(seed)
    path = tmp_path / "fuzz.tgn"
    path.write_bytes(mutate_tgn(rng.choice(SOURCES).read_bytes(), rng))
    run_all(path, tmp_path)


@pytest.mark.parametrize("seed", range(CASES))
def test_mutated_json_through_every_command(seed, seed_json, tmp_path):
    rng = random.Random(1000 + seed)
    path = tmp_path / "fuzz.json"
    path.write_bytes(json_input(rng, seed_json))
    run_all(path, tmp_path)


@pytest.mark.parametrize("seed", range(4))
def test_mutated_records_through_site_and_record(seed, seed_json, tmp_path):
    """The slower commands, on fewer cases: a site of mutated files, resuming a mutated scoresheet."""
    rng = random.Random(2000 + seed)
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.tgn").write_bytes(mutate_tgn(rng.choice(SOURCES).read_bytes(), rng))
    (folder / "b.json").write_bytes(json_input(rng, seed_json))
    result = CliRunner().invoke(cli, ["site", str(folder), "-o", str(tmp_path / "site")], catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output, result.output[-2000:]
    sheet = tmp_path / "sheet.tgn"
    sheet.write_bytes(mutate_tgn(b'[Game "Teblo"]\n[Result "*"]\n\n1. D4 H10 *\n', rng))
    result = CliRunner().invoke(cli, ["record", "teblo", "-o", str(sheet)], input="comment hi\nquit\n",
                                catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output, result.output[-2000:]
