"""The shared widget machinery: no exception is swallowed, refusals are shown in words,
background work shows a placeholder, then the answer, and drops stale answers."""

from __future__ import annotations

import threading

import ipywidgets as widgets
import pytest

from swkit.errors import IllegalActionError
from swkit.widgets._base import SwkitWidget


def test_a_refusal_is_shown_in_words_and_is_not_an_error():
    w = SwkitWidget()

    def refuse(_button):
        raise IllegalActionError("R5 R7 R8 is not a run: 5 and 7 are not consecutive")

    button = widgets.Button(description="Play")
    button.on_click(w.guard(refuse))
    button.click()
    assert "not a run" in w.message.value
    assert w.errors == []


def test_an_unexpected_exception_is_shown_and_recorded():
    w = SwkitWidget()
    button = widgets.Button(description="Boom")
    button.on_click(w.guard(lambda _b: 1 / 0))
    button.click()
    assert len(w.errors) == 1 and isinstance(w.errors[0], ZeroDivisionError)
    assert "ZeroDivisionError" in w.message.value


def test_an_exception_inside_an_output_context_still_propagates():
    w = SwkitWidget()
    out = widgets.Output()

    def draw(_button):
        with w.drawing(out):
            raise KeyError("chart")

    button = widgets.Button()
    button.on_click(w.guard(draw))
    button.click()
    assert len(w.errors) == 1 and isinstance(w.errors[0], KeyError)


def test_background_work_shows_a_placeholder_then_the_answer():
    w = SwkitWidget()
    label = widgets.HTML("")
    release = threading.Event()

    def compute():
        release.wait(5)
        return "P = 1/31"

    w.in_background(compute, lambda r: setattr(label, "value", r),
                    lambda: setattr(label, "value", "computing…"))
    assert label.value == "computing…"
    release.set()
    w.wait_idle()
    assert label.value == "P = 1/31"
    assert w.errors == []


def test_a_stale_answer_is_dropped():
    w = SwkitWidget()
    label = widgets.HTML("")
    release = threading.Event()

    def slow():
        release.wait(5)
        return "old"

    w.in_background(slow, lambda r: setattr(label, "value", r))
    w.in_background(lambda: "new", lambda r: setattr(label, "value", r))
    release.set()
    w.wait_idle()
    assert label.value == "new"


@pytest.mark.parametrize("kind", ["info", "refused", "error"])
def test_messages_are_escaped_and_announced(kind):
    w = SwkitWidget()
    w.say("<b>R5</b>", kind)
    assert "&lt;b&gt;" in w.message.value and 'aria-live="polite"' in w.message.value
