"""How a command reads its inputs: the records of the files and folders named, an input that
gives none reported on its own line while the others are read (docs/cli.md#files)."""

from __future__ import annotations

from typing import Callable, Iterable

from ..notation.archive.sources import InputError, Sources
from .messages import note


def input_error(error: InputError) -> None:
    """Report an input that gave no record: FILE: message on standard error."""
    note(str(error))


def read_sources(paths: Iterable[str], *, json_input: bool | None = None, moves: bool = True,
                 failed: Callable[[InputError], None] = input_error) -> Sources:
    """(file, index in file from 1, record) for every record of the files and folders named;
    see notation/archive/sources.py for `json_input` and `moves`."""
    return Sources(paths, json_input=json_input, moves=moves, failed=failed)
