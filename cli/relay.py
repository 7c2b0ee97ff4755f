"""`ludoscribe relay`: an event's live pages written as plain files, for a web host without a
server (docs/live.md#a-static-relay)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from ..notation.events.folder import EventFolder
from ..notation.languages import Words, words
from ..render.live.hub import Live
from ..render.live.relay import check_output, write_relay
from .errors import SIGNALS, IOFailure, Stopped
from .messages import reason_of
from .options import language_option


@click.command("relay")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.option("-o", "--output", "out", required=True, help="Folder of the pages to copy to a web host.")
@click.option("--watch", is_flag=True, help="Keep writing the pages as the games change, until interrupted.")
@click.option("--every", type=click.FloatRange(1, 3600), default=5, show_default=True,
              help="Seconds between two readings: of the folder with --watch, of event.json by the pages.")
@click.option("--delay", type=click.FloatRange(0, 24 * 60), default=0, show_default=True,
              help="Minutes by which the pages show the turns after they are played (with --watch).")
@click.option("--force", is_flag=True, help="Write into OUTPUT even if it holds files the relay did not write.")
@language_option
def relay(folder: str, out: str, watch: bool, every: float, delay: float, force: bool, language: str) -> None:
    """Write an event's live pages as plain files, for a web host without a server.

    The pages read the small file event.json every few seconds and follow new turns
    without being written again; once every game is finished they read it six times
    less often, and still follow a game reopened. Run it after each change (or keep it
    running with --watch) and copy OUTPUT to the host. The pages of a game removed from
    the event folder are removed too.

    \b
    Examples:
      ludoscribe relay club-night/ -o relay/
      ludoscribe relay club-night/ -o relay/ --watch --every 10
    """
    root, target, said = Path(folder), Path(out), words(language)
    if not root.is_dir():
        raise IOFailure(said.gettext("{folder} is not a folder: relay takes the folder of an event's games").format(
            folder=folder))
    if delay and not watch:
        raise click.BadParameter(said.gettext("a delay needs --watch: the relay must see each turn come to hold it back"),
                                 param_hint="--delay")
    if (problem := check_output(root, target, force)) is not None:
        raise IOFailure(problem)
    live = Live(EventFolder(root), delay * 60)
    try:
        live.start()
        games = len(live.folder.games)
        click.echo(said.ngettext("{target}: {count} game, {done}", "{target}: {count} games, {done}", games).format(
            target=target, count=games, done=done(*write_relay(live, target, every, said), said)))
        while watch:
            time.sleep(every)
            live.changed(live.folder.scan())
            written, removed = write_relay(live, target, every, said)
            if written or removed:
                click.echo(said.gettext("{target}: {done}").format(target=target, done=done(written, removed, said)))
    except OSError as error:
        raise IOFailure(said.gettext("cannot write the relay: {reason}").format(reason=reason_of(error, said))) from None
    except (KeyboardInterrupt, Stopped):
        SIGNALS.as_planned()  # the way --watch ends: exit status 0
        click.echo(said.gettext("Stopped."))


def done(written: list[str], removed: list[str], said: Words) -> str:
    """'3 files written', and how many were removed if any were, in the language of `said`."""
    line = said.ngettext("{count} file written", "{count} files written", len(written)).format(count=len(written))
    return line + (said.gettext(", {count} removed").format(count=len(removed)) if removed else "")
