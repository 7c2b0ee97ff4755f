"""Errors the commands report, with their exit status."""

from __future__ import annotations

import click


class IOFailure(click.ClickException):
    """A file that cannot be read or written: exit status 2, like usage errors."""

    exit_code = 2
