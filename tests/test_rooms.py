"""The rooms of the library (docs/contributing.md#layout): old module names still found
(docs/library.md#moved-modules), and nothing imports a locking module it does not lock with."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from ludoscribe.notation import MOVED


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_moved_module_is_found_under_its_old_name_with_a_warning(old):
    import importlib

    new = importlib.import_module(f"ludoscribe.notation.{MOVED[old]}")
    sys.modules.pop(f"ludoscribe.notation.{old}", None)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        found = importlib.import_module(f"ludoscribe.notation.{old}")
    assert found is new and found.__spec__.name == new.__name__
    assert [str(warning.message) for warning in caught] == [f"ludoscribe.notation.{old} is now {new.__name__}"]
    assert all(warning.category is DeprecationWarning for warning in caught)


def test_the_library_imports_of_the_old_docs_still_run():
    """docs/library.md's imports as they were before the modules moved."""
    code = ("import warnings; warnings.simplefilter('ignore')\n"
            "from ludoscribe.notation.scoresheet import Scoresheet\n"
            "from ludoscribe.notation.standings import Scoring, by_event\n"
            "from ludoscribe.notation.sources import Sources\n"
            "from ludoscribe.notation.generate import random_records\n"
            "print(Scoresheet.__module__, Sources.__module__, by_event.__module__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["ludoscribe.notation.recording.scoresheet", "ludoscribe.notation.archive.sources",
                                   "ludoscribe.notation.events.standings"]


def test_an_unknown_name_is_still_an_import_error():
    with pytest.raises(ModuleNotFoundError):
        __import__("ludoscribe.notation.no_such_module")


BLOCKED = "import sys\nsys.modules['fcntl'] = None\n"  # as on Windows: importing fcntl fails


@pytest.mark.parametrize("module", ["ludoscribe.cli.convert", "ludoscribe.cli.check", "ludoscribe.cli.diagram",
                                    "ludoscribe.render.document", "ludoscribe.notation.recording.scoresheet",
                                    "ludoscribe.cli.filter", "ludoscribe.cli.standings"])
def test_nothing_needs_fcntl_to_be_imported_but_the_lock(module):
    done = subprocess.run([sys.executable, "-c", BLOCKED + f"import {module}\nprint('fcntl' in sys.modules and "
                           "sys.modules['fcntl'] is not None)"], capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, "False"), done.stderr


def test_convert_to_html_runs_without_fcntl(tmp_path):
    code = BLOCKED + "from ludoscribe.cli.main import main\nmain()"
    record = "corpus/teblo/kastanje-2024-r4-de-wit-mulder.tgn"
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", code, "convert", str(root / record), "--to", "html", "-o",
                           str(tmp_path / "game.html")], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "<svg" in (tmp_path / "game.html").read_text(encoding="utf-8")


WINDOWS = ("import sys, types\nsys.modules['fcntl'] = None\nimport ludoscribe.notation.files, subprocess\n"
           "sys.platform, system = 'win32', sys.platform\n"
           "sys.modules['msvcrt'] = types.SimpleNamespace(LK_NBLCK=2, locking=lambda fd, mode, count: None)\n"
           "import ludoscribe.notation.recording.lock\nsys.platform = system\n")  # the lock as Windows reads it


def test_every_module_imports_where_there_is_no_fcntl():
    """On Windows the lock is a locked byte (msvcrt), so every module of the package imports."""
    root = Path(__file__).resolve().parent.parent
    modules = sorted("ludoscribe." + ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
                     for folder in ("notation", "render", "cli") for path in (root / folder).rglob("*.py"))
    code = WINDOWS + "import importlib\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n" \
                     "from ludoscribe.notation.recording.lock import hold\nprint(hold.__doc__.split(';')[0])"
    done = subprocess.run([sys.executable, "-c", code, *modules], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "Lock an open file for this process"
    assert len(modules) > 100


def test_no_room_of_the_code_is_left_out_of_git():
    """A new module in any folder of the package is committed like the others: .gitignore's
    patterns for what commands write (the site built at the top, `site/`) do not reach a folder
    of the code such as render/site/."""
    root = Path(__file__).resolve().parent.parent
    folders = [path for top in ("notation", "render", "cli") for path in [root / top, *(root / top).rglob("*")]
               if path.is_dir() and path.name != "__pycache__"]
    assert root / "render" / "site" in folders
    new = [str((folder / "new_module.py").relative_to(root)) for folder in folders]
    found = subprocess.run(["git", "check-ignore", "--no-index", *new], cwd=root, capture_output=True, text=True)
    assert found.stdout.split() == []
