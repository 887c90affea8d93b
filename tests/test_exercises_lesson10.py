"""Lesson 10's exercises against the brute force of tests/oracles/duel_oracle.py (labelled
boards, every roll sequence, every keep mask), which shares no code with swkit.odds.duel, and
against counting by hand where a child would."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from oracles.duel_oracle import DuelOracle

from swkit.exercises import get
from swkit.exercises.lesson10 import BEHIND, CLUBHOUSES, LAST_TURN
from swkit.odds.duel import DuelBoard
from swkit.odds.duel.core import ABSENT

ORACLE = DuelOracle(3, 3, 1, 3)
NAMES = ("Mickey", "Minnie", "Donald")


def oracle_board(text: str):
    board = DuelBoard.parse(text, get_model())
    return tuple(tuple(None if p == ABSENT else p for p in row) for row in board.rows)


def get_model():
    from swkit.exercises.lesson10 import SMALL
    return SMALL


def dice_labels(text: str) -> tuple[int, ...]:
    """Dice as the oracle labels them: 0..2 the characters, 3 the Clubhouse."""
    return tuple(sorted((*NAMES, "Clubhouse").index(d) for d in text.split()))


def mover_options(text: str, dice: str, left: int) -> dict:
    """The oracle's options, each with the MOVER's chance to win (seat 1 moves here)."""
    board = oracle_board(text)
    assert ORACLE.seat_to_move(board) == 1
    return {(kind, what): 1 - v for kind, what, v in ORACLE.options(board, dice_labels(dice),
                                                                     left)}


def test_10_1_last_turn_by_counting_every_roll():
    # seat 1 has 5 points, seat 0 has 6; Donald's 3 is taken (push left to 2)
    wins = Fraction(0)
    rolls = list(product(range(4), repeat=3))
    for roll in rolls:
        count = sum(d in (2, 3) for d in roll)
        space = {0: 0, 1: 1, 2: 2, 3: 2}[count]
        wins += 1 if 5 + space > 6 else Fraction(1, 2) if 5 + space == 6 else 0
    by_hand = wins / len(rolls)
    assert by_hand == Fraction(11, 16)
    oracle = sum((1 - ORACLE.decide(oracle_board(LAST_TURN), tuple(sorted(r)), 0)
                  for r in rolls), Fraction(0)) / len(rolls)
    assert get("10.1").answer() == by_hand == oracle


def test_10_2_the_block_with_three_clubhouses():
    options = mover_options(*CLUBHOUSES, 0)
    mickey, minnie = options[("score", 0)], options[("score", 1)]
    assert minnie > mickey          # same points (3 each), a better chance to win
    assert max(options.values()) == minnie
    assert get("10.2").answer() == "Minnie"


def test_10_3_keeping_mickey_when_behind():
    options = mover_options(*BEHIND, 1)
    gain = options[("keep", (0,))] - options[("keep", (1, 1))]
    assert gain > 0 and get("10.3").answer() == gain


def test_the_exercises_name_seats_as_the_dice_cup_does():
    """One name for a seat (docs/DECISIONS.md): seat 0 moves first, seat 1 second; never
    "player 1" / "player 2" for the same seats."""
    import re
    for key in ("10.1", "10.2", "10.3"):
        exercise = get(key)
        words = " ".join((exercise.question, exercise.hint, exercise.explain))
        assert not re.search(r"\b[Pp]layer \d", words), words
    assert "seat 1's LAST turn" in get("10.1").question
