"""The scoring rule of Clubhouse dice (RULES.md section B4): counts and the push to the left.

These two functions are the one home of the rule; the game, the bots and the odds engine all
call them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from swkit.dice.faces import CLUBHOUSE

TOP_SPACE = 5
"""The highest scoring space of a row (spaces are worth 1..5; the Picture Column is worth 0)."""

PICTURE_COLUMN = 0
"""The value of the Picture Column, which holds any number of tokens."""


def count(dice: Iterable[str], character: str) -> int:
    """The count of ``character`` in ``dice``: its dice plus every Clubhouse (RULES.md §B4).

    ``dice`` holds canonical face names; the result is an int in 0..len(dice).
    """
    if isinstance(dice, (tuple, list)):
        wild = dice.count(CLUBHOUSE)
        return wild if character == CLUBHOUSE else dice.count(character) + wild
    return sum(1 for d in dice if d in (character, CLUBHOUSE))


def space_for(count: int, taken: Collection[int]) -> int:
    """The space a token goes to for a ``count`` in a row whose numbered spaces ``taken`` hold
    tokens (RULES.md §B4).

    Returns the value of the nearest open numbered space at or left of ``min(count, 5)``, or
    ``PICTURE_COLUMN`` (0) when none is open or the count is 0. Counts above 5 cannot happen with
    five dice and are capped at 5.
    """
    value = TOP_SPACE if count > TOP_SPACE else count
    while value > PICTURE_COLUMN and value in taken:
        value -= 1
    return value if value > PICTURE_COLUMN else PICTURE_COLUMN
