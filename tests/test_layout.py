"""The package's shape. The odds engine stands alone: ``swkit/odds/`` imports nothing from the
command line, which lives in ``swkit/cli/``. And over the whole package: no import circle, no
private name taken from another module, and no module over 900 lines, so that a reader can follow
any module's imports to the bottom in one direction, each module keeps its private names to itself,
and every module can be read whole.

The imports are read from the source (``ast``), at every depth: at the top of a module, inside a
function, and under ``if TYPE_CHECKING:``. An import inside a ``_repr_*_`` method (as
python-chess's ``_repr_svg_``, which draws a picture only when a notebook asks for one) is the
one exception to the circle rule. ``importlib.import_module("swkit....")`` with a written name
counts as an import; a module name built at run time cannot be read and is not counted.

A private name is one with a leading underscore that is not a dunder (``_x``, not ``__all__``).
Taking one from another swkit module, by ``from M import _x`` or as ``M._x`` after importing M,
is refused; a public name from a package's private module (``from swkit.widgets._base import
Widget``) and a private module itself (``from swkit.odds import _mc_dice_tables``) are allowed.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

import swkit

PACKAGE = Path(swkit.__file__).resolve().parent
MAX_LINES = 900


def module_name(path: Path) -> str:
    """``swkit/odds/dice.py`` -> ``swkit.odds.dice``; a package's ``__init__.py`` -> the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FILES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@dataclass(frozen=True)
class Import:
    """One swkit module a module imports: where (line), and which names it takes from it."""

    target: str
    line: int
    names: tuple[str, ...] = ()
    in_repr: bool = False


def _is_package(module: str) -> bool:
    return FILES[module].name == "__init__.py"


def _absolute(module: str, level: int, name: str | None) -> str:
    """The absolute module named by a (possibly relative) ``from`` import in ``module``."""
    if level == 0:
        return name or ""
    base = module.split(".")
    base = base if _is_package(module) else base[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def _owner(name: str) -> str | None:
    """The swkit module that ``name`` (a dotted path) is, or the nearest one holding it."""
    while name:
        if name in FILES:
            return name
        name = name.rpartition(".")[0]
    return None


class _Reader(ast.NodeVisitor):
    """Collects a module's swkit imports, marking those inside a ``_repr_*_`` method, and
    the local names bound to swkit modules."""

    def __init__(self, module: str) -> None:
        self.module = module
        self.imports: list[Import] = []
        self.aliases: dict[str, str] = {}     # local name -> the swkit module or name it is
        self._repr_depth = 0

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        is_repr = node.name.startswith("_repr_") and node.name.endswith("_")
        self._repr_depth += is_repr
        self.generic_visit(node)
        self._repr_depth -= is_repr

    visit_AsyncFunctionDef = visit_FunctionDef

    def _add(self, target: str, line: int, names: tuple[str, ...] = ()) -> None:
        owner = _owner(target)
        if owner is not None and owner != self.module:
            self.imports.append(Import(owner, line, names, self._repr_depth > 0))

    def visit_Import(self, node: ast.Import) -> None:
        for alias in node.names:
            if alias.name.split(".")[0] == "swkit":
                self._add(alias.name, node.lineno)
                local = alias.asname or alias.name
                if alias.asname and alias.name in FILES:
                    self.aliases[local] = alias.name
                elif not alias.asname:
                    self.aliases["swkit"] = "swkit"

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        source = _absolute(self.module, node.level, node.module)
        if source.split(".")[0] != "swkit":
            return
        taken: list[str] = []
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            if sub in FILES:                      # ``from swkit.odds import dice``: a module
                self._add(sub, node.lineno)
                self.aliases[alias.asname or alias.name] = sub
            else:
                taken.append(alias.name)
                self.aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
        if taken:
            self._add(source, node.lineno, tuple(taken))

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        named = (isinstance(func, ast.Attribute) and func.attr == "import_module") or \
                (isinstance(func, ast.Name) and func.id == "import_module")
        if named and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and node.args[0].value.startswith("swkit"):
            self._add(node.args[0].value, node.lineno)
        self.generic_visit(node)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def read(module: str) -> _Reader:
    """The parsed imports of ``module``."""
    reader = _Reader(module)
    reader.visit(ast.parse(FILES[module].read_text(encoding="utf-8")))
    return reader


READ = {m: read(m) for m in FILES}


def private_names_taken(module: str) -> list[str]:
    """Each private name ``module`` takes from another swkit module, by import or as an
    attribute of a module or name it imported (``game._x``, ``CardGame._x``), one line each."""
    reader = READ[module]
    found = [f"line {i.line}: from {i.target} import {n}"
             for i in reader.imports for n in i.names if _private(n)]
    tree = ast.parse(FILES[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr) \
                and isinstance(node.value, ast.Name) and node.value.id in reader.aliases \
                and f"{reader.aliases[node.value.id]}.{node.attr}" not in FILES \
                and _owner(reader.aliases[node.value.id]) != module:
            found.append(f"line {node.lineno}: {reader.aliases[node.value.id]}.{node.attr}"
                         f" (as {node.value.id}.{node.attr})")
    return sorted(set(found), key=lambda s: (int(s.split(":")[0].split()[1]), s))


def import_circles() -> list[list[str]]:
    """Every import circle among swkit's modules (imports in ``_repr_*_`` methods left out):
    one shortest circle through each module that lies on one, as a list of modules."""
    graph = {m: sorted({i.target for i in r.imports if not i.in_repr}) for m, r in READ.items()}
    circles: dict[frozenset[str], list[str]] = {}
    for start in sorted(graph):
        # breadth-first from start's imports back to start: the shortest circle through it
        came_from: dict[str, str] = {}
        frontier = [start]
        while frontier and start not in came_from:
            nxt = []
            for m in frontier:
                for d in graph[m]:
                    if d not in came_from:
                        came_from[d] = m
                        nxt.append(d)
            frontier = nxt
        if start in came_from:
            path = [start]
            while came_from[path[-1]] != start:
                path.append(came_from[path[-1]])
            circle = [start, *reversed(path[1:]), start]
            circles.setdefault(frozenset(circle), circle)
    return list(circles.values())


def _edge_lines(a: str, b: str) -> str:
    lines = sorted({i.line for i in READ[a].imports if i.target == b and not i.in_repr})
    return f"{a} (line {', '.join(map(str, lines))}) imports {b}"


def test_no_import_circle_anywhere() -> None:
    circles = import_circles()
    words = ["import circle: " + " -> ".join(c) + "\n    "
             + "\n    ".join(_edge_lines(a, b) for a, b in zip(c, c[1:], strict=False))
             for c in circles]
    assert not circles, f"{len(circles)} import circle(s):\n" + "\n".join(words)


@pytest.mark.parametrize("module", sorted(FILES))
def test_no_private_name_taken_from_another_module(module: str) -> None:
    taken = private_names_taken(module)
    assert not taken, f"{module} takes private names from other modules:\n  " + \
        "\n  ".join(taken)


@pytest.mark.parametrize("module", sorted(FILES))
def test_no_module_over_900_lines(module: str) -> None:
    lines = len(FILES[module].read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{module} ({FILES[module].relative_to(PACKAGE.parent)}) " \
        f"has {lines} lines; at most {MAX_LINES}"


# The checks themselves, on small made-up sources, so that a layout test cannot pass by
# reading nothing.

def _reader_of(source: str, module: str = "swkit.odds.dice") -> _Reader:
    reader = _Reader(module)
    reader.visit(ast.parse(source))
    return reader


def test_the_reader_sees_imports_at_every_depth_and_marks_repr_methods() -> None:
    r = _reader_of("from swkit.cards.game import CardGame\n"
                   "def f():\n    import swkit.odds.markov\n"
                   "class A:\n    def _repr_svg_(self):\n        from swkit import pictures\n"
                   "if 1:\n    from . import solo\n"
                   "importlib.import_module('swkit.plots')\n")
    got = {(i.target, i.in_repr) for i in r.imports}
    assert got == {("swkit.cards.game", False), ("swkit.odds.markov", False),
                   ("swkit.pictures", True), ("swkit.odds.solo", False), ("swkit.plots", False)}


def test_the_reader_finds_private_names_in_both_spellings() -> None:
    r = _reader_of("from swkit.cards.game import _resolve_editions, CardGame\n"
                   "from swkit.cards import game\nx = game._from_snapshot\n")
    names = [n for i in r.imports for n in i.names if _private(n)]
    assert names == ["_resolve_editions"] and r.aliases["game"] == "swkit.cards.game"
    assert r.aliases["CardGame"] == "swkit.cards.game.CardGame"


def test_the_whole_package_is_read() -> None:
    assert len(FILES) > 80 and "swkit.cards.game" in FILES and "swkit" in FILES
    assert any(READ["swkit.cli.command"].imports)


def test_the_odds_engine_imports_nothing_from_the_command_line() -> None:
    bad = {m: sorted(i.target for i in r.imports if i.target.split(".")[:2] == ["swkit", "cli"])
           for m, r in READ.items() if m.startswith("swkit.odds")}
    assert not {m: d for m, d in bad.items() if d}


def test_the_command_line_lives_in_its_own_package() -> None:
    assert not list((PACKAGE / "odds").glob("*cli*.py"))
    assert (PACKAGE / "cli" / "__init__.py").exists()


def test_tests_name_what_they_check_not_where_a_fault_was_found():
    """A test's docstring, comment or section header says what it checks; how the fault was
    found (an issue's number, a fuzz round, a newcomer's trial) is history, in git log."""
    pattern = re.compile(r"\b[Ii]ssue \d|\(issue|[Ff]uzz round|[Nn]ewcomer trial|[Ff]resh fuzz")
    found = []
    tests = Path(__file__).resolve().parent
    for path in sorted(tests.rglob("*.py")):
        if path.name in ("test_layout.py", "test_fuzz_round.py") or "fuzz" in path.parts:
            continue   # the fuzz round's own harness names itself
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and "(issue 8; ...)" not in line:
                found.append(f"{path.relative_to(tests)}:{number}: {line.strip()}")
    assert found == []
