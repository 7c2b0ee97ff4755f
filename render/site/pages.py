"""The record pages of a site (render/site/__init__.py): each record's Markdown page around its viewer
(render/document.py) and its TGN beside it, written here or in worker processes."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

from ...notation import check, read_string
from ...notation.languages import words
from ...notation.model import Record
from ...notation.archive.parallel import workers
from ...notation.replay import Replayed
from ...notation.writer import write_record
from ..budgets import DEFAULT as DEFAULT_BUDGETS
from ..budgets import Budgets, BudgetError
from ..wording import title
from ..turn_tree import Tree
from ..document import render_html, tgn_text
from ..explorer import Openings
from ..escaping import html_text, markdown_text, yaml_string
from .kept import kept_html


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


def render_pages(tasks: list[Task], docs: Path, jobs: int, progress: Callable[[str], None], language: str = "en") -> None:
    """Write every record page in `language`, reporting progress: in this process from the records as
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
                                                      openings=task.openings, tree=task.tree, language=language)
                                           for task, path in zip(tasks, paths))
        else:
            pool = stack.enter_context(workers(jobs, work=len(tasks)))
            texts = (write_record(task.record) for task in tasks)
            notes = pool.map(render_page, texts, paths, [task.links for task in tasks], [DEFAULT_BUDGETS] * len(tasks),
                             [task.openings for task in tasks], [language] * len(tasks),
                             chunksize=max(1, len(tasks) // (8 * jobs)))
        for task, note in zip(tasks, notes):
            if note is not None:
                progress(f"site: warning: records/{task.slug}.md: {note}")
            tick()


def render_page(text: str, path: str, links: dict[str, str], budgets: Budgets = DEFAULT_BUDGETS,
                openings: Openings | None = None, language: str = "en") -> str | None:
    """Write the page of one record (its canonical text, known valid); why it says less, if it does.

    A record whose page would exceed the page budget gets a page saying so instead.
    """
    record = read_string(text)[0]
    return write_page(record, check(record), path, links, budgets, openings, language=language)


def write_page(record: Record, replayed: Replayed | None, path: str, links: dict[str, str],
               budgets: Budgets = DEFAULT_BUDGETS, openings: Openings | None = None,
               tree: Tree | None = None, language: str = "en") -> str | None:
    """Write the page of one checked, valid record; why it says less, if it does (see render_page).

    tree: the record's tree, if it was built while checking it; language: the page's."""
    said = words(language)
    stem = Path(path).stem
    text = tgn_text(record)
    try:
        fragment = render_html(record, replayed, links=links, budgets=budgets, openings=openings, tree=tree,
                               name=stem, tgn_url=f"{stem}.tgn" if text is not None else None, words=said)
    except BudgetError as error:
        note = error.problem.message_in(said)  # in the page's language; the terminal's note stays in English
        write_markdown(Path(path), title(record, said), [f'<p class="ls-note">{html_text(note)}.</p>'])
        return str(error.problem.message)
    if text is not None:  # the record itself, for readers to download (the viewer's menu links to it)
        Path(path).with_suffix(".tgn").write_text(text, encoding="utf-8")
    write_markdown(Path(path), title(record, said), [kept_html(fragment)], wide=True)
    return None


def write_markdown(path: Path, heading: str, lines: list[str], wide: bool = False) -> None:
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
