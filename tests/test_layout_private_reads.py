"""No swkit module reads another module's private attributes: beside ``test_layout.py``'s rule
(no private name imported from another swkit module), a module does not reach into an object
for a private member (``game._moves()``, ``board._masks``) that some other module defines, nor
into a library's (``parser._actions``), unless :data:`ALLOWED` names the case and why.

Read from the source (``ast``). A module *owns* a private name (``_x``, not a dunder) when it
defines it: a ``def`` or ``class``, a name or an attribute it assigns (``self._x = ...``,
``new._x = ...``), or an entry of its ``__slots__``. A read of ``obj._x`` where ``obj`` is not
``self``, ``cls``, ``type(self)`` or ``super()`` and the module does not own ``_x``, a
``getattr``/``setattr``/``hasattr``/``delattr`` of ``obj`` with a written private name it does
not own, or a ``from library import _x``, is another module's private member. The check's
limit: when a module owns ``_x`` itself, it cannot tell whose object ``obj`` is, and counts the
read as its own.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import swkit

PACKAGE = Path(swkit.__file__).resolve().parent
FILES = {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts): p
         for p in sorted(PACKAGE.rglob("*.py"))}
ATTR_FUNCTIONS = ("getattr", "setattr", "hasattr", "delattr")

ALLOWED: dict[tuple[str, str], str] = {
    # A library's private API with no public door.
    ("swkit.cli.command", "argparse._SubParsersAction"):
        "argparse has no public type for a parser's subcommands action",
    ("swkit.cli.command", "parser._actions"):
        "argparse has no public list of a parser's arguments",
    ("swkit.cli.command", "self._command_parser()._option_string_actions"):
        "argparse has no public map from an option string to its argument",
    ("swkit.tournament", "pool._processes"):
        "ProcessPoolExecutor has no public door to its worker processes before Python 3.14's "
        "terminate_workers(), which is used where it exists",
}
"""``(module, "obj._name")``: the private reads that remain, each with why."""


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def owned(tree: ast.AST) -> set[str]:
    """The private names a module's source defines (see the module's docstring)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
            names.add(node.attr)
        elif isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            names.update(c.value for c in ast.walk(node.value)
                         if isinstance(c, ast.Constant) and isinstance(c.value, str))
    return {n for n in names if _private(n)}


def _is_own_object(node: ast.expr) -> bool:
    """``self``, ``cls``, ``type(self)`` or ``super()``: the class's own members."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and (
        node.func.id == "super" or (node.func.id == "type" and len(node.args) == 1
                                    and isinstance(node.args[0], ast.Name)
                                    and node.args[0].id == "self"))


def private_reads(source: str) -> list[tuple[int, str]]:
    """Each read of another module's private member in ``source``: (line, ``"obj._name"``)."""
    tree = ast.parse(source)
    own = owned(tree)
    found: set[tuple[int, str]] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) \
                and _private(node.attr) and node.attr not in own \
                and not _is_own_object(node.value):
            found.add((node.lineno, f"{ast.unparse(node.value)}.{node.attr}"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ATTR_FUNCTIONS and len(node.args) >= 2 \
                and isinstance(node.args[1], ast.Constant) \
                and isinstance(node.args[1].value, str) and _private(node.args[1].value) \
                and node.args[1].value not in own and not _is_own_object(node.args[0]):
            found.add((node.lineno, f"{ast.unparse(node.args[0])}.{node.args[1].value}"))
        elif isinstance(node, ast.ImportFrom) and node.level == 0 \
                and (node.module or "").split(".")[0] != "swkit":
            found.update((node.lineno, f"{node.module}.{a.name}") for a in node.names
                         if _private(a.name))
    return sorted(found)


READS = {m: private_reads(p.read_text(encoding="utf-8")) for m, p in FILES.items()}


@pytest.mark.parametrize("module", sorted(FILES))
def test_no_private_member_of_another_module_is_read(module: str) -> None:
    bad = [f"line {line}: {what}" for line, what in READS[module]
           if (module, what) not in ALLOWED]
    assert not bad, (f"{module} reads private members that another module (or a library) "
                     f"defines; give that module a public, documented name and use it:\n  "
                     + "\n  ".join(bad))


def test_every_allowed_case_is_still_there() -> None:
    """An entry of ALLOWED whose read is gone is taken out of the list."""
    found = {(m, what) for m, reads in READS.items() for _line, what in reads}
    gone = sorted(set(ALLOWED) - found)
    assert not gone, f"ALLOWED names reads that are gone (remove them): {gone}"


# The check itself, on made-up sources, so that it cannot pass by reading nothing.

def test_the_reader_finds_reads_of_members_it_does_not_own() -> None:
    source = (
        "import argparse\nfrom multiprocessing import _private_thing\n"
        "class A:\n"
        "    __slots__ = ('_slot',)\n"
        "    def _mine(self):\n"
        "        return self._slot, self._theirs, cls._x, type(self)._y, super()._z\n"
        "    def copy(self):\n"
        "        new = A(); new._made = 1\n"
        "        return new._made, new._mine(), new._slot\n"
        "def f(game, board, pool):\n"
        "    game._moves(); board._masks[0]; getattr(pool, '_processes', None)\n"
        "    hasattr(self, '_theirs'); argparse._SubParsersAction; game.__class__\n")
    assert private_reads(source) == [
        (2, "multiprocessing._private_thing"), (11, "board._masks"), (11, "game._moves"),
        (11, "pool._processes"), (12, "argparse._SubParsersAction")]


def test_the_whole_package_is_read() -> None:
    assert len(FILES) > 80 and "swkit.dice.bots" in FILES and "swkit.cli.command" in FILES
    assert any(READS.values())    # the library cases of ALLOWED at least
