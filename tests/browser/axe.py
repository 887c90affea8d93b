"""axe-core in the browser tests: the accessibility rules of WCAG 2.0, 2.1 and 2.2, A and AA.

:func:`axe_script` gives the engine (``axe.min.js`` of the npm package ``axe-core`` at
:data:`AXE_VERSION`, fetched once with ``npm pack`` and cached in ``build/axe-cache/``, as
``pyodide_copy.py`` caches Pyodide; ``.ci/run`` installs npm). :func:`run_axe` injects it into a
Playwright page and checks the elements a CSS selector finds (the notebook's output areas), or
the whole page, with the rules tagged :data:`TAGS`.

Recipe: ../shared/notes/accessibility.md. What axe cannot judge (a name that says too little,
keyboard use, reflow) is checked by the tests themselves.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "build" / "axe-cache"
AXE_VERSION = "4.14.1"
"""The pinned axe-core release (an exact version: a new release may add rules)."""

TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
"""The rule tags run: every WCAG 2.0, 2.1 and 2.2 rule at levels A and AA."""


class AxeError(RuntimeError):
    """axe-core could not be fetched (no npm, the registry refused)."""


def axe_script(cache: Path = CACHE) -> Path:
    """The path of ``axe.min.js`` at :data:`AXE_VERSION` (fetched on first use, then reused).
    Raises :class:`AxeError` when npm is missing or ``npm pack`` fails."""
    script = cache / f"axe-core-{AXE_VERSION}" / "axe.min.js"
    if script.is_file():
        return script
    npm = shutil.which("npm")
    if npm is None:
        raise AxeError("npm is needed to fetch axe-core for the accessibility test: "
                       "apt-get install -y npm (.ci/run does)")
    with tempfile.TemporaryDirectory() as temp:
        packed = subprocess.run([npm, "pack", f"axe-core@{AXE_VERSION}", "--silent",
                                 "--pack-destination", temp], capture_output=True, text=True)
        if packed.returncode != 0:
            raise AxeError(f"npm pack axe-core@{AXE_VERSION} failed: {packed.stderr[-800:]}")
        with tarfile.open(Path(temp) / f"axe-core-{AXE_VERSION}.tgz") as archive:
            member = archive.getmember("package/axe.min.js")
            data = archive.extractfile(member)
            assert data is not None
            script.parent.mkdir(parents=True, exist_ok=True)
            partial = script.with_suffix(".partial")
            partial.write_bytes(data.read())
            partial.replace(script)
    return script


@dataclass
class AxeResult:
    """What one axe run found: ``violations`` (axe's objects: ``id``, ``impact``, ``help``,
    ``nodes`` with each element's ``target`` and ``html``), and the ids of the rules that
    ``passed`` on some element, were ``inapplicable`` (nothing they apply to) or ``incomplete``
    (axe could not decide: a person must look); ``elements``: how many elements were checked."""

    violations: list[dict]
    passed: list[str]
    inapplicable: list[str]
    incomplete: list[str]
    elements: int

    @property
    def rules(self) -> int:
        """How many rules were run."""
        return (len(self.passed) + len(self.inapplicable) + len(self.incomplete)
                + len([v for v in self.violations if v["id"] not in self.passed]))

    def summary(self) -> str:
        """One line per violated rule: its id, impact, help and the elements (for a message)."""
        lines = []
        for v in self.violations:
            where = "; ".join(" ".join(n["target"][-1:]) + " " + n["html"][:160]
                              for n in v["nodes"][:4])
            lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} elements): {v['help']}"
                         f" -- {where}")
        return "\n".join(lines) or "no violations"


_RUN = """async ([selector, tags]) => {
  const context = selector === null ? document
      : document.querySelectorAll(selector);
  const within = selector === null ? Array.from(document.querySelectorAll('*'))
      : Array.from(document.querySelectorAll(selector)).flatMap(
          e => [e, ...e.querySelectorAll('*')]);
  const r = await axe.run(context, {runOnly: {type: 'tag', values: tags},
                                    resultTypes: ['violations']});
  const strip = v => ({id: v.id, impact: v.impact, help: v.help,
                       nodes: v.nodes.map(n => ({target: n.target, html: n.html}))});
  return {violations: r.violations.map(strip), passed: r.passes.map(v => v.id),
          inapplicable: r.inapplicable.map(v => v.id), incomplete: r.incomplete.map(v => v.id),
          elements: within.length};
}"""


def run_axe(page: Page, selector: str | None) -> AxeResult:
    """Run axe-core (:data:`TAGS`) in ``page`` on the elements ``selector`` finds and
    everything inside them, or on the whole page when ``selector`` is None. Injects the
    engine first if the page lacks it."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script()))
    found = page.evaluate(_RUN, [selector, list(TAGS)])
    return AxeResult(found["violations"], found["passed"], found["inapplicable"],
                     found["incomplete"], found["elements"])


OUTPUTS = ".jp-OutputArea-output"
"""Where a notebook's outputs are drawn (JupyterLab, Voila and JupyterLite alike)."""
REPORTS = ROOT / "build" / "a11y"


def check_outputs(page: Page, where: str) -> str:
    """axe on the output areas and on the whole page (recorded in build/a11y/); returns the
    violations inside the outputs in words, "" when there is none."""
    inside = run_axe(page, OUTPUTS)
    whole = run_axe(page, None)
    outside = [v for v in whole.violations if v["id"] not in {x["id"] for x in inside.violations}]
    REPORTS.mkdir(parents=True, exist_ok=True)
    (REPORTS / f"axe-{where}.json").write_text(json.dumps(
        {"outputs": {"rules": inside.rules, "elements": inside.elements,
                     "passed": inside.passed, "violations": inside.violations},
         "page": {"rules": whole.rules, "elements": whole.elements,
                  "violations": whole.violations}}, indent=1))
    print(f"\naxe {where}: outputs: {inside.rules} rules, {inside.elements} elements, "
          f"{len(inside.passed)} passed, {len(inside.violations)} violated; whole page: "
          f"{len(whole.violations)} violated ({', '.join(v['id'] for v in outside) or 'none'} "
          "outside the outputs)")
    return f"{where}:\n{inside.summary()}" if inside.violations else ""


