"""Words the widgets put on the page in place of the library's keys (issue 15 items 8, 9).

The odds engine and the rules name a Power by its key (``green-discard``, as ``--powers`` files
and ``swkit odds hand`` do) and another player's tableau by its place among the others
(``tableau 1``). A child reads the card's heading ("Power 3 (green)", RULES.md §A7) and the
seat named as the table's own buttons and board name it ("seat 1").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from swkit.cards.editions import Power

__all__ = ["IF_NOBODY_MOVES", "named_powers", "named_seats"]

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


def named_seats(text: str, seats: Iterable[int]) -> str:
    """``text`` (the odds engine's plan, seen from seat 0) with "of tableau N" written as the
    table names that seat: "of seat N's tableau". ``seats`` are the other seats in the order
    the engine numbers their tableaux (``Position.from_view``: the seats after the viewer)."""
    order = list(seats)

    def seat(match: re.Match[str]) -> str:
        i = int(match.group(1))
        return f"of seat {order[i - 1]}'s tableau" if 1 <= i <= len(order) else match.group(0)

    return re.sub(r"\bof tableau (\d+)\b", seat, text)
