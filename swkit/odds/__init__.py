"""The exact odds engine (RULES.md section C): card odds, dice odds, Monte Carlo twins.

Importing ``swkit.odds`` loads nothing heavy: names below are imported from their submodule on
first use (``from swkit.odds import DiceModel``). Submodules:

- dice: :mod:`swkit.odds.dice` (model, optimal keeps), :mod:`swkit.odds.markov` (reroll chains,
  transition matrices), :mod:`swkit.odds.solo` (the solo game),
  :mod:`swkit.odds.montecarlo_dice` (simulated twins; numpy where it is there, see
  :mod:`swkit.odds.accel`: the core answers without numpy, with the same exact answers),
  :mod:`swkit.odds.duel` (the two-player game solved: chance to win of every move, WinBot).
- cards: :mod:`swkit.odds.deal` (P(K random cards hold a set or a run), counts, sympy
  formulas), :mod:`swkit.odds.cards` (a player's odds of scoring, RULES.md §C1),
  :mod:`swkit.odds.montecarlo_cards` (simulated twins).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

# name -> submodule; add entries here (one per line) to export more names lazily.
_LAZY: dict[str, str] = {
    # dice odds (RULES.md §B, §C2)
    "DiceModel": "swkit.odds.dice",
    "Objective": "swkit.odds.dice",
    "KeepOption": "swkit.odds.dice",
    "optimal_value": "swkit.odds.dice",
    "keep_options": "swkit.odds.dice",
    "best_keep": "swkit.odds.dice",
    "keep_hint": "swkit.odds.dice",
    "optimal_distribution": "swkit.odds.dice",
    "one_roll_distribution": "swkit.odds.dice",
    "policy_distribution": "swkit.odds.dice",
    "MarkovChain": "swkit.odds.markov",
    "markov_chain": "swkit.odds.markov",
    "transition_matrix": "swkit.odds.markov",
    "target_distribution": "swkit.odds.markov",
    "best_distribution": "swkit.odds.markov",
    "solo_expected": "swkit.odds.solo",
    "solo_action": "swkit.odds.solo",
    "MCResult": "swkit.odds.montecarlo_dice",
    # the two-player dice game
    "DuelBoard": "swkit.odds.duel",
    "WinBot": "swkit.odds.duel",
    "duel_value": "swkit.odds.duel",
    "duel_board_value": "swkit.odds.duel",
    "duel_options": "swkit.odds.duel",
    # card odds (RULES.md §A, §C1)
    "Deck": "swkit.odds.deal",
    "DealOdds": "swkit.odds.deal",
    "deal_odds": "swkit.odds.deal",
    "count_deals": "swkit.odds.deal",
    "deal_formula": "swkit.odds.deal",
    "Position": "swkit.odds.cards",
    "PlayerOdds": "swkit.odds.cards",
    "make_position": "swkit.odds.cards",
    "player_odds": "swkit.odds.cards",
    "mc_deal": "swkit.odds.montecarlo_cards",
    "mc_player_odds": "swkit.odds.montecarlo_cards",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'swkit.odds' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
