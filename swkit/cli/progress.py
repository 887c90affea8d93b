"""A progress bar on stderr for long exact work (standard library only).

``ProgressBar(stream)`` is a callable ``(done, total)`` as ``player_odds(progress=...)`` calls
it. Nothing is written during the first ``delay`` seconds (a quick answer stays clean); then a
bar with the share done, the time so far and the time left, extrapolated from the share done
("about", since later draws can be quicker or slower than the first). On a terminal the bar is
redrawn in place (``\\r``); elsewhere (a log, a pipe) a line is written at most every 10 %.
``close()`` ends the line. The text never goes to stdout, so ``--json`` output stays clean.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 24
"""Characters of the bar itself."""


def _clock(seconds: float) -> str:
    """``seconds`` as ``"7 s"`` or ``"2 min 05 s"``."""
    s = round(seconds)
    return f"{s} s" if s < 60 else f"{s // 60} min {s % 60:02d} s"


class ProgressBar:
    """A ``(done, total)`` callback drawing a bar on ``stream`` (stderr by default) once
    ``delay`` seconds have passed; ``label`` names the work (e.g. ``"searching the draws"``)."""

    def __init__(self, label: str, stream: TextIO | None = None, delay: float = 2.0) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        self.start = time.monotonic()
        self.shown = False
        self._last_tenth = -1
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def line(self, done: int, total: int) -> str:
        """The bar's text for ``done`` of ``total`` steps (no line end)."""
        share = 0.0 if total <= 0 else min(max(done / total, 0.0), 1.0)
        filled = round(share * WIDTH)
        spent = time.monotonic() - self.start
        left = "" if share <= 0.02 or share >= 1 else \
            f", about {_clock(spent * (1 - share) / share)} left"
        return (f"swkit: {self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] "
                f"{share * 100:3.0f}% ({_clock(spent)}{left})")

    def __call__(self, done: int, total: int) -> None:
        if time.monotonic() - self.start < self.delay:
            return
        text = self.line(done, total)
        if self._tty:
            self.stream.write("\r" + text.ljust(78))
        else:
            tenth = int(10 * done / total) if total > 0 else 0
            if tenth == self._last_tenth:
                return
            self._last_tenth = tenth
            self.stream.write(text + "\n")
        self.shown = True
        self.stream.flush()

    def close(self) -> None:
        """End the bar's line (if it was shown)."""
        if self.shown and self._tty:
            self.stream.write("\n")
            self.stream.flush()
