"""A student's earlier work stays in sight when the site changes (the swkit site, offline).

A site is built from a copy of the lessons into ``www/a`` and ``www`` is served on 127.0.0.1
(tests/browser/lite_site.py). The student opens lesson 1 from the class page, writes in it and
saves (the browser keeps the copy under the lessons folder it came from). The teacher corrects
lesson 1 and rebuilds into the same folder: the lesson gets a new lessons folder. In the same
browser profile:

- the class page names the student's copy in the earlier folder, beside lesson 1, with a link;
- lesson 1, opened again from the class page, is the corrected lesson, and says at once (before
  its first cell runs) that the student's work is in an earlier copy, naming it; its "Open my
  earlier copy" opens the student's copy, with their writing;
- the site then moves to another address on the same host (``www/b``): there the class page says
  that this browser holds work from the site's earlier address, and "Bring that work here"
  brings it (the student's copy is then named beside lesson 1 there too).

Screenshots: build/screenshots/lite-earlier-*.png.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

import pytest
from lite_site import ROOT, SCREENSHOTS, Server, _free_port, _start, build
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LESSON = "01-counting-sets-and-runs.ipynb"
LINK = "Lesson 1: Counting sets and runs"
CORRECTION = "Corrected on the site: this sentence is new."
MINE = "My own note: 420 hands of one color."

APP_READY = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  return !!(panel && panel.context && panel.context.isReady);
}"""


def folder_of(out: Path) -> str:
    return json.loads((out / "files" / "version.json").read_text("utf-8"))["lessons"]


def serve_above(www: Path, site: str, env: dict[str, str], log: Path) -> Server:
    """``python -m http.server`` serving ``www``, ready once the site in its folder ``site``
    answers: the site's address is then ``/<site>/``."""
    port = _free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
               str(www), str(port)]
    return _start("site", command, f"http://127.0.0.1:{port}", f"/{site}/jupyter-lite.json",
                  www, env, log)


def shot(page: Page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"lite-earlier-{name}.png"))


def test_earlier_work_is_never_out_of_sight(page: Page, tmp_path: Path,
                                            jupyter_env: dict[str, str],
                                            offline: list[str]) -> None:
    lessons = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", lessons)
    www = tmp_path / "www"
    out = www / "a"
    build(out, source=lessons)
    server = serve_above(www, "a", jupyter_env, tmp_path / "site.log")
    try:
        old = folder_of(out)
        page.goto(f"{server.url}/a/", timeout=120_000)
        expect(page.locator(".swkit-earlier")).to_have_count(0)   # nothing stored yet
        page.get_by_role("link", name=LINK).click()
        page.wait_for_function(APP_READY, timeout=120_000, polling=500)
        expect(page.locator("#swkit-work-bar .swkit-earlier")).to_have_count(0)
        page.evaluate(f"""async () => {{
          const panel = window.jupyterapp.shell.currentWidget;
          panel.content.model.sharedModel.insertCell(1, {{cell_type: 'markdown',
                                                           source: {json.dumps(MINE)}}});
          await panel.context.save();
        }}""")

        notebook = lessons / LESSON
        cells = json.loads(notebook.read_text("utf-8"))
        cells["cells"][0]["source"].append("\n\n" + CORRECTION)
        notebook.write_text(json.dumps(cells, indent=1, ensure_ascii=False) + "\n", "utf-8")
        build(out, source=lessons)                                  # same folder, same version
        new = folder_of(out)
        assert new != old

        page.goto(f"{server.url}/a/")
        note = page.locator(f"[data-swkit-lesson='{LESSON}'] .swkit-earlier")
        expect(note).to_contain_text(
            f"Your work from before this lesson changed is in {old}/{LESSON} (saved ")
        expect(page.get_by_role("link", name=LINK)).to_have_attribute(
            "href", f"notebooks/index.html?path={new}/{LESSON}")
        note.scroll_into_view_if_needed()
        shot(page, "class-page")
        assert page.locator("[data-swkit-lesson] .swkit-earlier").count() == 1

        page.get_by_role("link", name=LINK).click()
        card = page.locator("#swkit-work-bar .swkit-earlier")
        expect(card).to_contain_text(
            f"You have work on this lesson in an earlier copy: {old}/{LESSON} (saved ",
            timeout=60_000)
        expect(page.locator(".jp-RenderedMarkdown", has_text=CORRECTION)).to_be_visible()
        expect(page.locator(".jp-RenderedMarkdown", has_text=MINE)).to_have_count(0)
        shot(page, "lesson")
        card.get_by_role("link", name="Open my earlier copy").click()
        expect(page.locator(".jp-RenderedMarkdown", has_text=MINE)).to_be_visible(
            timeout=60_000)
        assert page.url.endswith(f"/a/notebooks/index.html?path={old}/{LESSON}")
        page.wait_for_function(APP_READY, timeout=120_000, polling=500)
        expect(page.locator("#swkit-work-bar .swkit-earlier")).to_have_count(0)  # it is the copy

        shutil.copytree(out, www / "b")                             # the site moves
        page.goto(f"{server.url}/b/")
        moved = page.locator("#swkit-work-moved")
        expect(moved).to_contain_text(
            f"from this site's earlier address ({server.url}/a/): the site has moved")
        expect(page.locator(".swkit-earlier")).to_have_count(0)     # not here yet
        shot(page, "moved")
        moved.get_by_role("button", name="Bring that work here").click()
        expect(moved).to_have_text(
            re.compile(rf"^Restored \d notebooks? from {re.escape(server.url)}/a/\.$"))
        expect(page.locator(f"[data-swkit-lesson='{LESSON}'] .swkit-earlier")).to_contain_text(
            f"{old}/{LESSON}")
    finally:
        server.stop()
