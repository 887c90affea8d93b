"""A student in a real browser on the school's JupyterHub, through the hub's proxy.

The hub is tests/test_hub.py's (its ``hub`` fixture: the config ``swkit hub config`` writes,
with the test's overrides). Anna signs in on the hub's login page (typing her name in capitals:
the hub lowers it), lands on lesson 1, opens lesson 9 from her home, runs it, plays a dice roll
(ipywidgets under ``/user/anna/``), saves and hands in from a cell; the hand-in is in the inbox
under ``anna`` and ``swkit class report`` reads it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from test_hub import Hub, hub  # noqa: E402, F401  (the module's real hub)

from swkit.classroom.records import read_notebook  # noqa: E402
from swkit.hub.singleuser import first_lesson  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "09-play.ipynb"


def _wait_for_kernel(page: Page) -> None:
    kernel = page.locator(".jp-NotebookPanel-toolbar .jp-KernelName").first
    expect(kernel).not_to_have_text(re.compile(r"^\s*(No Kernel)?\s*$"), timeout=120_000)
    status = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator")
    expect(status.first).to_have_attribute("data-status", "idle", timeout=180_000)


def test_a_student_signs_in_plays_and_hands_in_through_the_proxy(
        hub: Hub, page: Page) -> None:  # noqa: F811 (the hub fixture imported above)
    page.goto(hub.url + "/hub/login", timeout=60_000)
    page.locator("#username_input").fill("ANNA")
    page.locator("#password_input").fill("any password: the test's dummy login")
    page.locator("#login_submit").click()
    page.wait_for_url(re.compile(r"/user/anna/lab"), timeout=120_000)
    expect(page.locator(".lm-TabBar-tabLabel", has_text=first_lesson()).first).to_be_visible(
        timeout=60_000)

    page.goto(f"{hub.url}/user/anna/lab/tree/swkit-lessons/{LESSON}?reset", timeout=60_000)
    _wait_for_kernel(page)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    page.wait_for_timeout(500)
    _wait_for_kernel(page)
    cup = page.locator(".jp-OutputArea-output .swkit-dicecup").first
    roll = cup.locator("button.swkit-roll")
    expect(roll).to_have_text("Roll (3 left)", timeout=60_000)
    roll.click()
    expect(roll).to_have_text("Roll (2 left)")

    # an exercise checked in a new cell at the end, the notebook saved, then handed in
    def new_cell(code: str) -> None:
        page.locator(".jp-Notebook .jp-Cell").last.click()
        page.keyboard.press("Escape")
        page.keyboard.press("b")
        page.keyboard.press("Enter")
        page.keyboard.type(code)
        page.keyboard.press("Shift+Enter")

    new_cell('from swkit.exercises import check\ncheck("1.1", 2520)')
    expect(page.locator(".jp-OutputArea-output", has_text="1.1").last).to_be_visible(
        timeout=60_000)
    _wait_for_kernel(page)
    page.keyboard.press("Escape")
    page.keyboard.press("Control+s")
    expect(page.locator(".jp-mod-dirty")).to_have_count(0, timeout=30_000)
    new_cell(f'from swkit.hub import hand_in\nprint(hand_in("{LESSON}"))')
    expect(page.locator(".jp-OutputArea-output", has_text="Handed in").last).to_contain_text(
        f"Handed in {LESSON} for anna", timeout=60_000)

    handed = hub.inbox / "anna" / LESSON
    records = read_notebook(handed.read_bytes())
    assert records.intact
    assert [(r.exercise, r.answer) for r in records.records] == [("1.1", "2520")]
    # what was handed in is the played notebook: the dice cup's output is saved in it
    assert "swkit" in json.dumps([c.get("outputs") for c in json.loads(handed.read_bytes())[
        "cells"] if c["cell_type"] == "code"])
    report = subprocess.run([sys.executable, "-m", "swkit", "class", "report", str(hub.inbox),
                             "--json"], capture_output=True, text=True, timeout=120,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert report.returncode == 0, report.stderr
    rows = json.loads(report.stdout)["students"]
    assert [(row["student"], row["records"]) for row in rows] == [("anna", 1)]
