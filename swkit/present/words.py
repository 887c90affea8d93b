"""Words every front end puts beside an odds answer: a Power named as its card is headed, and
the condition of a chance over several turns.

The odds engine and the rules name a Power by its key (``green-discard``, as ``--powers`` files
and ``swkit odds hand`` do). A child reads the card's heading ("Power 3 (green)", RULES.md §A7).
(The card table words the odds engine's plan from its steps, ``swkit.odds.cards.PlanStep``,
naming Powers this way and another tableau by its seat, "seat 1", as its buttons do.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from swkit.cards.editions import Power

__all__ = ["IF_NOBODY_MOVES", "named_powers"]

IF_NOBODY_MOVES = "if nobody else moves first"
"""The condition of every chance of scoring within several turns (RULES.md §C1: the odds assume
the other players change nothing meanwhile), said wherever such a number is shown: a child
reads "1 (100%)" as a promise."""

_POWER_KEY = re.compile(r"\bPower ([a-z0-9][a-z0-9-]*)")
_BARE_KEY = re.compile(r"(?<![\w-])([a-z]+-[a-z]+(?:-[a-z]+)*)(?![\w-])")


def named_powers(text: str, powers: Iterable[Power]) -> str:
    """``text`` with each Power key of ``powers`` written as the kit names it.

    "use Power green-discard" and a bare "green-discard" both become "Power 3 (green)"
    (:attr:`~swkit.cards.editions.Power.name`); words that are no key of ``powers`` stay.
    In: any text and the Powers of the edition the text speaks of; out: the text.
    """
    names = {p.key: p.name for p in powers}
    text = _POWER_KEY.sub(lambda m: names.get(m.group(1), m.group(0)), text)
    return _BARE_KEY.sub(lambda m: names.get(m.group(1), m.group(0)), text)
