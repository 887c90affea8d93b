"""The swkit site against a bare JupyterLite site of the same versions, in headless Chromium.

Run: python bench/site.py [--rounds N] [--no-build]

Builds, in the same run, swkit's site (``swkit.cli.site.build_site`` into build/bench-site) and a
bare JupyterLite site of the same versions (jupyterlite-core and the Pyodide kernel pinned by
``swkit[site]``, the same copy of Pyodide in ``static/pyodide``, the ``comm`` wheel the bare
kernel needs with the package index off, and one notebook printing ``1 + 1``), serves both on
127.0.0.1 and, offline (every request leaving 127.0.0.1 aborted), measures for the bare notebook
and for swkit's lessons 1 and 9, each with a clean browser profile and then with a warm cache
(the same profile, the page opened again):

- page open -> kernel ready (the notebook's kernel connected and idle);
- kernel ready -> the first exact answer, with Run All Cells: ``2`` for the bare notebook,
  ``25/2838`` for lesson 1 (its first exact count) and for lesson 9 (the odds explorer's first
  answer);
- the bytes and the requests the page made.

Each figure is the median of ``--rounds`` rounds (default 3), printed with its ratio to the bare
site's. Wall times on a shared machine: the load (``os.getloadavg``) is printed with them.
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
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

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

ANSWERED = """(wanted) => window.jupyterapp.shell.currentWidget.content.widgets.some(cell =>
  (cell.model.toJSON().outputs || []).some(out => JSON.stringify(out).includes(wanted)))
  || Array.from(document.querySelectorAll('.jp-OutputArea-output')).some(
       out => out.innerText.includes(wanted))"""
"""Whether ``wanted`` shows in an output: in the notebook's model (printed text) or on the page
(a widget's view, whose text is not in the model)."""


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


def serve(folder: Path, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1",
                               "--directory", str(folder), str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1)
    return server


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def visit(context, url: str, wanted: str) -> dict:
    """Open ``url``, wait for the kernel, Run All, wait for ``wanted`` in an output."""
    page = context.new_page()
    record = {"bytes": 0, "requests": 0}

    def finished(request) -> None:  # the context's: the kernel's worker fetches Python
        record["bytes"] += max(request.sizes()["responseBodySize"], 0)
        record["requests"] += 1

    context.on("requestfinished", finished)
    opened = time.perf_counter()
    page.goto(url, timeout=TIMEOUT_MS)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT_MS, polling=100)
    ready = time.perf_counter()
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ANSWERED, arg=wanted, timeout=TIMEOUT_MS, polling=100)
    answered = time.perf_counter()
    page.wait_for_timeout(500)
    page.close()
    context.remove_listener("requestfinished", finished)
    return {"ready": ready - opened, "answer": answered - ready, **record}


def measure(rounds: int) -> dict[str, dict[str, list[dict]]]:
    from playwright.sync_api import sync_playwright

    lessons = json.loads((OUT / "files" / "version.json").read_text())["lessons"]
    ports = {"bare": free_port(), "swkit": free_port()}
    servers = [serve(BARE, ports["bare"]), serve(OUT, ports["swkit"])]
    cases = {"bare (print 1 + 1)": ("bare", "bare.ipynb", "2\\n"),
             "lesson 1": ("swkit", f"{lessons}/01-counting-sets-and-runs.ipynb", "25/2838"),
             "lesson 9": ("swkit", f"{lessons}/09-play.ipynb", "25/2838")}
    results: dict[str, dict[str, list[dict]]] = {c: {"clean": [], "warm": []} for c in cases}
    try:
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=[
                "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                "--no-first-run", "--disable-background-networking"])
            for _ in range(rounds):
                for case, (site, path, wanted) in cases.items():
                    context = browser.new_context(viewport={"width": 1280, "height": 900})
                    context.route("**/*", lambda r: r.continue_()
                                  if urlsplit(r.request.url).hostname == "127.0.0.1"
                                  else r.abort())
                    url = (f"http://127.0.0.1:{ports[site]}/notebooks/index.html?path="
                           f"{quote(path)}")
                    results[case]["clean"].append(visit(context, url, wanted))
                    results[case]["warm"].append(visit(context, url, wanted))
                    context.close()
            browser.close()
    finally:
        for server in servers:
            server.terminate()
            server.wait()
    return results


def report(results: dict[str, dict[str, list[dict]]]) -> None:
    median = {(case, cache): {key: statistics.median(r[key] for r in runs)
                              for key in ("ready", "answer", "bytes", "requests")}
              for case, by_cache in results.items() for cache, runs in by_cache.items()}
    bare = next(iter(results))
    print(f"{'':24} {'cache':6} {'kernel ready':>18} {'ready -> answer':>18} "
          f"{'bytes':>18} {'requests':>14}")
    for (case, cache), m in median.items():
        b = median[(bare, cache)]
        print(f"{case:24} {cache:6} {m['ready']:7.1f} s ({m['ready'] / b['ready']:4.2f}x) "
              f"{m['answer']:7.1f} s ({m['answer'] / b['answer']:5.1f}x) "
              f"{_mb(m['bytes']):>9} ({m['bytes'] / max(b['bytes'], 1):4.2f}x) "
              f"{m['requests']:5.0f} ({m['requests'] / max(b['requests'], 1):4.2f}x)")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
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
    results = measure(args.rounds)
    report(results)
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
