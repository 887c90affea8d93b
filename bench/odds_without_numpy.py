"""What numpy buys (issue 13 §2: numpy is an accelerator, not a requirement).

Run: ``python bench/odds_without_numpy.py``. Prints CPU time (``time.process_time``, steadier
than wall time on a shared machine) of the same questions with numpy on and off
(``swkit.odds.accel.enabled``), and checks the exact answers agree:

- a player's card odds on each of the bench's positions (``bench/odds_budget.py``: realistic,
  swap, extra play, draw two, pass) at T = 3 with the default work budget, each from cold
  caches, with the work it spent in memo entries (``Engine.spent``, the budget's unit: the
  same on both paths);
- the dice Monte Carlo twin: optimal turns for expected points, simulated turns per CPU second.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from odds_budget import QUESTIONS  # bench/ is the script's folder, so on sys.path

from swkit.errors import WorkBudgetError
from swkit.odds import DiceModel, Objective, accel
from swkit.odds.cards import engine, make_position, player_odds
from swkit.odds.cards import triples as cards_mod
from swkit.odds.montecarlo_dice import mc_optimal


def cpu(fn: Callable[[], Any]) -> tuple[float, Any]:
    """``fn()``'s CPU seconds and result."""
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def card_odds(spec: dict[str, Any]) -> tuple[float, str, int]:
    """CPU seconds, the answer (or the refusal) and the work spent (``Engine.spent``) of
    ``player_odds(pos, 3)`` from cold caches."""
    cards_mod._PAIRS.clear()
    engines: list[Any] = []
    make = engine._engine
    engine._engine = lambda pos, later: engines.append(make(pos, later)) or engines[-1]
    start = time.process_time()
    try:
        out = str(player_odds(make_position(**spec), 3).probability)
    except WorkBudgetError as exc:
        out = f"refused (needs about {exc.needed:,})"
    finally:
        engine._engine = make
    return time.process_time() - start, out, engines[-1].spent()


def main() -> None:
    print("Card odds at T = 3, the bench's positions, default budget, CPU seconds:")
    for label, spec in QUESTIONS[:5]:
        got = {}
        for on in (True, False):
            accel.enabled = on
            got[on] = card_odds(spec)
            t, out, spent = got[on]
            print(f"  {label:18s} numpy {'on ' if on else 'off'}: {t:6.2f} s  {spent:>9,} "
                  f"memo entries spent  {out}")
        print(f"  {label:18s} the same answer and entries: {got[True][1:] == got[False][1:]}")
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
