"""What numpy buys (issue 13 §2: numpy is an accelerator, not a requirement).

Run: ``python bench/odds_without_numpy.py``. Prints CPU time (``time.process_time``, steadier
than wall time on a shared machine) of the same questions with numpy on and off
(``swkit.odds.accel.enabled``), and checks the exact answers agree:

- a player's card odds on bench/odds_cards.py's heaviest position that takes the numpy batch
  (figure, Powers 1, 3 and 4 in reach), T = 2 and T = 3, each from cold caches;
- the dice Monte Carlo twin: optimal turns for expected points, simulated turns per CPU second.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from swkit.odds import DiceModel, Objective, accel
from swkit.odds.cards import make_position, player_odds
from swkit.odds.cards import triples as cards_mod
from swkit.odds.montecarlo_dice import mc_optimal

HEAVY = dict(hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1",
             others="G1 G2 / Y5 P7", center="red-take-discard", figure=True,
             scored="green-discard,green-extra-play")


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    """``fn()``'s CPU seconds and result."""
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main() -> None:
    pos = make_position(**HEAVY)
    print("Card odds, heaviest batched position (bench/odds_cards.py), CPU seconds:")
    for turns in (2, 3):
        answers = {}
        for on in (True, False):
            accel.enabled = on
            cards_mod._PAIRS.clear()
            t, r = cpu(lambda turns=turns: player_odds(pos, turns))
            answers[on] = r
            print(f"  T={turns} numpy {'on ' if on else 'off'}: {t:6.2f} s  {r.probability}")
        print(f"  T={turns} same PlayerOdds: {answers[True] == answers[False]}")
    model, objective = DiceModel(), Objective.points()
    print("Dice Monte Carlo, optimal turns for expected points (empty board):")
    for on in (True, False):
        accel.enabled = on
        mc_optimal(model, objective, n=1000, seed=0)          # tables built before timing
        n = 400_000 if on else 100_000
        t, r = cpu(lambda n=n: mc_optimal(model, objective, n=n, seed=0))
        print(f"  numpy {'on ' if on else 'off'}: {n / t:12,.0f} turns per CPU second "
              f"(n={n:,}: {r.estimate:.4f}, 99% interval {r.low:.4f} to {r.high:.4f})")
    accel.enabled = True


if __name__ == "__main__":
    main()
