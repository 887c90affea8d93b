"""The widgets' two back ends as a fixture: a widget test module that imports ``backend``
runs every test twice, once with the work on threads (CPython) and once inline (what Pyodide
gets: no thread can start, work waits for the event loop or ``wait_idle()``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from swkit.widgets import set_backend


@pytest.fixture(autouse=True, params=["thread", "inline"])
def backend(request: pytest.FixtureRequest) -> Iterator[str]:
    """The back end every widget made in the test gets (autouse: runs before the test's
    other fixtures make their widgets)."""
    set_backend(request.param)
    yield request.param
    set_backend(None)
