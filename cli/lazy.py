"""A click group that imports a command's module only when that command is used: click's
documented pattern for lazily loading subcommands (docs/contributing.md#start-up)."""

from __future__ import annotations

import importlib
from typing import Any, Mapping

import click

from click.exceptions import NoSuchCommand  # it suggests the command meant, from the names it is given


class LazyGroup(click.Group):
    """A group whose lazy commands are imported when one runs, shows its help or is completed.

    `lazy_subcommands` maps each command's name to where it is defined, "module.attribute",
    and to its summary, the first paragraph of its help: the group's own --help lists the
    commands from these summaries without importing any of them.
    """

    def __init__(self, *args: Any, lazy_subcommands: Mapping[str, tuple[str, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands = dict(lazy_subcommands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.lazy_subcommands])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_subcommands:
            return self._lazy_load(cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                            list[str]]:
        """As click resolves a command, a name it does not know compared with the lazy ones too."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            if not isinstance(error, NoSuchCommand):
                raise
            raise NoSuchCommand(error.command_name, possibilities=self.list_commands(ctx), ctx=ctx) from None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands as click writes it, their short help made from the summaries."""
        listed = [(name, self._listed(ctx, name)) for name in self.list_commands(ctx)]
        shown = [(name, command) for name, command in listed if command is not None and not command.hidden]
        if shown:
            limit = formatter.width - 6 - max(len(name) for name, _ in shown)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in shown])

    def _listed(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command as --help lists it: a lazy one stands in for itself with its summary."""
        if cmd_name in self.lazy_subcommands:
            return click.Command(cmd_name, help=self.lazy_subcommands[cmd_name][1])
        return super().get_command(ctx, cmd_name)

    def _lazy_load(self, cmd_name: str) -> click.Command:
        module_name, attribute = self.lazy_subcommands[cmd_name][0].rsplit(".", 1)
        command = getattr(importlib.import_module(module_name), attribute)
        if not isinstance(command, click.Command):
            raise ValueError(f"{module_name}.{attribute} is not a click command (lazily loaded as {cmd_name!r})")
        return command
