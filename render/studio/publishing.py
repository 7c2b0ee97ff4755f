"""Preview and publish from the studio (docs/annotating.md#preview-and-publish): the record page
exactly as `site` makes it, and the site of PATH built with `site`'s options."""

from __future__ import annotations

import itertools
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..live.languages import ENGLISH_WORDS
from ...notation.languages import Words


@dataclass(frozen=True)
class SiteOptions:
    """Where `publish` builds the site of PATH, and `site`'s options for it (and for previews)."""

    output: Path | None = None
    title: str = "Annotated games"
    theme: str = "auto"


class Previews:
    """Record pages built as `site` builds them, each in a folder of its own, kept while the studio runs."""

    def __init__(self, options: SiteOptions) -> None:
        self.options = options
        self.folder = tempfile.TemporaryDirectory(prefix="ludoscribe-studio-")
        self.numbers = itertools.count(1)

    def build(self, text: str) -> str:
        """Build the site of one record (its TGN text); the address of its record page under /preview/."""
        from ..site import build_site

        number = next(self.numbers)
        place = Path(self.folder.name) / str(number)
        source = place / "source" / "record.tgn"
        source.parent.mkdir(parents=True)
        source.write_text(text, encoding="utf-8")
        rejected: list[str] = []
        build_site([str(source)], place / "site", site_title=self.options.title, theme=self.options.theme,
                   rejected=lambda path, index, record: rejected.append(str(record.problems[0])))
        if rejected:
            raise ValueError(f"the record is not published: {rejected[0]}")
        page = next(iter(sorted((place / "site" / "records").glob("*.html"))), None)
        if page is None:
            raise ValueError("the record is not published: it has no page")
        return f"/preview/{number}/{page.relative_to(place / 'site').as_posix()}"

    def file(self, number: str, path: str) -> Path | None:
        """A file of a preview's site, None for anything else (outside it, a folder, a link)."""
        if not number.isdigit():
            return None
        root = (Path(self.folder.name) / number / "site").resolve()
        wanted = (root / path).resolve()
        if root not in wanted.parents or not wanted.is_file() or (root / path).is_symlink():
            return None
        return wanted

    def close(self) -> None:
        self.folder.cleanup()


def publish(source: Path, options: SiteOptions, said: Words = ENGLISH_WORDS) -> str:
    """Build the site of PATH where `--site` says; what was done, in words (in the language of `said`)."""
    from ..site import build_site

    if options.output is None:
        raise ValueError("publishing needs the site's folder: start the studio with --site FOLDER")
    rejected: list[str] = []
    report = build_site([str(source)], options.output, site_title=options.title, theme=options.theme,
                        rejected=lambda path, index, record: rejected.append(f"{path}: {record.problems[0]}"))
    if said is ENGLISH_WORDS:
        done = (f"Published {report.records} record(s) into {options.output}: open {options.output / 'index.html'}"
                f" or publish that folder")
        if rejected:
            done += f"; {len(rejected)} left out for their problems, the first: {rejected[0]}"
        return done + "."
    done = said.ngettext("Published {count} record into {folder}: open {index} or publish that folder",
                         "Published {count} records into {folder}: open {index} or publish that folder",
                         report.records).format(count=report.records, folder=options.output,
                                                index=options.output / "index.html")
    if rejected:
        done += said.ngettext("; {count} left out for its problems, the first: {problem}",
                              "; {count} left out for their problems, the first: {problem}",
                              len(rejected)).format(count=len(rejected), problem=rejected[0])
    return done + "."
