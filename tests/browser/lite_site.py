"""Helpers and fixtures for the swkit site's browser tests (test_lite_*.py), offline.

The site is built with :func:`swkit.cli.site.build_site`, carrying Python itself (Pyodide, from
the cached copy in build/pyodide-cache: :func:`swkit.cli.pyodide.pyodide_copy`), and served as it
is on 127.0.0.1 by ``python -m http.server``: no address is rerouted. Every request leaving
127.0.0.1 is aborted and fails the test (the tier's ``offline`` fixture, autouse), and
``site_requests`` fails it on any request the site answers with an error (a file it lacks).

A test module imports the fixtures it uses (``built_site``, ``site_server``, ``site_requests``)
from here, and drives notebooks opened in JupyterLite's single-notebook interface (``notebooks/``,
what the landing page links to) with :func:`open_notebook`, :func:`execute`, :func:`run_all`.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from urllib.parse import quote, urlsplit

import pytest
from playwright.sync_api import Locator, Page, Request, expect

from swkit.cli.pyodide import PyodideError, pyodide_copy
from swkit.cli.site import PYODIDE_FOLDER, SiteReport, build_site, missing_tools, pyodide_url


def _harness() -> ModuleType:
    """The tier's conftest (its server helpers), loaded by path: a conftest.py elsewhere in the
    tests could take the name ``conftest``."""
    name = "swkit_browser_harness"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


_h = _harness()
Server, _free_port, _start = _h.Server, _h._free_port, _h._start

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
PYODIDE_CACHE = ROOT / "build" / "pyodide-cache"
"""The tests' copy of Pyodide (swkit.cli.pyodide.pyodide_copy; made once, needs npm)."""
KERNEL_START_MS = 180_000
"""A Lite kernel started in 17-30 s here; a loaded CI machine gets six times that."""


def build(out: Path, **options: object) -> SiteReport:
    """Build the site into ``out`` with the tests' Pyodide cache; skip (fail in CI, with
    SWKIT_REQUIRE_BROWSER=1) when Pyodide can be neither found there nor fetched."""
    if missing_tools():
        pytest.fail(f"the site tools are missing: {missing_tools()} (pip install -e '.[test]')")
    try:
        pyodide_copy(PYODIDE_CACHE)
    except PyodideError as exc:  # as a missing Chromium: a failure in CI, a skip elsewhere
        if os.environ.get("SWKIT_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SWKIT_REQUIRE_BROWSER=1 but {exc}")
        pytest.skip(str(exc))
    report = build_site(out, pyodide_cache=PYODIDE_CACHE, **options)
    assert pyodide_url(out) == f"./{PYODIDE_FOLDER}/pyodide.mjs"  # Python is the site's own
    return report


@pytest.fixture(scope="module")
def built_site(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[SiteReport, dict]]:
    """The site, built once for the module (a student's site, or the build options the module
    names in ``SITE_OPTIONS``, e.g. ``{"solutions": True}`` for the teacher's copy); with the
    build's seconds and bytes."""
    out = tmp_path_factory.mktemp("lite") / "site"
    cpu = time.process_time()
    report = build(out, **getattr(request.module, "SITE_OPTIONS", {}))
    yield report, {"build_seconds": round(report.seconds, 1),
                   "build_cpu_seconds_this_process": round(time.process_time() - cpu, 1),
                   "site_bytes": report.size}


def serve(folder: Path, env: dict[str, str], log: Path) -> Server:
    """``python -m http.server`` serving ``folder`` on a free 127.0.0.1 port."""
    port = _free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
               str(folder), str(port)]
    return _start("site", command, f"http://127.0.0.1:{port}", "/jupyter-lite.json", folder,
                  env, log)


@pytest.fixture(scope="module")
def site_server(built_site: tuple[SiteReport, dict], jupyter_env: dict[str, str],
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The module's built site, served on a free 127.0.0.1 port."""
    server = serve(built_site[0].folder, jupyter_env, tmp_path_factory.mktemp("logs") / "s.log")
    yield server
    server.stop()


@pytest.fixture
def site_requests(page: Page) -> Iterator[dict]:
    """Every request the page (and its kernel's worker) makes, as served: a record with
    ``bytes`` (bodies received), ``requests``, ``pyodide_bytes`` and ``pyodide_files`` (the
    site's copy of Pyodide) and ``failed`` (addresses answered 400 or more: a file the site
    lacks). Fails the test on any failed request."""
    record: dict = {"bytes": 0, "requests": 0, "pyodide_bytes": 0, "pyodide_files": [],
                    "failed": []}

    def finished(request: Request) -> None:
        size = max(request.sizes()["responseBodySize"], 0)
        record["bytes"] += size
        record["requests"] += 1
        path = urlsplit(request.url).path
        if f"/{PYODIDE_FOLDER}/" in path:
            record["pyodide_bytes"] += size
            record["pyodide_files"].append(path.rsplit("/", 1)[-1])
        response = request.response()
        if response is not None and response.status >= 400:
            record["failed"].append(f"{response.status} {request.url}")

    page.context.on("requestfinished", finished)
    yield record
    assert not record["failed"], f"the site lacks files the page asked for: {record['failed']}"


# --- driving a notebook ----------------------------------------------------------------------

PANEL = "window.jupyterapp.shell.currentWidget"

KERNEL_IDLE = f"""() => {{
  const panel = window.jupyterapp && {PANEL};
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
                 && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}}"""

EXECUTE = f"""async (code) => {{
  const kernel = {PANEL}.sessionContext.session.kernel;
  const future = kernel.requestExecute({{code, stop_on_error: true}});
  const out = [];
  future.onIOPub = (msg) => {{
    const kind = msg.header.msg_type, c = msg.content;
    if (kind === 'stream') out.push(c.text);
    else if (kind === 'error')
      out.push(`${{c.ename}}: ${{c.evalue}}\\n${{c.traceback.join('\\n')}}`);
    else if (kind === 'execute_result' || kind === 'display_data')
      out.push((c.data['text/plain'] || '') + '\\n');
  }};
  const reply = await future.done;
  return {{status: reply.content.status, text: out.join('')}};
}}"""

PROBLEMS = f"""() => {{
  const found = [];
  {PANEL}.content.widgets.forEach((cell, n) => {{
    for (const out of cell.model.toJSON().outputs || []) {{
      if (out.output_type === 'error')
        found.push(`cell ${{n}}: ${{out.ename}}: ${{out.evalue}}\\n`
                   + (out.traceback || []).join('\\n'));
      if (out.output_type === 'stream' && out.name === 'stderr')
        found.push(`cell ${{n}} wrote to stderr: ${{out.text}}`);
    }}
  }});
  return found;
}}"""
"""Every error output and stderr text in the open notebook's cells, read from the notebook's
model (JupyterLab draws only the cells in view, so the page alone can miss one)."""

UNRUN = f"""() => {PANEL}.content.widgets.filter(
    c => c.model.type === 'code' && c.model.executionCount === null).length"""

KERNELS = """() => Array.from(window.jupyterapp.serviceManager.kernels.running()).length"""
"""How many kernels the page's app runs (each a Python in a Web Worker)."""

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def notebook_url(server: Server, path: str) -> str:
    """The address opening site path ``path`` alone, in the single-notebook interface."""
    return f"{server.url}/notebooks/index.html?path={quote(path)}"


def wait_for_kernel(page: Page, timeout_ms: int = KERNEL_START_MS) -> None:
    """Wait until the open notebook's kernel exists, is connected and idle."""
    page.wait_for_function(KERNEL_IDLE, timeout=timeout_ms, polling=500)


def open_notebook(page: Page, url: str) -> float:
    """Open ``url`` (:func:`notebook_url`) and wait for its kernel; return the seconds taken."""
    opened = time.perf_counter()
    page.goto(url, timeout=120_000)
    wait_for_kernel(page)
    return time.perf_counter() - opened


def execute(page: Page, code: str, timeout: float = 120) -> str:
    """Run ``code`` in the open notebook's kernel; its printed text. Fails on an error."""
    page.set_default_timeout(timeout * 1000)
    result = page.evaluate(EXECUTE, code)
    assert result["status"] == "ok", f"the Lite kernel raised:\n{result['text']}"
    return result["text"]


def first_cell(notebook: Path) -> str:
    """The source of the notebook's first code cell (the site's install cell)."""
    cells = json.loads(notebook.read_text("utf-8"))["cells"]
    return "".join(next(c for c in cells if c["cell_type"] == "code")["source"])


def notebook_problems(page: Page) -> list[str]:
    """The error outputs and stderr texts in the open notebook (ANSI colours removed)."""
    return [ANSI.sub("", p)[-3000:] for p in page.evaluate(PROBLEMS)]


def run_all(page: Page, timeout: float = 300) -> None:
    """Run every cell (the app's Run All Cells command, as the Run menu does); wait until every
    code cell has run, failing at once with the traceback of a cell that fails."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    deadline = time.monotonic() + timeout
    while True:
        page.wait_for_timeout(500)
        problems = notebook_problems(page)
        assert not problems, "a cell failed in the Lite kernel:\n" + "\n".join(problems)
        if page.evaluate(UNRUN) == 0 and page.evaluate(KERNEL_IDLE):
            break
        assert time.monotonic() < deadline, \
            f"Run All did not finish in {timeout} s ({page.evaluate(UNRUN)} cells unrun)"
    wait_for_kernel(page)


def no_tracebacks(page: Page, outputs: Locator) -> None:
    """No error output or stderr text in any cell, and on the page no traceback and no widget
    that failed to draw."""
    assert notebook_problems(page) == []
    expect(outputs.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")
           ).to_have_count(0)
    expect(outputs.locator(".jupyter-widgets-error-widget")).to_have_count(0)
    expect(outputs.get_by_text("Traceback")).to_have_count(0)
    expect(outputs.get_by_text("Something went wrong")).to_have_count(0)


def picture(widget: Locator, name: str) -> Path:
    """Save the widget alone as build/screenshots/<name>.png, in a viewport taller than it
    (JupyterLab scrolls inside a panel: a taller widget would be cut off)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page = widget.page
    size = page.viewport_size
    height = int(widget.evaluate("e => e.getBoundingClientRect().height")) + 200
    page.set_viewport_size({"width": size["width"], "height": max(size["height"], height)})
    try:
        widget.scroll_into_view_if_needed()
        page.wait_for_timeout(500)
        widget.screenshot(path=str(path))
    finally:
        page.set_viewport_size(size)
    return path
