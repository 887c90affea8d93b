"""The parts of a chart's description (:class:`~swkit.plots.Chart`): its series (bars, lines,
points with intervals, bands, reference lines) and the measures both of its drawings share,
matplotlib's (:mod:`swkit.plots`) and the standard library's SVG (:mod:`swkit.chart_svg`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

__all__ = ["FONT_SIZE", "GRID_COLOR", "HATCHES", "Band", "Bars", "Line", "Number", "Points",
           "Reference", "Series", "number_text", "percent_decimals", "text_width"]

GRID_COLOR = "#cccccc"
"""The color of a chart's grid lines."""

FONT_SIZE = 14
"""Base font size in points: readable on a projector at the default figure size."""

HATCHES = ("", "//", "..", "\\\\")
"""Hatches, handed out in turn to bar series that name none: bars side by side differ in
pattern as well as in color."""


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
    """A line through ``(xs[i], ys[i])``, solid or dashed, with an optional marker."""

    label: str | None
    xs: tuple[float, ...]
    ys: tuple[float, ...]
    color: str
    dashed: bool
    marker: str | None


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


def percent_decimals(span: float) -> int:
    """Decimals of a percent axis's ticks: none for a span over 5%, one under."""
    return 0 if span > 0.05 else 1 if span > 0.005 else 2
