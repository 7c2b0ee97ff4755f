"""An archive for the Parquet tests: the corpus, generated records of the five games, records
of every shape of tags and movetext, and a JSON file (docs/archive.md#columnar-export)."""

from __future__ import annotations

import io
import json
import random
import re
import shutil
from pathlib import Path

import pytest

from ludoscribe.notation import read_string, write_record
from ludoscribe.notation.generate import random_record, random_records, random_text
from ludoscribe.notation.jsonio import record_to_json, write_json
from ludoscribe.notation.model import Node, Record
from ludoscribe.notation.archive.parquet import export
from ludoscribe.notation.archive.sources import Sources

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("Teblo", "Staku", "Tektop", "Tekao", "TChako")
ODD = 'quote " back\\slash ] [x] {brace} ; semi \t tab, Zürich 日本 ☃'


def _played(game: str, seed: int, at_least: int) -> Record:
    """A random record of at least `at_least` turns."""
    while True:
        record = random_record(game, random.Random(seed), max_turns=30)
        if len(record.moves) >= at_least:
            return record
        seed += 1000


def shapes(game: str) -> str:
    """Records of `game` in every shape of tags and movetext, as TGN text."""
    main = _played(game, 1, 8)
    rules = main.game
    other = next(record for seed in range(2, 200) if (record := _played(game, seed, 2))
                 and rules.turn_text(record.moves[0].turn) != rules.turn_text(main.moves[0].turn))
    first, second = rules.sides
    moves = [Node(node.turn) for node in main.moves]
    moves[0].nags = [1, 14]
    moves[0].comments = ["a comment with a command [%clk 0:05:00] and } braces"]  # a ; comment
    moves[0].variations = [[Node(other.moves[0].turn, nags=[6]),
                            Node(other.moves[1].turn, comments=["{nested} (not a variation)"])]]
    moves[1].before = ["before the turn"]
    moves[2].nags = [3]
    moves[3].comments = ["[%mark a1] two", "comments"]
    annotated = Record(tags={"Event": ODD, "Site": "?", "Date": "2024.02.30", "Round": "3.1", first: "Ann \"A\" Smit",
                             second: "", "Annotator": ODD, "Odd_Tag9": "", "Unknown": "x" * 300},
                       comments=["before the first turn [%diagram]"], moves=moves, result=main.result,
                       game=rules, start=main.start)
    texts = [write_record(annotated)]
    bare = write_record(main)  # the tags a writer adds, taken out again: Game and Result only
    texts.append(re.sub(rf'^\[(Event|Site|Date|Round|{first}|{second}) .*\n', "", bare, flags=re.M))
    start = main.start
    for node in main.moves[:5]:
        start = rules.apply(start, node.turn)
    set_up = Record(tags={"Event": "A study", "Date": "2025.??.??", "SetUp": "1",
                          "Position": rules.position_code(start)},
                    moves=[Node(node.turn) for node in main.moves[5:]], result=main.result, game=rules, start=start)
    texts.append(write_record(set_up))
    spaced = texts[0].replace("\n\n", "\n\n   ").replace(" ", "  ")  # not canonical: kept as written
    return "\n".join(texts) + "\n" + spaced


def make_archive(root: Path) -> Path:
    """The corpus, generated records and every shape of record for each game, and a JSON file, in `root`."""
    shutil.copytree(ROOT / "corpus", root / "corpus")
    for game in GAMES:
        (root / "generated").mkdir(exist_ok=True)
        (root / "generated" / f"{game}.tgn").write_text(random_text(game, 4, 7, 60), encoding="utf-8")
        (root / "shapes").mkdir(exist_ok=True)
        (root / "shapes" / f"{game}.tgn").write_text(shapes(game), encoding="utf-8")
    stream = io.StringIO()
    write_json(read_string(random_text("Staku", 2, 9, 40)), stream)
    (root / "generated" / "staku.json").write_text(stream.getvalue(), encoding="utf-8")
    return root


def make_json_archive(root: Path) -> Path:
    """A JSON file, `root`/records.json, as a person or another program writes one: records
    with and without Event, Site, Date and Round, one without its Result tag, tags in their
    own order, and comments spaced as typed (docs/json.md)."""
    records = []
    for number, record in enumerate(random_records("Teblo", 4, 11, 30), 1):
        record.tags.update({"Event": "?" if number == 3 else "Club night", "Date": f"2024.0{number}.1{number}"})
        record.result = ("1-0", "0-1", "1/2-1/2", "*")[number - 1]  # a game may be resigned or agreed
        records.append(record_to_json(record))
    for record in random_records("Staku", 3, 12, 30):
        records.append(record_to_json(record))
    for data in records[1::2]:  # records 2, 4, 6: no Event, Site, Date or Round
        for name in ("Event", "Site", "Date", "Round"):
            del data["tags"][name]
    records[3]["tags"] = {"Zeta": ODD, **records[3]["tags"]}
    del records[5]["tags"]["Result"]
    records[0]["comments"] = ["typed   with\n  spaces"]
    first = records[0]["moves"][0]
    first.update(nags=[1, 14], comments=["a  comment"], variations=[[{"turn": first["turn"], "before": ["same"]}]])
    document = {"format": "tgn-json", "version": 1, "records": records}
    root.mkdir(parents=True, exist_ok=True)
    (root / "records.json").write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    return root


def make_export(archive: Path, folder: Path) -> Path:
    """The archive exported into `folder`, which every record of it reaches."""
    rejected: list = []
    done = export(Sources([str(archive)]), folder, rejected=lambda *entry: rejected.append(entry))
    assert rejected == []
    assert done.records == sum(1 for _ in Sources([str(archive)]))
    return folder


# The archive and its export, shared by the Parquet tests (a plugin of conftest.py; a module
# defining fixtures of these names uses its own).
@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    return make_archive(tmp_path_factory.mktemp("archive") / "archive")


@pytest.fixture(scope="module")
def exported(archive, tmp_path_factory) -> Path:
    return make_export(archive, tmp_path_factory.mktemp("parquet") / "archive.parquet")
