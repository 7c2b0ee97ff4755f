"""`filter --cells` (docs/archive.md): records whose main line reaches a position in which
given cells hold given contents, for every game. What each cell holds is worked out here
from the position codes of the replayed positions, by a reading of each game's code
written for the test, and compared with `Game.cells` and with what the condition chooses."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from ludoscribe.cli.main import cli
from ludoscribe.notation.archive import conditions, query
from ludoscribe.notation.generate import random_text
from ludoscribe.notation import read_file
from ludoscribe.notation.reader import read_moves, read_string

GAMES = ["Teblo", "Staku", "Tektop", "Tekao", "TChako"]
CORPUS = Path(__file__).resolve().parent.parent / "corpus"


def _board(rows: list[str], names: list[list[str]], token: str) -> dict[str, str]:
    """Cells of a board code: rows of tokens and runs of empty cells, each row with its cells' names."""
    held = {}
    for row, row_names in zip(rows, names):
        column = 0
        for part in re.findall(rf"[0-9]+|{token}", row):
            if part.isdigit():
                for _ in range(int(part)):
                    held[row_names[column]] = ""
                    column += 1
            else:
                held[row_names[column]] = part.strip("()")
                column += 1
        assert column == len(row_names)
    return held


def decoded(game: str, code: str) -> dict[str, str]:
    """What each cell holds, read from a position code."""
    fields = code.split()
    if game == "Teblo":
        held = _board(fields[0].split("/"), [[f"{row}{column}" for column in range(1, 13)] for row in "LKJIHGFEDCBA"],
                      "[yr]")
        held[fields[1]] += "Y"
        held[fields[2]] += "R"
        return held
    if game == "Staku":
        lengths = {"a": 6, "b": 7, "c": 8, "d": 7, "e": 8, "f": 7, "g": 6}
        return _board(fields[0].split("/"), [[f"{row}{k}" for k in range(1, lengths[row] + 1)] for row in "gfedcba"],
                      r"\([nwb]+\)|[nwb]")
    if game in ("Tektop", "Tekao"):
        files, size = ("abcde", 5) if game == "Tektop" else ("abcdefgh", 8)
        return _board(fields[0].split("/"), [[f"{file}{rank}" for file in files] for rank in range(size, 0, -1)],
                      "[A-Za-z]")
    held = dict.fromkeys("ABCDEFGHIJKL", "")
    for zone in [] if fields[0] == "-" else fields[0].split("/"):
        held[zone[0]] = zone[1:]
    return held


def records(game: str, count: int, seed: int, max_turns: int = 60) -> list:
    return read_string(random_text(game, count, seed, max_turns))


def positions(record) -> list[dict[str, str]]:
    """The cells of every position of the main line, the start first, from the position codes."""
    read_moves(record)
    assert not record.problems
    game, position = record.game, record.start
    found = [decoded(game.name, game.position_code(position))]
    for node in record.moves:
        position = game.apply(position, node.turn)
        found.append(decoded(game.name, game.position_code(position)))
    return found


def reached(wanted: dict[str, str], line: list[dict[str, str]]) -> bool:
    return any(all(cells.get(name) == contents for name, contents in wanted.items()) for cells in line)


def text_of(wanted: dict[str, str]) -> str:
    return " ".join(f"{name}={contents or '-'}" for name, contents in wanted.items())


def chosen(text: str, record) -> bool:
    return query.Query([conditions.cells_condition(text)]).matches(record)


def together_and_apart(line: list[dict[str, str]]) -> tuple[dict[str, str], dict[str, str]]:
    """Two questions about a line: three cells as they are together in a position of its middle
    but not at the start (one of them empty), and two cells each as they are at some moment,
    never both at once."""
    middle = line[len(line) // 2]
    changed = sorted(name for name in middle if middle[name] != line[0][name])
    empty = sorted(name for name in middle if not middle[name])
    occupied = sorted(name for name in middle if middle[name])
    together = {name: middle[name] for name in (changed[:1] + occupied[:1] + empty[-1:])}
    when: dict[tuple[str, str], set[int]] = {}
    for moment, cells in enumerate(line):
        for name, contents in cells.items():
            when.setdefault((name, contents), set()).add(moment)
    facts = sorted(fact for fact in when if fact[1])
    for first in facts:
        for second in facts:
            if first[0] < second[0] and not when[first] & when[second]:
                return together, dict((first, second))
    raise AssertionError("no two contents apart on this line")


def cells_follow_the_codes(record) -> list[dict[str, str]]:
    """The cells of each main-line position as its code writes them, checked against game.cells."""
    line = positions(record)
    position = record.start
    assert dict(record.game.cells(position)) == line[0]
    for node, cells in zip(record.moves, line[1:]):
        position = record.game.apply(position, node.turn)
        assert dict(record.game.cells(position)) == cells
    return line


@pytest.mark.parametrize("game", GAMES)
def test_cells_are_what_the_position_code_writes(game):
    batch = records(game, 3, seed=5)
    assert len(batch) == 3
    held = [(record.game.cell_contents, contents) for record in batch
            for cells in cells_follow_the_codes(record)[1:] for contents in cells.values() if contents]
    assert len(held) > 30
    assert [contents for pattern, contents in held if not re.fullmatch(pattern, contents)] == []


@pytest.mark.parametrize("path", sorted(CORPUS.glob("*/*.tgn")), ids=lambda path: path.stem)
def test_cells_of_the_corpus(path):
    """Variants included (Staku-2, Tekao's faces, T'Chako's modes) and records from a set-up position."""
    asked = 0
    for record in read_file(path):
        line = cells_follow_the_codes(record)
        if len(line) > 2:  # a record of one turn has no middle to ask about
            together, apart = together_and_apart(line)
            assert together and chosen(text_of(together), record)
            assert not chosen(text_of(apart), record)
            asked += 1
    assert asked  # every file has a record of two turns or more


@pytest.mark.parametrize("game", GAMES)
def test_cells_chosen_as_the_replayed_positions_say(game):
    batch = records(game, 8, seed=17)
    line = positions(batch[0])
    assert len(line) > 6
    together, apart = together_and_apart(line)
    assert not reached(together, line[:1]) and reached(together, line)  # not at the start: the walk finds it
    assert not reached(apart, line)
    assert chosen(text_of(together), batch[0])
    assert not chosen(text_of(apart), batch[0])
    # Given as two conditions, each may hold at its own moment.
    first, second = (text_of(dict([fact])) for fact in apart.items())
    assert query.Query([conditions.cells_condition(first), conditions.cells_condition(second)]).matches(batch[0])
    answers = set()
    for record in batch:
        others = positions(record)
        for wanted in (together, apart, dict(list(together.items())[:1])):
            expected = reached(wanted, others)
            answers.add(expected)
            assert chosen(text_of(wanted), record) == expected, (record.tags["Round"], wanted)
    assert answers == {True, False}


def test_an_empty_cell_is_written_with_a_dash():
    batch = records("Teblo", 6, seed=3)
    answers = set()
    for record in batch:
        expected = reached({"D3": ""}, positions(record))  # Yellow's pawn left its base
        answers.add(expected)
        assert chosen("D3=-", record) == expected
    assert answers == {True}  # every pawn leaves its base in 60 random turns...
    staku = records("Staku", 1, seed=3)[0]
    assert chosen("c1=n a1=w", staku)  # ...and the start counts
    assert chosen("a1=w, d1=-", staku)  # commas may separate cells too
    assert chosen("c1=-", staku) == reached({"c1": ""}, positions(staku))


def test_pawns_and_bases_of_teblo():
    record = records("Teblo", 1, seed=11)[0]
    line = positions(record)
    assert chosen("D3=Y I10=R", record)  # the start: each pawn on its base
    assert not chosen("D3=y", record)  # never a piece on a base
    away = sorted({name for cells in line for name, contents in cells.items() if "R" in contents} - {"I10"})
    assert away
    for square in away[:3]:
        for contents in ("R", "rR", "Y", "yY"):
            assert chosen(f"{square}={contents}", record) == reached({square: contents}, line)


@pytest.mark.parametrize("game, text", [
    ("Teblo", "d4=H"),  # a Tekao square and piece
    ("Teblo", "c3=nw"),  # a Staku stack
    ("Tekao", "D3=Y"),  # a Teblo square
    ("Tekao", "a1=w"),  # a Tekao square, but a Tektop pawn
    ("Staku", "A=w3"),  # a T'Chako zone
    ("TChako", "a1=-"),
    ("Tektop", "e5=H"),
])
def test_cells_of_another_game_choose_nothing(game, text):
    batch = records(game, 2, seed=1)
    assert len(batch) == 2
    for record in batch:
        assert not chosen(text, record)


FITS_NO_GAME = (" fits no game (a cell is named as the game's turns name it: D4 in Teblo, c3 in Staku, a1 in "
                "Tektop and Tekao, A in T'Chako; what it holds is written as in the game's position code, - for an "
                "empty cell)")


@pytest.mark.parametrize("text, message", [
    ("D4", "'D4' is not CELL=CONTENTS (as in D4=y; - for an empty cell)"),
    ("D4=y H10", "'H10' is not CELL=CONTENTS (as in D4=y; - for an empty cell)"),
    ("D4=y=r", "'D4=y=r' is not CELL=CONTENTS (as in D4=y; - for an empty cell)"),
    ("", 'give cells and what they hold, e.g. "D4=y H10=R" (- for an empty cell)'),
    ("D4=y D4=r", "cell D4 is given twice"),
    ("D4=w", "'D4=w'" + FITS_NO_GAME),
    ("D4=y c3=n", "'D4=y c3=n'" + FITS_NO_GAME),
    ("M1=-", "'M1=-'" + FITS_NO_GAME),
])
def test_malformed_cells(text, message):
    with pytest.raises(ValueError) as raised:
        conditions.cells_condition(text)
    assert str(raised.value) == message


def test_filter_cells_on_the_command_line(tmp_path):
    batch = {game: records(game, 3, seed=23) for game in GAMES}
    path = tmp_path / "mixed.tgn"
    path.write_text("\n".join(random_text(game, 3, 23, 60) for game in GAMES), encoding="utf-8")
    lines = {game: [positions(record) for record in batch[game]] for game in GAMES}
    wanted, _ = together_and_apart(lines["Staku"][0])
    expected = sum(reached(wanted, line) for line in lines["Staku"])
    result = CliRunner().invoke(cli, ["filter", str(path), "--cells", text_of(wanted), "--count"])
    assert result.exit_code == 0, result.output
    assert result.output == f"{expected}\n"
    teblo_pawns = {"D3": "Y", "I10": "R"}
    result = CliRunner().invoke(cli, ["filter", str(path), "--cells", "D3=Y I10=R", "--cells", "D3=-", "--count"])
    assert result.output == f"{sum(reached(teblo_pawns, line) and reached({'D3': ''}, line) for line in lines['Teblo'])}\n"
    refused = CliRunner().invoke(cli, ["filter", str(path), "--cells", "D4"])
    assert refused.exit_code == 2
    assert "Invalid value for --cells: 'D4' is not CELL=CONTENTS" in refused.output
