"""A lesson's chart in a real browser: what a student sees and what a screen reader reads.

Lesson 1 after Run All in JupyterLab (matplotlib's PNG, its words as the image's ``alt``), and
the same chart drawn as SVG (what a browser kernel without matplotlib shows): each is an image in
the accessibility tree whose name carries the chart's numbers, with "The numbers in this chart"
under it. Pictures go to build/screenshots/.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LESSON_1 = ROOT / "lessons" / "01-counting-sets-and-runs.ipynb"
SCREENSHOTS = ROOT / "build" / "screenshots"
TITLE = "Chance that random cards hold a set or a run (exact)"
NUMBERS = "A set or a run: 3 cards: 0.9%, 4 cards: 3.4%, 5 cards: 8.2%, 6 cards: 15.6%, " \
          "7 cards: 25.6%."
"""Lesson 1's chart in words: the exact chances, as its bars' texts show them."""


def _save(page: Page, figure, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    figure.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    figure.screenshot(path=str(SCREENSHOTS / f"{name}.png"))


def _check_figure(page: Page, name: str) -> None:
    """The chart is an image named with its title and numbers, and its words are under it."""
    figure = page.locator(".jp-OutputArea-output figure").filter(has_text="The numbers")
    expect(figure).to_have_count(1)
    image = figure.get_by_role("img")
    expect(image).to_have_count(1)
    label = image.evaluate("e => e.getAttribute('alt') ?? e.querySelector('desc').textContent")
    assert TITLE in label and NUMBERS in label
    expect(figure.get_by_role("img", name=re.compile(re.escape(NUMBERS)))).to_be_visible()
    box = image.bounding_box()
    assert box and box["width"] > 300 and box["height"] > 150      # drawn, not a broken icon
    figure.locator("summary").click()                                # the numbers, opened
    expect(figure.locator("li", has_text=NUMBERS)).to_be_visible()
    _save(page, figure, name)


def test_lesson_1s_chart_is_a_png_whose_alt_carries_its_numbers(lab, page: Page):
    lab.open(LESSON_1)
    lab.run_all()
    assert page.locator(".jp-OutputArea-output figure img[src^='data:image/png']").count() == 1
    _check_figure(page, "chart-lesson01-png")


def test_the_same_chart_as_svg_is_an_image_named_by_its_title_and_numbers(lab, page: Page,
                                                                           tmp_path: Path):
    """As a browser kernel draws it: the lesson's chart cell with matplotlib switched off."""
    lesson = nbformat.read(LESSON_1, as_version=4)
    cells = [c.source for c in lesson.cells if c.cell_type == "code"]
    chart_cell = next(c for c in cells if c.startswith("ks = list(odds)"))
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in (
        "import swkit.plots\nswkit.plots.can_use_matplotlib = lambda: False",
        "from swkit.odds.deal import deal_odds\nfrom swkit.plots import Chart\n"
        "from swkit.present.percent import percent_text\n"
        "odds = {k: deal_odds(k) for k in range(3, 8)}",
        chart_cell)], metadata={"kernelspec": lesson.metadata["kernelspec"]})
    path = tmp_path / "chart-as-svg.ipynb"
    nbformat.write(notebook, path)
    lab.open(path)
    lab.run_all()
    assert page.locator(".jp-OutputArea-output figure svg[role='img']").count() == 1
    assert page.locator(".jp-OutputArea-output figure img").count() == 0
    _check_figure(page, "chart-lesson01-svg")
