"""Print how long the dice cup takes to answer each kind of click (issue 7: < 100 ms each).

Usage: python bench/widgets_dice.py [--games N]

Headless: a ``DiceCup`` is driven by ``button.click()`` / ``toggle.value = ...`` through whole
games over many seeds, and each click is timed from the click to the widget updated (the
callback returned, every widget value set; the hint computed when it is shown). The bots' moves
are excluded (``bot_delay=0``, and the time waited for them is not counted). Without a kernel
no message leaves the process, so this is the Python side of an answer only. Figures: median,
95th percentile and maximum in milliseconds, per kind of action.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

from swkit.dice.bots import GreedyBot
from swkit.widgets.dice import DiceCup

TARGET_MS = 100.0


def _timed(samples: dict[str, list[float]], kind: str, action: Callable[[], None]) -> None:
    start = time.perf_counter()
    action()
    samples[kind].append((time.perf_counter() - start) * 1000)


def play(samples: dict[str, list[float]], players: int, seed: int, hint: bool) -> None:
    """One whole game by clicks; the student plays like the greedy bot."""
    w = DiceCup(players=players, seed=seed, bot_delay=0)
    if hint:
        w.hint_button.value = True
    while not w.game.is_terminal():
        view = w.game.view(0)
        suffix = " (hint shown)" if hint else ""
        if view.phase != "decide":
            kind = "roll-off" if view.phase == "tiebreak" else "first roll"
            _timed(samples, kind + suffix, w.roll_button.click)
        else:
            if not hint and view.rolls_left:
                _timed(samples, "hint on (computed)", lambda: setattr(w.hint_button, "value",
                                                                     True))
                w.hint_button.value = False
            action = GreedyBot(0, seed).choose(w.game)
            if action.kind == "score":
                button = w.score_buttons[action.faces[0]]
                _timed(samples, "score" + suffix, button.click)
            else:
                wanted = list(action.faces)
                for slot, face in enumerate(w.shown_dice()):
                    keep = face in wanted
                    if keep:
                        wanted.remove(face)
                    toggle = w.dice_buttons[slot]
                    if toggle.value != keep:
                        _timed(samples, "keep toggle" + suffix,
                               lambda t=toggle, k=keep: setattr(t, "value", k))
                _timed(samples, "reroll" + suffix, w.roll_button.click)
        w.wait_idle()  # the bots' turns: not counted
        if w.errors:
            raise RuntimeError(w.errors)
    _timed(samples, "undo", w.undo_button.click)
    w.wait_idle()
    _timed(samples, "new game", w.new_game_button.click)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="games per player count and mode")
    args = parser.parse_args()
    samples: dict[str, list[float]] = defaultdict(list)
    DiceCup(players=2, seed=0, bot_delay=0)  # imports and first widgets
    for players in (1, 2, 4):
        for seed in range(args.games):
            for hint in (False, True):
                play(samples, players, 1000 + seed, hint)
    print("DiceCup: time from a click to the widget updated, ms (bots excluded; "
          "timings are inflated when the machine is shared)")
    print(f"{'action':28} {'n':>5} {'median':>8} {'p95':>8} {'max':>8}")
    worst = 0.0
    for kind in sorted(samples):
        values = sorted(samples[kind])
        p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
        worst = max(worst, p95)
        print(f"{kind:28} {len(values):5d} {statistics.median(values):8.1f} {p95:8.1f} "
              f"{values[-1]:8.1f}")
    print(f"every kind under {TARGET_MS:.0f} ms at the 95th percentile: "
          f"{'yes' if worst < TARGET_MS else 'NO'}")


if __name__ == "__main__":
    main()
