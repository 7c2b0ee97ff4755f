"""`ludoscribe studio`: annotate records in the browser, saved in their files (docs/annotating.md).

The web stack (the `live` extra) is imported only when the server starts, so that this
command can say in one line how to install it."""

from __future__ import annotations

import socket
import webbrowser
from pathlib import Path

import click

from ..notation.languages import chosen, words
from ..render.studio.publishing import SiteOptions
from .errors import SIGNALS, IOFailure, MissingExtra, Stopped
from .serve import EXTRA, shown_host


def studio(path: str, host: str, port: int, browser: bool, site: SiteOptions) -> None:
    """Serve the studio of PATH until interrupted; the first line printed is the URL. The lines printed in the
    terminal speak the environment's language (the page, each request's: docs/languages.md#the-studio)."""
    said = words(chosen(None))
    try:
        import uvicorn

        from ..render.studio.app import create_app
    except ImportError as error:
        raise MissingExtra(said.gettext("ludoscribe studio needs the live extra ({name} is missing): {extra}").format(
            name=error.name, extra=EXTRA)) from None
    root = Path(path)
    if not root.is_dir() and not (root.is_file() and root.suffix.lower() in (".tgn", ".json")):
        raise IOFailure(said.gettext("{path} is neither a folder nor a .tgn or .json file: studio takes one of them")
                        .format(path=path))
    try:
        listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as error:
        raise IOFailure(said.gettext("cannot listen on {host}:{port}: {reason}").format(
            host=host, port=port, reason=error.strerror or error)) from None
    url = f"http://{shown_host(host)}:{listening.getsockname()[1]}/"
    app = create_app(root, host=host, site=site)
    click.echo(url)
    click.echo(said.gettext("Studio of {path}: every edit is saved in its file at once. Press Ctrl-C to stop.").format(
        path=path))
    if browser:
        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1, lifespan="on")
    try:
        uvicorn.Server(config).run(sockets=[listening])
    except (KeyboardInterrupt, Stopped):  # uvicorn stops on Ctrl-C or SIGTERM, then raises it again once it has
        SIGNALS.as_planned()
    click.echo(said.gettext("Stopped. Every edit was saved as it was made."))


@click.command("studio")
@click.argument("path", metavar="PATH")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; only this computer can connect to 127.0.0.1.")
@click.option("--port", type=click.IntRange(0, 65535), default=8010, show_default=True,
              help="Port to listen on (0: any free one).")
@click.option("--browser/--no-browser", default=True, show_default=True, help="Open the studio in the web browser.")
@click.option("--site", "site_output", metavar="FOLDER",
              help="Where Publish builds the site of PATH: empty, or a site built there before (it is replaced).")
@click.option("--title", "site_title", default="Annotated games", show_default=True,
              help="The site's name, for Publish and the previews.")
@click.option("--theme", type=click.Choice(["auto", "material", "mkdocs"]), default="auto", show_default=True,
              help="The site's mkdocs theme, for Publish and the previews.")
def studio_command(path: str, host: str, port: int, browser: bool, site_output: str | None, site_title: str,
                   theme: str) -> None:
    """Annotate records in the browser: variations, comments, NAGs, arrows and marks, saved in their files.

    PATH is a TGN or JSON record file, or a folder of them (new records are made there).
    Every edit is saved in its file at once, under the lock `record` and `serve` take;
    a file changed by another program is never written over. The first line printed is
    the address to open. Needs the live extra: pip install 'ludoscribe[live]'.

    \b
    Examples:
      ludoscribe studio games/
      ludoscribe studio club-final.tgn --no-browser --port 0
      ludoscribe studio games/ --site site/ --title "Club games"
    """
    studio(path, host, port, browser, SiteOptions(Path(site_output) if site_output else None, site_title, theme))
