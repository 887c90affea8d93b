"""A chart of a million points, drawn as SVG. Run: python bench/charts_million.py

For three charts of a million points each (a cloud of points, a line, and a band under a
line; random but seeded), prints the CPU seconds of the description, of the SVG and of the
words (the text alternative), and the SVG's and the words' sizes. ``--png`` adds matplotlib's
PNG (slow: matplotlib draws every point). Prints the load average first: the machine may be
shared. Run it with ``PYTHONPATH`` at another copy of swkit to compare two versions.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from swkit.plots import Chart, figure_png

N = 1_000_000


def cloud(n: int = N) -> Chart:
    """``n`` points at random (x, y) in the unit square."""
    rng = random.Random(1)
    chart = Chart("A million random points", xlabel="x", ylabel="y")
    return chart.points("points", [rng.random() for _ in range(n)],
                        [rng.random() for _ in range(n)])


def walk(n: int = N) -> Chart:
    """A running share after each of ``n`` draws (lesson 8's line, a hundred times longer), on
    a log scale."""
    rng, hits, shares = random.Random(2), 0, []
    for k in range(1, n + 1):
        hits += rng.random() < 0.02
        shares.append(hits / k)
    chart = Chart("A running share over a million draws", xscale="log",
                  xlabel="number of draws", ylabel="share")
    return chart.line("share", range(1, n + 1), shares)


def band(n: int = N) -> Chart:
    """A random walk of ``n`` steps in a band 1 wide around it."""
    rng, y, ys = random.Random(3), 0.0, []
    for _ in range(n):
        y += rng.gauss(0, 1)
        ys.append(y)
    xs = range(n)
    chart = Chart("A band of a million points", xlabel="step", ylabel="place")
    chart.band("band", xs, [v - 1 for v in ys], [v + 1 for v in ys])
    return chart.line("walk", xs, ys)


def timed(work: Callable[[], object]) -> tuple[float, object]:
    """CPU seconds of ``work()`` and what it returned."""
    start = time.process_time()
    out = work()
    return time.process_time() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", action="store_true", help="draw matplotlib's PNG too")
    args = parser.parse_args()
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, build in (("cloud of points", cloud), ("line", walk), ("band and line", band)):
        built, chart = timed(build)
        drawn, svg = timed(chart.svg)             # type: ignore[attr-defined]
        said, words = timed(chart.words)          # type: ignore[attr-defined]
        line = (f"{name:16} description {built:6.2f} s  svg {drawn:6.2f} s "
                f"{len(svg) / 1e6:8.3f} MB  words {said:6.2f} s {len(words) / 1e3:9.1f} kB")
        if args.png:
            painted, png = timed(lambda chart=chart: figure_png(chart.figure()))
            line += f"  png {painted:6.2f} s {len(png) / 1e3:7.1f} kB"
        print(line, flush=True)


if __name__ == "__main__":
    main()
