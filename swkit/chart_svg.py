"""A :class:`~swkit.plots.Chart` drawn as one ``<svg>`` element by the standard library (a
browser kernel has no matplotlib), in the style of :mod:`swkit.pictures`, with the measures
the two drawings share from :mod:`swkit.chart_parts`.

``SvgChart(chart).render()`` is what :meth:`swkit.plots.Chart.svg` returns: the chart's
title, axes, ticks, legend and marks, with a ``<title>`` and ``<desc>`` carrying its words.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from swkit.chart_parts import (
    FONT_SIZE,
    GRID_COLOR,
    HATCHES,
    LINE_STYLES,
    Band,
    Bars,
    Line,
    Points,
    Reference,
    Series,
    number_text,
    percent_axis_text,
    percent_tick_decimals,
    percent_tick_digits,
    text_width,
)
from swkit.pictures.base import FONT, INK, MUTED, svg_text, wrap_words

__all__ = ["SvgChart", "nice_ticks"]

_ids = itertools.count(1)


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values (1, 2, 2.5 or 5 times a power of ten apart) from ``low`` to ``high``
    (about ``most`` of them; a range a drawing can divide by, see
    :func:`~swkit.chart_parts.drawable`)."""
    span = high - low
    if not span > 0 or not math.isfinite(span):
        return [low]
    raw = span / most
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 2.5, 5, 10) if m * power >= raw)
    first = math.ceil(low / step - 1e-9)
    last = math.floor(high / step + 1e-9)
    return [float(f"{k * step:.15g}") for k in range(first, last + 1)]


def _classed(name: str, element: str, attributes: str = "") -> str:
    """``element`` (one SVG element's text) with ``class="name"`` and ``attributes`` added."""
    tag, _, rest = element.partition(" ")
    return f'{tag} class="{name}" {attributes + " " if attributes else ""}{rest}'


FAR = 1e5
"""How far (in points) past the plot a mark's position is taken: farther is drawn there (the
plot clips it), so no coordinate is too large for a browser."""


def _thin(across: Sequence[float], up: Sequence[float]) -> list[int]:
    """Indices of a line's points to draw: of each run of points in one column of the drawing
    (one point wide), the first, the lowest, the highest and the last, in order. The same
    picture (every stroke's extent is kept); a line of a million points is drawn with a few
    thousand, each a true point of the line."""
    n = len(across)
    if not n:
        return []
    floor = math.floor
    kept: list[int] = []
    column, start, low, high = floor(across[0]), 0, 0, 0
    for i in range(1, n):
        here = floor(across[i])
        if here != column:
            kept.extend(sorted({start, low, high, i - 1}))
            column, start, low, high = here, i, i, i
        elif up[i] < up[low]:
            low = i
        elif up[i] > up[high]:
            high = i
    kept.extend(sorted({start, low, high, n - 1}))
    return kept


def _one_per_cell(across: Sequence[float], up: Sequence[float], size: float) -> list[int]:
    """Indices of the first point in each cell of ``size`` x ``size`` points: where markers of
    that size would cover each other, one is drawn (points are drawn in order, so the first is
    the one underneath; the picture is the same cloud)."""
    seen: set[tuple[int, int]] = set()
    kept = []
    floor = math.floor
    for i, (x, y) in enumerate(zip(across, up, strict=True)):
        cell = (floor(x / size), floor(y / size))
        if cell not in seen:
            seen.add(cell)
            kept.append(i)
    return kept


def _dash(style: str) -> str:
    """The ``stroke-dasharray`` attribute of a line ``style`` (none for solid)."""
    pattern = LINE_STYLES[style]
    return f' stroke-dasharray="{pattern}"' if pattern else ""


def _reach(across: Sequence[float], up: Sequence[float],
           intervals: Sequence[tuple[float, float] | None],
           size: float) -> dict[tuple[int, int], tuple[float, float]]:
    """For each cell of ``size`` points holding points with intervals: the lowest low and the
    highest high among them (what their intervals together cover)."""
    out: dict[tuple[int, int], tuple[float, float]] = {}
    for x, y, iv in zip(across, up, intervals, strict=True):
        if iv:
            cell = (math.floor(x / size), math.floor(y / size))
            was = out.get(cell)
            out[cell] = iv if was is None else (min(was[0], iv[0]), max(was[1], iv[1]))
    return out


class SvgChart:
    """Lays out and writes one :class:`Chart` as SVG (1 unit = 1 point, shown at 100 px an
    inch like matplotlib's PNG)."""

    def __init__(self, chart: Any) -> None:
        self.c = chart
        self.uid = f"swchart{next(_ids)}"
        self.W = chart.width * 72
        self.H = chart.height * 72
        self.body: list[str] = []       # axes, texts: never clipped
        self.marks: list[str] = []      # bars, lines, points, bands: clipped to the plot
        self.defs: dict[str, str] = {}

    # geometry
    def _layout(self) -> None:
        c = self.c
        tick = FONT_SIZE - 2
        self.v_low, self.v_high = c.value_range()
        self.x_low, self.x_high = c.x_range()
        if c.horizontal:
            self.v_ticks = nice_ticks(self.v_low, self.v_high)
            left_labels = list(c.categories or ())
            bottom_lines = 1
        else:
            self.v_ticks = nice_ticks(self.v_low, self.v_high)
            left_labels = [self._v_text(t) for t in self.v_ticks]
            bottom_lines = max((label.count("\n") + 1 for label in c.categories or ()),
                               default=1)
        left_w = max((text_width(max(label.split("\n"), key=len), tick)
                      for label in left_labels), default=0)
        left = 10 + (FONT_SIZE + 6 if c.ylabel else 0) + left_w + 8
        bottom = 8 + bottom_lines * (tick + 3) + 6 + (FONT_SIZE + 8 if c.xlabel else 0)
        right = 24 if c.horizontal else 16
        if c.categories is None and any(isinstance(s, (Line, Points, Band)) for s in c.series):
            right = max(right, text_width(number_text(self.x_high), tick) / 2 + 4)
        if c.horizontal:
            right += max((text_width(t, self.c.label_size()) for s in c.series
                          if isinstance(s, Bars) for t in s.texts if t), default=0)
        # the title and the legend start at the plot's left edge and wrap within the width
        per_line = int((self.W - left - 8) / text_width("x", FONT_SIZE + 2, bold=True))
        self.title_lines = wrap_words(c.title, max(10, per_line))
        self.legend_rows = c.legend_rows(self.W - left - 8)
        top = (8 + len(self.title_lines) * (FONT_SIZE + 6)
               + len(self.legend_rows) * (tick + 6) + 6)
        self.px, self.py = left, top
        self.pw = max(40.0, self.W - left - right)
        self.ph = max(40.0, self.H - top - bottom)

    def _vs(self, values: Sequence[float]) -> list[float]:
        """Values' positions along the value axis (y down, or x across), each kept within
        :data:`FAR` of the plot."""
        size = self.pw if self.c.horizontal else self.ph
        scale, low = size / (self.v_high - self.v_low), self.v_low
        near, far = -FAR, size + FAR
        offsets = [min(max((v - low) * scale, near), far) for v in values]
        if self.c.horizontal:
            return [self.px + o for o in offsets]
        bottom = self.py + self.ph
        return [bottom - o for o in offsets]

    def _v(self, value: float) -> float:
        """A value's position along the value axis (y down, or x across)."""
        return self._vs((value,))[0]

    def _xs(self, xs: Sequence[float]) -> list[float]:
        """Positions across: of numbers on a numeric x axis (linear or log), of category
        positions (0, 1, ... plus an offset) on a chart with categories; each kept within
        :data:`FAR` of the plot."""
        near, far = -FAR, self.pw + FAR
        if self.c.categories is not None:
            along = self.ph if self.c.horizontal else self.pw
            near, far = -FAR, along + FAR
            step = along / len(self.c.categories)
            start = self.py if self.c.horizontal else self.px
            return [start + min(max((x + 0.5) * step, near), far) for x in xs]
        low, high = self.x_low, self.x_high
        if self.c.xscale == "log":
            log_low = math.log10(low)
            scale = self.pw / (math.log10(high) - log_low)
            offsets = [(math.log10(x) - log_low) * scale for x in xs]
        else:
            scale = self.pw / (high - low)
            offsets = [(x - low) * scale for x in xs]
        return [self.px + min(max(o, near), far) for o in offsets]

    def _x(self, x: float) -> float:
        return self._xs((x,))[0]

    def _cat(self, position: float) -> float:
        """A category position (0, 1, ... plus an offset) on the category axis."""
        return self._xs((position,))[0]

    def _v_text(self, value: float) -> str:
        if self.c.percent:
            return percent_axis_text(value, percent_tick_decimals(self.v_ticks),
                                     percent_tick_digits(self.v_ticks))
        return number_text(value)

    # drawing
    def _hatch(self, color: str, hatch: str) -> str:
        """The id of a pattern: ``color`` under the ``hatch`` drawn in ink."""
        key = f"{self.uid}-{color.lstrip('#')}-{HATCHES.index(hatch)}"
        if key not in self.defs:
            if hatch == "..":
                ink = f'<circle cx="3.5" cy="3.5" r="1.4" fill="{INK}"/>'
                turn = ""
            else:
                ink = f'<line x1="0" y1="0" x2="0" y2="7" stroke="{INK}" stroke-width="1.6"/>'
                turn = f' patternTransform="rotate({45 if hatch == "//" else -45})"'
            self.defs[key] = (f'<pattern id="{key}" patternUnits="userSpaceOnUse" width="7" '
                              f'height="7"{turn}><rect width="7" height="7" fill="{color}"/>'
                              f'{ink}</pattern>')
        return key

    def _fill(self, color: str, hatch: str) -> str:
        return f"url(#{self._hatch(color, hatch)})" if hatch else color

    def render(self) -> str:
        c = self.c
        self._layout()
        self._axes()
        self.axes_end = len(self.body)
        for bars, offset, width in c.bar_slots():
            self._bars(bars, offset, width)
        for s in c.series:
            if isinstance(s, Band):
                self._band(s)
        for s in c.series:
            if isinstance(s, Line):
                self._line(s)
            elif isinstance(s, Points):
                self._points(s)
            elif isinstance(s, Reference):
                self._reference(s)
        if c.note:
            for k, line in enumerate(c.note.split("\n")):
                self.body.append(svg_text(self.px + self.pw / 2, self.py + self.ph * 0.6 + k * 18,
                                       line, size=FONT_SIZE, fill=MUTED, anchor="middle"))
        self._title_and_legend()
        words = c.words()
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.W * 100 / 72:.0f}" '
                f'height="{self.H * 100 / 72:.0f}" viewBox="0 0 {self.W:g} {self.H:g}" '
                f'role="img" aria-labelledby="{self.uid}-t {self.uid}-d" '
                f'font-family={quoteattr(FONT)} style="max-width:100%;height:auto" '
                f'class="swkit-chart"><title id="{self.uid}-t">{escape(c.title)}</title>'
                f'<desc id="{self.uid}-d">{escape(words)}</desc>')
        clip = (f'<clipPath id="{self.uid}-c"><rect x="{self.px - 6:.2f}" y="{self.py - 6:.2f}" '
                f'width="{self.pw + 12:.2f}" height="{self.ph + 6:.2f}"/></clipPath>')
        defs = "<defs>" + clip + "".join(self.defs.values()) + "</defs>"
        return (head + defs + f'<rect width="{self.W:g}" height="{self.H:g}" fill="#ffffff"/>'
                + "".join(self.body[:self.axes_end])
                + f'<g clip-path="url(#{self.uid}-c)">' + "".join(self.marks) + "</g>"
                + "".join(self.body[self.axes_end:]) + "</svg>")

    def _axes(self) -> None:
        c = self.c
        tick = FONT_SIZE - 2
        x0, y0, x1, y1 = self.px, self.py, self.px + self.pw, self.py + self.ph
        for t in self.v_ticks:
            p = self._v(t)
            if c.horizontal:
                self.body.append(f'<line x1="{p:.1f}" y1="{y0:.1f}" x2="{p:.1f}" y2="{y1:.1f}" '
                                 f'stroke="{GRID_COLOR}" stroke-width="0.8"/>')
                self.body.append(svg_text(p, y1 + tick + 4, self._v_text(t), size=tick,
                                       anchor="middle"))
            else:
                self.body.append(f'<line x1="{x0:.1f}" y1="{p:.1f}" x2="{x1:.1f}" y2="{p:.1f}" '
                                 f'stroke="{GRID_COLOR}" stroke-width="0.8"/>')
                self.body.append(svg_text(x0 - 5, p + tick * 0.35, self._v_text(t), size=tick,
                                       anchor="end"))
        if c.categories is not None:
            for i, name in enumerate(c.categories):
                p = self._cat(i)
                if c.horizontal:
                    self.body.append(_classed("category", svg_text(
                        x0 - 5, p + tick * 0.35, name, size=tick, anchor="end")))
                else:
                    for k, part in enumerate(name.split("\n")):
                        self.body.append(_classed("category", svg_text(
                            p, y1 + tick + 4 + k * (tick + 3), part, size=tick,
                            anchor="middle")))
        elif any(isinstance(s, (Line, Points, Band)) for s in c.series):
            for t in self._x_ticks():
                p = self._x(t)
                self.body.append(f'<line x1="{p:.1f}" y1="{y1:.1f}" x2="{p:.1f}" '
                                 f'y2="{y1 + 4:.1f}" stroke="{INK}" stroke-width="1"/>')
                self.body.append(svg_text(p, y1 + tick + 6, number_text(t), size=tick,
                                       anchor="middle"))
        # the axes' lines: left and bottom, as matplotlib's with the top and right hidden
        self.body.append(f'<path d="M{x0:.1f},{y0:.1f} V{y1:.1f} H{x1:.1f}" fill="none" '
                         f'stroke="{INK}" stroke-width="1"/>')
        if c.xlabel:
            self.body.append(_classed("xlabel", svg_text(x0 + self.pw / 2, self.H - 8, c.xlabel,
                                                      size=FONT_SIZE, anchor="middle")))
        if c.ylabel:
            cy = y0 + self.ph / 2
            self.body.append(f'<g transform="translate({10 + FONT_SIZE:.1f},{cy:.1f}) '
                             f'rotate(-90)">' + _classed("ylabel", svg_text(
                                 0, 0, c.ylabel, size=FONT_SIZE, anchor="middle")) + "</g>")

    def _x_ticks(self) -> list[float]:
        low, high = self.x_low, self.x_high
        if self.c.xscale == "log":     # powers of ten, every one up to 8 of them
            first, last = math.ceil(math.log10(low) - 1e-9), math.floor(math.log10(high) + 1e-9)
            every = max(1, math.ceil((last - first + 1) / 8))
            ticks = [10.0 ** k for k in range(first, last + 1, every)]
            if len(ticks) >= 2:
                return ticks
        return [t for t in nice_ticks(low, high) if low <= t <= high]

    def _bars(self, bars: Bars, offset: float, width: float) -> None:
        c = self.c
        size = c.label_size()
        name = quoteattr(bars.label or "")
        for i, value in enumerate(bars.values):
            if value is None:
                continue
            centre = self._cat(i + offset)
            half = width / 2 * (self.ph if c.horizontal else self.pw) / len(c.categories or ())
            base, end = self._v(0.0 if self.v_low <= 0 else self.v_low), self._v(value)
            fill = self._fill(bars.colors[i], bars.hatches[i])
            data = (f'class="bar" data-series={name} data-category={quoteattr(c.categories[i])}'
                    f' data-value="{value!r}"')
            if c.horizontal:
                x, w = min(base, end), abs(end - base)
                self.marks.append(f'<rect {data} x="{x:.2f}" y="{centre - half:.2f}" '
                                 f'width="{w:.2f}" height="{2 * half:.2f}" fill="{fill}" '
                                 f'stroke="{INK}" stroke-width="0.8"/>')
            else:
                y, h = min(base, end), abs(end - base)
                self.marks.append(f'<rect {data} x="{centre - half:.2f}" y="{y:.2f}" '
                                 f'width="{2 * half:.2f}" height="{h:.2f}" fill="{fill}" '
                                 f'stroke="{INK}" stroke-width="0.8"/>')
            interval = bars.intervals[i]
            if interval:
                self._interval(centre, interval, name)
            text = bars.texts[i]
            if text:
                top = self._v(c.text_end(bars, i))
                if c.horizontal:
                    drawn = svg_text(top + 4, centre + size * 0.35, text, size=size)
                else:
                    drawn = svg_text(centre, top - 4, text, size=size, anchor="middle")
                self.body.append(_classed("bar-text", drawn, f"data-series={name}"))

    def _interval(self, at: float, interval: tuple[float, float], name: str,
                  cap: float = 4) -> None:
        lo, hi = self._v(interval[0]), self._v(interval[1])
        if self.c.horizontal:
            d = f"M{lo:.2f},{at:.2f} H{hi:.2f} M{lo:.2f},{at - cap:.2f} V{at + cap:.2f} " \
                f"M{hi:.2f},{at - cap:.2f} V{at + cap:.2f}"
        else:
            d = f"M{at:.2f},{lo:.2f} V{hi:.2f} M{at - cap:.2f},{lo:.2f} H{at + cap:.2f} " \
                f"M{at - cap:.2f},{hi:.2f} H{at + cap:.2f}"
        self.marks.append(f'<path class="interval" data-series={name} data-low="{interval[0]!r}"'
                         f' data-high="{interval[1]!r}" d="{d}" stroke="{INK}" '
                         f'stroke-width="1.5" fill="none"/>')

    def _line(self, s: Line) -> None:
        name = quoteattr(s.label or "")
        across, up = self._xs(s.xs), self._vs(s.ys)
        kept = _thin(across, up)
        pts = " ".join(f"{across[i]:.2f},{up[i]:.2f}" for i in kept)
        data = " ".join(f"{s.xs[i]!r},{s.ys[i]!r}" for i in kept)
        self.marks.append(f'<polyline class="line" data-series={name} data-points="{data}" '
                         f'data-style="{s.style}" points="{pts}" fill="none" '
                         f'stroke="{s.color}" stroke-width="2"{_dash(s.style)} '
                         f'stroke-linejoin="round"/>')
        if s.marker:
            for i in _one_per_cell([across[i] for i in kept], [up[i] for i in kept], 3.5):
                self.marks.append(self._marker(s.marker, across[kept[i]], up[kept[i]],
                                              s.color, 3.5))

    def _marker(self, marker: str, x: float, y: float, color: str, r: float) -> str:
        style = f'fill="{color}" stroke="{INK}" stroke-width="0.8"'
        if marker == "D":
            return (f'<path d="M{x:.2f},{y - r * 1.3:.2f} L{x + r:.2f},{y:.2f} '
                    f'L{x:.2f},{y + r * 1.3:.2f} L{x - r:.2f},{y:.2f} Z" {style}/>')
        if marker == "s":
            return f'<rect x="{x - r:.2f}" y="{y - r:.2f}" width="{2 * r:.2f}" ' \
                   f'height="{2 * r:.2f}" {style}/>'
        if marker in ("^", "v"):
            k = -1 if marker == "^" else 1
            return (f'<path d="M{x:.2f},{y + k * r * 1.2:.2f} L{x + r * 1.1:.2f},'
                    f'{y - k * r * 0.8:.2f} L{x - r * 1.1:.2f},{y - k * r * 0.8:.2f} Z" '
                    f'{style}/>')
        return f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{r:.2f}" {style}/>'

    def _points(self, s: Points) -> None:
        """Each point's marker and interval; where markers would cover each other, the first
        (see :func:`_one_per_cell`), and its interval with the widest of the others' ends in
        its cell, so the picture is the same."""
        name = quoteattr(s.label or "")
        r = 2.5 if len(s.xs) > 30 else 4.5
        across, up = self._xs(s.xs), self._vs(s.ys)
        cell = 2 * r      # a marker's width: markers closer than that mostly cover each other
        kept = _one_per_cell(across, up, cell) if len(s.xs) > 30 else list(range(len(s.xs)))
        reach = _reach(across, up, s.intervals, cell) if len(kept) < len(s.xs) else None
        for i in kept:
            x, y, iv = s.xs[i], s.ys[i], s.intervals[i]
            if reach is not None:
                iv = reach.get((math.floor(across[i] / cell), math.floor(up[i] / cell)))
            if iv:
                self._interval(across[i], iv, name, cap=0 if len(s.xs) > 30 else 4)
            mark = self._marker(s.marker, across[i], up[i], s.color, r)
            self.marks.append(_classed("point", mark,
                                       f'data-series={name} data-x="{x!r}" data-y="{y!r}"'))

    def _band(self, s: Band) -> None:
        across = self._xs(s.xs)
        highs, lows = self._vs(s.highs), self._vs(s.lows)
        top, bottom = _thin(across, highs), _thin(across, lows)
        upper = [f"{across[i]:.2f},{highs[i]:.2f}" for i in top]
        lower = [f"{across[i]:.2f},{lows[i]:.2f}" for i in reversed(bottom)]
        self.marks.append(f'<polygon class="band" data-series={quoteattr(s.label or "")} '
                         f'points="{" ".join(upper + lower)}" fill="{s.color}" '
                         f'fill-opacity="0.25" stroke="none"/>')

    def _reference(self, s: Reference) -> None:
        p = self._v(s.value)
        if self.c.horizontal:
            xy = f'x1="{p:.2f}" y1="{self.py:.2f}" x2="{p:.2f}" y2="{self.py + self.ph:.2f}"'
        else:
            xy = f'x1="{self.px:.2f}" y1="{p:.2f}" x2="{self.px + self.pw:.2f}" y2="{p:.2f}"'
        self.marks.append(f'<line class="reference" data-series={quoteattr(s.label or "")} '
                         f'data-value="{s.value!r}" {xy} stroke="{s.color}" stroke-width="2" '
                         f'stroke-dasharray="7 4"/>')

    def _title_and_legend(self) -> None:
        y = 8 + FONT_SIZE
        for line in self.title_lines:
            self.body.append(_classed("title", svg_text(self.px, y, line, size=FONT_SIZE + 2,
                                                     weight="bold")))
            y += FONT_SIZE + 6
        size = FONT_SIZE - 3
        for row in self.legend_rows:
            x = self.px
            for s in row:
                self.body.append(self._swatch(s, x, y - size * 0.35))
                self.body.append(_classed("legend", svg_text(x + 28, y, s.label or "", size=size)))
                x += 44 + text_width(s.label or "", size)
            y += size + 8

    def _swatch(self, s: Series, x: float, y: float) -> str:
        if isinstance(s, Bars):
            hatch = next((h for h in s.hatches if h), "")
            return (f'<rect x="{x:.1f}" y="{y - 6:.1f}" width="22" height="12" '
                    f'fill="{self._fill(s.colors[0], hatch)}" stroke="{INK}" '
                    f'stroke-width="0.8"/>')
        if isinstance(s, Band):
            return (f'<rect x="{x:.1f}" y="{y - 6:.1f}" width="22" height="12" '
                    f'fill="{s.color}" fill-opacity="0.25"/>')
        if isinstance(s, Points):
            return (f'<line x1="{x + 11:.1f}" y1="{y - 7:.1f}" x2="{x + 11:.1f}" '
                    f'y2="{y + 7:.1f}" stroke="{INK}" stroke-width="1.5"/>'
                    + self._marker(s.marker, x + 11, y, s.color, 4.5))
        dash = _dash("dashed" if isinstance(s, Reference) else s.style)
        out = (f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x + 24:.1f}" y2="{y:.1f}" '
               f'stroke="{s.color}" stroke-width="2"{dash}/>')
        if isinstance(s, Line) and s.marker:
            out += self._marker(s.marker, x + 12, y, s.color, 3.5)
        return out

