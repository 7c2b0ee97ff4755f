"""The rules' room of the French catalogue (docs/languages.md#the-games-words-in-french): every
refusal, ending and set-up code of every game, and the games' own words, said in French; a
refused turn and an ending of a real record of each game said without an English word."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_refusal_codes import ENDINGS, REFUSALS
from test_set_up_codes import EDITED, READ

from ludoscribe.notation.games import Ending, Outcome, game_class
from ludoscribe.notation.games.tchako.modes import HILLS
from ludoscribe.notation.games.tchako.zones import HILLS_IN_WORDS, bits_of, zone_list
from ludoscribe.notation.languages import GAME_WORD, catalogues, words
from ludoscribe.notation.reader import read_file
from ludoscribe.notation.replay import replay

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
FRENCH = words("fr")
# the English words of the rules' sentences, none of which a French sentence may hold (as whole words)
ENGLISH = re.compile(r"\b(?:pawns?|pieces?|turns?|tokens?|palaces?|pucks?|queens?|flags?|stacks?|throw|steps?|"
                     r"levels?|squares?|cells?|summit|support|home|yellow|red|white|black|blue|hook|tower|bow|"
                     r"pistol|north|east|south|west|the|has|have|is|are|not|and|or|no|legal|its|holds|reached|"
                     r"took|brought|hit|while|empty|only|moves?|goes|write|already|on|of|in|to|from|"
                     r"creation|space|anchor|elastic|countdown|hill|king|sudden|death)\b", re.I)


def english_words(text: str) -> list[str]:
    """The English words of a sentence, leaving out the states a position code writes (W:hill)."""
    return ENGLISH.findall(re.sub(r"\b[WB]:[a-z]+", "", text))


def test_the_rules_room_of_the_french_catalogue_is_complete():
    catalogue = catalogues.read("fr", "rules")
    messages = [message for message in catalogue if message.id]
    assert len(messages) > 200
    unsaid = [(message.context, message.id) for message in messages
              if message.fuzzy or not all(message.string if isinstance(message.string, tuple) else [message.string])]
    assert unsaid == []


@pytest.mark.parametrize("english, french", [
    ("White", "Blanc"), ("Black", "Noir"), ("Yellow", "Jaune"), ("Red", "Rouge"), ("Blue", "Bleu"),
    ("Tower", "Tour"), ("Hook", "Grappin"), ("Bow", "Arc"), ("Pistol", "Pistolet"), ("Flag", "Drapeau"),
    ("west", "ouest"), ("F and G", "F et G")])
def test_a_games_word_has_its_french(english, french):
    assert FRENCH.pgettext(GAME_WORD, english) == french


@pytest.mark.parametrize("name", ["Teblo", "Staku", "Tektop", "Tekao", "TChako"])
def test_the_sides_and_the_turns_example_of_every_game_are_words_the_catalogue_says_in_french(name):
    game = game_class(name)
    for side in game.sides:
        assert FRENCH.pgettext(GAME_WORD, side) != side
    example = FRENCH.pgettext(GAME_WORD, game.turn_example)  # how its turns look, for the messages room
    assert example != game.turn_example and english_words(example) == []


def test_the_zones_of_every_hill_are_marked_for_the_catalogue():
    assert sorted(zone_list(bits_of(zones)) for zones in HILLS.values()) == sorted(HILLS_IN_WORDS)
    for said in HILLS_IN_WORDS:
        assert " and " not in FRENCH.pgettext(GAME_WORD, said)


# a record of each game, where in its main line a turn is refused (the next turn played one turn
# too early), that refusal's code, what its French says, and what its ending's French says
RECORDS = [
    ("teblo/kastanje-2023-r7-hendriks-van-luijk.tgn", 0, "not-adjacent", "n'est pas voisine du pion de Jaune en D3",
     "le pion de Rouge a atteint la case de base D3 de Jaune"),
    ("staku/club-final.tgn", 0, "opponent-top",
     "f2 a un jeton de Noir au sommet\u00a0: Blanc ne déplace que les piles coiffées d'un jeton de Blanc",
     "Blanc a pris le palais g1 de Noir"),
    ("tektop/freeze-and-climb.tgn", 9, "zero-must-descend", "Noir doit faire descendre un pion d'un niveau",
     "Noir a amené son deuxième pion au sommet"),
    ("tekao/flag-walks-into-the-bow.tgn", 18, "opponent-piece", "le pion en e7 appartient à Jaune\u00a0: Bleu joue",
     "Bleu a pris le drapeau de Jaune"),
    ("tchako/left-wing-tchako.tgn", 2, "queen-elsewhere", "qK>JxJ\u00a0: la reine de Blanc est en B, pas en K",
     "Blanc a percuté la reine de Noir alors que Noir était en t'chako"),
]


@pytest.mark.parametrize("path, at, code, refused, ended", RECORDS, ids=[case[0] for case in RECORDS])
def test_a_refused_turn_and_the_end_of_a_real_record_are_said_in_french(path, at, code, refused, ended):
    record = next(read_file(CORPUS / path))
    replayed = replay(record)
    assert replayed is not None and replayed.outcome is not None
    history, game = replayed.history, record.game
    refusal = game.refusal(history.positions[at], history.turns[at + 1][1])
    assert refusal is not None and refusal.code == code
    said = refusal.sentence_in(FRENCH)
    assert refused in said and english_words(said) == []
    reason = replayed.outcome.reason_in(FRENCH)
    assert reason == ended and english_words(reason) == []
    assert english_words(replayed.outcome.ending.general_in(FRENCH)) == []


def _said():
    """Every code of every game said with the parameters of its English example, and that English."""
    for refusal, sentence in REFUSALS:
        yield refusal.code, refusal.sentence_in(FRENCH), sentence
    for outcome, sentence in ENDINGS:
        yield outcome.ending, outcome.reason_in(FRENCH), sentence
    for case in READ:
        yield case[3].code, case[3].sentence_in(FRENCH), case[3].sentence
    for _, refusal, _ in EDITED:
        yield refusal.code, refusal.sentence_in(FRENCH), refusal.sentence


SAID = list(_said())


@pytest.mark.parametrize("code, french, english", SAID, ids=[f"{type(case[0]).__name__}:{case[0]}" for case in SAID])
def test_every_code_of_every_game_is_said_in_french(code, french, english):
    if code in (Ending.RECORDED,):  # what the record's Termination tag says, as it says it
        assert french == english
        return
    assert french != english and "{" not in french and "}" not in french
    # what a program wrote (the studio's field labels, from the messages room) is left aside
    if type(code).__name__ != "FormatSetUp":
        assert english_words(french) == [], french


@pytest.mark.parametrize("ending", list(Ending))
def test_the_general_words_of_every_ending_are_french(ending):
    assert ending.general_in(FRENCH) != ending.general
    assert english_words(ending.general_in(FRENCH)) == []


@pytest.mark.parametrize("count, said", [(0, "0 palet"), (1, "1 palet"), (2, "2 palets")])
def test_french_counts_zero_and_one_in_the_singular(count, said):
    outcome = Outcome(0, Ending.TOTAL, {"side": "White", "opponent": "Black", "pucks": count})
    assert outcome.reason_in(FRENCH) == f"Blanc a {said} sur le plateau (victoire démographique)"


def test_a_french_sentence_puts_a_no_break_space_before_its_colons():
    for _, french, _ in SAID:
        assert not re.search(r"[^\u00a0]:(?=\s)", re.sub(r"\b[WB]:|AD:|'[^']*'", "", french)), french
