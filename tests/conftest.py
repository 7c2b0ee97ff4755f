"""Helpers shared by the tests: building records and Teblo positions as text."""

from __future__ import annotations

import functools
import inspect
import io
import linecache
import re
import subprocess
import sys
from pathlib import Path
from types import CodeType
from typing import Callable

import pytest
from hypothesis import HealthCheck, settings

from ludoscribe.notation import Record, check, read_records
from ludoscribe.notation.games import History, Outcome, Said
from ludoscribe.notation.games.teblo import Teblo

ROOT = Path(__file__).resolve().parent.parent

# No test depends on time (the suite runs on busy machines): Hypothesis neither fails an
# example that takes long nor stops for a slow strategy.
settings.register_profile("busy-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("busy-machine")
# The fast lane tries a quarter of each property's examples (docs/contributing.md#fast-and-full-runs):
# every property still runs there, and the whole suite, which CI runs, tries them all.
FAST_LANE_SHARE = 4
settings.register_profile("fast-lane", settings.get_profile("busy-machine"),
                          max_examples=settings.default.max_examples // FAST_LANE_SHARE)
_in_the_fast_lane = False


def pytest_configure(config: pytest.Config) -> None:
    global _in_the_fast_lane
    _in_the_fast_lane = " ".join(str(config.getoption("markexpr", "")).split()) == "not slow"
    if _in_the_fast_lane:
        settings.load_profile("fast-lane")
    # With -n and no --dist of the user's, a worker that runs out of tests takes some of another's
    # (xdist's worksteal), so that the long tests (the Swiss events in ten parts, the browser's) do not
    # leave a core idle at the end (docs/contributing.md#fast-and-full-runs).
    if getattr(config.option, "dist", "no") == "load" and not any(
            arg == "-d" or arg.startswith("--dist") for arg in config.invocation_params.args):
        config.option.dist = "worksteal"


def examples(count: int) -> int:
    """A property's number of Hypothesis examples: `count` in the whole suite, a quarter (at least
    five) in the fast lane. Read when the test module is imported, after `pytest_configure`."""
    return max(5, count // FAST_LANE_SHARE) if _in_the_fast_lane else count

pytest_plugins = ["browsers", "parquet_records"]  # the fixtures shared by the browser tests, by the Parquet tests

ROWS = "ABCDEFGHIJKL"


# The two lanes (docs/contributing.md#fast-and-full-runs): `pytest -m "not slow"` leaves out the
# tests that drive the browser, build a site or draw images, found by the rules below, and those
# marked `pytest.mark.slow` by hand for being long by nature (greedy players, limits, timings);
# `pytest.mark.fast` keeps a test of a one-record site in the fast lane, so that it covers render/site*.
BROWSER_FIXTURES = {"browser", "corpus_sites"}  # tests/browsers.py; a fixture built on them counts too
# A site built: by build_site or a helper named build_..._site, by the site command, by
# tests/hostile_records.py's build_everything, or the documentation's site by mkdocs or properdocs build.
SITE_BUILT = re.compile(r"""\bbuild_\w*site\(|\bsite\(|[(\[]\s*["']site["']\s*,\s*(?!["'][A-Z])|build_everything\("""
                        r"""|["']build["'],\s*["']--strict["']""")
IMAGES_MADE = re.compile(r"""--gif|--sheet|["'](png|pdf|gif)["']|\.(png|pdf|gif)\b|render\.images""")
# A command line of the docs' examples (a test's parameter) that builds a site, generates hundreds of games
# or searches hundreds of playouts a turn.
LONG_EXAMPLES = re.compile(r"\bludoscribe site |--count \d{3,}|\bmcts:\d{3,}")


def _last_line(code: CodeType) -> int:
    """The last line of a function's code, its nested functions' included (where its last statement ends)."""
    ends = [end for _, end, _, _ in code.co_positions() if end is not None]
    ends += [_last_line(inner) for inner in code.co_consts if isinstance(inner, CodeType)]
    return max(ends, default=code.co_firstlineno)


def _source(function: Callable[..., object]) -> str:
    """The source of a function, decorators included, as inspect.getsource gives it, from its code's
    lines (inspect.getsource tokenizes the source again for each function: most of the collection's time)."""
    function = getattr(getattr(function, "hypothesis", None), "inner_test", function)  # a Hypothesis test's own
    code = getattr(inspect.unwrap(function), "__code__", None)
    if code is None or not code.co_filename.endswith(".py"):
        return inspect.getsource(function)
    lines = linecache.getlines(code.co_filename)
    return "".join(lines[code.co_firstlineno - 1:_last_line(code)])


@functools.cache
def _slow_source(function: Callable[..., object]) -> bool:
    """Whether a test's or fixture's own source builds a site or draws images (read once per function,
    however many tests it makes or serves)."""
    try:
        text = _source(function)
    except (OSError, TypeError):
        return False
    return bool(SITE_BUILT.search(text) or IMAGES_MADE.search(text))


def is_slow(item: pytest.Item) -> bool:
    """Whether a test drives the browser, builds a site, draws images or generates hundreds of games,
    by itself or through its fixtures."""
    names = set(getattr(item, "fixturenames", ()))
    if names & BROWSER_FIXTURES:
        return True
    definitions = getattr(item, "_fixtureinfo", None)
    functions = [getattr(item, "function", None)]
    if definitions is not None:
        functions += [definition.func for name in names for definition in definitions.name2fixturedefs.get(name, ())]
    if any(_slow_source(function) for function in functions if function is not None):
        return True
    callspec = getattr(item, "callspec", None)
    parameters = " ".join(map(str, callspec.params.values())) + " " + callspec.id if callspec else ""
    return bool(IMAGES_MADE.search(parameters) or LONG_EXAMPLES.search(parameters))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("fast") is None and is_slow(item):
            item.add_marker(pytest.mark.slow)


def header(result: str = "*", **tags: str) -> str:
    """A tag section for a Teblo record: Game and Result plus the given tags, then a blank line."""
    lines = ['[Game "Teblo"]', f'[Result "{result}"]']
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    return "\n".join(lines) + "\n\n"


def read_all(text: str) -> list[Record]:
    return list(read_records(io.BytesIO(text.encode("utf-8")), "test.tgn"))


def read_one(text: str) -> Record:
    records = read_all(text)
    assert len(records) == 1, [r.problems for r in records]
    return records[0]


def problems_of(record: Record) -> list[tuple]:
    """Problems as plain tuples (message, line, column, turn)."""
    return [tuple(problem) for problem in record.problems]


def what_happened(record: Record) -> list[tuple]:
    """Problems as what happened, not its words: (code, detail, line, column, turn), the detail
    giving a refusal's or an ending's code and parameters (docs/format.md#refusal-and-ending-codes)."""
    return [(problem.code, problem.detail, problem.line, problem.column, problem.turn) for problem in record.problems]


def refused(refusal: Said) -> dict[str, object]:
    """A problem's detail for a turn the rules refuse, or a set-up position (a SetUpRefusal)."""
    return {"refusal": refusal.as_json()}


def ended(outcome: Outcome) -> dict[str, object]:
    """A problem's detail for the end the rules reached (a turn after it, a result contradicting it)."""
    return {"ending": outcome.as_json()}


def checked(text: str) -> tuple[Record, object]:
    """Read one record and replay it; the record's problems then hold both kinds."""
    record = read_one(text)
    return record, check(record)


def position_code(pieces: dict[str, str] | None = None, yellow: str = "D3", red: str = "I10",
                  side: str = "Y", number: int = 1) -> str:
    """A Teblo position code written square by square (independently of the engine's writer).

    `pieces` maps square names to 'y' or 'r'.
    """
    pieces = pieces or {}
    rows = []
    for row in reversed(ROWS):
        text, empty = "", 0
        for column in range(1, 13):
            owner = pieces.get(f"{row}{column}", "")
            if owner:
                text += (str(empty) if empty else "") + owner
                empty = 0
            else:
                empty += 1
        rows.append(text + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {yellow} {red} {side} {number}"


def position(pieces: dict[str, str] | None = None, **kwargs):
    """A Teblo position read from a code built by `position_code`."""
    return Teblo().read_position(position_code(pieces, **kwargs))


def squares(*names: str, owner: str) -> dict[str, str]:
    return {name: owner for name in names}


def row_squares(row: str, columns=range(1, 13)) -> list[str]:
    return [f"{row}{column}" for column in columns]


# 25 pieces for each side on rows that no pawn needs to cross to reach a base.
YELLOW_HAND = row_squares("A") + row_squares("B") + ["C1"]
RED_HAND = row_squares("L") + row_squares("K") + ["J1"]


def play(game, position, turns):
    """Apply turns (checking each is legal) and return the final position and outcome."""
    history = History(position)
    outcome = None
    for turn in turns:
        assert game.why_illegal(position, turn) is None, game.turn_text(turn)
        position = game.apply(position, turn)
        history.push(turn, position)
        outcome = game.outcome(position, history)
    return position, outcome


@pytest.fixture
def teblo() -> Teblo:
    return Teblo()


@pytest.fixture(scope="session")
def documentation(tmp_path_factory) -> dict[str, Path]:
    """This project's documentation built strictly by each engine, once for the session: engine -> folder."""
    built = {}
    for engine in ("mkdocs", "properdocs"):
        built[engine] = tmp_path_factory.mktemp(f"documentation-{engine}")
        done = subprocess.run([sys.executable, "-m", engine, "build", "--strict", "-q", "-f", str(ROOT / "mkdocs.yml"),
                               "-d", str(built[engine])], cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, (engine, done.stderr)
    return built
