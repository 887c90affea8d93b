"""Lesson 1, counting sets and runs: the exercises' checkers (RULES.md §A1, §A4, §C1).

Each answer is computed: by enumerating the physical cards (with the triple rule of
``swkit.cards.triples`` where sets and runs are asked), or by the deal counter
``swkit.odds.deal``. The lesson computes P(set or run) and the four-card "set or run" count;
the exercises ask what it leaves out (one-color hands, the four-card sets and runs).
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from swkit.cards.notation import ALL_CARDS
from swkit.exercises import Exercise
from swkit.odds.deal import count_deals


def _one_color_hands() -> int:
    """The number of 3-card hands whose cards all have one color, counted one by one."""
    return sum(1 for hand in combinations(ALL_CARDS, 3) if len({c.color for c in hand}) == 1)


def _p_one_color() -> Fraction:
    """P(three random cards all have one color), by enumeration."""
    hands = list(combinations(ALL_CARDS, 3))
    return Fraction(sum(1 for h in hands if len({c.color for c in h}) == 1), len(hands))


EXERCISES = [
    Exercise(
        key="1.1",
        question="How many 3-card hands have all three cards of the same color?",
        answer=_one_color_hands,
        hint="Choose the color (5 ways), then 3 of the 9 cards of that color. Order does not "
             "matter in a hand: try math.comb, or count with the lesson's brute force.",
        wrong=5 * 9 * 8 * 7,
        explain="5 · C(9, 3) = 5 · 84 = 420: the same pattern as the sets, 9 · C(5, 3).",
    ),
    Exercise(
        key="1.2",
        question="Three random cards: what is the probability that all three have the same "
                 "color?",
        answer=_p_one_color,
        hint="Divide your count of 1.1 by the number of 3-card hands. Or card by card: the "
             "second card matches the first's color with 8 of the 44 cards left, and the third?",
        wrong=Fraction(1, 25),
        explain="420/14190 = 14/473, about 3%. Not 1/5 · 1/5 = 1/25: the cards do not go back "
                "into the deck, so matching gets harder (8/44, then 7/43).",
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

MISCONCEPTIONS = {
    "1.1": ((5 * 9 * 8 * 7, "Order matters when counting hands"),),
}
"""Wrong answers behind which the teacher's guide (lessons/README.md, "Common misconceptions")
names a misconception: ``{exercise key: ((wrong answer, the guide's words), ...)}``; the class
report (:mod:`swkit.classroom.report`) says them beside the answer."""
