"""The languages Ludoscribe speaks (docs/languages.md): how one is chosen, how a code's sentence
is said in it, and the catalogues kept in step with the sources (docs/contributing.md#translations)."""

from __future__ import annotations

import gettext
from io import BytesIO

import pytest

from ludoscribe.notation.games.base import Refusal
from ludoscribe.notation.games.teblo import TebloRefusal
from ludoscribe.notation.languages import DOMAINS, LANGUAGES, Words, chosen, from_header, language_of, words
from ludoscribe.notation.languages import catalogues
from ludoscribe.notation.languages.worded import extract_worded

FRENCH = LANGUAGES[1]


@pytest.mark.parametrize("environ, expected", [
    ({}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "fr_BE"}, "fr"),
    ({"LANG": "de_DE.UTF-8"}, "en"),  # a language we do not speak: English
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "de:fr", "LANG": "en_GB.UTF-8"}, "fr"),  # the first of the list we speak
    ({"LANGUAGE": "de", "LANG": "fr_FR.UTF-8"}, "fr"),  # none of the list: the locale decides
    ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),  # LC_ALL before LANG, as for gettext
    ({"LC_MESSAGES": "fr_CA.UTF-8", "LANG": "en_US.UTF-8"}, "fr"),
])
def test_the_environment_chooses_the_language_as_gettext_does(environ, expected):
    assert chosen(None, environ) == expected


def test_a_language_given_outranks_the_environment_and_an_unknown_one_is_refused():
    assert chosen("en", {"LANG": "fr_FR.UTF-8"}) == "en"
    with pytest.raises(ValueError, match="'de' is not a language"):
        chosen("de", {})
    assert language_of("fr-CA") == "fr" and language_of("pt_BR") is None


@pytest.mark.parametrize("header, expected", [
    ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
    ("en-GB,en;q=0.9,fr;q=0.8", "en"),
    ("de-DE,fr;q=0.5", "fr"),
    ("de-DE,fr;q=0", "en"),  # q=0: not wanted
    ("fr;q=0.2,en;q=0.7", "en"),
    ("", "en"),
    ("fr;q=zz,en", "en"),  # a weight that is not a number: that tag is left out
    ("fr;q=2,en;q=0.5", "en"), ("fr;q=inf,en;q=0.5", "en"), ("fr;q=nan,en;q=0.5", "en"),  # weights are 0 to 1
    ("fr;q=" + "9" * 5000 + ",en;q=0.5", "en"),
])
def test_a_browser_gets_the_language_it_asks_for_first(header, expected):
    assert from_header(header) == expected


def _words(entries: dict[tuple[str | None, str], str]) -> Words:
    """French words from these (context, English) -> French entries, compiled as the package's are."""
    from babel.messages.catalog import Catalog

    catalogue = Catalog(locale=FRENCH, domain="test")
    for (context, english), french in entries.items():
        catalogue.add(english, french, context=context)
    return Words(FRENCH, gettext.GNUTranslations(BytesIO(catalogues.compiled(catalogue))))


def test_a_refusal_is_said_from_the_catalogues_template_with_the_games_words_translated():
    refusal = Refusal(TebloRefusal.NOT_ADJACENT, to="D6", side="Yellow", pawn="D4")
    french = _words({("TebloRefusal:not-adjacent", TebloRefusal.NOT_ADJACENT.template):
                     "{to} n'est pas voisine du pion {side} en {pawn}", ("game word", "Yellow"): "jaune"})
    assert refusal.sentence_in(french) == "D6 n'est pas voisine du pion jaune en D4"
    assert refusal.sentence.startswith("D6 is not next to Yellow's pawn")  # English stays as it is
    # a template the catalogue does not hold is said in English, its words still translated
    assert Refusal(TebloRefusal.ON_BASE, on="A1").sentence_in(french) == TebloRefusal.ON_BASE.say({"on": "A1"})


def test_what_a_record_wrote_is_never_translated():
    from ludoscribe.notation.games.base import Ending, Outcome

    french = _words({("Ending:recorded", "{termination}"): "{termination}", ("game word", "Red"): "rouge"})
    assert Outcome(0, Ending.RECORDED, {"termination": "Red"}).reason_in(french) == "Red"


def test_the_extractor_finds_every_code_and_marked_word():
    source = b'''
class Odd(RefusalCode):
    ONE = "one", "first {side}"
    TWO = "two", "second" \\
        " line", "two in general"
    plain = 3
class Other:
    THREE = "three", "not a code"
SIDES = (game_word("Blue"), game_word("Green"))
'''
    found = [message for _, _, message, _ in extract_worded(BytesIO(source), (), (), {})]
    assert found == [("Odd:one", "first {side}"), ("Odd:two", "second line"), ("Odd:two:general", "two in general"),
                     ("game word", "Blue"), ("game word", "Green")]


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_compiled_catalogue_is_the_one_its_po_file_gives(domain):
    """The .mo files shipped in the package are compiled from the .po files as they are now:
    `python -m ludoscribe.notation.languages.catalogues` was run after the last edit."""
    for language in LANGUAGES[1:]:
        po = catalogues.po_path(language, domain)
        assert po.with_suffix(".mo").read_bytes() == catalogues.compiled(catalogues.read(language, domain)), po
        scripts = catalogues.script_path(language, domain)
        assert scripts.read_text(encoding="utf-8") == catalogues.scripts_json(catalogues.read(language, domain))


@pytest.mark.parametrize("domain", DOMAINS)
def test_each_po_file_holds_every_text_of_its_room_and_no_other(domain):
    english = catalogues.template(domain)
    for language in LANGUAGES[1:]:
        held = catalogues.read(language, domain)
        wanted = {(message.context, str(message.id)) for message in english if message.id}
        have = {(message.context, str(message.id)) for message in held if message.id}
        assert sorted(wanted - have) == [], f"run python -m ludoscribe.notation.languages.catalogues ({language})"
        assert sorted(have - wanted) == []


@pytest.mark.parametrize("domain", DOMAINS)
def test_a_translation_has_the_placeholders_of_its_english(domain):
    for language in LANGUAGES[1:]:
        for message in catalogues.read(language, domain):
            if not message.id or not message.string:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            wanted = {name for text in ids for name in catalogues.placeholders(text)}
            for text in strings:
                assert catalogues.placeholders(text) == wanted, (message.context, message.id, text)


def test_the_french_words_load_from_the_package():
    assert words(FRENCH).language == FRENCH and words("en").gettext("Result") == "Result"
    assert words(FRENCH) is words(FRENCH)


def test_the_lang_option_offers_every_language_and_defaults_to_the_environment():
    import click
    import click.testing

    from ludoscribe.cli.options import language_option

    @click.command()
    @language_option
    def show(language: str) -> None:
        click.echo(language)

    runner = click.testing.CliRunner()
    assert [p for p in show.params if p.name == "language"][0].type.choices == LANGUAGES
    assert runner.invoke(show, [], env={"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "fr_FR.UTF-8"}).output == "fr\n"
    assert runner.invoke(show, ["--lang", "en"], env={"LANG": "fr_FR.UTF-8"}).output == "en\n"
    refused = runner.invoke(show, ["--lang", "de"])
    assert refused.exit_code == 2 and "'de' is not one of 'en', 'fr'" in refused.output


def test_a_text_held_by_two_rooms_is_said_alike_in_each():
    """The rooms' catalogues are read as one (`words`: the first room holding a text answers), so
    a text two rooms hold must have one translation; two meanings of one English word take two
    contexts (`pgettext("event", "Board")`, a table, beside the game's board)."""
    for language in LANGUAGES[1:]:
        said: dict[tuple[str | None, str], dict[str, str]] = {}
        for domain in DOMAINS:
            for message in catalogues.read(language, domain):
                if message.id and message.string:
                    said.setdefault((message.context, str(message.id)), {})[domain] = str(message.string)
        assert {text: rooms for text, rooms in said.items() if len(set(rooms.values())) > 1} == {}
