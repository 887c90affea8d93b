"""Accessibility (WCAG 2.2 AA) of the no-install site, offline in headless Chromium.

axe-core (``axe.py``: the rules tagged wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) on the
landing page, the whole of it (the site's own page: no violation allowed), and on lesson 9 after
Run All in JupyterLite's single-notebook interface: no violation inside the outputs, where swkit
draws; JupyterLite's own, elsewhere on the page, are printed and recorded in build/a11y/, not
failed on. One site build for the module (``lite_site.built_site``).
"""

from __future__ import annotations

import pytest
from axe import check_outputs, run_axe
from lite_site import (  # noqa: F401  (fixtures: built_site, site_server, site_requests)
    SiteReport,
    built_site,
    notebook_url,
    open_notebook,
    run_all,
    site_requests,
    site_server,
)
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_site_landing_page_and_lesson_9(
        page: Page, site_server, built_site: tuple[SiteReport, dict],  # noqa: F811
        site_requests: dict, offline: list[str]) -> None:  # noqa: F811
    page.goto(f"{site_server.url}/", timeout=120_000)
    expect(page.locator("h1")).to_have_count(1)
    landing = run_axe(page, None)
    print(f"\naxe site landing page: {landing.rules} rules, {landing.elements} elements, "
          f"{len(landing.passed)} passed, {len(landing.violations)} violated")
    report = built_site[0]
    open_notebook(page, notebook_url(site_server, f"{report.lessons}/09-play.ipynb"))
    run_all(page, timeout=900)
    expect(page.locator(".jp-OutputArea-output .swkit-dicecup")).to_have_count(1,
                                                                             timeout=120_000)
    violations = check_outputs(page, "lesson09-lite")
    assert not landing.violations, landing.summary()
    assert not violations, violations
