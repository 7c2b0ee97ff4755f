"""The games' pages in French (docs/fr/): one for every English game page, in the nav; the same
refusal and set-up codes as the English page, each with the sentence the rules catalogue says
in French; the records, turns and position codes of the examples exactly as in the English
page (never translated); and the game's words in French, not in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_refusal_codes import REFUSALS
from test_set_up_codes import EDITED, READ
from test_tchako_docs import ROWS

from ludoscribe.notation.games import Said
from ludoscribe.notation.games.tchako import TChako
from ludoscribe.notation.languages import words

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GAMES = sorted(path.stem for path in (DOCS / "games").glob("*.md"))
FRENCH = words("fr")
# (English heading, French heading) of the code tables
CODE_SECTIONS = [("## Refusal codes", "## Codes de refus"), ("## Set-up codes", "## Codes de position de départ")]
CODE_ROW = re.compile(r"^\| `([a-z0-9-]+)` \| ([^|]*) \| (.*) \|$", re.M)
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
TGN_TOKEN = re.compile(r"[\d>@+~#*/^]")  # in every turn, turn number and result of the examples
PLACEHOLDERS = re.compile(r"[A-ZÉ][A-ZÉ-]*(?: [A-ZÉ][A-ZÉ-]*)+\n")  # a layout line: ROWS SIDE NUMBER
# English words of the games that a French page says in French (docs/languages.md#the-games-words-in-french)
ENGLISH_GAME_WORDS = re.compile(r"\b(?:White|Black|Yellow|Red|Blue|pawns?|pucks?|queens?|tokens?|stacks?|"
                                r"turns?|board|squares?|pieces?|flag|elastics?|summit|palace)\b")


def page(*parts: str) -> str:
    return DOCS.joinpath(*parts).read_text(encoding="utf-8")


def section(text: str, heading: str) -> str:
    """The text under a level-2 heading, up to the next one."""
    found = text[text.index(heading + "\n"):]
    end = found.find("\n## ", 3)
    return found if end < 0 else found[:end]


def said_in_english() -> dict[tuple[str, str], Said]:
    """Every refusal and set-up refusal the tests say, by (code, English sentence)."""
    said: dict[tuple[str, str], Said] = {}
    for refusal, sentence in REFUSALS:
        said.setdefault((refusal.code.value, sentence), refusal)
    for case in READ:
        said.setdefault((case[3].code.value, case[4]), case[3])
    for case in EDITED:
        said.setdefault((case[1].code.value, case[1].sentence), case[1])
    return said


def prose(text: str) -> str:
    """A page's text outside code blocks, code spans and link targets, and before its English
    examples of `check`'s output (the section "Messages d'erreur")."""
    text = text.split("## Messages d'erreur")[0]
    text = BLOCK.sub("", text)
    text = re.sub(r"`[^`]*`", "", text)
    return re.sub(r"\]\([^)]*\)", "]", text)


def tgn_lines(block: str) -> list[str]:
    """What a block says in TGN: the leading turns of each line that does not start with a
    space (a token with a digit or a sign of the notation), up to the first word of a comment
    after them (drawings and comments dropped)."""
    found = []
    for line in block.splitlines():
        if line and not line[0].isspace():
            turns = []
            for token in line.split():
                if not TGN_TOKEN.search(token):
                    break
                turns.append(token)
            found.append(" ".join(turns))
    return found


def test_every_english_game_page_has_its_french_page_in_the_nav():
    assert GAMES == ["staku", "tchako", "teblo", "tekao", "tektop"]
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").split("\nnav:\n", 1)[1].split("\n\n", 1)[0]
    french = nav[nav.index("  - Français:\n"):]
    assert re.findall(r":\s*(\S+\.md)\s*$", french, re.M) == ["fr/index.md", *(f"fr/games/{game}.md" for game in
                                                                                ("teblo", "staku", "tektop", "tekao",
                                                                                 "tchako"))]
    for game in GAMES:
        assert (DOCS / "fr" / "games" / f"{game}.md").is_file()


def test_the_french_home_leads_to_every_game_and_back_to_english():
    home = page("fr", "index.md")
    for game in GAMES:
        assert f"](games/{game}.md)" in home
    assert "](../index.md)" in home
    assert "](fr/index.md)" in page("languages.md") and "](fr/index.md)" in page("index.md")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("english, french", CODE_SECTIONS)
def test_a_french_page_lists_the_english_codes_each_said_in_french(game, english, french):
    said = said_in_english()
    english_rows = CODE_ROW.findall(section(page("games", f"{game}.md"), english))
    french_rows = CODE_ROW.findall(section(page("fr", "games", f"{game}.md"), french))
    assert english_rows and [row[:2] for row in french_rows] == [row[:2] for row in english_rows]
    for (code, _, english_sentence), (_, _, french_sentence) in zip(english_rows, french_rows):
        assert french_sentence == said[code, english_sentence].sentence_in(FRENCH), code


@pytest.mark.parametrize("game", GAMES)
def test_the_examples_of_a_french_page_are_those_of_the_english_page(game):
    english = BLOCK.findall(page("games", f"{game}.md"))
    french = BLOCK.findall(page("fr", "games", f"{game}.md"))
    assert len(french) == len(english)
    for (english_language, english_block), (french_language, french_block) in zip(english, french):
        assert french_language == english_language
        if french_block == english_block:
            continue
        if PLACEHOLDERS.fullmatch(english_block):  # a layout: its fields' names in French, as many
            assert PLACEHOLDERS.fullmatch(french_block) and len(french_block.split()) == len(english_block.split())
            continue
        assert french_language != "python" and tgn_lines(french_block) == tgn_lines(english_block)


@pytest.mark.parametrize("game", GAMES)
def test_a_french_page_names_the_games_things_in_french(game):
    found = ENGLISH_GAME_WORDS.findall(prose(page("fr", "games", f"{game}.md")))
    assert found == []


def test_the_tchako_readings_in_french_are_what_the_engine_says():
    text = page("fr", "games", "tchako.md")
    readings = text.split("### Lectures avec exemples vérifiés")[1].split("\n### ")[0]
    rows = [[cell.strip().strip("`") for cell in line.strip("|").split("|")]
            for line in readings.splitlines() if line.startswith("| ") and not line.startswith("| lecture")]
    assert [row[1:4] for row in rows] == [row[1:4] for row in ROWS]
    for _, mode, code, text_of_turn, says in rows:
        game = TChako("" if mode == "–" else mode)
        position = game.read_position(code)
        turn = game.read_turn(text_of_turn)
        refusal = game.refusal(position, turn)
        expected = game.position_code(game.apply(position, turn)) if refusal is None else refusal.sentence_in(FRENCH)
        assert says == expected, text_of_turn


@pytest.mark.parametrize("name", sorted(path.relative_to(DOCS / "fr").as_posix() for path in (DOCS / "fr").rglob("*.md")))
def test_french_pages_put_a_no_break_space_before_high_punctuation(name):
    """As every French text of Ludoscribe does (docs/languages.md#the-games-words-in-french):
    U+00A0 before : ; ? ! and », after «, outside code."""
    text = re.sub(r"`[^`]*`", "", BLOCK.sub("", page("fr", name)))
    assert re.findall(r"\S+ [:;?!»]|« \S+", text) == []
