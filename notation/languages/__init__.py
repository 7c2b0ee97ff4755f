"""The languages Ludoscribe speaks: English, the language its code is written in, and French,
from a gettext catalogue compiled into the package (docs/languages.md).

Words are looked up by their English text, as gettext does: `words("fr").gettext("Result")`.
The language a command or a page speaks is chosen once, where its output is made (`--lang`,
the environment, the reader's browser, a site's option), and passed down as a `Words`; the
English text stands wherever a translation is missing, so nothing is ever left unsaid.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path

LANGUAGES = ("en", "fr")  # the first is the one the code is written in
ENGLISH = LANGUAGES[0]
# the catalogues, one per room of the code (catalogues.py says which texts each holds)
DOMAINS = ("rules", "messages", "pages", "live")
LOCALES = Path(__file__).resolve().parent / "locale"
# where gettext looks for the user's language, in its order (LANGUAGE is a list: "fr:en")
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


GAME_WORD = "game word"  # the catalogue's context for a game's own words: sides, pieces, directions


def game_word(text: str) -> str:
    """Marks one of a game's own words (a side, a piece) for the catalogue, where it is found with
    the context GAME_WORD (worded.py); gives it back as it is."""
    return text


def N_(text: str) -> str:
    """Marks a text for the catalogue where it is written, to be said later in the language chosen
    (`words.gettext(text)`); gives it back as it is."""
    return text


class Words:
    """The words of one language: `gettext`, `ngettext` (plural forms by the language's own rule)
    and `pgettext` (a context telling two uses of one English text apart), as gettext has them."""

    def __init__(self, language: str, catalogue: gettext.NullTranslations) -> None:
        self.language, self.catalogue = language, catalogue

    def gettext(self, message: str) -> str:
        return self.catalogue.gettext(message)

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        return self.catalogue.ngettext(singular, plural, count)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalogue.pgettext(context, message)

    def __repr__(self) -> str:
        return f"Words({self.language!r})"


@cache
def words(language: str = ENGLISH) -> Words:
    """The words of `language`, one of LANGUAGES; ValueError naming them for any other."""
    if language not in LANGUAGES:
        raise ValueError(f"{language!r} is not a language Ludoscribe speaks ({', '.join(LANGUAGES)})")
    chain = gettext.NullTranslations()
    if language != ENGLISH:
        for domain in reversed(DOMAINS):
            path = LOCALES / language / "LC_MESSAGES" / f"{domain}.mo"
            if path.is_file():
                with path.open("rb") as compiled:
                    room = gettext.GNUTranslations(compiled)
                room.add_fallback(chain)
                chain = room
    return Words(language, chain)


@cache
def script_words(language: str, domain: str) -> str:
    """The JSON of a room's translations for its page scripts, which a page carries for its
    scripts' `t("English")` and `tn(one, many, n)` ("{}" in English or for a room with none)."""
    path = LOCALES / words(language).language / "LC_MESSAGES" / f"{domain}.scripts.json"
    return path.read_text(encoding="utf-8") if language != ENGLISH and path.is_file() else "{}"


def plural_index(language: str, count: int) -> int:
    """Which plural form of a translation `count` takes, by the language's rule as its catalogue
    gives it (French: 0 and 1 take the first; a multiple of a million the second; others the last)."""
    return int(words(language).catalogue.plural(count)) if language != ENGLISH else int(count != 1)  # type: ignore[attr-defined]


def language_of(tag: str) -> str | None:
    """The language we speak of a locale or language tag ("fr_BE.UTF-8", "fr-CA", "en"), or None."""
    code = tag.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def chosen(given: str | None = None, environ: Mapping[str, str] = os.environ) -> str:
    """The language a command speaks: `given` (its --lang) if any, else the first of the user's
    languages we speak, found as gettext finds them (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else
    English. "C" and "POSIX" mean English, as they do for gettext."""
    if given:
        return words(given).language
    for name in ENVIRONMENT:
        value = environ.get(name, "")
        if not value:
            continue
        for tag in value.split(":") if name == "LANGUAGE" else [value]:
            if tag in ("C", "POSIX") or tag.startswith("C."):
                return ENGLISH
            if (language := language_of(tag)) is not None:
                return language
        if name != "LANGUAGE":  # the first locale variable set decides, as for gettext
            return ENGLISH
    return ENGLISH


def from_header(accept_language: str) -> str:
    """The language a browser asks for first among those we speak (its Accept-Language header,
    "fr-FR,fr;q=0.9,en;q=0.8"), English when it names none of them."""
    ranked = []
    for place, part in enumerate(accept_language.split(",")[:32]):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        if (language := language_of(tag)) is not None and 0 < quality <= 1:  # a weight is 0 to 1
            ranked.append((-quality, place, language))
    return min(ranked)[2] if ranked else ENGLISH
