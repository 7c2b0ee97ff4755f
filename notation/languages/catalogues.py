"""The French catalogues, from the sources to what the package reads: extract the English texts,
bring each language's .po up to date, compile the .mo files gettext reads
(docs/contributing.md#translations). Run `python -m ludoscribe.notation.languages.catalogues`
after changing any text a user reads; Babel (a dependency of mkdocs-material) does the work.

The texts are kept in one catalogue per room, so that work on one room never touches another's
file: `rules` (the games' codes and words), `messages` (problems, the command line), `pages`
(records' pages, diagrams, the site, the viewer) and `live` (the live server, the relay, the studio).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from datetime import datetime, timezone
from io import BytesIO
from pathlib import Path
from typing import Any

from . import DOMAINS, LANGUAGES
from .worded import extract_worded



def _checkout() -> Path:
    """The checkout whose sources and catalogues this tool reads and writes: the one this module
    is in (an editable install), else the current folder (an installed package, run from its
    checkout as CI runs the tests: the package ships the compiled catalogues, not the .po files)."""
    here = Path(__file__).resolve().parent.parent.parent
    return here if (here / "pyproject.toml").is_file() else Path.cwd()


ROOT = _checkout()  # notation/, render/, cli/
SOURCE_LOCALES = ROOT / "notation" / "languages" / "locale"  # the .po files, and what is compiled from them
KEYWORDS: dict[str, Any] = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
                            "npgettext": ((1, "c"), 2, 3), "N_": None, "t": None, "tn": (1, 2)}
HEADER = "# French words of Ludoscribe, one room's catalogue (notation/languages/catalogues.py).\n" \
    "# Written for the project in its own words; edit the msgstr lines, then run the module again."
PEOPLE = {"copyright_holder": "the Ludoscribe authors", "msgid_bugs_address": "the project's issues",
          "last_translator": "the Ludoscribe authors", "language_team": "the Ludoscribe authors"}
PYTHON, JAVASCRIPT = "python", "javascript"  # Babel's own extraction methods, by name
WORDED = extract_worded  # the templates of Worded codes, by the method itself
# each room's sources: (folder, file pattern, extraction method); a folder claimed by a later room is left out
SOURCES: dict[str, list[tuple[str, str, Any]]] = {
    "rules": [("notation/games", "**.py", WORDED), ("notation/games", "**.py", PYTHON)],
    "messages": [("notation", "**.py", WORDED), ("notation", "**.py", PYTHON), ("cli", "**.py", PYTHON)],
    "pages": [("render", "**.py", WORDED), ("render", "**.py", PYTHON), ("render", "**.js", JAVASCRIPT)],
    "live": [("render/live", "**.py", WORDED), ("render/live", "**.py", PYTHON), ("render/live", "**.js", JAVASCRIPT),
             ("render/studio", "**.py", PYTHON), ("render/studio", "**.js", JAVASCRIPT)],
}
ELSEWHERE = {"messages": ("notation/games",), "pages": ("render/live", "render/studio")}


def _files(domain: str) -> Iterable[tuple[Path, Any]]:
    for folder, pattern, method in SOURCES[domain]:
        for path in sorted((ROOT / folder).glob(pattern.replace("**", "**/*"))):
            relative = path.relative_to(ROOT).as_posix()
            if any(relative.startswith(other + "/") for other in ELSEWHERE.get(domain, ())):
                continue
            if "__pycache__" in path.parts:
                continue
            yield path, method


def template(domain: str) -> Any:
    """The room's catalogue of English texts as the sources hold them now (a Babel Catalog)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract

    catalogue = Catalog(domain=domain, project="Ludoscribe", version="0.1", charset="utf-8", fuzzy=False,
                        header_comment=HEADER, **PEOPLE,
                        creation_date=datetime(2026, 1, 1, tzinfo=timezone.utc))
    for path, method in _files(domain):
        with path.open("rb") as source:
            for line, message, comments, context in extract(method, source, keywords=KEYWORDS,
                                                            comment_tags=("Translators:",)):
                catalogue.add(message, None, [(path.relative_to(ROOT).as_posix(), line)],
                              auto_comments=comments, context=context)
    return catalogue


def placeholders(text: str) -> set[str]:
    """The names of a text's placeholders, "{side}" and "{turns:join}" alike (str.format's own reading)."""
    import string

    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def po_path(language: str, domain: str) -> Path:
    return SOURCE_LOCALES / language / "LC_MESSAGES" / f"{domain}.po"


def read(language: str, domain: str) -> Any:
    """A language's catalogue of the room as its .po file holds it (empty when there is none)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(language, domain)
    if not path.is_file():
        return Catalog(locale=language, domain=domain, project="Ludoscribe", version="0.1", fuzzy=False,
                       header_comment=HEADER, **PEOPLE)
    with path.open("rb") as source:
        return read_po(source, locale=language, domain=domain)


def compiled(catalogue: Any) -> bytes:
    """The .mo bytes gettext reads of a catalogue."""
    from babel.messages.mofile import write_mo

    out = BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    return out.getvalue()


def refresh() -> None:
    """Bring every language's .po of every room up to date with the sources, and compile it."""
    from babel.messages.pofile import write_po

    for domain in DOMAINS:
        english = template(domain)
        for language in LANGUAGES[1:]:
            catalogue = read(language, domain)
            catalogue.update(english, no_fuzzy_matching=True)
            catalogue.revision_date = catalogue.creation_date = english.creation_date
            path = po_path(language, domain)
            path.parent.mkdir(parents=True, exist_ok=True)
            out = BytesIO()
            write_po(out, catalogue, width=100, sort_output=False, include_previous=False, include_lineno=False,
                     ignore_obsolete=True)
            path.write_bytes(out.getvalue())
            path.with_suffix(".mo").write_bytes(compiled(read(language, domain)))
            script_path(language, domain).write_text(scripts_json(read(language, domain)), encoding="utf-8")


def script_path(language: str, domain: str) -> Path:
    return SOURCE_LOCALES / language / "LC_MESSAGES" / f"{domain}.scripts.json"


def scripts_json(catalogue: Any) -> str:
    """The translations of the texts found in page scripts (.js), as JSON the pages carry
    (`languages.script_words`): {"English": "French"}, and for a plural {"one\u0000many": [forms]}."""
    import json

    chosen: dict[str, object] = {}
    for message in catalogue:
        if not message.id or message.fuzzy or not any(place.endswith(".js") for place, _ in message.locations):
            continue
        if isinstance(message.id, tuple):
            if all(message.string):
                chosen["\u0000".join(message.id)] = list(message.string)
        elif message.string:
            chosen[message.id] = message.string
    return json.dumps(chosen, ensure_ascii=False, sort_keys=True, indent=0) + "\n"


if __name__ == "__main__":
    refresh()
    sys.exit(0)
