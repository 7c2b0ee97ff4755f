"""Errors the commands report, with their exit status."""

from __future__ import annotations

import click

from ..render.escaping import terminal_text


class IOFailure(click.ClickException):
    """A file that cannot be read or written: exit status 2, like usage errors."""

    exit_code = 2

    def format_message(self) -> str:
        """The message, safe for a terminal (file names may hold control characters)."""
        return terminal_text(self.message)
