"""The numpy batch's tables and formulas in plain Python, for a search without numpy.

``swkit.odds.draws.DrawTables`` keeps, per search, a row per tableau, discard key and hand met,
and derives the last turn's outs of every choice after every draw y from them (the rule is
``Outs._outs_fast``, RULES.md §A3/§A7). ``RowTables`` keeps the same rows, keyed the same way
(so both paths count the same memo entries: ``Batch._row_entries``), with Python ints and lists
in place of numpy arrays, and the same formulas, one row at a time, over a list of draws y.
``Batch._numerator2_rows`` runs the batch's branch and bound on them. Checked against numpy's
formulas and ``_outs_fast``: ``tests/test_odds_cards_draws.py``; the answers and the memo
entries against the numpy path: ``tests/test_odds_without_numpy.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

Row = tuple[list[int], int, bool, bool]
"""A tableau's row: plus(tab, y) for every type y, pm(tab), has(tab), Power 3's number in tab."""


class _Rows:
    """Rows keyed by a tuple, made on demand (``of``: key -> row, as ``draws._Table.of``)."""

    def __init__(self, make: Callable[[tuple[int, ...]], Any]) -> None:
        self._make = make
        self.of: dict[tuple[int, ...], Any] = {}

    def row(self, key: tuple[int, ...]) -> Any:
        hit = self.of.get(key)
        if hit is None:
            hit = self.of[key] = self._make(key)
        return hit


class RowTables:
    """Per search (one ``Engine``, without numpy): ``DrawTables``' rows and formulas.

    ``pair(a, b)``: the bitmask of the types c with a, b, c a set or a run (no wilds); ``pm``,
    ``has``: the engine's; ``center``: the bitmask of the center Power's color (0 if unknown or
    none); ``need``: the bitmask of the types with Power 3's required number, None if it
    requires none; ``discard``: Power 3 is in reach (else every discard key is ``()``)."""

    def __init__(self, n: int, pair: Callable[[int, int], int],
                 pm: Callable[[tuple[int, ...]], int], has: Callable[[tuple[int, ...]], bool],
                 center: int, need: int | None, discard: bool) -> None:
        self.n = n
        self.every = (1 << n) - 1
        self.center = center
        self.need = need or 0
        self._need_any = need is None
        self._discard = discard
        self._pm, self._has, self.pair = pm, has, pair
        # per drawn y: what of plus(tab, y) can score when the figure is not held (_derive1)
        self.center_gate = [self.every if center >> y & 1 else center for y in range(n)]
        self.tabs = _Rows(self._tab_row)
        self.keys = _Rows(lambda key: key)
        self.hands = _Rows(self._hand_row)

    def _tab_row(self, tab: tuple[int, ...]) -> Row:
        """plus(tab, y) over y (every type if tab holds a triple or y is in pm(tab), else
        pm(tab) and the pairs of y with each card of tab), pm, has, Power 3's number in tab."""
        pm, has = self._pm(tab), self._has(tab)
        if has:
            plus = [self.every] * self.n
        else:
            plus = []
            for y in range(self.n):
                if pm >> y & 1:
                    plus.append(self.every)
                else:
                    m = pm
                    for a in tab:
                        m |= self.pair(a, y)
                    plus.append(m)
        bits = 0
        for c in tab:
            bits |= 1 << c
        return plus, pm, has, self._need_any or bool(bits & self.need)

    def _hand_row(self, hand: tuple[int, ...]) -> tuple[tuple[tuple[int, int], ...], int]:
        """(each distinct card q with the bits of the hand's other cards, the hand's bits)."""
        hm = 0
        for c in hand:
            hm |= 1 << c
        return tuple((q, hm if hand.count(q) > 1 else hm & ~(1 << q))
                     for q in sorted(set(hand))), hm

    def _key(self, key: tuple[int, ...]) -> tuple[int, ...]:
        return self.keys.row(key if self._discard else ())

    # ---- the formulas (``DrawTables``' names; one row, a list of draws ``ys``) ----
    def derive(self, m: int, tab: tuple[int, ...], fig: bool, ys: Sequence[int]) -> list[int]:
        """``ExtraPlay._derive1`` for each y: every type if m is every type or holds y, else m
        plus plus(tab, y) (only the part of it that can take the figure when it is not held
        and y cannot take it)."""
        plus = self.tabs.row(tab)[0]
        every = self.every
        if m == every:
            return [every] * len(ys)
        if fig:
            return [every if m >> y & 1 else m | plus[y] for y in ys]
        gate = self.center_gate
        return [every if m >> y & 1 else m | (gate[y] & plus[y]) for y in ys]

    def _outs_parts(self, tab: tuple[int, ...], key: tuple[int, ...], hand: tuple[int, ...],
                    fig: bool) -> tuple[int, int, int, int, bool, list[int]]:
        """``DrawTables._outs_parts`` of one row: (D, Power 3's gate, the hand's bits, the
        outs the extra play adds, every type whatever D is, plus(tab, ·))."""
        plus, drawn, full, has_need = self.tabs.row(tab)
        key = self._key(key)
        qs, hm = self.hands.row(hand)
        acc = self.every if fig else self.center
        gate = (acc if has_need else acc & self.need) if self._discard else 0
        for d in key:
            drawn |= plus[d] & gate
        extra = 0
        for q, other in qs:
            qp = plus[q]
            if fig or acc >> q & 1:
                if qp & other:
                    full = True
                extra |= qp
            else:
                extra |= acc & qp
        return drawn, gate, hm, extra, full, plus

    def outs_row(self, tab: tuple[int, ...], key: tuple[int, ...], hand: tuple[int, ...],
                 fig: bool) -> int:
        """``Outs._outs_fast`` of (tableau, discard key, hand) with the figure held as
        ``fig``: every type if the hand holds a type of D, else D and the extra play's outs."""
        drawn, _gate, hm, extra, full, _plus = self._outs_parts(tab, key, hand, fig)
        return self.every if full or hm & drawn else drawn | extra

    def outs_pile(self, tab: tuple[int, ...], key: tuple[int, ...], hand: tuple[int, ...],
                  fig: bool, ys: Sequence[int]) -> list[int]:
        """``outs_row`` with y on top of the discard pile too, within Power 3's reach, for
        each y: D gains the gated plus(tab, y)."""
        drawn, gate, hm, extra, full, plus = self._outs_parts(tab, key, hand, fig)
        every = self.every
        if full:
            return [every] * len(ys)
        out = []
        for y in ys:
            d = drawn | (gate & plus[y])
            out.append(every if hm & d else d | extra)
        return out

    def outs_plus(self, tab: tuple[int, ...], key: tuple[int, ...], hand: tuple[int, ...],
                  figs: Sequence[bool], ys: Sequence[int]) -> list[int]:
        """The last turn's outs (``Outs._outs_fast``) of (tableau, discard key, hand) with
        y played into the tableau, for each y (``figs``: the figure is held, per y); the
        formulas of ``DrawTables.outs_plus``."""
        plus, _pm, _has, has_need = self.tabs.row(tab)
        key = self._key(key)
        qs, hm = self.hands.row(hand)
        every, center, need, pair = self.every, self.center, self.need, self.pair
        out = []
        for y, fig in zip(ys, figs, strict=True):
            p0 = plus[y]                                    # plus(tab, y)
            if p0 == every:
                out.append(every)
                continue
            acc = every if fig else center
            res = p0
            if key:                 # Power 3: a discard pile card d played after y
                gate = acc if has_need or need >> y & 1 else acc & need
                for d in key:
                    pd = every if p0 >> d & 1 else p0 | plus[d] | pair(d, y)
                    res |= pd & gate
            if hm & res:
                out.append(every)
                continue
            full = False
            for q, other in qs:     # the extra play: a card q of the hand played with y
                pq = every if p0 >> q & 1 else plus[q] | p0 | pair(q, y)
                if fig or acc >> q & 1:
                    if pq & other:
                        full = True
                        break
                    res |= pq
                else:
                    res |= acc & pq
            out.append(every if full else res)
        return out
