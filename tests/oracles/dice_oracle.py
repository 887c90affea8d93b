"""Brute-force dice odds written the obvious way: every roll SEQUENCE, every keep MASK.

Independent of swkit.odds (it shares no code with the fast path, not even the scoring rule).
A die has faces 0..F-1; face f < c shows character f, faces c..F-1 show the Clubhouse
(label c). Dice are lists of labels in die order. Memoised on the sorted dice only to make the
sizes used in the tests finish in seconds; no multiset counting anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import product


class Oracle:
    """Brute force for n dice with c characters and w Clubhouse faces."""

    def __init__(self, n: int, c: int, w: int) -> None:
        self.n, self.c, self.w, self.F = n, c, w, c + w

    # -- basics -----------------------------------------------------------------------------

    def label(self, face: int) -> int:
        return face if face < self.c else self.c

    def sequences(self, m: int):
        """Every face sequence of m dice (F**m of them, equally likely), as labels."""
        for faces in product(range(self.F), repeat=m):
            yield [self.label(f) for f in faces]

    def count(self, dice, j: int) -> int:
        return sum(1 for d in dice if d == j or d == self.c)

    def best(self, dice, scored=()) -> int:
        counts = [self.count(dice, j) for j in range(self.c) if j not in scored]
        return max(counts) if counts else 0

    @staticmethod
    def space(count: int, taken) -> int:
        """Nearest open numbered space at or left of min(count, 5); 0 = Picture Column."""
        v = min(count, 5)
        while v > 0 and v in taken:
            v -= 1
        return v

    # -- a keep policy played for r rolls -----------------------------------------------------

    def policy_distribution(self, rolls: int, keep: Callable, stat: Callable) -> dict:
        """Distribution of stat(dice) after `rolls` rolls; keep(dice, roll_number) returns the
        positions kept (roll_number counts from 1) -- may depend on the first roll via closure."""
        dist: dict[int, Fraction] = {}

        def go(dice, done, p, history):
            if done == rolls:
                x = stat(dice, history)
                dist[x] = dist.get(x, 0) + p
                return
            kept = [dice[i] for i in keep(dice, done, history)] if done else []
            m = self.n - len(kept)
            q = p / self.F ** m
            for seq in self.sequences(m):
                new = kept + seq
                go(new, done + 1, q, history + [tuple(new)])

        go([], 0, Fraction(1), [])
        return dist

    def keep_once_distribution(self, rolls: int, stat: Callable) -> dict:
        """Distribution of stat(final dice, chosen) after `rolls` rolls when the most common
        character of the first roll (ties: lowest index) is chosen and its dice and the
        Clubhouses are kept thereafter. Every roll SEQUENCE is enumerated; only the dice
        still to come are memoised on (sorted kept dice, chosen, rolls left), since what
        follows a keep depends on nothing else."""

        @cache
        def after(kept: tuple, chosen: int, left: int) -> tuple:
            dist: dict[int, Fraction] = {}
            m = self.n - len(kept)
            for seq in self.sequences(m):
                dice = list(kept) + seq
                if left == 1:
                    part = {stat(dice, chosen): Fraction(1)}
                else:
                    keep = tuple(sorted(d for d in dice if d in (chosen, self.c)))
                    part = dict(after(keep, chosen, left - 1))
                for x, p in part.items():
                    dist[x] = dist.get(x, 0) + p / self.F ** m
            return tuple(dist.items())

        out: dict[int, Fraction] = {}
        for seq in self.sequences(self.n):
            chosen = max(range(self.c), key=lambda j: (seq.count(j), -j))
            if rolls == 1:
                part = {stat(seq, chosen): Fraction(1)}
            else:
                keep = tuple(sorted(d for d in seq if d in (chosen, self.c)))
                part = dict(after(keep, chosen, rolls - 1))
            for x, p in part.items():
                out[x] = out.get(x, 0) + p / self.F ** self.n
        return out

    # -- optimal play for one turn ----------------------------------------------------------

    def solve(self, terminal: Callable):
        """Return V(dice, t): the best value with dice showing and t rolls left, trying every
        keep mask over die positions; `terminal(sorted dice)` is the value when stopping."""
        n = self.n

        @cache
        def V(dice: tuple, t: int) -> Fraction:
            best = Fraction(terminal(dice))
            if t == 0:
                return best
            for mask in range(2 ** n - 1):  # all but "keep everything"
                v = self.mask_value(V, dice, mask, t)
                if v > best:
                    best = v
            return best

        return V

    def mask_value(self, V, dice, mask: int, t: int) -> Fraction:
        kept = [dice[i] for i in range(self.n) if mask >> i & 1]
        m = self.n - len(kept)
        total = Fraction(0)
        for seq in self.sequences(m):
            total += V(tuple(sorted(kept + seq)), t - 1)
        return total / self.F ** m

    def first_roll_value(self, V, rolls: int) -> Fraction:
        total = Fraction(0)
        for seq in self.sequences(self.n):
            total += V(tuple(sorted(seq)), rolls - 1)
        return total / self.F ** self.n

    def keep_values(self, V, dice, t: int) -> dict[tuple, Fraction]:
        """Value of every keep MASK, keyed by the sorted kept labels (masks with the same kept
        multiset must agree -- checked here)."""
        dice = tuple(sorted(dice))
        out: dict[tuple, Fraction] = {}
        for mask in range(2 ** self.n):
            kept = tuple(sorted(dice[i] for i in range(self.n) if mask >> i & 1))
            if mask == 2 ** self.n - 1:
                v = V(dice, 0)
            elif t == 0:
                continue
            else:
                v = self.mask_value(V, dice, mask, t)
            assert out.setdefault(kept, v) == v
        return out

    # -- terminal functions -----------------------------------------------------------------

    def at_least(self, k: int, target=None, scored=()):
        if target is None:
            return lambda d: int(self.best(d, scored) >= k)
        return lambda d: int(self.count(d, target) >= k)

    def points(self, scored=(), taken=None, target=None):
        taken = taken or {}
        if target is not None:
            return lambda d: self.space(self.count(d, target), taken.get(target, ()))
        return lambda d: max([self.space(self.count(d, j), taken.get(j, ()))
                              for j in range(self.c) if j not in scored] or [0])

    # -- solo -------------------------------------------------------------------------------

    def solo(self, rolls: int) -> Fraction:
        """The solo game over explicit scored SETS (no symmetry used)."""

        @cache
        def game(scored: frozenset) -> Fraction:
            if len(scored) == self.c:
                return Fraction(0)

            def terminal(d):
                return max(self.space(self.count(d, j), ()) + game(scored | {j})
                           for j in range(self.c) if j not in scored)
            V = self.solve(terminal)
            return self.first_roll_value(V, rolls)

        return game(frozenset())
