"""`ludoscribe serve`: an event folder followed live from phones and browsers (docs/live.md).

The web stack (the `live` extra) is imported only when the server starts, so that this
command can say in one line how to install it."""

from __future__ import annotations

import os
import socket
from pathlib import Path

import click

from ..notation.events.folder import EventFolder
from ..notation.languages import Words, chosen, words
from ..notation.limits import shorten, tag_problem, text_problem
from ..notation.problems import say
from ..notation.reader import line_break_problem
from ..render.escaping import terminal_text
from ..render.live.event_code import CodeProblem, code_problem, new_code, organiser_problem
from .errors import SIGNALS, BadUsage, IOFailure, MissingExtra, Stopped

EXTRA = "pip install 'ludoscribe[live]'"
CODE_FILE = ".ludoscribe-code"  # the event's code, kept in the folder so that a restart keeps it
ORGANISER_FILE = ".ludoscribe-organiser-code"  # the organiser's code, kept likewise


def event_code(folder: Path, given: str | None, said: Words, kept_in: str = CODE_FILE, option: str = "--code") -> str:
    """The code that lets a device record (or, kept in ORGANISER_FILE, organise): given, else the one
    kept in the folder, else a new one kept there. A blank code, or one a phone cannot send, is refused
    (docs/live.md)."""
    if given is not None:
        if (problem := code_problem(given)) is not None:
            raise BadUsage(CodeProblem.GIVEN.say({"key": option, "written": shorten(given, 40), "said": problem.said},
                                                 said))
        return given.strip().upper()
    kept = folder / kept_in
    try:
        code = kept.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        return _keep(kept, new_code())
    except UnicodeDecodeError:
        problem = say(CodeProblem.NOT_ASCII)
    except OSError as error:
        raise IOFailure(CodeProblem.UNREADABLE.say({"path": str(kept), "problem": error.strerror or str(error)},
                                                   said)) from None
    else:
        problem = code_problem(code)
    if problem is not None:
        raise IOFailure(CodeProblem.KEPT.say({"path": str(kept), "said": problem.said}, said))
    return code


def _keep(kept: Path, code: str) -> str:
    """Keep a new code in the folder (readable by its owner only), so that a restart keeps it."""
    try:
        fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as stream:
            stream.write(code + "\n")
    except OSError:
        pass  # kept for this run only: a restart makes another
    return code


def shown_host(host: str) -> str:
    """The address to print: the machine's address on the network when listening on all of them."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: this only picks the outgoing interface
            address: str = probe.getsockname()[0]
            return address
    except OSError:
        return socket.gethostname()


def checked_event(context: click.Context, parameter: click.Parameter, given: str | None) -> str:
    """The event's name given by --event, as an Event tag takes it (a usage error, exit status 2, if it cannot)."""
    if given is None:
        return ""
    name = given.strip()
    problem = ("the event's name is empty" if not name else
               text_problem(name) or line_break_problem("Event", name) or tag_problem("Event", name))
    if problem is not None:
        raise click.BadParameter(terminal_text(problem), ctx=context, param=parameter)
    return name


def event_of(root: Path, given: str) -> tuple[str, list[str]]:
    """The event's name (given, else the Event tag its games share, else the folder's name), and the
    other names the folder's games give their event."""
    games = EventFolder(root, name=given)
    games.scan()
    name = games.event_name()
    return name, sorted({game.tag("Event") for game in games.games.values()} - {name, "?", ""})


def serve(folder: str, host: str, port: int, code: str | None, delay: float, every: float, event: str = "",
          organiser: str | None = None) -> None:
    """Serve the event folder until interrupted; the first line printed is the URL. The lines printed in the
    terminal speak the environment's language (the pages, each reader's: docs/languages.md#live-pages)."""
    said = words(chosen(None))
    try:
        import uvicorn

        from ..render.live.app import Server, create_app
    except ImportError as error:
        raise MissingExtra(said.gettext("ludoscribe serve needs the live extra ({name} is missing): {extra}").format(
            name=error.name, extra=EXTRA)) from None
    root = Path(folder)
    if not root.is_dir():
        raise IOFailure(said.gettext("{folder} is not a folder: serve takes the folder of an event's games").format(
            folder=folder))
    secret = event_code(root, code, said)
    organiser_secret = event_code(root, organiser, said, ORGANISER_FILE, "--organiser-code")
    if (problem := organiser_problem(organiser_secret, secret)) is not None:
        raise BadUsage(CodeProblem.ORGANISER.say({"said": problem.said}, said))
    try:
        listening = socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as error:
        raise IOFailure(said.gettext("cannot listen on {host}:{port}: {reason}").format(
            host=host, port=port, reason=error.strerror or error)) from None
    chosen_port = listening.getsockname()[1]
    app = create_app(root, secret, delay=delay * 60, every=every, event=event, organiser_code=organiser_secret)
    name, others = event_of(root, event)
    address = f"http://{shown_host(host)}:{chosen_port}/"
    click.echo(address, nl=True)
    click.echo(said.gettext("Recording code: {code}").format(code=secret))
    click.echo(terminal_text(said.gettext("Event: {name}").format(name=name) + (said.gettext(
        " (games of the folder name another: {names})").format(names=", ".join(others)) if others else "")))
    click.echo(said.gettext("Scorers open {address}record; spectators the address above.").format(address=address))
    click.echo(said.gettext("Organiser's code: {code} (opens {address}organise: keep it from scorers)").format(
        code=organiser_secret, address=address))
    if host in ("127.0.0.1", "localhost", "::1"):
        click.echo(said.gettext("Only this computer can connect: give --host 0.0.0.0 to let phones on the network in."))
    click.echo(said.gettext("Press Ctrl-C to stop. Every turn is saved in the folder as it is entered."), nl=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1, lifespan="on")
    try:
        Server(config, app.state.live).run(sockets=[listening])
    except (KeyboardInterrupt, Stopped):  # uvicorn stops on Ctrl-C or SIGTERM, then raises it again once it has
        SIGNALS.as_planned()  # the way a server ends: exit status 0
    click.echo(said.gettext("Stopped. Every turn entered is saved in {folder}.").format(folder=folder))


@click.command("serve")
@click.argument("folder", metavar="EVENT_FOLDER")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; 0.0.0.0 lets phones on the network connect.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free one).")
@click.option("--code", help="The event code scorers type to record (default: kept in the folder, made on first start).")
@click.option("--organiser-code", "organiser",
              help="The code of the organiser's page, /organise (default: kept in the folder, made on first start).")
@click.option("--delay", type=click.FloatRange(0, 24 * 60), default=0, show_default=True,
              help="Minutes by which spectators see the turns after they are played.")
@click.option("--event", metavar="NAME", callback=checked_event,
              help="The event's name, written in the Event tag of the games started here "
                   "(default: the one the folder's games give, else the folder's name).")
@click.option("--poll", "every", type=click.FloatRange(0.05, 60), default=0.5, show_default=True,
              help="Seconds between two readings of the folder, for changes made outside the server.")
def serve_command(folder: str, host: str, port: int, code: str | None, organiser: str | None, delay: float, every: float,
                  event: str) -> None:
    """Follow an event live: scorers record games from their phones, spectators watch every board.

    EVENT_FOLDER holds one TGN file per game; new games are created there. Every turn
    is saved in its game's file as it is entered, under the same lock as `record`.
    The first line printed is the address to open; the second, the code scorers need; the third,
    the organiser's code, which opens /organise (pairing, players, results without a record).
    Needs the live extra: pip install 'ludoscribe[live]'.

    \b
    Examples:
      ludoscribe serve club-night/
      ludoscribe serve club-night/ --host 0.0.0.0 --port 8080 --delay 15
      ludoscribe serve club-night/ --event "Club night"
    """
    serve(folder, host, port, code, delay, every, event, organiser)
