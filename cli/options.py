"""Options that several commands share, with the same name and help."""

from __future__ import annotations

from typing import Any, Callable

import click

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def quiet_option(what: str) -> Decorator:
    """-q/--quiet: print only problems and errors, not `what`."""
    return click.option("-q", "--quiet", is_flag=True, help=f"Print only problems and errors, not {what}.")


force_option = click.option("--force", is_flag=True, help="Replace output files that exist already.")
output_option = click.option("-o", "--output", "out", default="-", show_default=True,
                             help="Output file; - is standard output.")
