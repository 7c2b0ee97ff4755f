"""The event's recording code (docs/live.md): made for an event, checked when it is given,
and compared as scorers type it: in any case, with or without its hyphen and spaces.

Nothing here needs the web stack, so that `ludoscribe serve` checks a code before it
imports the server."""

from __future__ import annotations

import hmac
import re
import secrets

from ...notation.problems import Saying, say
from ...notation.worded import Worded

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
SEPARATORS = re.compile(r"[\s-]+")  # typed or not, they do not count
SENDABLE = re.compile(r"[ -~]*")  # printable ASCII: what every page can send in a request's header


class CodeProblem(Worded):
    """Why a code is refused, by its code, said in the command's language (docs/live.md): what a
    code is not (`said` in the sentences that name where it was given or kept)."""

    BLANK = "code-blank", "is blank: a code has letters or digits"
    ODD_CHARACTER = "code-odd-character", "holds {written!r}: a code is written in ASCII letters, digits and signs, " \
        "which every phone can send"
    NOT_ASCII = "code-not-ascii", "is not ASCII text"
    SCORERS_CODE = "code-is-scorers", "is the scorers' code: the organiser's is another, that scorers do not have"
    GIVEN = "code-given", "{key} {written!r} {said}"
    KEPT = "code-kept", "{path} {said} (write the event's code in it, or delete it to have a new one made)"
    UNREADABLE = "code-unreadable", "cannot read the event's code in {path}: {problem}"
    ORGANISER = "organiser-code", "the organiser's code {said}: give another with --organiser-code"
    EVENT = "event-code", "the event code {written!r} {said}"


def new_code() -> str:
    """A code of eight letters and digits, in two groups: K7PQ-4MXD."""
    return "-".join("".join(secrets.choice(ALPHABET) for _ in range(4)) for _ in range(2))


def code_key(text: str) -> str:
    """What counts in a code as typed: its letters, digits and signs, in capitals."""
    return SEPARATORS.sub("", text).upper()


def code_problem(code: str) -> Saying | None:
    """Why `code` cannot be the event's code, if it cannot: blank, or not typed on every phone."""
    if not code_key(code):
        return say(CodeProblem.BLANK)
    odd = next((char for char in code.strip() if not SENDABLE.fullmatch(char)), None)
    if odd is not None:
        return say(CodeProblem.ODD_CHARACTER, written=odd)
    return None


def same_code(given: str, code: str) -> bool:
    """Whether `given` (as a scorer typed it) is the event's code, compared in constant time."""
    return hmac.compare_digest(code_key(given).encode(), code_key(code).encode())


def organiser_problem(organiser: str, code: str) -> Saying | None:
    """Why `organiser` cannot be the organiser's code beside the scorers' `code`, if it cannot: a
    code that cannot be one, or the scorers' own (a scorer would open the organiser's page)."""
    if (problem := code_problem(organiser)) is not None:
        return problem
    if code_key(organiser) == code_key(code):
        return say(CodeProblem.SCORERS_CODE)
    return None
