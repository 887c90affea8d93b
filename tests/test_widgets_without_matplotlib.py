"""The widgets where a JupyterLite kernel runs them: no matplotlib, no numpy, no
threads. ``from swkit.widgets import DiceCup`` (and CardTable, OddsExplorer) must work, the
explorer shows its exact answer first and draws its chart: as SVG with its numbers in words
without matplotlib, as matplotlib's PNG with the same words as its ``alt`` with it."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest
from widget_backends import backend  # noqa: F401 - every test under both back ends

import swkit.plots as plots
from swkit.odds import DiceModel, Objective, optimal_value
from swkit.widgets import DiceCup, OddsExplorer


def test_without_matplotlib_the_explorer_draws_its_chart_as_svg_with_its_numbers(monkeypatch):
    monkeypatch.setattr(plots, "can_use_matplotlib", lambda: False)
    ex = OddsExplorer()
    ex.wait_idle()
    assert "25/2838" in ex.headline.value                   # the exact answer, first
    chart = ex.chart.value
    assert "<img" not in chart and chart.count('<svg') == 2 and chart.count('role="img"') == 2
    assert "3: 0.88%" in chart and "4: 3.41%, 5: 8.21%" in chart   # the bars' <desc>
    assert "3: 0.88%, 4: 3.41%" in ex.chart_caption.value   # and the caption on screen
    ex.game.value = "dice"
    ex.wait_idle()
    assert "65/81" in ex.headline.value and "<svg" in ex.chart.value
    ex.simulate.click()
    ex.wait_idle()
    assert "Simulated after 10,000 trials" in ex.chart_caption.value
    assert 'class="point"' in ex.chart.value and 'class="band"' in ex.chart.value
    assert ex.errors == []


def test_with_matplotlib_the_explorer_draws_a_png_whose_alt_has_the_numbers():
    ex = OddsExplorer()
    ex.wait_idle()
    chart = ex.chart.value
    assert chart.startswith("<figure") and '<img src="data:image/png;base64,' in chart
    alt = re.search(r'alt="([^"]*)"', chart).group(1)
    assert "Bar chart: " in alt and "3: 0.88%" in alt and "4: 3.41%, 5: 8.21%" in alt
    assert ex.errors == []


_LITE = textwrap.dedent("""
    import json, sys, threading, time
    for name in ("numpy", "matplotlib"):
        sys.modules[name] = None           # import fails, as in a Lite kernel before a load

    def cannot_start(self):
        raise RuntimeError("can't start new thread")

    threading.Thread.start = cannot_start  # Pyodide: no thread can start

    from swkit.widgets import CardTable, DiceCup, OddsExplorer
    from swkit.cards.bots import GreedyBot
    out = {}
    cup = DiceCup(players=2, seed=1, bot_delay=0.5)
    out["backend"] = cup.backend
    cup.hint_button.value = True
    cup.roll_button.click()
    out["dice_hint"] = cup.hint.value
    cup.dice_buttons[0].value = True
    cup.roll_button.click()
    next(iter(cup.score_buttons.values())).click()
    cup.wait_idle()                        # the bot's turn, inline
    out["dice_turn"] = cup.game.turn
    out["dice_errors"] = [repr(e) for e in cup.errors]
    table = CardTable(players=2, seed=3, bot_delay=0.5)
    table.hint_toggle.value = True
    table.wait_idle()
    table.act(GreedyBot().choose(table.game))
    table.wait_idle()
    out["card_hint"] = table.hint.value
    out["card_errors"] = [repr(e) for e in table.errors]
    ex = OddsExplorer()
    ex.wait_idle()
    out["deal"] = ex.headline.value
    ex.game.value = "dice"
    ex.wait_idle()
    out["dice"] = ex.headline.value
    out["caption"] = ex.chart_caption.value
    out["chart"] = ex.chart.value
    out["explorer_errors"] = [repr(e) for e in ex.errors]
    out["blocked"] = sys.modules["numpy"] is None and sys.modules["matplotlib"] is None
    print(json.dumps(out))
""")


@pytest.mark.parametrize("backend", ["inline"], indirect=True)   # once: its own process
def test_the_widgets_import_and_play_with_no_matplotlib_no_numpy_and_no_threads(
        backend):  # noqa: F811 - the fixture, narrowed to one run
    done = subprocess.run([sys.executable, "-c", _LITE], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    assert got["backend"] == "inline" and got["blocked"]
    assert got["dice_errors"] == got["card_errors"] == got["explorer_errors"] == []
    assert got["dice_turn"] == 2                              # the bot played its turn
    here = DiceCup(players=2, seed=1, bot_delay=0)            # with numpy, matplotlib, threads
    here.hint_button.value = True
    here.roll_button.click()
    assert got["dice_hint"] == here.hint.value and "41/9" in got["dice_hint"]
    assert "score within two of your turns" in got["card_hint"]
    assert "computing" not in got["card_hint"]
    assert "25/2838" in got["deal"]
    exact = optimal_value(DiceModel(), Objective.at_least(4),
                          DiceModel().counts("Mickey Mickey Clubhouse Goofy Pluto"), 2)
    assert exact == Fraction(65, 81) and "65/81" in got["dice"]
    assert "<img" not in got["chart"] and got["chart"].count('role="img"') == 2
    assert "<desc" in got["chart"] and "Chart: " in got["caption"]
