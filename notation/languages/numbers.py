"""Numbers in the text of a page, as its language writes them (docs/languages.md#numbers): English
`50.0%`, `2.5`, `+1.5`; French `50,0 %`, `2,5`, `+1,5`, with a decimal comma and a no-break space
(U+00A0, the one French text uses before a colon) before the percent sign.

Only what people read goes through here: CSV and JSON are data, written the same in every language.
"""

from __future__ import annotations

from . import ENGLISH

NO_BREAK_SPACE = "\u00a0"
DECIMAL_MARKS = {"en": ".", "fr": ","}
PERCENT_SIGNS = {"en": "%", "fr": f"{NO_BREAK_SPACE}%"}


def numeral(english: str, language: str = ENGLISH) -> str:
    """A number written the English way (`2.5`, `-0.4`, `1e+06`) as `language` writes it."""
    return english.replace(".", DECIMAL_MARKS[language]) if language != ENGLISH else english


def decimal(value: float, digits: int, language: str = ENGLISH, signed: bool = False) -> str:
    """`value` with `digits` decimals (a + before a positive one if `signed`): 2.50, +1.5, 2,50."""
    return numeral(f"{value:{'+' if signed else ''}.{digits}f}", language)


def percent(value: float, digits: int = 0, language: str = ENGLISH) -> str:
    """`value`, a number of percent, with its sign: 54.1%, 54,1 %."""
    return decimal(value, digits, language) + PERCENT_SIGNS[language]
