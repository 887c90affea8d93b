"""Charts for the lessons and the widgets: one description, drawn by matplotlib where it is
installed and as SVG by the standard library where it is not (a browser kernel).

A :class:`Chart` holds what a chart shows: its title, axis labels, categories, and series of
bars (with their texts, colors, hatches and intervals), lines, points with intervals, bands and
dashed reference lines. It does not hold how it is drawn. :meth:`Chart.figure` draws it with
matplotlib (on a :class:`matplotlib.figure.Figure`, never pyplot's global state, so a widget
that redraws a hundred times leaves no figure behind), and :meth:`Chart.svg` draws the same
description as one ``<svg>`` element in the style of :mod:`swkit.pictures`. In a notebook a
chart shows itself (``_repr_mimebundle_``): matplotlib's picture where it imports, the SVG
where it does not, and in both a text alternative carrying every number (the image's ``alt``
or the SVG's ``<title>`` and ``<desc>``) and a "the numbers" list under it.

Style: the Okabe–Ito palette (color-blind safe), large type for a projector, labelled axes and
a title on every chart; a series picked out by color is hatched as well (``hatch``), points
that differ in color differ in marker too, and lines in dash pattern, so color is never the
only cue.

What a chart takes is checked where it comes in (:mod:`swkit.chart_input`: words are ``str``,
colors ``#rgb``/``#rrggbb`` or a palette name, numbers finite and at most 1e100 in size), and
whatever it accepts both drawings draw; long series are thinned in the SVG to the same
picture.

>>> from fractions import Fraction
>>> chart = distribution_chart({3: Fraction(16, 81), 4: Fraction(52, 81), 5: Fraction(13, 81)},
...                            title="Mickey's count", xlabel="count", event=lambda x: x >= 4)
>>> [bars.label for bars in chart.series]
['the event (exact)', 'other outcomes (exact)']
>>> 'role="img"' in chart.svg() and "3: 19.75%" in chart.words()
True
"""

from __future__ import annotations

import base64
import io
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape as html_escape
from typing import TYPE_CHECKING, Any, NamedTuple
from xml.sax.saxutils import quoteattr

from swkit.chart_input import (
    check_color,
    check_flag,
    check_intervals,
    check_name,
    check_number,
    check_numbers,
    check_size,
    check_text,
    check_values,
    same_length,
)
from swkit.chart_parts import (
    FONT_SIZE,
    GRID_COLOR,
    HATCHES,
    LINE_STYLES,
    MARKERS,
    OKABE_ITO,
    Band,
    Bars,
    Line,
    Number,
    Points,
    Reference,
    Series,
    drawable,
    number_text,
    percent_axis_text,
    percent_formatter,
    sample_points,
    says_value,
    text_width,
)
from swkit.chart_svg import SvgChart
from swkit.errors import ConfigurationError
from swkit.pictures.base import INK, MUTED
from swkit.present.percent import percent_text

if TYPE_CHECKING:    # matplotlib is imported where a chart is drawn with it, so that the
    # descriptions and their SVG serve a Python without matplotlib (a browser kernel)
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "OKABE_ITO",
    "Band",
    "Bars",
    "Chart",
    "Charts",
    "Line",
    "Points",
    "Reference",
    "Trial",
    "can_use_matplotlib",
    "convergence_chart",
    "distribution_chart",
    "figure_png",
    "new_figure",
    "percent_text",
    "probability_bars",
    "style_axes",
    "use_okabe_ito",
]

CYCLE_ORDER: tuple[str, ...] = ("blue", "orange", "bluish green", "vermillion", "sky blue",
                                "reddish purple", "yellow", "black")
"""The order in which a chart's series without a color of their own (and :func:`use_okabe_ito`
for matplotlib's cycle) take the palette's colors (the strongest contrasts first; yellow, pale
on white, late)."""

EVENT_COLOR = OKABE_ITO["blue"]
OTHER_COLOR = OKABE_ITO["sky blue"]
SIMULATED_COLOR = OKABE_ITO["vermillion"]
EXACT_COLOR = OKABE_ITO["black"]

MOST_POINTS_SAID = 100
"""The most points of one series the words list; a longer series is said by 12 of its points,
spread along the axis, with how many there are and their lowest and highest value."""

MOST_CATEGORIES = 1000
"""The most categories a chart takes: past a thousand, no bar or name could be read (draw a
line instead)."""


class Trial(NamedTuple):
    """One point of a Monte Carlo run: after ``n`` trials the ``estimate`` and its confidence
    interval ``[low, high]`` (the fields of ``swkit.odds.MCResult``)."""

    n: int
    estimate: float
    low: float
    high: float


def can_use_matplotlib() -> bool:
    """True when matplotlib imports (CPython with swkit's dependencies); False in a browser
    kernel, where charts draw as SVG."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def use_okabe_ito() -> None:
    """Make the Okabe–Ito palette matplotlib's default color cycle (``axes.prop_cycle``), in
    :data:`CYCLE_ORDER`, for charts drawn with matplotlib directly. Changes matplotlib's global
    settings; raises ImportError without matplotlib."""
    import matplotlib
    from cycler import cycler

    matplotlib.rcParams["axes.prop_cycle"] = cycler(color=[OKABE_ITO[n] for n in CYCLE_ORDER])


def new_figure(rows: int = 1, columns: int = 1, width: float = 7.0,
               height: float = 4.6) -> Figure:
    """A ``Figure`` (not registered with pyplot) holding ``rows`` x ``columns`` axes
    (``fig.axes``, row by row); ``width`` x ``height`` inches in all, constrained layout.
    Raises ImportError without matplotlib."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained", dpi=100)
    fig.subplots(rows, columns, squeeze=False)
    return fig


def style_axes(ax: Axes, title: str, xlabel: str, ylabel: str, grid: str = "y") -> None:
    """The kit's look on a matplotlib ``ax``: the title at the left, labelled axes in large
    type, no top or right spine, a light grid along ``grid`` (``"x"`` or ``"y"``) behind the
    marks. The words are drawn as written (a ``$`` is a dollar sign, not mathematics)."""
    ax.set_title(title, fontsize=FONT_SIZE + 2, loc="left", wrap=True, parse_math=False)
    ax.set_xlabel(xlabel, fontsize=FONT_SIZE, parse_math=False)
    ax.set_ylabel(ylabel, fontsize=FONT_SIZE, parse_math=False)
    ax.tick_params(labelsize=FONT_SIZE - 1)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis=grid, color=GRID_COLOR, linewidth=0.8)
    ax.set_axisbelow(True)




def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """``fig`` rendered as PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()


# -- the description --------------------------------------------------------------------------

class Chart:
    """One chart, described (not drawn): build it with :meth:`bars`, :meth:`line`,
    :meth:`points`, :meth:`band` and :meth:`reference` (each returns the chart), then show it
    (a notebook cell's value), or draw it with :meth:`figure` (matplotlib) or :meth:`svg`.

    ``categories``: the bars' names, in order (left to right; with ``horizontal``, top to
    bottom); without them the x axis is numeric (lines, points, bands). ``percent``: values are
    probabilities in [0, 1], shown as percentages. ``limits``: the value axis's (low, high)
    (the y axis; with ``horizontal``, the x axis); ``xlimits`` a numeric x axis's; ``xscale``
    ``"linear"`` or ``"log"``. ``xlabel``/``ylabel`` name the horizontal and vertical axes.
    ``width``/``height``: inches (100 pixels each). ``note``: a sentence written in the middle
    of the plot (e.g. "no trials yet"). Words (title, labels, note) are ``str``; categories
    may be numbers too (at most 1,000 of them). Raises ConfigurationError naming a bad argument
    (see :mod:`swkit.chart_input` for what each takes).
    """

    def __init__(self, title: str, *, xlabel: str = "", ylabel: str = "",
                 categories: Sequence[object] | None = None, horizontal: bool = False,
                 percent: bool = False, limits: tuple[Number, Number] | None = None,
                 xlimits: tuple[Number, Number] | None = None, xscale: str = "linear",
                 width: float = 8.0, height: float = 4.5, note: str | None = None) -> None:
        title = check_text(title, "title")
        if not title.strip():
            raise ConfigurationError("a chart needs a title (what it shows, in words)")
        if not (isinstance(xscale, str) and xscale in ("linear", "log")):
            raise ConfigurationError(f"xscale must be 'linear' or 'log', got {xscale!r}")
        horizontal, percent = check_flag(horizontal, "horizontal"), check_flag(percent, "percent")
        if horizontal and categories is None:
            raise ConfigurationError("a horizontal chart needs categories (the bars' names)")
        if categories is not None and xscale == "log":
            raise ConfigurationError("a chart with categories has no log scale across")
        self.title = title
        self.xlabel, self.ylabel = check_text(xlabel, "xlabel"), check_text(ylabel, "ylabel")
        self.categories: tuple[str, ...] | None = None
        if categories is not None:
            if isinstance(categories, (str, bytes, Mapping)) or not hasattr(
                    categories, "__len__"):
                raise ConfigurationError(f"categories must be a list of names, got "
                                         f"{categories!r:.40}")
            if not 1 <= len(categories) <= MOST_CATEGORIES:
                raise ConfigurationError(
                    f"categories must name 1 to {MOST_CATEGORIES:,} bars' places, got "
                    f"{len(categories):,}" + ("" if categories else
                                              " (leave categories out for lines and points)"))
            self.categories = tuple(check_name(c, f"categories[{i}]")
                                    for i, c in enumerate(categories))
        self.horizontal, self.percent, self.xscale = horizontal, percent, xscale
        self.limits = None if limits is None else self._pair(limits, "limits")
        self.xlimits = None if xlimits is None else self._pair(xlimits, "xlimits")
        if self.xlimits is not None and xscale == "log" and self.xlimits[0] <= 0:
            raise ConfigurationError(f"a log scale needs xlimits above 0, got {xlimits}")
        self.width = check_size(width, "width", 30)
        self.height = check_size(height, "height", 30)
        self.note = check_text(note, "note", optional=True)
        self.series: list[Series] = []

    @staticmethod
    def _pair(pair: tuple[Number, Number], name: str) -> tuple[float, float]:
        if isinstance(pair, (str, bytes)) or not hasattr(pair, "__len__") or len(pair) != 2:
            raise ConfigurationError(f"{name} must be (low, high), got {pair!r:.40}")
        low, high = check_numbers(list(pair), name)
        if not low < high:
            raise ConfigurationError(f"{name} must be (low, high) with low < high, got {pair}")
        return low, high

    def _next_color(self) -> str:
        used = sum(1 for s in self.series if not isinstance(s, Reference))
        return OKABE_ITO[CYCLE_ORDER[used % len(CYCLE_ORDER)]]

    def _need_categories(self, what: str) -> int:
        if self.categories is None:
            raise ConfigurationError(f"{what} need categories: Chart(..., categories=[...])")
        return len(self.categories)

    @staticmethod
    def _label(label: object, name: str) -> str | None:
        return check_text(label, f"{name}: the label", optional=True)

    @staticmethod
    def _marker(marker: object, name: str) -> str | None:
        if marker is not None and not (isinstance(marker, str) and marker in MARKERS):
            raise ConfigurationError(f"{name}: a marker is one of {MARKERS} or None, "
                                     f"got {marker!r:.40}")
        return marker  # type: ignore[return-value]

    def bars(self, label: str | None, values: Sequence[Number | None], *,
             texts: Sequence[str | None] | None = None, color: str | None = None,
             colors: Sequence[str] | None = None, hatch: str | None = None,
             hatches: Sequence[str] | None = None,
             intervals: Sequence[tuple[Number, Number] | None] | None = None) -> Chart:
        """Add bars, one value per category (``None``: no bar). ``label`` names the series in
        the legend and the words (``None``: no legend entry); ``texts`` are written at the
        bars' ends; ``color`` (or one per bar in ``colors``) and ``hatch`` (one of
        :data:`HATCHES`, ``""`` for none, or one per bar in ``hatches``; by default the next of
        :data:`HATCHES`) fill them; ``intervals`` give each bar an error bar. Colors are
        ``#rgb``, ``#rrggbb`` or a palette name; words are ``str`` (see
        :mod:`swkit.chart_input`). Raises ConfigurationError naming a bad argument."""
        n = self._need_categories("bars")
        name = f"bars {label!r:.40}"
        label = self._label(label, name)
        same_length(name, n, values, "categories")
        same_length(name, n, texts, "texts")
        same_length(name, n, colors, "colors")
        same_length(name, n, hatches, "hatches")
        own = self._next_color() if color is None else check_color(color, f"{name}: color")
        if hatch is None:
            hatch = HATCHES[sum(1 for b in self.series if isinstance(b, Bars)) % len(HATCHES)]
        bad = [h for h in ([hatch] + list(hatches or []))
               if not (isinstance(h, str) and h in HATCHES)]
        if bad:
            raise ConfigurationError(f"{name}: a hatch is one of {HATCHES}, got {bad[0]!r:.40}")
        self.series.append(Bars(
            label, check_values(values, f"{name} values"),
            tuple(check_text(t, f"{name}: texts[{i}]", optional=True)
                  for i, t in enumerate(texts)) if texts is not None else (None,) * n,
            tuple(check_color(c, f"{name}: colors[{i}]") for i, c in enumerate(colors))
            if colors is not None else (own,) * n,
            tuple(hatches) if hatches is not None else (hatch,) * n,
            check_intervals(intervals, n, f"{name} intervals")))
        return self

    def line(self, label: str | None, xs: Sequence[Number], ys: Sequence[Number], *,
             color: str | None = None, dashed: bool = False, style: str | None = None,
             marker: str | None = None) -> Chart:
        """Add a line through the points ``(xs[i], ys[i])`` (``marker``: ``"o"``, ``"D"``...
        at each point). ``style``: one of :data:`LINE_STYLES` (``dashed=True`` is
        ``"dashed"``); by default the next of them, so lines differ in pattern as well as in
        color. Raises ConfigurationError naming a bad argument."""
        name = f"line {label!r:.40}"
        if self.categories is not None:
            raise ConfigurationError("a line needs a numeric x axis: a chart without categories")
        label = self._label(label, name)
        same_length(name, len(xs), ys, "ys")
        if not len(xs):
            raise ConfigurationError(f"{name} has no points")
        if check_flag(dashed, f"{name}: dashed"):
            style = "dashed" if style is None else style
        if style is None:
            order = tuple(LINE_STYLES)
            style = order[sum(1 for s in self.series if isinstance(s, Line)) % len(order)]
        if not (isinstance(style, str) and style in LINE_STYLES):
            raise ConfigurationError(f"{name}: a style is one of {tuple(LINE_STYLES)}, "
                                     f"got {style!r:.40}")
        own = self._next_color() if color is None else check_color(color, f"{name}: color")
        at = self._xs(xs, name)
        self.series.append(Line(label, at, check_numbers(ys, f"{name} ys"), own, style,
                                self._marker(marker, name)))
        return self

    def points(self, label: str | None, xs: Sequence[Number], ys: Sequence[Number], *,
               intervals: Sequence[tuple[Number, Number] | None] | None = None,
               color: str | None = None, marker: str | None = None) -> Chart:
        """Add markers at ``(xs[i], ys[i])``, each with its ``(low, high)`` interval (or None).
        On a chart with categories, ``xs`` are positions: category ``i`` is at ``i``. Raises
        ConfigurationError naming a bad argument."""
        name = f"points {label!r:.40}"
        if self.horizontal:
            raise ConfigurationError("points need a vertical chart (horizontal=False)")
        label = self._label(label, name)
        same_length(name, len(xs), ys, "ys")
        taken = sum(1 for s in self.series if isinstance(s, Points))
        own = self._next_color() if color is None else check_color(color, f"{name}: color")
        at = self._xs(xs, name)
        self.series.append(Points(label, at, check_numbers(ys, f"{name} ys"),
                                  check_intervals(intervals, len(xs), f"{name} intervals"),
                                  own, self._marker(marker, name) or MARKERS[taken % len(MARKERS)]))
        return self

    def band(self, label: str | None, xs: Sequence[Number], lows: Sequence[Number],
             highs: Sequence[Number], *, color: str | None = None) -> Chart:
        """Add a shaded band from ``lows[i]`` to ``highs[i]`` at each ``xs[i]``. Raises
        ConfigurationError naming a bad argument."""
        name = f"band {label!r:.40}"
        if self.categories is not None:
            raise ConfigurationError("a band needs a numeric x axis: a chart without categories")
        label = self._label(label, name)
        same_length(name, len(xs), lows, "lows")
        same_length(name, len(xs), highs, "highs")
        own = self._next_color() if color is None else check_color(color, f"{name}: color")
        at = self._xs(xs, name)
        self.series.append(Band(label, at, check_numbers(lows, f"{name} lows"),
                                check_numbers(highs, f"{name} highs"), own))
        return self

    def reference(self, label: str | None, value: Number, *,
                  color: str = EXACT_COLOR) -> Chart:
        """Add a dashed line across the chart at ``value`` on the value axis. Raises
        ConfigurationError naming a bad argument."""
        name = f"reference {label!r:.40}"
        self.series.append(Reference(self._label(label, name),
                                     check_number(value, f"{name}: value"),
                                     check_color(color, f"{name}: color")))
        return self

    def _xs(self, xs: Sequence[Number], name: str) -> tuple[float, ...]:
        at = check_numbers(xs, f"{name} xs")
        if self.xscale == "log" and any(x <= 0 for x in at):
            raise ConfigurationError(f"{name}: a log scale needs x > 0")
        return at

    # -- what both drawings share ---------------------------------------------------------

    def bar_slots(self) -> list[tuple[Bars, float, float]]:
        """Each bar series with its offset from the category's position and its width (bars
        of several series side by side where two of them share a category)."""
        bars = [s for s in self.series if isinstance(s, Bars)]
        shared = any(sum(1 for b in bars if b.values[i] is not None) > 1
                     for i in range(len(self.categories or ())))
        if not shared:
            return [(b, 0.0, 0.7) for b in bars]
        width = 0.8 / len(bars)
        return [(b, (i - (len(bars) - 1) / 2) * width, width) for i, b in enumerate(bars)]

    def text_end(self, bars: Bars, i: int) -> float:
        """Where bar ``i``'s text goes on the value axis: past the bar, its interval, and any
        point with its interval drawn over the same category, so nothing covers the text."""
        end = max(bars.values[i] or 0.0, (bars.intervals[i] or (0.0, 0.0))[1])
        for s in self.series:
            if isinstance(s, Points):
                for x, y, iv in zip(s.xs, s.ys, s.intervals, strict=True):
                    if abs(x - i) < 0.5:
                        end = max(end, y, iv[1] if iv else y)
        return end

    def legend_rows(self, width: float) -> list[list[Series]]:
        """The legend's entries (series with a label) in rows that fit ``width`` points."""
        rows: list[list[Series]] = [[]]
        used = 0.0
        for s in self.series:
            if not s.label:
                continue
            w = 44 + text_width(s.label, FONT_SIZE - 3)
            if rows[-1] and used + w > width:
                rows.append([])
                used = 0.0
            rows[-1].append(s)
            used += w
        return [r for r in rows if r]

    def value_range(self) -> tuple[float, float]:
        """The value axis's (low, high): ``limits``, or room for every value and text; never
        so narrow that a drawing cannot divide by it (:func:`~swkit.chart_parts.drawable`)."""
        return drawable(*self._value_range())

    def _value_range(self) -> tuple[float, float]:
        if self.limits is not None:
            return self.limits
        values: list[float] = []
        for s in self.series:
            if isinstance(s, Bars):
                values += [v for v in s.values if v is not None]
                values += [h for iv in s.intervals if iv for h in iv]
            elif isinstance(s, Line):
                values += s.ys
            elif isinstance(s, Points):
                values += list(s.ys) + [h for iv in s.intervals if iv for h in iv]
            elif isinstance(s, Band):
                values += list(s.lows) + list(s.highs)
            else:
                values.append(s.value)
        has_bars = any(isinstance(s, Bars) for s in self.series)
        if not values:
            return (0.0, 1.0)
        low, high = min(values), max(values)
        if has_bars:
            low = min(low, 0.0)
            high = max(high, 0.0)
            span = (high - low) or 1.0
            texts = any(t for s in self.series if isinstance(s, Bars) for t in s.texts)
            return low, high + span * (0.16 if texts else 0.06)
        span = (high - low) or max(abs(high), 1e-3) * 0.2
        low, high = low - span * 0.1, high + span * 0.1
        if self.percent and low < 1 and high > 0:
            low, high = max(low, 0.0), min(high, 1.0)
        return low, high

    def x_range(self) -> tuple[float, float]:
        """A numeric x axis's (low, high); with categories, (-0.5, n - 0.5). Never so narrow
        that a drawing cannot divide by it (on a log scale: by its logarithms)."""
        if self.categories is not None:
            return -0.5, len(self.categories) - 0.5
        if self.xlimits is not None:
            low, high = self.xlimits
        else:
            xs = [min(s.xs) for s in self.series if isinstance(s, (Line, Points, Band)) and s.xs]
            if not xs:
                return (1.0, 10.0) if self.xscale == "log" else (0.0, 1.0)
            low = min(xs)
            high = max(max(s.xs) for s in self.series
                       if isinstance(s, (Line, Points, Band)) and s.xs)
            if self.xscale == "linear":
                pad = (high - low) * 0.03 or max(abs(low) * 0.03, 0.5)
                low, high = low - pad, high + pad
            elif high == low:
                high = low * 10
        if self.xscale == "log":       # a thousandth of a power of ten at least
            return low, max(high, low * 1.0023)
        return drawable(low, high)

    def value_text(self, value: float) -> str:
        """How a value reads in the words: a percentage, or a number to 4 significant digits."""
        if self.percent:
            return percent_text(value) if abs(value) < 1e4 else percent_axis_text(value, 0)
        return number_text(value)

    def words(self) -> str:
        """The chart in words, every number it shows (a long line: a dozen of its points): the
        text alternative of both drawings, one sentence a line."""
        kind = "Bar chart" if self.categories is not None else "Chart"
        lines = [f"{kind}: {self.title}."]
        axes = []
        if self.xlabel:
            log = self.xscale == "log" and "log" not in self.xlabel
            axes.append(f"across: {self.xlabel}" + (" (log scale)" if log else ""))
        if self.ylabel:
            axes.append(f"up: {self.ylabel}")
        if axes:
            lines.append(_upper("; ".join(axes)) + ".")
        value_name = (self.xlabel if self.horizontal else self.ylabel) or "values"
        for s in self.series:
            name = _upper(s.label or value_name)
            if isinstance(s, Bars):
                items = [f"{self._x_text(i)}: {self._bar_words(v, t)}" + self._interval_words(iv)
                         for i, (v, t, iv) in enumerate(zip(s.values, s.texts, s.intervals,
                                                            strict=True)) if v is not None]
                lines.append(f"{name}: " + ", ".join(items) + ".")
            elif isinstance(s, Reference):
                label, at = s.label or value_name, self.value_text(s.value)
                lines.append(f"Dashed line: {label}" + ("." if label.endswith(at)
                                                        else f", at {at}."))
            elif isinstance(s, Line):
                shown = sample_points(len(s.xs), self.xscale == "log", s.xs)
                items = [f"{self._x_text(s.xs[i])}: {self.value_text(s.ys[i])}" for i in shown]
                more = (f" ({len(s.xs):,} points, {len(shown)} of them here)"
                        if len(shown) < len(s.xs) else "")
                style = {"solid": "line", "dashdot": "dash-dot line"}.get(s.style,
                                                                          f"{s.style} line")
                lines.append(f"{name} ({style}){more}: " + ", ".join(items) + ".")
            elif isinstance(s, Points):
                shown = (list(range(len(s.xs))) if len(s.xs) <= MOST_POINTS_SAID
                         else sample_points(len(s.xs), self.xscale == "log", s.xs))
                items = [f"{self._x_text(s.xs[i])}: {self.value_text(s.ys[i])}"
                         + self._interval_words(s.intervals[i]) for i in shown]
                more = ""
                if len(shown) < len(s.xs):
                    more = (f" ({len(s.xs):,} points from {self.value_text(min(s.ys))} to "
                            f"{self.value_text(max(s.ys))}, {len(shown)} of them here)")
                lines.append(f"{name}{more}: " + ("; ".join(items) if items else "none") + ".")
            else:
                shown = sample_points(len(s.xs), self.xscale == "log", s.xs)
                lines.append(f"{name} (shaded): " + ", ".join(
                    f"{self._x_text(s.xs[i])}: {self.value_text(s.lows[i])} to "
                    f"{self.value_text(s.highs[i])}" for i in shown) + ".")
        if self.note:
            note = self.note.replace("\n", " ")
            lines.append(note if note.endswith((".", "!", "?")) else note + ".")
        return "\n".join(lines)

    def _bar_words(self, value: float, text: str | None) -> str:
        """A bar in words: its text where the text says its value (``"5/29"``, ``"64.20%"``),
        else the value and then the text (``"0.5 (3.21 pts)"``)."""
        if not text:
            return self.value_text(value)
        if text == self.value_text(value) or says_value(text, value):
            return text
        return f"{self.value_text(value)} ({text})"

    def _interval_words(self, interval: tuple[float, float] | None) -> str:
        if interval is None:
            return ""
        return f" ({self.value_text(interval[0])} to {self.value_text(interval[1])})"

    def _x_text(self, x: float) -> str:
        if self.categories is not None:
            i = round(x)
            if 0 <= i < len(self.categories) and abs(x - i) < 0.5:
                return self.categories[i].replace("\n", " ")
        return number_text(x)

    # -- matplotlib ---------------------------------------------------------------------------

    def figure(self) -> Figure:
        """The chart drawn by matplotlib on a new Figure (``width`` x ``height`` inches).
        Raises ImportError without matplotlib."""
        fig = new_figure(width=self.width, height=self.height)
        self.draw(fig.axes[0])
        return fig

    def draw(self, ax: Axes) -> None:
        """Draw the chart with matplotlib on ``ax``."""
        from matplotlib.ticker import FuncFormatter, NullFormatter

        label_size = self.label_size()   # points, as the SVG's
        value_axis = ax.xaxis if self.horizontal else ax.yaxis
        n = len(self.categories or ())
        pos = (lambda i: n - 1 - i) if self.horizontal else (lambda i: i)
        for bars, offset, width in self.bar_slots():
            idx = [i for i, v in enumerate(bars.values) if v is not None]
            at = [pos(i) + (-offset if self.horizontal else offset) for i in idx]
            heights = [bars.values[i] for i in idx]
            errs = None
            if any(bars.intervals[i] for i in idx):
                errs = [[max(0.0, heights[j] - (bars.intervals[i] or (heights[j],) * 2)[0])
                         for j, i in enumerate(idx)],
                        [max(0.0, (bars.intervals[i] or (heights[j],) * 2)[1] - heights[j])
                         for j, i in enumerate(idx)]]
            common = dict(color=[bars.colors[i] for i in idx], edgecolor=EXACT_COLOR,
                          linewidth=0.8, hatch=[bars.hatches[i] for i in idx], label=bars.label,
                          zorder=2, error_kw=dict(ecolor=EXACT_COLOR, capsize=4, elinewidth=1.5))
            if self.horizontal:
                drawn = ax.barh(at, heights, width, xerr=errs, **common)
            else:
                drawn = ax.bar(at, heights, width, yerr=errs, **common)
            for j, i in enumerate(idx):
                text = bars.texts[i]
                if not text:
                    continue
                end = self.text_end(bars, i)
                rect = drawn[j]
                if self.horizontal:
                    xy = (end, rect.get_y() + rect.get_height() / 2)
                    ax.annotate(text, xy, xytext=(4, 0), textcoords="offset points",
                                ha="left", va="center", fontsize=label_size, color=INK,
                                parse_math=False)
                else:
                    xy = (rect.get_x() + rect.get_width() / 2, end)
                    ax.annotate(text, xy, xytext=(0, 3), textcoords="offset points",
                                ha="center", va="bottom", fontsize=label_size, color=INK,
                                parse_math=False)
        for s in self.series:
            if isinstance(s, Band):
                ax.fill_between(s.xs, s.lows, s.highs, color=s.color, alpha=0.25, linewidth=0,
                                label=s.label, zorder=1)
            elif isinstance(s, Line):
                dashes = [float(d) / 2 for d in LINE_STYLES[s.style].split()]  # over its width
                ax.plot(s.xs, s.ys, color=s.color, linestyle=(0, dashes) if dashes else "-",
                        linewidth=2, marker=s.marker or "", markersize=4, label=s.label,
                        zorder=3)
            elif isinstance(s, Points):
                have = [iv for iv in s.intervals if iv]
                err = None
                if have:
                    err = [[max(0.0, y - iv[0]) if iv else 0.0
                            for y, iv in zip(s.ys, s.intervals, strict=True)],
                           [max(0.0, iv[1] - y) if iv else 0.0
                            for y, iv in zip(s.ys, s.intervals, strict=True)]]
                ax.errorbar(s.xs, s.ys, yerr=err, fmt=s.marker, color=s.color,
                            markeredgecolor=EXACT_COLOR, markersize=4 if len(s.xs) > 30 else 7,
                            capsize=0 if len(s.xs) > 30 else 5, elinewidth=2,
                            label=s.label, zorder=4)
            elif isinstance(s, Reference):
                line = ax.axvline if self.horizontal else ax.axhline
                line(s.value, color=s.color, linestyle="--", linewidth=2, label=s.label,
                     zorder=3)
        if self.categories is not None:
            ticks = [pos(i) for i in range(n)]
            if self.horizontal:
                ax.set_yticks(ticks, self.categories, parse_math=False)
            else:
                ax.set_xticks(ticks, self.categories, parse_math=False)
        if self.xscale == "log":
            ax.set_xscale("log")
            ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: number_text(x)))
            ax.xaxis.set_minor_formatter(NullFormatter())
        low, high = self.value_range()
        if self.horizontal:
            ax.set_xlim(low, high)
            ax.set_ylim(-0.5, n - 0.5)
        else:
            ax.set_ylim(low, high)
            ax.set_xlim(*self.x_range())
        if self.percent:
            value_axis.set_major_formatter(percent_formatter())
        if self.categories is None and not any(
                isinstance(s, (Line, Points, Band)) for s in self.series):
            ax.set_xticks([])
        if self.note:
            ax.text(0.5, 0.35, self.note, transform=ax.transAxes, ha="center", va="center",
                    fontsize=FONT_SIZE, color=MUTED, wrap=True, parse_math=False)
        style_axes(ax, self.title, self.xlabel, self.ylabel, grid="x" if self.horizontal else "y")
        rows = self.legend_rows(self.width * 72 * 0.85)
        if rows:   # above the plot, under the title (as the SVG has it): it covers no bar
            legend = ax.legend(fontsize=FONT_SIZE - 3, frameon=False, loc="lower left",
                               bbox_to_anchor=(0, 1.0), ncols=max(len(r) for r in rows),
                               borderaxespad=0.2, handlelength=2.6, columnspacing=1.2)
            for text in legend.get_texts():
                text.set_parse_math(False)
            ax.set_title(self.title, fontsize=FONT_SIZE + 2, loc="left", wrap=True,
                         pad=6 + len(rows) * (FONT_SIZE - 3) * 1.5, parse_math=False)

    def label_size(self) -> float:
        """The font size, in points, of the texts on the bars, the same in the Matplotlib
        figure and the SVG: ``FONT_SIZE - 3``, smaller (down to 7) where narrow upright bars
        would crowd their longest text."""
        slots = self.bar_slots()
        texts = [t for b, _, _ in slots for t in b.texts if t]
        if not texts or self.horizontal:
            return FONT_SIZE - 3
        n = len(self.categories or ())
        width_pt = self.width * 72 * 0.85
        bar_pt = width_pt / max(n, 1) * (slots[0][2] if len(slots) == 1 else 0.8 / len(slots))
        room = bar_pt * (1.6 if len(slots) > 1 else 1.1)
        longest = max(len(t) for t in texts)
        return max(7.0, min(FONT_SIZE - 3, room / (0.6 * longest)))

    # -- SVG ---------------------------------------------------------------------------------

    def svg(self) -> str:
        """The chart drawn as one ``<svg>`` element (standard library only): ``role="img"``,
        a ``<title>`` and a ``<desc>`` (the words, :meth:`words`) named by ``aria-labelledby``;
        every mark carries ``data-series`` and its value (``data-value``, ``data-x``/``data-y``)
        for tests."""
        return SvgChart(self).render()

    # -- showing itself ---------------------------------------------------------------------

    def html(self, drawing: str | None = None, numbers: bool = True) -> str:
        """The chart as HTML: the drawing (matplotlib's PNG with the words as ``alt`` where
        matplotlib imports, else :meth:`svg`; ``drawing`` picks ``"png"`` or ``"svg"``) and,
        with ``numbers``, under it "the numbers" (the words) in a ``<details>`` element.
        Raises ConfigurationError for another ``drawing``."""
        return _figure_html([self], drawing, self.width, numbers)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": self.words()}

    def __repr__(self) -> str:
        return f"<Chart {self.title!r}: {len(self.series)} series>"


class Charts:
    """Charts side by side (one row), shown and drawn together: :meth:`figure` puts them on
    one matplotlib Figure, :meth:`html` puts their drawings in one row. Raises
    ConfigurationError without a chart."""

    def __init__(self, *charts: Chart) -> None:
        if not charts:
            raise ConfigurationError("Charts needs at least one Chart")
        self.charts = charts

    def words(self) -> str:
        """Every chart's words, one after another."""
        return "\n\n".join(c.words() for c in self.charts)

    def figure(self) -> Figure:
        """The charts on one new Figure, side by side. Raises ImportError without matplotlib."""
        fig = new_figure(1, len(self.charts), width=sum(c.width for c in self.charts),
                         height=max(c.height for c in self.charts))
        for chart, ax in zip(self.charts, fig.axes, strict=True):
            chart.draw(ax)
        return fig

    def html(self, drawing: str | None = None, numbers: bool = True) -> str:
        """As :meth:`Chart.html`, for the row of charts."""
        return _figure_html(list(self.charts), drawing, sum(c.width for c in self.charts),
                            numbers)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        return {"text/html": self.html(), "text/plain": self.words()}


def _figure_html(charts: list[Chart], drawing: str | None, width: float,
                 numbers: bool = True) -> str:
    if drawing is None:
        drawing = "png" if can_use_matplotlib() else "svg"
    if drawing not in ("png", "svg"):
        raise ConfigurationError(f"drawing must be 'png' or 'svg', got {drawing!r}")
    words = "\n\n".join(c.words() for c in charts)
    if drawing == "png":
        fig = charts[0].figure() if len(charts) == 1 else Charts(*charts).figure()
        data = base64.b64encode(figure_png(fig)).decode("ascii")
        picture = (f'<img src="data:image/png;base64,{data}" alt={quoteattr(words)} '
                   f'style="max-width:100%;height:auto" width="{round(width * 100)}">')
    else:
        picture = ('<div style="display:flex;flex-wrap:wrap;gap:8px">'
                   + "".join(f'<div style="flex:1 1 {round(c.width * 60)}px;'
                             f'max-width:{round(c.width * 100)}px">{c.svg()}</div>'
                             for c in charts) + "</div>")
    if not numbers:
        return f'<figure style="margin:0;max-width:100%">{picture}</figure>'
    items = "".join(f"<li>{html_escape(line)}</li>" for line in words.splitlines() if line)
    return ('<figure style="margin:0;max-width:100%">' + picture
            + '<figcaption><details style="font-size:14px;color:#1a1a1a">'
            '<summary>The numbers in this chart</summary>'
            f'<ul style="margin:0.2em 0">{items}</ul></details></figcaption></figure>')


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def probability_bars(values: Mapping[int, Fraction], *, title: str, xlabel: str,
                     ylabel: str = "probability", event: Callable[[int], bool] | None = None,
                     event_label: str = "the event", other_label: str = "other outcomes",
                     simulated: Mapping[int, Trial] | None = None, width: float = 7.0,
                     height: float = 4.6) -> Chart:
    """Bars of exact probabilities (Fractions in [0, 1]), one per integer key, each labelled
    with its percentage.

    ``event``: keys whose bars are drawn in the event's color with a hatch (and named
    ``event_label`` in the legend); ``simulated``: Monte Carlo estimates for some keys, drawn
    as points beside their bars with their confidence interval. Raises ConfigurationError for a
    value outside [0, 1] or no values.
    """
    if not values:
        raise ConfigurationError("a bar chart needs at least one value")
    bad = [x for x, p in values.items() if not 0 <= p <= 1]
    if bad:
        raise ConfigurationError(f"probabilities must lie in [0, 1]; {bad[0]} has {values[bad[0]]}")
    xs = sorted(values)
    chart = Chart(title, xlabel=xlabel, ylabel=ylabel, categories=xs, percent=True,
                  width=width, height=height)
    texts = [percent_text(values[x]) for x in xs]
    if event is None:
        chart.bars(None, [values[x] for x in xs], texts=texts, color=EVENT_COLOR)
    else:
        inside = [bool(event(x)) for x in xs]
        for keep, label, color, hatch in ((True, event_label, EVENT_COLOR, "//"),
                                          (False, other_label, OTHER_COLOR, "")):
            if keep in inside:
                chart.bars(f"{label} (exact)",
                           [values[x] if e == keep else None for x, e in zip(xs, inside,
                                                                           strict=True)],
                           texts=[t if e == keep else None for t, e in zip(texts, inside,
                                                                           strict=True)],
                           color=color, hatch=hatch)
    if simulated:
        sx = [x for x in xs if x in simulated]
        n = max(simulated[x].n for x in sx) if sx else 0
        chart.points(f"simulated ({n:,} trials, 99% interval)",
                     [xs.index(x) + 0.25 for x in sx], [simulated[x].estimate for x in sx],
                     intervals=[(simulated[x].low, simulated[x].high) for x in sx],
                     color=SIMULATED_COLOR, marker="D")
    return chart


def distribution_chart(dist: Mapping[int, Fraction], *, title: str, xlabel: str,
                       ylabel: str = "probability", event: Callable[[int], bool] | None = None,
                       event_label: str = "the event", other_label: str = "other outcomes",
                       simulated: Mapping[int, Trial] | None = None) -> Chart:
    """The bar chart of a distribution ``{value: probability}`` (exact Fractions summing to
    exactly 1), each bar labelled with its percentage (see :func:`probability_bars` for
    ``event`` and ``simulated``). Raises ConfigurationError when the probabilities do not sum
    to 1.
    """
    total = sum(dist.values(), Fraction(0))
    if total != 1:
        raise ConfigurationError(f"a distribution must sum to exactly 1, this one sums to {total}")
    return probability_bars(dist, title=title, xlabel=xlabel, ylabel=ylabel, event=event,
                            event_label=event_label, other_label=other_label,
                            simulated=simulated)


def convergence_chart(trials: Sequence[Trial], exact: Fraction | float, *, title: str,
                      ylabel: str = "estimate", exact_label: str | None = None,
                      as_percent: bool = True, width: float = 6.5,
                      height: float = 4.6) -> Chart:
    """The running Monte Carlo estimate against the number of trials (log scale), its
    confidence band shaded, and the exact value as a dashed line.

    ``trials``: points in increasing ``n`` (may be empty: then only the exact line and a note
    to run a simulation); ``exact``: the exact value (a probability with ``as_percent``, else
    e.g. expected points). Raises ConfigurationError when ``n`` does not increase.
    """
    ns = [t.n for t in trials]
    if any(b <= a for a, b in zip(ns, ns[1:], strict=False)) or any(n < 1 for n in ns):
        raise ConfigurationError("the trials must have increasing numbers of samples >= 1")
    value = float(exact)
    shown = exact_label or (f"exact: {percent_text(exact)}" if as_percent
                            else f"exact: {value:.4g}")
    limits = xlimits = None
    if trials:
        lows = [t.low for t in trials[len(trials) // 3:]] + [value]
        highs = [t.high for t in trials[len(trials) // 3:]] + [value]
        span = max(highs) - min(lows) or max(abs(value), 1e-3) * 0.2
        low, high = min(lows) - span * 0.3, max(highs) + span * 0.3
        if as_percent:
            low, high = max(low, 0.0), min(high, 1.0)
        limits = (low, high)
        xlimits = (ns[0], max(ns[-1], ns[0] * 10))
    chart = Chart(title, xlabel="number of trials" + (" (log scale)" if trials else ""),
                  ylabel=ylabel, percent=as_percent, limits=limits, xlimits=xlimits,
                  xscale="log" if trials else "linear", width=width, height=height,
                  note=None if trials else "no trials yet: press Simulate")
    chart.reference(shown, value)
    if trials:
        chart.band("99% confidence band", ns, [t.low for t in trials], [t.high for t in trials],
                   color=SIMULATED_COLOR)
        chart.line("simulated estimate", ns, [t.estimate for t in trials],
                   color=SIMULATED_COLOR, marker="o")
    return chart
