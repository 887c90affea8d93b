"""The teacher's class report in the swkit site, in a real Lite kernel, offline: the teacher
drops an LMS zip into the teacher's notebook's folder and runs the notebook; the report names
the students, and the zip is gone from the browser's storage afterwards.

The zip is put where the file browser's upload puts a dropped file (the app's contents
manager, as base64), so that the kernel sees it in its drive as it would a dropped file.
"""

from __future__ import annotations

import base64

import pytest
from lite_site import (  # noqa: F401  (fixtures: built_site, site_server, site_requests)
    ROOT,
    Server,
    built_site,
    no_tracebacks,
    notebook_url,
    open_notebook,
    picture,
    run_all,
    site_requests,
    site_server,
)
from playwright.sync_api import Page

from swkit.classroom.sample import notebook_bytes, zip_bytes
from swkit.cli.site import SiteReport

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = "solutions/teacher-class-report.ipynb"

SITE_OPTIONS = {"solutions": True}   # the teacher's copy: the report notebook goes with the answers

UPLOAD = """async ([path, data]) => {
  await window.jupyterapp.serviceManager.contents.save(path,
      {type: 'file', format: 'base64', content: data});
}"""

LISTING = """async (path) => {
  const folder = await window.jupyterapp.serviceManager.contents.get(path, {content: true});
  return folder.content.map(item => item.name);
}"""


def test_the_teacher_drops_a_zip_and_runs_the_report(
        page: Page, site_server: Server, built_site: tuple[SiteReport, dict],  # noqa: F811
        site_requests: dict) -> None:  # noqa: F811
    folder = f"{built_site[0].lessons}/solutions"
    hand_ins = zip_bytes([
        ("Sam Lee_1001_assignsubmission_file_/01-counting-sets-and-runs.ipynb",
         notebook_bytes([("1.1", 2520), ("1.1", 420)])),
        ("Ali Khan_1002_assignsubmission_file_/01-counting-sets-and-runs.ipynb",
         notebook_bytes([("1.1", 2520)])),
        ("Ali Khan_1002_assignsubmission_file_/notes.pdf", b"%PDF-1.4")])
    open_notebook(page, notebook_url(site_server, f"{built_site[0].lessons}/{NOTEBOOK}"))
    page.evaluate(UPLOAD, [f"{folder}/moodle-download.zip",
                           base64.b64encode(hand_ins).decode("ascii")])
    assert "moodle-download.zip" in page.evaluate(LISTING, folder)
    run_all(page, timeout=600)
    outputs = page.locator(".jp-OutputArea-output")
    no_tracebacks(page, outputs)
    report = outputs.filter(has_text="Ali Khan").first
    text = report.inner_text()
    assert "2 notebooks read; 2 students counted; 1 file not read." in text
    assert "Order matters when counting hands" in text
    assert report.locator("svg[role=img] desc").count() == 1
    assert outputs.filter(has_text="removed from this browser's storage").count() == 1
    assert "moodle-download.zip" not in page.evaluate(LISTING, folder)
    picture(report, "lite-class-report")
    assert (ROOT / "build" / "screenshots" / "lite-class-report.png").is_file()
