"""swkit.plots: labelled, color-blind-safe charts on Figure objects that leave pyplot alone."""

from __future__ import annotations

from fractions import Fraction

import matplotlib.pyplot as plt
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex

from swkit.errors import ConfigurationError
from swkit.plots import (
    OKABE_ITO,
    Trial,
    convergence_chart,
    distribution_chart,
    figure_png,
    new_figure,
    percent_text,
    probability_bars,
)

DIST = {3: Fraction(16, 81), 4: Fraction(52, 81), 5: Fraction(13, 81)}


def test_a_distribution_chart_is_labelled_and_uses_the_okabe_ito_palette():
    fig = distribution_chart(DIST, title="Mickey's count", xlabel="count", event=lambda x: x >= 4,
                             event_label="count ≥ 4")
    ax = fig.axes[0]
    assert ax.get_title(loc="left") == "Mickey's count"
    assert ax.get_xlabel() == "count" and ax.get_ylabel() == "probability"
    assert [t.get_text() for t in ax.texts] == ["19.75%", "64.20%", "16.05%"]
    palette = {c.lower() for c in OKABE_ITO.values()}
    faces = [to_hex(p.get_facecolor()) for p in ax.patches]
    assert set(faces) <= palette and len(set(faces)) == 2
    # the event's bars carry a hatch too: color is not the only cue
    assert [bool(p.get_hatch()) for p in ax.patches] == [False, True, True]
    assert [p.get_height() for p in ax.patches] == pytest.approx([16 / 81, 52 / 81, 13 / 81])
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert labels == ["count ≥ 4 (exact)", "other outcomes (exact)"]


def test_a_distribution_must_sum_to_one_and_probabilities_lie_in_0_1():
    with pytest.raises(ConfigurationError, match="sums to 80/81"):
        distribution_chart({3: Fraction(16, 81), 4: Fraction(64, 81)}, title="t", xlabel="x")
    with pytest.raises(ConfigurationError, match=r"\[0, 1\]"):
        probability_bars({1: Fraction(3, 2)}, title="t", xlabel="x")
    with pytest.raises(ConfigurationError, match="at least one"):
        probability_bars({}, title="t", xlabel="x")


def test_simulated_estimates_are_drawn_with_their_intervals():
    sim = {4: Trial(1000, 0.65, 0.61, 0.69)}
    fig = distribution_chart(DIST, title="t", xlabel="x", simulated=sim)
    ax = fig.axes[0]
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "simulated (1,000 trials, 99% interval)" in labels
    (line,) = [ln for ln in ax.lines if ln.get_marker() == "D"]
    assert list(line.get_ydata()) == [0.65]


def test_the_convergence_chart_shows_the_exact_line_the_estimate_and_the_band():
    trials = [Trial(100, 0.7, 0.6, 0.8), Trial(1000, 0.79, 0.76, 0.82),
              Trial(10_000, 0.8, 0.79, 0.81)]
    fig = convergence_chart(trials, Fraction(65, 81), title="closing in", ylabel="P(count ≥ 4)")
    ax = fig.axes[0]
    exact = [ln for ln in ax.lines if ln.get_linestyle() == "--"]
    assert len(exact) == 1 and list(exact[0].get_ydata()) == [65 / 81] * 2
    (estimate,) = [ln for ln in ax.lines if ln.get_linestyle() == "-"]
    assert list(estimate.get_xdata()) == [100, 1000, 10_000]
    assert list(estimate.get_ydata()) == [0.7, 0.79, 0.8]
    assert any(isinstance(c, PolyCollection) for c in ax.collections)   # the band
    assert ax.get_xscale() == "log" and ax.get_xlabel().startswith("number of trials")
    assert ax.get_ylabel() == "P(count ≥ 4)"
    assert "exact: 80.25%" in [t.get_text() for t in ax.get_legend().get_texts()]


def test_the_convergence_chart_without_trials_invites_a_simulation():
    ax = convergence_chart([], Fraction(1, 3), title="t", ylabel="P").axes[0]
    assert any("press Simulate" in t.get_text() for t in ax.texts)


def test_trials_must_increase():
    with pytest.raises(ConfigurationError, match="increasing"):
        convergence_chart([Trial(10, 0.5, 0.4, 0.6), Trial(10, 0.5, 0.4, 0.6)], 0.5,
                          title="t", ylabel="P")


def test_charts_draw_into_given_axes_and_leave_pyplot_alone():
    before = plt.get_fignums()
    fig = new_figure(1, 2)
    distribution_chart(DIST, title="a", xlabel="x", ax=fig.axes[0])
    convergence_chart([Trial(10, 0.5, 0.2, 0.8)], 0.5, title="b", ylabel="P", ax=fig.axes[1])
    for _ in range(21):         # pyplot would warn past 20 open figures
        distribution_chart(DIST, title="a", xlabel="x")
    assert plt.get_fignums() == before
    assert len(fig.axes) == 2
    png = figure_png(fig)
    assert png.startswith(b"\x89PNG")


def test_percent_text_never_rounds_a_possible_outcome_to_zero_or_a_doubt_to_certainty():
    assert percent_text(Fraction(25, 2838)) == "0.88%"
    assert percent_text(Fraction(1, 10**7)) == "<0.01%"
    assert percent_text(1 - Fraction(1, 10**7)) == ">99.99%"
    assert percent_text(0) == "0.00%" and percent_text(1) == "100.00%"


def test_use_okabe_ito_makes_the_palette_the_default_cycle():
    import matplotlib
    from matplotlib.colors import to_hex
    from matplotlib.figure import Figure

    from swkit.plots import CYCLE_ORDER, OKABE_ITO, use_okabe_ito

    assert sorted(CYCLE_ORDER) == sorted(OKABE_ITO)
    with matplotlib.rc_context():
        use_okabe_ito()
        ax = Figure().subplots()
        colors = [to_hex(ax.bar([i], [1])[0].get_facecolor()) for i in range(3)]
        line = ax.plot([0, 1], [0, 1])[0]
    assert colors == [OKABE_ITO[n].lower() for n in CYCLE_ORDER[:3]]
    assert to_hex(line.get_color()) == OKABE_ITO[CYCLE_ORDER[0]].lower()
