"""The same game read twice, e.g. a record and its .json copy side by side (docs/tournaments.md#the-same-game-read-twice).

Two rules tell copies apart, each giving a record a digest:

- `identity` (`SAME_RECORD`): the same tags (the canonical ones: a missing required tag
  counts as "?", so a record and its conversion agree) and the same turns on the main
  line, spelt canonically. Standings, `stats` and the site count such a game once.
- `same_game` (`SAME_GAME`): the same game between the same two players (case and
  spacing aside) with the same turns on the main line, whatever the other tags say: a
  game that two people wrote down separately (`filter --unique`, `stats --unique`).

Comments, NAGs and variations are annotations: they never make another game. Of the
copies of a game the first one read is kept; `tgn_first` reads the JSON files after the
others, so that a TGN record is kept rather than its JSON copy (docs/archive.md).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator

from ..model import Record
from ..problems import say
from ..worded import Said, Worded
from ..writer import canonical_tags

if TYPE_CHECKING:
    from .sources import Sources


def identity(record: Record) -> bytes:
    """What tells a game apart from another (a digest of its tags and main line); record checked."""
    digest = hashlib.sha256()
    for name, value in sorted(canonical_tags(record).items()):
        digest.update(f"{name}\0{value}\0".encode())
    return _with_turns(digest, record)


def same_game(record: Record) -> bytes:
    """A digest of the game, both players (case and spacing aside) and the main line's turns
    spelt in full; record checked."""
    digest = hashlib.sha256(record.rules.name.encode("utf-8") + b"\0")
    for side in record.rules.sides:
        digest.update(" ".join(record.tags.get(side, "").casefold().split()).encode("utf-8") + b"\0")
    return _with_turns(digest, record)


def _with_turns(digest: hashlib._Hash, record: Record) -> bytes:
    digest.update(b"\1")
    for node in record.moves:
        digest.update(record.rules.turn_text(node.turn).encode("utf-8") + b"\0")
    return digest.digest()


@dataclass(frozen=True)
class Rule:
    """When two records are copies of one game: the digest they share, and those words for a note."""

    key: Callable[[Record], bytes]
    shared: Worded


class CopyNote(Worded):
    """The note saying that a game was read twice, by its code, and the words of what the two
    copies share (docs/languages.md#the-command-line)."""

    COUNTED = "copy-counted", "{path}: record {index} is the same game as {written}: record {number} ({shared}): counted once"
    KEPT = "copy-kept", "{path}: record {index} is the same game as {written}: record {number} ({shared}): kept once"
    PUBLISHED = "copy-published", "{path}: record {index} is the same game as {written}: record {number} ({shared}): " \
        "published once"
    SAME_TAGS = "same-tags", "same tags and turns"
    SAME_PLAYERS = "same-players", "same players and turns"


SAME_RECORD = Rule(identity, CopyNote.SAME_TAGS)
SAME_GAME = Rule(same_game, CopyNote.SAME_PLAYERS)
# what was done with the game: once counted, kept, or published (by a site)
DONE = {"counted": CopyNote.COUNTED, "kept": CopyNote.KEPT, "published": CopyNote.PUBLISHED}


class SeenGames:
    """The games read so far under a rule, each with where it was first read."""

    def __init__(self, rule: Rule = SAME_RECORD) -> None:
        self.rule = rule
        self.first: dict[bytes, tuple[str, int]] = {}

    def copy_of(self, path: str, index: int, record: Record) -> tuple[str, int] | None:
        """Where the same game was read before (file, record number), or None: then it is new."""
        return self.seen(path, index, self.rule.key(record))

    def seen(self, path: str, index: int, key: bytes) -> tuple[str, int] | None:
        """As copy_of, for a record whose digest under the rule is `key`."""
        if key in self.first:
            return self.first[key]
        self.first[key] = (path, index)
        return None

    def note(self, path: str, index: int, first: tuple[str, int], done: str) -> str:
        """The one-line note saying that a game was read twice, `done` "counted", "kept" or "published" (a Saying,
        to say in a language with `problems.sentence_in`; record text: escape it for a terminal)."""
        return say(DONE[done], path=path, index=index, written=first[0], number=first[1], shared=Said(self.rule.shared))


def tgn_first(sources: Sources) -> Iterator[tuple[str, int, Record]]:
    """The (file, index, record) triples of `sources` (notation/archive/sources.py), the files read as
    JSON after all the others: of a game kept as TGN and as its JSON copy, the TGN record
    comes first. The JSON files are opened only when their turn comes."""
    later = []
    for path, records in sources.by_file():
        as_json = sources.json_input if sources.json_input is not None else path != "-" and path.endswith(".json")
        if as_json and path != "-":
            later.append((path, records))
            continue
        for index, record in records:
            yield path, index, record
    for path, records in later:
        for index, record in records:
            yield path, index, record
