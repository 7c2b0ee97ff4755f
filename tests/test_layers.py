"""The layers of docs/contributing.md#layout, read from the import statements of the source:
the notation layer knows neither the render layer nor the command line, the render layer
does not know the command line, and no module imports itself back through others."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("notation", "render", "cli")  # each installed as ludoscribe.<folder>, lowest first


def modules() -> dict[str, Path]:
    """Every module of the three packages by its dotted name: ludoscribe.notation.games.base."""
    found = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = ["ludoscribe", *path.relative_to(ROOT).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = modules()


def imports(name: str, *, top_only: bool) -> list[tuple[int, str]]:
    """(line, module imported) for each import statement of a module, with `top_only` those run
    when it is imported (not inside a function, nor under `if TYPE_CHECKING:`)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[int, str]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            if isinstance(child, ast.Import) and (inner or not top_only):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and (inner or not top_only):
                base = child.module or ""
                if child.level:
                    anchor = package.split(".")[: len(package.split(".")) - child.level + 1]
                    base = ".".join([*anchor, *([base] if base else [])])
                for alias in child.names:  # `from . import query` imports a module too
                    found.append((child.lineno, f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return found


def layer(name: str) -> str:
    return name.split(".")[1]


def test_the_modules_are_found():
    assert {"ludoscribe.notation.walk", "ludoscribe.notation.games.plugins", "ludoscribe.render.boards",
            "ludoscribe.render.live.app", "ludoscribe.cli.main"} <= MODULES.keys()
    assert "ludoscribe.notation.games.plugins" in {target for _, target in imports("ludoscribe.render.boards",
                                                                                   top_only=True)}


@pytest.mark.parametrize("lower, upper", [("notation", "render"), ("notation", "cli"), ("render", "cli")])
def test_no_layer_knows_a_layer_above_it(lower, upper):
    wrong = []
    for name, path in MODULES.items():
        if layer(name) != lower:
            continue
        wrong += [f"{name}:{line} imports {target}" for line, target in imports(name, top_only=False)
                  if target.startswith(f"ludoscribe.{upper}")]
        # nor names one of its modules to be imported later ('ludoscribe.render.boards.teblo:board')
        wrong += [f"{name}:{node.lineno} names {node.value!r}" for node in ast.walk(ast.parse(path.read_text()))
                  if isinstance(node, ast.Constant) and isinstance(node.value, str)
                  and f"ludoscribe.{upper}." in node.value]
    assert wrong == []


def cycle(edges: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph (a list of nodes, the first repeated at the end), or []."""
    state: dict[str, int] = {}  # 1: on the path being followed, 2: done
    for root in sorted(edges):
        if root in state:
            continue
        path, ahead = [root], [iter(sorted(edges[root]))]
        state[root] = 1
        while ahead:
            following = next(ahead[-1], None)
            if following is None:
                state[path.pop()] = 2
                ahead.pop()
            elif state.get(following) == 1:
                return path[path.index(following):] + [following]
            elif following not in state:
                state[following] = 1
                path.append(following)
                ahead.append(iter(sorted(edges[following])))
    return []


def test_cycle_finds_a_cycle_and_only_one():
    assert cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def graph(top_only: bool, layers: tuple[str, ...] = LAYERS) -> dict[str, set[str]]:
    """Which module imports which, among the modules of `layers`."""
    within = {name for name in MODULES if layer(name) in layers}
    return {name: {target for _, target in imports(name, top_only=top_only) if target in within and target != name}
            for name in within}


def test_no_module_imports_itself_back_when_imported():
    edges = graph(top_only=True)
    assert sum(map(len, edges.values())) > 150  # the graph is really read
    assert cycle(edges) == []


def test_no_circle_of_imports_even_inside_functions_in_the_library():
    edges = graph(top_only=False, layers=("notation", "render"))
    archive = "ludoscribe.notation.archive"
    assert f"{archive}.query_workers" in edges[f"{archive}.chosen"]  # imported inside a function
    assert cycle(edges) == []
