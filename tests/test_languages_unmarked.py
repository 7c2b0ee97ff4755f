"""No English sentence is added to what the command line says without a marker
(docs/contributing.md#translations): a scan of cli/ and notation/ for the calls that print or
refuse (`click.echo`, `note`, `say`, `print`, a click error, `self.fail`, a progress line, any
exception a user is shown) whose first argument is English written bare, a str or an f-string
holding words, rather than a text the catalogue knows (`gettext`, `ngettext`, `pgettext`, `N_`)
or a code with its parameters (`say(Code.NAME, ...)`, a Worded template).

What is still English on purpose is counted file by file in STILL_ENGLISH (docs/languages.md says
which it is: the event file's problems, `serve`'s and the studio's start-up lines ...): a file that
says one more bare sentence than counted there fails, and so does one that says fewer, so that the
count is lowered as the sentences are translated."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("cli", "notation")
# the calls whose first argument a user reads
SINKS = {"echo", "secho", "print", "note", "say", "fail", "show", "finish", "ClickException", "UsageError",
         "BadParameter", "BadUsage", "MissingExtra", "IOFailure", "Abort"}
# exceptions a user never reads as such: a programmer's mistake in the code or a plugin's
PROGRAMMERS = {"TypeError", "AssertionError", "NotImplementedError", "KeyError", "IndexError", "AttributeError"}
# The allow-list: what is not words although it has letters. Each is taken out of a literal before
# its letters are looked at.
NOT_WORDS = (
    re.compile(r"https?://"),  # an address's scheme (`serve` prints the address to open)
    re.compile(r"\x1b\[[0-9;]*[A-Za-z]"),  # a terminal's control sequence (the progress line)
    re.compile(r"(?<![A-Za-z])(?:utf-8|UTF-8)(?![A-Za-z])"),  # an encoding's name given to a function
)
WORD = re.compile(r"[A-Za-z]{2,}")


def is_english(node: ast.expr) -> bool:
    """Whether an expression is English written bare: a str or an f-string whose literal parts hold a
    word, or such a text formatted, joined, or chosen between."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return has_words(node.value)
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(part, ast.Constant) and has_words(str(part.value)) for part in node.values)
    if isinstance(node, ast.BinOp):  # "a" + b, "a %s" % b
        return is_english(node.left) or is_english(node.right)
    if isinstance(node, ast.IfExp):
        return is_english(node.body) or is_english(node.orelse)
    if isinstance(node, (ast.List, ast.Tuple)):  # problems given as a list
        return any(is_english(item) for item in node.elts)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("format", "join", "strip") and isinstance(node.func.value, (ast.Constant, ast.JoinedStr))):
        return is_english(node.func.value) or any(is_english(arg) for arg in node.args)
    return False


def has_words(text: str) -> bool:
    for pattern in NOT_WORDS:
        text = pattern.sub(" ", text)
    return WORD.search(text) is not None


def callee(node: ast.Call) -> str:
    function = node.func
    return function.id if isinstance(function, ast.Name) else function.attr if isinstance(function, ast.Attribute) else ""


def unmarked(source: str) -> list[tuple[int, str]]:
    """(line, call) of every call of a source that prints or refuses English written bare (a problem
    added to a list of problems, `problems.add(...)`, included), and every English reason given back
    bare by a function named `..._problem`."""
    found = []
    tree = ast.parse(source)
    for function in ast.walk(tree):  # a function saying why something is wrong gives its reason back
        if isinstance(function, ast.FunctionDef) and function.name.endswith(("problem", "problems")):
            found += [(node.lineno, "return") for node in ast.walk(function)
                      if isinstance(node, ast.Return) and node.value is not None and is_english(node.value)]
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = callee(node)
        shown = name in SINKS or (name.endswith(("Error", "Problem", "Refused", "Exception")) and name not in PROGRAMMERS)
        shown = shown or (name == "add" and "problem" in ast.unparse(node.func).lower())  # problems.add("...")
        if shown and is_english(node.args[0]):
            found.append((node.lineno, name))
    return found


def scan() -> Counter[str]:
    counted: Counter[str] = Counter()
    for folder in SCANNED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for _ in unmarked(path.read_text(encoding="utf-8")):
                counted[path.relative_to(ROOT).as_posix()] += 1
    return counted


# English for now, file by file (docs/languages.md#the-command-line says what and why): lower a
# count as its sentences are marked; never raise one.
STILL_ENGLISH = {
    # what is English for now: the top-level lines of an error not foreseen and the lazy loading of commands
    "cli/lazy.py": 1, "cli/main.py": 2,
    # the event folder: its organiser's changes, pairings and rounds
    "notation/events/rounds.py": 2,
    # said to a program, not a user: a language not spoken, a record with no game, a cell-less board
    "notation/languages/__init__.py": 1, "notation/model.py": 2, "notation/editing/set_up.py": 1,
}


def test_no_english_is_added_without_a_marker():
    counted = scan()
    more = {path: count for path, count in counted.items() if count > STILL_ENGLISH.get(path, 0)}
    assert more == {}, "English written bare (mark it, or make it a code): " + ", ".join(
        f"{path} ({count} > {STILL_ENGLISH.get(path, 0)})" for path, count in more.items())


def test_the_count_of_what_is_still_english_is_exact():
    """A count lowered when sentences are translated, so that none can come back unseen."""
    counted = scan()
    assert {path: counted.get(path, 0) for path in STILL_ENGLISH} == STILL_ENGLISH


def test_the_scan_finds_each_way_of_writing_english_bare_and_leaves_marked_text_alone():
    bare = '''
click.echo("Wrote the file.")
note(f"{path}: cannot read it")
raise click.UsageError("give a file" if one else f"give {n} files")
raise ValueError("{name} is not a game".format(name=name))
raise EventError("round " + str(number) + " is paired already")
self.fail(f"{value!r} is not a colour", param, ctx)
progress.finish(f"wrote {count} records")
print("done")
raise EventFileError([f"no such key {name}"])
problems.add(f"{where}: not a table", key)
def date_problem(value):
    return None if value else "the date is missing"
'''
    assert sorted(name for _, name in unmarked(bare)) == sorted(
        ["echo", "note", "UsageError", "ValueError", "EventError", "fail", "finish", "print", "EventFileError", "add",
         "return"])
    marked = '''
click.echo(said.gettext("Wrote the file."))
note(said.ngettext("{count} game", "{count} games", count).format(count=count))
raise click.UsageError(N_("give a file"))
raise ValueError(say(FormatProblem.NOT_A_TURN, written=word))
note(f"{path}:{line}:{column}: {problem}")
click.echo(f"http://{host}:{port}/")
sys.stderr.write("\\r\\x1b[K")
raise TypeError(f"{cls.__name__} writes its rules twice")
'''
    assert unmarked(marked) == []
