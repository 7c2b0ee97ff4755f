"""`ludoscribe site`: records published as a static website (docs/cli.md#site)."""

from __future__ import annotations

import sys
from functools import partial
from pathlib import Path

import click

from ..render.escaping import terminal_text
from ..render.site import build_site
from ..render.site.folders import SiteError
from .errors import IOFailure, Status
from .inputs import input_error
from .messages import note, reason_of, report, say
from .options import language_of, quiet_option
from ..notation.languages import LANGUAGES, chosen, words


def _languages(ctx: click.Context, param: click.Parameter, value: str | None) -> tuple[str, ...]:
    """--lang: one language, or several separated by commas (the first at the site's root); the
    environment's without it (docs/cli.md#site)."""
    if value is None:
        return (chosen(None),)
    given = [part.strip() for part in value.split(",")]
    unknown = [part for part in given if part not in LANGUAGES]
    if unknown:
        said = language_of(ctx)
        raise click.BadParameter(said.gettext("{given} is not a language Ludoscribe speaks ({known}); several are "
                                              "separated by commas: en,fr").format(given=repr(unknown[0]),
                                                                                   known=", ".join(LANGUAGES)))
    return tuple(dict.fromkeys(given))


@click.command()
@click.argument("sources", nargs=-1, required=True, metavar="FILE_OR_DIR...")
@click.option("-o", "--output", "out", required=True,
              help="Folder of the site: empty, or a site built here before (it is replaced).")
@click.option("--title", "site_title", default=None, show_default="Annotated games, in the site's language",
              help="The site's name.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Render the record pages in N processes (at most one per CPU).")
@click.option("--project", help="Keep the generated mkdocs project (mkdocs.yml and docs/) in this folder.")
@click.option("--theme", type=click.Choice(["auto", "material", "mkdocs"]), default="auto", show_default=True,
              help="mkdocs theme; auto is material when mkdocs-material is installed.")
@quiet_option("progress")
@click.option("--lang", "languages", metavar="LANG[,LANG]", callback=_languages,
              help="Language of the pages: en or fr, or both as en,fr (the first at the site's root, the other "
                   "in its folder, fr/, every page linking to its twin); by default the environment's (LANGUAGE, "
                   "LANG), else English.")
def site(sources: tuple[str, ...], out: str, site_title: str | None, jobs: int, project: str | None, theme: str,
         quiet: bool, languages: tuple[str, ...]) -> None:
    """Publish records as a static website, built with mkdocs.

    Folders are searched for .tgn and .json files. The site has a home page, a page
    per game and per event (players, result, date, round) and a page per record:
    tags, a viewer to step through every line (buttons, arrow keys, or click a turn),
    the annotated move list with its diagrams, and the result. It reads from a web
    server or straight from the disk (file://). Records with problems are reported
    as by check and left out (exit status 1); inputs that cannot be read are reported
    as FILE: message and the others published (exit status 2). Progress goes to
    standard error. Output folders of earlier builds found among the sources are
    never read as sources.

    The mkdocs project is generated in a temporary folder; --project keeps it, to
    add pages and rebuild it with mkdocs (it uses the ludoscribe plugin).

    \b
    Examples:
      ludoscribe site corpus -o site/
      ludoscribe site club/2026 --title "Club championship 2026" --jobs 4 -o public/
      ludoscribe site games.tgn --project games-site/ -o games-site/site/
      ludoscribe site corpus --lang fr --title "Parties du club" -o site/
      ludoscribe site corpus --lang en,fr -o site/
    """
    progress = (lambda line: None) if quiet else note
    said = words(languages[0])  # the lines of the command, in the language of the site's root
    try:
        built = build_site(sources, out, site_title=site_title, jobs=jobs, project=project, theme=theme,
                           language=languages, progress=progress, rejected=partial(report, words=said),
                           failed=partial(input_error, words=said))
    except SiteError as error:
        raise IOFailure(str(error)) from None
    except OSError as error:
        raise IOFailure(said.gettext("cannot read or write {path}: {reason}").format(
            path=error.filename or "", reason=reason_of(error, said))) from None
    index = Path(out) / "index.html"
    say(terminal_text(said.gettext("Open {index} in a browser ({address}).").format(
        index=index, address=index.resolve().as_uri())), err=False)
    sys.exit(Status.UNREADABLE if built.unread else Status.PROBLEMS if built.rejected else Status.OK)
