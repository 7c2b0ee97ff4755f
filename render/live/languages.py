"""The languages of the live pages (docs/live.md#languages): the live server's own refusals, said
from their English template, the texts of a page in the reader's language, and the language switch
(the studio's too). `N_`, the marker of texts said later, is the languages package's."""

from __future__ import annotations

from ...notation.events.folder import Refused
from ...notation.languages import ENGLISH, N_, Words, words
from ..escaping import html_text


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


def switch(language: str, words: Words, query: str = "") -> str:
    """The pages' language switch ("FR | EN"): links to the same page in each language (with the
    rest of its `query`, already escaped for a link, as the studio keeps the record shown), which the
    server keeps in a cookie for the pages that follow (docs/live.md#languages)."""
    say = texts(words, N_("Language"))
    keep = query + "&amp;" if query else ""
    links = " | ".join(f'<a href="?{keep}lang={code}" hreflang="{code}" lang="{code}"'
                       + (' aria-current="true"' if code == language else "") + f">{code.upper()}</a>"
                       for code in ("fr", "en"))
    return f'<nav class="ls-languages" aria-label="{say["Language"]}">{links}</nav>'
