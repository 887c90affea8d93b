"""The real-browser harness works: an ipywidgets Button changes a Label in JupyterLab and in
Voila, in headless Chromium with no internet. Widget tests follow this shape."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Locator, expect

NOTEBOOK = Path(__file__).with_name("button.ipynb")


def click_and_check(outputs: Locator, screenshot: Callable[[str], Path]) -> None:
    """The button notebook's steps, the same wherever it is shown: the label starts as "not
    clicked yet", a click on "Click me" makes it "clicked!" (screenshots before and after)."""
    button = outputs.locator("button.widget-button", has_text="Click me")
    label = outputs.locator(".widget-label")
    expect(button).to_be_visible()
    expect(label).to_have_text("not clicked yet")
    screenshot("before")
    button.click()
    expect(label).to_have_text("clicked!")
    assert screenshot("after").stat().st_size > 0


@pytest.mark.browser
@pytest.mark.slow
def test_button_changes_label_in_jupyterlab(lab, screenshot):
    lab.open(NOTEBOOK)
    lab.run_all()
    click_and_check(lab.outputs, screenshot)


@pytest.mark.browser
@pytest.mark.slow
def test_button_changes_label_in_voila(voila, screenshot):
    voila.open(NOTEBOOK)
    click_and_check(voila.outputs, screenshot)


@pytest.mark.browser
@pytest.mark.slow
def test_a_request_leaving_loopback_is_aborted_and_recorded(page, offline):
    """The guard itself: an outside address never loads and is recorded (and would fail)."""
    page.set_content("<p>offline</p>")
    page.evaluate("fetch('https://example.org/x').catch(() => null)")
    page.wait_for_timeout(500)
    assert offline == ["https://example.org/x"]
    offline.clear()  # this one was on purpose: let the teardown pass


# --- without Chromium: skip with the reason, or fail when CI requires the browser -----------

@pytest.fixture
def harness(request):
    """The conftest module of this folder (its functions and constants)."""
    here = Path(__file__).with_name("conftest.py")
    return next(m for m in request.config.pluginmanager.get_plugins()
                if getattr(m, "__file__", None) and Path(m.__file__) == here)


@pytest.mark.parametrize("required", [None, "0", "1"])
def test_missing_chromium_skips_with_the_reason_unless_required(harness, monkeypatch, tmp_path,
                                                                required):
    monkeypatch.setattr(harness, "CHROMIUM", tmp_path / "no-chromium")
    if required is None:
        monkeypatch.delenv("SWKIT_REQUIRE_BROWSER", raising=False)
    else:
        monkeypatch.setenv("SWKIT_REQUIRE_BROWSER", required)
    outcome = pytest.fail.Exception if required == "1" else pytest.skip.Exception
    with pytest.raises(outcome, match="apt-get install -y chromium"):
        harness.require_chromium()
