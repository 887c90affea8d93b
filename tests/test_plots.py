"""swkit.plots: one chart description, drawn by matplotlib and as SVG with the same data, each
with a text alternative carrying its numbers; labelled, color-blind-safe, pyplot left alone."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from fractions import Fraction

import matplotlib.pyplot as plt
import pytest
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex
from matplotlib.container import BarContainer, ErrorbarContainer

import swkit.plots as plots
from swkit.errors import ConfigurationError
from swkit.plots import (
    OKABE_ITO,
    Bars,
    Chart,
    Charts,
    Line,
    Points,
    Reference,
    Trial,
    convergence_chart,
    distribution_chart,
    figure_png,
    percent_text,
    probability_bars,
)

DIST = {3: Fraction(16, 81), 4: Fraction(52, 81), 5: Fraction(13, 81)}
SVG = "{http://www.w3.org/2000/svg}"


# -- charts shaped like the lessons' and the explorer's ---------------------------------------

def grouped() -> Chart:          # lesson 1: three series side by side, texts on one
    odds = {3: (90, 35, 125), 4: (3645, 1440, 5085)}
    chart = Chart("Chance that random cards hold a set or a run (exact)", xlabel="cards dealt",
                  ylabel="probability (%)", categories=[f"{k} cards" for k in odds])
    for i, label in enumerate(["a set", "a run", "a set or a run"]):
        values = [100 * odds[k][i] / (14190 if k == 3 else 148995) for k in odds]
        chart.bars(label, values, texts=[f"{v:.1f}%" for v in values] if i == 2 else None)
    return chart


def colored_with_reference() -> Chart:      # lesson 2: one color a bar, a dashed line
    cards = ["R3", "B7", "Y2", "G9"]
    values = [Fraction(5, 29), Fraction(4, 29), Fraction(3, 29), Fraction(0)]
    chart = Chart("Your first card changes your chance on the next turn", categories=cards,
                  xlabel="first card drawn", ylabel="P(score on turn 2)", width=10)
    chart.bars(None, values, colors=[OKABE_ITO["vermillion"], OKABE_ITO["blue"],
                                     OKABE_ITO["yellow"], OKABE_ITO["bluish green"]],
               texts=[f"{v.numerator}/{v.denominator}" for v in values])
    return chart.reference("only today's 4 outs: 4/29", Fraction(4, 29))


def horizontal() -> Chart:       # lesson 7: two series, first category on top
    chart = Chart("Same dice, different board: the best keep changes", horizontal=True,
                  xlabel="expected points this turn", limits=(0, 4.8),
                  categories=["keep Mickey Mickey Clubhouse", "keep Clubhouse", "stop now"])
    chart.bars("empty board", [3.2, 2.9, 2.0], texts=["3.20", "2.90", "2.00"])
    return chart.bars("Mickey's 4 and 5 taken", [2.1, 3.0, 1.0], texts=["2.10", "3.00", "1.00"])


def log_lines() -> Chart:        # lesson 8: long lines on a log scale, a dashed exact line
    chart = Chart("Three simulations close in on the exact probability", xscale="log",
                  xlabel="number of rolls (log scale)", ylabel="share", limits=(0, 0.08))
    for seed in (1, 2):
        chart.line(f"seed {seed}", range(1, 3001),
                   [((n * seed * 7919) % 97) / 1500 for n in range(1, 3001)])
    return chart.reference("exact 13/648", Fraction(13, 648))


def intervals() -> Chart:        # lesson 8: points with intervals, two markers
    chart = Chart("20 intervals: 19 hold the exact value", xlabel="experiment",
                  ylabel="P(five of a kind)")
    xs = list(range(20))
    chart.points("holds it", xs[:-1], [0.02] * 19, intervals=[(0.01, 0.03)] * 19, marker="o")
    chart.points("misses it", xs[-1:], [0.05], intervals=[(0.035, 0.065)], marker="D")
    return chart.reference("exact 13/648", Fraction(13, 648))


def bars_with_intervals() -> Chart:   # lesson 8: the class with its 99% intervals
    chart = Chart("The class experiment against the exact distribution", percent=True,
                  categories=[1, 2, 3], xlabel="best count", ylabel="share of turns")
    chart.bars("one student", [0.1, 0.5, 0.4])
    chart.bars("the class", [0.12, 0.48, 0.40], texts=["12.0%", "48.0%", "40.0%"],
               intervals=[(0.1, 0.14), (0.45, 0.51), (0.37, 0.43)])
    return chart.bars("exact", [Fraction(1, 9), Fraction(1, 2), Fraction(7, 18)])


SAMPLES = {
    "grouped": grouped, "colored": colored_with_reference, "horizontal": horizontal,
    "log lines": log_lines, "intervals": intervals, "bars with intervals": bars_with_intervals,
    "distribution": lambda: distribution_chart(
        DIST, title="Mickey's count", xlabel="count", event=lambda x: x >= 4,
        event_label="count ≥ 4", simulated={4: Trial(1000, 0.65, 0.61, 0.69)}),
    "convergence": lambda: convergence_chart(
        [Trial(100, 0.7, 0.6, 0.8), Trial(1000, 0.79, 0.76, 0.82),
         Trial(10_000, 0.8, 0.79, 0.81)], Fraction(65, 81), title="closing in",
        ylabel="P(count ≥ 4)"),
    "no trials": lambda: convergence_chart([], Fraction(1, 3), title="closing in", ylabel="P"),
}


# -- reading each drawing back ------------------------------------------------------------------

def described(chart: Chart) -> dict:
    """What the description says: the data both drawings must show."""
    bars, texts, lines, points, refs = [], [], {}, {}, {}
    for s in chart.series:
        if isinstance(s, Bars):
            for cat, v, t in zip(chart.categories, s.values, s.texts, strict=True):
                if v is not None:
                    bars.append((s.label, cat, pytest.approx(v)))
                    if t:
                        texts.append(t)
        elif isinstance(s, Line):
            lines[s.label] = (list(s.xs), list(s.ys))
        elif isinstance(s, Points):
            points[s.label] = (list(s.xs), list(s.ys), list(s.intervals))
        elif isinstance(s, Reference):
            refs[s.label] = s.value
    return {"title": chart.title, "xlabel": chart.xlabel, "ylabel": chart.ylabel,
            "bars": sorted(bars, key=str), "texts": sorted(texts), "lines": lines,
            "points": points, "references": refs,
            "legend": sorted(s.label for s in chart.series if s.label)}


def drawn_by_matplotlib(chart: Chart, ax) -> dict:
    """The same, read from matplotlib's artists on ``ax``."""
    n = len(chart.categories or ())
    bars = []
    for container in ax.containers:
        if not isinstance(container, BarContainer):
            continue
        label = None if container.get_label().startswith("_") else container.get_label()
        for rect in container.patches:
            if chart.horizontal:
                index = n - 1 - round(rect.get_y() + rect.get_height() / 2)
                value = rect.get_width()
            else:
                index = round(rect.get_x() + rect.get_width() / 2)
                value = rect.get_height()
            bars.append((label, chart.categories[index], value))
    texts = sorted(t.get_text() for t in ax.texts if t.get_text() != chart.note)
    lines, refs = {}, {}
    for line in ax.lines:
        if line.get_label().startswith("_"):
            continue
        ys = [float(y) for y in line.get_ydata()]
        xs = [float(x) for x in line.get_xdata()]
        if line.get_linestyle() == "--" and len(set(ys)) == 1 and xs == [0, 1]:
            refs[line.get_label()] = ys[0]
        elif line.get_linestyle() == "--" and chart.horizontal and xs[0] == xs[1]:
            refs[line.get_label()] = xs[0]
        else:
            lines[line.get_label()] = (xs, ys)
    points = {}
    for container in ax.containers:
        if isinstance(container, ErrorbarContainer) and container.lines[0] is not None:
            data = container.lines[0]           # (a bar's error bar has no data line)
            points[container.get_label()] = ([float(x) for x in data.get_xdata()],
                                             [float(y) for y in data.get_ydata()])
    legend = ax.get_legend()
    return {"title": ax.get_title(loc="left"), "xlabel": ax.get_xlabel(),
            "ylabel": ax.get_ylabel(), "bars": sorted(bars, key=str), "texts": texts,
            "lines": lines, "points": points, "references": refs,
            "legend": sorted(t.get_text() for t in legend.get_texts()) if legend else [],
            "ticks": [t.get_text() for t in (ax.get_yticklabels() if chart.horizontal
                                             else ax.get_xticklabels())]}


def drawn_as_svg(svg: str) -> tuple[dict, ET.Element]:
    """The same, read from the SVG's elements; geometry checked against the values."""
    root = ET.fromstring(svg)

    def all_of(tag: str, cls: str) -> list[ET.Element]:
        return [e for e in root.iter(f"{SVG}{tag}") if e.get("class") == cls]

    def text(cls: str) -> list[str]:
        return [e.text or "" for e in root.iter(f"{SVG}text") if e.get("class") == cls]

    bars = [(e.get("data-series") or None, e.get("data-category"), float(e.get("data-value")))
            for e in all_of("rect", "bar")]
    lines = {}
    for e in all_of("polyline", "line"):
        pairs = [tuple(map(float, p.split(","))) for p in e.get("data-points").split()]
        lines[e.get("data-series")] = pairs
        pixels = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
        _linear([y for _, y in pairs], [py for _, py in pixels])   # y drawn in proportion
    points: dict[str, tuple[list, list]] = {}
    for e in root.iter():
        if e.get("class") == "point":
            xs, ys = points.setdefault(e.get("data-series"), ([], []))
            xs.append(float(e.get("data-x")))
            ys.append(float(e.get("data-y")))
    refs = {e.get("data-series"): float(e.get("data-value")) for e in all_of("line", "reference")}
    return {"title": " ".join(text("title")), "xlabel": " ".join(text("xlabel")),
            "ylabel": " ".join(text("ylabel")), "bars": sorted(bars, key=str),
            "texts": sorted(text("bar-text")), "lines": lines, "points": points,
            "references": refs, "legend": sorted(text("legend")),
            "ticks": text("category")}, root


def _linear(values: list[float], pixels: list[float]) -> None:
    """``pixels`` are one straight function of ``values`` (to a hundredth of a point)."""
    pairs = sorted(set(zip(values, pixels, strict=True)))
    if len({v for v, _ in pairs}) < 2:
        return
    (v0, p0), (v1, p1) = pairs[0], pairs[-1]
    scale = (p1 - p0) / (v1 - v0)
    for v, p in pairs:
        assert p == pytest.approx(p0 + (v - v0) * scale, abs=0.02), (v, p)


# -- the same numbers in both drawings ----------------------------------------------------------

@pytest.mark.parametrize("name", SAMPLES)
def test_matplotlib_and_the_svg_draw_the_same_data(name):
    chart = SAMPLES[name]()
    want = described(chart)
    fig = chart.figure()
    mpl = drawn_by_matplotlib(chart, fig.axes[0])
    svg, root = drawn_as_svg(chart.svg())
    for key in ("xlabel", "ylabel", "bars", "texts", "references", "legend"):
        assert mpl[key] == want[key], (key, mpl[key])
        assert svg[key] == want[key], (key, svg[key])
    assert mpl["title"] == want["title"] == svg["title"]
    if chart.categories is not None:       # the categories, in order (a line each in the SVG)
        assert [t.replace("\n", " ") for t in mpl["ticks"]] == [
            c.replace("\n", " ") for c in chart.categories]
        assert svg["ticks"] == [part for c in chart.categories for part in c.split("\n")]
    for label, (xs, ys) in want["lines"].items():
        assert mpl["lines"][label] == (xs, ys)          # every point
        drawn = svg["lines"][label]                     # some points, each a true one
        assert drawn[0] == (xs[0], ys[0]) and drawn[-1] == (xs[-1], ys[-1])
        assert set(drawn) <= set(zip(xs, ys, strict=True))
    for label, (xs, ys, _) in want["points"].items():
        assert mpl["points"][label] == (xs, ys) == svg["points"][label]
    # bars: each drawn as tall (or long) as its value, on one scale
    rects = [e for e in root.iter(f"{SVG}rect") if e.get("class") == "bar"]
    size = "width" if chart.horizontal else "height"
    _linear([float(e.get("data-value")) for e in rects] + [0.0],
            [float(e.get(size)) for e in rects] + [0.0])
    plt.close(fig)


def test_two_charts_side_by_side_draw_the_same_data_as_each_alone():
    left, right = grouped(), log_lines()
    row = Charts(left, right)
    fig = row.figure()
    assert len(fig.axes) == 2
    for chart, ax in zip((left, right), fig.axes, strict=True):
        assert drawn_by_matplotlib(chart, ax)["bars"] == described(chart)["bars"]
        assert drawn_by_matplotlib(chart, ax)["lines"] == described(chart)["lines"]
    html = row.html(drawing="svg")
    assert html.count("<svg") == 2 and row.words() == left.words() + "\n\n" + right.words()


# -- the text alternative -----------------------------------------------------------------------

def test_the_svg_is_an_image_named_by_its_title_and_described_by_its_numbers():
    chart = colored_with_reference()
    root = ET.fromstring(chart.svg())
    assert root.get("role") == "img"
    title_id, desc_id = root.get("aria-labelledby").split()
    title = root.find(f"{SVG}title")
    desc = root.find(f"{SVG}desc")
    assert (title.get("id"), desc.get("id")) == (title_id, desc_id)
    assert title.text == chart.title and desc.text == chart.words()
    assert desc.text.splitlines() == [
        "Bar chart: Your first card changes your chance on the next turn.",
        "Across: first card drawn; up: P(score on turn 2).",
        "P(score on turn 2): R3: 5/29, B7: 4/29, Y2: 3/29, G9: 0/1.",
        "Dashed line: only today's 4 outs: 4/29, at 0.1379.",
    ]


def test_two_svgs_on_one_page_never_share_an_id():
    first, second = grouped().svg(), grouped().svg()
    ids = re.findall(r'id="([^"]+)"', first)
    assert ids and not set(ids) & set(re.findall(r'id="([^"]+)"', second))


def test_the_words_say_a_bars_value_and_a_text_that_is_not_it():
    chart = Chart("More points is not always more wins", categories=["a block"],
                  ylabel="chance to win")
    chart.bars("the move with the most points", [Fraction(1, 2)], texts=["3.21 pts"])
    assert "a block: 0.5 (3.21 pts)" in chart.words()
    chart = Chart("t", categories=["a", "b"], percent=True)
    chart.bars("p", [Fraction(1, 3), Fraction(1, 10**7)], texts=["33.3%", "<0.01%"])
    assert "P: a: 33.3%, b: <0.01%." in chart.words()


def test_a_long_line_is_said_by_a_dozen_of_its_points_first_and_last_included():
    words = log_lines().words().splitlines()
    seed = next(line for line in words if line.startswith("Seed 1"))
    assert "(3,000 points, 12 of them here)" in seed
    assert seed.split(": ", 1)[1].startswith("1: ") and "3,000: " in seed
    assert "(log scale) (log scale)" not in log_lines().words()


def test_the_html_shows_a_png_with_alt_or_the_svg_and_the_numbers_under_it(monkeypatch):
    chart = distribution_chart(DIST, title="Mickey's count", xlabel="count")
    png = chart.html()
    alt = re.search(r'alt="([^"]*)"', png).group(1)
    assert '<img src="data:image/png;base64,' in png and "3: 19.75%" in alt
    assert "<summary>The numbers in this chart</summary>" in png
    assert "<li>Across: count; up: probability.</li>" in png
    monkeypatch.setattr(plots, "can_use_matplotlib", lambda: False)
    svg = chart.html()
    assert "<img" not in svg and 'role="img"' in svg and "The numbers in this chart" in svg
    bundle = chart._repr_mimebundle_()
    assert bundle["text/plain"] == chart.words()
    assert re.sub(r"swchart\d+", "", bundle["text/html"]) == re.sub(r"swchart\d+", "", svg)
    assert "<details" not in chart.html(numbers=False)
    with pytest.raises(ConfigurationError, match="'png' or 'svg'"):
        chart.html(drawing="pdf")


def test_a_chart_draws_as_svg_in_a_python_without_matplotlib():
    import subprocess
    import sys
    code = ("import sys; sys.modules['matplotlib'] = None; sys.modules['numpy'] = None\n"
            "from swkit.plots import Chart\n"
            "c = Chart('t', categories=['a'], ylabel='y').bars('s', [1], texts=['one'])\n"
            "b = c._repr_mimebundle_()\n"
            "print('<svg' in b['text/html'], '<img' in b['text/html'], b['text/plain'])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split("\n")[0] == "True False Bar chart: t."
    assert "S: a: one (1)." not in done.stdout and "S: a: 1 (one)." in done.stdout


# -- style --------------------------------------------------------------------------------------

def test_a_distribution_chart_is_labelled_and_uses_the_okabe_ito_palette():
    chart = distribution_chart(DIST, title="Mickey's count", xlabel="count",
                               event=lambda x: x >= 4, event_label="count ≥ 4")
    ax = chart.figure().axes[0]
    assert ax.get_title(loc="left") == "Mickey's count"
    assert ax.get_xlabel() == "count" and ax.get_ylabel() == "probability"
    assert sorted(t.get_text() for t in ax.texts) == ["16.05%", "19.75%", "64.20%"]
    palette = {c.lower() for c in OKABE_ITO.values()}
    faces = {to_hex(p.get_facecolor()) for p in ax.patches}
    assert faces <= palette and len(faces) == 2
    # the event's bars carry a hatch too: color is not the only cue
    hatched = {round(p.get_x() + p.get_width() / 2): bool(p.get_hatch()) for p in ax.patches}
    assert hatched == {0: False, 1: True, 2: True}
    assert sorted(t.get_text() for t in ax.get_legend().get_texts()) == [
        "count ≥ 4 (exact)", "other outcomes (exact)"]
    svg = chart.svg()
    assert svg.count("<pattern") == 1 and 'fill="url(#' in svg


def test_bars_side_by_side_differ_in_hatch_as_well_as_color():
    chart = bars_with_intervals()
    hatches = [s.hatches[0] for s in chart.series]
    colors = [s.colors[0] for s in chart.series]
    assert len(set(hatches)) == 3 and len(set(colors)) == 3
    assert set(colors) <= set(OKABE_ITO.values())
    assert chart.svg().count("<pattern") == 2          # the first series is plain


def test_points_of_two_series_differ_in_marker():
    a, b = (s for s in intervals().series if isinstance(s, Points))
    assert a.marker != b.marker


def test_a_text_above_a_bar_clears_the_simulated_point_and_its_interval():
    chart = SAMPLES["distribution"]()
    event = chart.series[0]
    assert chart.text_end(event, 1) == pytest.approx(0.69)


# -- the kit's charts and bad input -------------------------------------------------------------

def test_a_distribution_must_sum_to_one_and_probabilities_lie_in_0_1():
    with pytest.raises(ConfigurationError, match="sums to 80/81"):
        distribution_chart({3: Fraction(16, 81), 4: Fraction(64, 81)}, title="t", xlabel="x")
    with pytest.raises(ConfigurationError, match=r"\[0, 1\]"):
        probability_bars({1: Fraction(3, 2)}, title="t", xlabel="x")
    with pytest.raises(ConfigurationError, match="at least one"):
        probability_bars({}, title="t", xlabel="x")


def test_simulated_estimates_are_drawn_with_their_intervals():
    chart = distribution_chart(DIST, title="t", xlabel="x",
                               simulated={4: Trial(1000, 0.65, 0.61, 0.69)})
    ax = chart.figure().axes[0]
    assert "simulated (1,000 trials, 99% interval)" in [
        t.get_text() for t in ax.get_legend().get_texts()]
    (line,) = [ln for ln in ax.lines if ln.get_marker() == "D"]
    assert list(line.get_ydata()) == [0.65]
    assert "4: 65.00% (61.00% to 69.00%)" in chart.words()


def test_the_convergence_chart_shows_the_exact_line_the_estimate_and_the_band():
    chart = SAMPLES["convergence"]()
    ax = chart.figure().axes[0]
    exact = [ln for ln in ax.lines if ln.get_linestyle() == "--"]
    assert len(exact) == 1 and list(exact[0].get_ydata()) == [65 / 81] * 2
    (estimate,) = [ln for ln in ax.lines if ln.get_linestyle() == "-"]
    assert list(estimate.get_xdata()) == [100, 1000, 10_000]
    assert list(estimate.get_ydata()) == [0.7, 0.79, 0.8]
    assert any(isinstance(c, PolyCollection) for c in ax.collections)   # the band
    assert ax.get_xscale() == "log" and ax.get_xlabel().startswith("number of trials")
    assert ax.get_ylabel() == "P(count ≥ 4)"
    assert "exact: 80.25%" in [t.get_text() for t in ax.get_legend().get_texts()]
    svg = chart.svg()
    assert 'class="band"' in svg and ">1,000<" in svg and ">10,000<" in svg


def test_the_convergence_chart_without_trials_invites_a_simulation():
    chart = SAMPLES["no trials"]()
    ax = chart.figure().axes[0]
    assert any("press Simulate" in t.get_text() for t in ax.texts)
    assert "press Simulate" in chart.svg() and "press Simulate." in chart.words()


def test_trials_must_increase():
    with pytest.raises(ConfigurationError, match="increasing"):
        convergence_chart([Trial(10, 0.5, 0.4, 0.6), Trial(10, 0.5, 0.4, 0.6)], 0.5,
                          title="t", ylabel="P")


@pytest.mark.parametrize("build, message", [
    (lambda: Chart(" "), "needs a title"),
    (lambda: Chart("t", xscale="cubic"), "'linear' or 'log'"),
    (lambda: Chart("t", horizontal=True), "needs categories"),
    (lambda: Chart("t", categories=["a"], xscale="log"), "no log scale"),
    (lambda: Chart("t", limits=(1, 0)), r"low < high"),
    (lambda: Chart("t").bars("s", [1]), "need categories"),
    (lambda: Chart("t", categories=["a", "b"]).bars("s", [1]), "2 values but 1 categories"),
    (lambda: Chart("t", categories=["a"]).bars("s", ["x"]), r"values\[0\] must be a number"),
    (lambda: Chart("t", categories=["a"]).bars("s", [float("nan")]), "finite"),
    (lambda: Chart("t", categories=["a"]).bars("s", [1], hatch="~~"), "a hatch is one of"),
    (lambda: Chart("t", categories=["a"]).bars("s", [1], intervals=[(2, 1)]), "above high"),
    (lambda: Chart("t", categories=["a"]).line("s", [1], [1]), "numeric x axis"),
    (lambda: Chart("t", xscale="log").line("s", [0, 1], [1, 2]), "x > 0"),
    (lambda: Chart("t").line("s", [], []), "no points"),
    (lambda: Chart("t", categories=["a"], horizontal=True).points("s", [0], [1]), "vertical"),
    (lambda: Charts(), "at least one"),
])
def test_bad_input_is_refused_naming_the_bad_part(build, message):
    with pytest.raises(ConfigurationError, match=message):
        build()


def test_charts_leave_pyplot_alone():
    before = plt.get_fignums()
    for _ in range(21):         # pyplot would warn past 20 open figures
        fig = distribution_chart(DIST, title="a", xlabel="x").figure()
    assert plt.get_fignums() == before
    assert figure_png(fig).startswith(b"\x89PNG")


def test_percent_text_never_rounds_a_possible_outcome_to_zero_or_a_doubt_to_certainty():
    assert percent_text(Fraction(25, 2838)) == "0.88%"
    assert percent_text(Fraction(1, 10**7)) == "<0.01%"
    assert percent_text(1 - Fraction(1, 10**7)) == ">99.99%"
    assert percent_text(0) == "0.00%" and percent_text(1) == "100.00%"


def test_use_okabe_ito_makes_the_palette_the_default_cycle():
    import matplotlib
    from matplotlib.figure import Figure

    from swkit.plots import CYCLE_ORDER, use_okabe_ito

    assert sorted(CYCLE_ORDER) == sorted(OKABE_ITO)
    with matplotlib.rc_context():
        use_okabe_ito()
        ax = Figure().subplots()
        colors = [to_hex(ax.bar([i], [1])[0].get_facecolor()) for i in range(3)]
        line = ax.plot([0, 1], [0, 1])[0]
    assert colors == [OKABE_ITO[n].lower() for n in CYCLE_ORDER[:3]]
    assert to_hex(line.get_color()) == OKABE_ITO[CYCLE_ORDER[0]].lower()
