"""Matplotlib helpers shared by the lessons and the widgets: exact distributions and the
Monte Carlo estimate closing in on the exact value.

Every function builds on a :class:`matplotlib.figure.Figure` object, never on pyplot's global
state, so a widget that redraws a hundred times leaves no figure behind
(``matplotlib.pyplot.get_fignums()`` stays empty) and a worker thread can draw safely. In a
notebook the returned ``Figure`` shows itself as the cell's value; a widget turns it into PNG
bytes with :func:`figure_png`.

Style: the Okabe–Ito palette (color-blind safe), large type for a projector, labelled axes and
a title on every chart; the event's bars are hatched as well as colored, so color is never the
only cue.

>>> from fractions import Fraction
>>> fig = distribution_chart({3: Fraction(16, 81), 4: Fraction(52, 81), 5: Fraction(13, 81)},
...                          title="Mickey's count", xlabel="count", event=lambda x: x >= 4)
>>> [t.get_text() for t in fig.axes[0].texts]
['19.75%', '64.20%', '16.05%']
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from swkit.errors import ConfigurationError

if TYPE_CHECKING:    # matplotlib is imported where a chart is drawn (issue 13 §2), so that
    # Trial and percent_text serve a Python without matplotlib (Pyodide before it loads it)
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "OKABE_ITO",
    "Trial",
    "convergence_chart",
    "distribution_chart",
    "figure_png",
    "new_figure",
    "percent_text",
    "probability_bars",
    "use_okabe_ito",
]

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

CYCLE_ORDER: tuple[str, ...] = ("blue", "orange", "bluish green", "vermillion", "sky blue",
                                "reddish purple", "yellow", "black")
"""The order in which :func:`use_okabe_ito` hands out the palette's colors to a chart's series
(the strongest contrasts first; yellow, pale on white, late)."""

EVENT_COLOR = OKABE_ITO["blue"]
OTHER_COLOR = OKABE_ITO["sky blue"]
SIMULATED_COLOR = OKABE_ITO["vermillion"]
EXACT_COLOR = OKABE_ITO["black"]

FONT_SIZE = 14
"""Base font size in points: readable on a projector at the default figure size."""


class Trial(NamedTuple):
    """One point of a Monte Carlo run: after ``n`` trials the ``estimate`` and its confidence
    interval ``[low, high]`` (the fields of ``swkit.odds.MCResult``)."""

    n: int
    estimate: float
    low: float
    high: float


def percent_text(p: Fraction | float, digits: int = 2) -> str:
    """``p`` (a probability in [0, 1]) as a percentage with ``digits`` decimals; a possible
    outcome never shows as 0 (``"<0.01%"``) and a near-certain one never as 100%.

    >>> percent_text(Fraction(25, 2838)), percent_text(Fraction(1, 10**6)), percent_text(1)
    ('0.88%', '<0.01%', '100.00%')
    """
    value = float(p) * 100
    smallest = 10 ** -digits
    if 0 < value < smallest:
        return f"<{smallest:.{digits}f}%"
    if 100 - smallest < value < 100:
        return f">{100 - smallest:.{digits}f}%"
    return f"{value:.{digits}f}%"


def use_okabe_ito() -> None:
    """Make the Okabe–Ito palette matplotlib's default color cycle (``axes.prop_cycle``), in
    :data:`CYCLE_ORDER`: every later chart whose series take no explicit color (pyplot in a
    lesson, or a ``Figure``) gets the kit's color-blind-safe colors. Changes matplotlib's
    global settings; call it once, after importing matplotlib.
    """
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


def _style(ax: Axes, title: str, xlabel: str, ylabel: str) -> None:
    ax.set_title(title, fontsize=FONT_SIZE + 2, loc="left", wrap=True)
    ax.set_xlabel(xlabel, fontsize=FONT_SIZE)
    ax.set_ylabel(ylabel, fontsize=FONT_SIZE)
    ax.tick_params(labelsize=FONT_SIZE - 1)
    ax.spines[["top", "right"]].set_visible(False)
    ax.grid(axis="y", color="#cccccc", linewidth=0.8)
    ax.set_axisbelow(True)


def _target_axes(ax: Axes | None, width: float = 7.0, height: float = 4.6) -> Axes:
    return new_figure(width=width, height=height).axes[0] if ax is None else ax


def probability_bars(values: Mapping[int, Fraction], *, title: str, xlabel: str,
                     ylabel: str = "probability", event: Callable[[int], bool] | None = None,
                     event_label: str = "the event", other_label: str = "other outcomes",
                     simulated: Mapping[int, Trial] | None = None,
                     ax: Axes | None = None) -> Figure:
    """Bars of exact probabilities (Fractions in [0, 1]), one per integer key, each labelled
    with its percentage; returns the Figure drawn on (``ax``'s, or a new one).

    ``event``: keys whose bars are drawn in the event's color with a hatch (and named
    ``event_label`` in the legend); ``simulated``: Monte Carlo estimates for some keys, drawn
    as points with their confidence interval as an error bar. Raises ConfigurationError for a
    value outside [0, 1] or no values.
    """
    if not values:
        raise ConfigurationError("a bar chart needs at least one value")
    bad = [x for x, p in values.items() if not 0 <= p <= 1]
    if bad:
        raise ConfigurationError(f"probabilities must lie in [0, 1]; {bad[0]} has {values[bad[0]]}")
    ax = _target_axes(ax)
    xs = sorted(values)
    heights = [float(values[x]) for x in xs]
    is_event = [bool(event(x)) if event is not None else True for x in xs]
    colors = [EVENT_COLOR if e else OTHER_COLOR for e in is_event]
    hatches = ["//" if e and event is not None else "" for e in is_event]
    bars = ax.bar(xs, heights, color=colors, edgecolor=EXACT_COLOR, linewidth=1.0,
                  hatch=hatches, width=0.7, zorder=2)
    for bar, x in zip(bars, xs, strict=True):
        # a simulated point (drawn right of centre) with its interval may reach above the bar:
        # the label then sits above the interval's top, so the marker never covers it
        top = bar.get_height()
        if simulated and x in simulated:
            top = max(top, simulated[x].high, simulated[x].estimate)
        ax.annotate(percent_text(values[x]), (bar.get_x() + bar.get_width() / 2, top),
                    xytext=(0, 5), textcoords="offset points", ha="center", va="bottom",
                    fontsize=FONT_SIZE - 2, color=EXACT_COLOR)
    handles, labels = [], []
    if event is not None and any(is_event):
        handles.append(bars[is_event.index(True)])
        labels.append(f"{event_label} (exact)")
    if event is not None and not all(is_event):
        handles.append(bars[is_event.index(False)])
        labels.append(f"{other_label} (exact)")
    if simulated:
        sx = sorted(simulated)
        est = [simulated[x].estimate for x in sx]
        err = [[max(0.0, simulated[x].estimate - simulated[x].low) for x in sx],
               [max(0.0, simulated[x].high - simulated[x].estimate) for x in sx]]
        n = max(simulated[x].n for x in sx)
        sim = ax.errorbar([x + 0.25 for x in sx], est, yerr=err, fmt="D", color=SIMULATED_COLOR,
                          markeredgecolor=EXACT_COLOR, markersize=8, capsize=6, elinewidth=2,
                          zorder=3)
        handles.append(sim)
        labels.append(f"simulated ({n:,} trials, 99% interval)")
    top = max(heights + ([max(t.high for t in simulated.values())] if simulated else []))
    ax.set_ylim(0, min(1.0, top * 1.18) if top > 0 else 1.0)
    from matplotlib.ticker import PercentFormatter

    ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0 if top > 0.05 else 1))
    ax.set_xticks(xs)
    _style(ax, title, xlabel, ylabel)
    if handles:
        ax.legend(handles, labels, fontsize=FONT_SIZE - 3, frameon=False, loc="upper center",
                  bbox_to_anchor=(0.5, -0.16), ncols=2)
    return ax.figure  # type: ignore[return-value]


def distribution_chart(dist: Mapping[int, Fraction], *, title: str, xlabel: str,
                       ylabel: str = "probability", event: Callable[[int], bool] | None = None,
                       event_label: str = "the event", other_label: str = "other outcomes",
                       simulated: Mapping[int, Trial] | None = None,
                       ax: Axes | None = None) -> Figure:
    """The bar chart of a distribution ``{value: probability}`` (exact Fractions summing to
    exactly 1), each bar labelled with its percentage (see :func:`probability_bars` for
    ``event``, ``simulated`` and ``ax``). Raises ConfigurationError when the probabilities do
    not sum to 1.
    """
    total = sum(dist.values(), Fraction(0))
    if total != 1:
        raise ConfigurationError(f"a distribution must sum to exactly 1, this one sums to {total}")
    return probability_bars(dist, title=title, xlabel=xlabel, ylabel=ylabel, event=event,
                            event_label=event_label, other_label=other_label,
                            simulated=simulated, ax=ax)


def convergence_chart(trials: Sequence[Trial], exact: Fraction | float, *, title: str,
                      ylabel: str = "estimate", exact_label: str | None = None,
                      as_percent: bool = True, ax: Axes | None = None) -> Figure:
    """The running Monte Carlo estimate against the number of trials (log scale), its
    confidence band shaded, and the exact value as a horizontal line; returns the Figure.

    ``trials``: points in increasing ``n`` (may be empty: then only the exact line and a note
    to run a simulation); ``exact``: the exact value (a probability with ``as_percent``, else
    e.g. expected points). Raises ConfigurationError when ``n`` does not increase.
    """
    from matplotlib.ticker import FuncFormatter, NullFormatter, PercentFormatter

    ax = _target_axes(ax)
    ns = [t.n for t in trials]
    if any(b <= a for a, b in zip(ns, ns[1:], strict=False)) or any(n < 1 for n in ns):
        raise ConfigurationError("the trials must have increasing numbers of samples >= 1")
    value = float(exact)
    shown = exact_label or (f"exact: {percent_text(exact)}" if as_percent
                            else f"exact: {value:.4g}")
    ax.axhline(value, color=EXACT_COLOR, linestyle="--", linewidth=2, label=shown, zorder=3)
    if trials:
        ax.fill_between(ns, [t.low for t in trials], [t.high for t in trials],
                        color=SIMULATED_COLOR, alpha=0.25, linewidth=0,
                        label="99% confidence band", zorder=1)
        ax.plot(ns, [t.estimate for t in trials], color=SIMULATED_COLOR, linewidth=2.5,
                marker="o", markersize=4, label="simulated estimate", zorder=2)
        ax.set_xscale("log")
        ax.set_xlim(ns[0], max(ns[-1], ns[0] * 10))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _pos: f"{x:,.0f}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
        lows = [t.low for t in trials[len(trials) // 3:]] + [value]
        highs = [t.high for t in trials[len(trials) // 3:]] + [value]
        span = max(highs) - min(lows) or max(abs(value), 1e-3) * 0.2
        ax.set_ylim(min(lows) - span * 0.3, max(highs) + span * 0.3)
        if as_percent:
            ax.set_ylim(max(ax.get_ylim()[0], 0.0), min(ax.get_ylim()[1], 1.0))
    else:
        ax.set_xticks([])
        ax.text(0.5, 0.35, "no trials yet:\npress Simulate", transform=ax.transAxes,
                ha="center", va="center", fontsize=FONT_SIZE, color="#333333")
    if as_percent:
        ax.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    _style(ax, title, "number of trials" + (" (log scale)" if trials else ""), ylabel)
    ax.legend(fontsize=FONT_SIZE - 3, frameon=False, loc="upper center",
              bbox_to_anchor=(0.5, -0.16), ncols=2)
    return ax.figure  # type: ignore[return-value]


def figure_png(fig: Figure, dpi: int = 100) -> bytes:
    """``fig`` rendered as PNG bytes (e.g. the value of an ``ipywidgets.Image``)."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    return buffer.getvalue()
