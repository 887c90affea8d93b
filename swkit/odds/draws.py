"""The card odds' last-turn outs for every next draw at once (numpy), issue 6 item 9.

``swkit.odds.cards`` holds a set of card types as an int bitmask (bit x = card type x). With
two turns to go and one extra play in reach (no swap, no wild), the last turn's outs of each
choice after each draw y derive from masks that do not depend on y (the rule is
``_Engine._outs_fast``, RULES.md §A3/§A7). Here those derivations run on numpy ``uint64``
arrays whose last axis is the draw y, so one array operation does the work of a Python loop over
the draws (and, in ``_Engine._numerator2_batch``, over many positions). A deck has at most 45
card types (5 colors x 9 numbers, RULES.md §A1), so a mask fits in 64 bits.

Shapes: ``ys`` / ``yi`` are the nY card types drawn (``uint64`` for shifts, ``intp`` for
indexing); a mask array has shape (rows, nY); weights are ``int64`` counts of unseen cards.
``tests/test_odds_cards_draws.py`` checks each formula against ``_Engine._outs_fast`` (or
``_Engine._derive1``) computed directly, on random input.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

Masks = NDArray[np.uint64]
ONE = np.uint64(1)
MAX_TYPES = 64
"""A card type is a bit of a ``uint64``."""


def bit(masks: Masks, ys: Masks) -> NDArray[np.bool_]:
    """True where bit y of the mask is set (``ys`` broadcasts against ``masks``)."""
    return ((masks >> ys) & ONE).astype(bool)


def segment_max(values: NDArray[np.int64], owners: NDArray[np.intp], rows: int
                ) -> NDArray[np.int64]:
    """Row i of the result: the column-wise largest of the rows of ``values`` whose owner is
    i (-1 where there is none), shape (rows, columns of ``values``)."""
    out = np.full((rows, values.shape[1]), -1, dtype=np.int64)
    if len(owners):
        order = np.argsort(owners, kind="stable")
        owned = owners[order]
        starts = np.flatnonzero(np.r_[True, owned[1:] != owned[:-1]])
        out[owned[starts]] = np.maximum.reduceat(values[order], starts, axis=0)
    return out


class DrawTables:
    """Per search (one ``_Engine``): the pair masks as a matrix and the plus rows of tableaux.

    ``pair(a, b)``: the bitmask of the types c with a, b, c a set or a run (no wilds);
    ``pm(tab)``: the types completing a triple with two cards of the tableau ``tab`` (a sorted
    tuple of types); ``has(tab)``: True if ``tab`` holds a triple. ``center``: the bitmask of
    the center Power's color (0 if unknown or none); ``need``: the bitmask of the types with
    Power 3's required number (0 if none).
    """

    def __init__(self, n: int, pair: Callable[[int, int], int],
                 pm: Callable[[tuple[int, ...]], int], has: Callable[[tuple[int, ...]], bool],
                 center: int, need: int) -> None:
        if n > MAX_TYPES:
            raise ValueError(f"{n} card types do not fit a uint64 bitmask (at most {MAX_TYPES})")
        self.n = n
        self.every = np.uint64((1 << n) - 1)
        self.center = np.uint64(center)
        self.need = np.uint64(need)
        self._pm, self._has = pm, has
        # pairs[a, y] = pair(a, y); row n is a padding type that completes nothing
        pairs = np.zeros((n + 1, n), dtype=np.uint64)
        for a in range(n):
            for b in range(a, n):
                pairs[a, b] = pairs[b, a] = pair(a, b)
        self.pairs = pairs
        types = np.arange(n, dtype=np.uint64)
        # per drawn y: True if y has the center Power's color (playing y takes the figure)
        self.center_bit = bit(self.center, types)
        # per drawn y: what of plus(tab, y) can score when the figure is not held (_derive1)
        self.center_gate = np.where(self.center_bit, self.every, self.center)
        self.need_bit = bit(self.need, types)
        self._rows = np.zeros((256, n), dtype=np.uint64)
        self._row_of: dict[tuple[int, ...], int] = {}

    # ---- plus rows: plus(tab, y) for every y (``_Engine._plus_mask``) ----
    def row(self, tab: tuple[int, ...]) -> int:
        """The index of the row plus(tab, y) over y: every type if tab holds a triple or y
        is in pm(tab), else pm(tab) and the pairs of y with each card of tab."""
        hit = self._row_of.get(tab)
        if hit is not None:
            return hit
        return self._new_row(tab)

    def _new_row(self, tab: tuple[int, ...]) -> int:
        hit = len(self._row_of)
        if hit == len(self._rows):
            self._rows = np.concatenate([self._rows, np.zeros_like(self._rows)])
        if self._has(tab):
            self._rows[hit] = self.every
        else:
            pm = np.uint64(self._pm(tab))
            acc = np.bitwise_or.reduce(self.pairs[list(tab)], axis=0) if tab else 0
            self._rows[hit] = np.where(bit(pm, np.arange(self.n, dtype=np.uint64)), self.every,
                                       pm | acc)
        self._row_of[tab] = hit
        return hit

    def plus(self, tabs: Sequence[tuple[int, ...]], ys: NDArray[np.intp]) -> Masks:
        """plus(tab, y) for each tableau (rows) and each drawn y (columns)."""
        rows = [self.row(t) for t in tabs]      # first: a new row may grow the table
        return self._rows[np.ix_(rows, ys)]

    # ---- weights ----
    @staticmethod
    def weights(masks: Masks, levels: Sequence[tuple[int, int]], ys: Masks
                ) -> NDArray[np.int64]:
        """The unseen copies of the types in each mask after drawing y (``_Engine.weighted``):
        ``levels`` = [(k, bitmask of the types with k unseen copies before the draw)], and y
        itself has one copy fewer."""
        total = np.zeros(masks.shape, dtype=np.int64)
        for k, lm in levels:
            total += k * np.bitwise_count(masks & np.uint64(lm)).astype(np.int64)
        return total - bit(masks, ys)

    # ---- the formulas ----
    def derive(self, ms: Sequence[int], tabs: Sequence[tuple[int, ...]],
               figs: Sequence[bool], ys: Masks, yi: NDArray[np.intp]) -> Masks:
        """``_Engine._derive1`` for each (m, tab, fig) (rows) and each y (columns): the outs of
        a hand plus y from the outs m of the hand: every type if m is every type or holds y,
        else m plus plus(tab, y) (only the part of it that can take the figure when it is not
        held and y cannot take it)."""
        m = np.array(ms, dtype=np.uint64)[:, None]
        gate = np.where(np.array(figs, dtype=bool)[:, None], self.every,
                        self.center_gate[yi][None, :])
        full = (m == self.every) | bit(m, ys)
        return np.where(full, self.every, m | (gate & self.plus(tabs, yi)))

    def outs_plus(self, preps: Sequence[tuple[Any, ...]], fig: NDArray[np.bool_],
                  yi: NDArray[np.intp]) -> Masks:
        """The last turn's outs (``_Engine._outs_fast``) of hand + (tableau + y) for each
        ``_Engine._plus_prep`` part (tab, Power 3's number in tab, discard key, hand cards,
        hand bits) (rows) and each y (columns); ``fig`` (rows x columns): the figure is held.

        Derived from masks of tab: pm(tab + y) = plus(tab, y) (every type if it is every
        type); Power 3 with d of the key adds, gated by the figure and its number, plus(tab +
        y, d) = plus(tab, y) | plus(tab, d) | pair(y, d) (the pairs of tab + y + d without y,
        or with it), every type if d is in plus(tab, y); every type if the hand holds one of
        these; the extra play of q in the hand adds plus(tab + y, q) the same way (every type
        if another card of the hand is in it and q can use the figure; only the part that can
        take the figure if q cannot)."""
        every, n = self.every, self.n
        get = self._row_of.get
        rix = np.array([get(p[0]) or self.row(p[0]) for p in preps], dtype=np.intp)[:, None]
        p0 = self._rows[rix, yi[None, :]]                               # plus(tab, y)
        acc = np.where(fig, every, self.center)
        res = p0.copy()
        rows = len(preps)
        dmax = max(len(p[2]) for p in preps)
        if dmax:        # Power 3: a discard pile card d played after y
            d_idx = np.full((rows, dmax), n, dtype=np.intp)
            has_need = np.zeros(rows, dtype=bool)
            for i, p in enumerate(preps):
                has_need[i] = p[1]
                d_idx[i, :len(p[2])] = p[2]
            d_plus = self._rows[rix, np.minimum(d_idx, n - 1)]          # plus(tab, d)
            gate = np.where(has_need[:, None] | self.need_bit[yi][None, :], acc,
                            acc & self.need)
            dshift = d_idx.astype(np.uint64)[:, :, None]
            plus_d = np.where(bit(p0[:, None, :], dshift), every,
                              p0[:, None, :] | d_plus[:, :, None] | self.pairs[d_idx][:, :, yi])
            plus_d &= gate[:, None, :]
            plus_d[d_idx == n] = 0
            res |= np.bitwise_or.reduce(plus_d, axis=1)
        hm = np.array([p[4] for p in preps], dtype=np.uint64)[:, None]
        full = (p0 == every) | ((hm & res) != 0)
        qmax = max(len(p[3]) for p in preps)
        if qmax:        # the extra play: a card q of the hand played with y
            q_idx = np.full((rows, qmax), n, dtype=np.intp)
            q_other = np.zeros((rows, qmax), dtype=np.uint64)
            for i, p in enumerate(preps):
                for j, (q, other) in enumerate(p[3]):
                    q_idx[i, j], q_other[i, j] = q, other
            q_plus = self._rows[rix, np.minimum(q_idx, n - 1)]          # plus(tab, q)
            qshift = q_idx.astype(np.uint64)[:, :, None]
            plus_q = np.where(bit(p0[:, None, :], qshift), every,
                              q_plus[:, :, None] | p0[:, None, :] | self.pairs[q_idx][:, :, yi])
            free = fig[:, None, :] | bit(acc[:, None, :], qshift)     # q can use the figure
            real = (q_idx != n)[:, :, None]
            full |= np.any(free & real & ((plus_q & q_other[:, :, None]) != 0), axis=1)
            plus_q = np.where(free, plus_q, acc[:, None, :] & plus_q)
            plus_q = np.where(real, plus_q, np.uint64(0))
            res |= np.bitwise_or.reduce(plus_q, axis=1)
        return np.where(full, every, res)

    def outs_pile(self, ends: Sequence[tuple[Any, ...]], yi: NDArray[np.intp]) -> Masks:
        """``_Engine._outs_fast`` for ends whose discard key holds y (y discarded on the pile,
        within Power 3's reach) and whose tableau does not, each end given as (tableau, outs
        of the drawn card with the key without y, Power 3's gate, hand bitmask, outs added by
        the extra play, True if every type is an out whatever y is): the drawn-card outs gain
        the gated plus(tab, y); every type if the hand holds one of them."""
        every = self.every
        drawn = np.array([e[1] for e in ends], dtype=np.uint64)[:, None]
        gate = np.array([e[2] for e in ends], dtype=np.uint64)[:, None]
        hm = np.array([e[3] for e in ends], dtype=np.uint64)[:, None]
        extra = np.array([e[4] for e in ends], dtype=np.uint64)[:, None]
        always = np.array([e[5] for e in ends], dtype=bool)[:, None]
        drawn = drawn | (gate & self.plus([e[0] for e in ends], yi))
        return np.where(always | ((hm & drawn) != 0), every, drawn | extra)
