"""The generated mkdocs project of a site (render/site/__init__.py): its mkdocs.yml (theme, navigation,
plugins) and its build by the site engine (render/site/engine.py), warnings passed on."""

from __future__ import annotations

import importlib.util
import logging
from pathlib import Path
from typing import Callable

from ...notation.games import display_name
from ...notation.languages import words
from ..wording import slugify
from .engine import site_engine
from .folders import SiteError
from ..escaping import html_text, yaml_value
from .index import explorers
from .plan import Plan


# Themes without anything fetched from the network, so that sites read offline.
THEMES = {"material": {"name": "material", "font": False}, "mkdocs": {"name": "mkdocs", "highlightjs": False}}


def theme_name(wanted: str = "auto") -> str:
    """'material' when asked or when mkdocs-material is installed (auto), else 'mkdocs'."""
    if wanted == "auto":
        return "material" if importlib.util.find_spec("material") else "mkdocs"
    return wanted


def mkdocs_yml(plan: Plan, site_title: str, theme: str, language: str = "en",
               alternates: dict[str, str] | None = None, site_dir: str | None = None) -> str:
    """The generated project's configuration, every string a quoted YAML scalar of printable ASCII;
    its navigation in `language`, which the ludoscribe plugin gives the theme (docs/languages.md#pages);
    `alternates`: where the same site is in other languages, for the plugin's switch; `site_dir`:
    where `mkdocs build` writes it, if not beside mkdocs.yml."""
    games = sorted({entry.game for entry in plan.entries})
    said = words(language)
    nav = [{html_text(said.pgettext("site", "Home")): "index.md"},
           *({html_text(display_name(game)): f"games/{slugify(game, 'game')}.md"} for game in games),
           {html_text(said.gettext("Events")): "events.md"}, {html_text(said.gettext("Players")): "players.md"},
           *([{html_text(said.gettext("Openings")): [{html_text(explorer.label): f"openings/{explorer.slug}.md"}
                                                      for explorer in explorers(plan)]}]
             if plan.explorers else [])]
    plugin = {"theme_contrast": True, **({"language": language} if language != "en" else {}),
              **({"alternates": alternates} if alternates else {})}
    config = {"site_name": html_text(site_title), "docs_dir": "docs", **({"site_dir": site_dir} if site_dir else {}),
              "use_directory_urls": False, "theme": THEMES[theme], "nav": nav,
              "plugins": ["search", {"ludoscribe": plugin}], "markdown_extensions": ["tables", "toc"]}
    return yaml_value(config) + "\n"


def mkdocs_build(config_file: Path, out: Path, progress: Callable[[str], None]) -> None:
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
