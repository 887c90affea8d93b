"""The lessons in a web browser: swkit's side of the static site that ``swkit site`` builds.

On the site (JupyterLite, Python in the browser through Pyodide) every lesson's first code cell
installs swkit from the wheel the site carries, then calls :func:`setup`::

    import sys
    if sys.platform == "emscripten":  # in a web browser (the swkit site): install swkit there
        import piplite
        await piplite.install("swkit", deps=False)
        import swkit.lite
        await swkit.lite.setup()

Under CPython (JupyterLab, ``swkit lessons``, the notebook tests) the ``if`` is false and the
cell does nothing. This module uses only the standard library, plus ``piplite`` and
``pyodide`` when it runs in the browser. Decisions: docs/DECISIONS.md, "The lessons in the
browser (issue 13)".

Storage: the site keeps each build's lessons under a folder named for swkit's version
(:func:`lessons_folder`, e.g. ``v0.1.0/``) and writes :data:`VERSION_FILE` at its top. A
student's edited lessons stay in the browser (IndexedDB); an old copy still opens after the
site is updated, and :func:`setup` then says where the newer lesson is
(:func:`version_message`). :func:`fresh_copy` puts the site's own copy of a lesson beside the
student's one.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path, PurePosixPath
from typing import Any

from swkit import __version__

BUNDLED = ("sympy", "mpmath", "ipywidgets", "comm", "jupyterlab_widgets")
"""The pure-Python wheels the site carries besides swkit's own, installed by name without
dependencies (the site turns off the package index). swkit's other requirements come from
Pyodide's own distribution when a lesson imports them (numpy, matplotlib) or are not needed in
the browser (jupyterlab)."""

VERSION_FILE = "version.json"
"""At the top of the site's files: ``{"swkit": "0.1.0", "lessons": "v0.1.0"}``."""

FIRST_CELL = """\
# Run this cell first (Run → Run All Cells runs every cell in order): in a web browser (the
# swkit site) it gets swkit ready, in about 5 seconds; with swkit installed it does nothing.
import sys
if sys.platform == "emscripten":
    import piplite
    await piplite.install("swkit", deps=False)
    import swkit.lite
    await swkit.lite.setup()"""
"""The first code cell of every lesson and solution notebook (the same in both worlds)."""

DRIVE = PurePosixPath("/drive")
"""Where JupyterLite's kernel sees the site's files (and the student's own)."""


def in_browser() -> bool:
    """Whether this Python runs in a web browser (Pyodide, ``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten"


def lessons_folder(version: str = __version__) -> str:
    """The site's folder for the lessons of swkit ``version``: ``"v"`` + the version.

    >>> lessons_folder("0.2.0")
    'v0.2.0'
    """
    return f"v{version}"


def version_record(version: str = __version__) -> dict[str, str]:
    """The content of the site's :data:`VERSION_FILE` for swkit ``version``."""
    return {"swkit": version, "lessons": lessons_folder(version)}


def version_message(here: PurePosixPath | str, site: dict[str, Any] | None) -> str | None:
    """What to tell a student whose lesson runs in folder ``here`` (a path under
    :data:`DRIVE`, or relative to it) when the site's :data:`VERSION_FILE` holds ``site``
    (None: unreadable). None when the lesson is the site's current one, or when it is not in a
    lessons folder at all (the student's own notebook).

    >>> version_message("/drive/v0.1.0", {"swkit": "0.1.0", "lessons": "v0.1.0"}) is None
    True
    >>> new = {"swkit": "0.2.0", "lessons": "v0.2.0"}
    >>> print(version_message("/drive/v0.1.0/solutions", new))  # doctest: +NORMALIZE_WHITESPACE
    This lesson is your copy from swkit 0.1.0 (folder v0.1.0). The site now has swkit 0.2.0:
    the newer lesson is in the folder v0.2.0. Your work here stays in this browser.
    """
    parts = PurePosixPath(here).parts
    if parts[:2] == ("/", "drive"):
        parts = parts[2:]
    elif parts[:1] == ("/",):
        return None
    if not parts or not parts[0].startswith("v"):
        return None
    folder = parts[0]
    if site is None or not isinstance(site.get("lessons"), str):
        return (f"This lesson is from swkit {folder[1:]} (folder {folder}); the site's "
                f"{VERSION_FILE} could not be read, so there may be a newer lesson: look for "
                f"another v... folder at the top of the file browser.")
    if site["lessons"] == folder:
        return None
    return (f"This lesson is your copy from swkit {folder[1:]} (folder {folder}). The site now "
            f"has swkit {site.get('swkit', site['lessons'][1:])}: the newer lesson is in the "
            f"folder {site['lessons']}. Your work here stays in this browser.")


def read_site_version(drive: Path | None = None) -> dict[str, Any] | None:
    """The site's :data:`VERSION_FILE` as a dict, read from ``drive`` (default
    :data:`DRIVE`), or None when it is missing or not a JSON object."""
    path = Path(drive or DRIVE) / VERSION_FILE
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def bundled_urls(base: str, index: dict[str, Any], names: tuple[str, ...] = BUNDLED) -> list[str]:
    """The addresses of the site's wheels for ``names``, from the site's wheel index
    ``pypi/all.json`` (``index``, parsed) under the site address ``base``. Raises LookupError
    naming a package the site does not carry.

    >>> bundled_urls("https://s.example/", {"comm": {"releases": {"0.2.3": [
    ...     {"url": "./comm-0.2.3-py3-none-any.whl"}]}}}, ("comm",))
    ['https://s.example/pypi/comm-0.2.3-py3-none-any.whl']
    """
    urls = []
    for name in names:
        key = re.sub(r"[-_.]+", "-", name).lower()  # the index's names are normalized (PEP 503)
        releases = (index.get(key) or index.get(name) or {}).get("releases") or {}
        files = [f["url"] for files in releases.values() for f in files
                 if str(f.get("url", "")).endswith("-none-any.whl")]
        if not files:
            raise LookupError(f"the site carries no wheel of {name}: rebuild it with swkit site")
        urls.append(f"{base}pypi/{files[-1].removeprefix('./')}")
    return urls


async def setup() -> str | None:
    """In the browser: install :data:`BUNDLED` from the site's own wheels (by address, without
    dependencies: Pyodide's lock would otherwise bring its own sympy and mpmath from the
    internet), then print and return :func:`version_message` for the current folder (None when
    this is the site's current lesson). Under CPython: does nothing and returns None."""
    if not in_browser():
        return None
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
    import micropip  # type: ignore[import-not-found]  # in Pyodide's distribution
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    keep_nulls_in_comm_messages()
    base = site_base(str(js.location.href))
    answer = await pyfetch(f"{base}pypi/all.json")
    index = json.loads(await answer.string())
    await micropip.install(bundled_urls(base, index), deps=False)
    message = version_message(PurePosixPath(Path.cwd().as_posix()), read_site_version())
    if message:
        print(message)
    return message


def comm_json(value: Any) -> str | None:
    """``value`` (a comm message's content or metadata) as JSON text, or None when it is not
    plain JSON (then the kernel's own conversion is kept).

    >>> comm_json({"state": {"display": None}, "n": 1})
    '{"state": {"display": null}, "n": 1}'
    >>> comm_json({"x": float("nan")}) is None
    True
    """
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return None


def keep_nulls_in_comm_messages() -> bool:
    """In the browser: make the Lite kernel send a widget's ``None`` values as JSON ``null``.

    jupyterlite-pyodide-kernel 0.8.6 hands comm messages to the page through Pyodide's
    ``toJs``, which turns ``None`` into ``undefined``, and the page then drops the key: a
    ``layout.display = None`` (show again) never reaches the page, so the card table's move
    buttons stayed hidden (seen in tests/browser/test_lite_site.py). This sends the content and
    metadata as JavaScript objects parsed from JSON (which the kernel passes on unchanged);
    anything that is not plain JSON goes the old way. Returns whether the patch is in place
    (False under CPython, where nothing is changed)."""
    if not in_browser():
        return False
    import js  # type: ignore[import-not-found]
    from pyodide_kernel.comm import Comm  # type: ignore[import-not-found]

    if getattr(Comm.publish_msg, "swkit_nulls", False):
        return True
    original = Comm.publish_msg

    def publish_msg(self: Any, msg_type: str, data: Any = None, metadata: Any = None,
                    buffers: Any = None, **keys: Any) -> None:
        from IPython.core.getipython import get_ipython  # type: ignore[import-not-found]

        content = dict(data={} if data is None else data, comm_id=self.comm_id, **keys)
        texts = comm_json(content), comm_json({} if metadata is None else metadata)
        if None in texts:
            return original(self, msg_type, data, metadata, buffers, **keys)
        if buffers is not None:
            buffers = [(b.tobytes() if hasattr(b, "tobytes") else b) for b in buffers]
        get_ipython().send_comm(msg_type, js.JSON.parse(texts[0]), js.JSON.parse(texts[1]),
                                self.topic, buffers)

    publish_msg.swkit_nulls = True  # type: ignore[attr-defined]
    Comm.publish_msg = publish_msg
    return True


def site_base(worker_url: str) -> str:
    """The site's base address (ending in ``/``) from the address of the kernel's script,
    which the site serves under ``extensions/``. Raises ValueError for another address.

    >>> site_base("https://school.example/lite/extensions/@jupyterlite/x/static/w.js")
    'https://school.example/lite/'
    """
    base, found, _ = worker_url.partition("/extensions/")
    if not found:
        raise ValueError(f"not an address of a JupyterLite site's kernel: {worker_url!r} "
                         f"(expected .../extensions/...)")
    return base + "/"


def fresh_name(name: str, taken: set[str]) -> str:
    """The name for a fresh copy of lesson ``name`` not in ``taken``: ``NAME-fresh.ipynb``,
    then ``NAME-fresh-2.ipynb``, ...

    >>> fresh_name("09-play.ipynb", {"09-play-fresh.ipynb"})
    '09-play-fresh-2.ipynb'
    """
    stem, dot, suffix = name.rpartition(".")
    stem, suffix = (stem, dot + suffix) if dot else (name, "")
    candidate, n = f"{stem}-fresh{suffix}", 2
    while candidate in taken:
        candidate, n = f"{stem}-fresh-{n}{suffix}", n + 1
    return candidate


async def fresh_copy(name: str) -> None:
    """In the browser: save the site's own copy of lesson ``name`` (a notebook in the current
    folder, e.g. ``"09-play.ipynb"``) beside yours as ``NAME-fresh.ipynb`` (never over a file,
    :func:`fresh_name`) and print one line naming it. Returns None, so that no ``Out[]``
    repeats the name under the cell. Your copy is left as it is.

    Raises ValueError for a name with a folder in it, FileNotFoundError when the site has no
    such lesson, and RuntimeError under CPython (there ``swkit lessons`` refreshes lessons).
    """
    if not in_browser():
        raise RuntimeError("fresh_copy works on the swkit site (in a web browser); on a "
                           "computer, rename your copy and run swkit lessons again")
    if not name or "/" in name or "\\" in name:
        raise ValueError(f"give a lesson's file name in this folder, e.g. '09-play.ipynb', "
                         f"got {name!r}")
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    here = PurePosixPath(Path.cwd().as_posix()).relative_to(DRIVE)
    url = f"{site_base(str(js.location.href))}files/{here.as_posix()}/{name}"
    answer = await pyfetch(url, cache="no-store")
    if not answer.ok:
        raise FileNotFoundError(f"the site has no lesson {here.as_posix()}/{name} "
                                f"({answer.status}): check the name in the file browser")
    data = await answer.bytes()
    target = fresh_name(name, {p.name for p in Path.cwd().iterdir()})
    Path(target).write_bytes(data)
    print(f"A fresh copy of {name} is {target}, beside yours: open it from the file browser.")
