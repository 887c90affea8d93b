"""Lesson 3, wild Powers: the exercises' checkers (RULES.md §A4, §A7, §C1).

Answers come from enumerating every 3-card hand with the triple rule of ``swkit.cards.triples``
under the wild effect, or from the player's odds engine.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from swkit.cards.notation import ALL_CARDS
from swkit.cards.triples import Wilds, is_run, is_set
from swkit.exercises import Exercise
from swkit.odds.cards import make_position, player_odds

ONES_WILD_TABLE = dict(hand="B2 Y9 G6", tableau="R1 B4 B5 Y7", center="red-1s-wild", figure=True)
"""Exercise 3.3: you hold the figure and the center Power is "Treat 1s as any number"."""


def _runs(wilds: Wilds) -> int:
    """The number of 3-card hands that form a run under ``wilds``, by enumeration."""
    return sum(1 for hand in combinations(ALL_CARDS, 3) if is_run(hand, wilds))


def _sets(wilds: Wilds) -> int:
    """The number of 3-card hands that form a set under ``wilds``, by enumeration."""
    return sum(1 for hand in combinations(ALL_CARDS, 3) if is_set(hand, wilds))


EXERCISES = [
    Exercise(
        key="3.1",
        question="Yellow is any color: how many 3-card hands form a run?",
        answer=lambda: _runs(Wilds(colors=frozenset({"Y"}))),
        hint="For one window of numbers (like 3 4 5), a run of color c may use c or yellow "
             "for each card: 2·2·2 ways for each of the four other colors. But the all-yellow "
             "hand is in every one of those: inclusion–exclusion.",
        wrong=5 * 7 * 8,
        explain="29 runs for each of the 7 windows: 1 all-yellow + 4 colors × 7.",
    ),
    Exercise(
        key="3.2",
        question="9s are any number: how many 3-card hands form a set?",
        answer=lambda: _sets(Wilds(numbers=frozenset({9}))),
        hint="For each number 1 to 8, pick 3 of its 5 cards and the five 9s. A hand of three "
             "9s is counted once for every number: keep it only once.",
        wrong=8 * 120,
        explain="8 · C(10, 3) − 7 · C(5, 3): the ten hands of three 9s were counted 8 times.",
    ),
    Exercise(
        key="3.3",
        question="Hand B2 Y9 G6, tableau R1 B4 B5 Y7, you hold the figure and the center Power "
                 "is '1s are any number': what is the probability of scoring this turn?",
        answer=lambda: player_odds(make_position(**ONES_WILD_TABLE)).this_turn,
        hint="R1 may be any number: it makes a set with any other card of the tableau and one "
             "more card of that number. Count the outs, then divide by the unseen cards.",
        wrong=Fraction(2, 38),  # forgetting the Power: only B3 and B6 finish the blue run
        explain="18 outs among 38 unseen cards: 1s wild turns R1 into a partner for everything.",
    ),
]
