"""An answer's charts: the exact values as bars (with the simulated estimates) and the
running estimate closing in on the exact value, from :mod:`swkit.plots`."""

from __future__ import annotations

from swkit.plots import Charts, Trial, convergence_chart, probability_bars
from swkit.present.answers import Answer
from swkit.present.simulation import Simulated

__all__ = ["chart", "chart_html"]


def chart(answer: Answer, trials: list[Trial] | tuple[Trial, ...] = (),
          simulated: Simulated | None = None) -> Charts:
    """The explorer's two charts: the exact values (bars, with the simulated estimates) on the
    left and the running estimate closing in on the exact value on the right."""
    event = answer.event
    highlight = None if event == frozenset(answer.bars) else (lambda x: x in event)
    title = answer.chart_title[:1].upper() + answer.chart_title[1:]
    bars = probability_bars(answer.bars, title=title, xlabel=answer.xlabel,
                            event=highlight, event_label=answer.event_label,
                            other_label=("other values" if answer.is_distribution
                                         else "other " + answer.event_label.split(" =")[0]),
                            simulated=simulated.bars if simulated else None,
                            width=7.0, height=5.2)
    closing = convergence_chart(list(trials), answer.value,
                                title="Simulation against the exact answer",
                                ylabel=answer.short, as_percent=answer.is_probability,
                                width=6.5, height=5.2)
    return Charts(bars, closing)


def chart_html(answer: Answer, trials: list[Trial] | tuple[Trial, ...] = (),
               simulated: Simulated | None = None) -> str:
    """:func:`chart` as HTML: matplotlib's PNG with the charts in words as its ``alt`` where
    matplotlib imports, else SVG with a ``<title>`` and ``<desc>`` (a browser kernel); the
    caption under it gives the numbers on screen."""
    return chart(answer, trials, simulated).html(numbers=False)

