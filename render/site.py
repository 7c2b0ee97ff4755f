"""A static site of annotated records: an mkdocs project generated from record files, then built.

The project holds an index page, one page per game and per event (tables of players,
result, date and round; an event's standings too), and one page per record (render/document.py: tags, viewer,
move list, diagrams, result). Record pages are rendered before mkdocs runs, in several
processes if asked. File names come from tags through `slugify`: only a-z, 0-9 and '-',
so no tag can lead a file outside the project. Pages link with relative URLs and
use_directory_urls is off, so the built site also reads from file://.
"""

from __future__ import annotations

import importlib.util
import logging
import re
import tempfile
import time
from collections import defaultdict
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ..notation import check, read_string
from ..notation.duplicates import SeenGames, tgn_first
from ..notation.games import Position, SomeGame, display_name
from ..notation.model import WINNERS, Record
from ..notation.parallel import workers
from ..notation.replay import Replayed
from ..notation.sources import PROJECT_MARK, SITE_MARK, InputError, Sources
from ..notation.standings import ScoredGame, played, standings
from ..notation.writer import write_record
from .budgets import DEFAULT as DEFAULT_BUDGETS
from .budgets import Budgets, BudgetError, over_budget
from .document import UNKNOWN_DATE, Tree, TreeBuilder, date_text, render_html, slugify, tgn_text, title
from .explorer import OpeningTree, Openings
from .site_engine import site_engine
from .site_folders import Place, SiteError, locked
from .escaping import html_text, markdown_text, yaml_string, yaml_value
from .standings import html_footer, html_table, scored

RESERVED = frozenset({"index"})
DIGITS = re.compile(r"([0-9]+)")
# Themes without anything fetched from the network, so that sites read offline.
THEMES = {"material": {"name": "material", "font": False}, "mkdocs": {"name": "mkdocs", "highlightjs": False}}


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
class Report:
    """What a build did."""

    records: int = 0
    rejected: int = 0
    copies: int = 0  # the same game read again (notation/duplicates.py): published once
    unread: int = 0  # inputs that could not be read
    pages: int = 0
    files: int = 0
    size: int = 0  # bytes of the built site
    seconds: float = 0.0
    theme: str = ""


@dataclass
class Plan:
    """Everything the index pages need, gathered while reading the records."""

    entries: list[PublishedRecord] = field(default_factory=list)
    event_slugs: dict[str, str] = field(default_factory=dict)
    games: dict[str, list[ScoredGame]] = field(default_factory=lambda: defaultdict(list))  # by event, for standings
    slugs: Slugs = field(default_factory=Slugs)
    events: Slugs = field(default_factory=Slugs)
    seen: SeenGames = field(default_factory=SeenGames)
    explorers: dict[tuple[str, frozenset[str]], Explorer] = field(default_factory=dict)  # by game and variant
    explorer_slugs: Slugs = field(default_factory=Slugs)

    def openings(self, record: Record, page: str, line: list[Position]) -> Openings | None:
        """Where a record's first positions are in the opening explorer of its game and variant;
        None if it starts from a position of its own. An explorer is made for the first record
        that joins it."""
        key = (record.rules.name, record.rules.variant)
        explorer = self.explorers.get(key) or Explorer(record.rules)
        spots = explorer.tree.add(record, page, title(record), line)
        if spots is None:
            return None
        if key not in self.explorers:
            explorer.slug = self.explorer_slugs.new(" ".join([key[0], *sorted(key[1])]), "game")
            self.explorers[key] = explorer
        return Openings(f"../openings/{explorer.slug}.html", spots)


class Explorer:
    """The opening explorer of one game and variant, and its page."""

    def __init__(self, game: SomeGame) -> None:
        self.tree = OpeningTree(game)
        self.game = game.name
        self.label = display_name(game.name) + (f" ({', '.join(sorted(game.variant))})" if game.variant else "")
        self.slug = ""


def _tag(record: Record, name: str) -> str:
    value = record.tags.get(name, "?").strip()
    return value or "?"


def theme_name(wanted: str = "auto") -> str:
    """'material' when asked or when mkdocs-material is installed (auto), else 'mkdocs'."""
    if wanted == "auto":
        return "material" if importlib.util.find_spec("material") else "mkdocs"
    return wanted


def build_site(sources: Iterable[str], out: str | Path, *, site_title: str = "Annotated games",
               jobs: int = 1, project: str | Path | None = None, theme: str = "auto",
               progress: Callable[[str], None] = lambda line: None,
               rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
               failed: Callable[[InputError], None] = lambda error: None) -> Report:
    """Build the site of every valid record of `sources` (files or folders) into `out`.

    Records with problems are handed to `rejected` and left out, inputs that cannot be
    read to `failed`; `out` and `project` are never read as sources. `project` keeps the
    generated mkdocs project there; otherwise it lives in a temporary folder. Both folders
    are built beside their place and swapped in (render/site_folders.py): a build that
    fails leaves them as they were.
    OSError if a file cannot be read or written; SiteError if a folder is in the way.
    """
    started = time.perf_counter()
    site = Place(out, SITE_MARK, "site")
    kept = Place(project, PROJECT_MARK, "mkdocs project") if project is not None else None
    places = [site, *([kept] if kept is not None else [])]
    _apart(site, kept)
    report = Report(theme=theme_name(theme))
    with locked(places):
        for place in reversed(places):  # the project first: a site inside it may be in its new folder
            place.recover()
        for place in places:
            place.check()
        found = Sources(sources, skip=[out] + ([project] if project is not None else []), failed=failed)
        try:
            with ExitStack() as stack:
                root = kept.start() if kept is not None else Path(
                    stack.enter_context(tempfile.TemporaryDirectory(prefix="ludoscribe-site-")))
                _build_in(root, found, site.start(), site_title, jobs, report, progress, rejected)
            report.files, report.size = site.seal()
            if kept is not None:
                kept.seal()
            for place in places:
                place.swap()
        except BaseException:
            for place in reversed(places):
                place.recover()
            raise
    report.seconds = time.perf_counter() - started
    progress(f"site: wrote {out}: {report.files} files, {report.size / 1e6:.1f} MB in {report.seconds:.1f} s")
    return report


def _apart(site: Place, project: Place | None) -> None:
    """SiteError if the site and the kept project would be written one into the other (the site
    may lie inside the project, beside what the project holds)."""
    if project is None:
        return
    inside = site.path.is_relative_to(project.path)
    if project.path.is_relative_to(site.path) or (inside and site.path.relative_to(project.path).parts[:1] in (
            (), ("docs",), ("mkdocs.yml",), (PROJECT_MARK,))):
        raise SiteError(f"the site ({site}) and the mkdocs project ({project}) need folders of their own; the "
                        f"site may be inside the project beside its docs folder ({project.shown / 'site'})")


def _build_in(root: Path, sources: Sources, out: Path, site_title: str, jobs: int, report: Report,
              progress: Callable[[str], None], rejected: Callable[[str, int, Record], None]) -> None:
    """Write the mkdocs project into `root` and build it into `out`."""
    docs = root / "docs"
    (docs / "records").mkdir(parents=True)
    plan = Plan()
    tasks = list(_read(sources, plan, report, rejected, progress))
    report.unread = sources.errors
    progress(f"site: {_plural(report.records, 'record')} read from {_plural(sources.files, 'file')}"
             + (f", {report.rejected} with problems left out" if report.rejected else "")
             + (f", {report.copies} read twice published once" if report.copies else ""))
    _render_pages(tasks, docs, jobs, progress)
    report.pages = len(tasks) + _write_indexes(plan, docs, site_title)
    (root / "mkdocs.yml").write_text(_mkdocs_yml(plan, site_title, report.theme), encoding="utf-8")
    progress(f"site: building {report.pages} pages with {site_engine()} ({report.theme} theme)")
    _mkdocs_build(root / "mkdocs.yml", out, progress)


def _read(sources: Sources, plan: Plan, report: Report, rejected: Callable[[str, int, Record], None],
          progress: Callable[[str], None]) -> Iterator[Task]:
    """A page to write for each valid record; index entries into `plan`."""
    for path, index, record in tgn_first(sources):  # of a record and its JSON copy, the TGN one is published
        builder = TreeBuilder(record)
        replayed = check(record, then=builder)  # one replay checks the record and builds its page's tree
        if not record.problems and (problem := over_budget(record, DEFAULT_BUDGETS)) is not None:
            record.problems.append(problem)
        if record.problems:
            report.rejected += 1
            rejected(path, index, record)
            continue
        if (original := plan.seen.copy_of(path, index, record)) is not None:
            report.copies += 1
            progress(f"site: {plan.seen.note(path, index, original, 'published')}")
            continue
        report.records += 1
        event, first, second = _tag(record, "Event"), *(_tag(record, side) for side in record.rules.sides)
        round_ = _tag(record, "Round")
        slug = plan.slugs.new("-".join(part for part in (event, round_, first, second) if part != "?"), "record")
        if event not in plan.event_slugs:
            plan.event_slugs[event] = plan.events.new(event if event != "?" else "", "unknown-event")
        game = record.rules.name
        plan.entries.append(PublishedRecord(slug, game, event, title(record), record.result,
                                            date_text(record.tags.get("Date")), round_, (first, second)))
        plan.games[event].append(played(record))
        openings = plan.openings(record, f"../records/{slug}.html", builder.tree.main_line())
        links = {"Game": f"../games/{slugify(game, 'game')}.html",
                 "Event": f"../events/{plan.event_slugs[event]}.html"}
        yield Task(record, replayed, slug, links, openings, builder.tree)


@dataclass
class Task:
    """A record page to write: the record (checked, valid), what replaying it found, its page,
    its tag links, its place in the opening explorer, its tree of positions."""

    record: Record
    replayed: Replayed | None
    slug: str
    links: dict[str, str]
    openings: Openings | None = None
    tree: Tree | None = None


def _render_pages(tasks: list[Task], docs: Path, jobs: int, progress: Callable[[str], None]) -> None:
    """Write every record page, reporting progress: in this process from the records as
    read and replayed, or in `jobs` processes from their canonical text."""
    step = max(10, len(tasks) // 10)
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if done % step == 0 or done == len(tasks):
            progress(f"site: rendered {done}/{len(tasks)} record pages")

    paths = [str(docs / "records" / f"{task.slug}.md") for task in tasks]
    with ExitStack() as stack:
        if jobs == 1 or len(tasks) < 2:
            notes: Iterable[str | None] = (write_page(task.record, task.replayed, path, task.links,
                                                      openings=task.openings, tree=task.tree)
                                           for task, path in zip(tasks, paths))
        else:
            pool = stack.enter_context(workers(jobs, work=len(tasks)))
            texts = (write_record(task.record) for task in tasks)
            notes = pool.map(render_page, texts, paths, [task.links for task in tasks], [DEFAULT_BUDGETS] * len(tasks),
                             [task.openings for task in tasks], chunksize=max(1, len(tasks) // (8 * jobs)))
        for task, note in zip(tasks, notes):
            if note is not None:
                progress(f"site: warning: records/{task.slug}.md: {note}")
            tick()


def render_page(text: str, path: str, links: dict[str, str], budgets: Budgets = DEFAULT_BUDGETS,
                openings: Openings | None = None) -> str | None:
    """Write the page of one record (its canonical text, known valid); why it says less, if it does.

    A record whose page would exceed the page budget gets a page saying so instead.
    """
    record = read_string(text)[0]
    return write_page(record, check(record), path, links, budgets, openings)


def write_page(record: Record, replayed: Replayed | None, path: str, links: dict[str, str],
               budgets: Budgets = DEFAULT_BUDGETS, openings: Openings | None = None,
               tree: Tree | None = None) -> str | None:
    """Write the page of one checked, valid record; why it says less, if it does (see render_page).

    tree: the record's tree, if it was built while checking it."""
    stem = Path(path).stem
    text = tgn_text(record)
    try:
        fragment = render_html(record, replayed, links=links, budgets=budgets, openings=openings, tree=tree,
                               name=stem, tgn_url=f"{stem}.tgn" if text is not None else None)
    except BudgetError as error:
        _write(Path(path), title(record), [f'<p class="ls-note">{html_text(str(error.problem.message))}.</p>'])
        return str(error.problem.message)
    if text is not None:  # the record itself, for readers to download (the viewer's menu links to it)
        Path(path).with_suffix(".tgn").write_text(text, encoding="utf-8")
    _write(Path(path), title(record), [fragment], wide=True)
    return None


def _write(path: Path, heading: str, lines: list[str], wide: bool = False) -> None:
    """A Markdown page with a title and a first heading, both escaped.

    wide: the page leaves out the theme's table of contents (Material), so that the viewer
    has room for the board and the move list side by side.

    mkdocs' themes write the page title into the HTML as it is, so the title is
    given ready escaped for HTML in the front matter rather than taken from the
    heading, and written as a YAML string that no character can end.
    """
    hide = "hide: [toc]\n" if wide else ""
    front = f"---\ntitle: {yaml_string(html_text(heading))}\n{hide}---\n\n# {markdown_text(heading)}\n\n"
    path.write_text(front + "\n".join(lines) + "\n", encoding="utf-8")


def _write_indexes(plan: Plan, docs: Path, site_title: str) -> int:
    """The home page, a page per game and per event, the list of events and the players; how many.

    Their tables are HTML a reader can sort by any column (viewer.js), links ending in .html."""
    by_game: dict[str, list[PublishedRecord]] = defaultdict(list)
    by_event: dict[str, list[PublishedRecord]] = defaultdict(list)
    for entry in plan.entries:
        by_game[entry.game].append(entry)
        by_event[entry.event].append(entry)
    (docs / "games").mkdir()
    (docs / "events").mkdir()
    (docs / "openings").mkdir()
    for explorer in plan.explorers.values():
        _write(docs / "openings" / f"{explorer.slug}.md", f"{explorer.label} openings",
               ["The turns played from each position in the first turns of these records, how often, and "
                "how the records that played them ended. Choose a turn to go to the position it gives "
                "(→ plays the turn played most, ← goes back).", "",
                explorer.tree.html()], wide=True)
    rows: list[list[Cell]]
    for game, entries in by_game.items():
        rows = [[_record_link(e, ".."), e.result, _date_cell(e), e.round, _event_link(plan, e.event, "..")]
                for e in _ordered(entries)]
        _write(docs / "games" / f"{slugify(game, 'game')}.md", display_name(game),
               [f"{_plural(len(entries), 'record')}.{_explorers_sentence(plan, game)}", "",
                _sortable(("Players", "Result", "Date", "Round", "Event"), rows)])
    for event, entries in by_event.items():
        rows = [[_record_link(e, ".."), display_name(e.game), e.result, _date_cell(e), e.round]
                for e in _ordered(entries)]
        _write(docs / "events" / f"{plan.event_slugs[event]}.md", _event_name(event),
               [f"{_plural(len(entries), 'record')}.", "",
                _sortable(("Players", "Game", "Result", "Date", "Round"), rows),
                *_standings_section(plan.games[event])])
    events = sorted(by_event, key=lambda name: (name == "?", name.lower()))
    event_table = _sortable(("Event", "Records", "Dates"), [
        [_event_link(plan, name, "."), str(len(by_event[name])), _dates(by_event[name])] for name in events])
    _write(docs / "events.md", "Events", [event_table])
    players = _players_page(plan.entries)
    _write(docs / "players.md", "Players", players)
    game_table = _sortable(("Game", "Records"), [
        [_link(display_name(game), f"games/{slugify(game, 'game')}.html"), str(len(by_game[game]))] for game in sorted(by_game)])
    recent: list[list[Cell]] = [[_record_link(e, "."), display_name(e.game), e.result, _date_cell(e),
                                 _event_link(plan, e.event, ".")] for e in _recent(plan.entries)]
    _write(docs / "index.md", site_title,
           [f"{_plural(len(plan.entries), 'annotated record')}: step through "
            "each game on its page with the buttons or the arrow keys. "
            "[Players](players.md) lists everyone who played, with their records.", "",
            "## Recent games", "", _sortable(("Players", "Game", "Result", "Date", "Event"), recent), "",
            "## Games", "", game_table, "", "## Events", "", event_table])
    return len(by_game) + len(plan.explorers) + len(by_event) + 3


RECENT = 10  # records on the home page, the latest first


def _recent(entries: list[PublishedRecord]) -> list[PublishedRecord]:
    """The RECENT latest records: by date (the unknown last), then round, the latest first."""
    dated = sorted(entries, key=lambda e: (e.date != UNKNOWN_DATE, e.date, _natural(e.round)), reverse=True)
    return dated[:RECENT]


def _players_page(entries: list[PublishedRecord]) -> list[str]:
    """The players page: a table of everyone who played (records, won, drawn, lost, unfinished),
    each name leading to the list of their records under it."""
    played: dict[str, list[tuple[PublishedRecord, int]]] = defaultdict(list)
    for entry in entries:
        for side, name in enumerate(entry.names):
            if name != "?":
                played[name].append((entry, side))
    names = sorted(played, key=lambda name: (name.lower(), name))
    anchors = Slugs()
    ids = {name: "player-" + anchors.new(name, "player") for name in names}
    rows = []
    for name in names:
        outcomes = [_outcome(entry.result, side) for entry, side in played[name]]
        rows.append([_link(name, f"#{ids[name]}"), str(len(outcomes)),
                     *(str(outcomes.count(kind)) for kind in ("won", "drawn", "lost", "unfinished"))])
    lists = []
    for name in names:
        items = "".join(f"<li>{_record_link(entry, '.')} {html_text(entry.result)} · {html_text(_event_name(entry.event))}"
                        f"{'' if entry.date == UNKNOWN_DATE else ' · ' + html_text(entry.date)}</li>"
                        for entry, _ in sorted(played[name], key=lambda item: _order_key(item[0])))
        lists.append(f'<h2 id="{ids[name]}">{html_text(name)}</h2>\n<ul class="ls-player-records">{items}</ul>')
    return [f"{_plural(len(names), 'player')}. Choose a name for their records.", "",
            _sortable(("Player", "Records", "Won", "Drawn", "Lost", "Unfinished"), rows), "", *lists]


def _outcome(result: str, side: int) -> str:
    """'won', 'drawn', 'lost' or 'unfinished': a record's result for the player of `side`."""
    winner = WINNERS.get(result, -1)
    return "unfinished" if winner == -1 else "drawn" if winner is None else "won" if winner == side else "lost"


Cell = str | tuple[str, str]  # a cell of a sortable table: its HTML or text, or (that, the text it sorts by)


def _sortable(headings: tuple[str, ...], rows: Sequence[Sequence[Cell]]) -> str:
    """A table readers sort by clicking a heading (viewer.js), as raw HTML in a Markdown page.

    Each cell is HTML, or (HTML, the text it sorts by) when that is not what it shows; other
    cells are plain text and escaped here."""
    head = "".join(f"<th>{html_text(heading)}</th>" for heading in headings)
    lines = []
    for row in rows:
        cells = []
        for cell in row:
            html, key = cell if isinstance(cell, tuple) else (cell, None)
            html = html if isinstance(html, _Html) else html_text(html)
            cells.append(f'<td data-sort="{html_text(key)}">{html}</td>' if key is not None else f"<td>{html}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    return ('<div class="ls-sortable">\n<table>\n<thead><tr>' + head + "</tr></thead>\n<tbody>\n"
            + "\n".join(lines) + "\n</tbody>\n</table>\n</div>\n")


class _Html(str):
    """HTML written here (links), put into a table as it is."""


def _link(text: str, href: str) -> _Html:
    return _Html(f'<a href="{html_text(href)}">{html_text(text)}</a>')


def _record_link(entry: PublishedRecord, root: str) -> _Html:
    return _link(entry.players, f"{root}/records/{entry.slug}.html")


def _event_link(plan: Plan, event: str, root: str) -> _Html:
    return _link(_event_name(event), f"{root}/events/{plan.event_slugs[event]}.html")


def _date_cell(entry: PublishedRecord) -> tuple[str, str]:
    """A date, sorting before every known one when unknown."""
    return entry.date, "" if entry.date == UNKNOWN_DATE else entry.date


def _explorers_sentence(plan: Plan, game: str) -> str:
    """Where a game page sends readers for the first turns of its records: the explorer of each
    variant played (none when every record starts from a position set up)."""
    pages = [(explorer.label, f"../openings/{explorer.slug}.md") for explorer in _explorers(plan) if explorer.game == game]
    if len(pages) == 1:
        return f" Their first turns, position by position, are in the [opening explorer]({pages[0][1]})."
    links = ", ".join(f"[{markdown_text(label)}]({page})" for label, page in pages)
    return f" Their first turns, position by position, are in the opening explorers: {links}." if pages else ""


def _explorers(plan: Plan) -> list[Explorer]:
    return sorted(plan.explorers.values(), key=lambda explorer: explorer.label.lower())


def _standings_section(games: list[ScoredGame]) -> list[str]:
    """An event page's standings, in a box of their own that scrolls sideways if too wide for
    the page (viewer.css: .ls-standings); nothing when no game of the event was scored."""
    table = standings(games)
    if not scored(table):
        return []
    return ["", "## Standings", "", '<div class="ls-standings" tabindex="0" role="region" aria-label="Standings">'
            f'\n{html_table(table, "ls-crosstable")}</div>', "",
            f"<p>{html_footer(table)}</p>"]


def _plural(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _event_name(event: str) -> str:
    return "Unknown event" if event == "?" else event


def _natural(text: str) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting 'round 2' before 'round 10' (numbers of any length, in linear time)."""
    return tuple((0, len(part.lstrip("0")), part.lstrip("0")) if part.isascii() and part.isdigit() else (1, 0, part)
                 for part in DIGITS.split(text) if part)


def _order_key(entry: PublishedRecord) -> tuple[str, tuple[tuple[int, int, str], ...], str, str]:
    return entry.date, _natural(entry.round), entry.players.lower(), entry.slug


def _ordered(entries: list[PublishedRecord]) -> list[PublishedRecord]:
    return sorted(entries, key=_order_key)


def _dates(entries: list[PublishedRecord]) -> str:
    known = sorted(e.date for e in entries if e.date != UNKNOWN_DATE)
    if not known:
        return UNKNOWN_DATE
    return known[0] if known[0] == known[-1] else f"{known[0]} – {known[-1]}"


def _mkdocs_yml(plan: Plan, site_title: str, theme: str) -> str:
    """The generated project's configuration, every string a quoted YAML scalar of printable ASCII."""
    games = sorted({entry.game for entry in plan.entries})
    nav = [{"Home": "index.md"},
           *({html_text(display_name(game)): f"games/{slugify(game, 'game')}.md"} for game in games),
           {"Events": "events.md"}, {"Players": "players.md"},
           *([{"Openings": [{html_text(explorer.label): f"openings/{explorer.slug}.md"} for explorer in _explorers(plan)]}]
             if plan.explorers else [])]
    config = {"site_name": html_text(site_title), "docs_dir": "docs", "use_directory_urls": False,
              "theme": THEMES[theme], "nav": nav, "plugins": ["search", {"ludoscribe": {"theme_contrast": True}}],
              "markdown_extensions": ["tables", "toc"]}
    return yaml_value(config) + "\n"


def _mkdocs_build(config_file: Path, out: Path, progress: Callable[[str], None]) -> None:
    """Run the site engine (ProperDocs or MkDocs) on the generated project; its warnings go to `progress`."""
    engine = site_engine()
    from mkdocs import config as mkdocs_config  # ProperDocs' own modules when it is the engine
    from mkdocs.commands.build import build
    from mkdocs.exceptions import MkDocsException

    loggers = [logging.getLogger(name) for name in sorted({engine, "mkdocs"})]  # ProperDocs' own and MkDocs' name
    handler = _Forward(progress, engine)
    for logger in loggers:
        logger.addHandler(handler)
    try:
        config = mkdocs_config.load_config(str(config_file), site_dir=str(out.resolve()))
        config.plugins.on_startup(command="build", dirty=False)
        try:
            build(config)
        finally:
            config.plugins.on_shutdown()
        if handler.error_boxes:  # a record page that shows an error box instead of its record
            raise SiteError(f"{engine}: {handler.error_boxes} record page(s) could not show their record (see above)")
    except MkDocsException as error:
        raise SiteError(f"{engine}: {error}") from None
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


class _Forward(logging.Handler):
    """The site engine's warnings, as progress lines."""

    def __init__(self, progress: Callable[[str], None], engine: str) -> None:
        super().__init__(logging.WARNING)
        self.progress, self.engine = progress, engine
        self.error_boxes = 0  # warnings of the ludoscribe plugin: blocks it could not render

    def emit(self, record: logging.LogRecord) -> None:
        self.error_boxes += record.name.startswith(f"{self.engine}.plugins.ludoscribe")
        self.progress(f"{self.engine}: {record.levelname}: {record.getMessage()}")
