"""Two turns to go with exactly one extra play: the choices after each draw, branch and bound.

The choices after a draw y are built once per position: those that keep y in the hand
(``keep_options``: their outs derive from the outs without y, ``_derive1``: every type if y is
among them, else those plus the x with tableau + y + x a triple) and those that play y
(``play_new_templates``; pm(tab + y) = plus(tab, y), plus(tab + y, d) = plus(tab, y) |
plus(tab, d) | pair(y, d)). A choice's bound is its outs before the Discard (the checks are
monotone in the tableau), with the discard key reduced to the old top cards that stay within
Power 3's reach (``_bound_key``); the best Discard masks are memoised per position before the
Discard (``_discard_masks``), and a choice is expanded only while its bound beats the best
value found (equal bounds: fewest Discard choices first). ``numerator2_extra`` is the per-draw
search (with a swap or a wild in reach); ``batch`` runs the same formulas on many positions
at once. Checked against plain enumeration (every choice's outs computed directly):
``tests/test_odds_cards_extra_play.py``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from swkit.cards.powers import extra_play, play_from_discard, take_from_discard
from swkit.odds.cards.chance import Chance
from swkit.odds.cards.facts import Facts, Unseen
from swkit.odds.cards.hands import (
    Hand,
    distinct,
    insert,
    maximal_masks,
    pool_net,
    pool_take,
    remove,
)
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.noextra import NoExtra
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.position import TABLEAU_LIMIT
from swkit.odds.cards.triples import Triples


class ExtraPlay:
    """Two turns to go with one extra play: the shared choices and their branch and bound."""

    def __init__(self, facts: Facts, unseen: Unseen, triples: Triples, moves: Moves,
                 outs: Outs, noextra: NoExtra, chance: Chance) -> None:
        self.types, self.unseen0, self.scorable = facts.types, facts.unseen0, facts.scorable
        self.every, self.center_mask = facts.every, facts.center_mask
        self.extra_plays, self.discard_play = facts.extra_plays, facts.discard_play
        self.discard_take = facts.discard_take
        self.plus_memo = outs.plus_memo   # read, not filled
        self.keep1_memo: dict[Any, list[list[Any]]] = {}
        self.options_memo: dict[Any, list[list[Any]]] = {}
        self.discard_memo: dict[Any, list[int]] = {}
        self.number_types = facts.number_types   # the types showing Power 3's number
        self.pair_rows: dict[int, list[int]] = {}   # y -> pair(0, y, c) per c
        self.unseen = unseen
        self.triples = triples
        self.moves = moves
        self.outs = outs
        self.noextra = noextra
        self.chance = chance

    # ---- two turns to go, one extra play: the choices that keep the drawn card, shared ----
    def _derive1(self, m: int, tab: Hand, y: int, fig1: bool) -> int:
        """With exactly one extra play in reach: the last turn's outs of a hand plus card y
        from the outs ``m`` of the hand (``_outs_fast``): every type if m is, or if y is in m
        (y scores with the hand: a pair completes with it, by symmetry of ``plus_mask``),
        else m plus the x with tableau + y + x a triple (only the part of them that can take
        the figure when it is not held and y cannot take it)."""
        if m == self.every or m >> y & 1:
            return self.every
        pq = self.plus_memo.get((tab, y))
        if pq is None:
            pq = self.outs.plus_mask(tab, y)
        if fig1 or self.center_mask >> y & 1:
            return m | pq
        return m | (self.center_mask & pq)

    def keep_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                      bounds: bool = True) -> list[list[Any]]:
        """The play and Power choices after this turn's draw that leave the drawn card in the
        hand (one extra play in reach), drawn-free: [outs before the Discard of the hand
        without the drawn card (None if not ``bounds``: ``numerator2_batch``, the only caller
        then, computes them all at once; an engine takes that path or ``numerator2_extra``
        for good, ``batched``), tableau, tableau size, position before the Discard
        without the drawn card, its Discard choices' (tableau, outs) or None until needed,
        the discard key of the outs before the Discard]. Shared by every draw (memoised per
        position)."""
        key = (hand, tab, disc, others, figure)
        hit = self.keep1_memo.get(key)
        if hit is not None:
            return hit
        found: dict[tuple[Any, ...], list[Any]] = {}
        for p in distinct(hand):
            tab1 = insert(tab, p)
            hand1 = remove(hand, p)
            fig1 = self.moves.access(p, figure)
            skip_none = self.take_beats_none(fig1, disc)
            for steps, h2, t2, d2, o2 in self.moves.powers_then(hand1, tab1, disc, others, fig1):
                if skip_none and not steps:
                    continue
                pre = (h2, t2, d2, o2, fig1)
                if pre not in found:
                    bkey = self._bound_key(d2, len(t2))
                    bound = self.outs.outs_mask(h2, t2, bkey, o2, fig1) if bounds else None
                    found[pre] = [bound, t2, len(t2), pre, None, bkey]
        hit = self.keep1_memo[key] = list(found.values())
        return hit

    def _keep_ends(self, opt: list[Any]) -> list[tuple[Hand, int]]:
        """The Discard choices of a ``keep_options`` entry as (tableau, outs of the hand
        without the drawn card), every type alone if one of them has every type."""
        if opt[4] is None:
            h2, t2, d2, o2, fig1 = opt[3]
            ends: dict[tuple[Hand, int], None] = {}
            for t3, dk3 in self.noextra.end_states(t2, d2):
                m = self.outs.outs_mask(h2, t3, dk3, o2, fig1)
                if m == self.every:
                    ends = {(t3, m): None}
                    break
                ends[(t3, m)] = None
            opt[4] = list(ends)
        return opt[4]

    def numerator2_extra(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                          figure: bool, drawn: Hand) -> int | Fraction:
        """``numerator`` for two turns to go with exactly one extra play and a swap or a wild
        in reach (without them: ``numerator2_batch``). The choices that leave the drawn card
        y in the hand are built once per position (``keep_options``) and their outs derived
        per draw (``_derive1``); the choices that play y (play y, or play a card and y as the
        extra play) are built per draw (``_play_new_options``). Then, per draw, the same branch
        and bound as ``best_last`` (bounds: the outs before the Discard, ``_bound_key``)."""
        n0 = self.unseen0 - pool_net(drawn)
        full = n0 - 1
        if not self.scorable:
            return 0
        scores = self.outs.outs_mask(hand, tab, disc, others, figure)   # draws that score now
        keep = self.keep_options(hand, tab, disc, others, figure) if hand else []
        every = self.every
        center = self.center_mask
        # per choice: pm(tableau), or None if it holds a triple (plus(tableau, y) below)
        keep_b = [(opt[0], opt[1], opt[2] <= TABLEAU_LIMIT, opt[3][4], opt,
                   None if self.triples.has(opt[1]) else self.triples.pm(opt[1])) for opt in keep]
        rows = self.pair_rows
        total: int | Fraction = 0
        for y in range(len(self.types)):
            u = self.unseen.copies(y, drawn)
            if u <= 0:
                continue
            if scores >> y & 1:
                total += u * full
                continue
            d2 = pool_take(drawn, y)
            h = insert(hand, y)
            levels = self.unseen.levels(d2)
            if len(levels) == 1 and levels[0][0] == 1:
                live = levels[0][1]

                def w(m: int, live: int = live) -> int:
                    return (m & live).bit_count()
            else:
                def w(m: int, levels: list[tuple[int, int]] = levels) -> int:
                    return sum(k * (m & lm).bit_count() for k, lm in levels)
            cands: list[tuple[int, int, int, int, Any]] = []
            best = 0
            row = rows.get(y)
            if row is None:
                row = rows[y] = [self.triples.pair(0, y, c) for c in range(len(self.types))]
            for b0, t2, small, fig1, opt, pmt in keep_b:
                if b0 == every or b0 >> y & 1:
                    if small:
                        best = full
                        break
                    b = every
                else:
                    # plus(t2, y) (``plus_mask``) from the pairs of y
                    if pmt is None or pmt >> y & 1:
                        pq = every
                    else:
                        pq = pmt
                        for a in t2:
                            pq |= row[a]
                    b = b0 | (pq if fig1 or center >> y & 1 else center & pq)
                bw = w(b)
                if small:
                    if bw > best:
                        best = bw
                else:
                    cands.append((bw, -opt[2], 0, len(cands), opt))
            if best < full:
                for pre, size, b in self._play_new_options(hand, tab, disc, others, figure, y):
                    bw = w(b)
                    if size <= TABLEAU_LIMIT:
                        if bw > best:
                            best = bw
                    else:
                        cands.append((bw, -size, 1, len(cands), pre))
                cands.sort(reverse=True)
                for bw, _size, kind, _i, data in cands:
                    if bw <= best:
                        break
                    if kind == 0:
                        fig1 = data[3][4]
                        for t3, m in self._keep_ends(data):
                            v = w(self._derive1(m, t3, y, fig1))
                            if v > best:
                                best = v
                                if best == bw:
                                    break
                    else:
                        h2, t2, pile2, o2, fig1 = data
                        for t3, dk3 in self.noextra.end_states(t2, pile2):
                            v = w(self.outs.outs_mask(h2, t3, dk3, o2, fig1))
                            if v > best:
                                best = v
                                if best == bw:
                                    break
            total += u * self.chance.with_chance(best, h, tab, disc, others, figure, d2, 2)
        return total

    def take_beats_none(self, fig1: bool, disc: Hand) -> bool:
        """With two turns to go and exactly one extra play in reach: True if, after a play
        that takes or keeps the figure (``fig1``), using Power 8 (take the top of the discard
        pile ``disc``) is at least as good as using no Power, so the choice without a Power can
        be left out. Both keep the same tableau and Discard choices; with the figure and an
        extra play in the last turn a card in the hand does all a card within Power 3's reach
        does (play the drawn card, then it as the extra play; ``_outs_fast``), and the cards
        under it come within reach. So every last-turn out of no Power is an out of the take."""
        return bool(fig1 and self.discard_take and self.extra_plays == 1
                    and take_from_discard.refused(len(disc)) is None)

    def _play_new_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                          figure: bool, y: int) -> list[tuple[tuple[Any, ...], int, int]]:
        """The play and Power choices after drawing y that play y (y itself, or another card
        and y as the one extra play), as (position before the Discard, its tableau size, its
        outs). With a
        swap or a wild in reach; else ``play_new_templates`` shares their building."""
        found: dict[tuple[Any, ...], int] = {}
        tab1 = insert(tab, y)
        fig1 = self.moves.access(y, figure)
        for _steps, h2, t2, d2, o2 in self.moves.powers_then(hand, tab1, disc, others, fig1):
            pre = (h2, t2, d2, o2, fig1)
            if pre not in found:
                found[pre] = self.outs.outs_mask(h2, t2, self._bound_key(d2, len(t2)), o2, fig1)
        for p in distinct(hand):
            f1 = self.moves.access(p, figure)
            if not f1:
                continue
            pre = (remove(hand, p), insert(insert(tab, p), y), disc, others, f1)
            if pre not in found:
                found[pre] = self.outs.outs_mask(pre[0], pre[1], self._bound_key(disc, len(pre[1])),
                                            others, f1)
        return [(pre, len(pre[1]), b) for pre, b in found.items()]

    def play_new_templates(self, hand: Hand, tab: Hand, disc: Hand, figure: bool
                            ) -> list[tuple[Any, ...]]:
        """The choices of ``_play_new_options`` without a swap or a wild in reach, built once
        for every draw y: (hand, tableau without y, discard pile, bound's discard key, fig,
        fd) each, where the tableau before the Discard is that tableau plus y; ``fig`` None
        means the figure comes from playing y (``access(y, figure)``), a bool is fixed; the
        choices needing a Power (extra play, Power 3, Power 8) after playing y are listed only
        if ``figure`` is held or y could take it (checked per draw: ``fig`` None and a hand
        change or ``fd``). ``fd``: Power 3, usable if tableau + y holds its number."""
        found: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        yfig: bool | None = True if figure else None

        def add(h2: Hand, base: Hand, d2: Hand, fig: bool | None, fd: bool) -> None:
            key = (h2, base, d2, fig, fd)
            if key not in found:
                bkey = self._bound_key(d2, len(base) + 1)
                found[key] = (h2, base, d2, bkey, fig, fd)

        add(hand, tab, disc, yfig, False)                       # play y, no Power
        if self.extra_plays and extra_play.refused(len(hand)) is None:  # play y, extra play q
            for q in distinct(hand):
                add(remove(hand, q), insert(tab, q), disc, yfig, False)
        if self.discard_play:        # play y, Power 3 (its number is checked later: fd is True)
            for _x, t2, d2 in play_from_discard.odds_plays(None, self.discard_play[1], self.types,
                                                           tab, disc):
                add(hand, t2, d2, yfig, True)
        if self.discard_take:                                            # play y, Power 8
            for _taken, h2, d2 in take_from_discard.odds_take(self.discard_take, hand, disc):
                add(h2, tab, d2, yfig, False)
        if self.extra_plays:
            for p in distinct(hand):                           # play p, extra play y
                if self.moves.access(p, figure):
                    add(remove(hand, p), insert(tab, p), disc, True, False)
        return list(found.values())

    def need_mask(self) -> int:
        """Bitmask of the card types showing Power 3's required number (0 if none)."""
        return self.number_types

    def _last_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                      new: int | None = None) -> list[list[Any]]:
        """Before the last turn: each play and Power choice as [bound mask, tableau size,
        position before the discard, end masks or None]. The bound is the outs of the position
        before the discard: discarding never adds an out (checks are monotone in the tableau)."""
        key = (hand, tab, disc, others, figure)
        hit = self.options_memo.get(key)
        if hit is not None:
            return hit
        found: dict[tuple[Any, ...], list[Any]] = {}
        for _p, tab1, hand1, fig1 in self.moves.plays(hand, tab, figure):
            for _steps, h2, t2, d2, o2 in self.moves.powers_then(hand1, tab1, disc, others, fig1):
                pre = (h2, t2, d2, o2, fig1)
                if pre in found:
                    continue
                bound = self.outs.outs_new(h2, t2, self._bound_key(d2, len(t2)), o2, fig1, new)
                found[pre] = [bound, len(t2), pre, None]
        hit = list(found.values())
        self.options_memo[key] = hit
        return hit

    def _bound_key(self, disc: Hand, size: int) -> Hand:
        """The last turn's discard key for the bound of a choice before its Discard
        (``_last_options``), the tableau holding ``size`` cards: with nothing to discard, the
        exact key; else only the old top cards that stay within Power 3's reach once the
        ``size`` - 5 discarded cards lie on them. The discarded cards need no place in it: the
        bound keeps them in the tableau, which gives at least what playing one back from
        the discard pile gives (the checks are monotone in the tableau)."""
        need = size - TABLEAU_LIMIT
        if need <= 0 or not self.discard_play:
            return self.moves.disc_key(disc, 1)
        keep = self.discard_play[1] - need
        if keep <= 0:
            return ()
        return tuple(sorted(disc[max(0, len(disc) - keep):]))

    def _discard_masks(self, pre: tuple[Any, ...], new: int | None = None) -> list[int]:
        """The maximal last-turn outs masks over the Discard choices of ``pre`` = (hand,
        tableau, discard pile, others, figure) before the Discard step (memoised: weights are
        never negative, so a mask inside another never wins). ``new``: see ``outs_new``."""
        hit = self.discard_memo.get(pre)
        if hit is None:
            h2, t2, d2, o2, fig1 = pre
            every = self.every
            masks = set()
            for t3, dk3 in self.noextra.end_states(t2, d2):
                m = self.outs.outs_new(h2, t3, dk3, o2, fig1, new)
                if m == every:
                    masks = {every}
                    break
                masks.add(m)
            hit = self.discard_memo[pre] = list(maximal_masks(masks))
        return hit

    def best_last(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                   drawn: Hand, new: int | None = None) -> int:
        """max over the ends of this turn of the last turn's numerator (branch and bound);
        ``new``: the card just drawn (in ``hand``), if known (see ``outs_new``)."""
        opts = self._last_options(hand, tab, disc, others, figure, new)
        # highest bound first; among equal bounds, the fewest Discard choices first
        ranked = sorted(((self.unseen.weighted(o[0], drawn), -o[1], i) for i, o in enumerate(opts)),
                        reverse=True)
        best = 0        # first the exact values of the choices needing no Discard
        for bound, _size, i in ranked:
            if opts[i][1] <= TABLEAU_LIMIT:
                best = bound
                break
        for bound, _size, i in ranked:
            if bound <= best:
                break
            opt = opts[i]
            if opt[1] <= TABLEAU_LIMIT:
                continue
            if opt[3] is None:
                opt[3] = self._discard_masks(opt[2], new)
            for m in opt[3]:
                v = self.unseen.weighted(m, drawn)
                if v > best:
                    best = v
                    if best == bound:
                        break
        return best
