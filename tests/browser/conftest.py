"""Real-browser test harness: JupyterLab and Voila on loopback ports, headless Chromium.

The recipe is ``shared/notes/browser-testing.md`` (proven on these machines). A browser test
module marks itself ``pytestmark = [pytest.mark.browser, pytest.mark.slow]`` and uses:

- ``lab``: a :class:`Lab` on pytest-playwright's ``page``: ``lab.open(notebook_path)`` copies the
  notebook into the served folder, opens it in JupyterLab and waits for its kernel;
  ``lab.run_all()`` runs every cell from the menu; ``lab.outputs`` locates the output areas.
- ``voila``: a :class:`Voila` on the same ``page``: ``voila.open(notebook_path)`` renders the
  notebook in Voila and waits until the page is ready.
- ``screenshot(label)``: saves the page as ``build/screenshots/<test>-<label>.png``.
- ``lab_server`` / ``voila_server`` (session): the running servers (``.url``, ``.root``,
  ``.log``), for tests needing more than the helpers.
- every test here gets ``offline`` (autouse): each request leaving 127.0.0.1 is aborted and, unless
  it is a known harmless one (Voila's Font Awesome stylesheets), fails the test.

Without ``/usr/bin/chromium`` the tests skip with the reason, unless SWKIT_REQUIRE_BROWSER=1
(``.ci/run`` sets it): then a missing Chromium is a failure. Never ``playwright install``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SCREENSHOTS = ROOT / "build" / "screenshots"
SERVER_START_SECONDS = 120
TIMEOUT_MS = 15_000
"""Playwright's expectations wait this long (its 5 s default is tight on a loaded machine)."""

HARMLESS_OUTSIDE = (r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/fontawesome-free@.*\.css$",
                    r"^https://cdnjs\.cloudflare\.com/ajax/libs/font-awesome/.*\.css$")
"""Outside requests that are aborted without failing: Voila's template links Font Awesome
stylesheets on a CDN, and the page works without them."""

expect.set_options(timeout=TIMEOUT_MS)


def require_chromium() -> None:
    """Skip (or, with SWKIT_REQUIRE_BROWSER=1, fail) when Debian's Chromium is missing."""
    if CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK):
        return
    reason = (f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) "
              f"to run the browser tests; never `playwright install`")
    if os.environ.get("SWKIT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"SWKIT_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary home for Chromium's and Jupyter's config, data and caches."""
    return tmp_path_factory.mktemp("browser-home")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict, browser_home: Path) -> dict:
    """pytest-playwright's launch options: Debian's Chromium, headless, writing only to temp."""
    require_chromium()
    env = dict(os.environ, XDG_CONFIG_HOME=str(browser_home / "xdg-config"),
               XDG_CACHE_HOME=str(browser_home / "xdg-cache"))
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "headless": True,
            "env": env,
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--disable-quic", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--disable-breakpad"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    """A viewport big enough for a notebook and its widgets on a projector-sized screenshot."""
    return {**browser_context_args, "viewport": {"width": 1280, "height": 900}}


@pytest.fixture(autouse=True)
def offline(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """In a test marked ``browser``: abort every request leaving 127.0.0.1 and fail the test
    on any not known to be harmless. Yields the aborted addresses (harmless ones included) as
    they happen. Tests without the mark get no browser from it.
    """
    aborted: list[str] = []
    if request.node.get_closest_marker("browser") is None:
        yield aborted
        return
    context: BrowserContext = request.getfixturevalue("context")

    def guard(route: Route) -> None:
        if urlsplit(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            aborted.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    yield aborted
    unexpected = [url for url in aborted if not any(re.match(p, url) for p in HARMLESS_OUTSIDE)]
    assert not unexpected, f"the page tried to reach outside 127.0.0.1: {unexpected}"


def _safe(text: str) -> str:
    return re.sub(r"[^\w.-]+", "_", text).strip("_")


@pytest.fixture
def screenshot(page: Page, request: pytest.FixtureRequest) -> Callable[[str], Path]:
    """``screenshot(label)`` saves the page as build/screenshots/<test>-<label>.png."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    test = _safe(request.node.name)

    def take(label: str) -> Path:
        path = SCREENSHOTS / f"{test}-{_safe(label)}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


# --- servers ---------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass
class Server:
    """A server process on 127.0.0.1 serving ``root``; its output goes to ``log``."""

    name: str
    url: str
    root: Path
    log: Path
    process: subprocess.Popen = field(repr=False)

    def copy_in(self, notebook: Path) -> str:
        """Copy ``notebook`` into the served folder (the repo's copy is never written to)."""
        shutil.copy2(notebook, self.root / notebook.name)
        return notebook.name

    def stop(self) -> None:
        """Stop the server and its kernels (its whole process group)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)


@pytest.fixture(scope="session")
def jupyter_env(browser_home: Path) -> dict[str, str]:
    """An environment with fresh Jupyter, IPython and matplotlib dirs and quiet lab settings;
    kernels import this checkout's swkit."""
    env = dict(os.environ)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
                 "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR",
                 "MPLCONFIGDIR"):
        path = browser_home / name.lower()
        path.mkdir(parents=True, exist_ok=True)
        env[name] = str(path)
    settings = browser_home / "jupyterlab_settings_dir"
    for plugin, values in {
            "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
            "docmanager-extension/plugin": {"autosave": False}}.items():
        path = settings / "@jupyterlab" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH")) if p)
    env.pop("JUPYTER_TOKEN", None)
    return env


@pytest.fixture(scope="session")
def served_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder JupyterLab and Voila serve (notebooks are copied in, never served in place)."""
    return tmp_path_factory.mktemp("served")


def _start(name: str, command: list[str], url: str, ready: str, root: Path,
           env: dict[str, str], log: Path) -> Server:
    """Start ``command`` in its own process group; return once ``url + ready`` answers 200."""
    with log.open("wb") as sink:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=sink,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(name, url, root, log, process)
    deadline = time.monotonic() + SERVER_START_SECONDS
    while True:
        try:
            with urllib.request.urlopen(url + ready, timeout=5) as answer:
                if answer.status == 200:
                    return server
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            server.stop()
            pytest.fail(f"{name} did not start (exit status {process.poll()}); its log:\n"
                        f"{log.read_text(errors='replace')[-3000:]}")
        time.sleep(0.5)


@pytest.fixture(scope="session")
def lab_server(served_root: Path, jupyter_env: dict[str, str],
               tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """JupyterLab on a free 127.0.0.1 port, no token, serving ``served_root``."""
    require_chromium()
    port = _free_port()
    command = [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", "--IdentityProvider.token=",
               "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={served_root}",
               "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--LabApp.extension_manager=readonly"]
    log = tmp_path_factory.mktemp("logs") / "jupyterlab.log"
    server = _start("jupyterlab", command, f"http://127.0.0.1:{port}", "/api/status",
                    served_root, jupyter_env, log)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def voila_server(served_root: Path, jupyter_env: dict[str, str],
                 tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Voila on a free 127.0.0.1 port, serving ``served_root``."""
    require_chromium()
    port = _free_port()
    command = [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1",
               f"--port={port}", f"--Voila.root_dir={served_root}"]
    log = tmp_path_factory.mktemp("logs") / "voila.log"
    server = _start("voila", command, f"http://127.0.0.1:{port}", "/", served_root, jupyter_env,
                    log)
    yield server
    server.stop()


# --- pages -----------------------------------------------------------------------------------

@dataclass
class Lab:
    """A notebook open in JupyterLab (see the module docstring)."""

    page: Page
    server: Server

    def open(self, notebook: Path) -> None:
        """Copy ``notebook`` in, open it, and wait until its kernel is started and idle."""
        name = self.server.copy_in(notebook)
        self.page.goto(f"{self.server.url}/lab/tree/{name}?reset")
        self.wait_for_kernel()

    def wait_for_kernel(self) -> None:
        """Wait until the kernel exists (its name shows) and is idle."""
        kernel = self.page.locator(".jp-NotebookPanel-toolbar .jp-KernelName").first
        expect(kernel).not_to_have_text(re.compile(r"^\s*(No Kernel)?\s*$"), timeout=60_000)
        status = self.page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator")
        expect(status.first).to_have_attribute("data-status", "idle", timeout=60_000)

    def run_all(self) -> None:
        """Run → Run All Cells, then wait until the kernel is idle again."""
        self.page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
        self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
        self.page.wait_for_timeout(500)
        self.wait_for_kernel()

    @property
    def outputs(self) -> Locator:
        """The output areas of the notebook's cells."""
        return self.page.locator(".jp-OutputArea-output")


@dataclass
class Voila:
    """A notebook rendered by Voila (see the module docstring)."""

    page: Page
    server: Server

    def open(self, notebook: Path) -> None:
        """Copy ``notebook`` in and render it; wait until Voila has run every cell."""
        name = self.server.copy_in(notebook)
        self.page.goto(f"{self.server.url}/voila/render/{name}", timeout=120_000)
        expect(self.page.locator("#rendered_cells")).to_be_visible(timeout=120_000)
        expect(self.page.locator("#loading")).to_be_hidden(timeout=120_000)

    @property
    def outputs(self) -> Locator:
        """The outputs Voila shows."""
        return self.page.locator(".jp-OutputArea-output")


@pytest.fixture
def lab(page: Page, lab_server: Server) -> Lab:
    """JupyterLab in the test's page (see :class:`Lab`)."""
    return Lab(page, lab_server)


@pytest.fixture
def voila(page: Page, voila_server: Server) -> Voila:
    """Voila in the test's page (see :class:`Voila`)."""
    return Voila(page, voila_server)
