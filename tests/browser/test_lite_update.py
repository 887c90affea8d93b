"""A corrected lesson reaches the student who had the old one open (the swkit site, offline).

A site is built from a copy of the lessons and served on 127.0.0.1 (tests/browser/lite_site.py).
The student opens lesson 9 from it, runs its first cell (nothing to say: it is current), changes
it and saves, so the browser keeps the student's copy (as JupyterLite does by itself after about
two minutes). The teacher then corrects lesson 9 and rebuilds the site into the same folder, at
the same version. In the same browser profile, the student comes back to the same address:
their copy opens, with their change; its first cell says "A newer version of this lesson is on
the site"; ``await swkit.lite.fresh_copy()`` saves the corrected lesson in the site's current
lessons folder; and the landing page links the corrected lesson.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from lite_site import (
    KERNELS,
    ROOT,
    Server,
    build,
    execute,
    first_cell,
    notebook_url,
    open_notebook,
    serve,
    site_requests,  # noqa: F401  (a fixture)
)
from playwright.sync_api import Page, expect

from swkit import __version__

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CORRECTION = "Corrected on the site: this sentence is new."
MINE = "My own note: I played seed 8 first."


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    """A copy of the lessons that the test may change."""
    folder = tmp_path / "lessons"
    shutil.copytree(ROOT / "lessons", folder)
    return folder


@pytest.fixture
def site(tmp_path: Path, lessons: Path,
         jupyter_env: dict[str, str]) -> Iterator[tuple[Path, Server]]:
    """The site built from ``lessons`` into one folder, served for the whole test."""
    out = tmp_path / "site"
    build(out, source=lessons)
    server = serve(out, jupyter_env, tmp_path / "site.log")
    yield out, server
    server.stop()


def folder_of(out: Path) -> str:
    return json.loads((out / "files" / "version.json").read_text("utf-8"))["lessons"]


def test_a_corrected_lesson_reaches_the_student(page: Page, site: tuple[Path, Server],
                                                lessons: Path, offline: list[str],
                                                site_requests: dict) -> None:  # noqa: F811
    out, server = site
    old = folder_of(out)
    address = notebook_url(server, f"{old}/09-play.ipynb")
    open_notebook(page, address)
    install = first_cell(lessons / "09-play.ipynb")
    assert execute(page, install, timeout=300) == ""                 # current: nothing said
    page.evaluate(f"""async () => {{
      const panel = window.jupyterapp.shell.currentWidget;
      panel.content.model.sharedModel.insertCell(1, {{cell_type: 'markdown',
                                                       source: {json.dumps(MINE)}}});
      await panel.context.save();
    }}""")

    notebook = lessons / "09-play.ipynb"
    cells = json.loads(notebook.read_text("utf-8"))
    cells["cells"][0]["source"].append("\n\n" + CORRECTION)
    notebook.write_text(json.dumps(cells, indent=1, ensure_ascii=False) + "\n", "utf-8")
    build(out, source=lessons)                                     # same folder, same version
    new = folder_of(out)
    assert new != old and new.startswith(f"v{__version__}-") and old.startswith(f"v{__version__}-")
    assert (out / "files" / old / "09-play.ipynb").is_file()       # the old folder stays

    open_notebook(page, address)                                   # back at the same address
    assert page.evaluate(KERNELS) == 1
    expect(page.locator(".jp-RenderedMarkdown", has_text=MINE)).to_be_visible()  # theirs
    told = execute(page, install, timeout=300)
    assert told.startswith("A newer version of this lesson is on the site"), told
    assert told.count("\n") == 1 and "await swkit.lite.fresh_copy()" in told
    fresh = execute(page, "await swkit.lite.fresh_copy()")
    assert fresh == (f"A fresh copy of 09-play.ipynb is {new}/09-play-fresh.ipynb, in the "
                     f"site's current lessons: open it from the file browser, or at "
                     f"{server.url}/notebooks/index.html?path={new}/09-play-fresh.ipynb\n"), fresh
    saved = execute(page, f"print(open('/drive/{new}/09-play-fresh.ipynb').read())")
    assert CORRECTION in saved and MINE not in saved

    page.goto(f"{server.url}/")
    link = page.get_by_role("link", name="Lesson 9: Play!")
    expect(link).to_have_attribute("href", f"notebooks/index.html?path={new}/09-play.ipynb")
    open_notebook(page, notebook_url(server, f"{new}/09-play-fresh.ipynb"))
    expect(page.locator(".jp-RenderedMarkdown", has_text=CORRECTION)).to_be_visible()
    assert execute(page, install, timeout=300) == ""                # the fresh copy is current
