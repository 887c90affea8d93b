"""``swkit class report``: the teacher's class report, from the hand-ins a teacher downloaded.

    swkit class report PATH... [--json] [--html FILE]

Each PATH is a notebook, a folder, a zip (an LMS's "download all submissions") or a text file
of progress codes (:mod:`swkit.classroom.hand_ins`). Prints the report
(:func:`swkit.classroom.report.class_report`) as text, or with ``--json`` as one JSON object;
``--html FILE`` also writes it as one HTML page with a chart per lesson. A PATH that does not
exist, or an ``--html`` FILE that cannot be written: one line on stderr and exit status 2,
before anything is read. What the paths hold never stops the report: a file that cannot be
read is one line in it. Reading takes long: after 2 seconds a line on stderr says how far it
got, then one every 5 seconds. Nothing is written but ``--html`` FILE.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from swkit.cli.options import given
from swkit.errors import SwkitError

__all__ = ["DESCRIPTION", "add_arguments", "run"]

PROG = "swkit class report"

DESCRIPTION = (
    "The teacher's class report: reads the check() records in the students' handed-in "
    "notebooks (and progress codes), checks them, and reports per exercise (students who "
    "tried, who got it right, median attempts, the most common wrong answers and the "
    "misconception behind them) and per student (right and tried; flagged when the records do "
    "not check out or two students' notebooks share records). Each PATH is a notebook, a "
    "folder, a zip (Canvas, Moodle or Google Classroom's \"download all\", zips inside zips) "
    "or a text file of progress codes. Nothing leaves this computer, and nothing is written "
    "but --html FILE.")

FIRST_NOTICE = 2.0
"""Seconds before the first progress line on stderr."""

NOTICE_EVERY = 5.0
"""Seconds between progress lines on stderr after the first."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``swkit class report``'s arguments to ``parser`` (its subparser)."""
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        type=given("an empty PATH: give a notebook, a folder, a zip or a text "
                                   "file of progress codes"),
                        help="a notebook (.ipynb), a folder, a zip or a text file of progress "
                             "codes (.txt, .csv)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--html", default=None, metavar="FILE",
                        type=given("an empty value: give a file name ending in .html, or "
                                   "leave --html out"),
                        help="also write the report as one HTML page (a chart per lesson) "
                             "to FILE")


class _Progress:
    """A ``progress(n)`` callback writing "still reading" lines on stderr: the first after
    :data:`FIRST_NOTICE` seconds, then at most one every :data:`NOTICE_EVERY` seconds."""

    def __init__(self) -> None:
        self.start = self.last = time.monotonic()
        self.shown = False

    def __call__(self, files: int) -> None:
        now = time.monotonic()
        if now - self.start < FIRST_NOTICE or (self.shown and now - self.last < NOTICE_EVERY):
            return
        self.last, self.shown = now, True
        print(f"{PROG}: still reading: {files:,} files looked at so far "
              f"({round(now - self.start)} s)", file=sys.stderr, flush=True)


def _check_html(text: str) -> Path:
    """``--html``'s FILE, checked before anything is read: a name ending in .html (or .htm)
    that is not a folder, in a folder that exists. Raises SwkitError naming the bad part."""
    from swkit.files import show_name
    target = Path(text)
    if target.suffix.lower() not in (".html", ".htm"):
        raise SwkitError(f"--html {show_name(text)}: give a file name ending in .html")
    if target.is_dir():
        raise SwkitError(f"--html {show_name(text)} is a folder: give a file name in it, e.g. "
                         f"{show_name(target / 'class-report.html')}")
    if not target.parent.is_dir():
        raise SwkitError(f"--html {show_name(text)}: the folder {show_name(target.parent)} "
                         "does not exist")
    return target


def run(args: argparse.Namespace) -> int:
    """Run ``swkit class report`` from parsed arguments; returns the exit status (0: the report
    is shown; 1: it is shown but the HTML file could not be written; 2: a PATH that does not
    exist or a bad --html)."""
    from swkit.classroom.report import class_report
    from swkit.cli.lessons_copy import write_exclusive
    from swkit.files import show_name
    try:
        html = _check_html(args.html) if args.html is not None else None
        missing = [p for p in args.paths if not Path(p).exists()]
        if missing:
            raise SwkitError(f"{show_name(missing[0])} does not exist: give a notebook, a "
                             "folder, a zip or a text file of progress codes")
    except SwkitError as exc:
        print(f"{PROG}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2
    report = class_report(args.paths, progress=_Progress())
    print(json.dumps(report.to_json(), ensure_ascii=False) if args.json else report.to_text(),
          flush=True)
    if html is None:
        return 0
    try:
        write_exclusive(html, report.to_html().encode("utf-8"))
    except OSError as exc:
        print(f"{PROG}: error: the report is above, but {show_name(html)} could not be "
              f"written: {exc.strerror or exc}", file=sys.stderr)
        return 1
    if not args.json:
        print(f"HTML report written: {html}")
    return 0
