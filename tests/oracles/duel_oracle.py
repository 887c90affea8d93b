"""Brute force for the two-player dice game, written the obvious way (RULES.md §B).

Independent of swkit.odds.duel: it shares no code with the solver, not even the scoring rule.
The board is LABELLED (one row per character, no symmetry), a row being (seat 0's place,
seat 1's place) with None for a token not yet placed, 0 for the Picture Column, 1..5 a space.
Rolls are every face SEQUENCE of the rerolled dice (equally likely), keeps every MASK of die
positions. Memoised on (board, dice sorted, rolls left) only to make the small models finish;
no multiset counting, no levels.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product


class DuelOracle:
    """n dice, c characters, w Clubhouse faces, `rolls` rolls a turn, 2 players, c turns each."""

    def __init__(self, n: int, c: int, w: int, rolls: int) -> None:
        self.n, self.c, self.w, self.rolls = n, c, w, rolls
        self.F = c + w
        self.game = cache(self._game)
        self.decide = cache(self._decide)

    def label(self, face: int) -> int:
        """Faces 0..c-1 show character f; faces c..F-1 show the Clubhouse (label c)."""
        return face if face < self.c else self.c

    def sequences(self, m: int) -> list[tuple[int, ...]]:
        return [tuple(self.label(f) for f in faces) for faces in product(range(self.F), repeat=m)]

    @staticmethod
    def push_left(count: int, other: int | None) -> int:
        """Where a token goes: min(count, 5), moved left past the other seat's token; 0 is the
        Picture Column, which any number of tokens share."""
        v = min(count, 5)
        while v > 0 and v == other:
            v -= 1
        return v

    def start(self) -> tuple[tuple[int | None, int | None], ...]:
        return ((None, None),) * self.c

    def seat_to_move(self, board) -> int:
        placed = [sum(1 for row in board if row[s] is not None) for s in (0, 1)]
        return 0 if placed[0] == placed[1] else 1

    def over(self, board) -> bool:
        return all(p is not None for row in board for p in row)

    def final(self, board) -> Fraction:
        t0 = sum(row[0] for row in board)
        t1 = sum(row[1] for row in board)
        return Fraction(1) if t0 > t1 else Fraction(1, 2) if t0 == t1 else Fraction(0)

    def score(self, board, seat: int, j: int, dice) -> tuple:
        """The board after `seat` scores character j with these dice."""
        count = sum(1 for d in dice if d in (j, self.c))
        other = board[j][1 - seat]
        place = self.push_left(count, other)
        row = (place, board[j][1]) if seat == 0 else (board[j][0], place)
        return board[:j] + (row,) + board[j + 1:]

    def _game(self, board) -> Fraction:
        """Seat 0's P(win) + 1/2 P(tie) before the mover's first roll."""
        if self.over(board):
            return self.final(board)
        seqs = self.sequences(self.n)
        return sum((self.decide(board, tuple(sorted(s)), self.rolls - 1) for s in seqs),
                   Fraction(0)) / len(seqs)

    def options(self, board, dice, left) -> list[tuple[str, object, Fraction]]:
        """Every choice with seat 0's value: ("score", j, v) and ("keep", sorted kept, v)."""
        seat = self.seat_to_move(board)
        out = []
        for j in range(self.c):
            if board[j][seat] is None:
                out.append(("score", j, self.game(self.score(board, seat, j, dice))))
        if left > 0:
            seen = set()
            for mask in range(2 ** self.n - 1):  # keeping all dice is stopping, not a reroll
                kept = tuple(sorted(dice[i] for i in range(self.n) if mask >> i & 1))
                if kept in seen:
                    continue
                seen.add(kept)
                seqs = self.sequences(self.n - len(kept))
                v = sum((self.decide(board, tuple(sorted(kept + s)), left - 1) for s in seqs),
                        Fraction(0)) / len(seqs)
                out.append(("keep", kept, v))
        return out

    def _decide(self, board, dice, left) -> Fraction:
        seat = self.seat_to_move(board)
        values = [v for _, _, v in self.options(board, dice, left)]
        return max(values) if seat == 0 else min(values)
