"""Lesson 1, counting sets and runs: the exercises' checkers (RULES.md §A1, §A4, §C1).

Each answer is computed: by enumerating the physical cards with the triple rule of
``swkit.cards.triples``, or by the deal counter ``swkit.odds.deal``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from swkit.cards.notation import ALL_CARDS
from swkit.cards.triples import is_run
from swkit.exercises import Exercise
from swkit.odds.deal import count_deals


def _three_card_hands() -> int:
    """The number of 3-card hands from the 45 cards, counted one by one."""
    return sum(1 for _ in combinations(ALL_CARDS, 3))


def _p_run() -> Fraction:
    """P(three random cards form a run), by enumeration."""
    hands = list(combinations(ALL_CARDS, 3))
    return Fraction(sum(1 for h in hands if is_run(h)), len(hands))


EXERCISES = [
    Exercise(
        key="1.1",
        question="How many different 3-card hands can be dealt from the 45 character cards?",
        answer=_three_card_hands,
        hint="Order does not matter in a hand: R3 B7 G1 is the same hand as G1 R3 B7. "
             "Try math.comb, or count the combinations.",
        wrong=45 * 44 * 43,
        explain="C(45, 3) = 45·44·43 / (3·2·1): each hand can be dealt in 6 orders.",
    ),
    Exercise(
        key="1.2",
        question="Three random cards: what is the probability that they form a run?",
        answer=_p_run,
        hint="Choose the color (5 ways), then the lowest number of the run. Can a run start "
             "at 8 or 9? Divide by the number of 3-card hands.",
        wrong=Fraction(5 * 9, 14190),
        explain="5 colors × 7 lowest numbers (1 to 7) = 35 runs out of 14190 hands.",
    ),
    Exercise(
        key="1.3",
        question="How many 4-card hands contain a set?",
        answer=lambda: count_deals(4, "set"),
        hint="Either exactly three cards share a number (and the fourth card is any other "
             "card), or all four do. Count both kinds.",
        wrong=9 * 10 * 40,
        explain="9·C(5,3)·40 hands with exactly three of a number, plus 9·C(5,4) with four.",
    ),
    Exercise(
        key="1.4",
        question="How many 4-card hands contain a run?",
        answer=lambda: count_deals(4, "run"),
        hint="A run plus any one of the other 42 cards, but some hands are counted twice: "
             "which ones hold two runs?",
        wrong=35 * 42,
        explain="35·42 counts each four-in-a-row (like R3 R4 R5 R6) twice: 5 colors × 6 of "
                "them, so 1470 − 30.",
    ),
]
