"""A sample exercise, used by the tests of the checker itself (no lesson 0 notebook)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from swkit.exercises import Exercise


def _two_dice_seven() -> Fraction:
    rolls = list(product(range(1, 7), repeat=2))
    return Fraction(sum(1 for a, b in rolls if a + b == 7), len(rolls))


EXERCISES = [
    Exercise(
        key="0.1",
        question="Two ordinary dice: what is the probability that they add up to 7?",
        answer=_two_dice_seven,
        hint="Count the pairs (a, b) with a + b = 7 among all 36 pairs.",
        wrong=Fraction(1, 36),
        explain="6 of the 36 pairs add up to 7.",
    ),
]
