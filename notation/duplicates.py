"""The same game read twice, e.g. a record and its .json copy side by side (docs/tournaments.md#the-same-game-read-twice).

Two records are the same game when they have the same tags (the canonical ones: a
missing required tag counts as "?", so a record and its conversion agree) and the same
turns on the main line, spelt canonically. Comments, NAGs and variations are annotations:
they do not make another game. Standings count such a game once, and a site publishes it
once (the first copy read).
"""

from __future__ import annotations

import hashlib

from .model import Record
from .writer import canonical_tags


def identity(record: Record) -> bytes:
    """What tells a game apart from another (a digest of its tags and main line); record checked."""
    digest = hashlib.sha256()
    for name, value in sorted(canonical_tags(record).items()):
        digest.update(f"{name}\0{value}\0".encode("utf-8"))
    digest.update(b"\1")
    for node in record.moves:
        digest.update(record.game.turn_text(node.turn).encode("utf-8") + b"\0")
    return digest.digest()


class SeenGames:
    """The games read so far, each with where it was first read."""

    def __init__(self) -> None:
        self.first: dict[bytes, tuple[str, int]] = {}

    def copy_of(self, path: str, index: int, record: Record) -> tuple[str, int] | None:
        """Where the same game was read before (file, record number), or None: then it is new."""
        key = identity(record)
        if key in self.first:
            return self.first[key]
        self.first[key] = (path, index)
        return None

    @staticmethod
    def note(path: str, index: int, first: tuple[str, int], done: str) -> str:
        """The one-line note saying that a game was read twice."""
        return (f"{path}: record {index} is the same game as {first[0]}: record {first[1]} "
                f"(same tags and turns): {done} once")
