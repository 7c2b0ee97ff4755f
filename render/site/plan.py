"""What a site publishes, gathered while its records are read (render/site/__init__.py): each record's
entry and page name, the events, the games to score, the opening explorers."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ...notation.archive.duplicates import SeenGames
from ...notation.games import Position, SomeGame, display_name
from ...notation.model import Record
from ...notation.events.standings import ScoredGame
from ...notation.archive.ratings import RatedGame
from ...notation.archive.stats import group_label
from ..wording import slugify, title
from ..explorer import OpeningTree, Openings


RESERVED = frozenset({"index"})


class Slugs:
    """Unique slugs within one folder: 'name', 'name-2', 'name-3'...

    Each base remembers the last number it gave, so that n records sharing a name
    take time in proportion to n, not n squared: a slug already taken is passed over
    at most once, by the one base it extends.
    """

    def __init__(self) -> None:
        self.taken: set[str] = set(RESERVED)
        self.last: dict[str, int] = {}  # base -> the last number tried after it

    def new(self, text: str, fallback: str) -> str:
        base = slugify(text, fallback)
        slug, count = base, self.last.get(base, 1)
        while slug in self.taken:
            count += 1
            slug = f"{base}-{count}"
        self.last[base] = count
        self.taken.add(slug)
        return slug


@dataclass
class PublishedRecord:
    """What the index pages show of one record, and where its page is."""

    slug: str
    game: str
    event: str
    players: str
    result: str
    date: str
    round: str
    names: tuple[str, str] = ("?", "?")  # the players of the first and second side ("?": unknown)


@dataclass
class Plan:
    """Everything the index pages need, gathered while reading the records."""

    entries: list[PublishedRecord] = field(default_factory=list)
    event_slugs: dict[str, str] = field(default_factory=dict)
    games: dict[str, list[ScoredGame]] = field(default_factory=lambda: defaultdict(list))  # by event, for standings
    slugs: Slugs = field(default_factory=Slugs)
    events: Slugs = field(default_factory=Slugs)
    seen: SeenGames = field(default_factory=SeenGames)
    explorers: dict[tuple[str, str], Explorer] = field(default_factory=dict)  # by game and variant_name()
    explorer_slugs: Slugs = field(default_factory=Slugs)
    folders: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))  # by event: where its records are
    rated: list[RatedGame] = field(default_factory=list)  # the finished games between named players, for ratings

    def openings(self, record: Record, page: str, line: list[Position]) -> Openings | None:
        """Where a record's first positions are in the opening explorer of its game and variant;
        None if it starts from a position of its own. An explorer is made for the first record
        that joins it."""
        key = (record.rules.name, record.rules.variant_name())  # one set of rules, one explorer, as stats counts
        explorer = self.explorers.get(key) or Explorer(record.rules)
        spots = explorer.tree.add(record, page, title(record), line)
        if spots is None:
            return None
        if key not in self.explorers:
            explorer.slug = self.explorer_slugs.new(" ".join(key), "game")
            self.explorers[key] = explorer
        return Openings(f"../openings/{explorer.slug}.html", spots)


class Explorer:
    """The opening explorer of one game and variant, and its page."""

    def __init__(self, game: SomeGame) -> None:
        self.tree = OpeningTree(game)
        self.game = game.name
        self.label = group_label(display_name(game.name), game.variant_name())  # as stats labels it
        self.slug = ""
