"""A percent axis's tick labels are all different, however narrow the axis: their decimals come
from the ticks' spacing (the explorer's simulation chart of 25/2838 once read 0.90%, 0.89%,
0.89%, 0.88%, 0.88% ...), in matplotlib's drawing and in the SVG alike."""

from __future__ import annotations

import re
from fractions import Fraction

import matplotlib.pyplot as plt
import pytest

from swkit.chart_parts import percent_tick_decimals, percent_tick_digits
from swkit.plots import Chart, convergence_chart

# (low, high) values of the axis, 1 = 100%: from the explorer's narrow one to wide ones
# and past a million percent, where the ticks are written to significant digits
RANGES = [(0.0086, 0.0090), (0.00861, 0.00862), (0.4, 0.400004), (0.01, 0.025),
          (0.0, 0.06), (0.0, 1.0), (0.2, 0.3), (10_000, 10_000.5), (1e50, 1.000001e50),
          (0.0, 1e90)]


def line_chart(low: float, high: float) -> Chart:
    chart = Chart("narrow", percent=True, limits=(low, high), xlabel="trials", ylabel="share")
    return chart.line("estimate", [0, 1, 2], [low, (low + high) / 2, high])


def bar_chart(low: float, high: float) -> Chart:
    chart = Chart("narrow", percent=True, categories=["a", "b"], horizontal=True,
                  limits=(low, high))
    return chart.bars("share", [low, high])


def drawn_labels(chart: Chart) -> list[str]:
    """The value axis's tick labels as matplotlib draws them (the ones in view)."""
    fig = chart.figure()
    try:
        fig.canvas.draw()
        ax = fig.axes[0]
        axis, (low, high) = ((ax.xaxis, ax.get_xlim()) if chart.horizontal
                             else (ax.yaxis, ax.get_ylim()))
        return [t.get_text() for t, v in zip(axis.get_ticklabels(), axis.get_ticklocs(),
                                            strict=True) if low <= v <= high]
    finally:
        plt.close(fig)


def svg_labels(chart: Chart) -> list[str]:
    return re.findall(r'text-anchor="(?:end|middle)"[^>]*>([^<]*%)</text>', chart.svg())


@pytest.mark.parametrize(("low", "high"), RANGES)
@pytest.mark.parametrize("make", [line_chart, bar_chart], ids=["upright", "horizontal"])
def test_matplotlib_percent_ticks_differ(make, low: float, high: float) -> None:
    labels = drawn_labels(make(low, high))
    assert len(labels) >= 2 and all(t.endswith("%") for t in labels), labels
    assert len(set(labels)) == len(labels), labels


@pytest.mark.parametrize(("low", "high"), RANGES)
def test_svg_percent_ticks_differ(low: float, high: float) -> None:
    labels = svg_labels(line_chart(low, high))
    assert len(labels) >= 2, labels
    assert len(set(labels)) == len(labels), labels


def test_the_explorers_simulation_chart() -> None:
    """The newcomer's chart: 25/2838 (0.88%) with no trials yet, its axis 0.005% a tick."""
    chart = convergence_chart([], Fraction(25, 2838), title="Simulation against the exact answer",
                              ylabel="P(a set or a run)", as_percent=True)
    labels = drawn_labels(chart)
    assert len(set(labels)) == len(labels) >= 5, labels
    assert "0.880%" in labels and "0.885%" in labels
    assert len(set(svg_labels(chart))) == len(svg_labels(chart)) >= 3


@pytest.mark.parametrize(("ticks", "decimals"), [
    ([0.0, 0.05, 0.1], 0), ([0.0, 0.25, 0.5], 0), ([0.01, 0.0125, 0.015], 2),
    ([0.0086, 0.0087, 0.0088], 2), ([0.00860, 0.00865, 0.0087], 3),
    ([0.4, 0.400001], 4), ([0.1], 0), ([], 0), ([0.3, 0.3], 0)])
def test_decimals_from_the_spacing(ticks: list[float], decimals: int) -> None:
    assert percent_tick_decimals(ticks) == decimals


@pytest.mark.parametrize(("ticks", "digits"), [
    ([1e4, 2e4], 4), ([1e4, 1.0001e4], 6), ([1e50, 1.0000002e50], 9), ([1e4], 4), ([], 4)])
def test_significant_digits_past_a_million_percent(ticks: list[float], digits: int) -> None:
    assert percent_tick_digits(ticks) == digits
