"""Lesson 8 exercises: simulation, the law of large numbers and result codes.

Answers come from the odds engine's exact distribution or from :mod:`swkit.classroom`, never
typed in.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from swkit.classroom import make_code, read_code
from swkit.errors import NotationError
from swkit.exercises import Exercise, read_number

TURNS = 20


def _p_five() -> Fraction:
    from swkit.odds import DiceModel, best_distribution
    return best_distribution(DiceModel(), rolls=3)[5]


def _expected_fives() -> Fraction:
    return TURNS * _p_five()


def typo_codes() -> list[str]:
    """Four result codes of lesson 8's experiment; exactly one has a typo (a changed character)."""
    codes = [make_code(tally, seed) for tally, seed in
             (([0, 1, 9, 7, 3], 11), ([0, 0, 8, 8, 4], 12), ([1, 2, 8, 6, 3], 13),
              ([0, 3, 6, 8, 3], 14))]
    bad = list(codes[2])
    bad[5] = "7" if bad[5] != "7" else "8"
    codes[2] = "".join(bad)
    return codes


def _which_typo() -> int:
    for number, code in enumerate(typo_codes(), start=1):
        try:
            read_code(code, size=5)
        except NotationError:
            return number
    raise AssertionError("typo_codes() must hold one bad code")


LARGE_N = 10_000
"""Exercise 8.3's number of rolls: large enough for the 1/sqrt(n) rule (lesson 8)."""

TOLERANCE = Fraction(5, 100)
"""Exercise 8.3 accepts any answer within 5% of the rule's (the question says so)."""


def _rolls_for_half_width() -> int:
    # for large n the interval's width is proportional to 1 / sqrt(n): half the width needs
    # sqrt(n) twice as big, so 2**2 times the rolls
    shrink = 2
    return LARGE_N * shrink**2


def _within_tolerance(expected: Any, given: Any) -> bool:
    """``given`` (any number: whole, decimal or text) within :data:`TOLERANCE` of
    ``expected``."""
    number = read_number(given)
    if number is None:
        return False
    return abs(Fraction(number) - Fraction(expected)) <= TOLERANCE * abs(Fraction(expected))


def _no_five_in_twenty() -> Fraction:
    return (1 - _p_five()) ** TURNS


EXERCISES = [
    Exercise(
        key="8.1",
        question="Playing 20 turns (keep the most common character and the Clubhouses), how many "
                 "turns with five of a kind do you expect? (an expected value: a Fraction)",
        answer=_expected_fives,
        hint="The expected number of successes in n tries is n times the probability of one "
             "success. Take P(best count 5 after three rolls) from the exact distribution.",
        wrong=Fraction(450461, 1417176),
        explain="About 6.4 turns of the 20: 20 x 450461/1417176.",
        kind="expected value",
    ),
    Exercise(
        key="8.2",
        question="Which of the four codes in typo_codes() has a typo? Answer its number, 1 to 4.",
        answer=_which_typo,
        hint="Try read_code on each code (with size=5): the one with a typo raises an error "
             "saying so.",
        wrong=1,
        explain="The check character caught it: every single wrong character is caught.",
        kind="whole number",
    ),
    Exercise(
        key="8.3",
        question="For large n, n rolls give a 99% confidence interval of some width. With "
                 "n = 10,000 rolls, about how many rolls give an interval HALF as wide? (any "
                 "answer within 5% of the rule for large n counts)",
        answer=_rolls_for_half_width,
        hint="For large n the width shrinks like 1 / sqrt(n): to halve it, sqrt(n) must "
             "double.",
        wrong=20_000,
        explain="4 times as many rolls: about 40,000. Precision is expensive. (For a few "
                "hundred rolls the rule is rougher: lesson 8's widths shrink about 5 times "
                "from 100 to 1,000 rolls.)",
        compare=_within_tolerance,
    ),
    Exercise(
        key="8.4",
        question="What is the probability that a student's 20 turns contain NO five of a kind? "
                 "(turns are independent)",
        answer=_no_five_in_twenty,
        hint="One turn misses five of a kind with 1 - p; twenty independent turns all miss "
             "with (1 - p) to the power 20.",
        wrong=1 - Fraction(450461, 1417176),
        explain="Tiny: about 1 in 2000. Almost everyone in the class sees a five of a kind.",
    ),
]
