"""Every Python example in the docs runs, in a folder holding the files the examples name."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ludoscribe.notation import check, read_file
from ludoscribe.notation.jsonio import write_json

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)
EXAMPLES = [(path.relative_to(ROOT / "docs").as_posix(), number, code)
            for path in sorted((ROOT / "docs").rglob("*.md"))
            for number, code in enumerate(BLOCK.findall(path.read_text(encoding="utf-8")), 1)]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """game.tgn and club.tgn (a Teblo game), event.tgn (a Teblo event), games.json, corpus/."""
    shutil.copy(ROOT / "corpus/teblo/kastanje-2024-r4-de-wit-mulder.tgn", tmp_path / "game.tgn")
    shutil.copy(ROOT / "corpus/teblo/kastanje-2024-r4-de-wit-mulder.tgn", tmp_path / "club.tgn")
    shutil.copy(ROOT / "corpus/teblo/spring-quadrangular-2024.tgn", tmp_path / "event.tgn")
    shutil.copytree(ROOT / "corpus/tchako", tmp_path / "corpus")
    records = list(read_file(tmp_path / "game.tgn"))
    for record in records:
        check(record)
    with open(tmp_path / "games.json", "w", encoding="utf-8") as out:
        write_json(records, out)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_docs_have_python_examples():
    assert {page for page, _, _ in EXAMPLES} >= {"library.md", "index.md", "json.md", "publishing.md"}


@pytest.mark.parametrize("page, number, code", EXAMPLES, ids=[f"{page}#{n}" for page, n, _ in EXAMPLES])
def test_python_example_runs(folder, capsys, page, number, code):
    exec(compile(code, f"docs/{page} example {number}", "exec"), {"__name__": "__docs__"})
    capsys.readouterr()


def test_library_examples_print_what_they_say(folder, capsys):
    examples = {number: code for page, number, code in EXAMPLES if page == "library.md"}

    def printed(number: int) -> list[str]:
        exec(examples[number], {})
        return capsys.readouterr().out.splitlines()

    assert printed(1)[1:4] == ["Femke Hoekstra - Ilse Veenstra 1/2-1/2 63 turns",
                               "   1/2-1/2 repetition the turns F9 H8 E9 G8 were played three times in a row",
                               "Pieter Bakker - Femke Hoekstra 1-0 93 turns"]
    assert printed(2) == ["4 13 turn 2 Yellow", "D6 is not next to Yellow's pawn on D4: a pawn steps to an "
                          "orthogonally adjacent square"]
    engines = printed(4)
    assert engines[-1] == "TChako T'Chako ('White', 'Black')"
    assert engines[:5] == ["['Staku', 'TChako', 'Teblo', 'Tekao', 'Tektop']",
                           "None D4 12/12/12/12/12/12/12/12/12/12/12/12 D4 I10 R 1",
                           "D6 is not next to Yellow's pawn on D3: a pawn steps to an orthogonally adjacent "
                           "square",
                           "not-adjacent D6 {'code': 'not-adjacent', 'to': 'D6', 'side': 'Yellow', 'pawn': 'D3'}",
                           "turn 1 Red"]
    assert printed(5) == ["the turns D4 H10 D3 I10 were played three times in a row", "None"]
    assert printed(8) == ["None", "D4 is not next to Red's pawn on I10: a pawn steps to an orthogonally adjacent "
                          "square", "D4"]
    assert printed(7) == []
    assert (folder / "after-12.svg").read_text(encoding="utf-8").startswith("<svg")
    assert printed(10) == ["event.tgn 1 valid", "event.tgn 2 valid", "event.tgn 3 valid",
                           "missing.tgn: No such file or directory", "1 file read, 1 input not read"]
    assert printed(11) == ["  instead of 11... G5", "{0: 59, 1: 7}"]
    assert printed(9)[2:] == ["Spring Quadrangular 2024 1 Pieter Bakker 2", "Spring Quadrangular 2024 2 Femke Hoekstra 1/2",
                              "Spring Quadrangular 2024 2 Ilse Veenstra 1/2"]
