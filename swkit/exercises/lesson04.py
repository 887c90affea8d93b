"""Lesson 4, combining editions: the exercises' checkers (RULES.md §A9, §C1).

Answers come from the deal counter ``swkit.odds.deal`` or from enumerating physical cards.
The lesson works with two boxes (and three copies of one card); the exercises ask about four
boxes, two copies of one card, and the share of runs among the scoring deals (a conditional
probability), which it does not compute.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from swkit.cards.notation import ALL_CARDS
from swkit.exercises import Exercise
from swkit.odds.deal import Deck, count_deals, deal_odds


def _two_copies_deals(editions: int = 2) -> int:
    """How many 3-card deals of ``editions`` boxes hold two copies of one card (and a third
    card of another type), counted one by one over the physical cards."""
    deck = [(card, copy) for card in ALL_CARDS for copy in range(editions)]
    return sum(1 for deal in combinations(deck, 3)
               if len({card for card, _ in deal}) == 2)


def _run_among_scoring_deals() -> Fraction:
    """Two boxes: P(the deal is a run | it is a set or a run), from the deal counter."""
    counts = deal_odds(3, editions=2).counts
    return Fraction(counts["run"], counts["either"])


EXERCISES = [
    Exercise(
        key="4.1",
        question="Four boxes shuffled together: how many different 3-card deals are there?",
        answer=lambda: comb(Deck(editions=4).size, 3),
        hint="Four copies of a card are four different physical cards. How many cards are in "
             "the deck now?",
        wrong=4 * comb(45, 3),
        explain="C(180, 3): 180 physical cards, any 3 of them.",
    ),
    Exercise(
        key="4.2",
        question="Four boxes: how many 3-card deals form a set?",
        answer=lambda: count_deals(3, "set", Deck(editions=4)),
        hint="A set only needs the same number: R7 R7 B7 is a set too. How many cards show "
             "each number now?",
        wrong=9 * comb(5, 3) * 4**3,
        explain="9 · C(20, 3): any three of the twenty cards of one number, repeated colors "
                "too.",
    ),
    Exercise(
        key="4.3",
        question="Two boxes: how many 3-card deals hold two copies of the same card (like "
                 "R7 R7 B2)?",
        answer=_two_copies_deals,
        hint="Choose the card that comes twice (both of its copies), then the third card: "
             "how many physical cards are left for it?",
        wrong=45 * 89,
        explain="45 · 88: both copies of one of the 45 cards, then any of the other 88.",
    ),
    Exercise(
        key="4.4",
        question="Two boxes: a deal of 3 cards forms a set or a run. What is the probability "
                 "that it is a run?",
        answer=_run_among_scoring_deals,
        hint="Now only the deals that form a set or a run count: what share of them are runs? "
             "No deal is both a set and a run.",
        wrong=Fraction(7, 2937),  # P(run) among all deals
        explain="280 of the 1360 scoring deals are runs: 7/34, about 21%. With one box it was "
                "35 of 125 (28%): a second box helps sets more than runs.",
        kind="probability",
    ),
]
