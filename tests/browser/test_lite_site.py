"""The swkit site (``swkit site``, issue 13 §3) in a real Lite kernel, offline.

The site is built with :func:`swkit.cli.site.build_site` and served on 127.0.0.1. Pyodide's
distribution address is routed to a local copy (``pyodide_copy.py``: the npm package and the
kernel's pure wheels, the lock rewritten for their sha256); every other request leaving
127.0.0.1 is aborted and fails the test (the tier's ``offline`` fixture). One kernel start is
shared by every check, in one test, in order:

- lesson 9 opens from the site's version folder and its kernel starts;
- in that kernel: the lesson's first cell installs swkit from the site, then exact values come
  out as under CPython: 25/2838 (lesson 1's deal), a dice keep value (1 - (4/9)^2 = 65/81) and
  a card hint (a pinned answer of tests/data/odds_cards_pinned.json); the site's version.json
  is the lesson's own (and an older copy would be told where the newer lesson is), and a fresh
  copy of the lesson can be saved beside it;
- Run All; one dice turn in the DiceCup with the hint on (roll, keep, roll, score, the bot's
  turn), and the screenshot build/screenshots/lite-dicecup.png; one card turn in the CardTable
  with the hint on, through the bot's reply;
- no Python traceback on the page, and no request for a file the local copy lacks.

What cannot be reached offline (numpy and matplotlib come from Pyodide's CDN) is covered under
CPython. The times (page open to kernel ready, to the first exact answer), the build's time and
size and the bytes the page loaded are written to build/site-record.json; ``python
bench/site.py`` prints them.
"""

from __future__ import annotations

import importlib.util
import json
import mimetypes
import os
import re
import sys
import time
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from swkit.lite import lessons_folder

sys.path.insert(0, str(Path(__file__).parent))
from pyodide_copy import CDN, CopyError, pyodide_copy  # noqa: E402


def _harness() -> ModuleType:
    """The tier's conftest (its server helpers), loaded by path: a conftest.py elsewhere in the
    tests could take the name ``conftest``."""
    spec = importlib.util.spec_from_file_location("swkit_browser_harness",
                                                  Path(__file__).with_name("conftest.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks itself up there
    spec.loader.exec_module(module)
    return module


_h = _harness()
Server, _free_port, _start = _h.Server, _h._free_port, _h._start

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
RECORD = ROOT / "build" / "site-record.json"
LESSON = f"{lessons_folder()}/09-play.ipynb"
KERNEL_START_MS = 180_000
"""A Lite kernel started in 23-30 s here (notes); a loaded CI machine gets six times that."""

PINNED = json.loads((ROOT / "tests" / "data" / "odds_cards_pinned.json").read_text("utf-8"))
CARD_CASE = next(case for case in PINNED if case["name"] == "realistic")

CHECKS = f"""
from fractions import Fraction
from swkit.odds.deal import deal_odds
print("deal", deal_odds(3).either)
from swkit.odds.dice import DiceModel, Objective, optimal_value
print("dice", optimal_value(DiceModel(), Objective.at_least(4, target="Mickey"),
                            "Mickey Mickey C Goofy Pluto"))
from swkit.odds.cards import make_position, player_odds
print("card", player_odds(make_position(**{CARD_CASE["spec"]!r}), 1).within[0])
import json, swkit, swkit.lite
print("site", json.dumps(swkit.lite.read_site_version()), swkit.__version__)
"""

EXECUTE = """async (code) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, stop_on_error: true});
  const out = [];
  future.onIOPub = (msg) => {
    const kind = msg.header.msg_type, c = msg.content;
    if (kind === 'stream') out.push(c.text);
    else if (kind === 'error') out.push(`${c.ename}: ${c.evalue}\\n${c.traceback.join('\\n')}`);
    else if (kind === 'execute_result' || kind === 'display_data')
      out.push((c.data['text/plain'] || '') + '\\n');
  };
  const reply = await future.done;
  return {status: reply.content.status, text: out.join('')};
}"""


def save(record: dict) -> None:
    """Write the figures measured so far to build/site-record.json (bench/site.py reads it)."""
    RECORD.parent.mkdir(parents=True, exist_ok=True)
    RECORD.write_text(json.dumps({"complete": False, **record}, indent=1) + "\n", "utf-8")
    print(json.dumps(record))


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


@pytest.fixture(scope="module")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, dict]]:
    """The site, built once for the module; with the build's seconds and bytes."""
    from swkit.cli.site import build_site, missing_tools
    if missing_tools():
        pytest.fail(f"the site tools are missing: {missing_tools()} (pip install -e '.[test]')")
    out = tmp_path_factory.mktemp("lite") / "site"
    cpu = time.process_time()
    report = build_site(out)
    yield out, {"build_seconds": round(report.seconds, 1),
                "build_cpu_seconds_this_process": round(time.process_time() - cpu, 1),
                "site_bytes": report.size}


@pytest.fixture(scope="module")
def site_server(built_site: tuple[Path, dict], jupyter_env: dict[str, str],
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``python -m http.server`` serving the built site on a free 127.0.0.1 port."""
    site, _ = built_site
    port = _free_port()
    command = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory",
               str(site), str(port)]
    log = tmp_path_factory.mktemp("logs") / "site.log"
    server = _start("site", command, f"http://127.0.0.1:{port}", "/jupyter-lite.json", site,
                    jupyter_env, log)
    yield server
    server.stop()


@pytest.fixture
def local_pyodide(context: BrowserContext, offline: list[str]) -> Iterator[dict]:
    """Route :data:`CDN` to the local copy (registered after ``offline``'s guard, so it comes
    first). Yields a record: ``missing`` (addresses the copy lacks) and ``bytes`` (served)."""
    try:
        folder = pyodide_copy()
    except CopyError as exc:  # as a missing Chromium: a failure in CI, a skip elsewhere
        if os.environ.get("SWKIT_REQUIRE_BROWSER") == "1":
            pytest.fail(f"SWKIT_REQUIRE_BROWSER=1 but {exc}")
        pytest.skip(str(exc))
    record: dict = {"missing": [], "bytes": 0, "files": []}

    def serve(route: Route) -> None:
        name = route.request.url[len(CDN):].split("?")[0].split("#")[0]
        path = folder / name
        if not name or ".." in name or not path.is_file():
            record["missing"].append(route.request.url)
            route.fulfill(status=404, body="not in the local copy",
                          headers={"Access-Control-Allow-Origin": "*"})
            return
        kind = {".wasm": "application/wasm", ".mjs": "text/javascript",
                ".js": "text/javascript", ".json": "application/json",
                ".zip": "application/zip", ".whl": "application/zip"}.get(
            path.suffix, mimetypes.guess_type(path.name)[0] or "application/octet-stream")
        record["bytes"] += path.stat().st_size
        record["files"].append(name)
        route.fulfill(path=str(path), headers={"Access-Control-Allow-Origin": "*",
                                               "Content-Type": kind})

    context.route(CDN + "**", serve)
    yield record
    assert not record["missing"], f"the kernel asked for files Pyodide's CDN has and the " \
                                  f"local copy lacks: {record['missing']}"


def wait_for_kernel(page: Page) -> None:
    kernel = page.locator(".jp-NotebookPanel-toolbar .jp-KernelName").first
    expect(kernel).not_to_have_text(re.compile(r"^\s*(No Kernel)?\s*$"), timeout=KERNEL_START_MS)
    status = page.locator(".jp-NotebookPanel-toolbar .jp-Notebook-ExecutionIndicator").first
    expect(status).to_have_attribute("data-status", "idle", timeout=KERNEL_START_MS)


PROBLEMS = """() => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const found = [];
  notebook.widgets.forEach((cell, n) => {
    for (const out of cell.model.toJSON().outputs || []) {
      if (out.output_type === 'error')
        found.push(`cell ${n}: ${out.ename}: ${out.evalue}\\n${(out.traceback || []).join('\\n')}`);
      if (out.output_type === 'stream' && out.name === 'stderr')
        found.push(`cell ${n} wrote to stderr: ${out.text}`);
    }
  });
  return found;
}"""
"""Every error output and stderr text in the open notebook's cells, read from the notebook's
model (JupyterLab draws only the cells in view, so the page alone can miss one)."""

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def notebook_problems(page: Page) -> list[str]:
    return [ANSI.sub("", p)[-3000:] for p in page.evaluate(PROBLEMS)]


def run_all(page: Page, timeout: float = 300) -> None:
    """Run → Run All Cells; wait until every code cell has run (or one failed: then fail with
    its traceback at once, since JupyterLab stops there)."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    pending = """() => window.jupyterapp.shell.currentWidget.content.widgets.filter(
        c => c.model.type === 'code' && c.model.executionCount === null).length"""
    deadline = time.monotonic() + timeout
    while True:
        page.wait_for_timeout(500)
        problems = notebook_problems(page)
        assert not problems, "a cell failed in the Lite kernel:\n" + "\n".join(problems)
        if page.evaluate(pending) == 0:
            break
        assert time.monotonic() < deadline, f"Run All did not finish in {timeout} s"
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


def play_dice_turn(cup: Locator) -> None:
    """Roll, hint on, keep the hint's best dice, roll, score, and the bot plays its turn."""
    expect(cup.locator(".swkit-seed")).to_contain_text("Clubhouse dice · seed 8")
    roll = cup.locator("button.swkit-roll")
    roll.click()
    expect(roll).to_have_text("Roll (2 left)")
    cup.locator(".swkit-hint input").check()
    best = cup.locator(".swkit-hint-table .swkit-best")
    expect(best).to_contain_text("keep Mickey Mickey Clubhouse Clubhouse (reroll 1)")
    expect(best).to_contain_text("41/9 (about 4.56)")
    names = [b.inner_text().strip() for b in cup.locator(".swkit-die label").all()]
    for n, name in enumerate(names):     # the keep boxes, named "keep die 2: Clubhouse (wild)"
        if re.match(r"keep die \d: (Mickey|Clubhouse)", name):
            cup.locator(".swkit-die input").nth(n).check()
    expect(cup.locator(".swkit-die input:checked")).to_have_count(4)
    picture(cup, "lite-dicecup")
    roll.click()
    expect(roll).to_have_text("Roll (1 left)")
    expect(cup.locator(".swkit-status")).to_contain_text("roll 2 of 3")
    score = cup.locator("button.swkit-score", has_text="Mickey").first
    score.click()
    log = cup.locator(".swkit-log")
    expect(log).to_contain_text("Round 1, seat 1 (greedy bot)", timeout=60_000)
    expect(cup.locator(".swkit-status")).to_contain_text("Your turn · round 2 of 5",
                                                    timeout=60_000)
    expect(roll).to_have_text("Roll (3 left)")


def play_card_turn(table: Locator) -> None:
    """Hint on, play R6 (seed 8), the bot replies, and the hint gives the exact odds."""
    expect(table.locator(".swkit-seed")).to_contain_text("Seed 8 · 2 players")
    log = table.locator(".swkit-log")
    toggle = table.locator(".swkit-hint-toggle input")
    toggle.check()
    expect(toggle).to_be_checked()
    table.locator("button.swkit-choice", has_text=re.compile(r"^play R6$")).click()
    expect(log).to_contain_text("Turn 1 (round 1), seat 0: draws P8, plays R6.")
    expect(log).to_contain_text("Turn 2 (round 1), seat 1: draws a card, plays G4.",
                                timeout=60_000)
    expect(table.locator(".swkit-status")).to_contain_text("Your move. Round 2 · your turn")
    hint = table.locator(".swkit-hint")
    expect(hint).to_contain_text(
        "score within two of your turns, if nobody else moves first: 2757/182780 (about 1.5%)",
        timeout=120_000)
    expect(hint).to_contain_text("You drew R8. Best play: play R8.")
    picture(table, "lite-cardtable")


def test_lesson_9_in_the_lite_kernel_offline(page: Page, site_server: Server,
                                             built_site: tuple[Path, dict], local_pyodide: dict,
                                             offline: list[str]) -> None:
    loaded: list[int] = []
    page.context.on("requestfinished",
                    lambda r: loaded.append(max(r.sizes()["responseBodySize"], 0)))
    opened = time.perf_counter()
    page.goto(f"{site_server.url}/lab/index.html?path={LESSON}", timeout=120_000)
    wait_for_kernel(page)
    ready = time.perf_counter() - opened
    record = {**built_site[1], "kernel_ready_seconds": round(ready, 1)}
    save(record)

    install = first_cell(ROOT / "lessons" / "09-play.ipynb")
    assert "swkit.lite.setup()" in install
    execute(page, install, timeout=300)
    text = execute(page, CHECKS, timeout=300)
    answered = time.perf_counter() - opened
    record["first_exact_answer_seconds"] = round(answered, 1)
    save(record)
    values = dict(line.split(" ", 1) for line in text.strip().splitlines())
    assert Fraction(values["deal"]) == Fraction(25, 2838)
    assert Fraction(values["dice"]) == 1 - Fraction(4, 9) ** 2  # RULES.md §C2; 65/81
    assert Fraction(values["card"]) == Fraction(CARD_CASE["within"][0])
    site_version, kernel_version = values["site"].rsplit(" ", 1)
    assert json.loads(site_version) == {"swkit": kernel_version,
                                        "lessons": lessons_folder(kernel_version)}
    assert execute(page, "print(swkit.lite.version_message(__import__('os').getcwd(), "
                         "swkit.lite.read_site_version()))").strip() == "None"
    older = execute(page, "print(swkit.lite.version_message('/drive/v0.0.1', "
                          "swkit.lite.read_site_version()))")
    assert f"the newer lesson is in the folder {lessons_folder()}" in " ".join(older.split())
    fresh = execute(page, "await swkit.lite.fresh_copy('09-play.ipynb')").strip()
    assert fresh == ("A fresh copy of 09-play.ipynb is 09-play-fresh.ipynb, beside yours: open "
                     "it from the file browser."), fresh      # one line, no Out[] echo
    assert "swkit.lite.setup()" in execute(
        page, "print(open('09-play-fresh.ipynb').read()[:20000])")

    outputs = page.locator(".jp-OutputArea-output")
    run_all(page)
    no_tracebacks(page, outputs)
    play_dice_turn(outputs.locator(".swkit-dicecup"))
    play_card_turn(outputs.locator(".swkit-cardtable"))
    no_tracebacks(page, outputs)

    page.screenshot(path=str(SCREENSHOTS / "lite-lesson9-end.png"))
    save({**record, "page_bytes": sum(loaded), "pyodide_bytes": local_pyodide["bytes"],
          "pyodide_files": sorted(set(local_pyodide["files"])), "requests": len(loaded),
          "complete": True})
