"""The `ludoscribe` command: a group of thin click commands over the library, each in its own
module of this package, imported only when that command is used (docs/contributing.md#start-up)."""

from __future__ import annotations

import signal
import sys
from typing import Any, TextIO, cast

import click

from ..notation.files import OutputError
from .errors import SIGNALS, IOFailure, Status, Stopped
from .lazy import LazyGroup
from .messages import MESSAGES, closed_output, note, stop_writing
from .outputs import StandardOutput, write_failure

PARALLEL = f"{__package__.rpartition('.')[0]}.notation.archive.parallel"  # imported by the commands that start workers

# Each command: the click command that defines it, as module.attribute in this package, and its
# summary (the first paragraph of its help) for the list that --help prints without importing it.
COMMANDS: dict[str, tuple[str, str]] = {
    "check": ("check.check", "Check records: their syntax and every rule of their game."),
    "convert": ("convert.convert",
                "Convert records between TGN (canonical form) and JSON, or publish one as md or html."),
    "diagram": ("diagram.diagram", "Draw diagrams of record positions (by default the final one): SVG, PNG or PDF, "
                                   "an animated GIF of a game, or a sheet of them to print."),
    "export": ("export.export", "Write records as tables for data tools: a folder of Parquet files, a row a record "
                                "and a row a turn."),
    "event": ("event.event", "Make and change an event's file (event.toml): its players, withdrawals, byes."),
    "filter": ("filter.filter_command", "Choose records from files and folders: those meeting every condition given."),
    "generate": ("generate.generate", "Write records of GAME played by programs, reproducible from the seed."),
    "pair": ("pair.pair", "Pair the event's next round and write its game files, roundR-boardB.tgn."),
    "ratings": ("ratings.ratings", "Glicko-2 ratings of the players of the records, one list per game and set of rules."),
    "record": ("record.record", "Record a game of GAME at the table, turn by turn, into FILE."),
    "relay": ("relay.relay", "Write an event's live pages as plain files, for a web host without a server."),
    "serve": ("serve.serve_command",
              "Follow an event live: scorers record games from their phones, spectators watch every board."),
    "site": ("site.site", "Publish records as a static website, built with mkdocs."),
    "studio": ("studio.studio_command",
               "Annotate records in the browser: variations, comments, NAGs, arrows and marks, saved in their files."),
    "standings": ("standings.standings", "Crosstable and standings of each event (Event tag) of the records."),
    "stats": ("stats.stats", "Figures per game and set of rules: results by side, the first side's score with its "
                             "95% confidence interval, game length, the most played openings with their scores, and "
                             "how games end (the rule that ended each)."),
}


class Commands(LazyGroup):
    """The command group: how a run ends when a pipe closes or a worker process is lost."""

    def make_context(self, *args: Any, **options: Any) -> click.Context:
        try:
            return super().make_context(*args, **options)
        except BrokenPipeError:  # --help, --version cut short by their reader
            closed_output()

    def invoke(self, ctx: click.Context) -> Any:
        MESSAGES.cut = False
        try:
            result = super().invoke(ctx)
        except BrokenPipeError:  # the output cut short by its reader (| head): the run ends quietly
            closed_output()
        except SystemExit:
            if MESSAGES.cut:
                sys.exit(Status.CLOSED_PIPE)
            raise
        except click.ClickException:
            raise
        except OutputError as error:  # standard output failed (a full device): one line, exit status 2
            stop_writing(sys.stdout)
            raise write_failure(error.filename or "-", error) from None
        except Exception as error:
            if (parallel := sys.modules.get(PARALLEL)) is not None and isinstance(error, parallel.WorkerLost):
                raise IOFailure(str(error)) from None
            raise
        if MESSAGES.cut:
            sys.exit(Status.CLOSED_PIPE)
        return result


@click.group(cls=Commands, lazy_subcommands={name: (f"{__package__}.{path}", summary)
                                             for name, (path, summary) in COMMANDS.items()},
             context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(package_name="ludoscribe", prog_name="ludoscribe")
def cli() -> None:
    """Record, check, convert, draw and publish tabletop game records written in TGN.

    \b
    Examples:
      ludoscribe check corpus
      ludoscribe convert game.tgn --to json -o game.json
      ludoscribe diagram game.tgn --turn 12... -o position.svg
      ludoscribe site corpus -o site/
    """


def main() -> None:
    """Entry point: run the command. Ctrl-C and SIGTERM end it with the status shells expect,
    its worker processes and temporary files gone; a bug shows as one line, never a traceback."""
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, SIGNALS)
    sys.stdout = cast(TextIO, StandardOutput(sys.stdout))
    try:
        cli(prog_name="ludoscribe")
    except Stopped as stopped:  # every `finally` on the way has cleaned up
        sys.exit(stopped.status)
    except SystemExit:
        if SIGNALS.received is not None:  # the signal came where Python could not raise it: the run went on
            sys.exit(Status(128 + SIGNALS.received))
        raise
    except BrokenPipeError:  # a message about the end of the run could not be printed
        stop_writing(sys.stderr)
        sys.exit(Status.CLOSED_PIPE)
    except OutputError as error:  # standard output failed (--help to a full device)
        stop_writing(sys.stdout)  # nothing more for it, not even at exit
        note(f"Error: {write_failure(error.filename or '-', error).message}")
        sys.exit(Status.UNWRITABLE)
    except Exception as error:  # noqa: BLE001 - the last guard before the user's terminal
        note(f"ludoscribe: internal error: {type(error).__name__}: {error}")
        sys.exit(Status.INTERNAL)
    finally:
        if (parallel := sys.modules.get(PARALLEL)) is not None:
            parallel.end_all()  # whatever went wrong, no worker outlives the run
