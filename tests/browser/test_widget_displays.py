"""A widget displayed twice on one page (``cup`` then ``display(cup)``) in JupyterLab: each
display has its own live region, whose id is once in the page, the region owns its text there
(Chromium's accessibility tree), and a move made in the second display is said in both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_accessibility import live_parent, shown

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def write_notebook(path: Path) -> Path:
    cells = ["from swkit.widgets import DiceCup\ncup = DiceCup(players=1, seed=3, bot_delay=0)\n"
             "cup", "display(cup)"]
    path.write_text(json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                   "outputs": [], "source": c} for c in cells],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}), encoding="utf-8")
    return path


def test_a_widget_shown_twice_has_a_live_region_of_its_own_in_each(lab, tmp_path):
    lab.open(write_notebook(tmp_path / "twice.ipynb"))
    lab.run_all()
    cups = lab.outputs.locator(".swkit-widget")
    expect(cups).to_have_count(2, timeout=60_000)
    regions = lab.page.locator('.swkit-live [role="status"]')
    expect(regions).to_have_count(2)
    owned = [regions.nth(i).get_attribute("aria-owns") for i in range(2)]
    assert owned[0] != owned[1]
    cups.nth(1).locator(".swkit-roll").click()                 # a move in the second display
    shown(lab.page)
    for i, name in enumerate(owned):
        assert lab.page.evaluate(f"document.querySelectorAll('[id=\"{name}\"]').length") == 1
        text = cups.nth(i).locator(f'[id="{name}"]')
        expect(text).to_contain_text("You: Roll 1:")
        assert live_parent(lab.page, regions.nth(i)) == ("status", "polite")
    # the controls are the same widgets: the first display shows the roll too
    expect(cups.nth(0).locator(".swkit-roll")).to_have_text("Roll (2 left)")
