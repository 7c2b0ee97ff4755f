"""One compiled pattern per game's turn, used by every way a turn is read: the TGN scanner,
JSON, the scoresheet and `filter --opening` (docs/format.md#limits, docs/json.md#messages).
The parsimonious rules stay the readable spec: the compiled pattern accepts exactly what
they accept, on generated turns and on every turn of the corpus."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoscribe.notation import read_file
from ludoscribe.notation.games import GAMES
from ludoscribe.notation.grammar import grammar_for, token_rules, turn_pattern
from ludoscribe.notation.jsonio import read_json
from ludoscribe.notation.archive.conditions import opening_condition
from ludoscribe.notation.reader import read_string
from ludoscribe.notation.recording.scoresheet import Scoresheet

from hostile_records import run_cli

from conftest import examples

CORPUS = Path(__file__).parent.parent / "corpus"
TCHAKO_EXAMPLE = GAMES["TChako"].turn_example


def long_turn(actions: int, stray: str = "x") -> str:
    return ",".join(["F>G"] * actions) + stray


def write_both(folder: Path, turn: str) -> tuple[Path, Path]:
    """One T'Chako record whose only turn is `turn`, as TGN and as JSON."""
    tgn = folder / "long.tgn"
    tgn.write_text(f'[Game "TChako"]\n[Result "*"]\n\n1. {turn} *\n', encoding="utf-8")
    document = {"format": "tgn-json", "version": 1,
                "records": [{"tags": {"Game": "TChako", "Result": "*"}, "moves": [{"turn": turn}], "result": "*"}]}
    as_json = folder / "long.json"
    as_json.write_text(json.dumps(document), encoding="utf-8")
    return tgn, as_json


# --- the message: a long turn is shortened, from TGN and from JSON alike ----------------


def test_a_long_bad_turn_gets_the_same_short_message_from_tgn_and_from_json(tmp_path):
    tgn, as_json = write_both(tmp_path, long_turn(16_000))
    said = f"'F>G,F>G,F>G,F>G,F>G,F...' is not a TChako turn ({TCHAKO_EXAMPLE})"
    from_tgn, from_json = run_cli("check", tgn), run_cli("check", as_json)
    assert (from_tgn.exit_code, from_tgn.stdout, from_tgn.stderr) == (
        1, f"{tgn}:4:4: turn 1 White: {said}\n", "checked 1 record in 1 file: 0 valid, 1 with problems\n")
    assert (from_json.exit_code, from_json.stdout, from_json.stderr) == (
        1, f"{as_json}:1:50: $.records[0].moves[0].turn: {said}\n",
        "checked 1 record in 1 file: 0 valid, 1 with problems\n")


def test_a_short_bad_turn_is_shown_whole_and_read_turn_says_the_same():
    game = GAMES["Teblo"]()
    with pytest.raises(ValueError) as refused:
        game.read_turn("M4")
    assert str(refused.value) == f"'M4' is not a Teblo turn ({game.turn_example})"
    record = read_string('[Game "Teblo"]\n[Result "*"]\n\n1. M4 *\n')[0]
    assert [str(problem) for problem in record.problems] == [f"4:4: turn 1 Yellow: {refused.value}"]


def test_the_scoresheet_refuses_a_long_turn_with_the_short_message():
    sheet = Scoresheet.new("TChako")
    assert sheet.add_turn(long_turn(5_000)) == f"'F>G,F>G,F>G,F>G,F>G,F...' is not a TChako turn ({TCHAKO_EXAMPLE})"
    assert sheet.record.moves == []


# --- one pattern for every way in, each turn matched once -------------------------------


class Matches:
    """Each match a game makes of a turn: the pattern, where it started and ended, the text's length."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game_class: type) -> None:
        self.seen: list[tuple[object, int, int, int]] = []
        original = game_class.turn_from_match

        def recording(game, match):
            self.seen.append((match.re, match.start(), match.end(), len(match.string)))
            return original(game, match)

        monkeypatch.setattr(game_class, "turn_from_match", recording)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_scanner_reads_turns_with_the_games_one_pattern(game):
    assert dict(token_rules(GAMES[game]))["turn"] is turn_pattern(GAMES[game])


def test_every_way_in_matches_a_turn_once_with_the_scanners_pattern(monkeypatch, tmp_path):
    rules = GAMES["TChako"]
    pattern = turn_pattern(rules)
    turn = long_turn(4_000, stray="")  # reads, then the rules refuse it (the same shot again)
    tgn, as_json = write_both(tmp_path, turn)
    short = read_string('[Game "TChako"]\n[Result "*"]\n\n1. F>G *\n')[0]
    matches = Matches(monkeypatch, rules)

    list(read_file(tgn))
    with open(as_json, "rb") as stream:
        list(read_json(stream))
    Scoresheet.new("TChako").add_turn(turn)
    opening = opening_condition(f"1. {turn}")
    opening.test(short)

    tgn_start = len('[Game "TChako"]\n[Result "*"]\n\n1. ')
    assert matches.seen == [
        (pattern, tgn_start, tgn_start + len(turn) + 1, tgn_start + len(turn) + 3),  # the space after it is eaten
        (pattern, 0, len(turn), len(turn)),  # JSON
        (pattern, 0, len(turn), len(turn)),  # the scoresheet
        (pattern, 0, len(turn), len(turn)),  # --opening, its text checked when the condition is built
        (pattern, 0, len(turn), len(turn)),  # --opening, the turn played on a record
    ]


def test_reading_turns_never_loads_parsimonious(tmp_path):
    tgn, as_json = write_both(tmp_path, "F>G")
    script = (
        "import sys\n"
        "from ludoscribe.notation import read_file\n"
        "from ludoscribe.notation.jsonio import read_json\n"
        "from ludoscribe.notation.archive.conditions import opening_condition\n"
        "from ludoscribe.notation.recording.scoresheet import Scoresheet\n"
        f"records = list(read_file({str(tgn)!r}))\n"
        f"records += list(read_json(open({str(as_json)!r}, 'rb')))\n"
        "sheet = Scoresheet.new('Teblo')\n"
        "print(sheet.add_turn('D4'), sheet.add_turn('Q4') is not None, opening_condition('1. D4').test(sheet.record),\n"
        "      [r.problems for r in records], 'parsimonious' in sys.modules, 'regex' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout == "None True True [[], []] False False\n"


# --- the compiled pattern accepts exactly what the parsimonious rule accepts ---------------


def spec_reading(game_class: type, text: str):
    """What the parsimonious `turn` rule makes of text: its match's groups, or None if refused."""
    try:
        node = grammar_for(game_class)["turn"].parse(text)
    except Exception:  # noqa: BLE001 - any parse error is a refusal
        return None
    return node.match.groupdict(), node.match.span()


def compiled_reading(game_class: type, text: str):
    match = turn_pattern(game_class).match(text)
    if match is None or match.end() != len(text):
        return None
    return match.groupdict(), match.span()


def corpus_turns() -> dict[str, set[str]]:
    """Every turn of the corpus as written, and as spelt in full by a checked record, by game."""
    from ludoscribe.notation import check

    found: dict[str, set[str]] = {}
    for path in sorted(CORPUS.rglob("*.tgn")):
        for record in read_file(path):
            check(record)
            assert not record.problems, (path, record.problems)
            text = record.source.text
            nodes, lines = [], [record.moves]
            while lines:
                for node in lines.pop():
                    nodes.append(node)
                    lines.extend(node.variations)
            turns = found.setdefault(record.game.name, set())
            for node in nodes:
                written = text[node.offset:].split(None, 1)[0].rstrip("!?")  # a glyph may be glued to it
                while written.count(")") > written.count("("):  # and the ends of variations
                    written = written[:-1].rstrip("!?")
                turns.add(written)
                turns.add(record.game.turn_text(node.turn))
    return found


CORPUS_TURNS = corpus_turns()


def test_the_corpus_has_turns_of_every_game():
    assert sorted(CORPUS_TURNS) == sorted(GAMES) and min(len(turns) for turns in CORPUS_TURNS.values()) >= 10


def mutations(turn: str, rng: random.Random) -> list[str]:
    """The turn, and the turn with a character left out, doubled, changed, or added at either end."""
    alphabet = sorted(set("".join(t for turns in CORPUS_TURNS.values() for t in turns)) | set(" #()!?x@:,>/^~+-*$"))
    texts = [turn, turn + " ", turn + "\n", " " + turn, turn + "#", turn + " #", turn + ",", turn + turn]
    for at in range(len(turn)):
        texts += [turn[:at] + turn[at + 1:], turn[:at] + turn[at] + turn[at:],
                  turn[:at] + rng.choice(alphabet) + turn[at + 1:]]
    return texts + [rng.choice(alphabet) + turn, turn + rng.choice(alphabet)]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_compiled_pattern_reads_every_corpus_turn_and_its_mutations_as_the_spec_does(game):
    rules, rng = GAMES[game], random.Random(game)
    accepted = 0
    for turn in sorted(CORPUS_TURNS[game]):
        assert compiled_reading(rules, turn) is not None, turn
        for text in mutations(turn, rng):
            expected = spec_reading(rules, text)
            assert compiled_reading(rules, text) == expected, text
            accepted += expected is not None
    assert accepted > len(CORPUS_TURNS[game])  # some mutations are turns too: both sides were compared


# Pieces of turns of every game, right and wrong.
PIECES = sorted({piece for turns in CORPUS_TURNS.values() for turn in turns for piece in turn.split(",")}
                | {",", " ", "\t", "#", "x", "(", ")", "@", ":", "50", "100", "101", "O", "pass", "^", "/w", "/b",
                   "q", "c", ">", "~s", "~l", "+", "-", "*", "<", "1234", "/", "Z", "é"})


@pytest.mark.parametrize("game", sorted(GAMES))
@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.sampled_from(PIECES), min_size=1, max_size=8))
def test_the_compiled_pattern_reads_generated_turns_as_the_spec_does(game, pieces):
    text = "".join(pieces)
    assert compiled_reading(GAMES[game], text) == spec_reading(GAMES[game], text)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_read_turn_gives_the_turn_the_spec_match_gives(game):
    rules = GAMES[game]()
    for turn in sorted(CORPUS_TURNS[game]):
        node = grammar_for(GAMES[game])["turn"].parse(turn)
        assert rules.read_turn(turn) == rules.turn_from_match(node.match)
