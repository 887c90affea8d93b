"""``swkit lessons``, the command: its options, and the run that copies the lessons
(:mod:`swkit.cli.lessons_copy`) and opens them in JupyterLab (:mod:`swkit.cli.lessons_launch`).

    swkit lessons [--dir DIR] [--no-open] [--no-solutions]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

from swkit.cli.lessons_copy import LessonsError, copy_lessons, trust_notebooks
from swkit.cli.lessons_launch import open_lab
from swkit.cli.options import folder_option, shell_option, shell_word

DEFAULT_FOLDER = "swkit-lessons"
"""The working folder ``swkit lessons`` copies to, relative to where it is run."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``swkit lessons`` to its (sub)parser."""
    parser.add_argument("--dir", default=DEFAULT_FOLDER, metavar="DIR",
                        type=folder_option("--dir", DEFAULT_FOLDER),
                        help=f"the working folder to copy the lessons into, created if missing "
                             f"(default ./{DEFAULT_FOLDER}); a file you changed there is never "
                             f"overwritten")
    parser.add_argument("--no-open", action="store_true",
                        help="only copy the lessons; do not start JupyterLab")
    parser.add_argument("--no-solutions", action="store_true",
                        help="do not copy the worked answers (solutions/), nor the "
                             "teacher's guide (README.md, which shows answers), e.g. on the "
                             "students' machines of a lab")


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:
        return False


def swkit_command(argv0: str | None = None,
                  which: Callable[[str], str | None] = shutil.which) -> str:
    """How to run swkit again as it was run now, for a hint to paste: ``swkit`` when that is
    the ``swkit`` found on PATH (or when swkit runs inside another program, such as a test
    runner or a notebook). A ``swkit`` script that is not the one on PATH
    (``~/swkit-venv/bin/swkit``) is named as invoked; ``python -m swkit`` (``argv0`` a file of
    the swkit package) as ``PYTHON -m swkit``, with this Python's full path unless the
    ``swkit`` on PATH sits beside it. ``argv0`` defaults to ``sys.argv[0]``; ``which`` finds
    a command on PATH (``shutil.which``)."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    on_path = which("swkit")
    path = Path(argv0)
    if path.stem.lower() == "swkit" and path.is_file():
        return "swkit" if on_path and _same_file(on_path, argv0) else shell_word(argv0)
    package = Path(__file__).resolve().parents[1]
    if argv0.endswith(".py") and path.resolve().is_relative_to(package):
        beside = Path(sys.executable).parent / Path(on_path).name if on_path else None
        if beside is not None and _same_file(str(on_path), str(beside)):
            return "swkit"
        return f"{shell_word(sys.executable)} -m swkit"
    return "swkit"


def open_hint(args: argparse.Namespace, folder: Path, argv0: str | None = None) -> str:
    """The command that opens the lessons just copied with ``--no-open``: this swkit
    (:func:`swkit_command`), the folder, and ``--no-solutions`` when it was given (so that
    a student who runs it does not get the worked answers)."""
    words = [swkit_command(argv0), "lessons", shell_option("--dir", folder)]
    if args.no_solutions:
        words.append("--no-solutions")
    return " ".join(words)


def run(args: argparse.Namespace, prog: str = "swkit lessons") -> int:
    """Carry out ``swkit lessons`` for parsed ``args``; return the exit status (2: bad input)."""
    try:
        report = copy_lessons(args.dir, solutions=not args.no_solutions)
        note = trust_notebooks(report.folder,
                               report.copied + report.updated + report.unchanged)
        if note:
            report.note = f"{report.note}; {note}" if report.note else note
        print("\n".join(report.lines()), flush=True)
        if args.no_open:
            print(f"Open them with: {open_hint(args, report.folder)}")
            return 0
        return open_lab(report.folder)
    except LessonsError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
