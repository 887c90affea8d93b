"""Suite-wide collection order: the browser tier runs last.

Playwright's sync API (tests/browser) keeps an asyncio event loop running in the main thread
from its first test to the end of the session, and ``asyncio.run`` refuses to start inside a
running loop. In one process the browser tests run after the others, whatever their file names;
under pytest-xdist a worker takes whole files in its own order (the files with the most tests
first), so tests that run coroutines themselves (the inline widget back end, the Lite first
cell's ``setup()``) use ``fresh_loop.run``, which steps out of a running loop.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER = Path(__file__).parent / "browser"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Move every test under tests/browser/ after the others (a stable sort: the order within
    each group is unchanged)."""
    items.sort(key=lambda item: Path(str(item.path)).is_relative_to(BROWSER))
