"""How soon a card odds search sees its cancel flag (issue 30 item 18).

Run: ``python bench/odds_cancel.py [NAME ...]``. For each of ``bench/odds_budget.py``'s
questions (or those whose name contains a NAME given), at T = 2 and T = 3, after one warm-up
run of the same question (the triple lookups shared by every question are then filled, as in
a notebook that has asked before), it runs ``player_odds(..., stop=flag)`` with a flag that
never says True and prints: the answer or refusal, the wall seconds, how often the engine
asked the flag (``work.Work.check_stop``) and the longest time between two asks (the start
and the end included): a new question in the explorer waits at most about that long for the
old search to stop.
"""

from __future__ import annotations

import sys
import time

from odds_budget import QUESTIONS  # bench/ is the script's folder, so on sys.path

from swkit.errors import WorkBudgetError
from swkit.odds.cards import make_position, player_odds


def run(spec: dict, turns: int) -> tuple[str, float, int, float]:
    """(answer or "refused", seconds, asks, the longest gap between two asks in seconds)."""
    asks: list[float] = []

    def flag() -> bool:
        asks.append(time.perf_counter())
        return False

    start = time.perf_counter()
    try:
        out = str(player_odds(make_position(**spec), turns, stop=flag).probability)
    except WorkBudgetError:
        out = "refused"
    end = time.perf_counter()
    points = [start, *asks, end]
    return out, end - start, len(asks), max(b - a for a, b in zip(points, points[1:], strict=False))


def main(names: list[str]) -> None:
    print(f"{'question':30} {'T':>2} {'answer':>22} {'seconds':>8} {'asks':>8} {'longest gap':>12}")
    for label, spec in QUESTIONS:
        if names and not any(n in label for n in names):
            continue
        for turns in (2, 3):
            run(spec, turns)                    # warm-up
            out, seconds, asks, gap = run(spec, turns)
            print(f"{label:30} {turns:2} {out:>22} {seconds:8.2f} {asks:8,} {gap * 1000:9.1f} ms",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
