"""The parts of a chart's description (:class:`~swkit.plots.Chart`): its series (bars, lines,
points with intervals, bands, reference lines) and the measures both of its drawings share,
matplotlib's (:mod:`swkit.plots`) and the standard library's SVG (:mod:`swkit.chart_svg`).
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

__all__ = ["FONT_SIZE", "GRID_COLOR", "HATCHES", "LINE_STYLES", "MARKERS", "OKABE_ITO", "Band",
           "Bars", "Line", "Number", "Points", "Reference", "Series", "drawable",
           "number_text", "percent_axis_text", "percent_formatter", "percent_tick_decimals",
           "percent_tick_digits", "sample_points", "says_value", "text_width"]

OKABE_ITO: dict[str, str] = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
"""The Okabe–Ito palette (Okabe & Ito 2008), distinguishable with every common color vision
deficiency."""

GRID_COLOR = "#cccccc"
"""The color of a chart's grid lines."""

FONT_SIZE = 14
"""Base font size in points: readable on a projector at the default figure size."""

HATCHES = ("", "//", "..", "\\\\")
"""Hatches, handed out in turn to bar series that name none: bars side by side differ in
pattern as well as in color."""


MARKERS = ("o", "D", "s", "^", "v", "P")
"""Point markers, handed out in turn to points series that name none (a second cue beside
color); a line may take one too."""

LINE_STYLES: dict[str, str] = {"solid": "", "dotted": "2 3", "dashdot": "9 3 2 3",
                               "dashed": "7 4"}
"""A line's style and its dash pattern (the SVG's ``stroke-dasharray``, in points along a line
2 points wide; matplotlib's dashes are these over the line's width). Lines that name no style
take them in this order, so lines differ in pattern as well as in color; reference lines are
dashed."""


Number = float | int | Fraction
"""A value a chart takes: a float, an int or an exact Fraction."""


@dataclass(frozen=True)
class Bars:
    """A series of bars, one per category (``None``: no bar there). ``texts``: what is written
    at each bar's end (``None``: nothing); ``colors``/``hatches``: each bar's fill and hatch
    (``"//"`` or ``""``); ``intervals``: each bar's ``(low, high)`` error bar, or ``None``."""

    label: str | None
    values: tuple[float | None, ...]
    texts: tuple[str | None, ...]
    colors: tuple[str, ...]
    hatches: tuple[str, ...]
    intervals: tuple[tuple[float, float] | None, ...]


@dataclass(frozen=True)
class Line:
    """A line through ``(xs[i], ys[i])`` in a style of :data:`LINE_STYLES`, with an optional
    marker (one of :data:`MARKERS`)."""

    label: str | None
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    color: str
    style: str
    marker: str | None

    @property
    def dashed(self) -> bool:
        """True when the line is drawn dashed (like a reference line)."""
        return self.style == "dashed"


@dataclass(frozen=True)
class Points:
    """Markers at ``(xs[i], ys[i])``, each with its interval ``(low, high)`` or ``None``. On a
    chart with categories, ``xs`` are category positions (0, 1, ...) plus an offset."""

    label: str | None
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    intervals: tuple[tuple[float, float] | None, ...]
    color: str
    marker: str


@dataclass(frozen=True)
class Band:
    """A shaded band from ``lows[i]`` to ``highs[i]`` at ``xs[i]``."""

    label: str | None
    xs: tuple[float, ...]
    lows: tuple[float, ...]
    highs: tuple[float, ...]
    color: str


@dataclass(frozen=True)
class Reference:
    """A dashed line across the chart at ``value`` on the value axis."""

    label: str | None
    value: float
    color: str


Series = Bars | Line | Points | Band | Reference
"""Any one series of a chart."""


def text_width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is at font ``size`` in DejaVu Sans (the charts' font): 0.55 em a
    character, 0.6 in bold (measured averages of the lessons' labels, rounded up)."""
    return (0.6 if bold else 0.55) * size * len(text)


def number_text(value: float) -> str:
    """A number as the words and the SVG's ticks show it: whole numbers with thousands
    commas, others to 4 significant digits."""
    if value == int(value) and abs(value) < 1e15:
        return f"{int(value):,}"
    return f"{value:,.4g}"


def percent_axis_text(value: float, decimals: int, digits: int = 4) -> str:
    """A percent axis's tick: ``value`` (1 = 100%) with ``decimals`` decimals, or to
    ``digits`` significant digits once it passes a million percent (an axis has no room for
    more; :func:`percent_tick_digits` says how many tell its ticks apart)."""
    percent = value * 100
    if abs(percent) >= 1e6:
        return f"{percent:,.{digits}g}%"
    return f"{percent:.{decimals}f}%"


def drawable(low: float, high: float) -> tuple[float, float]:
    """An axis's ``(low, high)`` that a drawing can divide by: ``high`` raised, where needed, to
    a billionth of the two's size above ``low`` (and at least 1e-200), so that no span is zero
    or lost in rounding (a bar of 5e-324, a single point at 1e50). Both drawings use it."""
    least = max(abs(low), abs(high)) * 1e-9
    least = max(least, 1e-200)
    if high - low < least:
        high = low + least
    return low, high


def percent_tick_decimals(ticks: Sequence[float]) -> int:
    """Decimals of a percent axis's ticks (values, 1 = 100%): the fewest that write every tick
    exactly (to a thousandth of their spacing), so that no two ticks read the same: none for
    ticks 5% apart, 2 for 0.01% apart (0.86%, 0.87%), 3 for 0.005% (0.865%). 0 for fewer than
    two ticks."""
    values = sorted(t * 100 for t in ticks if math.isfinite(t))
    gaps = [b - a for a, b in zip(values, values[1:], strict=False) if b > a]
    if not gaps:
        return 0
    step = min(gaps)
    most = max(0, math.ceil(-math.log10(step))) + 3     # enough for any step's digits
    for decimals in range(most):
        if all(abs(v - round(v, decimals)) <= step * 1e-3 for v in values):
            return decimals
    return most


def percent_tick_digits(ticks: Sequence[float]) -> int:
    """Significant digits of a percent axis's ticks past a million percent (values, 1 =
    100%): 4, or more where the ticks are closer than that tells apart (1,000,000% and
    1,000,010%: 7), at most 17."""
    values = sorted(t * 100 for t in ticks if math.isfinite(t))
    gaps = [b - a for a, b in zip(values, values[1:], strict=False) if b > a]
    if not gaps:
        return 4
    step = min(gaps)
    largest = max(abs(v) for v in values)
    return min(17, max(4, math.floor(math.log10(largest)) - math.floor(math.log10(step)) + 2))


def percent_formatter() -> Any:
    """A matplotlib tick formatter (a ``matplotlib.ticker.Formatter``) for a percent axis
    (values, 1 = 100%): each tick written by :func:`percent_axis_text`, with the decimals that
    :func:`percent_tick_decimals` and :func:`percent_tick_digits` choose from the ticks
    drawn, as the SVG writes them. Raises
    ImportError without matplotlib."""
    from matplotlib.ticker import Formatter

    class PercentTicks(Formatter):     # type: ignore[misc]
        decimals, digits = 0, 4

        def set_locs(self, locs: Sequence[float]) -> None:
            super().set_locs(locs)
            self.decimals, self.digits = percent_tick_decimals(locs), percent_tick_digits(locs)

        def __call__(self, x: float, pos: int | None = None) -> str:
            return percent_axis_text(x, self.decimals, self.digits)

    return PercentTicks()


def says_value(text: str, value: float) -> bool:
    """True when ``text`` is ``value`` written out: a number, a fraction or a percentage (of 1
    or of 100), rounded to the digits shown."""
    t = text.strip().replace(",", "")
    candidates: list[tuple[float, float]] = []      # (what it says, rounding allowed)
    try:
        if t.endswith("%"):
            number = t[:-1].lstrip("<>")
            step = 10.0 ** -len(number.partition(".")[2])
            candidates += [(float(number) / 100, step / 100), (float(number), step)]
        elif "/" in t:
            candidates.append((float(Fraction(t)), 1e-12))
        else:
            candidates.append((float(t), 10.0 ** -len(t.partition(".")[2])))
    except (ValueError, ZeroDivisionError, OverflowError):
        return False
    return any(abs(said - value) <= step / 2 + 1e-9 for said, step in candidates)


def sample_points(n: int, log: bool, xs: Sequence[float], most: int = 12) -> list[int]:
    """At most ``most`` indices of ``n`` points, spread evenly along the axis (in log scale by
    log x), the first and last along it included: which points the words name, in order
    along the axis. Linear in ``n``."""
    if n <= most:
        return list(range(n))
    ordered = xs if all(a <= b for a, b in zip(xs, xs[1:], strict=False)) else None
    order = list(range(n)) if ordered is not None else sorted(range(n), key=xs.__getitem__)
    along = [xs[i] for i in order] if ordered is None else list(xs)
    if log:
        lo, hi = math.log10(along[0]), math.log10(along[-1])
        targets = [10 ** (lo + (hi - lo) * k / (most - 1)) for k in range(most)]
        found = set()
        for t in targets:       # the point nearest each target
            j = bisect.bisect_left(along, t)
            near = min((k for k in (j - 1, j) if 0 <= k < n), key=lambda k: abs(along[k] - t))
            found.add(near)
        return [order[k] for k in sorted(found)]
    return [order[k] for k in sorted({round(k * (n - 1) / (most - 1)) for k in range(most)})]
