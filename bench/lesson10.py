"""Lesson 10's whole-game figure: the exact chance that playing to win beats playing for points
in the lesson's small game (3 dice, 3 characters, 3 rolls; issue 14 §4).

Usage: python bench/lesson10.py

Both bots are fixed policies: the win bot plays ``duel_options(...)[0]`` (the exact solve),
the points bot the most points expected this turn (``keep_options`` with
``Objective.points``; ties: stop, then the first row, as PointsBot). The pairing's value is
computed exactly by playing every roll of both policies (no sampling), once with each bot in
seat 0; seats alternating, the win bot's chance is the mean of the two. Prints the Fractions'
values and the CPU seconds (``time.process_time``). Too slow for the lesson (about 30 s), so
the lesson quotes it.
"""

from __future__ import annotations

import time
from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from swkit.exercises.lesson10 import SMALL
from swkit.odds import Objective, keep_options
from swkit.odds.duel import DuelBoard, duel_options

NAMES = SMALL.names
FACES = (*NAMES, "Clubhouse")
ROLLS = {k: Counter(tuple(sorted(r)) for r in product(FACES, repeat=k))
         for k in range(SMALL.n + 1)}


def space_for(board: DuelBoard, seat: int, character: str, dice: tuple[str, ...]) -> int:
    other = board.rows[NAMES.index(character)][1 - seat]
    space = sum(d in (character, "Clubhouse") for d in dice)
    while space > 0 and space == other:
        space -= 1
    return space


def score(board: DuelBoard, character: str, dice: tuple[str, ...]) -> DuelBoard:
    seat, j = board.mover, NAMES.index(character)
    row = list(board.rows[j])
    row[seat] = space_for(board, seat, character, dice)
    return DuelBoard(NAMES, board.rows[:j] + (tuple(row),) + board.rows[j + 1:])


@cache
def win_move(board: DuelBoard, dice: tuple[str, ...], left: int) -> tuple[str, object]:
    best = duel_options(board, list(dice), left, SMALL)[0]
    return ("score", best.score) if best.reroll == 0 else ("keep", best.keep)


@cache
def points_move(board: DuelBoard, dice: tuple[str, ...], left: int) -> tuple[str, object]:
    seat = board.mover
    todo = [c for c, row in zip(NAMES, board.rows, strict=True) if row[seat] == -1]
    taken = {c: [row[1 - seat]] for c, row in zip(NAMES, board.rows, strict=True)
             if c in todo and row[1 - seat] > 0}
    objective = Objective.points([c for c in NAMES if c not in todo], taken)
    best = keep_options(SMALL, objective, SMALL.counts(list(dice)), left)[0]
    if best.reroll > 0:
        return ("keep", best.keep)
    return ("score", max(todo, key=lambda c: (space_for(board, seat, c, dice),
                                              -NAMES.index(c))))


def pairing(players: tuple) -> Fraction:
    """Seat 0's exact chance to win (a tie counts half) with players[s] playing seat s."""
    @cache
    def board_value(board: DuelBoard) -> Fraction:
        if board.is_over():
            a, b = board.totals
            return Fraction(1) if a > b else Fraction(0) if a < b else Fraction(1, 2)
        return sum((n * after(board, d, SMALL.rolls - 1) for d, n in ROLLS[SMALL.n].items()),
                   Fraction(0)) / len(FACES) ** SMALL.n

    @cache
    def after(board: DuelBoard, dice: tuple[str, ...], left: int) -> Fraction:
        kind, what = players[board.mover](board, dice, left)
        if kind == "score":
            return board_value(score(board, str(what), dice))
        k = SMALL.n - len(what)
        return sum((n * after(board, tuple(sorted((*what, *r))), left - 1)
                    for r, n in ROLLS[k].items()), Fraction(0)) / len(FACES) ** k

    return board_value(DuelBoard.empty(SMALL))


def main() -> None:
    start = time.process_time()
    first = pairing((win_move, points_move))
    second = pairing((points_move, win_move))
    both = pairing((win_move, win_move))
    print(f"win bot in seat 0 against the points bot: {float(first):.6f}")
    print(f"points bot in seat 0 against the win bot: {float(second):.6f}")
    print(f"win bot's chance, seats alternating: {float((first + 1 - second) / 2):.6f}")
    print(f"win bot against itself, seat 0: {float(both):.6f} (duel_value: the same)")
    print(f"{time.process_time() - start:.1f} s CPU")


if __name__ == "__main__":
    main()
