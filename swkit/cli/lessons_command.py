"""``swkit lessons``, the command: its options, and the run that copies the lessons
(:mod:`swkit.cli.lessons_copy`) and opens them in JupyterLab (:mod:`swkit.cli.lessons_launch`).

    swkit lessons [--dir DIR] [--no-open] [--no-solutions]
"""

from __future__ import annotations

import argparse
import sys

from swkit.cli.lessons_copy import LessonsError, copy_lessons, trust_notebooks
from swkit.cli.lessons_launch import open_lab
from swkit.cli.options import folder_option, shell_option

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
                        help="do not copy the worked answers (solutions/), e.g. on the "
                             "students' machines of a lab")


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
            print(f"Open them with: swkit lessons {shell_option('--dir', report.folder)}")
            return 0
        return open_lab(report.folder)
    except LessonsError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
