"""``swkit.odds`` imports nothing heavy, and every name it exports resolves."""

from __future__ import annotations

import subprocess
import sys

import swkit.odds


def test_every_lazy_name_resolves():
    for name in swkit.odds.__all__:
        assert getattr(swkit.odds, name) is not None


def test_core_imports_no_plotting_or_widgets():
    """DESIGN.md: nothing in cards/, dice/ or odds/ imports ipywidgets or matplotlib."""
    code = ("import sys, swkit.cards.game, swkit.dice.game, swkit.odds.dice, swkit.odds.cards, "
            "swkit.odds.deal, swkit.cli, swkit.cli.odds_cards, swkit.cli.odds_dice; "
            "print(sorted(m for m in ('ipywidgets', 'matplotlib') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"
