"""How fast check() keeps records and read_notebook reads them back (issue 27). Run:
python bench/records.py [STUDENTS]

Makes STUDENTS (default 1000) saved lesson notebooks as a class would hand them in: lesson 1's
four exercises, each tried one to four times (a few re-runs, one kernel restart in ten), every
check's output carrying the log as check() writes it, the notebook as JSON bytes with the
lesson's own cells around them. Prints the seconds to keep the records, the notebooks' sizes,
and the seconds for read_notebook over all of them (the class report's aim: 1,000 notebooks in
under 30 s all told).
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from swkit.classroom.records import MIME, Log, read_notebook  # noqa: E402

KEYS = ("1.1", "1.2", "1.3", "1.4")


def hand_in(rng: random.Random, lesson: dict) -> bytes:
    """One student's saved lesson 1, with its check outputs in the exercise cells."""
    ticks = itertools.count()
    log = Log(clock=lambda: f"2026-12-06T10:{next(ticks) // 60 % 60:02d}:00Z",
              digest_of=lambda n: "cells:" + "0" * 64)
    outputs: dict[str, dict] = {}
    for key in KEYS:
        for attempt in range(rng.randint(1, 4)):
            payload = log.keep(key, rng.randint(1, 5000), attempt > 0 and rng.random() < .6)
            outputs[key] = {"output_type": "display_data", "metadata": {}, "data": {
                "text/plain": "Exercise ... " * 8, "text/html": "<div>" + "x" * 300 + "</div>",
                MIME: payload}}
        if rng.random() < 0.1:
            log = Log(digest_of=lambda n: "")  # a restarted kernel
    notebook = json.loads(json.dumps(lesson))
    for cell in notebook["cells"]:
        for key in KEYS:
            if cell["cell_type"] == "code" and f'check("{key}"' in "".join(cell["source"]):
                cell["outputs"] = [outputs[key]]
    return json.dumps(notebook, indent=1, ensure_ascii=False).encode()


def main(argv: list[str]) -> int:
    students = int(argv[0]) if argv else 1000
    lesson = json.loads((ROOT / "lessons" / "01-counting-sets-and-runs.ipynb").read_text())
    rng = random.Random(27)
    start = time.perf_counter()
    files = [hand_in(rng, lesson) for _ in range(students)]
    made = time.perf_counter() - start
    print(f"{made:7.2f} s  to make {students} hand-ins with check() records "
          f"(median {sorted(map(len, files))[students // 2] / 1000:.0f} kB each)")
    start = time.perf_counter()
    results = [read_notebook(data) for data in files]
    read = time.perf_counter() - start
    assert all(r.intact for r in results)
    records = sum(len(r.records) for r in results)
    print(f"{read:7.2f} s  read_notebook over {students} notebooks ({records} records, "
          f"{read / students * 1000:.2f} ms a notebook)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
