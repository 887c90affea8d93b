"""A local copy of Pyodide's distribution, for testing the swkit site without internet.

The built site's kernel loads Pyodide from :data:`CDN` (``cdn.jsdelivr.net``). CI has the
package registries but no other internet, so the browser test routes that address to a folder
made by :func:`pyodide_copy`:

- the npm package ``pyodide`` at the version the kernel expects (``npm pack``): the interpreter,
  the standard library and ``pyodide-lock.json``; it holds no package wheels;
- the pure wheels the kernel loads from that lock when it starts (:data:`KERNEL_PACKAGES` and
  their dependencies in the lock), from the package index at the lock's versions
  (``pip download``);
- ``pyodide-lock.json`` with the sha256 of those files (the index's files differ from the ones
  on Pyodide's CDN, and Pyodide checks the hash).

Everything else the lock lists (numpy, matplotlib, ...) is absent: a request for it fails the
test. The copy is cached in ``build/pyodide-cache/`` (made once, a few seconds; needs ``npm``:
``.ci/run`` installs it). Recipe: ../shared/notes/jupyterlite-pyodide.md.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "pyodide-cache"
CDN = f"https://cdn.jsdelivr.net/pyodide/v{PYODIDE_VERSION}/full/"
"""The address the built kernel loads Pyodide from (jupyterlite-pyodide-kernel's default)."""

KERNEL_PACKAGES = ("micropip", "ipython", "jedi")
"""What the Lite kernel loads from Pyodide's lock as it starts (micropip, then ipython and jedi
through piplite); comm comes from the site's own wheels (it is not in the lock)."""

COMPLETE = ".complete"


class CopyError(RuntimeError):
    """The local copy could not be made (no npm, a download failed)."""


def lock_closure(lock: dict, names: tuple[str, ...]) -> dict[str, dict]:
    """The lock's entries for ``names`` and everything they depend on, by lock name."""
    packages = lock["packages"]
    found: dict[str, dict] = {}
    todo = [n.lower().replace("_", "-") for n in names]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        if name not in packages:
            raise CopyError(f"{name} is not in Pyodide {PYODIDE_VERSION}'s lock")
        found[name] = packages[name]
        todo += [d.lower().replace("_", "-") for d in packages[name]["depends"]]
    return found


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def pyodide_copy(cache: Path = CACHE) -> Path:
    """The folder to serve as :data:`CDN` (made on first use, then reused; see the module
    docstring). Raises :class:`CopyError` when npm is missing or a download fails."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if (folder / COMPLETE).is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise CopyError("npm is needed to fetch the pyodide package for the offline browser "
                        "test: apt-get install -y npm (.ci/run does)")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as temp:
        packed = subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent",
                                 "--pack-destination", temp], capture_output=True, text=True)
        if packed.returncode != 0:
            raise CopyError(f"npm pack pyodide@{PYODIDE_VERSION} failed: {packed.stderr[-800:]}")
        with tarfile.open(Path(temp) / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
            for member in archive.getmembers():
                if member.isfile() and member.name.startswith("package/"):
                    member.name = member.name.removeprefix("package/")
                    archive.extract(member, folder, filter="data")
    lock_path = folder / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text(encoding="utf-8"))
    wanted = lock_closure(lock, KERNEL_PACKAGES)
    bad = [e["file_name"] for e in wanted.values() if not e["file_name"].endswith("-none-any.whl")]
    if bad:
        raise CopyError(f"not pure wheels, cannot come from the package index: {bad}")
    python = ".".join(lock["info"]["python"].split(".")[:2])  # the kernel's Python, e.g. 3.14
    pins = [f"{e['name']}=={e['version']}" for e in wanted.values()]
    got = subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                          "--only-binary", ":all:", "--implementation", "py", "--abi", "none",
                          "--platform", "any", "--python-version", python,
                          "--dest", str(folder), *pins],
                         capture_output=True, text=True)
    if got.returncode != 0:
        raise CopyError(f"pip download of the kernel's wheels failed: {got.stderr[-800:]}")
    for entry in wanted.values():
        wheel = folder / entry["file_name"]
        if not wheel.is_file():
            raise CopyError(f"pip download did not give {entry['file_name']}")
        entry["sha256"] = _sha256(wheel)
    lock_path.write_text(json.dumps(lock), encoding="utf-8")
    (folder / COMPLETE).write_text(json.dumps(sorted(wanted)) + "\n")
    return folder
