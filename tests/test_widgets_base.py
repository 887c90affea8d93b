"""The shared widget machinery: no exception is swallowed, refusals are shown in words,
background work shows a placeholder, then the answer, and drops stale answers."""

from __future__ import annotations

import threading

import ipywidgets as widgets
import pytest
from widget_backends import backend  # noqa: F401 - every test under both back ends

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
    assert "&lt;b&gt;" in w.message.value
    # announced through the widget's one live region, not a second region of its own
    assert 'aria-live' not in w.message.value
    assert w.announced == ["<b>R5</b>"]
    assert "&lt;b&gt;" in w.live_text.value and "aria-live" not in w.live_text.value
    region, text = w.live.children          # the region stays; it owns the text by its id
    assert text is w.live_text and 'role="status" aria-live="polite"' in region.value
    assert f'aria-owns="{w._live_owned}"' in region.value
    assert f'<div id="{w._live_owned}" ' in w.live_text.value
    w.say("")
    assert w.message.value == "" and w.announced == ["<b>R5</b>"]   # clearing says nothing
    w.say("<b>R5</b>", kind)
    assert w.announced == ["<b>R5</b>"] * 2 and 'data-n="2"' in w.live_text.value  # said again


@pytest.mark.parametrize("kind", ["DiceCup", "CardTable", "OddsExplorer"])
def test_close_takes_every_widget_model_of_a_widget_out_of_the_kernel(kind):
    """A notebook that plays many games in a loop with one widget per game must be able to
    let their models go: Voila loads every live model before drawing anything, and with ~34,000
    (300 dice cups) its page stayed on "Loading widget..."."""
    from ipywidgets.widgets.widget import _instances

    import swkit.widgets as kit

    kwargs = {} if kind == "OddsExplorer" else {"players": 2, "seed": 8, "bot_delay": 0}
    other = getattr(kit, kind)(**kwargs)  # a second widget of the kind, left open
    other.wait_idle()
    before = set(_instances)
    with getattr(kit, kind)(**kwargs) as w:
        w.wait_idle()
        made = set(_instances) - before
        assert len(made) > 50  # a layout and a style per control: many models each
        if kind == "DiceCup":
            w.roll_button.click()
            next(iter(w.score_buttons.values())).click()  # a score button leaves the screen
            w.wait_idle()
    assert not set(_instances) - before, "models left open after close()"
    assert before <= set(_instances), "close() closed a model of another widget"
    assert w.errors == [] and other.errors == []
