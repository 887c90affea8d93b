"""How fast the odds explorer answers a human action (issue 7 §2.3, WIDGETS.md).

Run: ``python bench/widgets_explorer.py``. For each kind of action it prints, in the Python
process (no browser), the median over a few repeats after one warm-up of:

- ``answered``: the time until the callback returns, with the answer on screen (or, for a
  slow question, "computing…" on screen): the target is under 100 ms;
- ``complete``: the time until the background work (the exact answer of a slow question and
  the chart PNG) has finished.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from swkit.widgets.explorer import OddsExplorer


def _time(w: OddsExplorer, act: Callable[[], None]) -> tuple[float, float]:
    w.wait_idle()
    start = time.perf_counter()
    act()
    answered = time.perf_counter() - start
    w.wait_idle()
    complete = time.perf_counter() - start
    if w.errors:
        raise RuntimeError(f"the explorer recorded errors: {w.errors}")
    return answered, complete


def _actions(w: OddsExplorer) -> list[tuple[str, list[Callable[[], None]]]]:
    def setter(widget, *values):
        return [lambda v=v: setattr(widget, "value", v) for v in values]

    return [
        ("cards: change K (deal odds)", setter(w.cards, 4, 5, 3)),
        ("cards: switch to my hand", setter(w.kind, "hand", "deal", "hand")),
        ("cards: type a hand, T = 1", setter(w.hand, "B2 G7 Y9 R5", "B2 G7 Y9", "R5 R6 B5")),
        ("cards: type a bad card", setter(w.hand, "B2 R0", "B2 R10", "Q1")),
        ("cards: T = 1 -> 3 (background)", setter(w.turns, 3, 1, 3)),
        ("game: switch to dice", setter(w.game, "dice", "cards", "dice")),
        ("dice: change a die", setter(w.dice[0], "Pluto", "Goofy", "Mickey")),
        ("dice: mark a taken space", setter(w.taken[("Goofy", 4)], True, False, True)),
        ("dice: score a character", setter(w.scored_chars[1], True, False, True)),
        ("dice: ask expected points", setter(w.measure, None, 4, None)),
    ]


def main() -> None:
    w = OddsExplorer()
    w.wait_idle()
    print("odds explorer: time for an action to be answered (median of 3, after a warm-up)")
    print(f"{'action':36} {'answered':>10} {'complete':>10}")
    for name, acts in _actions(w):
        if name.startswith("cards: T"):
            w.hand.value = "B2 G7 Y9"          # a valid hand again after the bad cards
        if name.startswith("game"):
            w.turns.value = 1
        if name.startswith("dice"):
            w.game.value = "dice"
        _time(w, acts[-1])  # warm-up (caches, first chart)
        runs = [_time(w, act) for act in acts]
        answered = statistics.median(r[0] for r in runs) * 1000
        complete = statistics.median(r[1] for r in runs) * 1000
        print(f"{name:36} {answered:8.1f} ms {complete:8.1f} ms")
    w.sim_n.value = 10_000
    answered, complete = _time(w, w.simulate.click)
    print(f"{'dice: simulate 10,000 (16 batches)':36} {answered * 1000:8.1f} ms "
          f"{complete * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
