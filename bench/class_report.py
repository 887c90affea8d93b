"""Print the time of the teacher's class report for a simulated class (issue 27, "Speed").

Usage: python bench/class_report.py [--students 30 1000] [--picture KB] [--html FILE]
For each class size, makes a simulated class of lesson 1 (each student's saved notebook holds
real check() records: swkit.classroom.records.Log, the answers judged by the real checker;
swkit/classroom/sample.py; and a chart's picture of ``--picture`` kB, 150 by default, as a lesson
saved with its outputs does), as a Moodle "download all submissions" zip and as a folder of
notebooks, in a temporary folder. Then times, in this process, what ``swkit class report``
does with it: reading every hand-in and checking its records (``class_report``), then the
text, the JSON and the HTML page (a chart per lesson, SVG). Prints wall-clock seconds (the
goal: 30 notebooks in under 2 s, 1,000 in under 30 s) and this process's CPU seconds.
In each class one student edited a record and one handed in another's notebook (both are
flagged). ``--html``: also write the report of the first class size to FILE (a screenshot).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from swkit.classroom.report import class_report
from swkit.classroom.sample import simulated_class, zip_bytes


def timed(paths: list[Path]) -> tuple[float, float, object, int]:
    """Wall and CPU seconds of a whole report (read, text, JSON, HTML), the report, and the
    HTML page's size in bytes."""
    w0, c0 = time.perf_counter(), time.process_time()
    report = class_report(paths)
    report.to_text()
    json.dumps(report.to_json())
    html = report.to_html()
    return time.perf_counter() - w0, time.process_time() - c0, report, len(html.encode())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, nargs="+", default=[30, 1000])
    parser.add_argument("--picture", type=int, default=150, metavar="KB")
    parser.add_argument("--html", type=Path, default=None)
    args = parser.parse_args()
    print(f"{'students':>8} {'form':>7} {'MB':>6} {'records':>8} {'wall s':>7} {'cpu s':>6} "
          f"{'html kB':>8}")
    for i, students in enumerate(args.students):
        made = time.perf_counter()
        files = simulated_class(students, seed=students, picture=1000 * args.picture,
                                flagged=True)
        made = time.perf_counter() - made
        with tempfile.TemporaryDirectory() as folder:
            zipped = Path(folder) / "moodle-download.zip"
            zipped.write_bytes(zip_bytes(files))
            loose = Path(folder) / "hand-ins"
            for name, data in files:
                target = loose / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            size = sum(len(d) for _, d in files) / 1e6
            for form, path in (("zip", zipped), ("folder", loose)):
                wall, cpu, report, html = timed([path])
                records = sum(s.records for s in report.students)
                assert report.notebooks == students and not report.skipped
                print(f"{students:>8,} {form:>7} {size:>6.1f} {records:>8,} {wall:>7.2f} "
                      f"{cpu:>6.2f} {html / 1000:>8.0f}", flush=True)
            if args.html is not None and i == 0:
                args.html.parent.mkdir(parents=True, exist_ok=True)
                args.html.write_text(report.to_html(), encoding="utf-8")
        print(f"         (making the class's {students:,} notebooks took {made:.1f} s, "
              "not counted)")


if __name__ == "__main__":
    main()
