"""Suite-wide order: the browser tier last in one process; the longest files first under xdist.

Playwright's sync API (tests/browser) keeps an asyncio event loop running in the main thread
from its first test to the end of the session, and ``asyncio.run`` refuses to start inside a
running loop. In one process the browser tests run after the others, whatever their file names;
under pytest-xdist a worker takes whole files in the scheduler's order, so tests that run
coroutines themselves (the inline widget back end, the Lite first cell's ``setup()``) use
``fresh_loop.run``, which steps out of a running loop.

Under ``--dist loadfile`` the workers take the files longest first (``durations.json``: each
file's seconds in a measured run: a clean clone's ``.ci/run``, 2026-12-06, 28 min), so that no
long file (a browser module, the hub, a game tree) starts last and runs alone at the end.
``SWKIT_TEST_DURATIONS=FILE`` writes this run's seconds per file into FILE, in that form, to
refresh it.
"""

from __future__ import annotations

import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

BROWSER = Path(__file__).parent / "browser"
DURATIONS = Path(__file__).parent / "durations.json"
_seconds: defaultdict[str, float] = defaultdict(float)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move every test under tests/browser/ after the others (a stable sort: the order within
    each group is unchanged)."""
    items.sort(key=lambda item: Path(str(item.path)).is_relative_to(BROWSER))


def _file_seconds() -> dict[str, float]:
    try:
        return {str(k): float(v) for k, v in json.loads(DURATIONS.read_text("utf-8")).items()}
    except (OSError, ValueError, AttributeError):
        return {}


@pytest.hookimpl(optionalhook=True)     # xdist's hook: pytest without xdist runs too
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``--dist loadfile`` with the files handed out longest first (their seconds in
    ``durations.json``; a file not there counts 0 and keeps xdist's place); any other mode as
    xdist makes it."""
    if config.getoption("dist", None) != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    seconds = _file_seconds()

    class LongestFileFirst(LoadFileScheduling):
        def _assign_work_unit(self, node: Any) -> None:
            queue = sorted(self.workqueue.items(), key=lambda unit: -seconds.get(unit[0], 0.0))
            self.workqueue.clear()
            self.workqueue.update(queue)
            super()._assign_work_unit(node)

    return LongestFileFirst(config, log)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if os.environ.get("SWKIT_TEST_DURATIONS"):
        _seconds[report.nodeid.split("::")[0]] += report.duration


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = os.environ.get("SWKIT_TEST_DURATIONS")
    if out and _seconds and not hasattr(session.config, "workerinput"):   # the controller
        ordered = dict(sorted(((k, round(v, 1)) for k, v in _seconds.items()),
                              key=lambda kv: -kv[1]))
        Path(out).write_text(json.dumps(ordered, indent=1) + "\n", encoding="utf-8")
