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
``pyodide`` when it runs in the browser. Decisions: docs/DECISIONS.md, the lessons in the
browser.

Storage: the site keeps each build's lessons under a folder named for swkit's version and the
lessons' content (:func:`lessons_folder`, e.g. ``v0.1.0-3f2a9c81d0/``), so a changed lesson gets
a new address, and writes :data:`VERSION_FILE` at its top (the current folder and a digest of
each of its files). A student's copy stays in the browser (IndexedDB) under its old address; its
first cell (:func:`setup`) compares the site's original of that lesson with the site's current
lesson, by content, and says when a newer version is on the site (:func:`update_message`).
:func:`fresh_copy` puts the site's current lesson beside the student's copy.

Handing in: :func:`hand_in` asks the site's page script (``swkit-work.js``, which also puts a
"Hand in this lesson" button on every lesson) to save the lesson and download it; the page, not
the kernel, can start a download.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Mapping
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote, urlsplit

from swkit import __version__

BUNDLED = ("sympy", "mpmath", "ipywidgets", "comm", "jupyterlab_widgets")
"""The pure-Python wheels the site carries besides swkit's own, installed by name without
dependencies (the site turns off the package index). swkit's other requirements come from
Pyodide's own distribution when a lesson imports them (numpy, matplotlib) or are not needed in
the browser (jupyterlab)."""

VERSION_FILE = "version.json"
"""At the top of the site's files: the current lessons folder and its files' digests,
``{"swkit": "0.1.0", "lessons": "v0.1.0-3f2a9c81d0", "files": {"09-play.ipynb": "<sha256>",
...}}`` (:func:`version_record`)."""

FIRST_CELL = """\
# Run this cell first (Run → Run All Cells runs every cell in order): in a web browser (the
# swkit site) it gets swkit ready, in about 5 seconds; with swkit installed it does nothing.
import sys
if sys.platform == "emscripten":
    import piplite
    await piplite.install("swkit", deps=False)
    import swkit.lite
    await swkit.lite.setup("{name}")"""
"""The first code cell of every lesson and solution notebook (the same in both worlds), with
the notebook's file name for ``{name}``: :func:`first_cell`."""

DIGEST_LENGTH = 10
"""Hex digits of the lessons' content digest in the folder's name (:func:`content_digest`)."""


def first_cell(name: str) -> str:
    """The first code cell of the lesson notebook ``name`` (its file name, e.g.
    ``"09-play.ipynb"``): :data:`FIRST_CELL` with the name filled in. Raises ValueError for a
    name with a folder, a quote or a line break in it."""
    if not name or any(c in name for c in "/\\\"\n\r"):
        raise ValueError(f"give a notebook's file name, e.g. '09-play.ipynb', got {name!r}")
    return FIRST_CELL.replace("{name}", name)


DRIVE = PurePosixPath("/drive")
"""Where JupyterLite's kernel sees the site's files (and the student's own)."""


def in_browser() -> bool:
    """Whether this Python runs in a web browser (Pyodide, ``sys.platform == "emscripten"``)."""
    return sys.platform == "emscripten"


def file_digest(data: bytes) -> str:
    """The SHA-256 of ``data`` as hex text: how :data:`VERSION_FILE` names a file's content."""
    return hashlib.sha256(data).hexdigest()


def content_digest(files: Mapping[str, bytes]) -> str:
    """A short digest (:data:`DIGEST_LENGTH` hex digits) of a lessons folder's content: its
    files' relative POSIX paths and bytes. Any change to a file, a name, or the set of files
    changes it.

    >>> content_digest({"a.ipynb": b"{}"}) == content_digest({"a.ipynb": b"{ }"})
    False
    """
    listing = "".join(f"{path}\0{file_digest(data)}\n" for path, data in sorted(files.items()))
    return file_digest(listing.encode("utf-8"))[:DIGEST_LENGTH]


def lessons_folder(digest: str, version: str = __version__) -> str:
    """The site's folder for the lessons of swkit ``version`` whose content has the digest
    ``digest`` (:func:`content_digest`): ``"v"`` + the version + ``"-"`` + the digest.

    >>> lessons_folder("3f2a9c81d0", "0.2.0")
    'v0.2.0-3f2a9c81d0'
    """
    return f"v{version}-{digest}"


def version_record(files: Mapping[str, bytes], version: str = __version__) -> dict[str, Any]:
    """The content of the site's :data:`VERSION_FILE` for a lessons folder holding ``files``
    (relative POSIX path -> bytes) of swkit ``version``: ``swkit`` (the version), ``lessons``
    (:func:`lessons_folder`) and ``files`` (path -> :func:`file_digest`)."""
    return {"swkit": version, "lessons": lessons_folder(content_digest(files), version),
            "files": {path: file_digest(data) for path, data in sorted(files.items())}}


def lesson_place(here: PurePosixPath | str) -> tuple[str, str] | None:
    """(lessons folder, sub-folder) of a kernel's working folder ``here`` under :data:`DRIVE`
    (or relative to it), e.g. ``("v0.1.0-3f2a9c81d0", "solutions")``; None when ``here`` is not
    in a lessons folder (the student's own folder, or no drive: plain ``http``).

    >>> lesson_place("/drive/v0.1.0-3f2a9c81d0/solutions")
    ('v0.1.0-3f2a9c81d0', 'solutions')
    >>> lesson_place("/home/pyodide") is None
    True
    """
    here = PurePosixPath(here)
    if here.is_absolute():
        if here != DRIVE and DRIVE not in here.parents:
            return None
        here = here.relative_to(DRIVE)
    parts = here.parts
    if not parts or not re.fullmatch(r"v\d[\w.+-]*", parts[0]):
        return None
    return parts[0], "/".join(parts[1:])


def update_message(here: PurePosixPath | str, name: str | None, site: dict[str, Any] | None,
                   original: str | None) -> str | None:
    """What to tell a student whose lesson ``name`` (its file name; None: not known) runs in
    the folder ``here`` (:func:`lesson_place`), when the site's :data:`VERSION_FILE` holds
    ``site`` (None: unreadable) and the site's own file of that lesson at ``here`` has the
    digest ``original`` (:func:`file_digest`; None: unreadable).

    None when the lesson is current: it is in the site's current folder, or the site's current
    lesson has the same content as the original of the student's copy. None also outside a
    lessons folder (the student's own notebook).

    >>> site = {"swkit": "0.1.0", "lessons": "v0.1.0-bbbb", "files": {"09-play.ipynb": "2"}}
    >>> update_message("/drive/v0.1.0-bbbb", "09-play.ipynb", site, "2") is None
    True
    >>> update_message("/drive/v0.1.0-aaaa", "09-play.ipynb", site, "2") is None
    True
    >>> print(update_message("/drive/v0.1.0-aaaa", "09-play.ipynb", site, "1"))
    ... # doctest: +NORMALIZE_WHITESPACE
    A newer version of this lesson is on the site (in the folder v0.1.0-bbbb). This copy is
    yours and keeps your work. To get the new lesson beside it, run this in a new cell:
    await swkit.lite.fresh_copy()
    """
    place = lesson_place(here)
    if place is None:
        return None
    folder, sub = place
    if site is None or not isinstance(site.get("lessons"), str):
        return (f"This lesson is from the folder {folder}; the site's {VERSION_FILE} could not be "
                f"read, so there may be a newer lesson: look at the top of the file browser.")
    current = site["lessons"]
    if current == folder:
        return None
    files = site.get("files") if isinstance(site.get("files"), dict) else {}
    path = f"{sub}/{name}" if sub and name else name
    if path is not None and path in files and files[path] == original:
        return None
    if path is not None and path not in files:
        return (f"This lesson is your copy from the folder {folder}. The site's current "
                f"lessons, in the folder {current}, no longer have {path}. This copy is yours "
                f"and keeps your work.")
    what = "this lesson" if path is not None else "the lessons"
    fresh = "await swkit.lite.fresh_copy()" if path is not None else \
        'await swkit.lite.fresh_copy("NAME.ipynb")'
    return (f"A newer version of {what} is on the site (in the folder {current}). This copy "
            f"is yours and keeps your work. To get the new lesson beside it, run this in a new "
            f"cell: {fresh}")


def parse_record(data: bytes | None) -> dict[str, Any] | None:
    """The site's :data:`VERSION_FILE` from its bytes ``data``; None when ``data`` is None or
    is not a JSON object."""
    try:
        record = json.loads(data) if data is not None else None
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


async def fetch_bytes(url: str) -> bytes | None:
    """In the browser: the body of ``url`` fetched past every cache, or None when it cannot be
    had (no answer, or an error status)."""
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    try:
        answer = await pyfetch(url, cache="no-store")
    except Exception:  # the fetch failed: Pyodide raises OSError or a JsException
        return None
    return await answer.bytes() if answer.ok else None


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


_LESSON: dict[str, str] = {}
"""The lesson :func:`setup` was called for (``name``): :func:`fresh_copy`'s default."""


async def setup(name: str | None = None) -> str | None:
    """In the browser: install :data:`BUNDLED` from the site's own wheels (by address, without
    dependencies: Pyodide's lock would otherwise ask for its own sympy and mpmath), then print
    and return :func:`update_message` for the lesson ``name`` (its file name, as the lesson's
    first cell gives it; None when this is the site's current lesson). Under CPython: does
    nothing and returns None."""
    if not in_browser():
        return None
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
    import micropip  # type: ignore[import-not-found]  # in Pyodide's distribution

    keep_nulls_in_comm_messages()
    base = site_base(str(js.location.href))
    index = json.loads(await fetch_bytes(f"{base}pypi/all.json") or b"{}")
    await micropip.install(bundled_urls(base, index), deps=False)
    if name:
        _LESSON["name"] = name
    here = PurePosixPath(Path.cwd().as_posix())
    place = lesson_place(here)
    if place is None:
        return None
    site = parse_record(await fetch_bytes(f"{base}files/{VERSION_FILE}"))
    path = "/".join(p for p in (*place, name) if p) if name else None
    original = await fetch_bytes(f"{base}files/{path}") if path else None
    message = update_message(here, name, site,
                             None if original is None else file_digest(original))
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


def no_drive_message(page_url: str) -> str:
    """Why :func:`fresh_copy` cannot save a file when the kernel has no access to the site's
    files (the page at ``page_url`` runs without a service worker: plain ``http`` on a name
    other than localhost), and what to do instead, in one line.

    >>> print(no_drive_message("http://school-pc:8000/notebooks/index.html"))
    ... # doctest: +NORMALIZE_WHITESPACE
    fresh_copy cannot save a file here: this page comes over plain http from school-pc, so
    the browser gives Python no access to your files. Instead, download the lesson from the
    site (File → Download, or the class's lesson page), or open the site over https.
    """
    host = urlsplit(page_url).hostname or "this address"
    return (f"fresh_copy cannot save a file here: this page comes over plain http from {host}, "
            f"so the browser gives Python no access to your files. Instead, download the "
            f"lesson from the site (File → Download, or the class's lesson page), or open the "
            f"site over https.")


async def fresh_copy(name: str | None = None) -> None:
    """In the browser: save the site's current copy of lesson ``name`` (a notebook's file name,
    e.g. ``"09-play.ipynb"``; default: the lesson whose first cell ran, :func:`setup`) as
    ``NAME-fresh.ipynb`` (never over a file, :func:`fresh_name`) and print one line naming it
    and the address that opens it. The current copy is the one in the site's current lessons
    folder (:data:`VERSION_FILE`), and the fresh copy is saved there, so that its own first
    cell finds it current; in a folder that is not a lessons folder, beside yours. Returns None,
    so that no ``Out[]`` repeats the name under the cell. Your copy is left as it is. Where the
    kernel cannot see your files (plain ``http`` on a name other than localhost) it prints one
    line saying so and what to do instead (:func:`no_drive_message`), and saves nothing.

    Raises ValueError for a name with a folder in it (or no name and no lesson set up),
    FileNotFoundError when the site has no such lesson, and RuntimeError under CPython (there
    ``swkit lessons`` refreshes lessons).
    """
    if not in_browser():
        raise RuntimeError("fresh_copy works on the swkit site (in a web browser); on a "
                           "computer, rename your copy and run swkit lessons again")
    name = name if name is not None else _LESSON.get("name")
    if not name or "/" in name or "\\" in name:
        raise ValueError(f"give a lesson's file name in this folder, e.g. '09-play.ipynb', "
                         f"got {name!r}")
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser

    base = site_base(str(js.location.href))
    cwd = PurePosixPath(Path.cwd().as_posix())
    if DRIVE not in (cwd, *cwd.parents):
        print(no_drive_message(base))
        return None
    folder = cwd.relative_to(DRIVE)
    place = lesson_place(cwd)
    site = parse_record(await fetch_bytes(f"{base}files/{VERSION_FILE}"))
    if place is not None and site is not None and isinstance(site.get("lessons"), str):
        folder = PurePosixPath(site["lessons"], place[1])
    source = (folder / name).as_posix()
    data = await fetch_bytes(f"{base}files/{source}")
    if data is None:
        raise FileNotFoundError(f"the site has no lesson {source}: check the name in the file "
                                f"browser")
    saved = Path(DRIVE / folder)
    target = fresh_name(name, {p.name for p in saved.iterdir()})
    (saved / target).write_bytes(data)
    shown = (folder / target).as_posix()
    where = f"{target}, beside yours" if PurePosixPath(DRIVE / folder) == cwd else \
        f"{shown}, in the site's current lessons"
    print(f"A fresh copy of {name} is {where}: open it from the file browser, or at "
          f"{base}notebooks/index.html?path={quote(shown)}")


HAND_IN_MIME = "application/vnd.swkit.hand-in+json"
"""The display the site's page script (``swkit-work.js``) answers by saving the open lesson and
downloading it, once the cell that asked has ended: a kernel in the browser cannot start a
download itself. Its value: ``{"swkit_hand_in": 1, "lesson": <the file name or null>}``."""


def hand_in_bundle(name: str | None) -> dict[str, Any]:
    """The display :func:`hand_in` shows for the lesson ``name`` (its file name, None: not
    known): :data:`HAND_IN_MIME` for the page, and the words a student reads.

    >>> print(hand_in_bundle("01-counting-sets-and-runs.ipynb")["text/plain"])
    ... # doctest: +NORMALIZE_WHITESPACE
    Saving this lesson and downloading it as 01-counting-sets-and-runs.ipynb, with your
    answers. Upload that file where your teacher asks. Nothing downloaded? Press Hand in this
    lesson, at the bottom right.
    """
    shown = f" as {name}" if name else ""
    return {HAND_IN_MIME: {"swkit_hand_in": 1, "lesson": name},
            "text/plain": (f"Saving this lesson and downloading it{shown}, with your answers. "
                           f"Upload that file where your teacher asks. Nothing downloaded? "
                           f"Press Hand in this lesson, at the bottom right.")}


def hand_in() -> None:
    """Hand in the lesson: in the browser (the swkit site), ask the page to save the open
    lesson and download it (.ipynb with its outputs, under the lesson's file name) once this
    cell ends, ready to upload to the school's learning platform; the page's "Hand in this
    lesson" button does the same. Under CPython (JupyterLab on a computer) the lesson is
    already a file: print where, and how to save it first. Returns None."""
    name = _LESSON.get("name")
    if not in_browser():
        where = f"the file {name}" if name else "this notebook's file"
        print(f"Your lesson is {where} in your lessons folder: save it (Ctrl+S, or File → Save) "
              f"and upload that file where your teacher asks.")
        return None
    from IPython.display import display  # type: ignore[import-not-found]

    display(hand_in_bundle(name), raw=True)
    return None
