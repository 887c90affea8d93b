"""Python for the swkit site: a copy of Pyodide's distribution that the site serves itself.

The JupyterLite kernel (jupyterlite-pyodide-kernel) loads Pyodide, the Python interpreter built
for the browser, from a public CDN unless the site carries it. ``swkit site`` puts a copy inside
the site (:func:`pyodide_copy`), so that a school's web filter cannot stop the lessons:

- the npm package ``pyodide`` at :data:`PYODIDE_VERSION`, the version the kernel expects
  (``npm pack``): the interpreter, the standard library and ``pyodide-lock.json``; it holds no
  package wheels;
- the pure wheels the kernel loads from that lock as it starts (:data:`KERNEL_PACKAGES` and
  their dependencies in the lock), from the package index at the lock's versions
  (``pip download``);
- ``pyodide-lock.json`` rewritten for the files served: only those packages, with the sha256 of
  the files served (the index's files differ from the CDN's, and Pyodide checks the hash).

numpy, matplotlib and every other package of Pyodide's distribution are not in the copy (no
build of them for Pyodide can be had from a package registry). The copy is made once, with the
network, and cached (:func:`cache_folder`); the offline browser test serves the same folder.
Recipe: docs/DECISIONS.md, "The site carries Python".
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from swkit.errors import SwkitError

PYODIDE_VERSION = "314.0.6"
"""The Pyodide the kernel of ``swkit[site]`` (jupyterlite-pyodide-kernel 0.8.6) expects; the
build checks it against the installed kernel (:func:`kernel_pyodide_version`)."""

KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
"""What the Lite kernel loads from Pyodide's lock as it starts (micropip, then ipython and jedi
through piplite); comm comes from the site's own wheels (it is not in the lock)."""

PYODIDE_MB = 18
"""About how large the copy is, in megabytes (the npm package unpacked and the kernel's
wheels), said while it is fetched; a test checks it against a cached copy."""

COMPLETE = ".complete"
"""In a finished copy: the lock names of the packages it serves (JSON list)."""


class PyodideError(SwkitError):
    """The copy of Pyodide could not be made (no npm, no network, a failed download)."""


def kernel_pyodide_version() -> str:
    """The Pyodide version the installed jupyterlite-pyodide-kernel loads (its
    ``PYODIDE_VERSION``); :data:`PYODIDE_VERSION` when the kernel is not installed."""
    try:
        from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION as version
    except ImportError:
        return PYODIDE_VERSION
    return str(version)


def cache_folder() -> Path:
    """Where copies are cached: ``$SWKIT_CACHE_DIR``, else ``$XDG_CACHE_HOME/swkit``, else
    ``~/.cache/swkit``."""
    if os.environ.get("SWKIT_CACHE_DIR"):
        return Path(os.path.expanduser(os.environ["SWKIT_CACHE_DIR"]))
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(os.path.expanduser(base)) / "swkit"


def lock_closure(lock: dict[str, Any], names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """The entries of Pyodide's lock (``lock``, parsed) for ``names`` and everything they
    depend on, by lock name. Raises :class:`PyodideError` naming a package the lock lacks.

    >>> lock = {"info": {}, "packages": {"a": {"depends": ["B_c"]}, "b-c": {"depends": []},
    ...                                   "d": {"depends": []}}}
    >>> sorted(lock_closure(lock, ("a",)))
    ['a', 'b-c']
    """
    packages = lock["packages"]
    found: dict[str, dict[str, Any]] = {}
    todo = [n.lower().replace("_", "-") for n in names]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        if name not in packages:
            raise PyodideError(f"{name} is not in Pyodide's lock "
                               f"({lock.get('info', {}).get('version', '?')})")
        found[name] = packages[name]
        todo += [d.lower().replace("_", "-") for d in packages[name]["depends"]]
    return found


def served_lock(lock: dict[str, Any], folder: Path, names: tuple[str, ...] = KERNEL_PACKAGES
                ) -> dict[str, Any]:
    """``lock`` rewritten for what ``folder`` serves: the entries of :func:`lock_closure` only,
    each with the sha256 of its file in ``folder``. Raises :class:`PyodideError` when an entry is
    not a pure wheel or its file is missing."""
    wanted = lock_closure(lock, names)
    packages = {}
    for name, entry in sorted(wanted.items()):
        wheel = folder / entry["file_name"]
        if not entry["file_name"].endswith("-none-any.whl"):
            raise PyodideError(f"{entry['file_name']} is not a pure wheel: it cannot come from "
                               f"the package index")
        if not wheel.is_file():
            raise PyodideError(f"{entry['file_name']} is missing from {folder}")
        packages[name] = {**entry, "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest()}
    return {**lock, "packages": packages}


def _npm_pack(version: str, folder: Path, progress: Callable[[str], None] | None) -> None:
    """Unpack the npm package ``pyodide@version`` into ``folder`` (through ``npm pack``),
    saying so to ``progress`` first."""
    npm = shutil.which("npm")
    if npm is None:
        raise PyodideError(f"the site needs Pyodide {version} (Python for the browser) and it "
                           f"is not cached yet: install npm (e.g. apt-get install npm) and build "
                           f"once with the internet, or build with --pyodide-from-cdn")
    if progress is not None:
        progress(f"fetching Pyodide {version} with npm and pip (Python for the browser, "
                 f"about {PYODIDE_MB} MB; only this once, then kept in {folder.parent})...")
    with tempfile.TemporaryDirectory() as temp:
        packed = subprocess.run([npm, "pack", f"pyodide@{version}", "--silent",
                                 "--pack-destination", temp], capture_output=True, text=True)
        tarball = Path(temp) / f"pyodide-{version}.tgz"
        if packed.returncode != 0 or not tarball.is_file():
            last = (packed.stderr.strip().splitlines() or ["no message"])[-1]
            raise PyodideError(f"npm pack pyodide@{version} failed ({last}): the first build "
                               f"needs the internet (later ones use the cache), or build with "
                               f"--pyodide-from-cdn")
        with tarfile.open(tarball) as archive:
            for member in archive.getmembers():
                if member.isfile() and member.name.startswith("package/"):
                    member.name = member.name.removeprefix("package/")
                    archive.extract(member, folder, filter="data")


def _pip_download(lock: dict[str, Any], folder: Path) -> None:
    """Download the pure wheels of the kernel's packages at the lock's versions into ``folder``."""
    wanted = lock_closure(lock, KERNEL_PACKAGES)
    python = ".".join(lock["info"]["python"].split(".")[:2])  # the kernel's Python, e.g. 3.14
    pins = [f"{e['name']}=={e['version']}" for e in wanted.values()]
    got = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                          "--only-binary", ":all:", "--implementation", "py", "--abi", "none",
                          "--platform", "any", "--python-version", python,
                          "--dest", str(folder), *pins], capture_output=True, text=True)
    if got.returncode != 0:
        last = (got.stderr.strip().splitlines() or ["no message"])[-1]
        raise PyodideError(f"pip download of the kernel's wheels failed ({last}): the first "
                           f"build needs the internet (later ones use the cache), or build with "
                           f"--pyodide-from-cdn")


def pyodide_copy(cache: Path | None = None, version: str | None = None,
                 progress: Callable[[str], None] | None = None) -> Path:
    """The folder holding the site's copy of Pyodide ``version`` (default: the installed
    kernel's, :func:`kernel_pyodide_version`), made in ``cache`` (default
    :func:`cache_folder`) on first use and reused after (see the module docstring).
    ``progress``: called with one line (no newline) when the copy is fetched.

    Raises :class:`PyodideError`, in one line saying what to do, when it is not cached and npm,
    the network or a download fails. A half-made copy is never used.
    """
    version = version or kernel_pyodide_version()
    cache = cache_folder() if cache is None else Path(cache)
    folder = cache / f"pyodide-{version}"
    if (folder / COMPLETE).is_file():
        return folder
    if os.path.lexists(folder):  # swkit puts a copy there only once it is complete
        raise PyodideError(f"the Pyodide cache {folder} holds files swkit did not write (or a "
                           f"copy whose end was lost): move it away, or set SWKIT_CACHE_DIR to "
                           f"another folder; swkit never deletes what it did not write")
    try:
        cache.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".pyodide-{version}-", dir=cache))
    except OSError as exc:
        raise PyodideError(f"cannot write the Pyodide cache {cache} ({exc.strerror}): set "
                           f"SWKIT_CACHE_DIR to a folder you can write to") from None
    try:
        _npm_pack(version, work, progress)
        lock_path = work / "pyodide-lock.json"
        lock = json.loads(lock_path.read_text(encoding="utf-8"))
        _pip_download(lock, work)
        lock = served_lock(lock, work)
        lock_path.write_text(json.dumps(lock), encoding="utf-8")
        (work / COMPLETE).write_text(json.dumps(sorted(lock["packages"])) + "\n")
        if (folder / COMPLETE).is_file():  # another process made it meanwhile: it may be in use
            return folder
        try:
            work.rename(folder)
        except OSError:  # made at this moment by another process
            if not (folder / COMPLETE).is_file():
                raise
    finally:
        if work.exists():
            shutil.rmtree(work)
    return folder


COMPILE_SCRIPT = """\
import { pathToFileURL } from "node:url";
const [pyodide, folder, plan] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(pyodide + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: pyodide + "/" });
py.FS.mkdirTree("/work");
py.FS.mount(py.FS.filesystems.NODEFS, { root: folder }, "/work");
py.globals.set("plan", plan);
const done = py.runPython(`
import compileall, json, os, py_compile, re, shutil, warnings
warnings.simplefilter("ignore")
tests = re.compile(r"/tests?/")
ok = True
for name, keep_source in json.loads(plan).items():
    root = "/work/" + name
    ok &= bool(compileall.compile_dir(root, quiet=2, rx=tests, legacy=not keep_source,
        invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH))
    if not keep_source:
        for top, folders, files in os.walk(root):
            for test in [f for f in folders if f in ("tests", "test")]:
                shutil.rmtree(os.path.join(top, test))
                folders.remove(test)
            for file in files:
                if file.endswith(".py") and file + "c" in files:
                    os.remove(os.path.join(top, file))
ok
`);
process.exit(done ? 0 : 1);
"""
"""Node script: compile the modules of the wheels being packed with the site's own Python."""


def precompile(folder: Path, pyodide: Path, keep_source: dict[str, bool]) -> bool:
    """Compile the Python modules of the wheels staged in ``folder`` (sub-folder name -> whether
    to keep its source, ``keep_source``) to bytecode for the Python of the Pyodide copy
    ``pyodide`` (:func:`pyodide_copy`), run under Node, so that the browser's Python imports them
    without compiling the source (sympy several times faster). A wheel that keeps its source gets
    ``__pycache__/*.cpython-3XX.pyc`` files marked *unchecked* (installing a wheel in the browser
    does not keep the source's time stamps); the others get ``module.pyc`` in place of
    ``module.py``, as Pyodide's own distribution ships its packages, and no test folders (their
    own test suites, which no lesson runs). Returns False, compiling nothing, when Node is not
    installed; raises :class:`PyodideError` when the compile fails."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        return False
    with tempfile.TemporaryDirectory() as temp:
        script = Path(temp) / "compile.mjs"
        script.write_text(COMPILE_SCRIPT, encoding="utf-8")
        run = subprocess.run([node, str(script), str(pyodide.resolve()), str(folder.resolve()),
                              json.dumps(keep_source)], capture_output=True, text=True)
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        raise PyodideError(f"compiling the site's Python files with Pyodide under Node failed "
                           f"({last})")
    return True
