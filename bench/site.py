"""The swkit site's figures (issue 13, "Done when"). Run: python bench/site.py [--no-build]

Builds the site with ``swkit.cli.site.build_site`` into build/bench-site (unless ``--no-build``)
and prints the build's wall time and CPU time (this process and the ``jupyter lite build`` child,
``os.times()``), the site's size and its biggest parts. Then it prints what the offline browser
test measured in a real Lite kernel, from build/site-record.json (written by
``python -m pytest tests/browser/test_lite_site.py``): page open to kernel ready, page open to
the first exact answer (the lesson's install cell, then 25/2838), and the bytes the page loaded
(the site's files plus Pyodide's, as a student's browser downloads them on a first visit).
The browser figures are wall times on a shared two-core machine: noisy, and given as measured.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from swkit.cli.site import build_site, folder_size  # noqa: E402

OUT = ROOT / "build" / "bench-site"
RECORD = ROOT / "build" / "site-record.json"


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


def build() -> None:
    before, start = os.times(), time.perf_counter()
    report = build_site(OUT, force=True)
    wall, after = time.perf_counter() - start, os.times()
    cpu = (after.user + after.system + after.children_user + after.children_system
           - before.user - before.system - before.children_user - before.children_system)
    print(f"build: {wall:.1f} s wall, {cpu:.1f} s CPU (swkit site --out {OUT.relative_to(ROOT)})")
    print(f"site size: {_mb(report.size)} in {OUT.relative_to(ROOT)}")
    parts = sorted(((folder_size(p) if p.is_dir() else p.stat().st_size, p.name)
                    for p in OUT.iterdir()), reverse=True)
    print("  biggest parts: " + ", ".join(f"{name} {_mb(size)}" for size, name in parts[:4]))
    wheels = sorted(p.name for p in (OUT / "pypi").glob("*.whl"))
    print(f"  bundled wheels ({_mb(folder_size(OUT / 'pypi'))}): {', '.join(wheels)}")


def browser() -> None:
    if not RECORD.is_file():
        print(f"browser figures: none yet ({RECORD.relative_to(ROOT)} is written by "
              f"python -m pytest tests/browser/test_lite_site.py)")
        return
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(RECORD.stat().st_mtime))
    state = "" if record.get("complete") else "; the test stopped early, figures so far"
    print(f"browser (tests/browser/test_lite_site.py, headless Chromium, offline, {when}"
          f"{state}):")
    if "kernel_ready_seconds" in record:
        print(f"  page open -> kernel ready:        {record['kernel_ready_seconds']:.1f} s")
    if "first_exact_answer_seconds" in record:
        print(f"  page open -> first exact answer:  {record['first_exact_answer_seconds']:.1f} s"
              f" (lesson 9's install cell, then deal_odds(3).either == 25/2838)")
    if "page_bytes" in record:
        print(f"  downloaded by the page: {_mb(record['page_bytes'])} in {record['requests']} "
              f"requests, of it Pyodide's distribution {_mb(record['pyodide_bytes'])} "
              f"({len(record['pyodide_files'])} files; no numpy or matplotlib: lesson 9 needs "
              f"neither)")
    print(f"  the test's build: {record['build_seconds']:.1f} s, {_mb(record['site_bytes'])}")


def main(argv: list[str]) -> int:
    if "--no-build" not in argv:
        build()
    browser()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
