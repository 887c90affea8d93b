"""Clicks made while the kernel is busy, in a real JupyterLab: the page queues them and the
kernel gets them in a burst when the cell ends. Only the first Roll may roll; the others were
made before the student saw its dice, so they are dropped with a word (the widget's state
version, echoed by the page through a ``jsdlink``, swkit.widgets._base)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = Path(__file__).with_name("stale_clicks.ipynb")


def test_three_rolls_clicked_during_a_busy_cell_roll_once(lab, screenshot: Callable[[str], Path]):
    lab.open(NOTEBOOK)
    page = lab.page
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    cup = lab.outputs.locator(".swkit-dicecup")
    roll = cup.locator("button.swkit-roll")
    expect(roll).to_have_text("Roll (3 left)", timeout=60_000)
    status = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator").first
    expect(status).to_have_attribute("data-status", "busy")   # the sleeping cell
    for _ in range(3):
        roll.click()
        page.wait_for_timeout(300)
    expect(roll).to_have_text("Roll (3 left)")                # nothing happened yet
    lab.wait_for_kernel()                                      # the cell ends: the burst
    expect(roll).to_have_text("Roll (2 left)")
    expect(cup.locator(".swkit-status")).to_contain_text("roll 1 of 3")
    expect(cup).to_contain_text("That click came before the screen showed your last move")
    screenshot("stale-clicks-after-the-burst")
    roll.click()                                               # a click on the new screen
    expect(roll).to_have_text("Roll (1 left)")
    expect(cup).not_to_contain_text("That click came before")
