"""swkit.plots takes any input and either draws it or refuses it in words: text XML can hold,
colors that carry no markup, finite numbers that a drawing can divide, words that are text,
a million points drawn small; and lines that differ in pattern as well as in color."""

from __future__ import annotations

import random
import re
import warnings
import xml.etree.ElementTree as ET
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from swkit.chart_input import LARGEST
from swkit.chart_parts import LINE_STYLES, MARKERS, OKABE_ITO
from swkit.errors import ConfigurationError
from swkit.plots import Chart, Line, figure_png

SVG = "{http://www.w3.org/2000/svg}"
ELEMENTS = {"svg", "title", "desc", "defs", "clipPath", "pattern", "rect", "circle", "line",
            "path", "polyline", "polygon", "g", "text"}
"""Every element a chart's SVG may hold: anything else would be markup let in."""

HTML = {"figure", "div", "figcaption", "details", "summary", "ul", "li"}
MARKUP = "\"'><script>alert(1)</script><x a='"


def parsed(chart: Chart) -> ET.Element:
    """The chart's SVG parsed (after encoding it, as a page would), checked to hold only the
    kit's own elements and no event attribute; and its HTML with the numbers, parsed too."""
    svg = chart.svg()
    root = ET.fromstring(svg.encode("utf-8"))
    for element in root.iter():
        assert element.tag.removeprefix(SVG) in ELEMENTS, element.tag
        assert not any(name.lower().startswith("on") for name in element.attrib), element.attrib
    page = ET.fromstring(chart.html(drawing="svg").encode("utf-8"))
    for element in page.iter():
        assert element.tag.removeprefix(SVG) in ELEMENTS | HTML, element.tag
    chart.words().encode("utf-8")
    return root


def drawn_by_matplotlib(chart: Chart) -> None:
    """The chart drawn by matplotlib to the end (a PNG), warnings (a missing glyph) aside."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert figure_png(chart.figure()).startswith(b"\x89PNG")


# -- 4. text XML cannot hold ---------------------------------------------------------------------

TEXTS = {   # every parameter that takes words, given `text`
    "title": lambda t: Chart(t),
    "xlabel": lambda t: Chart("T", xlabel=t),
    "ylabel": lambda t: Chart("T", ylabel=t),
    "note": lambda t: Chart("T", note=t),
    "categories": lambda t: Chart("T", categories=["a", t]),
    "bars label": lambda t: Chart("T", categories=["a"]).bars(t, [1]),
    "bars texts": lambda t: Chart("T", categories=["a"]).bars("b", [1], texts=[t]),
    "line label": lambda t: Chart("T").line(t, [1, 2], [1, 2]),
    "points label": lambda t: Chart("T").points(t, [1], [1], intervals=[(0, 2)]),
    "band label": lambda t: Chart("T").band(t, [1, 2], [0, 0], [1, 1]),
    "reference label": lambda t: Chart("T").reference(t, 1),
}


@pytest.mark.parametrize("where", TEXTS)
@pytest.mark.parametrize("bad", ["\x00", "\x01", "\x0b", "\x0c", "\x1f", "\ud800", "\udfff",
                                 "\ufffe"])
def test_a_character_xml_cannot_hold_is_refused_naming_it(where, bad):
    with pytest.raises(ConfigurationError, match=f"U\\+{ord(bad):04X} at position 2"):
        TEXTS[where](f"ab{bad}c")


@pytest.mark.parametrize("where", TEXTS)
def test_markup_in_any_words_is_drawn_as_words(where):
    chart = TEXTS[where](MARKUP + "\t\u00e9\U0001f3b2 \x7f")
    root = parsed(chart)
    shown = [e.text for e in root.iter(f"{SVG}text")] + [root.find(f"{SVG}desc").text]
    assert any(MARKUP in (text or "") for text in shown)
    drawn_by_matplotlib(chart)


# -- 5. colors ------------------------------------------------------------------------------------

COLORED = {   # every parameter that takes a color, given `color`
    "bars color": lambda c: Chart("T", categories=["a"]).bars("b", [1], color=c),
    "bars colors": lambda c: Chart("T", categories=["a"]).bars("b", [1], colors=[c]),
    "line": lambda c: Chart("T").line("l", [1, 2], [1, 2], color=c),
    "points": lambda c: Chart("T").points("p", [1], [1], color=c),
    "band": lambda c: Chart("T").band("b", [1, 2], [0, 0], [1, 1], color=c),
    "reference": lambda c: Chart("T").reference("r", 1, color=c),
}


@pytest.mark.parametrize("where", COLORED)
@pytest.mark.parametrize("bad", ['"><script>alert(1)</script>', "red", "#12345", "#12345g",
                                 "#0072B2\n", "url(#x)", "", 0x0072B2, None.__class__])
def test_a_color_is_hex_or_a_palette_name_and_nothing_else(where, bad):
    with pytest.raises(ConfigurationError, match=r"'#rgb' or '#rrggbb'.*sky blue"):
        COLORED[where](bad)


@pytest.mark.parametrize("where", COLORED)
def test_the_colors_taken_are_drawn(where):
    for given_, drawn in (("#abc", "#abc"), ("#0072b2", "#0072b2"),
                          ("sky blue", OKABE_ITO["sky blue"])):
        svg = COLORED[where](given_).svg()
        parsed(COLORED[where](given_))
        assert f'"{drawn}"' in svg


# -- 6. finite numbers that broke a drawing -------------------------------------------------------

DRAWN = {
    "a bar of 5e-324": lambda: Chart("T", categories=["a"]).bars("b", [5e-324]),
    "bars of -1e100 and 1e100": lambda: Chart("T", categories=["a", "b"]).bars(
        "b", [-LARGEST, LARGEST], texts=["low", "high"]),
    "a point at x = 1e100": lambda: Chart("T").points("p", [1e100], [1]),
    "a line at x = 1e50": lambda: Chart("T").line("l", [1e50], [1e-300]),
    "percent up to 1e100": lambda: Chart("T", percent=True, limits=(0, 1e100)).reference(
        "r", 1e100),
    "a log scale over 200 powers of ten": lambda: Chart(
        "T", xscale="log", xlimits=(1e-100, 1e100)).line("l", [1e-100, 1e100], [0, 1]),
    "a log scale within one": lambda: Chart("T", xscale="log").line("l", [2, 2], [0, 1]),
    "limits a rounding apart": lambda: Chart("T", limits=(1e50, 1e50 * (1 + 2e-16))).reference(
        "r", 1e50),
    "points far outside the limits": lambda: Chart("T", limits=(0, 1)).points(
        "p", [0, 1], [1e100, -1e100], intervals=[(-1e100, 1e100)] * 2),
    "a dollar in every word": lambda: Chart("$\\frac$", categories=["$x^$"], xlabel="$",
                                            ylabel="$$").bars("$\\a", [1], texts=["$\\b$"]),
}


@pytest.mark.parametrize("name", DRAWN)
def test_finite_data_draws_in_both_drawings(name):
    chart = DRAWN[name]()
    root = parsed(chart)
    places = re.findall(r' (?:c?x|c?y|r|width|height|[xy][12]|points|d)="([^"]+)"', chart.svg())
    numbers = [float(n) for place in places for n in re.findall(r"-?[\d.]+(?:e[-+]?\d+)?", place)]
    assert all(abs(n) < 1e6 for n in numbers)       # every position a browser can draw
    assert root.find(f"{SVG}desc").text == chart.words()
    assert "inf" not in chart.words() and "nan" not in chart.words()
    drawn_by_matplotlib(chart)


def test_a_percent_far_past_100_reads_as_a_number_not_inf():
    chart = Chart("T", percent=True).reference("r", 1e100)
    assert "at 1e+102%." in chart.words()


@pytest.mark.parametrize("build, message", [
    (lambda: Chart("T", categories=["a", "b"]).bars("b", [-1e308, 1e308]), "at most 1e100"),
    (lambda: Chart("T").points("p", [1e300], [1]), r"xs\[0\] must be a finite number"),
    (lambda: Chart("T", percent=True, limits=(0, 1e308)), r"limits\[1\]"),
    (lambda: Chart("T", percent=True).reference("r", 1e308), "value must be a finite"),
    (lambda: Chart("T", categories=["a"]).bars("b", [10**400]), r"values\[0\].*at most 1e100"),
    (lambda: Chart("T", categories=["a"]).bars("b", [Fraction(10**400, 3)]), "at most 1e100"),
    (lambda: Chart("T", categories=["a"]).bars("b", [1], intervals=[(0, 10**400)]), "1e100"),
    (lambda: Chart("T", xscale="log", xlimits=(0, 10)), "log scale needs xlimits above 0"),
    (lambda: Chart("T", categories=[]), "categories must name 1 to 1,000"),
    (lambda: Chart("T", categories=range(1001)), "1 to 1,000 .* got 1,001"),
    (lambda: Chart("T").line("l", [1], [float("inf")]), "finite"),
])
def test_numbers_no_drawing_can_take_are_refused_in_words(build, message):
    with pytest.raises(ConfigurationError, match=message):
        build()


# -- 7. words are text ----------------------------------------------------------------------------

@pytest.mark.parametrize("build, message", [
    (lambda: Chart("T", note=7), "note must be text .* got 7 .a number."),
    (lambda: Chart(7), "title must be text"),
    (lambda: Chart("T", xlabel=None), "xlabel must be text"),
    (lambda: Chart("T").reference(7, 1), "label must be text"),
    (lambda: Chart("T", categories=["a"]).bars("b", [1], texts=[5]), r"texts\[0\] must be text"),
    (lambda: Chart("T", categories=["a"]).bars(b"b", [1]), "label must be text"),
    (lambda: Chart("T", categories=[None]), r"categories\[0\] must be text"),
    (lambda: Chart("T", categories="abc"), "categories must be a list"),
    (lambda: Chart("T", width="8"), r"width must be a number in \(0, 30\]"),
    (lambda: Chart("T", height=True), "height must be a number"),
    (lambda: Chart("T", horizontal="yes", categories=["a"]), "horizontal must be True or False"),
    (lambda: Chart("T").line("l", [1], [1], dashed=1), "dashed must be True or False"),
    (lambda: Chart("T").line("l", [1], [1], marker="x"), "a marker is one of"),
    (lambda: Chart("T").line("l", [1], [1], style="wavy"), "a style is one of"),
    (lambda: Chart("T").points("p", [1], [1], marker=5), "a marker is one of"),
    (lambda: Chart("T", categories=["a"]).bars("b", ["1"]), r"values\[0\] must be a number"),
    (lambda: Chart("T", categories=["a"]).bars("b", [True]), r"values\[0\] must be a number"),
    (lambda: Chart("T", categories=["a"]).bars("b", 1), "must be a list"),
    (lambda: Chart("T", categories=["a"]).bars("b", [1], intervals=[1]), r"\(low, high\) pair"),
    (lambda: Chart("T", limits=5), r"limits must be \(low, high\)"),
])
def test_words_are_text_and_everything_else_is_refused_in_words(build, message):
    with pytest.raises(ConfigurationError, match=message):
        build()


def test_categories_may_be_numbers_written_as_python_writes_them():
    chart = Chart("T", categories=[1, 2.5, Fraction(1, 3), "four"])
    assert chart.categories == ("1", "2.5", "1/3", "four")


# -- 8. a million points --------------------------------------------------------------------------

def test_a_cloud_of_points_is_drawn_one_marker_a_cell_and_said_in_a_dozen():
    rng = random.Random(5)
    n = 50_000
    xs, ys = [rng.random() for _ in range(n)], [rng.random() for _ in range(n)]
    chart = Chart("T", xlabel="x", ylabel="y").points("cloud", xs, ys,
                                                      intervals=[(y - 0.01, y + 0.01) for y in ys])
    svg, words = chart.svg(), chart.words()
    assert len(svg) < 2_000_000 and len(words) < 2_000      # 10 MB and 2 MB before
    root = ET.fromstring(svg)
    drawn = [(float(e.get("data-x")), float(e.get("data-y"))) for e in root.iter()
             if e.get("class") == "point"]
    assert 1000 < len(drawn) < n and set(drawn) <= set(zip(xs, ys, strict=True))
    line = words.splitlines()[-1]
    assert line.startswith("Cloud (50,000 points from ") and "12 of them here" in line
    assert len(line.split("; ")) == 12


def test_a_long_line_keeps_each_columns_first_lowest_highest_and_last_point():
    n = 200_000
    ys = [0.5] * n
    ys[123_457] = 0.9           # one spike, in a column of hundreds of points
    ys[150_001] = 0.1
    chart = Chart("T", limits=(0, 1)).line("l", range(n), ys)
    svg = chart.svg()
    assert len(svg) < 100_000
    (polyline,) = [e for e in ET.fromstring(svg).iter(f"{SVG}polyline")]
    kept = [tuple(map(float, p.split(","))) for p in polyline.get("data-points").split()]
    assert (123_457.0, 0.9) in kept and (150_001.0, 0.1) in kept
    assert kept[0] == (0.0, 0.5) and kept[-1] == (n - 1.0, 0.5)


def test_a_long_band_is_thinned_to_its_outline():
    n = 200_000
    ys = [((k * 7919) % 101) / 100 for k in range(n)]
    chart = Chart("T").band("b", range(n), [y - 1 for y in ys], [y + 1 for y in ys])
    chart.reference("top", 2.0).reference("bottom", -1.0)
    root = ET.fromstring(chart.svg())
    (polygon,) = list(root.iter(f"{SVG}polygon"))
    corners = polygon.get("points").split()
    assert len(corners) < 8 * 600
    ups = [float(c.split(",")[1]) for c in corners]
    top, bottom = (float(e.get("y1")) for e in root.iter(f"{SVG}line")
                   if e.get("class") == "reference")
    assert min(ups) == pytest.approx(top) and max(ups) == pytest.approx(bottom)


# -- 19. lines differ in pattern as well as color -------------------------------------------------

def test_lines_without_a_style_take_the_styles_in_turn_in_both_drawings():
    chart = Chart("T", xscale="log", limits=(0, 1))
    for seed in (1, 2, 3):
        chart.line(f"seed {seed}", [1, 10, 100], [0.1 * seed, 0.2, 0.3])
    chart.reference("exact", 0.5)
    styles = [s.style for s in chart.series if isinstance(s, Line)]
    assert styles == ["solid", "dotted", "dashdot"]
    root = ET.fromstring(chart.svg())
    dashes = [e.get("stroke-dasharray") for e in root.iter(f"{SVG}polyline")]
    assert dashes == [None, LINE_STYLES["dotted"], LINE_STYLES["dashdot"]]
    swatches = [e.get("stroke-dasharray") for e in root.iter(f"{SVG}line")
                if e.get("class") is None and e.get("stroke-width") == "2"]
    assert swatches == [None, LINE_STYLES["dotted"], LINE_STYLES["dashdot"],
                        LINE_STYLES["dashed"]]        # the legend: three lines and the exact one
    ax = chart.figure().axes[0]
    # matplotlib keeps a dash pattern as given (in line widths) only in a private attribute
    patterns = [ln._unscaled_dash_pattern[1] for ln in ax.lines[:3]]
    assert patterns == [None] + [[float(d) / 2 for d in LINE_STYLES[name].split()]
                                 for name in ("dotted", "dashdot")]
    legend = [h._unscaled_dash_pattern[1] for h in ax.get_legend().legend_handles[:3]]
    assert legend == patterns
    assert "Seed 2 (dotted line)" in chart.words() and "Seed 1 (line)" in chart.words()


def test_a_line_told_dashed_or_given_a_style_keeps_it():
    chart = Chart("T").line("a", [1], [1], dashed=True).line("b", [1], [1], style="solid")
    assert [s.style for s in chart.series] == ["dashed", "solid"]


# -- the whole API, fuzzed ------------------------------------------------------------------------

ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=12)
PRINTABLE = st.text(st.characters(exclude_categories=("Cc", "Cs")), min_size=1,
                    max_size=12).filter(str.strip)


def mostly(good: st.SearchStrategy, bad: st.SearchStrategy) -> st.SearchStrategy:
    """``good`` 29 times in 30, ``bad`` (input to refuse) the 30th: of a chart's dozen or so
    arguments, one is bad about a time in three, so most charts get drawn."""
    return st.integers(0, 29).flatmap(lambda k: bad if k == 0 else good)


GOOD_WORDS = st.one_of(PRINTABLE, st.sampled_from([MARKUP, "a\nb", "$x$", "_hidden", "x\t\x7f"]))
WORDS = mostly(GOOD_WORDS, st.one_of(ANY_TEXT, st.none(), st.integers(), st.floats()))
FINITE = st.floats(allow_nan=False, allow_infinity=False)
NUMBER = mostly(st.one_of(st.floats(-LARGEST, LARGEST), st.floats(-1e-300, 1e-300),
                          st.integers(-(10**6), 10**6), st.fractions(max_denominator=10**6),
                          st.sampled_from([5e-324, LARGEST, -LARGEST, 0.0])),
                st.one_of(FINITE, st.integers(-(10**400), 10**400), st.just(10**400)))
COLOR = mostly(st.one_of(st.none(), st.sampled_from(list(OKABE_ITO)), st.from_regex(
    r"#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}", fullmatch=True)), st.one_of(ANY_TEXT, st.just(MARKUP)))


@st.composite
def charts(draw: st.DrawFn) -> Chart:
    """A chart built by random calls of the whole API, each with random arguments; stops at
    the first refusal (a ConfigurationError, the one documented refusal)."""
    bars = draw(st.booleans())
    n = draw(st.integers(1, 4))
    categories = draw(st.lists(st.one_of(PRINTABLE, ANY_TEXT, st.integers(), st.just(MARKUP)),
                               min_size=n, max_size=n)) if bars else None
    log = not bars and draw(st.booleans())
    limits = draw(st.none() | st.tuples(NUMBER, NUMBER).map(sorted))
    xlimits = draw(st.none() | st.tuples(*[st.floats(1e-100, LARGEST) if log else NUMBER] * 2)
                   .map(sorted))
    horizontal = bars and draw(st.booleans())
    chart = Chart(draw(WORDS), xlabel=draw(WORDS), ylabel=draw(WORDS), categories=categories,
                  horizontal=horizontal, percent=draw(st.booleans()),
                  limits=limits, xlimits=None if bars else xlimits,
                  xscale="log" if log else "linear", note=draw(WORDS),
                  width=draw(st.sampled_from([8, 3.5, 0.5])),
                  height=draw(st.sampled_from([4.5, 1])))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["bars", "reference"] if horizontal
                                    else ["bars", "points", "reference"] if bars
                                    else ["line", "points", "band", "reference"]))
        k = n if bars else draw(st.integers(1, 6))
        numbers = st.lists(NUMBER, min_size=k, max_size=k)
        xs = ([draw(st.floats(-0.4, n - 0.6)) for _ in range(k)] if bars
              else draw(st.lists(st.floats(1e-100, LARGEST) if log else NUMBER,
                                 min_size=k, max_size=k)))
        label, color = draw(WORDS), draw(COLOR)
        if kind == "bars":
            values = draw(numbers)
            chart.bars(label, values, color=color,
                       texts=draw(st.none() | st.lists(WORDS, min_size=k, max_size=k)),
                       intervals=draw(st.none() | st.just([(min(v, 0), max(v, 0))
                                                           for v in values])))
        elif kind == "points":
            ys = draw(numbers)
            chart.points(label, xs, ys, color=color, marker=draw(st.sampled_from(MARKERS)),
                         intervals=draw(st.none() | st.just([(y, y) for y in ys])))
        elif kind == "line":
            chart.line(label, xs, draw(numbers), color=color,
                       style=draw(st.none() | st.sampled_from(list(LINE_STYLES))))
        elif kind == "band":
            lows = draw(numbers)
            chart.band(label, xs, lows, lows, color=color)
        else:
            chart.reference(label, draw(NUMBER), **({} if color is None else {"color": color}))
    return chart


def built(data: st.DataObject) -> Chart | None:
    """A fuzzed chart, or None where the API refused it in words."""
    try:
        return data.draw(charts())
    except ConfigurationError as refused:
        assert str(refused) and "Traceback" not in str(refused)
        return None


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_any_chart_is_drawn_as_svg_that_parses_or_refused_in_words(data):
    chart = built(data)
    if chart is not None:
        parsed(chart)


@pytest.mark.slow
@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_any_chart_is_drawn_by_matplotlib_or_refused_in_words(data):
    chart = built(data)
    if chart is not None:
        drawn_by_matplotlib(chart)


@pytest.mark.parametrize("value", [{}, ["dotted"], {"o"}, np.array([1, 2]), np.array(["o"]), 7])
def test_a_choice_given_as_another_type_is_refused_in_words(value):
    """Every parameter that takes one of a few names (style, marker, hatch, hatches, xscale)
    refuses a list, a set, a dict or an array in words, never a TypeError or ValueError."""
    calls = [lambda: Chart("t").line("a", [1, 2], [1, 2], style=value),
             lambda: Chart("t").line("a", [1, 2], [1, 2], marker=value),
             lambda: Chart("t").points("a", [1, 2], [1, 2], marker=value),
             lambda: Chart("t", categories=["a"]).bars("a", [1], hatch=value),
             lambda: Chart("t", categories=["a"]).bars("a", [1], hatches=[value]),
             lambda: Chart("t", xscale=value)]
    for call in calls:
        with pytest.raises(ConfigurationError):
            call()
