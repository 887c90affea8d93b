"""``swkit site``: build the lessons as a static JupyterLite site (no install for students).

    swkit site [--out DIR] [--solutions] [--pyodide-from-cdn] [--force]

The site is plain files: JupyterLab and a Python kernel (Pyodide) that run in the browser. A
teacher publishes the folder on any static host and students open a link (the teacher's
guide, lessons/README.md, "No install: the lessons in the browser").

What goes in (:func:`site_contents`): every lesson and ``RULES.md`` (a student's site, the
default, safe to publish), and with ``--solutions`` (the teacher's copy) the worked answers and
the teacher's guide ``README.md`` too, under a folder named for swkit's
version and the lessons' content (:func:`swkit.lite.lessons_folder`, e.g. ``v0.1.0-3f2a9c81d0/``:
a changed lesson gets a new address, which no copy in a student's browser shadows),
``version.json`` at the top (:func:`swkit.lite.version_record`), and the class's landing page as
the site's ``index.html`` (:mod:`swkit.cli.landing`). The site carries the pure wheels the
lessons need (:func:`bundle_wheels`: swkit's own and :data:`swkit.lite.BUNDLED`), packed from
this Python's installed copies; the kernel's fallback to the package index is off and source maps
are left out. The site carries Python itself too: a copy of Pyodide (the npm package and the
kernel's own pure wheels, :mod:`swkit.cli.pyodide`, fetched once and cached) in
:data:`PYODIDE_FOLDER`, and the kernel's ``pyodideUrl`` setting points there, so a student's
browser fetches nothing from elsewhere. ``--pyodide-from-cdn`` leaves it out: the kernel then
loads Pyodide from :data:`PYODIDE_CDN`. numpy and matplotlib are not on the site (no build of
them for Pyodide comes from a package registry); the kit has pure-Python paths without them.

Safety: swkit never deletes a file it did not write. ``--out`` is never a symlink, the home
folder, a folder holding it, the temporary folder or a folder holding the current one
(:func:`swkit.cli.options.folder_option`); it may be new, empty, an earlier swkit site (it
holds :data:`MARKER`) or, with ``--force``, a folder holding other files, which are kept. The
site is built beside it first, so a failed build loses nothing, then put in place by
:func:`swkit.cli.site_place.place_site`: only the earlier site's own unchanged files are
replaced or deleted.

A rebuild over an earlier swkit site keeps that site's other lessons folders
(:func:`earlier_lessons`): a student's copy lives in the browser under its old folder's path,
and JupyterLite opens it only while that folder is still on the site; its first cell then says
when a newer version of the lesson is on the site (:func:`swkit.lite.update_message`).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.resources
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from swkit import __version__
from swkit.cli.landing import WORK_SCRIPT, landing_page, lesson_entries, solution_entries
from swkit.cli.lessons_copy import (
    GUIDE_NAME,
    RULES_NAME,
    LessonsError,
    lesson_files,
    lessons_source,
    rules_source,
)
from swkit.cli.options import folder_option, shell_option
from swkit.cli.pyodide import COMPLETE, precompile, pyodide_copy
from swkit.cli.site_place import MARKER, Placement, place_site, write_marker
from swkit.errors import SwkitError
from swkit.files import expand_home
from swkit.lite import BUNDLED, VERSION_FILE, version_record

DEFAULT_OUT = "swkit-site"
"""The folder ``swkit site`` builds into, relative to where it is run."""


BUILD_TOOLS = {"jupyterlite_core": "jupyterlite-core==0.8.6",
               "jupyterlite_pyodide_kernel": "jupyterlite-pyodide-kernel==0.8.6",
               "jupyter_server": "jupyter_server", "jupyterlab_server": "jupyterlab_server",
               "wheel": "wheel"}
"""Module to import -> the requirement that provides it (``pip install "swkit[site]"``)."""

PYODIDE_CDN = "https://cdn.jsdelivr.net/pyodide/"
"""Where the kernel loads Pyodide at run time when the site does not carry it
(``--pyodide-from-cdn``)."""

PYODIDE_FOLDER = "static/pyodide"
"""Where the site carries Pyodide (jupyterlite-pyodide-kernel's own place for a local copy: it
copies the build's ``static/pyodide`` there and points its ``pyodideUrl`` setting at it)."""

PYODIDE_LEFT_OUT = ("*.map", "*.d.ts", "console*.html", "README.md", "package.json")
"""Files of the npm package the site does not serve: source maps, type declarations, Pyodide's
own demo console, the package's readme and manifest."""

KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


class SiteError(SwkitError):
    """The site cannot be built: a missing build tool, a refused ``--out``, a failed build."""


@dataclass
class SiteReport:
    """What :func:`build_site` made: the folder, its size in bytes, the seconds it took and
    the files of its lessons folder (POSIX paths relative to it)."""

    folder: Path
    size: int
    seconds: float
    contents: list[str]
    lessons: str = ""
    """The lessons folder's name (:func:`swkit.lite.lessons_folder`)."""
    precompiled: bool | None = None
    """Whether the wheels' modules were compiled for the site's Python (None: not tried, the
    site does not carry Python; False: Node is missing)."""
    placement: Placement | None = None
    """What was kept in ``--out`` or moved aside (:func:`swkit.cli.site_place.place_site`)."""

    def lines(self) -> list[str]:
        """The report in words: the folder, its size and how to try it."""
        slow = ["Note: Node.js is not installed, so the site's Python files are not compiled "
                "ahead: each lesson's first start takes about 10 s longer (install nodejs and "
                "build again)."] if self.precompiled is False else []
        teacher = any(name.startswith("solutions/") for name in self.contents)
        kind = ("  The teacher's copy: it holds the worked answers and the teacher's guide; "
                "never publish it to students." if teacher else
                "  A student's site: the lessons without the worked answers (--solutions "
                "builds the teacher's copy).")
        return [f"Site built in {self.seconds:.0f} s: {self.folder}",
                f"  {len(self.contents)} files in {self.lessons}/, "
                f"{self.size / 1e6:.1f} MB in all", kind,
                "Try it on this computer:",
                f"  python -m http.server --bind 127.0.0.1 {shell_option('-d', self.folder)}",
                "  then open http://127.0.0.1:8000/ (the class's page: every lesson, one link "
                "each)",
                "Publish it: copy the folder to any static web host (lessons/README.md, "
                "'No install: the lessons in the browser').", *slow, *self._placed()]

    def _placed(self) -> list[str]:
        """Lines on what was kept in the folder or moved aside (none when nothing was)."""
        placed, lines = self.placement, []
        if placed is not None and placed.kept:
            shown = ", ".join(placed.kept[:3]) + (
                f" and {len(placed.kept) - 3} more" if len(placed.kept) > 3 else "")
            lines.append(f"Kept as they were in {self.folder}: {len(placed.kept)} file"
                         f"{'s' * (len(placed.kept) != 1)} that are not the site's ({shown}).")
        if placed is not None and placed.moved_to is not None:
            lines.append(f"The earlier site (built before swkit listed its files) was moved to "
                         f"{placed.moved_to}: delete it when you no longer need it.")
        return lines


def missing_tools() -> list[str]:
    """The requirements of :data:`BUILD_TOOLS` whose module is not installed."""
    return [req for module, req in BUILD_TOOLS.items() if importlib.util.find_spec(module) is None]


def rules_file() -> Path:
    """``RULES.md``, the file ``swkit lessons`` copies too
    (:func:`swkit.cli.lessons_copy.rules_source`). Raises :class:`SiteError` when this
    installation lacks it."""
    try:
        return rules_source()
    except LessonsError as exc:
        raise SiteError(str(exc)) from None


def site_contents(*, solutions: bool = False, source: Path | None = None) -> dict[str, Path]:
    """The site's lessons folder: relative POSIX path -> the file it is copied from. Every
    lesson, RULES.md, and, with ``solutions=True`` (the teacher's copy), ``solutions/`` and the
    teacher's guide README.md (it quotes answers: :func:`swkit.cli.lessons_copy.lesson_files`)."""
    source = lessons_source() if source is None else source
    files = {name: source / name for name in lesson_files(source, solutions=solutions)}
    files[RULES_NAME] = rules_file()
    return dict(sorted(files.items()))


def _pure(dist: importlib.metadata.Distribution) -> bool:
    wheel = dist.read_text("WHEEL") or ""
    return "Root-Is-Purelib: true" in wheel and "Tag: py3-none-any" in wheel


def _wheel_text(name: str) -> str:
    return (f"Wheel-Version: 1.0\nGenerator: swkit site {__version__} (from the installed "
            f"{name})\nRoot-Is-Purelib: true\nTag: py3-none-any\n")


def _installed_files(dist: importlib.metadata.Distribution) -> list[tuple[Path, str]]:
    """(file on disk, path in the wheel) for an installed distribution's own files: no
    scripts or data outside site-packages, no bytecode, no installer records."""
    skip = {"RECORD", "INSTALLER", "REQUESTED", "direct_url.json"}
    out = []
    for item in dist.files or []:
        parts = item.parts
        if parts[0] == ".." or "__pycache__" in parts or item.suffix == ".pyc":
            continue
        if parts[0].endswith(".dist-info") and parts[-1] in skip:
            continue
        out.append((Path(str(dist.locate_file(item))), item.as_posix()))
    return out


def _swkit_files() -> list[tuple[Path, str]]:
    """swkit's package files from the imported package (an editable install lists none):
    the lessons left out (they are on the site)."""
    package = Path(__file__).resolve().parents[1]
    out = []
    for path in sorted(package.rglob("*")):
        relative = path.relative_to(package.parent)
        if (path.is_file() and "__pycache__" not in relative.parts and path.suffix != ".pyc"
                and relative.parts[1:2] not in (("lessons",), ("docs",))):
            out.append((path, relative.as_posix()))
    return out


def stage_wheel(name: str, work: Path) -> Path:
    """The files of the installed distribution ``name`` (pure Python), laid out as its wheel in
    a folder under ``work`` (returned, named ``NAME-VERSION``), with its METADATA and WHEEL.
    swkit's own package files are taken from the imported package (this checkout in an
    editable install). Raises :class:`SiteError` when ``name`` is not installed or is not pure
    Python."""
    try:
        dist = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        raise SiteError(f"{name} is not installed, and the site needs its wheel: "
                        f"pip install \"swkit[site]\"") from None
    version = dist.version
    stem = f"{dist.metadata['Name'].replace('-', '_')}-{version}"
    files = _swkit_files() if name == "swkit" else _installed_files(dist)
    if name != "swkit" and not _pure(dist):
        raise SiteError(f"{name} {version} is not a pure-Python wheel: the site cannot carry "
                        f"it (Pyodide's distribution must provide it)")
    root = work / stem
    info = root / f"{stem}.dist-info"
    info.mkdir(parents=True)
    for path, arcname in files:
        if arcname.split("/")[0].endswith(".dist-info"):
            continue
        target = root / arcname
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    metadata = dist.read_text("METADATA") or dist.read_text("PKG-INFO")  # PKG-INFO: egg-info
    if not metadata:
        raise SiteError(f"the installed {name} {version} has no metadata: reinstall it")
    (info / "METADATA").write_text(metadata, encoding="utf-8")
    (info / "WHEEL").write_text(_wheel_text(name), encoding="utf-8")
    return root


def pack_staged(root: Path, dest: Path) -> Path:
    """Pack a folder made by :func:`stage_wheel` as a wheel in ``dest`` with ``wheel pack``,
    offline; return its path. Raises :class:`SiteError` when packing fails."""
    dest.mkdir(parents=True, exist_ok=True)
    run = subprocess.run([sys.executable, "-m", "wheel", "pack", str(root), "-d", str(dest)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        raise SiteError(f"could not pack the wheel {root.name}: {run.stderr.strip()[-500:]}")
    wheel = dest / f"{root.name}-py3-none-any.whl"
    if not wheel.is_file():
        raise SiteError(f"could not pack the wheel {root.name}: {wheel.name} was not written")
    return wheel


def pack_wheel(name: str, dest: Path, work: Path) -> Path:
    """Pack the installed distribution ``name`` (pure Python) as a wheel in ``dest``, offline
    (:func:`stage_wheel`, :func:`pack_staged`); return its path. Raises :class:`SiteError` as
    they do."""
    return pack_staged(stage_wheel(name, work), dest)


def bundle_wheels(dest: Path, work: Path, pyodide: Path | None = None,
                  progress: Callable[[str], None] | None = None) -> bool:
    """The site's wheels in ``dest``: swkit's own and each of :data:`swkit.lite.BUNDLED`. With
    ``pyodide`` (the site's cached copy of it), their modules are compiled to bytecode for the
    site's Python first (:func:`swkit.cli.pyodide.precompile`; swkit keeps its source beside,
    the others ship the bytecode alone), and the others' compiled wheels are cached beside that
    copy (``compiled-wheels/``) for the next build. Returns whether they were compiled.
    ``progress``: called with one line (no newline) saying what is done."""
    names = ("swkit", *BUNDLED)
    cache = None if pyodide is None else pyodide.parent / f"compiled-wheels-{pyodide.name}"
    cached = {}
    for name in names[1:]:
        wheel = None if cache is None else cache / _wheel_name(name)
        if wheel is not None and wheel.is_file():
            cached[name] = wheel
    roots = [stage_wheel(name, work) for name in names if name not in cached]
    keep = {root.name: root.name.startswith("swkit-") for root in roots}  # swkit shows its lines
    if progress is not None:
        compiling = ", compiling them for the browser's Python" if pyodide and roots else ""
        progress(f"packing the Python packages the lessons need ({', '.join(names)})"
                 f"{compiling}...")
    compiled = pyodide is not None and precompile(work, pyodide, keep)
    dest.mkdir(parents=True, exist_ok=True)
    for root in roots:
        wheel = pack_staged(root, dest)
        if compiled and cache is not None and not keep[root.name]:
            cache.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(wheel, cache / f".{wheel.name}")
            (cache / f".{wheel.name}").replace(cache / wheel.name)
    for wheel in cached.values():
        shutil.copyfile(wheel, dest / wheel.name)
    return compiled


def _wheel_name(name: str) -> str:
    """The file name of the wheel :func:`stage_wheel` packs for the installed ``name``."""
    dist = importlib.metadata.distribution(name)
    return f"{dist.metadata['Name'].replace('-', '_')}-{dist.version}-py3-none-any.whl"


def check_out(out: Path, *, force: bool) -> Path:
    """``--out`` made absolute, or :class:`SiteError` when it must not be written: a symlink
    (never written through), not a folder, or a folder holding other files than an earlier
    swkit site (unless ``force``: the site then goes beside them, and they are kept)."""
    try:
        out = Path(expand_home(out, "--out")).absolute()
    except SwkitError as exc:
        raise SiteError(str(exc)) from None
    if out.is_symlink():
        raise SiteError(f"--out {out} is a symbolic link: swkit never writes through one; give "
                        f"the real folder ({os.path.realpath(out)}) or another name")
    if out.exists() and not out.is_dir():
        raise SiteError(f"--out {out} is a file, not a folder: give a folder for the site (it "
                        f"is created if missing)")
    if out.is_dir() and any(out.iterdir()) and not (out / MARKER).is_file() and not force:
        raise SiteError(f"--out {out} already holds files that are not a swkit site: give an "
                        f"empty or new folder, or add --force to put the site beside them "
                        f"(swkit never deletes a file it did not write)")
    return out


def earlier_lessons(out: Path, current: str) -> dict[str, Path]:
    """The files of an earlier swkit site in ``out`` to carry into its rebuild: every lessons
    folder (``files/v<version>-<digest>/...``, :func:`swkit.lite.lessons_folder`; or
    ``files/v<version>/...`` of earlier builds) but ``current``,
    relative POSIX path -> file. Empty when ``out`` is not an earlier swkit site (no
    :data:`MARKER`). Symbolic links are neither followed nor carried."""
    files = out / "files"
    if not (out / MARKER).is_file() or not files.is_dir() or files.is_symlink():
        return {}
    carried: dict[str, Path] = {}
    for folder in sorted(files.iterdir()):
        if (folder.is_symlink() or not folder.is_dir() or folder.name == current
                or not re.fullmatch(r"v\d[\w.+-]*", folder.name)):
            continue
        for top, _, names in os.walk(folder):  # never into a linked folder
            for path in (Path(top) / name for name in names):
                if path.is_file() and not path.is_symlink():
                    carried[path.relative_to(files).as_posix()] = path
    return dict(sorted(carried.items()))


def folder_size(folder: Path) -> int:
    """Bytes of the files under ``folder`` (symlinks not followed)."""
    return sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def lite_config() -> dict:
    """The site's ``jupyter-lite.json`` settings: no package-index fallback for the kernel,
    Voila's preview button off (Voila needs a server), and ``window.jupyterapp`` for a browser
    test to read the app's state."""
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {
                "appName": "swkit lessons",
                "exposeAppInBrowser": True,
                "disabledExtensions": ["@voila-dashboards/jupyterlab-preview"],
                "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}}}}


WORK_PAGES = ("notebooks", "lab")
"""JupyterLite's pages that load the site's work script (:func:`add_work_script`): the single
notebook a lesson link opens, and JupyterLab."""


def work_script() -> str:
    """The site's script for a student's work (``swkit/cli/site_work.js``: hand in, download
    all, restore, earlier copies; docs/DECISIONS.md, "A student's work in the site")."""
    return (importlib.resources.files("swkit.cli") / "site_work.js").read_text(encoding="utf-8")


def add_work_script(site: Path) -> None:
    """Put the work script at the top of the built ``site`` (:data:`swkit.cli.landing.WORK_SCRIPT`,
    which the class page loads) and load it in each of :data:`WORK_PAGES`' ``index.html``. Raises
    :class:`SiteError` when a page is missing or has no ``</head>`` (another JupyterLite)."""
    (site / WORK_SCRIPT).write_text(work_script(), encoding="utf-8")
    for name in WORK_PAGES:
        page = site / name / "index.html"
        text = page.read_text(encoding="utf-8") if page.is_file() else ""
        if "</head>" not in text:
            raise SiteError(f"jupyter lite build made no {name}/index.html with a </head>: the "
                            f"lessons' hand-in button cannot be added (is jupyterlite-core 0.8.6 "
                            f"installed?)")
        tag = f'<script src="../{WORK_SCRIPT}" defer></script>\n'
        page.write_text(text.replace("</head>", tag + "</head>", 1), encoding="utf-8")


def pyodide_url(site: Path) -> str | None:
    """The kernel's ``pyodideUrl`` setting in the built ``site``'s ``jupyter-lite.json`` (None:
    not set, the kernel then loads Pyodide from :data:`PYODIDE_CDN`)."""
    config = json.loads((site / "jupyter-lite.json").read_text(encoding="utf-8"))
    plugins = config.get("jupyter-config-data", {}).get("litePluginSettings", {})
    return plugins.get(KERNEL_PLUGIN, {}).get("pyodideUrl")


def build_site(out: str | os.PathLike[str] = DEFAULT_OUT, *, solutions: bool = False,
               force: bool = False, log: Path | None = None, pyodide_from_cdn: bool = False,
               pyodide_cache: Path | None = None, source: Path | None = None,
               progress: Callable[[str], None] | None = None) -> SiteReport:
    """Build the site into ``out`` (see the module docstring) and return a :class:`SiteReport`.

    ``solutions``: the teacher's copy, with the worked answers and the teacher's guide (default:
    a student's site, without them). ``pyodide_from_cdn``: leave Pyodide out (the kernel then
    loads it from :data:`PYODIDE_CDN`); by default the site carries it, from the cached copy in
    ``pyodide_cache``
    (:func:`swkit.cli.pyodide.pyodide_copy`, made on the first build).
    Raises :class:`SiteError` for a missing build tool (naming what to install), a refused
    ``out`` (:func:`check_out`) or a failed ``jupyter lite build`` (the end of its log), and
    :class:`swkit.cli.pyodide.PyodideError` when Pyodide is neither cached nor can be fetched.
    ``log``: where to keep the build tool's output (default: dropped unless it fails).
    ``source``: the lessons folder to publish (default: the kit's own,
    :func:`swkit.cli.lessons_copy.lessons_source`). ``progress``: called with one line (no
    newline) at each long step (fetching Pyodide, packing the wheels, building).
    """
    missing = missing_tools()
    if missing:
        raise SiteError(f"the site build needs {', '.join(missing)} (not installed): "
                        f"pip install \"swkit[site]\"")
    out = check_out(Path(out), force=force)
    source = lessons_source() if source is None else source
    contents = site_contents(solutions=solutions, source=source)
    record = version_record({name: path.read_bytes() for name, path in contents.items()})
    current = record["lessons"]
    landing = landing_page(current, lesson_entries(source / GUIDE_NAME, contents),
                           solution_entries(contents), version=__version__)
    pyodide = None if pyodide_from_cdn else pyodide_copy(pyodide_cache, progress=progress)
    start = time.perf_counter()
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SiteError(f"--out {out}: cannot create its parent folder ({exc.strerror})") from None
    try:
        holder = tempfile.TemporaryDirectory(prefix=".swkit-site-", dir=out.parent)
    except OSError as exc:   # named after --out, not the temporary folder's own name
        raise SiteError(f"--out {out}: cannot write the site there ({exc.strerror}): give a "
                        "folder you can write to") from None
    with holder as temp:
        work = Path(temp)
        wheels = work / "wheels"
        compiled = bundle_wheels(wheels, work / "pack", pyodide, progress)
        folder = work / "contents" / current
        for name, path in contents.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, folder / name)
        for name, path in (earlier_lessons(out, current) if out.is_dir() else {}).items():
            (work / "contents" / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, work / "contents" / name)
        (work / "contents" / VERSION_FILE).write_text(json.dumps(record, indent=1) + "\n")
        lite = work / "lite"
        lite.mkdir()
        if pyodide is not None:
            shutil.copytree(pyodide, lite / PYODIDE_FOLDER,
                            ignore=shutil.ignore_patterns(COMPLETE, *PYODIDE_LEFT_OUT))
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
        built = work / "site"
        command = [sys.executable, "-m", "jupyter", "lite", "build", "--no-sourcemaps",
                   f"--lite-dir={lite}", f"--contents={work / 'contents'}",
                   f"--output-dir={built}", f"--piplite-wheels={wheels}"]
        if progress is not None:
            progress("building the site (JupyterLab and the lessons, jupyter lite build)...")
        run = subprocess.run(command, cwd=lite, capture_output=True, text=True)
        if log is not None:
            log.write_text(run.stdout + run.stderr)
        if run.returncode != 0:
            tail = (run.stdout + run.stderr).strip().splitlines()[-15:]
            raise SiteError("jupyter lite build failed: " + " | ".join(tail))
        served = pyodide_url(built)
        if pyodide is not None and served != f"./{PYODIDE_FOLDER}/pyodide.mjs":
            raise SiteError(f"jupyter lite build did not point the kernel at the site's own "
                            f"Pyodide (pyodideUrl: {served!r})")
        add_work_script(built)
        (built / "index.html").write_text(landing, encoding="utf-8")  # JupyterLite's: a redirect
        if (built / "lab" / "favicon.ico").is_file():  # browsers ask the top for it by themselves
            shutil.copyfile(built / "lab" / "favicon.ico", built / "favicon.ico")
        write_marker(built)
        try:
            placed = place_site(built, out)
        except OSError as exc:
            raise SiteError(f"--out {out}: cannot put the site there "
                            f"({exc.strerror or exc}): give a folder you can write to") from None
    return SiteReport(out, folder_size(out), time.perf_counter() - start, list(contents),
                      current, compiled if pyodide is not None else None, placed)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``swkit site`` to its (sub)parser."""
    parser.add_argument("--out", default=DEFAULT_OUT, metavar="DIR",
                        type=folder_option("--out", DEFAULT_OUT),
                        help=f"the folder to build the site in (default ./{DEFAULT_OUT}); an "
                             f"earlier swkit site there is replaced, any other files are kept "
                             f"(see --force); never a symbolic link, your home folder or the "
                             f"temporary folder")
    parser.add_argument("--solutions", action=argparse.BooleanOptionalAction, default=False,
                        help="the teacher's copy: put the worked answers (solutions/) and the "
                             "teacher's guide on the site too (they give the answers away: "
                             "never publish it to students). Default: a student's site, "
                             "without them (--no-solutions, the default, is accepted)")
    parser.add_argument("--pyodide-from-cdn", action="store_true",
                        help=f"leave Python (Pyodide, about 13 MB) out of the site: the "
                             f"students' browsers then load it from {PYODIDE_CDN}, which a "
                             f"school's web filter may block")
    parser.add_argument("--force", action="store_true",
                        help="build into --out even when it holds files that are not a swkit "
                             "site: they are kept (swkit never deletes a file it did not "
                             "write; a site file that would land on one of them is refused)")


def say(line: str) -> None:
    """Print one progress line on stderr (stdout keeps the final report alone)."""
    print(line, file=sys.stderr, flush=True)


def run(args: argparse.Namespace, prog: str = "swkit site") -> int:
    """Carry out ``swkit site`` for parsed ``args``; return the exit status (2: refused). What
    it is doing goes to stderr as it goes (:func:`say`), the report to stdout at the end."""
    try:
        report = build_site(args.out, solutions=args.solutions, force=args.force,
                            pyodide_from_cdn=args.pyodide_from_cdn, progress=say)
    except SwkitError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    print("\n".join(report.lines()), flush=True)  # a failed write: swkit.cli.guard says it
    return 0
