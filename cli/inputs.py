"""How a command reads its inputs: the records of the files and folders named, an input that
gives none reported on its own line while the others are read (docs/cli.md#files)."""

from __future__ import annotations

from functools import partial
from typing import Callable, Iterable

from ..notation.archive.sources import Answered, InputError, Sources
from ..notation.languages import Words
from ..notation.problems import sentence_in
from .messages import note


def input_error(error: InputError, words: Words | None = None) -> None:
    """Report an input that gave no record: FILE: message on standard error (in the language of `words`)."""
    if words is None or words.language == "en":
        note(str(error))
    else:
        note(words.gettext("{path}: {message}").format(path=error.path, message=sentence_in(error.message, words)))


def read_sources(paths: Iterable[str], *, json_input: bool | None = None, moves: bool = True,
                 failed: Callable[[InputError], None] | None = None, words: Words | None = None,
                 answered: Answered | None = None) -> Sources:
    """(file, index in file from 1, record) for every record of the files and folders named;
    see notation/archive/sources.py for `json_input` and `moves`; an input that gives none is
    reported by `failed`, else by `input_error` in the language of `words`; `answered`: see Sources."""
    return Sources(paths, json_input=json_input, moves=moves, failed=failed or partial(input_error, words=words),
                   answered=answered)
