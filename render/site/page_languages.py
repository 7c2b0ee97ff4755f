"""The language of each page of a site the mkdocs plugin builds (docs/publishing.md#pages-in-other-languages).

A page says it in its front matter (`ludoscribe_language: fr`), else the plugin's `languages`
option gives it by the folder the page lies in (`languages: {fr/: fr}`), else it is in the site's
`language`. The language is worked out from the page each time a hook needs it, never kept
between pages. The theme writes its one language in every page's `<html lang>`, outside any block
a template could replace, so a page in another language gets its own once it is rendered
(`with_language`)."""

from __future__ import annotations

import re
from collections.abc import Mapping

from mkdocs.config import config_options
from mkdocs.config.base import ValidationError

from ...notation.languages import LANGUAGES
from ...notation.limits import shorten

FRONT_MATTER_KEY = "ludoscribe_language"
HTML_TAG = re.compile(r"<html\b[^>]*>", re.I)
LANG_ATTRIBUTE = re.compile(r'\slang="[^"]*"', re.I)


class PageLanguageError(Exception):
    """A page's front matter names a language Ludoscribe does not speak."""


def not_spoken(value: object) -> str:
    """Why `value` is not a language, in one line."""
    return f"{shorten(str(value), 20)!r} is not a language Ludoscribe speaks ({', '.join(LANGUAGES)})"


class FolderLanguages(config_options.Type[dict]):  # type: ignore[type-arg]  # mkdocs' own Type is generic
    """Folders of the docs (`fr/`, `guides/fr/`) -> the language of the pages inside them."""

    def __init__(self) -> None:
        super().__init__(dict, default={})

    def run_validation(self, value: object) -> dict[str, str]:
        given: dict[object, object] = super().run_validation(value)
        folders: dict[str, str] = {}
        for folder, language in given.items():
            name = str(folder).strip("/") if isinstance(folder, str) else ""
            if not name or "\0" in name or "\\" in name or any(part in ("", ".", "..") for part in name.split("/")):
                raise ValidationError(f"{shorten(str(folder), 60)!r} is not a folder of the docs "
                                      "(a path inside docs_dir such as fr/ or guides/fr/)")
            if language not in LANGUAGES:
                raise ValidationError(f"{name}/: {not_spoken(language)}")
            folders[name + "/"] = str(language)
        return folders


def page_language(src_uri: str, meta: Mapping[str, object], folders: Mapping[str, str], site: str) -> str:
    """The language of the page at `src_uri` (its path under docs_dir) with front matter `meta`:
    the front matter's, else that of the deepest folder of `folders` holding it, else `site`'s.
    PageLanguageError if the front matter names a language Ludoscribe does not speak."""
    if FRONT_MATTER_KEY in meta:
        chosen = meta[FRONT_MATTER_KEY]
        if chosen not in LANGUAGES:
            raise PageLanguageError(f"{src_uri}: {FRONT_MATTER_KEY}: {not_spoken(chosen)}")
        return str(chosen)
    holding = [folder for folder in folders if src_uri.startswith(folder)]
    return folders[max(holding, key=len)] if holding else site


def with_language(html: str, language: str) -> str:
    """The page with `language` in the `lang` of its `<html>` tag (added when the theme wrote none)."""
    found = HTML_TAG.search(html)
    if found is None:
        return html
    tag = found.group()
    if LANG_ATTRIBUTE.search(tag):
        new_tag = LANG_ATTRIBUTE.sub(f' lang="{language}"', tag, count=1)
    else:
        new_tag = f'<html lang="{language}"{tag[len("<html"):]}'
    return html[:found.start()] + new_tag + html[found.end():]
