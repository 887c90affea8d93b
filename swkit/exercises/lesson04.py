"""Lesson 4, combining editions: the exercises' checkers (RULES.md §A9, §C1; docs/DECISIONS.md:
three copies of one card type count as a set).

Answers come from the deal counter ``swkit.odds.deal`` or from enumerating physical cards with
the triple rule of ``swkit.cards.triples``.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from swkit.cards.notation import ALL_CARDS
from swkit.cards.triples import is_set
from swkit.exercises import Exercise
from swkit.odds.deal import Deck, count_deals, deal_odds


def _same_card_sets(editions: int = 3) -> int:
    """How many 3-card deals of ``editions`` boxes are three copies of one card and a set."""
    total = 0
    for card in ALL_CARDS:
        copies = [(card, copy) for copy in range(editions)]
        total += sum(1 for three in combinations(copies, 3) if is_set([c for c, _ in three]))
    return total


EXERCISES = [
    Exercise(
        key="4.1",
        question="Two boxes shuffled together: how many different 3-card deals are there?",
        answer=lambda: comb(Deck(editions=2).size, 3),
        hint="Two copies of a card are different physical cards. How many cards are in the "
             "deck now?",
        wrong=2 * comb(45, 3),
        explain="C(90, 3): 90 physical cards, any 3 of them.",
    ),
    Exercise(
        key="4.2",
        question="Two boxes: how many 3-card deals form a set?",
        answer=lambda: count_deals(3, "set", Deck(editions=2)),
        hint="A set only needs the same number: R7 R7 B7 is a set too. For each number there "
             "are 10 cards now.",
        wrong=9 * comb(5, 3) * 2**3,
        explain="9 · C(10, 3): any three of the ten cards of one number, repeated colors too.",
    ),
    Exercise(
        key="4.3",
        question="Three boxes: how many 3-card deals are three copies of the same card "
                 "(like R7 R7 R7)?",
        answer=_same_card_sets,
        hint="How many card types are there, and in how many ways can you pick all three "
             "copies of one?",
        wrong=0,
        explain="45 card types, one way each; and each of them is a set (same number).",
    ),
    Exercise(
        key="4.4",
        question="Two boxes: what is the probability that 3 random cards form a run?",
        answer=lambda: deal_odds(3, editions=2).run,
        hint="Each card of a run now comes in 2 copies: 5 · 7 · 2 · 2 · 2 runs. Divide by the "
             "3-card deals of 4.1.",
        wrong=Fraction(7, 2838),
        explain="280 / 117480: a little less than with one box!",
    ),
]
