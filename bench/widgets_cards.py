"""Speed of the card table (issue 7 §2.1): the time for a student's click to be answered.

Run: ``python bench/widgets_cards.py``. Whole games of 2, 3 and 4 players are played by clicks
(seat 0 makes the greedy bot's choices) with the hint on. For each kind of action it prints the
median and the slowest time from the click to the table updated in the Python process (board,
hand, choices, log, status, and the hint's P(score this turn), which is computed at once); the
bots' moves are excluded (they run afterwards on the worker thread, after ``bot_delay``). The
hint's P(score within two turns) is computed on the worker thread with "computing…" shown
meanwhile: its time is printed on its own. Target: under 100 ms for every kind of action.
Timings are wall-clock on this machine (inflated when other work shares the CPU).
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict

from swkit.cards.bots import GreedyBot
from swkit.odds.cards import player_odds
from swkit.widgets.cards import CardTable

GAMES = [(2, 3), (2, 99), (3, 7), (3, 21), (4, 11), (4, 5)]
"""(players, seed) of the games played."""

PAUSE = 0.15
"""``bot_delay`` while timing: the bots wait this long, so they do not share the CPU with the
click being timed."""


def kind_of(action: str) -> str:
    """The kind of a student's action: its verb (``play``, ``use Power``, ``score``...)."""
    words = action.split()
    return " ".join(words[:2]) if words[0] in ("use", "skip", "power", "take") else words[0]


def clicked(w: CardTable, action: str) -> float:
    """Seconds from clicking ``action`` to the table updated (the bots then move)."""
    shown = [b for b, a in zip(w.choice_buttons, w.choice_actions, strict=True) if a == action]
    button = shown[0] if shown else None
    start = time.perf_counter()
    if button is not None:
        button.click()
    else:
        w.choice_list.value = action
        w.choice_go.click()
    return time.perf_counter() - start


def timed(fn, *args) -> float:
    """Seconds ``fn(*args)`` takes."""
    start = time.perf_counter()
    fn(*args)
    return time.perf_counter() - start


def main() -> None:
    times: dict[str, list[float]] = defaultdict(list)
    later: list[float] = []
    for players, seed in GAMES:
        w = CardTable(players, seed, bot_delay=PAUSE)
        w.same_seed.value = True
        times["new game"].append(timed(w.new_button.click))
        w.wait_idle()
        times["hint on"].append(timed(setattr, w.hint_toggle, "value", True))
        chooser = GreedyBot()
        undone = False
        while not w.game.is_terminal():
            w.wait_idle()
            if w.game.is_terminal():
                break
            pos = w.hint_position
            if pos is not None:
                later.append(timed(player_odds, pos, 2))
            action = chooser.choose(w.game)
            w.typed.value = "play Z9"
            times["refused (typed)"].append(timed(w.try_button.click))
            times[kind_of(action)].append(clicked(w, action))
            if not undone and w.game.turn > 4:
                w.wait_idle()
                times["undo"].append(timed(w.undo_button.click))
                undone = True
        assert w.errors == [], w.errors
    print("Card table: a click answered in the Python process (hint's P this turn included, "
          "bots excluded)")
    print(f"  {'action':<18} {'clicks':>6} {'median ms':>10} {'max ms':>8}")
    for kind, values in sorted(times.items()):
        print(f"  {kind:<18} {len(values):>6} {statistics.median(values) * 1000:>10.1f} "
              f"{max(values) * 1000:>8.1f}")
    print(f"Hint, P(score within two turns), on the worker thread: {len(later)} turns, median "
          f"{statistics.median(later) * 1000:.1f} ms, max {max(later) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
