"""ipywidgets front ends (thin views: every rule comes from :mod:`swkit.cards` /
:mod:`swkit.dice`, every number from :mod:`swkit.odds`).

- :class:`CardTable` (``swkit.widgets.cards``): play the card game against bots, with hints;
- :class:`DiceCup` (``swkit.widgets.dice``): play Clubhouse dice against bots, with hints;
- :class:`OddsExplorer` (``swkit.widgets.explorer``): any hand or roll's exact odds, a chart,
  and a simulation converging toward the exact value.

Importing ``swkit.widgets`` needs ipywidgets; nothing in the core imports this package.

**Where the slow work runs: two back ends** (:mod:`swkit.widgets._work`). The
hints, the explorer's answers, charts and simulations, and the bots' moves run in the
background, so the table never freezes, a placeholder ("computing…") shows first, and a stale
answer is dropped:

- ``"thread"`` (CPython: Jupyter, Voilà, scripts): a worker thread; a bot's pause sleeps that
  thread.
- ``"inline"`` (Pyodide, JupyterLite: ``threading.Thread.start()`` raises ``RuntimeError: can't
  start new thread`` and ``time.sleep`` blocks the kernel): the work is queued on the kernel's
  asyncio event loop and runs after the callback that asked for it has returned, so
  "computing…" is already on the page; a bot's pause is a ``loop.call_later`` delay, and each
  bot move is its own event-loop job, so the page stays live between moves. A long answer
  still occupies the kernel while it computes (a browser kernel has one thread). With no
  event loop running (a plain script) the work waits for ``wait_idle()``.

The back end is detected when a widget is made (``widget.backend`` says which): a thread where
one can start, else inline. ``set_backend("inline")`` (or ``None`` to detect again) or the
environment variable ``SWKIT_WIDGETS_BACKEND=inline`` forces one; the tests run every widget
test under both. ``widget.wait_idle()`` means the same under both: it returns once no work is
left (inline, it runs the queued work at once, without the bots' pauses).
"""

from swkit.widgets._work import current_backend, set_backend
from swkit.widgets.cards import CardTable
from swkit.widgets.dice import DiceCup
from swkit.widgets.explorer import OddsExplorer

__all__ = ["CardTable", "DiceCup", "OddsExplorer", "current_backend", "set_backend"]
