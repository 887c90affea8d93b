"""The swkit site against a bare JupyterLite site of the same versions, in headless Chromium.

Run: python bench/site.py [--rounds N] [--lessons N [N ...]] [--no-build]

Builds, in the same run, swkit's site (``swkit.cli.site.build_site`` into build/bench-site) and a
bare JupyterLite site of the same versions (jupyterlite-core and the Pyodide kernel pinned by
``swkit[site]``, the same copy of Pyodide in ``static/pyodide``, the ``comm`` wheel the bare
kernel needs with the package index off, and one notebook printing ``1 + 1``), serves both on
127.0.0.1 and, offline (Chromium resolves no name but 127.0.0.1), measures for the bare notebook
and for each of swkit's lessons, each with a clean browser profile and then with a warm cache
(the same profile, the page opened again):

- page open -> kernel ready (the notebook's kernel connected and idle);
- kernel ready -> the first exact answer, with Run All Cells: ``2`` for the bare notebook, and for
  each lesson the first exact answer it shows (:data:`FIRST_ANSWERS`; lesson 9's is the odds
  explorer's first answer, drawn by a widget). Run All is started, not awaited: JupyterLab's
  command resolves only when every cell has run, so awaiting it would time the whole notebook;
- the bytes the browser received over the network, counted from its own network events
  (:class:`Traffic`: Playwright's ``requestfinished`` with ``request.sizes()``, whose body size
  is Chromium's ``Network.loadingFinished`` ``encodedDataLength`` less the headers), the page's,
  the kernel's web worker's and the service worker's; a response the service worker hands the
  page is not counted again (its own fetch is), and one from the browser's cache is 0 bytes
  (left out: what the browser fetches outside any page, its favicon requests);
- the requests that reached the site's server (a visit served from the browser's cache sends
  none, or one answered ``304 Not Modified`` with no body), and the body bytes it sent, printed
  beside the browser's count as a check.

Each figure is the median of ``--rounds`` rounds (default 3), printed with its ratio to the bare
site's. ``--lessons 1 9`` measures only those lessons (default: all ten). Wall times on a shared
machine: the load (``os.getloadavg``) is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from swkit.cli.pyodide import COMPLETE, pyodide_copy  # noqa: E402
from swkit.cli.site import (  # noqa: E402
    PYODIDE_FOLDER,
    PYODIDE_LEFT_OUT,
    build_site,
    folder_size,
    lite_config,
    pack_wheel,
)

OUT = ROOT / "build" / "bench-site"
BARE = ROOT / "build" / "bench-bare-site"
CACHE = ROOT / "build" / "pyodide-cache"
CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 600_000

KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
                 && panel.sessionContext.session.kernel;
  return !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
}"""

ANSWERED = """(wanted) => {
  const escaped = wanted.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&');
  const alone = new RegExp('(?<![\\\\w/])' + escaped + '(?![\\\\w/])');
  return window.jupyterapp.shell.currentWidget.content.widgets.some(cell =>
    (cell.model.toJSON().outputs || []).some(out => alone.test(JSON.stringify(out))))
    || Array.from(document.querySelectorAll('.jp-OutputArea-output')).some(
         out => alone.test(out.innerText));
}"""
"""Whether ``wanted`` shows in an output, not as part of a longer number or path: in the
notebook's model (printed text) or on the page (a widget's view, whose text is not in the
model)."""


FIRST_ANSWERS = {
    1: ("01-counting-sets-and-runs.ipynb", "25/2838"),
    2: ("02-drawing-to-a-set-or-run.ipynb", "2/15"),
    3: ("03-wild-powers.ipynb", "(90, 203, 293)"),
    4: ("04-combining-editions.ipynb", "3/473"),
    5: ("05-one-roll-of-the-dice.ipynb", "1/6"),
    6: ("06-rerolls-as-a-markov-chain.ipynb", "4/9"),
    7: ("07-strategy-and-expected-value.ipynb", "37/9"),
    8: ("08-simulation-and-large-numbers.ipynb", "13/648"),
    9: ("09-play.ipynb", "25/2838"),
    10: ("10-playing-to-win.ipynb", "140945/524288"),
}
"""Lesson number -> (notebook, the first exact answer it shows under Run All): its first exact
fraction, or for lesson 3 its first table of counts (the hands that score with each wild Power),
which comes many cells before its first fraction."""


def _size(size: float) -> str:
    return _mb(size) if size >= 1e6 else f"{size / 1e3:.1f} kB"


def _ratio(value: float, bare: float) -> str:
    """``value`` over the bare site's; no ratio when the bare site's is under 10 kB."""
    return f"{value / bare:4.2f}x" if bare >= 1e4 else "  -  "


def _mb(size: float) -> str:
    return f"{size / 1e6:.1f} MB"


def build_bare(out: Path) -> None:
    """The bare JupyterLite site: one notebook printing 1 + 1, the same Pyodide copy."""
    pyodide = pyodide_copy(CACHE)
    with tempfile.TemporaryDirectory() as temp:
        work = Path(temp)
        (work / "contents").mkdir()
        notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": "one",
                               "metadata": {}, "outputs": [], "source": ["print(1 + 1)"]}],
                    "metadata": {"kernelspec": {"name": "python", "display_name": "Python"}},
                    "nbformat": 4, "nbformat_minor": 5}
        (work / "contents" / "bare.ipynb").write_text(json.dumps(notebook))
        lite = work / "lite"
        lite.mkdir()
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config()))
        shutil.copytree(pyodide, lite / PYODIDE_FOLDER,
                        ignore=shutil.ignore_patterns(COMPLETE, *PYODIDE_LEFT_OUT))
        pack_wheel("comm", work / "wheels", work / "pack")
        if out.exists():
            shutil.rmtree(out)
        subprocess.run([sys.executable, "-m", "jupyter", "lite", "build", "--no-sourcemaps",
                        f"--lite-dir={lite}", f"--contents={work / 'contents'}",
                        f"--output-dir={out}", f"--piplite-wheels={work / 'wheels'}"],
                       cwd=lite, check=True, capture_output=True)


class Traffic:
    """The response bytes a browser context received over the network, from its own network
    events (Playwright's ``requestfinished``): the body size of ``request.sizes()`` (encoded,
    as sent; 0 for a response from the browser's cache or a ``304``) of every request of its
    pages, their web workers (the Pyodide kernel) and its service worker. JupyterLite's
    service worker answers the pages' and workers' requests with a ``fetch`` of its own: the
    response it hands on (``response.from_service_worker``) moved nothing over the network
    (Chromium reports it with a body of minus its headers), so only its own fetch counts. The
    service worker's requests are reported only with ``PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_
    EVENTS=1`` (:data:`SW_EVENTS`), set before Playwright starts. The events reach Python
    late (during later Playwright calls): :meth:`settle` waits for every request seen to end."""

    def __init__(self, context) -> None:
        self.bytes = 0
        self.pending = 0        # requests seen whose end (finished or failed) is not seen yet
        context.on("request", self._started)
        context.on("requestfinished", self._finished)
        context.on("requestfailed", self._failed)

    def _started(self, _request) -> None:
        self.pending += 1

    def _failed(self, _request) -> None:
        self.pending -= 1

    def _finished(self, request) -> None:
        # ``sizes()`` asks the driver, and meanwhile other events run: read it before adding
        # (``self.bytes += sizes()`` would add to a stale total), and count the request as
        # ended only once its bytes are in
        try:
            response = request.response()
            if response is not None and not response.from_service_worker:
                size = max(0, request.sizes()["responseBodySize"])
                self.bytes += size
        finally:
            self.pending -= 1

    def settle(self, page, timeout: float = 60.0) -> None:
        """Let Playwright deliver the events still on their way, until every request seen has
        ended; raise RuntimeError after ``timeout`` seconds (the byte count would be short)."""
        deadline = time.monotonic() + timeout
        while self.pending > 0:
            if time.monotonic() > deadline:
                raise RuntimeError(f"{self.pending} request(s) never ended: bytes not counted")
            page.wait_for_timeout(100)


SW_EVENTS = "PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS"
"""The environment variable with which Playwright reports a service worker's own requests."""


class Served:
    """A static server on 127.0.0.1 (the standard library's, in a thread) that counts the
    requests it answers and the bytes of their bodies."""

    def __init__(self, folder: Path) -> None:
        served = self
        self.requests = 0
        self.bytes = 0

        class Handler(SimpleHTTPRequestHandler):
            def __init__(self, *args, **kwargs) -> None:
                super().__init__(*args, directory=str(folder), **kwargs)

            def copyfile(self, source, outputfile) -> None:
                start = source.tell()
                super().copyfile(source, outputfile)
                served.bytes += source.tell() - start

            def log_request(self, code="-", size="-") -> None:
                served.requests += 1

            def log_message(self, format, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def counts(self) -> tuple[int, int]:
        return self.bytes, self.requests

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def visit(context, traffic: Traffic, server: Served, url: str, wanted: str) -> dict:
    """Open ``url``, wait for the kernel, start Run All, wait for ``wanted`` in an output."""
    page = context.new_page()
    received = traffic.bytes
    bytes_before, requests_before = server.counts()
    opened = time.perf_counter()
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT_MS, polling=100)
    ready = time.perf_counter()
    # not awaited: the command's promise resolves when the last cell has run
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    page.wait_for_function(ANSWERED, arg=wanted, timeout=TIMEOUT_MS, polling=50)
    answered = time.perf_counter()
    page.wait_for_timeout(500)
    traffic.settle(page)
    page.close()
    bytes_after, requests_after = server.counts()
    return {"ready": ready - opened, "answer": answered - ready,
            "bytes": traffic.bytes - received, "served": bytes_after - bytes_before,
            "requests": requests_after - requests_before}


def measure(rounds: int, numbers: list[int]) -> dict[str, dict[str, list[dict]]]:
    from playwright.sync_api import sync_playwright

    os.environ[SW_EVENTS] = "1"       # read by Playwright's driver when it starts (Traffic)
    lessons = json.loads((OUT / "files" / "version.json").read_text())["lessons"]
    servers = {"bare": Served(BARE), "swkit": Served(OUT)}
    cases = {"bare (print 1 + 1)": ("bare", "bare.ipynb", "2\\n")}
    for number in numbers:
        name, wanted = FIRST_ANSWERS[number]
        cases[f"lesson {number} ({wanted})"] = ("swkit", f"{lessons}/{name}", wanted)
    results: dict[str, dict[str, list[dict]]] = {c: {"clean": [], "warm": []} for c in cases}
    args = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
            "--no-first-run", "--disable-background-networking",
            # offline: no name resolves but 127.0.0.1. Not Playwright's routing, which turns
            # the browser's HTTP cache off and so would make every visit a clean one
            "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
    try:
        with sync_playwright() as play:
            for _ in range(rounds):
                for case, (site, path, wanted) in cases.items():
                    # a new profile on disk, as a student's browser has: its cache is the disk
                    # cache (a new_context's is in memory and keeps no large file)
                    with tempfile.TemporaryDirectory() as profile:
                        context = play.chromium.launch_persistent_context(
                            profile, executable_path=CHROMIUM, args=args,
                            viewport={"width": 1280, "height": 900})
                        server = servers[site]
                        traffic = Traffic(context)
                        url = (f"http://127.0.0.1:{server.port}/notebooks/index.html?path="
                               f"{quote(path)}")
                        results[case]["clean"].append(visit(context, traffic, server, url,
                                                            wanted))
                        results[case]["warm"].append(visit(context, traffic, server, url,
                                                           wanted))
                        context.close()
    finally:
        for server in servers.values():
            server.close()
    return results


def report(results: dict[str, dict[str, list[dict]]]) -> None:
    median = {(case, cache): {key: statistics.median(r[key] for r in runs)
                              for key in ("ready", "answer", "bytes", "served", "requests")}
              for case, by_cache in results.items() for cache, runs in by_cache.items()}
    bare = next(iter(results))
    print(f"{'':24} {'cache':6} {'kernel ready':>18} {'ready -> answer':>18} "
          f"{'bytes (browser)':>18} {'served':>9} {'requests':>14}")
    for (case, cache), m in median.items():
        b = median[(bare, cache)]
        print(f"{case:24} {cache:6} {m['ready']:7.1f} s ({m['ready'] / b['ready']:4.2f}x) "
              f"{m['answer']:7.1f} s ({m['answer'] / b['answer']:5.1f}x) "
              f"{_size(m['bytes']):>9} ({_ratio(m['bytes'], b['bytes'])}) "
              f"{_size(m['served']):>9} "
              f"{m['requests']:5.0f} ({m['requests'] / max(b['requests'], 1):4.2f}x)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--lessons", type=int, nargs="+", choices=sorted(FIRST_ANSWERS),
                        default=sorted(FIRST_ANSWERS), metavar="N",
                        help="the lessons to measure (default: all)")
    args = parser.parse_args(argv)
    if not args.no_build:
        before, start = os.times(), time.perf_counter()
        built = build_site(OUT, force=True, pyodide_cache=CACHE)
        wall, after = time.perf_counter() - start, os.times()
        cpu = (after.user + after.system + after.children_user + after.children_system
               - before.user - before.system - before.children_user - before.children_system)
        print(f"swkit site: {wall:.1f} s wall, {cpu:.1f} s CPU, {_mb(built.size)} "
              f"(of it Python, {PYODIDE_FOLDER}: {_mb(folder_size(OUT / PYODIDE_FOLDER))})")
        build_bare(BARE)
        print(f"bare site: {_mb(folder_size(BARE))}")
    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"{args.rounds} round(s), medians, headless Chromium, offline")
    results = measure(args.rounds, args.lessons)
    report(results)
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
