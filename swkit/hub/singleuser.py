"""What a student's own server runs at start: ``python -m swkit.hub.singleuser [ARGS...]``.

1. The lessons go into the home's ``swkit-lessons`` folder by :func:`place_lessons`, with the
   rules of ``swkit lessons`` (:func:`swkit.cli.lessons_copy.copy_lessons`, the student's copy:
   no worked answers, no teacher's guide): a new lesson is copied, an untouched one refreshed,
   a lesson the student changed is never overwritten. When the kit has a newer version of a
   changed lesson, that version is put beside it (``09-play (new version).ipynb``) and
   ``NEW-VERSIONS.md`` in the folder tells the student, as does the server's log.
2. The default page is the first lesson (``$JUPYTERHUB_DEFAULT_URL``, unless the hub's config
   sets its own).
3. The process becomes ``jupyterhub-singleuser`` with the same arguments (``os.execv``: the
   spawner keeps watching the same process), so the hub's spawner, whatever it is (local
   processes, systemd as in The Littlest JupyterHub, Kubernetes as in Zero to JupyterHub),
   sees an ordinary single-user server.

A lesson that cannot be placed (a full disk, a home that cannot be written) is said in the log
in one line, and the server starts all the same: the student's own files stay reachable.
Nothing is written through a symbolic link, and no file swkit did not write is replaced.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from collections.abc import MutableMapping
from dataclasses import dataclass, field
from pathlib import Path

from swkit.cli.lessons_copy import (
    CopyReport,
    LessonsError,
    copy_lessons,
    fingerprint,
    kit_bytes,
    lessons_source,
    trust_notebooks,
    write_exclusive,
)
from swkit.hub.inbox import LESSONS_FOLDER

NOTICE = "NEW-VERSIONS.md"
"""In the lessons folder: which changed lessons have a newer version beside them."""

BESIDE_MANIFEST = ".swkit-hub.json"
"""In the lessons folder: the fingerprint of each file :func:`place_lessons` wrote beside a
changed lesson (and of :data:`NOTICE`), so that it replaces only its own, unchanged files."""

FOLDER_VARIABLE = "SWKIT_LESSONS_DIR"
"""Optional: the lessons' folder, relative to the server's start folder (default
:data:`swkit.hub.inbox.LESSONS_FOLDER`)."""


def beside_name(name: str) -> str:
    """The name of the kit's newer version of a changed lesson ``name``:
    ``"09-play.ipynb"`` -> ``"09-play (new version).ipynb"``."""
    stem, dot, suffix = name.rpartition(".")
    return f"{stem} (new version).{suffix}" if dot else f"{name} (new version)"


@dataclass
class Placed:
    """What :func:`place_lessons` did: ``copy`` (the :class:`CopyReport`), ``beside`` (the
    changed lessons whose newer version is now beside them, by the lesson's name), ``notes``
    (lines for the log: what could not be done)."""

    copy: CopyReport
    beside: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        """The log's lines."""
        out = self.copy.lines()
        out += [f"  new version beside yours: {beside_name(n)}" for n in self.beside]
        return out + [f"  note: {n}" for n in self.notes]


def _what_is_there(path: Path) -> str:
    """``"missing"``, ``"file"`` (a regular file, not a link) or ``"other"``."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return "missing"
    return "file" if stat.S_ISREG(mode) else "other"


def _read_beside(path: Path) -> dict[str, str]:
    if _what_is_there(path) != "file":
        return {}
    try:
        files = json.loads(path.read_bytes())["files"]
        return {k: v for k, v in files.items() if isinstance(k, str) and isinstance(v, str)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def _put(folder: Path, name: str, data: bytes, ours: dict[str, str]) -> str:
    """Write ``data`` to ``folder/name`` unless something there is not ours: ``"written"``,
    ``"current"`` (already those contents) or ``"kept"`` (the student's file, left alone)."""
    target = folder / name
    there = _what_is_there(target)
    if there == "other":
        return "kept"
    if there == "file":
        current = fingerprint(name, target.read_bytes())
        if current == fingerprint(name, data):
            ours[name] = current
            return "current"
        if ours.get(name) != current:
            return "kept"
    write_exclusive(target, data)
    ours[name] = fingerprint(name, data)
    return "written"


def _notice(names: list[str]) -> bytes:
    lines = ["# New versions of your lessons", "",
             "You changed these lessons, so they are kept just as you left them. The kit has a",
             "newer version of each: it is beside yours, with \"(new version)\" in its name.",
             "Open it to see what is new; copy across what you like.", ""]
    lines += [f"- {name}: the new version is **{beside_name(name)}**" for name in names]
    return ("\n".join(lines) + "\n").encode()


def place_lessons(folder: str | os.PathLike[str]) -> Placed:
    """Put the lessons (a student's copy) into ``folder`` by
    :func:`~swkit.cli.lessons_copy.copy_lessons`; beside each lesson the student changed, the
    kit's version of it when that differs (:func:`beside_name`), and :data:`NOTICE` naming
    them. A file beside a lesson is replaced only when :func:`place_lessons` wrote it and
    nobody changed it since. Raises :class:`LessonsError` (from ``copy_lessons``) for a folder
    that cannot be used; a file beside a lesson that cannot be written is a note."""
    report = copy_lessons(folder, solutions=False)
    placed = Placed(report)
    note = trust_notebooks(report.folder, report.copied + report.updated + report.unchanged)
    if note:
        placed.notes.append(note)
    source = lessons_source()
    ours = _read_beside(report.folder / BESIDE_MANIFEST)
    try:
        for name in report.kept:
            if _what_is_there(report.folder / name) != "file":
                continue   # a folder or a link in a lesson's place: nothing to compare
            outcome = _put(report.folder, beside_name(name), kit_bytes(source, name), ours)
            if outcome == "kept":
                placed.notes.append(f"{beside_name(name)} is yours (changed), so the newest "
                                    f"version of {name} was not put there")
            else:
                placed.beside.append(name)
        if placed.beside:
            if _put(report.folder, NOTICE, _notice(placed.beside), ours) == "kept":
                placed.notes.append(f"{NOTICE} is yours (changed), so it was not updated")
        elif NOTICE in ours and _what_is_there(report.folder / NOTICE) == "file" and \
                fingerprint(NOTICE, (report.folder / NOTICE).read_bytes()) == ours[NOTICE]:
            (report.folder / NOTICE).unlink()   # ours, unchanged, and nothing left to say
            del ours[NOTICE]
        write_exclusive(report.folder / BESIDE_MANIFEST,
                        (json.dumps({"files": ours}, indent=1, sort_keys=True) + "\n").encode())
    except OSError as exc:
        placed.notes.append(f"the newer versions could not all be put beside your lessons "
                            f"({exc.strerror})")
    return placed


def first_lesson() -> str:
    """The file name of the first lesson (``01-....ipynb``), the student's default page."""
    return min(p.name for p in lessons_source().glob("[0-9][0-9]-*.ipynb"))


def default_url(folder_name: str) -> str:
    """The JupyterLab address (relative to the student's server) of the first lesson in
    ``folder_name``."""
    from urllib.parse import quote
    return f"/lab/tree/{quote(folder_name)}/{quote(first_lesson())}"


def prepare(environ: MutableMapping[str, str] = os.environ) -> list[str]:
    """Place the lessons in ``$SWKIT_LESSONS_DIR`` (default ``swkit-lessons``, relative to the
    start folder: the home) and set ``JUPYTERHUB_DEFAULT_URL`` in ``environ`` to the first
    lesson unless it is set. Returns the log's lines; never raises for a folder that cannot be
    used (that is a line: the server must start all the same)."""
    folder_name = environ.get(FOLDER_VARIABLE) or LESSONS_FOLDER
    try:
        lines = ["swkit: " + line for line in place_lessons(folder_name).lines()]
    except (LessonsError, OSError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        lines = [f"swkit: the lessons could not be put in place ({' '.join(reason.split())}); "
                 "the server starts without them"]
    environ.setdefault("JUPYTERHUB_DEFAULT_URL", default_url(folder_name))
    return lines


def main(argv: list[str] | None = None) -> None:
    """Prepare (:func:`prepare`), print the log's lines to stderr, then become
    ``python -m jupyterhub.singleuser`` with ``argv`` (default: this command's arguments)."""
    args = sys.argv[1:] if argv is None else argv
    for line in prepare():
        print(line, file=sys.stderr, flush=True)
    os.execv(sys.executable, [sys.executable, "-m", "jupyterhub.singleuser", *args])


if __name__ == "__main__":
    main()
