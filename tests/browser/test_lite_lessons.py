"""Every lesson and every solution of the swkit site, run top to bottom in a real Lite kernel,
offline (the site built and served as it is, Python included: tests/browser/lite_site.py).

One test per notebook, in its own page: the notebook opens in the single-notebook interface
from the site's lessons folder, Run All Cells runs it, and the test fails on any error output or
stderr text (the lesson's own asserts included), on any code cell left unrun, and on any
request leaving 127.0.0.1 or answered with an error. Lesson 1's chart and lesson 10's table are
saved as build/screenshots/lite-lesson1-chart.png and lite-lesson10-table.png. Each notebook's
times (page open to kernel ready, Run All) go to build/lite-lessons-record.json.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from lite_site import (  # noqa: F401  (fixtures: built_site, site_server, site_requests)
    KERNELS,
    ROOT,
    UNRUN,
    Server,
    built_site,
    no_tracebacks,
    notebook_url,
    open_notebook,
    picture,
    run_all,
    site_requests,
    site_server,
)
from playwright.sync_api import Page

from swkit.cli.site import SiteReport

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SITE_OPTIONS = {"solutions": True}
"""The teacher's copy: the worked answers run in the browser too."""

LESSONS = ROOT / "lessons"
NOTEBOOKS = sorted([*LESSONS.glob("*.ipynb"), *LESSONS.glob("solutions/*.ipynb")])
RECORD = ROOT / "build" / "lite-lessons-record.json"
RUN_ALL_SECONDS = 900
"""The longest lesson runs in about a minute under CPython here; Pyodide is slower, and a loaded
CI machine slower again."""

PICTURES = {
    "01-counting-sets-and-runs.ipynb": (  # swkit.plots' SVG chart: role="img", title, desc
        "lite-lesson1-chart", "(o) => !!o.querySelector('svg[role=img] desc')"),
    "10-playing-to-win.ipynb": (  # the first of its printed tables of moves (show(...))
        "lite-lesson10-table", "(o) => o.textContent.includes('exact fractions, with a decimal')"),
}
"""Notebook -> (screenshot name, a test on an output area choosing the first one to save)."""


def record_times(name: str, times: dict) -> None:
    """Add one notebook's times to build/lite-lessons-record.json."""
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    saved = json.loads(RECORD.read_text("utf-8")) if RECORD.is_file() else {}
    saved[name] = times
    RECORD.write_text(json.dumps(saved, indent=1, sort_keys=True) + "\n", "utf-8")


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.relative_to(LESSONS).as_posix())
def test_the_notebook_runs_in_the_lite_kernel(
        notebook: Path, page: Page, site_server: Server,  # noqa: F811
        built_site: tuple[SiteReport, dict], site_requests: dict,  # noqa: F811
        offline: list[str]) -> None:
    name = notebook.relative_to(LESSONS).as_posix()
    ready = open_notebook(page, notebook_url(site_server, f"{built_site[0].lessons}/{name}"))
    assert page.evaluate(KERNELS) == 1
    started = time.perf_counter()
    run_all(page, timeout=RUN_ALL_SECONDS)
    ran = time.perf_counter() - started
    assert page.evaluate(UNRUN) == 0
    outputs = page.locator(".jp-OutputArea-output")
    no_tracebacks(page, outputs)
    record_times(name, {"kernel_ready_seconds": round(ready, 1),
                        "run_all_seconds": round(ran, 1),
                        "requests": site_requests["requests"],
                        "bytes": site_requests["bytes"]})
    if notebook.name in PICTURES:
        label, test = PICTURES[notebook.name]
        chosen = [n for n in range(outputs.count()) if outputs.nth(n).evaluate(test)]
        assert chosen, f"{name}: no output to take {label} from"
        picture(outputs.nth(chosen[0]), label)
