"""The widgets' two back ends: detection, forcing, and the inline back end on a
running asyncio event loop, as a Pyodide kernel runs it (no thread can start, ``time.sleep``
would block the page). The widgets' own tests run under both back ends through
``tests/widget_backends.py``; these tests check what only the inline back end promises."""

from __future__ import annotations

import asyncio
import threading
import time

import fresh_loop
import pytest

from swkit.cards.bots import GreedyBot
from swkit.widgets import CardTable, DiceCup, OddsExplorer, _work, current_backend, set_backend


@pytest.fixture
def no_threads(monkeypatch):
    """Python as Pyodide has it: ``Thread.start`` raises, and so does ``time.sleep`` (it would
    block the kernel's worker, the page with it); the back end is detected afresh."""

    def cannot_start(self):
        raise RuntimeError("can't start new thread")

    def must_not_sleep(seconds):
        raise AssertionError(f"time.sleep({seconds}) would block the page")

    monkeypatch.setattr(threading.Thread, "start", cannot_start)
    monkeypatch.setattr(time, "sleep", must_not_sleep)
    monkeypatch.setattr(_work, "_threads_work", None)
    monkeypatch.delenv(_work.ENV_VAR, raising=False)
    set_backend(None)
    yield
    set_backend(None)


def test_detection_picks_threads_where_they_start_and_inline_where_not(monkeypatch):
    monkeypatch.delenv(_work.ENV_VAR, raising=False)
    set_backend(None)
    assert _work.detect_backend() == "thread" and current_backend() == "thread"
    monkeypatch.setattr(_work, "_threads_work", None)
    monkeypatch.setattr(threading.Thread, "start",
                        lambda self: (_ for _ in ()).throw(RuntimeError("can't start new thread")))
    assert _work.detect_backend() == "inline" and current_backend() == "inline"
    with pytest.raises(RuntimeError, match="cannot start a thread"):
        set_backend("thread")


def test_forcing_by_name_and_by_the_environment(monkeypatch):
    monkeypatch.setenv(_work.ENV_VAR, "inline")
    set_backend(None)
    assert current_backend() == "inline" and DiceCup(players=1, seed=1).backend == "inline"
    set_backend("thread")                      # set_backend wins over the variable
    try:
        assert current_backend() == "thread" and DiceCup(players=1, seed=1).backend == "thread"
    finally:
        set_backend(None)
    monkeypatch.setenv(_work.ENV_VAR, "threads")
    with pytest.raises(ValueError, match="SWKIT_WIDGETS_BACKEND: unknown widget back end "
                                         "'threads'; use one of thread, inline"):
        current_backend()
    with pytest.raises(ValueError, match="set_backend: unknown widget back end 'fast'"):
        set_backend("fast")


def test_without_threads_a_card_turn_with_the_hint_plays_through_wait_idle(no_threads):
    w = CardTable(players=2, seed=3, bot_delay=0.5)
    assert w.backend == "inline"
    w.hint_toggle.value = True
    w.wait_idle()
    assert w.errors == [] and not w.busy
    played = 0
    while played < 3 and not w.game.is_terminal():
        assert w.game.current_player() == 0
        w.act(GreedyBot().choose(w.game))
        w.wait_idle()                            # the bots' replies, pauses skipped, the hint
        assert w.errors == [] and not w.busy
        played += 1
    assert "computing" not in w.hint.value and "within two of your turns" in w.hint.value


def _run(coroutine_function):
    """Run the test body on an event loop, threads still refused (as in Pyodide)."""
    return fresh_loop.run(coroutine_function())


async def _until(condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the work never finished on the event loop"
        await asyncio.sleep(0.005)


def test_on_an_event_loop_the_hint_shows_computing_first_then_the_answer(no_threads):
    async def body():
        w = CardTable(players=2, seed=3, bot_delay=0)
        await _until(lambda: not w.busy and not w._runner.busy())
        w.hint_toggle.value = True
        # the callback has returned: the page has "computing…", the answer is not in yet
        assert "computing…" in w.hint.value and "score this turn" in w.hint.value
        await _until(lambda: "computing" not in w.hint.value)   # no wait_idle: the loop ran it
        assert w.errors == []
        return w

    w = _run(body)
    assert "score within two of your turns" in w.hint.value and w.hint_odds[2] is not None


def test_on_an_event_loop_the_bots_pauses_leave_the_page_live(no_threads):
    async def body():
        w = DiceCup(players=2, seed=1, bot_delay=0.02)
        w.roll_button.click()
        next(iter(w.score_buttons.values())).click()     # the bot's turn starts
        assert w._busy and w.roll_button.disabled
        ticks_while_busy = 0
        while w._busy:                                 # other work runs between bot moves
            ticks_while_busy += 1
            await asyncio.sleep(0.005)
            assert ticks_while_busy < 10_000
        assert w.errors == [] and not w.roll_button.disabled
        assert "Your turn: press Roll!" in w.call.value
        return w, ticks_while_busy

    w, ticks = _run(body)
    assert ticks >= 5          # six bot moves at least 0.02 s apart: many 5 ms ticks between
    twin = DiceCup(players=2, seed=1, bot_delay=0)
    twin.roll_button.click()
    next(iter(twin.score_buttons.values())).click()
    twin.wait_idle()
    assert twin.game.to_json() == w.game.to_json()     # the same game on either timing


def test_on_an_event_loop_a_stale_answer_is_dropped_and_an_error_is_shown(no_threads):
    async def body():
        ex = OddsExplorer()
        await _until(lambda: not ex._runner.busy())
        seen = []
        ex.in_background(lambda: "old", seen.append)
        ex.in_background(lambda: 1 / 0, seen.append)
        ex.in_background(lambda: "new", seen.append)
        await _until(lambda: not ex._runner.busy())
        return ex, seen

    ex, seen = _run(body)
    assert seen == ["new"]                             # the two stale jobs never ran
    assert ex.errors == []
    boom = OddsExplorer()
    boom.wait_idle()
    boom.in_background(lambda: 1 / 0, print)
    boom.wait_idle()
    assert len(boom.errors) == 1 and isinstance(boom.errors[0], ZeroDivisionError)
    assert "ZeroDivisionError" in boom.message.value


def test_wait_idle_inside_a_running_loop_finishes_the_work(no_threads):
    async def body():
        w = CardTable(players=2, seed=3, bot_delay=0.5)
        w.hint_toggle.value = True
        w.wait_idle()                                  # a cell calling wait_idle in Lite
        assert not w.busy and not w._runner.busy() and "computing" not in w.hint.value
        return w

    assert _run(body).errors == []


@pytest.mark.slow
def test_in_a_real_kernel_the_inline_back_end_plays_the_bots_between_cells(monkeypatch):
    """An IPython kernel (its own asyncio loop, as a Lite kernel has one) forced to "inline":
    after the click the bots' turn is pending; the kernel's loop plays it while no cell runs,
    with no wait_idle."""
    from jupyter_client.manager import start_new_kernel

    monkeypatch.setenv(_work.ENV_VAR, "inline")
    km, kc = start_new_kernel(kernel_name="python3")
    printed: list[str] = []

    def run(code: str) -> None:
        reply = kc.execute_interactive(code, timeout=60, output_hook=lambda m: printed.append(
            m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
        assert reply["content"]["status"] == "ok", reply["content"]

    try:
        run("from swkit.widgets import DiceCup\n"
            "cup = DiceCup(players=2, seed=1, bot_delay=0.1)\n"
            "cup.roll_button.click()\n"
            "next(iter(cup.score_buttons.values())).click()\n"
            "print(cup.backend, cup._busy)")
        assert printed[-1].split() == ["inline", "True"]
        deadline = time.monotonic() + 30
        while True:
            run("print(cup._busy, cup.game.turn, len(cup.errors))")
            if printed[-1].split()[0] == "False" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert printed[-1].split() == ["False", "2", "0"]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_the_tests_coroutines_run_inside_a_loop_already_running_as_in_a_browser_worker():
    """Playwright's sync API leaves a loop running in the worker's main thread; the bodies above
    still run (``asyncio.run`` would refuse), and that loop is running again after."""
    async def inner():
        await asyncio.sleep(0)
        return asyncio.get_running_loop()

    async def outer():
        mine = asyncio.get_running_loop()
        refused = inner()
        with pytest.raises(RuntimeError, match="running event loop"):
            asyncio.run(refused)                 # what the bodies met in CI
        refused.close()
        theirs = _run(inner)
        assert theirs is not mine and theirs.is_closed()
        assert asyncio.get_running_loop() is mine
        return True

    assert _run(outer)          # itself inside a browser worker's loop, or none
