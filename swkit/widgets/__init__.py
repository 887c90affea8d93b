"""ipywidgets front ends (thin views: every rule comes from :mod:`swkit.cards` /
:mod:`swkit.dice`, every number from :mod:`swkit.odds`).

Importing ``swkit.widgets`` needs ipywidgets; nothing in the core imports this package.
"""
from swkit.widgets.dice import DiceCup  # noqa: E402,F401
