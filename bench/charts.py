"""What a chart costs to draw, both ways. Run: python bench/charts.py

For the odds explorer's chart (a deal question and a roll question, each with a simulation of
10,000 trials) and for a line chart like lesson 8's (three lines of 10,000 points on a log
scale), prints the CPU milliseconds and the size of the chart's HTML drawn as SVG (the standard
library: what a browser kernel draws) and as matplotlib's PNG, the median of ``--repeat`` runs
(default 5) after one warm-up. Prints the load average first: the machine may be shared.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from swkit.plots import Chart, Charts
from swkit.widgets.explorer import DealQuestion, RollQuestion, chart, simulation, solve


def explorer_chart(question: DealQuestion | RollQuestion) -> Charts:
    """The explorer's chart of ``question`` after a simulation of 10,000 trials (seed 0)."""
    answer = solve(question)
    sims = list(simulation(question, 10_000, seed=0))
    return chart(answer, [s.trial for s in sims], sims[-1])


def long_lines() -> Chart:
    """Three running shares of 10,000 random draws each, on a log scale (lesson 8's shape)."""
    result = Chart("Three simulations close in", xscale="log", xlabel="number of rolls",
                   ylabel="share", limits=(0, 0.08))
    for seed in (1, 2, 3):
        rng, hits, shares = random.Random(seed), 0, []
        for n in range(1, 10_001):
            hits += rng.random() < 13 / 648
            shares.append(hits / n)
        result.line(f"seed {seed}", range(1, 10_001), shares)
    return result.reference("exact 13/648", 13 / 648)


def cpu_ms(draw: Callable[[], str], repeat: int) -> tuple[float, int]:
    """Median CPU milliseconds of ``draw()`` over ``repeat`` runs after a warm-up, and its size."""
    size = len(draw())
    times = []
    for _ in range(repeat):
        start = time.process_time()
        draw()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (default 5)")
    repeat = parser.parse_args().repeat
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    cases = {"explorer, 4 random cards": explorer_chart(DealQuestion(4)),
             "explorer, a roll's points": explorer_chart(RollQuestion()),
             "3 lines of 10,000 points": long_lines()}
    for name, shown in cases.items():
        for drawing in ("svg", "png"):
            ms, size = cpu_ms(lambda shown=shown, drawing=drawing: shown.html(drawing=drawing),
                              repeat)
            print(f"{name:28} {drawing}: {ms:8.1f} ms CPU  {size / 1000:8.1f} kB of HTML")


if __name__ == "__main__":
    main()
