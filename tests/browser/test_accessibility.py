"""Accessibility (WCAG 2.2 AA) of the widgets and lessons, in a real browser (issue 20).

- axe-core (``axe.py``: the rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) on the
  notebook's output areas, where swkit draws: every widget in its main states
  (``a11y_states.py``) and lessons 1, 9 and 10 after Run All, in JupyterLab and in Voila. No
  violation inside the outputs is allowed; JupyterLab's own, elsewhere on the page, are printed
  and attached to the report, never failed on (JupyterLab does not conform, by its own
  statement).

The axe counts of every run are printed (``-s`` shows them): rules run, elements checked,
violations inside the outputs and on the whole page.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from a11y_states import STATES, write_states_notebook
from axe import run_axe
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
LESSONS = [ROOT / "lessons" / name for name in
           ("01-counting-sets-and-runs.ipynb", "09-play.ipynb", "10-playing-to-win.ipynb")]
OUTPUTS = ".jp-OutputArea-output"
REPORTS = ROOT / "build" / "a11y"


def check_outputs(page: Page, where: str) -> None:
    """axe on the output areas (no violation allowed) and on the whole page (recorded)."""
    inside = run_axe(page, OUTPUTS)
    whole = run_axe(page, None)
    outside = [v for v in whole.violations if v["id"] not in {x["id"] for x in inside.violations}]
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"axe-{where}.json").write_text(json.dumps(
        {"outputs": {"rules": inside.rules, "elements": inside.elements,
                     "passed": inside.passed, "violations": inside.violations},
         "page": {"rules": whole.rules, "elements": whole.elements,
                  "violations": whole.violations}}, indent=1))
    print(f"\naxe {where}: outputs: {inside.rules} rules, {inside.elements} elements, "
          f"{len(inside.passed)} passed, {len(inside.violations)} violated; whole page: "
          f"{len(whole.violations)} violated ({', '.join(v['id'] for v in outside) or 'none'} "
          "outside the outputs)")
    assert not inside.violations, f"{where}:\n{inside.summary()}"


def test_widget_states_in_jupyterlab(lab, tmp_path):
    lab.open(write_states_notebook(tmp_path / "a11y-states.ipynb"))
    lab.run_all()
    for name, _heading, _code in STATES:
        expect(lab.outputs.locator(f".a11y-{name}")).to_have_count(1, timeout=60_000)
    bot = lab.outputs.locator(".a11y-dice-bot .swkit-roll")
    expect(bot).to_have_text("Seat 1 is rolling…")
    check_outputs(lab.page, "states-lab")
    expect(bot).to_have_text("Seat 1 is rolling…")  # still the bot's turn: it was checked


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.name[:2])
def test_lessons_in_jupyterlab(lab, lesson):
    lab.open(lesson)
    lab.run_all()
    check_outputs(lab.page, f"lesson{lesson.name[:2]}-lab")
