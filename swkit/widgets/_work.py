"""Where a widget's slow work runs: on a worker thread, or inline on the kernel's event loop.

Two back ends behind one interface, chosen per widget when it is made:

- ``"thread"`` (CPython, the default where a thread can start): each job runs on a daemon
  worker thread; a bot's pause is ``time.sleep`` on that thread. The kernel stays free, so the
  table never freezes.
- ``"inline"`` (Pyodide/JupyterLite, where ``threading.Thread.start()`` raises
  ``RuntimeError: can't start new thread`` and ``time.sleep`` would block the kernel): a job
  is handed to the running asyncio event loop (``loop.call_later``), so it runs after the
  callback that asked for it has returned and its placeholder ("computing…") has reached the
  page; a bot's pause is a ``call_later`` delay, which blocks nothing. With no event loop
  running (a plain script, pytest) a job waits in the queue until ``wait_idle()`` runs it.

``wait_idle()`` means the same under both: when it returns, no job is pending or running
(under "inline" it runs the queued jobs at once, in order, skipping the bots' pauses).

The back end is detected (:func:`detect_backend`); the environment variable
``SWKIT_WIDGETS_BACKEND`` (``thread`` or ``inline``) or :func:`set_backend` forces one (tests
run every widget test under both).
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable
from typing import Any

__all__ = ["BACKENDS", "ENV_VAR", "Runner", "current_backend", "detect_backend",
           "make_runner", "set_backend"]

BACKENDS = ("thread", "inline")
"""The back ends' names."""
ENV_VAR = "SWKIT_WIDGETS_BACKEND"
"""The environment variable that forces a back end (``thread`` or ``inline``)."""

_forced: str | None = None
_threads_work: bool | None = None

Step = Callable[[], "float | None"]
"""One step of a loop: does its work and returns the pause (seconds) before the next step, or
None when the loop is over."""


def _check(name: str, where: str) -> str:
    if name not in BACKENDS:
        raise ValueError(f"{where}: unknown widget back end {name!r}; "
                         f"use one of {', '.join(BACKENDS)}")
    return name


def _can_start_a_thread() -> bool:
    """True when this Python can start a thread (probed once: Pyodide raises RuntimeError)."""
    global _threads_work
    if _threads_work is None:
        if sys.platform in ("emscripten", "wasi"):
            _threads_work = False
        else:
            try:
                probe = threading.Thread(target=lambda: None, name="swkit-probe", daemon=True)
                probe.start()
                probe.join()
                _threads_work = True
            except RuntimeError:
                _threads_work = False
    return _threads_work


def detect_backend() -> str:
    """``"thread"`` where a thread can start, else ``"inline"`` (ignores any forcing)."""
    return "thread" if _can_start_a_thread() else "inline"


def current_backend() -> str:
    """The back end a widget made now gets: the one :func:`set_backend` forced, else the one
    ``SWKIT_WIDGETS_BACKEND`` names, else :func:`detect_backend`'s.

    Raises ValueError when the environment variable names no back end."""
    if _forced is not None:
        return _forced
    named = os.environ.get(ENV_VAR, "").strip()
    if named:
        return _check(named, ENV_VAR)
    return detect_backend()


def set_backend(name: str | None) -> None:
    """Force the back end of widgets made from now on: ``"thread"``, ``"inline"``, or None to go
    back to the environment variable or detection. Raises ValueError for another name, and
    RuntimeError for ``"thread"`` where no thread can start."""
    global _forced
    if name is not None:
        _check(name, "set_backend")
        if name == "thread" and not _can_start_a_thread():
            raise RuntimeError("set_backend: this Python cannot start a thread (Pyodide); "
                               "use 'inline'")
    _forced = name


def _event_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that will run a job later, or None (then ``wait_idle`` runs it)."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if sys.platform == "emscripten":      # Pyodide's WebLoop (setTimeout), set by its policy
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                return asyncio.get_event_loop()
            except RuntimeError:
                return None
    return None


class Runner:
    """A widget's jobs on one back end (``kind``). Jobs never raise: the widget wraps them."""

    def __init__(self, kind: str) -> None:
        self.kind = _check(kind, "Runner")
        self._threads: list[threading.Thread] = []
        self._queue: list[list[Any]] = []     # [job, loop handle or None], oldest first
        self._running = 0

    # -- starting work ------------------------------------------------------------------------
    def submit(self, job: Callable[[], None], name: str = "swkit-worker") -> None:
        """Run ``job()`` in the background: on a new thread, or later on the event loop."""
        if self.kind == "thread":
            thread = threading.Thread(target=job, name=name, daemon=True)
            self._threads = [t for t in self._threads if t.is_alive()] + [thread]
            thread.start()
        else:
            self._later(job, 0.0)

    def loop(self, step: Step, pause: float, name: str = "swkit-steps") -> None:
        """Run ``step()`` after ``pause`` seconds, then again after the pause it returns, until
        it returns None. On a thread the pauses are ``time.sleep`` on that thread; inline each
        step is its own job on the event loop (the page stays live between steps)."""
        if self.kind == "thread":
            def run() -> None:
                delay: float | None = pause
                while delay is not None:
                    if delay > 0:
                        time.sleep(delay)
                    delay = step()

            self.submit(run, name)
            return

        def one() -> None:
            delay = step()
            if delay is not None:
                self._later(one, delay)

        self._later(one, pause)

    def _later(self, job: Callable[[], None], delay: float) -> None:
        entry: list[Any] = [job, None]
        self._queue.append(entry)
        loop = _event_loop()
        if loop is not None:
            entry[1] = loop.call_later(max(0.0, delay), self._fire, entry)

    def _fire(self, entry: list[Any]) -> None:
        if entry in self._queue:          # not already run by wait() nor dropped by cancel()
            self._queue.remove(entry)
            self._run(entry[0])

    def _run(self, job: Callable[[], None]) -> None:
        self._running += 1
        try:
            job()
        finally:
            self._running -= 1

    # -- waiting and dropping -----------------------------------------------------------------
    def busy(self) -> bool:
        """True while a job is pending or running."""
        if self.kind == "thread":
            return any(t.is_alive() for t in self._threads)
        return bool(self._queue) or self._running > 0

    def wait(self, timeout: float = 60.0) -> None:
        """Return once no job is pending or running (or ``timeout`` seconds have passed).

        Threads are joined, including the jobs they start meanwhile. Inline, the queued jobs
        run now, oldest first, with no pauses (a job cannot be cut short: the timeout is
        checked between jobs). Called from inside a job, inline, it runs the others."""
        deadline = time.monotonic() + timeout
        if self.kind == "thread":
            me = threading.current_thread()
            while True:
                alive = [t for t in list(self._threads) if t.is_alive() and t is not me]
                if not alive or time.monotonic() > deadline:
                    return
                for t in alive:
                    t.join(max(0.0, deadline - time.monotonic()))
        while self._queue and time.monotonic() <= deadline:
            entry = self._queue.pop(0)
            if entry[1] is not None:
                entry[1].cancel()
            self._run(entry[0])

    def cancel(self) -> None:
        """Drop the inline jobs not started yet (a running thread cannot be stopped: it is
        left to finish, and its result is dropped by the widget)."""
        for entry in self._queue:
            if entry[1] is not None:
                entry[1].cancel()
        self._queue.clear()


def make_runner() -> Runner:
    """A Runner on :func:`current_backend`'s back end."""
    return Runner(current_backend())
