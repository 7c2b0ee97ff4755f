"""The languages of the live pages (docs/live.md#languages): the marker of texts said later in the
reader's language, and the live server's own refusals, said from their English template."""

from __future__ import annotations

from ...notation.events.folder import Refused
from ...notation.languages import ENGLISH, Words, words
from ..escaping import html_text


def N_(text: str) -> str:
    """Marks a text for the catalogue, said later in the request's language."""
    return text


class LiveRefused(Refused):
    """A refusal of the live server's own: an English template (marked N_) and its parameters."""

    def __init__(self, template: str, detail: dict[str, object] | None = None, **params: object) -> None:
        super().__init__(template.format(**params), detail)
        self.template, self.params = template, params


ENGLISH_WORDS = words(ENGLISH)  # the pages' words when no language is asked for: every byte as before


def texts(words: Words, *english: str) -> dict[str, str]:
    """Each English text (marked N_ where it is given) in the language of `words`, escaped for HTML:
    what a page's template says, looked up by its English text."""
    return {text: html_text(words.gettext(text)) for text in english}


def switch(language: str, words: Words) -> str:
    """The pages' language switch ("FR | EN"): links to the same page in each language, which
    the server keeps in a cookie for the pages that follow (docs/live.md#languages)."""
    say = texts(words, N_("Language"))
    links = " | ".join(f'<a href="?lang={code}" hreflang="{code}" lang="{code}"'
                       + (' aria-current="true"' if code == language else "") + f">{code.upper()}</a>"
                       for code in ("fr", "en"))
    return f'<nav class="ls-languages" aria-label="{say["Language"]}">{links}</nav>'
