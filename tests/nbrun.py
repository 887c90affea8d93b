"""Run a notebook top to bottom as CI does, and list what a student must never see.

Used by ``tests/test_notebooks.py`` and ``bench/lessons.py``. A notebook runs in a fresh
``python3`` kernel (nbclient) whose working folder is the notebook's own and whose ``swkit`` is
this checkout's. A *problem* is an error output, any text on stderr, or a warning (Python
prints warnings on stderr; they are told apart by their text). The kernel's warning filters are
Python's defaults, as a student's kernel has them.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import nbformat
from jupyter_client.manager import KernelManager
from jupyter_core.paths import jupyter_runtime_dir
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"

CELL_TIMEOUT = 600
"""Seconds one cell may run: generous, it only catches a hang (a lesson runs in ~20 s)."""


@dataclass(frozen=True)
class Problem:
    """Something a notebook showed that a student must never see.

    ``cell``: the cell's index (0-based, markdown cells counted). ``kind``: ``"error"``,
    ``"warning"`` or ``"stderr"``. ``text``: the first lines of what was shown.
    """

    cell: int
    kind: str
    text: str

    def __str__(self) -> str:
        return f"cell {self.cell}: {self.kind}: {self.text}"


def lesson_notebooks() -> list[Path]:
    """Every lesson and every worked answer: ``lessons/*.ipynb``, ``lessons/solutions/*.ipynb``."""
    return sorted(LESSONS.glob("*.ipynb")) + sorted(LESSONS.glob("solutions/*.ipynb"))


BROWSER_MISSING = ("numpy", "matplotlib")
"""What a browser kernel (the swkit site's Pyodide) cannot import: :func:`execute` with
``missing=BROWSER_MISSING`` runs a notebook in a CPython kernel that cannot either."""

_BLOCKER = """\
import sys


class _Missing:
    \"\"\"Refuses to import {names} (and their submodules), as a browser kernel would.\"\"\"

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {names!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None


sys.meta_path.insert(0, _Missing())
"""


def kernel_env(missing: tuple[str, ...] = ()) -> dict[str, str]:
    """The kernel's environment: this one, with the checkout first on PYTHONPATH; with
    ``missing``, a ``sitecustomize`` first of all that makes those packages unimportable."""
    env = dict(os.environ)
    parts = [str(ROOT), env.get("PYTHONPATH")]
    if missing:
        folder = Path(tempfile.mkdtemp(prefix="swkit-missing-"))
        (folder / "sitecustomize.py").write_text(_BLOCKER.format(names=tuple(missing)))
        parts.insert(0, str(folder))
    env["PYTHONPATH"] = os.pathsep.join(p for p in parts if p)
    return env


def execute(path: Path, timeout: int = CELL_TIMEOUT,
            missing: tuple[str, ...] = ()) -> tuple[nbformat.NotebookNode, float]:
    """Run the notebook at ``path`` top to bottom; return it with its outputs and the seconds.

    Errors do not stop the run (each is reported by :func:`problems`); a cell running longer
    than ``timeout`` seconds raises nbclient's ``CellTimeoutError``. ``missing``: packages
    the kernel cannot import (e.g. :data:`BROWSER_MISSING`).
    """
    notebook = nbformat.read(path, as_version=4)
    km = kernel_manager()
    client = NotebookClient(notebook, timeout=timeout, startup_timeout=120, km=km,
                            kernel_name="python3", allow_errors=True,
                            resources={"metadata": {"path": str(path.parent)}})
    start = time.perf_counter()
    try:
        client.execute(env=kernel_env(missing))
    finally:
        if km.has_kernel:
            km.shutdown_kernel(now=False)
        km.cleanup_resources()
    return notebook, time.perf_counter() - start


def kernel_manager() -> KernelManager:
    """A python3 kernel manager; on POSIX over IPC (Unix sockets in Jupyter's runtime folder),
    so the kernel does not warn "Kernel is running over TCP without encryption" and leaves no
    socket files in the notebook's folder."""
    if os.name != "posix":
        return KernelManager(kernel_name="python3")
    runtime = Path(jupyter_runtime_dir())
    runtime.mkdir(parents=True, exist_ok=True)
    return KernelManager(kernel_name="python3", transport="ipc",
                         ip=str(runtime / f"swkit-nbrun-{uuid.uuid4().hex}"))


def _first_lines(text: str, lines: int = 6) -> str:
    text = re.sub(r"\x1b\[[0-9;]*m", "", text)  # colored tracebacks
    return "\n".join(text.strip().splitlines()[:lines])


def problems(notebook: nbformat.NotebookNode) -> list[Problem]:
    """Every error output, warning and stderr text in an executed notebook, in order."""
    found = []
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            if output.get("output_type") == "error":
                text = "\n".join(output.get("traceback") or []) or (
                    f"{output.get('ename')}: {output.get('evalue')}")
                found.append(Problem(index, "error", _first_lines(text, 12)))
            elif output.get("output_type") == "stream" and output.get("name") == "stderr":
                text = output.get("text", "")
                kind = "warning" if re.search(r"\w*Warning\b", text) else "stderr"
                found.append(Problem(index, kind, _first_lines(text)))
    return found


def stored_outputs(path: Path) -> list[str]:
    """What a stored notebook should not hold: outputs and execution counts, one line each."""
    notebook = nbformat.read(path, as_version=4)
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        if cell.get("outputs"):
            found.append(f"cell {index}: {len(cell.outputs)} stored output(s)")
        if cell.get("execution_count") is not None:
            found.append(f"cell {index}: execution count {cell.execution_count}")
    return found


CHECK_CALL = re.compile(r"""\bcheck\(\s*["'](\d+\.\d+)["']""")


def _shown_text(cell: nbformat.NotebookNode) -> str:
    """What a student sees of a cell: its source and the text of its outputs."""
    parts = [cell.source]
    for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
        parts.append(output.get("text", ""))
        for mime, data in output.get("data", {}).items():
            if mime.startswith("text/"):
                parts.append(data if isinstance(data, str) else "".join(data))
    return "\n".join(parts)


def answer_patterns(answer: object) -> list[re.Pattern[str]]:
    """How an exercise's answer would read if a lesson showed it: a whole number of 100 or more
    (plain or with thousands commas), a fraction as p/q, Fraction(p, q) or LaTeX, or a text.
    (Small whole numbers are everywhere in a lesson and give nothing away.)"""
    from fractions import Fraction

    def number(text: str) -> re.Pattern[str]:
        return re.compile(rf"(?<![\w.,/]){re.escape(text)}(?![\w/]|[.,]\d)")

    if isinstance(answer, bool):
        return []
    if isinstance(answer, int):
        return [number(str(answer)), number(f"{answer:,}")] if abs(answer) >= 100 else []
    if isinstance(answer, Fraction):
        p, q = answer.numerator, answer.denominator
        if q == 1:
            return answer_patterns(p)
        return [number(f"{p}/{q}"), re.compile(rf"(Fraction|Rational)\({p}, {q}\)"),
                re.compile(re.escape(rf"\frac{{{p}}}{{{q}}}"))]
    if isinstance(answer, str):
        return [re.compile(rf"(?<!\w){re.escape(answer)}(?!\w)", re.IGNORECASE)]
    return []


SHOWN_NUMBER = re.compile(r"(?<![\w.])(\d{1,3}(?:,\d{3})+|\d+)(?![\w.]|,\d)")


def count_and_total(answer: object, text: str) -> tuple[int, int] | None:
    """For a probability ``answer`` p/q, two whole numbers of 100 or more shown in ``text``
    whose quotient it is (the event's count and the number of outcomes, such as 1360 and
    117480 for 34/2937): a division away from the answer. None when there are none."""
    from fractions import Fraction

    if not isinstance(answer, Fraction) or answer.denominator == 1 or not 0 < answer < 1:
        return None
    shown = {int(n.replace(",", "")) for n in SHOWN_NUMBER.findall(text)}
    shown = {n for n in shown if n >= 100}
    for count in sorted(shown):
        total = count / answer
        if total.denominator == 1 and int(total) in shown:
            return count, int(total)
    return None


SHOWN_FRACTION = re.compile(r"(?:Fraction|Rational)\((\d+), (\d+)\)"
                            r"|(?<![\w.,/])(\d+)/(\d+)(?![\w/]|[.,]\d)")


def shown_sum(answer: object, text: str) -> list[str] | None:
    """For a probability ``answer``, two or more fractions shown one after another in ``text``
    (a printed distribution) that add up to it, such as 10/243 and 1/243 for 11/243 ("count at
    least 4"): an addition away from the answer. A row of a table is read on its own (a sum
    running from one row into the next is no sum a student would make). None when there are
    none."""
    from fractions import Fraction

    if not isinstance(answer, Fraction) or answer.denominator == 1 or not 0 < answer < 1:
        return None
    # a table row ("| 3 | 4/9 | 4/9 | 1/9 |") is a group of its own; other lines run together
    groups = re.split(r"^(\|.*)$", text, flags=re.MULTILINE)
    for group in groups:
        shown = [(m[0], Fraction(int(m[1] or m[3]), int(m[2] or m[4])))
                 for m in SHOWN_FRACTION.finditer(group) if int(m[2] or m[4])]
        for start in range(len(shown)):
            total = Fraction(0)
            for end in range(start, len(shown)):
                total += shown[end][1]
                if end > start and total == answer:
                    return [text for text, _ in shown[start:end + 1]]
    return None


def answer_leaks(notebook: nbformat.NotebookNode) -> list[str]:
    """Exercises whose answer the notebook shows before the exercise's check cell (in a cell's
    source or output), or whose probability is a division of two whole numbers shown there
    (:func:`count_and_total`) or a sum of fractions a cell shows in a row (:func:`shown_sum`),
    and check cells that show a value under their message; one line
    each."""
    from swkit.exercises import get

    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        for key in CHECK_CALL.findall(cell.source):
            if any(o.get("output_type") == "execute_result" for o in cell.get("outputs", [])):
                found.append(f"cell {index}: check({key!r}, ...) shows a value under its message")
            before = "\n".join(_shown_text(c) for c in notebook.cells[:index])
            answer = get(key).answer()
            for pattern in answer_patterns(answer):
                match = pattern.search(before)
                if match:
                    around = before[max(0, match.start() - 40):match.end() + 20]
                    found.append(f"exercise {key}: its answer is shown above it: ...{around!r}...")
                    break
            else:
                pair = count_and_total(answer, before)
                if pair:
                    found.append(f"exercise {key}: its answer {answer} is {pair[0]}/{pair[1]}, "
                                 f"and both numbers are shown above it")
                for above in notebook.cells[:index]:
                    terms = shown_sum(answer, _shown_text(above))
                    if terms:
                        found.append(f"exercise {key}: its answer {answer} is the sum of "
                                     f"{' + '.join(terms)}, shown one after another above it")
                        break
    return found


RAW_FRACTION = re.compile(r"(?:Fraction|Rational)\(\d+, \d+\)")
LONG_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d{10,}")


def raw_reprs(notebook: nbformat.NotebookNode) -> list[str]:
    """Outputs a student would read as Python rather than as numbers: ``Fraction(25, 2838)``
    (print it: 25/2838) or a decimal with ten or more digits (round it); one line each."""
    found = []
    for index, cell in enumerate(notebook.cells):
        if cell.cell_type != "code":
            continue
        shown = _shown_text(cell)[len(cell.source):]
        for pattern in (RAW_FRACTION, LONG_DECIMAL):
            match = pattern.search(shown)
            if match:
                found.append(f"cell {index}: shows {match[0]!r}")
    return found
