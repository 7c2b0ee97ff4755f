"""What a Parquet folder's replayed columns were worked out with: a digest of the code that reads and
replays records (docs/archive.md#answers-from-the-columns).

An export stores what the replay of each record found (how it ended, its digests). Those columns answer
`stats` only while the code that found them is the code running: the digest of every Python file of
`ludoscribe.notation` (the format, the rules of the five games, the replay) and, for a game added as a
plugin, of every Python file of the package its rules come from. Any change to that code, a release or an
edit, gives another digest, and the folder is then replayed as the text files are.
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys

from ..games import game_class


def rules_stamp(game: str) -> str:
    """The digest of the code that reads and replays the records of `game` (a Game tag's value);
    ValueError if no game goes by that name."""
    module = game_class(game).__module__
    notation = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if module.startswith(f"{__package__.rsplit('.', 1)[0]}."):  # a game of the format
        return _digest_of(notation)
    own = _package_root(module)
    return hashlib.sha256(f"{_digest_of(notation)}\0{_digest_of(own) if own else module}".encode()).hexdigest()


def _package_root(module: str) -> str | None:
    """The folder of the top-level package a module belongs to; None for a module without a file."""
    top = sys.modules.get(module.split(".")[0])
    path = getattr(top, "__file__", None)
    if not isinstance(path, str):
        return None
    return os.path.dirname(os.path.abspath(path)) if os.path.basename(path) == "__init__.py" else os.path.abspath(path)


@functools.cache
def _digest_of(root: str) -> str:
    """The SHA-256 of the Python files under `root` (or of the one file `root` is), names and contents."""
    digest = hashlib.sha256()
    if os.path.isfile(root):
        with open(root, "rb") as source:
            digest.update(source.read())
        return digest.hexdigest()
    for folder, folders, files in os.walk(root):
        folders.sort()
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                digest.update(os.path.relpath(path, root).encode("utf-8") + b"\0")
                with open(path, "rb") as source:
                    digest.update(source.read() + b"\0")
    return digest.hexdigest()
