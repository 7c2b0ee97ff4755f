"""The theme's own words (Search, Previous, Next ...) in each page's language, for the mkdocs plugin's
pages in another language than the site's (docs/publishing.md#pages-in-other-languages).

The themes say their words in one language for the whole site: mkdocs' themes through gettext
(their `locales` catalogues, installed once in the template environment), Material through its
`theme.language`, read as each page is rendered. The plugin tells `ThemeWords` the language of the
page about to be rendered: gettext then answers from that language's catalogue of the theme, and
`theme.language` names it; the site's own language comes back once the page is written. A theme
with no catalogue for the language (or Babel missing) keeps its words in the site's language.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import jinja2
    from mkdocs.config.defaults import MkDocsConfig


class ThemeWords:
    """The words of the theme of `config`, said in the language of the page being rendered."""

    def __init__(self, env: jinja2.Environment, config: MkDocsConfig, site_language: str) -> None:
        self.theme, self.site_language, self.language = config.theme, site_language, site_language
        self.catalogues: dict[str, Any] = {}
        if hasattr(env, "install_gettext_callables"):  # the theme translates its words (jinja2.ext.i18n)
            env.install_gettext_callables(
                lambda text: self._catalogue().gettext(text),
                lambda singular, plural, count: self._catalogue().ngettext(singular, plural, count))

    def speak(self, language: str) -> None:
        """The next page rendered is in `language`."""
        self.language = language
        self.theme["language"] = language  # Material's words, chosen as the page is rendered

    def done(self) -> None:
        """The page is written: what follows (the theme's own pages) speaks the site's language."""
        self.speak(self.site_language)

    def _catalogue(self) -> Any:
        if self.language not in self.catalogues:
            self.catalogues[self.language] = _theme_catalogue(list(self.theme.dirs), self.language)
        return self.catalogues[self.language]


def _theme_catalogue(theme_dirs: list[str], language: str) -> Any:
    """The theme's catalogues for `language`, the theme's own first and the themes it extends after
    (English, as the templates are written, where none has the language)."""
    try:
        from babel.support import NullTranslations, Translations
    except ImportError:  # the theme's words stay as written
        import gettext
        return gettext.NullTranslations()
    merged: Any = None
    for folder in reversed(theme_dirs):
        found = Translations.load(os.path.join(folder, "locales"), [language])
        if type(found) is NullTranslations:
            continue
        if merged is None:
            merged = found
        else:
            merged.merge(found)
    return merged if merged is not None else NullTranslations()
