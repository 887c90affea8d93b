"""What the browser's side of ipywidgets 8 needs from every swkit widget (found in lesson 9's
browser test): a widget given a ``tooltip`` must have a ``description`` trait, because the front
end's ``updateTooltip`` reads ``description.length`` whenever a tooltip is set. On an ``Image``
(no description) that throws, and JupyterLab shows "Click to show javascript error." instead of
the chart. Checked here without a browser, on each widget as the lesson builds it."""

from __future__ import annotations

import ipywidgets as widgets
import pytest

from swkit.widgets import CardTable, DiceCup, OddsExplorer


def tree(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from tree(child)


@pytest.mark.parametrize("make", [lambda: CardTable(players=2, seed=8, bot_delay=0),
                                  lambda: DiceCup(players=2, seed=8, bot_delay=0),
                                  OddsExplorer], ids=["CardTable", "DiceCup", "OddsExplorer"])
def test_no_tooltip_on_a_widget_without_a_description(make):
    w = make()
    w.wait_idle()
    everything = list(tree(w))
    assert any(isinstance(x, widgets.DOMWidget) and x.tooltip for x in everything)
    broken = [type(x).__name__ for x in everything
              if isinstance(x, widgets.DOMWidget) and x.tooltip and not x.has_trait("description")]
    assert broken == [], f"these widgets would fail to draw in JupyterLab: {broken}"
    assert w.errors == []


def test_the_check_catches_an_image_with_a_tooltip():
    image = widgets.Image(format="png", tooltip="a chart")
    assert image.tooltip and not image.has_trait("description")
