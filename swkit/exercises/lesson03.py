"""Lesson 3, wild Powers: the exercises' checkers (RULES.md §A4, §A7, §C1).

Answers come from enumerating every 3-card hand with the triple rule of ``swkit.cards.triples``
under the wild effect, or from the player's odds engine.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from swkit.cards.notation import ALL_CARDS
from swkit.cards.triples import Wilds, is_run
from swkit.exercises import Exercise
from swkit.odds.cards import make_position, player_odds

ONES_WILD_TABLE = dict(hand="B2 Y9 G6", tableau="R1 B4 B5 Y7", center="red-1s-wild", figure=True)
"""Exercise 3.3: you hold the figure and the center Power is "Treat 1s as any number"."""


def _runs(wilds: Wilds) -> int:
    """The number of 3-card hands that form a run under ``wilds``, by enumeration."""
    return sum(1 for hand in combinations(ALL_CARDS, 3) if is_run(hand, wilds))


EXERCISES = [
    Exercise(
        key="3.1",
        question="5s are any number: how many 3-card hands form a run?",
        answer=lambda: _runs(Wilds(numbers=frozenset({5}))),
        hint="A 5 keeps its color, so count one color at a time: the runs that use no 5, "
             "plus the hands of the 5 with two other cards of its color, one or two numbers "
             "apart (the 5 fills the gap or an end). Is a 5 as useful as a 1?",
        wrong=95,  # the 1s' count: a 5 is not a 1
        explain="15 runs in each color, 75 in all: fewer than 1s wild (95). A real 5 already "
                "sits in three windows of its own, so making it wild adds less.",
    ),
    Exercise(
        key="3.2",
        question="Purple is any color: how many 3-card hands are a run ONLY thanks to the "
                 "Power (a run with purple wild, but not without it)?",
        answer=lambda: sum(1 for hand in combinations(ALL_CARDS, 3)
                           if is_run(hand, Wilds(colors=frozenset({"P"}))) and not is_run(hand)),
        hint="Count the runs with purple wild, then take away the hands that were runs already "
             "(every one of them is still a run).",
        wrong=203,
        explain="203 − 35 = 168: the Power makes 168 new runs, and no new set.",
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
