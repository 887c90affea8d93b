"""The card odds' last-turn outs for every next draw at once (numpy).

``swkit.odds.cards`` holds a set of card types as an int bitmask (bit x = card type x). With
two turns to go and one extra play in reach (no swap, no wild), the last turn's outs of each
choice after each draw y derive from masks that do not depend on y (the rule is
``Outs._outs_fast``, RULES.md §A3/§A7). Here those derivations run on numpy ``uint64``
arrays whose last axis is the draw y, so one array operation does the work of a Python loop over
the draws (and, in ``Batch.numerator2_batch``, over many positions). A deck has at most 45
card types (5 colors x 9 numbers, RULES.md §A1), so a mask fits in 64 bits.

Shapes: ``ys`` / ``yi`` are the nY card types drawn (``uint64`` for shifts, ``intp`` for
indexing); a mask array has shape (rows, nY); weights are ``int64`` counts of unseen cards.
``tests/test_odds_cards_draws.py`` checks each formula against ``Outs._outs_fast`` (or
``ExtraPlay._derive1``) computed directly, on random input.
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


class _Table:
    """Rows of arrays keyed by a tuple, grown on demand (see ``DrawTables``). A column is one
    value per row (width 0) or a list per row, padded with the column's fill value and
    widened when a longer list comes."""

    def __init__(self, make: Callable[[tuple[int, ...]], tuple[Any, ...]],
                 dtypes: Sequence[Any], widths: Sequence[int], fills: Sequence[int]) -> None:
        self._make = make
        self._fills = fills
        self.of: dict[tuple[int, ...], int] = {}
        self.cols = [np.full((64, w) if w else 64, f, dtype=d)
                     for d, w, f in zip(dtypes, widths, fills, strict=True)]

    def ids(self, keys: Sequence[tuple[int, ...]]) -> NDArray[np.intp]:
        """The row of each key (a new key gets its row first)."""
        get = self.of.get
        out = [get(k, -1) for k in keys]
        if -1 in out:
            out = [i if i >= 0 else self._add(k) for i, k in zip(out, keys, strict=True)]
        return np.array(out, dtype=np.intp)

    def _add(self, key: tuple[int, ...]) -> int:
        i = self.of.get(key)        # met earlier in the same list
        if i is not None:
            return i
        i = len(self.of)
        if i == len(self.cols[0]):
            self.cols = [np.concatenate([c, np.full_like(c, f)])
                         for c, f in zip(self.cols, self._fills, strict=True)]
        for j, value in enumerate(self._make(key)):
            col = self.cols[j]
            if col.ndim == 2:
                if len(value) > col.shape[1]:
                    col = self.cols[j] = np.pad(col, ((0, 0), (0, len(value) - col.shape[1])),
                                                constant_values=self._fills[j])
                col[i, :len(value)] = value
            else:
                col[i] = value
        self.of[key] = i
        return i


class DrawTables:
    """Per search (one ``Engine``): the pair masks as a matrix and tables of the tableaux,
    discard keys and hands met, so that a row of a formula is three table indices.

    ``pair(a, b)``: the bitmask of the types c with a, b, c a set or a run (no wilds);
    ``pm(tab)``: the types completing a triple with two cards of the tableau ``tab`` (a sorted
    tuple of types); ``has(tab)``: True if ``tab`` holds a triple. ``center``: the bitmask of
    the center Power's color (0 if unknown or none); ``need``: the bitmask of the types with
    Power 3's required number, None if it requires none; ``discard``: Power 3 is in reach
    (else discard keys are left out).
    """

    def __init__(self, n: int, pair: Callable[[int, int], int],
                 pm: Callable[[tuple[int, ...]], int], has: Callable[[tuple[int, ...]], bool],
                 center: int, need: int | None, discard: bool) -> None:
        if n > MAX_TYPES:
            raise ValueError(f"{n} card types do not fit a uint64 bitmask (at most {MAX_TYPES})")
        self.n = n
        self.every = np.uint64((1 << n) - 1)
        self.center = np.uint64(center)
        self.need = np.uint64(need or 0)
        self._need_any = need is None
        self._discard = discard
        self._pm, self._has = pm, has
        # pairs[a, y] = pair(a, y); row n is a padding type that completes nothing
        pairs = np.zeros((n + 1, n), dtype=np.uint64)
        for a in range(n):
            for b in range(a, n):
                pairs[a, b] = pairs[b, a] = pair(a, b)
        self.pairs = pairs
        self._types = np.arange(n, dtype=np.uint64)
        # per drawn y: True if y has the center Power's color (playing y takes the figure)
        self.center_bit = bit(self.center, self._types)
        # per drawn y: what of plus(tab, y) can score when the figure is not held (_derive1)
        self.center_gate = np.where(self.center_bit, self.every, self.center)
        self.need_bit = bit(self.need, self._types)
        # tableau -> plus(tab, y) per y, pm(tab), has(tab), Power 3's number in tab
        self.tabs = _Table(self._tab_row, (np.uint64, np.uint64, bool, bool), (n, 0, 0, 0),
                           (0, 0, 0, 0))
        # discard key -> its types (padded with n); hand -> distinct cards q (padded with n),
        # the other cards' bits per q, the hand's bits
        self.keys = _Table(self._key_row, (np.intp, np.intp), (3, 0), (n, 0))
        self.hands = _Table(self._hand_row, (np.intp, np.uint64, np.uint64, np.intp),
                            (4, 4, 0, 0), (n, 0, 0, 0))

    def _tab_row(self, tab: tuple[int, ...]) -> tuple[Any, ...]:
        """plus(tab, y) over y (``Outs.plus_mask``: every type if tab holds a triple or y
        is in pm(tab), else pm(tab) and the pairs of y with each card of tab), pm, has, and
        whether Power 3's required number is in tab."""
        pm = np.uint64(self._pm(tab))
        has = self._has(tab)
        if has:
            plus = np.full(self.n, self.every)
        else:
            acc = np.bitwise_or.reduce(self.pairs[list(tab)], axis=0) if tab else 0
            plus = np.where(bit(pm, self._types), self.every, pm | acc)
        bits = 0
        for c in tab:
            bits |= 1 << c
        return plus, pm, has, self._need_any or bool(bits & int(self.need))

    def _key_row(self, key: tuple[int, ...]) -> tuple[Any, ...]:
        return list(key), len(key)

    def _hand_row(self, hand: tuple[int, ...]) -> tuple[Any, ...]:
        qs = sorted(set(hand))
        hm = 0
        for c in hand:
            hm |= 1 << c
        # the other cards of the hand: all of it if q is there twice
        others = [hm if hand.count(q) > 1 else hm & ~(1 << q) for q in qs]
        return qs, others, hm, len(qs)

    def plus(self, tabs: Sequence[tuple[int, ...]], yi: NDArray[np.intp]) -> Masks:
        """plus(tab, y) for each tableau (rows) and each drawn y (columns)."""
        rows = self.tabs.ids(tabs)              # first: a new row may grow the table
        return self.tabs.cols[0][np.ix_(rows, yi)]

    def _rows(self, tabs: Sequence[tuple[int, ...]], keys: Sequence[tuple[int, ...]],
              hands: Sequence[tuple[int, ...]]) -> tuple[NDArray[Any], ...]:
        """The table rows of each (tableau, discard key, hand): tableau rows; the key's
        types and the hand's distinct cards with the other cards' bits, as wide as the
        longest (padded with the type n, which completes nothing); the hand's bits."""
        tr, hr = self.tabs.ids(tabs), self.hands.ids(hands)
        kr = self.keys.ids(keys if self._discard else [()] * len(tabs))
        kw = int(self.keys.cols[1][kr].max()) if len(kr) else 0
        hw = int(self.hands.cols[3][hr].max()) if len(hr) else 0
        return (tr, self.keys.cols[0][kr, :kw], self.hands.cols[0][hr, :hw],
                self.hands.cols[1][hr, :hw], self.hands.cols[2][hr])

    # ---- weights ----
    @staticmethod
    def weights(masks: Masks, levels: Sequence[tuple[int, int]], ys: Masks
                ) -> NDArray[np.int64]:
        """The unseen copies of the types in each mask after drawing y (``Unseen.weighted``):
        ``levels`` = [(k, bitmask of the types with k unseen copies before the draw)], and y
        itself has one copy fewer."""
        total = np.zeros(masks.shape, dtype=np.int64)
        for k, lm in levels:
            total += k * np.bitwise_count(masks & np.uint64(lm)).astype(np.int64)
        return total - bit(masks, ys)

    # ---- the formulas ----
    def derive(self, ms: Sequence[int] | Masks, tabs: Sequence[tuple[int, ...]],
               figs: Sequence[bool], ys: Masks, yi: NDArray[np.intp]) -> Masks:
        """``ExtraPlay._derive1`` for each (m, tab, fig) (rows) and each y (columns): the outs of
        a hand plus y from the outs m of the hand: every type if m is every type or holds y,
        else m plus plus(tab, y) (only the part of it that can take the figure when it is not
        held and y cannot take it)."""
        m = np.asarray(ms, dtype=np.uint64)[:, None]
        gate = np.where(np.array(figs, dtype=bool)[:, None], self.every,
                        self.center_gate[yi][None, :])
        full = (m == self.every) | bit(m, ys)
        return np.where(full, self.every, m | (gate & self.plus(tabs, yi)))

    def _outs_parts(self, tabs: Sequence[tuple[int, ...]], keys: Sequence[tuple[int, ...]],
                    hands: Sequence[tuple[int, ...]], fig: NDArray[np.bool_]
                    ) -> tuple[NDArray[Any], ...]:
        """The parts of ``Outs._outs_fast`` (one extra play, no swap, no wild) of each
        (tableau, last turn's discard key, hand) with the figure held as ``fig``: (tableau
        rows; D = the drawn card's outs: pm(tab) plus, by Power 3 (gated by the figure and its
        number), plus(tab, d) for each d of the key; that gate; the hand's bits; the outs the
        extra play adds: plus(tab, q) of each q of the hand, only the part that can take the
        figure if q cannot; True if every type is an out whatever D is: the tableau holds a
        triple, or q with the figure and another card of the hand complete one)."""
        every, n = self.every, self.n
        tr, d_idx, q_idx, q_other, hm = self._rows(tabs, keys, hands)
        plus, pm, has, has_need = self.tabs.cols
        drawn = pm[tr]
        acc = np.where(fig, every, self.center)
        gate = np.where(has_need[tr], acc, acc & self.need) if self._discard else \
            np.zeros(len(tr), dtype=np.uint64)
        if d_idx.shape[1]:
            plus_d = plus[tr[:, None], np.minimum(d_idx, n - 1)] & gate[:, None]
            drawn = drawn | np.bitwise_or.reduce(np.where(d_idx < n, plus_d, np.uint64(0)),
                                                 axis=1)
        full = has[tr]
        extra = np.zeros(len(tr), dtype=np.uint64)
        if q_idx.shape[1]:
            q_plus = plus[tr[:, None], np.minimum(q_idx, n - 1)]
            free = fig[:, None] | bit(acc[:, None], q_idx.astype(np.uint64))
            real = q_idx < n
            full = full | np.any(free & real & ((q_plus & q_other) != 0), axis=1)
            q_plus = np.where(free, q_plus, acc[:, None] & q_plus)
            extra = np.bitwise_or.reduce(np.where(real, q_plus, np.uint64(0)), axis=1)
        return tr, drawn, gate, hm, extra, full

    def outs_rows(self, tabs: Sequence[tuple[int, ...]], keys: Sequence[tuple[int, ...]],
                  hands: Sequence[tuple[int, ...]], fig: NDArray[np.bool_]) -> Masks:
        """``Outs._outs_fast`` of each (tableau, discard key, hand) with the figure held
        as ``fig`` (see ``_outs_parts``): every type if the hand holds a type of D, else D and
        the extra play's outs."""
        _tr, drawn, _gate, hm, extra, full = self._outs_parts(tabs, keys, hands, fig)
        return np.where(full | ((hm & drawn) != 0), self.every, drawn | extra)

    def outs_pile(self, tabs: Sequence[tuple[int, ...]], keys: Sequence[tuple[int, ...]],
                  hands: Sequence[tuple[int, ...]], fig: NDArray[np.bool_],
                  yi: NDArray[np.intp]) -> Masks:
        """``outs_rows`` with y on top of the discard pile too, within Power 3's reach (y
        discarded; the key holds the other cards in reach), for each y (columns): D gains the
        gated plus(tab, y)."""
        tr, drawn, gate, hm, extra, full = self._outs_parts(tabs, keys, hands, fig)
        drawn = drawn[:, None] | (gate[:, None] & self.tabs.cols[0][tr[:, None], yi[None, :]])
        return np.where(full[:, None] | ((hm[:, None] & drawn) != 0), self.every,
                        drawn | extra[:, None])

    def outs_plus(self, tabs: Sequence[tuple[int, ...]], keys: Sequence[tuple[int, ...]],
                  hands: Sequence[tuple[int, ...]], fig: NDArray[np.bool_],
                  yi: NDArray[np.intp]) -> Masks:
        """The last turn's outs (``Outs._outs_fast``) of each (tableau, discard key, hand)
        (rows) with y played into the tableau, for each y (columns); ``fig`` (rows x
        columns): the figure is held.

        Derived from masks of tab: pm(tab + y) = plus(tab, y) (every type if it is every
        type); Power 3 with d of the key adds, gated by the figure and its number, plus(tab +
        y, d) = plus(tab, y) | plus(tab, d) | pair(y, d) (the pairs of tab + y + d without y,
        or with it), every type if d is in plus(tab, y); every type if the hand holds one of
        these; the extra play of q in the hand adds plus(tab + y, q) the same way (every type
        if another card of the hand is in it and q can use the figure; only the part that can
        take the figure if q cannot)."""
        every, n = self.every, self.n
        tr, d_idx, q_idx, q_other, hm = self._rows(tabs, keys, hands)
        plus, _pm, _has, has_need = self.tabs.cols
        rix = tr[:, None]
        p0 = plus[rix, yi[None, :]]                                     # plus(tab, y)
        acc = np.where(fig, every, self.center)
        res = p0.copy()
        if d_idx.shape[1]:      # Power 3: a discard pile card d played after y
            d_plus = plus[rix, np.minimum(d_idx, n - 1)]                # plus(tab, d)
            gate = np.where(has_need[tr][:, None] | self.need_bit[yi][None, :], acc,
                            acc & self.need)
            dshift = d_idx.astype(np.uint64)[:, :, None]
            plus_d = np.where(bit(p0[:, None, :], dshift), every,
                              p0[:, None, :] | d_plus[:, :, None] | self.pairs[d_idx][:, :, yi])
            plus_d &= gate[:, None, :]
            plus_d[d_idx == n] = 0
            res |= np.bitwise_or.reduce(plus_d, axis=1)
        full = (p0 == every) | ((hm[:, None] & res) != 0)
        if q_idx.shape[1]:      # the extra play: a card q of the hand played with y
            q_plus = plus[rix, np.minimum(q_idx, n - 1)]                # plus(tab, q)
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
