"""TGN records: reading, writing, JSON, and replaying them under each game's rules.

The modules of this package are the format itself; the archive (`archive`), recording at
the table (`recording`), event folders and standings (`events`), generated games
(`generate`) and the games (`games`) are subpackages (docs/contributing.md#where-things-live).
Modules that moved into a subpackage are still found under their old name, with a
DeprecationWarning naming the new one (docs/library.md#moved-modules).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import warnings
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Sequence

from .model import Node, Problem, ProblemCode, Record
from .reader import parse_record, read_file, read_records, read_string
from .replay import Replayed, check
from .writer import write_record

__all__ = ["Node", "Problem", "ProblemCode", "Record", "Replayed", "check", "parse_record", "read_file",
           "read_records", "read_string", "write_record"]

MOVED = {  # old module -> where it lives now, both under this package
    **{name: f"archive.{name}" for name in ("balance", "chosen", "columnar", "conditions", "duplicates", "parallel",
                                            "parquet", "query", "query_workers", "sources", "stats")},
    **{name: f"recording.{name}" for name in ("entry", "lock", "scoresheet")},
    "event": "events.folder", "standings": "events.standings", "players": "generate.players",
}


class _Moved(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds a moved module under its old name: the module itself, imported from its new place."""

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in MOVED:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        new = f"{__name__}.{MOVED[spec.name.rpartition('.')[2]]}"
        warnings.warn(f"{spec.name} is now {new}", DeprecationWarning, stacklevel=2)
        module = importlib.import_module(new)
        self.specs[new] = module.__spec__  # the import system gives the module the old name's spec next
        return module

    def exec_module(self, module: ModuleType) -> None:
        """The module was run where it lives now: it keeps the spec of that place."""
        module.__spec__ = self.specs[module.__name__]

    specs: dict[str, ModuleSpec | None] = {}


sys.meta_path.append(_Moved())
