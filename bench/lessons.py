"""How long the lessons take to run, as CI runs them (issue 8). Run: python bench/lessons.py

Executes every ``lessons/*.ipynb`` and ``lessons/solutions/*.ipynb`` top to bottom, one after
the other, each in a fresh kernel (``tests/nbrun.py``, the same runner as
``tests/test_notebooks.py``), and prints each one's seconds, its problems (errors, warnings,
stderr) and the total against the three-minute aim. Optional arguments: notebooks to run instead.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from nbrun import ROOT, execute, lesson_notebooks, problems  # noqa: E402

AIM_SECONDS = 180


def main(argv: list[str]) -> int:
    paths = [Path(a).resolve() for a in argv] or lesson_notebooks()
    if not paths:
        print("no notebooks in lessons/ yet")
        return 0
    start = time.perf_counter()
    troubled = 0
    for path in paths:
        notebook, seconds = execute(path)
        found = problems(notebook)
        troubled += bool(found)
        note = f"  {len(found)} problem(s): {found[0]}" if found else ""
        name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path
        print(f"{seconds:7.1f} s  {name}{note}", flush=True)
    total = time.perf_counter() - start
    print(f"{total:7.1f} s  total for {len(paths)} notebooks (aim: under {AIM_SECONDS} s; "
          f"{'met' if total < AIM_SECONDS else 'NOT met'}), {troubled} with problems")
    return 1 if troubled else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
