"""The package's shape: the engine stands alone and its imports form no circle.

``swkit/odds/`` is the odds engine only; the command line lives in ``swkit/cli/`` and imports the
engine, never the other way round. The imports between the engine's modules form no cycle, so a
reader can follow any module's dependencies to the bottom in one direction.
"""

from __future__ import annotations

import ast
from pathlib import Path

import swkit

PACKAGE = Path(swkit.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p) for p in PACKAGE.rglob("*.py")}


def _imports(path: Path) -> set[str]:
    """Every swkit module the file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("swkit")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("swkit"):
            found.add(node.module)
            # ``from swkit.odds import dice`` imports the submodule swkit.odds.dice
            found |= {f"{node.module}.{a.name}" for a in node.names} & MODULES
    return found


def _graph(folder: str) -> dict[str, set[str]]:
    return {_module_name(p): _imports(p) for p in sorted((PACKAGE / folder).rglob("*.py"))}


def test_the_odds_engine_imports_nothing_from_the_command_line():
    bad = {m: sorted(i for i in deps if i == "swkit.cli" or i.startswith("swkit.cli."))
           for m, deps in _graph("odds").items()}
    assert not {m: d for m, d in bad.items() if d}


def test_the_command_line_lives_in_its_own_package():
    assert not list((PACKAGE / "odds").glob("*cli*.py"))
    assert (PACKAGE / "cli" / "__init__.py").exists()


def test_no_import_cycle_inside_the_odds_engine():
    graph = {m: {d for d in deps if d in _graph("odds")} - {m}
             for m, deps in _graph("odds").items()}
    # the package's own __init__ imports lazily (importlib), so it has no edges here
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        if module in path:
            cycle = " -> ".join(path[path.index(module):] + (module,))
            raise AssertionError(f"import cycle: {cycle}")
        if module in done:
            return
        for dep in sorted(graph[module]):
            visit(dep, path + (module,))
        done.add(module)

    for module in sorted(graph):
        visit(module, ())
