"""Run a coroutine to its end on a new event loop, whatever loop this thread is already running.

Playwright's sync API (tests/browser) keeps an asyncio event loop running in the main thread of a
pytest worker from its first browser test on, and ``asyncio.run`` refuses to start inside it.
Which files a worker runs, and in what order, is pytest-xdist's choice (it puts the files with
the most tests first), so a test that runs a coroutine itself (the inline widget back end, the
Lite first cell) cannot count on running before every browser test. ``run`` steps out of the
running loop for the call and back in after it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)``, also inside a running loop (which is left running as it was).

    The coroutine runs on a new loop in this thread; the loop is closed after it, with its async
    generators shut down, as ``asyncio.run`` does."""
    try:
        running = asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    asyncio.events._set_running_loop(None)
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(coroutine)
    finally:
        try:
            loop.run_until_complete(loop.shutdown_asyncgens())
        finally:
            loop.close()
            asyncio.events._set_running_loop(running)
