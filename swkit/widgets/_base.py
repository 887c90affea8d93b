"""What every swkit widget shares: a visible message area, guarded callbacks, background work.

DESIGN.md: widgets are thin views over the library, and a swallowed exception is a bug. So:

- every callback is wrapped by :meth:`SwkitWidget.guard`: a ``SwkitError`` (a refused move, a bad
  input) is shown in words in the message area and changes nothing; any other exception is shown
  there too *and* recorded in ``widget.errors`` (the tests assert it stays empty);
- one thing at a time touches a widget's state: a callback, a bot's step (and its ``finish``)
  and the showing of a background result each hold the widget's lock, so a click handled on
  the kernel's thread never reads a game that a worker thread is half-way through changing
  (a background *computation* runs outside it, so the page stays live);
- a click made before the student could see the last move is stale and dropped, with a word
  (:meth:`SwkitWidget.check_seen`): while a cell runs, the page queues clicks and the kernel
  gets them in a burst afterwards. Each move counts a version that the page echoes back once
  it has the new state (``jsdlink``); a move arriving while the page has not echoed the last
  version was clicked on an older screen. With no page (a script, pytest) nothing is dropped;
- drawing into an ``ipywidgets.Output`` goes through :meth:`SwkitWidget.drawing`, because an
  exception raised inside ``with output:`` is otherwise swallowed by the Output widget;
- slow work (a hint) runs in the background through :meth:`SwkitWidget.in_background`, and the
  bots' moves through :meth:`SwkitWidget.in_steps`: the table never freezes, a placeholder
  ("computing…") shows until the answer replaces it, and a stale answer (the game moved on) is
  dropped. Results are written to widget *values* only (not through an Output context), which
  is what works from a thread in JupyterLab and Voilà.

"In the background" has two back ends (:mod:`swkit.widgets._work`), fixed per
widget when it is made (``widget.backend``): a worker thread under CPython, and inline on the
kernel's event loop where no thread can start (Pyodide, JupyterLite), the job running after the
placeholder is on the page and a bot's pause being an event-loop delay, not ``time.sleep``.
:func:`swkit.widgets.set_backend` or ``SWKIT_WIDGETS_BACKEND=inline`` forces one.
:meth:`SwkitWidget.wait_idle` means the same under both: it returns when no work is left.
"""

from __future__ import annotations

import contextlib
import html
import re
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as widgets

from swkit.errors import IllegalActionError, SwkitError
from swkit.widgets._work import Runner, Step, make_runner

__all__ = ["WIDGET_CSS", "SwkitWidget", "escape", "plain"]

# Text colors with at least 7:1 contrast on white (WCAG AAA), readable on a projector.
_STYLE = {
    "info": "color:#1a1a1a",
    "refused": "color:#7a2e00;background:#fff3e0;border-left:4px solid #d55e00;padding:4px 8px",
    "error": "color:#8b0000;background:#fdecea;border-left:4px solid #8b0000;padding:4px 8px",
}


WIDGET_CSS = """
.swkit-live { position:absolute !important; width:1px !important; height:1px !important;
  overflow:hidden !important; clip-path:inset(50%); white-space:nowrap; margin:0 !important; }
.swkit-widget { max-width:100%; box-sizing:border-box; }
.swkit-widget svg { max-width:100%; height:auto; }
.swkit-widget .widget-inline-hbox { max-width:100%; min-width:0; }
.swkit-widget .widget-checkbox, .swkit-widget .widget-radio { height:auto;
  min-height:var(--jp-widgets-inline-height, 28px); }
.swkit-widget .widget-radio { display:flex; flex-wrap:wrap; align-items:center; }
.swkit-widget .widget-radio > .widget-label { flex:none; box-sizing:border-box;
  padding-right:8px; text-align:right; }
@media (max-width: 640px) {
  .swkit-widget .widget-inline-hbox { flex-wrap:wrap; height:auto;
    min-height:var(--jp-widgets-inline-height, 28px); }
  .swkit-widget .widget-inline-hbox > .widget-label,
  .swkit-widget .widget-radio > .widget-label { max-width:100%; text-align:left; }
}
.swkit-widget .widget-html-content { min-width:0; max-width:100%; }
.swkit-widget input[type=text], .swkit-widget input[type=number], .swkit-widget select,
.swkit-widget textarea { border-color:#767676; min-width:0; max-width:100%; }
.swkit-widget input[type=text], .swkit-widget input[type=number],
.swkit-widget select:not([multiple]) { min-height:var(--jp-widgets-inline-height, 28px); }
.swkit-widget .swkit-scroll { overflow-x:auto; max-width:100%; }
"""
"""What every widget's own style sheet includes. The live region is read, not seen (what it
says is on screen already): kept in the page and the accessibility tree, one pixel, clipped.
The rest is for a narrow or zoomed page (WCAG 1.4.10, down to 320 CSS px): nothing is wider
than the page, pictures shrink to fit, on a page 640 px wide or less a field goes under its
label when both do not fit, and a wide table scrolls in its own box (``swkit-scroll``).
Fields are outlined at 4.5:1 on white (WCAG 1.4.11 asks 3:1 for a control's edge; the theme's
grey is 1.9:1)."""


def escape(text: object) -> str:
    """``text`` as HTML-safe text (cards and messages are shown inside HTML widgets)."""
    return html.escape(str(text))


def _live_region() -> tuple[widgets.Box, widgets.HTML, str]:
    """A live region (see :class:`SwkitWidget`): the ``Box`` holding the region and its text,
    the text's ``HTML`` and the text element's id (unique: the text widget's model id)."""
    live_text = widgets.HTML(value="")
    owned = f"swkit-live-{live_text.model_id}"
    region = widgets.HTML(value=f'<div role="status" aria-live="polite" aria-atomic="true" '
                                f'aria-owns="{owned}"></div>')
    return widgets.Box([region, live_text]).add_class("swkit-live"), live_text, owned


def plain(markup: str) -> str:
    """The text of a piece of the widgets' HTML, tags dropped and spaces squeezed (for an
    announcement that says what a line on screen says)."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


class StaleClick(IllegalActionError):
    """A click made on a screen older than the widget's state (:meth:`SwkitWidget.check_seen`):
    refused as a move that is not legal now, so a handler that undoes a refused toggle undoes
    it too."""


class SwkitWidget(widgets.VBox):
    """Base class of the swkit widgets (a ``VBox``).

    Attributes: ``errors`` -- the unexpected exceptions raised inside callbacks or background
    work, oldest first (a correct widget keeps it empty); ``message`` -- the ``HTML`` area where
    refusals and errors are shown; ``live`` -- the widget's one polite live region (a ``Box``
    with the CSS class ``swkit-live``, read by screen readers and not drawn; see
    :meth:`announce`); ``live_text`` -- the ``HTML`` inside it holding the text last announced;
    ``announced`` -- every text announced, oldest first; ``backend`` -- where background work
    runs, ``"thread"`` or ``"inline"`` (see the module docstring).

    The region must stay the same element while its words change, or some screen readers say
    nothing: ipywidgets redraws an ``HTML`` widget's contents at each change and gives no way
    to set an attribute on an element that stays. So the region (``role="status"``, polite,
    atomic) is an ``HTML`` widget whose value never changes, and it takes the changing text
    (``live_text``, an element with a unique id) as its child in the accessibility tree by
    ``aria-owns``.

    Each display has its own region and id (``cup`` then ``display(cup)`` would otherwise put
    one id twice on the page, and a reader would find only the first): the first display shows
    the widget itself, each later one a twin (:meth:`displays`), a ``VBox`` with the same
    controls, classes and layout and a live region of its own, that follows the widget's
    children. An announcement goes to every display's region.
    """

    def __init__(self, **kwargs: Any) -> None:
        self.errors: list[BaseException] = []
        self.message = widgets.HTML(value="", layout=widgets.Layout(min_height="1.6em"))
        self.live, self.live_text, self._live_owned = _live_region()
        self._lives: list[tuple[widgets.HTML, str]] = [(self.live_text, self._live_owned)]
        self._twins: list[tuple[widgets.VBox, widgets.Box]] = []
        self._shown = 0
        self.announced: list[str] = []
        self._generation = 0
        self._runner: Runner = make_runner()
        self._lock = threading.Lock()
        self._announcing = threading.Lock()
        self._state = threading.RLock()   # held by callbacks, bot steps and shown results
        # The version of the state the student's moves produced (``_drawn``), and the version
        # the page has (``_seen``, echoed by the page through the link; -1: no page yet).
        self._drawn = widgets.IntText(value=0)
        self._seen = widgets.IntText(value=-1)
        self._seen_link = widgets.jsdlink((self._drawn, "value"), (self._seen, "value"))
        super().__init__(**kwargs)
        self.add_class("swkit-widget")     # WIDGET_CSS

    # -- messages ---------------------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        """Show ``text`` in the message area, and announce it (:meth:`announce`); ``kind`` is
        "info", "refused" or "error". An empty ``text`` clears the area, silently."""
        style = _STYLE.get(kind, _STYLE["info"])
        self.message.value = (
            f'<div style="{style};font-size:1.05em">{escape(text)}</div>' if text else "")
        if text:
            self.announce(text)

    def announce(self, text: str) -> None:
        """Say ``text`` once to a screen reader: it replaces what the live region held (a
        polite ``role="status"`` region, ``aria-atomic``: read whole, after what the reader
        is saying) and is appended to ``announced``. In: plain text (escaped here)."""
        text = " ".join(text.split())
        if not text:
            return
        with self._announcing:
            self.announced.append(text)
            # the count makes the value new even when the words repeat (a second refusal)
            for live_text, owned in self._lives:   # one region per display
                live_text.value = (f'<div id="{owned}" '
                                   f'data-n="{len(self.announced)}">{escape(text)}</div>')

    # -- displays ---------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        """What Jupyter shows for ``display(widget)`` (IPython's display protocol): the widget
        itself the first time, then a new twin each time (:meth:`displays`), so that no two
        displays share a live region's id."""
        with self._announcing:
            self._shown += 1
            shown: widgets.Widget = self if self._shown == 1 else self._twin()
        if shown is self:
            return super()._repr_mimebundle_(**kwargs)
        return shown._repr_mimebundle_(**kwargs)

    def displays(self) -> list[widgets.Box]:
        """The widgets shown for this one, one per display (the widget itself, then its twins),
        each with a live region of its own."""
        return [self, *(twin for twin, _ in self._twins)]

    def _twin(self) -> widgets.VBox:
        """A ``VBox`` that shows this widget's controls with a live region of its own (called
        holding ``_announcing``)."""
        live, live_text, owned = _live_region()
        twin = widgets.VBox(self._twin_children(live), layout=self.layout)
        for name in self._dom_classes:
            twin.add_class(name)
        if not self._twins:
            self.observe(self._follow_children, names="children")
        self._twins.append((twin, live))
        self._lives.append((live_text, owned))
        return twin

    def _twin_children(self, live: widgets.Box) -> list[widgets.Widget]:
        return [live if child is self.live else child for child in self.children]

    def _follow_children(self, _change: Any) -> None:
        for twin, live in self._twins:
            twin.children = self._twin_children(live)

    def _record(self, error: BaseException) -> None:
        self.errors.append(error)
        lines = traceback.format_exception_only(type(error), error)
        self.say("Something went wrong (this is a bug in swkit, please tell your teacher): "
                 + "".join(lines).strip(), "error")

    # -- stale clicks -----------------------------------------------------------------------
    def moved(self) -> None:
        """Count a new version of what the student sees (a roll, a score, a bot's move, a new
        game): a move clicked before the page shows it is stale (:meth:`check_seen`)."""
        with self._state:
            self._drawn.value += 1

    def check_seen(self) -> None:
        """Raise :class:`StaleClick` when the page has not yet shown the last version counted
        by :meth:`moved`: the click was made on an older screen (clicks queued while the kernel
        was busy arrive in a burst). Never raises without a page (the echo never came)."""
        seen = self._seen.value
        if 0 <= seen < self._drawn.value:
            raise StaleClick("That click came before the screen showed your last move, so "
                             "it was not used. Look at the table, then click again.")

    # -- callbacks --------------------------------------------------------------------------
    def guard(self, callback: Callable[..., Any], *, move: bool = False) -> Callable[..., Any]:
        """``callback`` wrapped so that no exception escapes unseen, run holding the widget's
        lock (one callback or background step at a time).

        A ``SwkitError`` is shown as a refusal (the library's own words) and nothing else
        happens; any other exception is shown and appended to ``self.errors``. ``move``: the
        callback is a move (it changes what the student sees): a stale click is dropped
        (:meth:`check_seen`) and a move made counts a new version (:meth:`moved`).
        """

        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                with self._state:
                    if move:
                        self.check_seen()
                    result = callback(*args, **kwargs)
                    if move:
                        self.moved()
                    return result
            except SwkitError as refusal:
                self.say(str(refusal), "refused")
            except Exception as error:  # noqa: BLE001 - shown and recorded, never swallowed
                self._record(error)
            return None

        guarded.__name__ = getattr(callback, "__name__", "callback")
        guarded.__doc__ = getattr(callback, "__doc__", None)
        return guarded

    @contextmanager
    def drawing(self, output: widgets.Output) -> Iterator[None]:
        """Clear ``output`` and draw into it; an exception inside still propagates.

        (``with output:`` alone would print the traceback into the Output and swallow it.)
        """
        failure: list[BaseException] = []
        output.clear_output(wait=True)
        with output:
            try:
                yield
            except BaseException as error:  # re-raised below, outside the Output
                failure.append(error)
        if failure:
            raise failure[0]

    # -- background work --------------------------------------------------------------------
    def invalidate(self) -> int:
        """Mark every running background job as stale; returns the new generation number."""
        with self._lock:
            self._generation += 1
            return self._generation

    @property
    def backend(self) -> str:
        """Where this widget's background work runs: ``"thread"`` or ``"inline"``."""
        return self._runner.kind

    def in_background(self, compute: Callable[[], Any], show: Callable[[Any], None],
                      placeholder: Callable[[], None] | None = None) -> None:
        """Run ``compute()`` in the background, then ``show(result)`` unless it went stale.

        ``placeholder()`` runs at once (e.g. to show "computing…"). A later call (or
        :meth:`invalidate`) makes this one stale: its result is dropped, and inline a stale job
        that has not started is skipped. An exception in ``compute`` or ``show`` is shown and
        recorded like a callback's. Background: a worker thread, or inline the event loop's
        next turn (the placeholder already on the page); see the module docstring.
        """
        generation = self.invalidate()
        if placeholder is not None:
            placeholder()

        def stale() -> bool:
            with self._lock:
                return generation != self._generation

        def work() -> None:
            try:
                if self.backend == "inline" and stale():
                    return
                result = compute()
                with self._state:
                    if stale():
                        return
                    show(result)
            except Exception as error:  # noqa: BLE001 - shown and recorded
                self._record(error)

        self._runner.submit(work, f"{type(self).__name__}-worker")

    def in_steps(self, step: Step, pause: float,
                 finish: Callable[[], None] | None = None, *, moves: bool = True) -> None:
        """Run ``step()`` after ``pause`` seconds, and again after each pause it returns (in
        seconds), until it returns None; then ``finish()``, which also runs if a step raises.

        For the bots' moves: on a thread the pauses sleep that thread; inline each step is an
        event-loop job and the pauses are ``call_later`` delays, so the page stays live between
        moves. :meth:`invalidate` does not stop the steps (they check the game themselves). An
        exception in a step or in ``finish`` is shown and recorded like a callback's. ``moves``
        (the bots' moves): each step (with ``finish``) holds the widget's lock and counts a new
        version (:meth:`moved`), so a click made before the page showed it is stale; False (a
        simulation's batches, which change no game): neither, so a click never waits for a
        batch.
        """

        def guarded() -> float | None:
            with self._state if moves else contextlib.nullcontext():
                try:
                    delay = step()
                except Exception as error:  # noqa: BLE001 - shown and recorded
                    delay = None
                    self._record(error)
                if delay is None and finish is not None:
                    try:
                        finish()
                    except Exception as error:  # noqa: BLE001 - shown and recorded
                        self._record(error)
                if moves:
                    self.moved()
            return delay

        self._runner.loop(guarded, pause, f"{type(self).__name__}-steps")

    def wait_idle(self, timeout: float = 60.0) -> None:
        """Block until background work has finished, the work it started included (for tests
        and scripts). Inline (no threads), it runs the queued work now, without the bots'
        pauses. ``timeout``: seconds, checked between jobs."""
        self._runner.wait(timeout)

    # -- closing ------------------------------------------------------------------------------
    def parts(self) -> list[widgets.Widget]:
        """Every widget this one is made of, itself excluded: its children (at any depth),
        their layouts and styles, and the parts not on screen now (e.g. the score buttons of
        characters already scored), each once."""
        found: dict[int, widgets.Widget] = {}

        def visit(value: Any) -> None:
            if isinstance(value, widgets.Widget):
                if id(value) in found or value is self:
                    return
                found[id(value)] = value
                for name in value.keys:
                    visit(getattr(value, name, None))
            elif isinstance(value, list | tuple):
                for item in value:
                    visit(item)
            elif isinstance(value, dict):
                for item in value.values():
                    visit(item)

        for name in self.keys:
            visit(getattr(self, name, None))
        for value in list(vars(self).values()):
            visit(value)
        return list(found.values())

    def close(self) -> None:
        """Close this widget and every widget it is made of (:meth:`parts`), so their models
        leave the kernel and the page; background work still running is dropped. The widget
        cannot be shown again afterwards.

        ipywidgets' own ``close()`` closes one widget, not its children. A notebook that makes
        a widget per game in a loop keeps every model of every widget alive unless it closes
        them, and Voilà loads all of them before it draws anything, so its page waits on
        "Loading widget..." for every one.
        ``with DiceCup(...) as cup:`` closes the cup at the end of the block.
        """
        self.invalidate()
        self._runner.cancel()
        for part in self.parts():
            part.close()
        super().close()

    def __enter__(self) -> SwkitWidget:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
