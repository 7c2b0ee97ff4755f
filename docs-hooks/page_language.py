"""The language of each page of this documentation, in its `<html lang>`
(docs/contributing.md#the-documentations-languages): a page under a folder named by a language
Ludoscribe speaks (docs/fr/) is in that language, every other page in the theme's (English).

An MkDocs hook (`hooks:` in mkdocs.yml), which ProperDocs runs as MkDocs 1.6 does. The theme writes
its one `locale` on every page, outside any block a `main.html` override could replace; the hook
puts the page's language in its place once the page is rendered."""

from __future__ import annotations

import re
from typing import Any

from ludoscribe.notation.languages import ENGLISH, LANGUAGES

HTML_TAG = re.compile(r"<html\b[^>]*>", re.I)
LANG_ATTRIBUTE = re.compile(r'\slang="[^"]*"', re.I)


def page_language(src_uri: str) -> str | None:
    """The language of the page at `src_uri` (its path under docs/), None for the theme's."""
    folder, separator, _ = src_uri.partition("/")
    return folder if separator and folder in LANGUAGES and folder != ENGLISH else None


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


def on_post_page(output: str, page: Any, config: Any) -> str:
    language = page_language(page.file.src_uri)
    return output if language is None else with_language(output, language)
