"""A static site of annotated records: an mkdocs project generated from record files, then built.

The project holds an index page, one page per game and per event (tables of players,
result, date and round; an event's standings too), and one page per record (render/document.py: tags, viewer,
move list, diagrams, result). Record pages are rendered before mkdocs runs, in several
processes if asked. File names come from tags through `slugify`: only a-z, 0-9 and '-',
so no tag can lead a file outside the project. Pages link with relative URLs and
use_directory_urls is off, so the built site also reads from file://.

Here the build reads the records into a plan (render/site/plan.py), then has the record pages
(render/site/pages.py) and the index pages (render/site/index.py) written, and the project
configured and built (render/site/project.py). A site in several languages is read once and built
once per language: the first at the root of the site, each other in a folder named by its code
(`fr/`), every page linking to its twins (docs/publishing.md#a-site-in-two-languages).
"""

from __future__ import annotations

import os
import tempfile
import time
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from ...notation import check
from ...notation.archive.duplicates import tgn_first
from ...notation.archive.ratings import rated_game
from ...notation.languages import words
from ...notation.model import Record
from ...notation.archive.sources import PROJECT_MARK, SITE_MARK, InputError, Sources
from ...notation.events.standings import played
from ..budgets import DEFAULT as DEFAULT_BUDGETS
from ..budgets import over_budget
from ..wording import date_text, slugify, title
from ..turn_tree import TreeBuilder
from .engine import site_engine
from .folders import Place, SiteError, locked
from .index import plural, write_indexes
from .pages import Task, render_pages
from .plan import Plan, PublishedRecord
from .project import mkdocs_build, mkdocs_yml, theme_name


@dataclass
class Report:
    """What a build did."""

    records: int = 0
    rejected: int = 0
    copies: int = 0  # the same game read again (notation/archive/duplicates.py): published once
    unread: int = 0  # inputs that could not be read
    pages: int = 0
    files: int = 0
    size: int = 0  # bytes of the built site
    seconds: float = 0.0
    theme: str = ""


def _tag(record: Record, name: str) -> str:
    value = record.tags.get(name, "?").strip()
    return value or "?"


def default_title(language: str = "en") -> str:
    """The site's name when none is given, in its language."""
    return words(language).gettext("Annotated games")


def build_site(sources: Iterable[str], out: str | Path, *, site_title: str | None = None,
               jobs: int = 1, project: str | Path | None = None, theme: str = "auto",
               language: str | Sequence[str] = "en",
               progress: Callable[[str], None] = lambda line: None,
               rejected: Callable[[str, int, Record], None] = lambda path, index, record: None,
               failed: Callable[[InputError], None] = lambda error: None) -> Report:
    """Build the site of every valid record of `sources` (files or folders) into `out`.

    Records with problems are handed to `rejected` and left out, inputs that cannot be
    read to `failed`; `out` and `project` are never read as sources. `project` keeps the
    generated mkdocs project there; otherwise it lives in a temporary folder. Both folders
    are built beside their place and swapped in (render/site/folders.py): a build that
    fails leaves them as they were. `language`: the language of the site's pages and of its theme
    (docs/languages.md#pages), or several: the first at the root, each other in its own folder;
    records are never translated. `site_title`: the site's name, by default in each language.
    OSError if a file cannot be read or written; SiteError if a folder is in the way;
    ValueError for a language Ludoscribe does not speak.
    """
    languages = site_languages(language)
    started = time.perf_counter()
    site = Place(out, SITE_MARK, "site")
    kept = Place(project, PROJECT_MARK, "mkdocs project") if project is not None else None
    places = [site, *([kept] if kept is not None else [])]
    _apart(site, kept, languages)
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
                _build_in(root, found, site.start(), site_title, jobs, report, progress, rejected, languages)
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


def site_languages(language: str | Sequence[str]) -> tuple[str, ...]:
    """The languages of a site, each once, in the order given; ValueError for none or one Ludoscribe
    does not speak."""
    given = (language,) if isinstance(language, str) else tuple(language)
    for each in given:
        words(each)  # ValueError naming the languages spoken
    if not given:
        raise ValueError("a site needs a language")
    return tuple(dict.fromkeys(given))


def _apart(site: Place, project: Place | None, languages: tuple[str, ...] = ("en",)) -> None:
    """SiteError if the site and the kept project would be written one into the other (the site
    may lie inside the project, beside what the project holds)."""
    if project is None:
        return
    inside = site.path.is_relative_to(project.path)
    if project.path.is_relative_to(site.path) or (inside and site.path.relative_to(project.path).parts[:1] in (
            (), ("docs",), ("mkdocs.yml",), (PROJECT_MARK,), *((other,) for other in languages[1:]))):
        raise SiteError(f"the site ({site}) and the mkdocs project ({project}) need folders of their own; the "
                        f"site may be inside the project beside its docs folder ({project.shown / 'site'})")


def _build_in(root: Path, sources: Sources, out: Path, site_title: str | None, jobs: int, report: Report,
              progress: Callable[[str], None], rejected: Callable[[str, int, Record], None],
              languages: tuple[str, ...] = ("en",)) -> None:
    """Write the mkdocs project of each language into `root` (the first) or its folder there, and
    build it into `out` or the same folder there."""
    plan = Plan()
    tasks = list(_read(sources, plan, report, rejected, progress))
    report.unread = sources.errors
    progress(f"site: {plural(report.records, 'record')} read from {plural(sources.files, 'file')}"
             + (f", {report.rejected} with problems left out" if report.rejected else "")
             + (f", {report.copies} read twice published once" if report.copies else ""))
    for language in languages:
        folder = "" if language == languages[0] else language
        docs = root / folder / "docs"
        (docs / "records").mkdir(parents=True)
        if len(languages) > 1:
            progress(f"site: the pages in {language}" + (f" (in {folder}/)" if folder else ""))
        render_pages(tasks, docs, jobs, progress, language)
        named = site_title if site_title is not None else default_title(language)
        pages = len(tasks) + write_indexes(plan, docs, named, words(language))
        report.pages += pages
        alternates = {other: ("../" if folder else "") + ("" if other == languages[0] else f"{other}/")
                      for other in languages if other != language}
        (root / folder / "mkdocs.yml").write_text(
            mkdocs_yml(plan, named, report.theme, language, alternates,
                       site_dir="../site/" + folder if folder else None), encoding="utf-8")
        progress(f"site: building {pages} pages with {site_engine()} ({report.theme} theme)")
        mkdocs_build(root / folder / "mkdocs.yml", out / folder, progress)


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
        if (rated := rated_game(record)) is not None:
            plan.rated.append(rated)
        if path != "-":  # a folder whose event file may name the event: its pairings (render/site/pairings.py)
            plan.folders[event].add(os.path.dirname(path) or ".")
        openings = plan.openings(record, f"../records/{slug}.html", builder.tree.main_line())
        links = {"Game": f"../games/{slugify(game, 'game')}.html",
                 "Event": f"../events/{plan.event_slugs[event]}.html"}
        yield Task(record, replayed, slug, links, openings, builder.tree)
