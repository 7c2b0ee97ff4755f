"""A Babel extraction method for the templates of Worded codes (refusals, endings, set-up codes:
notation/games/base.py), which are enum members rather than gettext calls.

It also gives each text marked `game_word("Yellow")` (a side, a piece) with the context "game word".
Each member `NAME = "code", "template", ...` of a class whose base is one of WORDED_BASES gives
the template with the context "Class:code", the key `Worded.say` looks it up by, and its general
words (`Worded.general`) with "Class:code:general". It reads the source and imports no module
of the code it reads (docs/contributing.md#translations).
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from . import GAME_WORD

WORDED_BASES = {"Worded", "RefusalCode", "Ending", "SetUpCode", "FormatSetUp"}


def context(class_name: str, code: str) -> str:
    """The gettext context of a code's template: "TebloRefusal:not-adjacent"."""
    return f"{class_name}:{code}"


def extract_worded(fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str],
                   options: Mapping[str, Any]) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """(line, "pgettext", (context, template), comments) for every code of every Worded class."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "game_word"
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
            yield node.lineno, "pgettext", (GAME_WORD, node.args[0].value), []
        if not isinstance(node, ast.ClassDef):
            continue
        if not any(isinstance(base, ast.Name) and base.id in WORDED_BASES for base in node.bases):
            continue
        for statement in node.body:
            if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Tuple)):
                continue
            parts = statement.value.elts
            if len(parts) < 2 or not all(isinstance(part, ast.Constant) and isinstance(part.value, str)
                                         for part in parts[:2]):
                continue
            code, template, *general = (str(part.value) for part in parts if isinstance(part, ast.Constant))
            yield statement.lineno, "pgettext", (context(node.name, code), template), []
            if general and general[0]:  # the words `stats` counts the ends in
                yield statement.lineno, "pgettext", (context(node.name, code) + ":general", general[0]), []
