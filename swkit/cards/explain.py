"""Words shared by the game's explanations of an action that is not legal (RULES.md §A3, §A7).

:func:`missing_words` says which named cards are not where an action needs them; the game
(:mod:`swkit.cards.game`) and the Power modules (:mod:`swkit.cards.powers`) build their
explanations with it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from swkit.cards.notation import Card, format_cards

__all__ = ["missing_words"]

_COUNT_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def missing_words(args: Sequence[Card], have: Sequence[Card], where: str) -> str:
    """Why ``args`` are not all in ``have`` (naming the cards), or ``""`` if they are:
    ``"Y9 is not in seat 0's tableau (...)"``, ``"only one R3 in seat 0's tableau (...)"``;
    ``where`` names the place, e.g. ``"your hand (B2 G7)"``."""
    have_counts, want = Counter(have), Counter(args)
    absent = [c for c in sorted(want) if have_counts[c] == 0]
    short = [f"only {_COUNT_WORDS.get(have_counts[c], str(have_counts[c]))} {c}"
             for c in sorted(want) if 0 < have_counts[c] < want[c]]
    reasons = []
    if absent:
        verb = "is" if len(absent) == 1 else "are"
        reasons.append(f"{format_cards(absent, ', ')} {verb} not in {where}")
    if short:
        reasons.append(f"{', '.join(short)} in {where}")
    return "; ".join(reasons)
