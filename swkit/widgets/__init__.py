"""ipywidgets front ends (thin views: every rule comes from :mod:`swkit.cards` /
:mod:`swkit.dice`, every number from :mod:`swkit.odds`).

- :class:`CardTable` (``swkit.widgets.cards``): play the card game against bots, with hints;
- :class:`DiceCup` (``swkit.widgets.dice``): play Clubhouse dice against bots, with hints;
- :class:`OddsExplorer` (``swkit.widgets.explorer``): any hand or roll's exact odds, a chart,
  and a simulation converging toward the exact value.

Importing ``swkit.widgets`` needs ipywidgets; nothing in the core imports this package.
"""

from swkit.widgets.cards import CardTable
from swkit.widgets.dice import DiceCup
from swkit.widgets.explorer import OddsExplorer

__all__ = ["CardTable", "DiceCup", "OddsExplorer"]
