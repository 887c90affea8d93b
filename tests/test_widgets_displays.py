"""A widget displayed twice (``cup`` then ``display(cup)``, a common notebook habit): each
display has its own live region, whose id is nowhere else on the page, and each hears every
announcement; the controls are the same widgets in both. Under both back ends."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest
from IPython.core.formatters import format_display_data
from widget_backends import backend  # noqa: F401 - every test under both back ends

from swkit.widgets import CardTable, DiceCup, OddsExplorer

MAKERS = {
    "dice": lambda: DiceCup(players=2, seed=6, bot_delay=0),
    "cards": lambda: CardTable(players=2, seed=3, bot_delay=0),
    "explorer": lambda: OddsExplorer(),
}


def shown_model(w: widgets.Widget) -> str:
    """Display ``w`` as Jupyter does and return the model id the page is told to draw."""
    data, _ = format_display_data(w)
    return data["application/vnd.jupyter.widget-view+json"]["model_id"]


def tree(root: widgets.Widget) -> list[widgets.Widget]:
    """The widgets a page draws for ``root``: it and its children at any depth."""
    found, todo = [], [root]
    while todo:
        w = todo.pop()
        found.append(w)
        todo.extend(getattr(w, "children", ()))
    return found


def ids_and_owners(root: widgets.Widget) -> tuple[list[str], list[str]]:
    """The element ids and the aria-owns references in what the page draws for ``root``."""
    markup = " ".join(w.value for w in tree(root) if isinstance(w, widgets.HTML))
    return re.findall(r'\bid="([^"]+)"', markup), re.findall(r'aria-owns="([^"]+)"', markup)


@pytest.mark.parametrize("kind", MAKERS)
def test_each_display_has_its_own_live_region(kind):
    w = MAKERS[kind]()
    try:
        models = [shown_model(w) for _ in range(3)]
        assert models[0] == w.model_id and len(set(models)) == 3
        shown = w.displays()
        assert [d.model_id for d in shown] == models
        w.announce("Roll <3>")
        owned_ids = []
        for d in shown:
            ids, owners = ids_and_owners(d)
            (owner,) = owners                       # one region in each display
            assert ids.count(owner) == 1            # owning an element of that display
            assert f'id="{owner}" data-n="{len(w.announced)}">Roll &lt;3&gt;</div>' in " ".join(
                x.value for x in tree(d) if isinstance(x, widgets.HTML))
            owned_ids.append(owner)
        page = [i for d in shown for i in ids_and_owners(d)[0]]
        assert len(set(owned_ids)) == 3 and all(page.count(i) == 1 for i in owned_ids)
        # the twins show the same controls, with the widget's classes and layout
        for d in shown[1:]:
            assert "swkit-widget" in d._dom_classes and d.layout is w.layout
            assert [c for c in d.children if "swkit-live" not in c._dom_classes] == [
                c for c in w.children if c is not w.live]
        assert w.errors == []
    finally:
        w.close()
    assert all(d.comm is None for d in shown)      # closing the widget closes its twins


def test_a_twin_follows_the_widgets_children():
    cup = MAKERS["dice"]()
    try:
        shown_model(cup)
        shown_model(cup)
        twin = cup.displays()[1]
        extra = widgets.HTML("more")
        cup.children = [*cup.children, extra]
        assert twin.children[-1] is extra and cup.live not in twin.children
    finally:
        cup.close()


def test_one_display_is_the_widget_itself_with_one_region():
    cup = MAKERS["dice"]()
    try:
        assert shown_model(cup) == cup.model_id and cup.displays() == [cup]
        cup.announce("Your turn")
        ids, owners = ids_and_owners(cup)
        assert owners == [cup.live.children[0].value.split('aria-owns="')[1].split('"')[0]]
        assert ids.count(owners[0]) == 1
    finally:
        cup.close()
