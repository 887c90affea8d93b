"""The last turn's outs: the card types whose draw lets the player score this turn.

D = the types whose play scores (``outs_drawn``: with a Power if the play takes the figure or
it is held; it depends on the tableau, the discard pile's top, the other tableaux and the
figure, not on the hand). With at most one extra play (``_outs_fast``): every type is an out
if the tableau holds a triple, the hand holds a type of D, or (an extra play with the figure)
a card q of the hand and another card r score together (r in plus(q) = the x with tableau + q +
x a triple); else the outs are D plus, with an extra play, plus(q) for each q of the hand.
With two or more extra plays, ``can_score`` is asked for every type. A swap's part comes from
per-other-tableaux pair rows (``_swap_union``). P(scoring this turn) = the unseen copies of
the outs over the unseen cards (RULES.md §C1). The outs of a hand plus some cards derive from
the outs of the hand (``derive``, ``outs_with``, ``outs_new``) when at most one extra play
is in reach. When a Power may be used comes from its module of :mod:`swkit.cards.powers`.
Checked against plain enumeration (``can_score`` per drawn card):
``tests/test_odds_cards_fast_paths.py::test_fast_outs_match_the_plain_search``; against the
game tree: ``tests/test_odds_cards.py::test_outs_match_the_game_tree``.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from swkit.cards.powers import extra_play, play_from_discard, swap
from swkit.odds.cards.facts import Facts
from swkit.odds.cards.hands import Hand, distinct, insert, remove, type_bits
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.triples import Triples


class Outs:
    """The last turn's outs (``outs_mask``) and whether a draw scores now (``can_score``);
    the outs of a hand plus some cards derived from the outs of the hand (``outs_with``)."""

    def __init__(self, facts: Facts, triples: Triples, moves: Moves) -> None:
        self.types, self.wilds, self.every = facts.types, facts.wilds, facts.every
        self.extra_plays, self.discard_play = facts.extra_plays, facts.discard_play
        self.swap = facts.swap
        self.center_mask, self.scorable = facts.center_mask, facts.scorable
        self.pair_memos = triples.pair_memos
        self.need_bits = facts.number_met   # the types meeting Power 3's number condition
        self.power_memo: dict[Any, bool] = {}
        self.score_memo: dict[Any, bool] = {}
        self.outs_memo: dict[Any, int] = {}
        self.plus_memo: dict[Any, int] = {}
        self.drawn_memo: dict[Any, int] = {}
        self.orow_memo: dict[int, list[int | None]] = {}  # _others_rows
        self.triples = triples
        self.moves = moves

    # ---- this turn ----
    def _power_scores(self, hand1: Hand, tab1: Hand, disc: Hand,
                      others: Hand) -> bool:
        """With a Power usable after the play: can one make a triple?"""
        if self.extra_plays == 1:
            for q in hand1:
                if self.triples.has_plus(tab1, q):
                    return True
        return self._power_scores_rest(hand1 if self.extra_plays > 1 else (), tab1, disc, others)

    def _power_scores_rest(self, hand1: Hand, tab1: Hand, disc: Hand, others: Hand) -> bool:
        """``_power_scores`` without a single extra play (memoised)."""
        key = (hand1, tab1, disc, others)
        hit = self.power_memo.get(key)
        if hit is not None:
            return hit
        hit = self.power_memo[key] = self._power_scores_uncached(hand1, tab1, disc, others)
        return hit

    def _power_scores_uncached(self, hand1: Hand, tab1: Hand, disc: Hand,
                               others: Hand) -> bool:
        for w in range(1, len(self.wilds)):
            if self.triples.has(tab1, w):
                return True
        if self.extra_plays > 1 and extra_play.refused(len(hand1)) is None:
            k = min(self.extra_plays, len(hand1))
            for qs in set(combinations(hand1, k)):
                t = tab1
                for q in qs:
                    t = insert(t, q)
                if self.triples.has(t):
                    return True
        if self.discard_play and play_from_discard.refused(
                self.discard_play[0], (self.types[c].number for c in tab1), len(disc)) is None:
            for d in distinct(disc[-self.discard_play[1]:]):
                if self.triples.has_plus(tab1, d):
                    return True
        if self.swap and swap.refused(len(tab1), len(others)) is None:
            theirs = distinct(others)
            for t in distinct(tab1):
                tab2 = remove(tab1, t)
                for o in theirs:
                    if self.triples.has_plus(tab2, o):
                        return True
        return False

    def can_score(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool) -> bool:
        """After the draw: can some play (and Power) make a triple this turn?"""
        if not self.scorable:
            return False
        key = (hand, tab, disc, others, figure)
        hit = self.score_memo.get(key)
        if hit is not None:
            return hit
        if self.extra_plays == 0 and hand:
            # without an extra play, a play scores alone: has the hand a type whose play
            # scores (the drawn-card mask of ``outs_drawn``)?
            hm = type_bits(hand)
            hit = self.triples.has(tab) or bool(hm & self.outs_drawn(tab, disc, others, figure))
        else:
            hit = self._can_score(hand, tab, disc, others, figure)
        self.score_memo[key] = hit
        return hit

    def _can_score(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                   figure: bool) -> bool:
        if self.triples.has(tab):
            return True
        plays: list[int | None] = list(distinct(hand)) or [None]
        pm0 = self.triples.pm(tab)
        for p in plays:
            if p is not None and pm0 >> p & 1:
                return True
        for p in plays:
            if not self.moves.access(p, figure):
                continue
            tab1 = tab if p is None else insert(tab, p)
            hand1 = hand if p is None else remove(hand, p)
            if self._power_scores(hand1, tab1, disc, others):
                return True
        return False

    def outs_mask(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                  figure: bool) -> int:
        """Bitmask of the types x such that drawing x lets the player score this turn."""
        key = (hand, tab, disc, others, figure)
        hit = self.outs_memo.get(key)
        if hit is None:
            if self.extra_plays > 1:
                hit = sum(1 << x for x in range(len(self.types))
                          if self.can_score(insert(hand, x), tab, disc, others, figure))
            else:
                hit = self._outs_fast(hand, tab, disc, others, figure)
            self.outs_memo[key] = hit
        return hit

    def _outs_fast(self, hand: Hand, tab: Hand, disc: Hand, others: Hand,
                   figure: bool) -> int:
        """``outs_mask`` with at most one extra play. D = the types whose play scores (with a
        Power if the play takes the figure or it is held; ``outs_drawn``). Every type is an
        out if the tableau holds a triple, a card q of the hand is in D, or (extra play) q
        played with the figure and another card r of the hand scores (r in plus(q) = the x
        with tab + q + x a triple). Else the outs are D, and with an extra play also
        plus(q) for each q of the hand (the drawn card and q both played; only the part of
        the drawn cards that can take the figure when q cannot)."""
        every = self.every
        if not self.scorable:
            return 0
        if self.triples.has(tab):
            return every
        drawn = res = self.outs_drawn(tab, disc, others, figure)
        if not hand:
            return res
        for q in hand:
            if drawn >> q & 1:
                return every
        if not self.extra_plays:
            return res
        acc = every if figure else self.center_mask
        prev = -1
        for i, q in enumerate(hand):
            if q == prev:
                continue
            prev = q
            pq = self.plus_memo.get((tab, q))
            if pq is None:
                pq = self.plus_mask(tab, q)
            if figure or acc >> q & 1:      # q takes the figure or it is held
                other = 0
                for j, r in enumerate(hand):
                    if j != i:
                        other |= 1 << r
                if pq & other:
                    return every
                res |= pq
            else:
                res |= acc & pq
        return res

    def plus_mask(self, tab: Hand, q: int) -> int:
        """The x such that tab + q + x holds a triple (no wilds; memoised)."""
        key = (tab, q)
        hit = self.plus_memo.get(key)
        if hit is None:
            # pm(tab + q) = pm(tab) plus the pairs (a, q), a in tab
            hit = self.triples.pm(tab)
            if hit >> q & 1 or self.triples.has(tab):
                hit = self.every
            else:
                memo = self.pair_memos[0]
                for a in tab:
                    pa = memo.get((a << 16 | q) if a <= q else (q << 16 | a))
                    hit |= self.triples.pair(0, a, q) if pa is None else pa
            self.plus_memo[key] = hit
        return hit

    def outs_drawn(self, tab: Hand, disc: Hand, others: Hand, figure: bool) -> int:
        """The outs that come from playing the drawn card x itself (with a Power if x takes
        the figure or the figure is held), apart from an extra play: a bitmask of types
        (memoised)."""
        key = (tab, disc, others, figure)
        hit = self.drawn_memo.get(key)
        if hit is not None:
            return hit
        every = (1 << len(self.types)) - 1
        res = self.triples.pm(tab)                          # the drawn card completes a triple
        acc = every if figure else self.center_mask
        if acc:
            for w in range(1, len(self.wilds)):
                res |= acc & (every if self.triples.has(tab, w) else self.triples.pm(tab, w))
            if self.discard_play:
                need, depth = self.discard_play
                gate = play_from_discard.odds_gate(need, (self.types[c].number for c in tab),
                                                   len(disc), every, self.need_bits)
                if gate is not None:
                    gate &= acc
                    for d in distinct(disc[-depth:]):
                        res |= gate & self.plus_mask(tab, d)
            if self.swap and swap.refused(len(tab) + 1, len(others)) is None:
                res |= acc & self._swap_union(tab, others)
        self.drawn_memo[key] = res
        return res

    def _swap_union(self, tab: Hand, others: Hand) -> int:
        """The drawn cards x that score by a swap with another tableau once x is played into
        ``tab`` (no wilds; the caller masks by access to a Power). A swap gives away x itself
        (tab + o must hold a triple: then every x) or a card t of ``tab`` (tab - t + o + x).
        With two or more cards in ``tab`` the second is the x completing a triple with o and
        a card of ``tab``, or with two cards of ``tab`` (those already score without the swap,
        ``pm(tab)``, so they are left to the caller), or every x if o completes a pair of
        ``tab`` or ``tab`` holds a triple; with fewer cards no swap makes a triple. So the
        union is every type or the pairs of ``tab``'s cards with the other tableaux' cards,
        read from ``_others_rows``."""
        if len(tab) < 2 or not others:
            return 0
        rows = self._others_rows(others)
        if self.triples.has(tab) or self.triples.pm(tab) & rows[-1]:
            return self.every
        res = 0
        for a in tab:
            r = rows[a]
            if r is None:
                r = rows[a] = self._others_row(a, rows[-1])
            res |= r
        return res

    def _others_rows(self, others: Hand) -> list[int | None]:
        """Per card type a (filled on demand by ``_swap_union``): the x with a, o, x a triple
        for some card o of the other tableaux, None until needed; the last entry is the
        bitmask of the other tableaux' types. Memoised per bitmask of those types."""
        obits = type_bits(others)
        rows = self.orow_memo.get(obits)
        if rows is None:
            rows = self.orow_memo[obits] = [None] * len(self.types) + [obits]
        return rows

    def _others_row(self, a: int, obits: int) -> int:
        """The x completing a triple (no wilds) with type a and some type of ``obits``."""
        res = 0
        o = 0
        while obits:
            if obits & 1:
                res |= self.triples.pair(0, a, o)
            obits >>= 1
            o += 1
        return res

    # ---- the outs of a hand plus some cards, derived from the outs of the hand ----
    def derive(self, m: int, tab: Hand, x: int) -> int:
        """The last-turn outs of a hand plus x from the outs ``m`` of the hand (figure held,
        one extra play; see ``outs_new``)."""
        if m == self.every or m >> x & 1:
            return self.every
        pq = self.plus_memo.get((tab, x))
        return m | (self.plus_mask(tab, x) if pq is None else pq)

    def derivable(self, fig1: bool) -> bool:
        """The last turn's outs of a hand plus some cards derive from the outs of the hand."""
        return self.extra_plays == 0 or (self.extra_plays == 1 and fig1)

    def outs_with(self, m: int, tab: Hand, cards: Iterable[int]) -> int:
        """The last-turn outs of a hand plus ``cards`` from the outs ``m`` of the hand: with
        no extra play in reach every type if a card is in m, else m (``_outs_fast``); with
        one and the figure, ``derive`` card by card."""
        if self.extra_plays == 0:
            for c in cards:
                if m >> c & 1:
                    return self.every
            return m
        for c in cards:
            m = self.derive(m, tab, c)
        return m

    def outs_new(self, hand: Hand, tab: Hand, dkey: Hand, others: Hand, figure: bool,
                  new: int | None) -> int:
        """``outs_mask(hand, ...)`` for a hand holding ``new`` (the card just drawn), derived
        from the outs M of the hand without it, which is shared by every draw: with exactly
        one extra play in reach and the figure (``_outs_fast``), the outs are every type if M
        is, or if ``new`` is in M (a type of D in the hand, or new + q with q in the hand
        complete a triple: symmetric), else M plus the x with tableau + new + x a triple."""
        if (new is None or not figure or self.extra_plays != 1 or not self.scorable
                or new not in hand):
            return self.outs_mask(hand, tab, dkey, others, figure)
        rest = remove(hand, new)
        m = self.outs_memo.get((rest, tab, dkey, others, figure))
        if m is None:
            m = self.outs_mask(rest, tab, dkey, others, figure)
        if m == self.every or m >> new & 1:
            return self.every
        pq = self.plus_memo.get((tab, new))
        return m | (self.plus_mask(tab, new) if pq is None else pq)
