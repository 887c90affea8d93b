"""Lesson 2, drawing to a set or run: the exercises' checkers (RULES.md §A3, §A4, §C1).

Answers come from the player's odds engine (``swkit.odds.cards.player_odds``) or from an
enumeration of the unseen cards.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

from swkit.exercises import Exercise
from swkit.odds.cards import Position, make_position, player_odds

LESSON_POSITION = dict(hand="B2 Y9 P1", tableau="R4 R5 B7 G7", discard="G3 P5 Y4 B1",
                       others="G5 G6 / P2 Y7")
"""The lesson's table: your hand, your tableau, the discard pile, two other tableaux."""

EXERCISE_POSITION = dict(hand="G2 G9 B4", tableau="Y6 Y7 P6 B3", discard="R1 R2")
"""The exercises' table (one other player, whose tableau is empty)."""


def _position(spec: dict[str, str]) -> Position:
    return make_position(**spec)


def _outs() -> int:
    """The number of unseen cards whose draw lets you score this turn."""
    return sum(player_odds(_position(EXERCISE_POSITION)).outs.values())


def _this_turn() -> Fraction:
    """P(scoring this turn) at the exercises' table."""
    return player_odds(_position(EXERCISE_POSITION)).this_turn


def _today_outs_in_three_draws() -> Fraction:
    """P(at least one of today's outs among the next three unseen cards), by enumeration."""
    pos = _position(EXERCISE_POSITION)
    odds = player_odds(pos)
    unseen = [card for card, copies in pos.unseen().items() for _ in range(copies)]
    slots = range(len(unseen))
    draws = list(combinations(slots, 3))
    hits = sum(1 for d in draws if any(unseen[i] in odds.outs for i in d))
    return Fraction(hits, len(draws))


def _second_turn_after_a_miss() -> Fraction:
    """P(score on turn 2 | no score on turn 1) at the lesson's table."""
    p1, p2 = player_odds(_position(LESSON_POSITION), turns=2).within
    return (p2 - p1) / (1 - p1)


EXERCISES = [
    Exercise(
        key="2.1",
        question="Hand G2 G9 B4, tableau Y6 Y7 P6 B3, discard pile R1 R2: how many unseen "
                 "cards are outs (let you score this turn)?",
        answer=_outs,
        hint="Which cards finish a run with Y6 Y7? Which finish a set with the two 6s? "
             "Leave out the cards you can see.",
        wrong=2,
        explain="Y5 and Y8 finish the run; B6, G6 and R6 finish the set of 6s.",
    ),
    Exercise(
        key="2.2",
        question="At the same table, what is the probability of scoring this turn?",
        answer=_this_turn,
        hint="Outs divided by the unseen cards: 45 minus every card you can see.",
        wrong=Fraction(5, 45),
        explain="5 outs among the 36 unseen cards.",
    ),
    Exercise(
        key="2.3",
        question="At the same table, counting only today's outs: what is the probability that "
                 "at least one of them is among the next three unseen cards?",
        answer=_today_outs_in_three_draws,
        hint="The hypergeometric count: 1 − (ways to pick 3 non-outs) / (ways to pick 3 "
             "unseen cards).",
        wrong=1 - Fraction(31, 36) ** 3,
        explain="1 − C(31, 3)/C(36, 3): the cards do not go back into the deck.",
    ),
    Exercise(
        key="2.4",
        question="At the lesson's table: you did not score on turn 1. What is the probability "
                 "that you score on turn 2?",
        answer=_second_turn_after_a_miss,
        hint="A conditional probability: P(score on turn 2 and not on turn 1) / P(not on turn "
             "1). Use P(within 2) − P(within 1) for the top.",
        wrong=Fraction(4, 29),
        explain="More than 4/29: some first draws make new outs for turn 2.",
    ),
]

MISCONCEPTIONS = {
    "2.3": ((Fraction(16865, 46656), "Next turn's chance is the same as this turn's"),),
    "2.4": ((Fraction(4, 29), "Next turn's chance is the same as this turn's"),),
}
"""Wrong answers behind which the teacher's guide names a misconception (as in lesson01.py)."""
