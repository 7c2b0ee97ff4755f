"""HTML that reaches a page of a site as it is, without Markdown reading it (render/site/mkdocs_plugin.py).

Markdown copies a raw HTML block as it is, but only after parsing every tag of it: for a record
page, whose viewer is thousands of tags, that was about a third of the time a site took to build.
`ludoscribe site` writes such HTML between a KEPT_START and a KEPT_END line, and the plugin puts
the HTML it renders itself in the same place: a placeholder, which Markdown copies, until the
page's HTML is made.
"""

from __future__ import annotations

import re
import secrets

KEPT_START, KEPT_END = "<!--ludoscribe:html-->", "<!--/ludoscribe:html-->"


def kept_html(html: str) -> str:
    """Lines of a page's Markdown holding `html`, which reaches the page as it is."""
    return f"{KEPT_START}\n{html}\n{KEPT_END}"


class Kept:
    """A page's HTML kept away from Markdown: a placeholder stands in its place (a raw HTML block,
    which Markdown copies as it is) until the page's HTML is made, then the HTML replaces it.
    Each placeholder holds a random token, so that nothing a page says can be taken for one."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(8)
        self.held: list[str] = []

    def placeholder(self, html: str) -> str:
        self.held.append(html)
        return f'<div data-ludoscribe-kept="{self.token}-{len(self.held) - 1}"></div>'

    def restored(self, html: str) -> str:
        pattern = re.compile(rf'<div data-ludoscribe-kept="{self.token}-(\d+)"></div>')
        return pattern.sub(lambda found: self.held[int(found.group(1))], html)
