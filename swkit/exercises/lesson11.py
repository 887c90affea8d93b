"""Lesson 11 exercises: write your own bot; how many games tell two bots apart.

Answers are computed when checked, never typed in: 11.1 by the dice game itself (the legal
moves of a seeded first roll), 11.2 by the interval rule ±0.98/√n with exact fractions, 11.3
by playing the lesson's measurement (:func:`pairing_experiment`: the points bot against the
greedy bot, paired and unpaired, seeded) and reading how many times less paired games vary,
11.4 by the card game itself (the cards a seat's view does not show after its first draw).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Any

from swkit.exercises import Exercise, read_number

VIEW_SEED = 5
"""Exercise 11.1's game: ``DiceGame(2, VIEW_SEED)`` after its first roll."""

HALF_WIDTH = Fraction(98, 100)
"""The 95% interval of a win rate near 50% is about ±0.98/√n (1.96 × 1/2 / √n)."""

EDGE = Fraction(10, 100)
"""Exercise 11.2's bot wins 60% of games: 10 points above an even match."""

MEASURE = {"choose": "points", "against": "greedy", "pairs": 100, "seed": 11}
"""The lesson's measurement of paired against unpaired games (:func:`pairing_experiment`)."""

CARD_SEED = 5
"""Exercise 11.4's game: ``CardGame(2, CARD_SEED)`` after seat 0's first draw."""

UNPAIRED_GAMES = 1_000
"""Exercise 11.3: as precise as this many unpaired games."""

TOLERANCE = Fraction(5, 100)
"""Exercise 11.3 accepts any answer within 5% (the question says so)."""


@lru_cache(maxsize=1)
def pairing_experiment() -> Any:
    """The lesson's measurement (:data:`MEASURE`): a :class:`swkit.arena.compare.Comparison`
    of the points bot against the greedy bot, 100 paired and 100 unpaired pairs of games,
    seed 11 (played once, then remembered)."""
    from swkit.arena.compare import compare
    return compare(**MEASURE)


def _legal_moves_after_first_roll() -> int:
    from swkit.dice.game import DiceGame
    game = DiceGame(2, VIEW_SEED)
    game.apply_chance()
    return len(game.legal_actions())


def _cards_not_seen() -> int:
    """Every card of the game that seat 0's view does not show after its first draw (the
    other hand and the deck)."""
    from swkit.arena.in_process import plain_view
    from swkit.cards.game import CardGame
    game = CardGame(2, CARD_SEED)
    game.apply_chance()
    view = plain_view(game, 0)
    everything = len(game.deck) + sum(map(len, game.hands)) + sum(map(len, game.tableaux)) \
        + len(game.discard)
    return everything - len(view.hand) - sum(map(len, view.tableaux)) - len(view.discard)


def games_needed(edge: Fraction) -> int:
    """The fewest games n for which ±0.98/√n is at most ``edge`` (a win rate's distance from
    1/2, a Fraction above 0): n >= 0.98² / edge², exact. Raises ValueError for an edge <= 0."""
    if edge <= 0:
        raise ValueError(f"an edge is above 0, got {edge}")
    return math.ceil(HALF_WIDTH ** 2 / Fraction(edge) ** 2)


def _games_for_sixty() -> int:
    return games_needed(EDGE)


def _paired_games() -> int:
    ratio = pairing_experiment().variance_ratio
    return round(UNPAIRED_GAMES / ratio)


def _within_tolerance(expected: Any, given: Any) -> bool:
    """``given`` (any number) within :data:`TOLERANCE` of ``expected``."""
    number = read_number(given)
    if number is None:
        return False
    return abs(Fraction(number) - Fraction(expected)) <= TOLERANCE * abs(Fraction(expected))


EXERCISES = [
    Exercise(
        key="11.1",
        question=f"In the game DiceGame(2, {VIEW_SEED}), seat 0 has just rolled for the first "
                 "time. How many moves can its choose(view) return? (len(view.legal_moves))",
        answer=_legal_moves_after_first_roll,
        hint=f"Make the view as the lesson does: first_view({VIEW_SEED}), then count its "
             "legal moves with len(...).",
        wrong=36,
        explain="Every keep of some of the dice (never all five), and a score for each "
                "character: the same dice counted once however they lie.",
    ),
    Exercise(
        key="11.2",
        question="A bot wins 60% of its games: 10 points better than an even match. What is "
                 "the fewest number of games n for which ±0.98/√n is at most 10 points "
                 "(0.10)?",
        answer=_games_for_sixty,
        hint="0.98/√n <= 0.10 means √n >= 0.98/0.10. Square both sides, then take the next "
             "whole number.",
        wrong=10,
        explain="√n must be at least 9.8, so n at least 96.04: 97 games. Twice the edge "
                "needs only a quarter of the games: the 55% bot needed 385.",
        kind="count",
    ),
    Exercise(
        key="11.3",
        question=f"The lesson measured how many times more unpaired games vary than paired "
                 f"ones (ratio). About how many PAIRED games are as precise as "
                 f"{UNPAIRED_GAMES:,} unpaired games? (any answer within 5% counts)",
        answer=_paired_games,
        hint="The interval's width depends on the spread divided by the number of games: a "
             "spread `ratio` times smaller needs `ratio` times fewer games.",
        wrong=UNPAIRED_GAMES,
        explain="Divide by the measured ratio: paired games need about half as many games "
                "for the same interval. That is why tournaments play duplicate pairs.",
        compare=_within_tolerance,
        kind="count",
    ),
    Exercise(
        key="11.4",
        question=f"In the card game CardGame(2, {CARD_SEED}), seat 0 has just drawn its first "
                 "card. How many cards can its bot NOT see, anywhere? (the game has 45 cards)",
        answer=_cards_not_seen,
        hint=f"Look at first_card_view({CARD_SEED}): the bot sees its hand and what is on the "
             "table. Every other card of the 45 is hidden.",
        wrong=38,
        explain="4 cards in its hand, nothing on the table yet: 45 - 4 = 41 hidden, the other "
                "player's 3 cards and the 38 in the deck.",
        kind="count",
    ),
]
