"""The teacher's notebook (``solutions/teacher-class-report.ipynb``): the class report in one cell,
in JupyterLab or in the browser site with nothing installed.

The teacher drops what the learning platform gave (a "download all submissions" zip, a list of
progress codes) into the notebook's folder, or the students' notebooks into a folder
``hand-ins`` beside it, and runs :func:`report_here`. In the browser site (Pyodide) the files
dropped there live in the browser's storage: once read, they are removed from it (the
teacher's own copy, on their computer, is untouched), so that the students' work is not kept
in the browser after the report. Nothing leaves the teacher's browser: everything runs in it.

:func:`sample_report` shows the report of a simulated class (:mod:`swkit.classroom.sample`),
made in memory: what the report looks like before anything is handed in.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

from swkit.classroom.hand_ins import CODES_SUFFIXES
from swkit.classroom.report import ClassReport, class_report
from swkit.classroom.sample import sample_zip

__all__ = ["HAND_INS_FOLDER", "NO_HAND_INS", "hand_ins_here", "report_here", "sample_report"]

HAND_INS_FOLDER = "hand-ins"
"""The folder beside the notebook where loose notebooks (and anything else) may be dropped."""

NO_HAND_INS = ("No hand-ins here yet. Drop the zip your learning platform gives (\"download "
               "all submissions\"), or a list of progress codes (.txt or .csv), into this "
               "notebook's folder in the file browser on the left (or the students' notebooks "
               f"into a folder named {HAND_INS_FOLDER!r} beside it), then run this cell again.")
"""What :func:`report_here` says when there is nothing to read."""


def hand_ins_here(folder: str | os.PathLike[str] | None = None) -> list[Path]:
    """What :func:`report_here` reads in ``folder`` (the current folder when None: a
    notebook's own): its zips and lists of progress codes, and the folder
    :data:`HAND_INS_FOLDER` when it is there; sorted by name. Hidden files are left out."""
    here = Path.cwd() if folder is None else Path(folder)
    found = [p for p in here.iterdir() if not p.name.startswith(".") and p.is_file()
             and p.suffix.lower() in (".zip", *CODES_SUFFIXES)]
    if (here / HAND_INS_FOLDER).is_dir():
        found.append(here / HAND_INS_FOLDER)
    return sorted(found, key=lambda p: p.name)


def _forget(paths: list[Path]) -> list[str]:
    """Remove ``paths`` (files, and the files in a folder, then the folder); return the names
    that could not be removed."""
    left = []
    for path in paths:
        files = [path] if path.is_file() else sorted(
            (p for p in path.rglob("*") if p.is_file()), reverse=True)
        for file in files:
            try:
                file.unlink()
            except OSError:
                left.append(str(file))
        if path.is_dir():
            for sub in sorted((p for p in path.rglob("*") if p.is_dir()), reverse=True):
                with contextlib.suppress(OSError):
                    sub.rmdir()
            try:
                path.rmdir()
            except OSError:
                left.append(str(path))
    return left


def report_here(folder: str | os.PathLike[str] | None = None,
                forget: bool | None = None) -> ClassReport | None:
    """The class report of the hand-ins in ``folder`` (:func:`hand_ins_here`), shown by a
    notebook as HTML; None, after saying :data:`NO_HAND_INS`, when there are none.
    ``forget``: remove what was read once it is read (default: in the browser only, where it
    is a copy in the browser's storage; never under CPython unless asked), and say so."""
    from swkit.lite import in_browser
    paths = hand_ins_here(folder)
    if not paths:
        print(NO_HAND_INS)
        return None
    report = class_report(paths)
    if forget if forget is not None else in_browser():
        left = _forget(paths)
        print(f"Read {', '.join(p.name for p in paths)}, then removed from this browser's "
              "storage (your own copy is untouched): the students' work is not kept here."
              + (f" Could not remove {', '.join(left)}: delete it in the file browser."
                 if left else ""))
    return report


def sample_report(students: int = 30, seed: int = 0) -> ClassReport:
    """The class report of a simulated class of ``students`` (lesson 1; a Moodle zip made in
    memory, one record edited and one notebook copied when there are 10 or more)."""
    return class_report([("sample-class.zip", sample_zip(students, seed))])
