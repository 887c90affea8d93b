"""``swkit odds deal`` and ``swkit odds hand``: their JSON-ready answers and text are the
presentation layer's (:mod:`swkit.present.cards`), shared with the odds explorer; the command
line reads them from here."""

from swkit.present.cards import (
    STRATEGY,
    WITHIN_CONDITION,
    deal_query,
    format_deal,
    format_hand,
    format_simulated,
    hand_query,
    plan_step_words,
    simulate_query,
)

__all__ = ["STRATEGY", "WITHIN_CONDITION", "deal_query", "format_deal", "format_hand",
           "format_simulated", "hand_query", "plan_step_words", "simulate_query"]
