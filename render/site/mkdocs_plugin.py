"""The `ludoscribe` plugin of MkDocs 1.6 and ProperDocs: games embedded in any site they build.

It is registered for both (the `mkdocs.plugins` and `properdocs.plugins` entry points);
under ProperDocs its `mkdocs.*` imports are ProperDocs' own modules (render/site/engine.py).

A fenced block ```tgn holds a record's text, optionally after option lines; a
fenced block ```tgn-file names a stored record. Both become the record's viewer,
move list, diagrams and result (render/document.py); the viewer's script and style
are added to the site. A block that cannot be rendered shows a visible error box
and logs a warning, so that `mkdocs build --strict` fails.

    ```tgn-file
    path: corpus/teblo/club-night.tgn
    record: 2
    turn: 12...
    ```

Options (both blocks): turn (the position shown first: 12, 12... or 0), flip, tags
(show the tags), size (diagram width in pixels), moves (text or table: how the move list
is laid out first); tgn-file also takes path (relative to mkdocs.yml's folder, or to the
plugin's `root`) and record (from 1).

A tgn-file path may only lead into the docs folder or a folder listed in the
plugin's `record_dirs` (links followed): any other file, such as `../../etc/passwd`,
is refused with an error box, which fails a strict build (docs/publishing.md#safety).

The HTML the plugin renders, and the HTML a page holds between a line `<!--ludoscribe:html-->`
and a line `<!--/ludoscribe:html-->` (how `ludoscribe site` writes its record pages and opening
explorers), reach the page as they are without Markdown reading them: Markdown would only
copy them after parsing every tag, about a third of the time a site took to build.

Each page speaks its own language (docs/publishing.md#pages-in-other-languages): its front matter's
`ludoscribe_language`, else that of the folder holding it in the plugin's `languages`, else the
site's `language`; worked out from the page in each hook (render/site/page_languages.py).

With `alternates` (the other languages' sites and where they are), every page starts with a
switch: a link to the same page in each other language (docs/publishing.md#a-site-in-two-languages).

With the engine's search plugin, the plugin also makes the site's search work from the disk
(docs/publishing.md#search-from-the-disk): the search index written again as a script, and
search.js, which answers the theme's search box on file:// pages.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import urlsplit
from typing import TYPE_CHECKING, Callable, Iterator, NamedTuple, Sequence

from mkdocs.config import config_options
from mkdocs.config.base import Config, ValidationError
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files

from ...notation import check, read_string
from ...notation.files import load, write_text
from ...notation.languages import LANGUAGES, N_, words
from ...notation.limits import number_problem, shorten
from ...notation.model import Problem, Record
from ..diagram import ply_of
from ..budgets import BudgetError
from ..document import MOVE_LAYOUTS, asset, render_html
from ..escaping import html_text, script_json, terminal_text
from ..wording import problem_in
from .kept import KEPT_END, KEPT_START, Kept
from .page_languages import FolderLanguages, PageLanguageError, page_language, with_language
from .theme_words import ThemeWords

if TYPE_CHECKING:
    from jinja2 import Environment
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.nav import Navigation
    from mkdocs.structure.pages import Page
    from mkdocs.utils.templates import TemplateContext

log = get_plugin_logger(__name__)
ASSETS = ("viewer.css", "viewer.js")
CONTRAST = "site.css"  # the theme_contrast option's style
SEARCH = "search.js"  # the search of pages read from the disk, with the search plugin
SEARCH_INDEX = "search-index.js"  # the search plugin's index, as a script a page from the disk may load
ASSET_DIR = "assets/ludoscribe"
# (no part of these patterns can be tried again from many places of one line: linear time)
FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})(?![^`]*`)[ \t]*([^\s`]*)", re.ASCII)  # no ` after; info: up to ASCII space
OPTION = re.compile(r"^\s*([A-Za-z_]+)\s*:(.*)")  # the value is group 2, stripped
BLOCK_OPTIONS = frozenset({"turn", "flip", "tags", "size", "moves"})
FILE_OPTIONS = BLOCK_OPTIONS | {"path", "record"}
TRUE, FALSE = frozenset({"true", "yes", "on", "1"}), frozenset({"false", "no", "off", "0"})
MIN_SIZE, MAX_SIZE = 100, 4000  # diagram widths, in pixels


class BlockError(Exception):
    """Why a block cannot be rendered, in words for the page's author; the record's problems when
    they are why (said again in the page's language on the page)."""

    def __init__(self, message: str, problems: Sequence[Problem] = ()) -> None:
        super().__init__(message)
        self.problems = problems


class Width(config_options.Type[int]):
    """A diagram width in pixels, from MIN_SIZE to MAX_SIZE."""

    def __init__(self, default: int) -> None:
        super().__init__(int, default=default)

    def run_validation(self, value: object) -> int:
        if isinstance(value, bool):  # YAML's true is an int to Python
            raise ValidationError(f"Expected type: {int} but received: {bool}")
        width: int = super().run_validation(value)
        if not MIN_SIZE <= width <= MAX_SIZE:
            raise ValidationError(f"{width} is not between {MIN_SIZE} and {MAX_SIZE}")
        return width


class FolderName(config_options.Type[str]):
    """The name of a folder: any text but a NUL character, which no file name holds."""

    def __init__(self) -> None:
        super().__init__(str)

    def run_validation(self, value: object) -> str:
        name: str = super().run_validation(value)
        if "\0" in name:
            raise ValidationError(f"{shorten(name, 60)!r} is not a folder name (it holds a NUL character)")
        return name


class Alternates(config_options.Type[dict]):  # type: ignore[type-arg]  # mkdocs' own Type is generic
    """The other languages' sites: language -> the URL of that site's root, relative to this site's root
    (`fr/`, `../`) or absolute (`/fr/`, `https://example.org/fr/`); no other scheme."""

    def __init__(self) -> None:
        super().__init__(dict, default={})

    def run_validation(self, value: object) -> dict[str, str]:
        given: dict[object, object] = super().run_validation(value)
        alternates: dict[str, str] = {}
        for language, root in given.items():
            if language not in LANGUAGES:
                raise ValidationError(f"{shorten(str(language), 20)!r} is not a language Ludoscribe speaks "
                                      f"({', '.join(LANGUAGES)})")
            if not isinstance(root, str) or not root or "\0" in root or urlsplit(root).scheme not in ("", "http", "https"):
                raise ValidationError(f"{language}: {shorten(str(root), 60)!r} is not the address of a site "
                                      "(a folder such as fr/ or ../, or an http(s) address)")
            alternates[str(language)] = root
        return alternates


# each language's name in itself, as the switch shows it
LANGUAGE_NAMES = {"en": "English", "fr": "Français"}
SWITCH_LABEL = N_("Other languages")
CANNOT_SHOW = N_("Cannot show this game:")  # an error box's words, before why


class LudoscribeConfig(Config):
    size = Width(default=400)
    root = config_options.Optional(FolderName())
    record_dirs = config_options.ListOfItems(FolderName(), default=[])
    theme_contrast = config_options.Type(bool, default=False)  # site.css: the theme's links and footer readable
    language = config_options.Choice(LANGUAGES, default="en")  # the pages' and the theme's (docs/languages.md#pages)
    alternates = Alternates()  # the same pages in other languages (docs/publishing.md#a-site-in-two-languages)
    languages = FolderLanguages()  # folder -> its pages' language (docs/publishing.md#pages-in-other-languages)


class LudoscribePlugin(BasePlugin[LudoscribeConfig]):
    """Renders ```tgn and ```tgn-file blocks; ships the viewer's script and style, and the search
    of pages read from the disk."""

    search = False  # whether the site has the search plugin
    kept: dict[str, Kept]  # each page's HTML kept away from Markdown, from on_page_markdown to on_page_content
    theme_words: ThemeWords | None = None  # the theme's words in each page's language (on_env)

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self.kept = {}
        base = Path(config.config_file_path or ".").parent
        docs = Path(config.docs_dir)
        self.allowed = {_real(docs): _shown(docs, base),
                        **{_real(base / folder): folder for folder in self.config.record_dirs}}
        config.extra_css.append(f"{ASSET_DIR}/viewer.css")
        if self.config.theme_contrast:
            config.extra_css.append(f"{ASSET_DIR}/{CONTRAST}")
        config.extra_javascript.append(f"{ASSET_DIR}/viewer.js")
        if self.config.language != "en":  # the theme speaks the site's language: Material's and mkdocs' own
            from mkdocs import localization

            config.theme["language"] = self.config.language
            config.theme["locale"] = localization.parse_locale(self.config.language)
        self.search = any(name == "search" or name.endswith("/search") for name in config.plugins)  # material/search
        if self.search:
            config.extra_javascript.append(f"{ASSET_DIR}/{SEARCH}")
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        for name in ASSETS + ((CONTRAST,) if self.config.theme_contrast else ()) + ((SEARCH,) if self.search else ()):
            content = asset(name) if name in ASSETS else asset(name, __package__)  # the site's own files live here
            files.append(File.generated(config, f"{ASSET_DIR}/{name}", content=content))
        return files

    @event_priority(-100)  # after the search plugin has written its index
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        index = Path(config.site_dir) / "search" / "search_index.json"
        if self.search and index.is_file():
            write_text(str(Path(config.site_dir) / ASSET_DIR / SEARCH_INDEX), search_script(index.read_text(encoding="utf-8")))

    def language_of(self, page: Page) -> str:
        """The language `page` is written in; a PluginError (one line) if its front matter names one
        Ludoscribe does not speak."""
        try:
            return page_language(page.file.src_uri, getattr(page, "meta", None) or {}, self.config.languages,
                                 self.config.language)
        except PageLanguageError as error:
            raise PluginError(terminal_text(str(error))) from None

    @event_priority(100)  # before any other plugin reads the page's HTML
    def on_page_content(self, html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        kept = self.kept.pop(page.file.src_uri, None)
        if kept is not None:
            html = kept.restored(html)
        return language_switch(page.url, self.language_of(page), self.config.alternates) + html

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        self.theme_words = ThemeWords(env, config, self.config.language)
        return env

    def on_page_context(self, context: TemplateContext, *, page: Page, config: MkDocsConfig,
                        nav: Navigation) -> TemplateContext:
        if self.theme_words is not None:
            self.theme_words.speak(self.language_of(page))
        return context

    def on_post_page(self, output: str, *, page: Page, config: MkDocsConfig) -> str:
        if self.theme_words is not None:
            self.theme_words.done()
        language = self.language_of(page)
        if language != self.config.language:  # the theme wrote the site's language
            output = with_language(output, language)
        links = "".join(f'<link rel="alternate" hreflang="{other}" href="{html_text(url)}">'
                        for other, url in twins(page.url, self.config.alternates))
        head = output.find("</head>")
        return output if not links or head < 0 else output[:head] + links + output[head:]

    def on_page_markdown(self, markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        root = Path(self.config.root) if self.config.root else Path(config.config_file_path or ".").parent
        language = self.language_of(page)
        count = 0

        def render(kind: str, body: str) -> str:
            nonlocal count
            count += 1
            try:
                return _render_block(kind, body, Folders(root, self.allowed), f"ls{count}", self.config.size,
                                     language)
            except (BlockError, BudgetError) as error:
                message, problems = str(error), error.problems if isinstance(error, BlockError) else [error.problem]
            except Exception as error:  # noqa: BLE001 - a page shows the error, never a traceback
                message, problems = f"internal error: {type(error).__name__}: {error}", []
            log.warning(terminal_text(f"{page.file.src_uri}: ```{kind} block {count}: {message}"))  # the author's
            said = words(language)  # the page's readers': the record's problems in their language
            shown = "; ".join(problem_in(problem, said) for problem in problems) if problems else message
            return (f'<div class="ls-error"><strong>{html_text(said.gettext(CANNOT_SHOW))}</strong> '
                    f"{html_text(shown)}</div>")

        kept = self.kept[page.file.src_uri] = Kept()
        return replace_blocks(markdown, lambda kind, body: kept.placeholder(render(kind, body)), kept.placeholder)


def twins(url: str, alternates: dict[str, str]) -> list[tuple[str, str]]:
    """(language, address) of the page at `url` (relative to its site's root, as mkdocs gives it) in
    each site of `alternates`, the address relative to the page when the site's root is."""
    found = []
    for language, root in alternates.items():
        root = root if root.endswith("/") else root + "/"
        absolute = root.startswith("/") or urlsplit(root).scheme != ""
        found.append((language, root + url if absolute else "../" * url.count("/") + root + url))
    return found


def language_switch(url: str, language: str, alternates: dict[str, str]) -> str:
    """The links of a page to its twins in the other languages (nothing without any), each named in
    its own language and marked as written in it."""
    if not alternates:
        return ""
    links = " ".join(f'<a href="{html_text(address)}" hreflang="{other}" lang="{other}" rel="alternate">'
                     f"{LANGUAGE_NAMES[other]}</a>" for other, address in twins(url, alternates))
    label = html_text(words(language).gettext(SWITCH_LABEL))
    return f'<nav class="ls-languages" aria-label="{label}">{links}</nav>\n'


def search_script(index: str) -> str:
    """The search plugin's index (JSON) as a script that sets window.ludoscribeSearchIndex; the
    JSON is read and written again, so nothing but the data can come out of it."""
    return f"window.ludoscribeSearchIndex = {script_json(json.loads(index))};\n"


def replace_blocks(markdown: str, render: Callable[[str, str], str], keep: Callable[[str], str] | None = None) -> str:
    """The Markdown with each top-level ```tgn / ```tgn-file block replaced by render(kind, body),
    and the HTML between KEPT_START and KEPT_END lines by keep(html) when keep is given."""
    out: list[str] = []
    for kind, lines in _blocks(markdown_lines(markdown), kept=keep is not None):
        if kind is None:
            out.extend(lines)
        elif kind == "html" and keep is not None:  # found only when there is a keeper
            out.append("\n" + keep("".join(lines).removesuffix("\n")) + "\n\n")
        else:
            out.append("\n" + render(kind, "".join(lines)) + "\n\n")
    return "".join(out)


def markdown_lines(text: str) -> list[str]:
    """The lines of a Markdown text as Markdown reads them (each with its "\\n").

    Python-Markdown ends a line at "\\n", "\\r\\n" or a lone "\\r", and at nothing else:
    form feeds, U+2028 and the other separators str.splitlines also breaks at stay
    inside their line, so a block's fences are found where Markdown finds them.
    """
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return [line + "\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])


def _blocks(lines: list[str], kept: bool = False) -> Iterator[tuple[str | None, list[str]]]:
    """(None, lines to keep) and (kind, body lines) runs; other fenced blocks are kept whole; with
    `kept`, ("html", lines) between a KEPT_START line and the next KEPT_END line."""
    index = 0
    while index < len(lines):
        if kept and lines[index].rstrip("\n") == KEPT_START:
            end = index + 1
            while end < len(lines) and lines[end].rstrip("\n") != KEPT_END:
                end += 1
            yield "html", lines[index + 1:end]
            index = end + 1
            continue
        opening = FENCE.match(lines[index].rstrip("\n"))
        if opening is None:
            yield None, [lines[index]]
            index += 1
            continue
        fence, info = opening.group(1), opening.group(2)
        end = index + 1
        closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        while end < len(lines) and not closing.match(lines[end].rstrip("\n")):
            end += 1
        if info in ("tgn", "tgn-file"):
            yield info, lines[index + 1:end]
        else:
            yield None, lines[index:end + 1]
        index = end + 1


class Folders(NamedTuple):
    """Where tgn-file paths start, and the only folders they may lead into."""

    root: Path
    allowed: dict[Path, str]  # resolved folder -> its name as the configuration gives it

    def confine(self, name: str) -> Path:
        """The file a tgn-file path names; BlockError if it lies outside the allowed folders."""
        if "\0" in name:
            raise BlockError(f"path: {shorten(name, 60)!r} is not a file name (it holds a NUL character)")
        path = _real(self.root / name)
        if not any(path.is_relative_to(folder) for folder in self.allowed):
            shown = ", ".join(self.allowed.values())
            raise BlockError(f"{shorten(name, 60)} is outside the folders records are read from ({shown}): "
                             "add its folder to the plugin's record_dirs in mkdocs.yml")
        return path


def _real(path: Path) -> Path:
    """`path` with its links followed as far as they lead (a loop stays as it is, and fails when read)."""
    return Path(os.path.realpath(path))


def _shown(folder: Path, base: Path) -> str:
    """A folder as a page may name it: relative to mkdocs.yml's folder when inside it."""
    try:
        return str(_real(folder).relative_to(_real(base)))
    except ValueError:
        return folder.name


def _render_block(kind: str, body: str, folders: Folders, prefix: str, size: int, language: str = "en") -> str:
    options, text = _options(body, FILE_OPTIONS if kind == "tgn-file" else BLOCK_OPTIONS, kind == "tgn-file")
    if kind == "tgn-file":
        record = _stored_record(folders, options)
    else:
        records = read_string(text, "tgn block")
        if len(records) != 1:
            raise BlockError(f"a tgn block holds one record, this one holds {len(records)}")
        record = records[0]
    replayed = check(record)
    if record.problems:
        raise BlockError("; ".join(str(problem) for problem in record.problems), record.problems)
    try:
        ply = ply_of(record, options["turn"]) if "turn" in options else 0
    except ValueError as error:
        raise BlockError(str(error)) from None
    width = _number(options, "size", "a width in pixels") if "size" in options else size
    if not MIN_SIZE <= width <= MAX_SIZE:
        raise BlockError(f"size {width} is not between {MIN_SIZE} and {MAX_SIZE}")
    moves = options.get("moves", "text").lower()
    if moves not in MOVE_LAYOUTS:
        raise BlockError(f"moves: {shorten(options['moves'])!r} is neither {' nor '.join(MOVE_LAYOUTS)}")
    return render_html(record, replayed, prefix=prefix, ply=ply, size=width, flipped=_flag(options, "flip"),
                       tags=_flag(options, "tags"), moves=moves, words=words(language))


def _options(body: str, known: frozenset[str], only_options: bool) -> tuple[dict[str, str], str]:
    """The `name: value` lines at the top of a block, and the rest (the record's text)."""
    options: dict[str, str] = {}
    lines = markdown_lines(body)
    index = 0
    while index < len(lines):
        line = lines[index]
        option = OPTION.match(line)
        if option is None:
            if line.strip() and only_options:
                raise BlockError(f"{line.strip()!r} is not an option line (name: value)")
            if line.strip():
                break
        else:
            name = option.group(1).lower()
            if name not in known:
                raise BlockError(f"unknown option {name!r} (known: {', '.join(sorted(known))})")
            options[name] = option.group(2).strip()
        index += 1
    return options, "".join(lines[index:])


def _flag(options: dict[str, str], name: str) -> bool:
    value = options.get(name, "false").lower()
    if value not in TRUE | FALSE:
        raise BlockError(f"{name}: {value!r} is neither true nor false")
    return value in TRUE


def _number(options: dict[str, str], name: str, meaning: str) -> int:
    """An option's number: ASCII digits only (not '²', '٣' or '1_000'), at most MAX_DIGITS of them."""
    value = options[name]
    if not (value.isascii() and value.isdigit()):
        raise BlockError(f"{name}: {shorten(value)!r} is not {meaning}")
    problem = number_problem(name, value)
    if problem is not None:
        raise BlockError(problem)
    return int(value)


def _stored_record(folders: Folders, options: dict[str, str]) -> Record:
    """The record a tgn-file block names."""
    if not options.get("path"):
        raise BlockError("a tgn-file block needs a path: line")
    path = folders.confine(options["path"])
    wanted = _number(options, "record", "a number from 1") if "record" in options else 1
    if wanted < 1:
        raise BlockError(f"record: {options['record']!r} is not a number from 1")
    shown = shorten(options["path"], 60)
    try:
        for index, record in enumerate(load(str(path)), 1):
            if index == wanted:
                return record
    except (OSError, UnicodeDecodeError) as error:
        raise BlockError(f"cannot read {shown}: {getattr(error, 'strerror', None) or error}") from None
    raise BlockError(f"{shown} has no record {wanted}")
