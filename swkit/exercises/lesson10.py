"""Lesson 10 exercises: playing to win (RULES.md §B4, §B5).

Seats are numbered from 0 in the order they play (seat 0 moves first; docs/DECISIONS.md, "One
name for a seat"). The game is the lesson's small two-player game: 3 dice, 3 characters
(Mickey, Minnie, Donald) and the Clubhouse, 3 rolls a turn, 3 turns each (``SMALL``). A
chance to win counts a tie as half (the Clubhouse roll-off is fair, RULES.md §B5). Answers
are computed by the exact solve (:func:`swkit.odds.duel.duel_options`, exact Fractions for
this model), never typed in; the tests check them against a brute force that shares no code
with the solve.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from typing import Any

from swkit.exercises import Exercise
from swkit.odds.dice import DiceModel

SMALL = DiceModel(n=3, characters=3)
"""The lesson's small game: 3 dice, Mickey, Minnie, Donald and the Clubhouse, 3 rolls a turn."""

LAST_TURN = "Mickey:1,Minnie:2,Donald:3 / Mickey:2,Minnie:3"
"""Exercise 10.1's board: seat 1's last turn, Donald still to score."""

CLUBHOUSES = ("Mickey:0,Donald:3 / Donald:0", "Clubhouse Clubhouse Clubhouse")
"""Exercise 10.2's board and dice (no rolls left): Mickey and Minnie both score 3."""

BEHIND = ("Minnie:0,Donald:3 / Donald:0", "Mickey Minnie Minnie")
"""Exercise 10.3's board and dice (one roll left): seat 1 is 3 points behind."""


def _option(board: str, dice: str, rolls_left: int, describe: str) -> Fraction:
    """The mover's chance to win after the option described ``describe``."""
    from swkit.odds.duel import duel_options
    for option in duel_options(board, dice, rolls_left, SMALL):
        if option.describe() == describe:
            return option.value
    raise AssertionError(f"no option {describe!r} on {board!r} with {dice!r}")


def _last_turn_chance() -> Fraction:
    from swkit.odds.duel import duel_options
    faces = (*SMALL.names, "Clubhouse")
    rolls = list(product(faces, repeat=SMALL.n))
    total = sum((duel_options(LAST_TURN, list(r), 0, SMALL)[0].value for r in rolls),
                Fraction(0))
    return total / len(rolls)


def _clubhouses_best() -> str:
    from swkit.odds.duel import duel_options
    best = duel_options(*CLUBHOUSES, 0, SMALL)[0]
    return best.score or ""


def _behind_gain() -> Fraction:
    board, dice = BEHIND
    return (_option(board, dice, 1, "keep Mickey")
            - _option(board, dice, 1, "keep Minnie Minnie"))


def _same_character(expected: Any, given: Any) -> bool:
    """A character's name in any case, alone or after "score" ("score Minnie", "minnie")."""
    if not isinstance(given, str):
        return False
    words = [w for w in given.lower().replace(",", " ").split() if w not in ("score", "the")]
    return words == [str(expected).lower()]


EXERCISES = [
    Exercise(
        key="10.1",
        question=f"The small game, board {LAST_TURN!r}: it is seat 1's LAST turn and only "
                 "Donald is left. Seat 1 rolls the three dice and stops (no rerolls). What "
                 "is seat 1's chance to win? (a tie counts half: the roll-off is fair)",
        answer=_last_turn_chance,
        hint="Seat 1 has 5 points, seat 0 has 6. Donald's 3 is taken, so 3 Donalds score "
             "2. Count Donald-or-Clubhouse dice: each die is one with chance 1/2. A space of 2 "
             "wins, 1 ties (half a win), 0 loses.",
        wrong=Fraction(1, 2),
        explain="11/16: a half for two or three Donalds, plus half of 3/8 for the tie.",
    ),
    Exercise(
        key="10.2",
        question=f"The small game, board {CLUBHOUSES[0]!r}, seat 1 rolls three Clubhouses "
                 "and has no rolls left. Mickey and Minnie both score 3 points. Which one "
                 "gives the better chance to win? Answer with a name, such as \"Donald\".",
        answer=_clubhouses_best,
        hint="Which characters does seat 0 still need? A token on a space pushes the "
             "other player's token on that row to the left.",
        wrong="Mickey",
        explain="Minnie: seat 0 still needs Minnie, and your token on her 3 means seat 0 "
                "can score at most 2 there. The same points, a much better chance to win.",
        compare=_same_character,
        kind="text",
    ),
    Exercise(
        key="10.3",
        question=f"The small game, board {BEHIND[0]!r}, seat 1 rolled {BEHIND[1]} and has "
                 "one roll left. How much bigger is seat 1's chance to win when keeping "
                 "Mickey than when keeping Minnie Minnie? (a difference of two probabilities)",
        answer=_behind_gain,
        hint="Use duel_options(board, dice, 1, SMALL): each option's value is the chance to "
             "win. Subtract the two.",
        wrong=Fraction(0),
        explain="Keeping Minnie Minnie expects more points, but keeping Mickey wins more "
                "often: seat 0 still needs Mickey, and a Mickey 3 blocks it.",
        kind="difference of probabilities",
    ),
]

MISCONCEPTIONS = {
    "10.2": (("Mickey", "The move with the most points is the best move"),),
}
"""Wrong answers behind which the teacher's guide names a misconception (as in lesson01.py):
both score 3, and only the block tells them apart."""
