"""Which card type completes a set or a run with two others: pair masks (``swkit.cards.triples``).

pair(w, a, b) = the bitmask of the types c such that a, b, c form a set or a run under wilds w
(RULES.md §A4), filled on demand by calling ``triple_kind`` for every c and shared by every
question on the same deck and wilds (``PAIR_MEMOS``); pm(tab) = the union of pair(w, a, b) over the
pairs a, b of the tableau; has(tab) = some three cards of tab form a triple = has(tab without
its last card) or its last card is in pm(tab without it). Checked against plain enumeration of
every triple of cards:
``tests/test_odds_cards_fast_paths.py::test_fast_outs_match_the_plain_search`` and the game
tree of ``tests/test_odds_cards.py``.
"""

from __future__ import annotations

from swkit.cards.notation import Card
from swkit.cards.triples import Wilds, triple_kind
from swkit.odds.cards.facts import Facts
from swkit.odds.cards.hands import Hand

PAIR_MEMOS: dict[tuple[tuple[Card, ...], Wilds], dict[int, int]] = {}
"""Pair completion masks per (deck types, wilds), filled on demand (see ``Triples.pair``), kept
across questions."""

_PAIRS = PAIR_MEMOS   # the old private name, which the bench scripts clear between runs


class Triples:
    """The pair masks and triple checks of one search (``pair``, ``pm``, ``has``); the pair
    masks are shared by every question on the same deck and wilds (``PAIR_MEMOS``)."""

    def __init__(self, facts: Facts) -> None:
        self.types = facts.types
        self.wilds = facts.wilds
        self.pair_memos = [PAIR_MEMOS.setdefault((facts.types, w), {}) for w in facts.wilds]
        self.has_memo: dict[tuple[Hand, int], bool] = {}
        self.pm_memo: dict[tuple[Hand, int], int] = {}

    # ---- triple lookups (tables filled by swkit.cards.triples) ----
    def pair(self, w: int, a: int, b: int) -> int:
        """Bitmask of the types c such that a, b, c form a set or a run under wilds ``w``,
        filled on demand by calling ``swkit.cards.triples`` (shared by every question on the
        same deck and wilds)."""
        memo = self.pair_memos[w]
        key = (a << 16 | b) if a <= b else (b << 16 | a)
        hit = memo.get(key)
        if hit is None:
            ta, tb, wild = self.types[a], self.types[b], self.wilds[w]
            hit = 0
            for c, tc in enumerate(self.types):
                if triple_kind((ta, tb, tc), wild) is not None:   # a set or a run
                    hit |= 1 << c
            memo[key] = hit
        return hit

    def pm(self, tab: Hand, w: int = 0) -> int:
        """Bitmask of types completing a triple with two cards of ``tab``."""
        key = (tab, w)
        hit = self.pm_memo.get(key)
        if hit is None:
            hit = 0
            for i in range(len(tab)):
                for j in range(i + 1, len(tab)):
                    hit |= self.pair(w, tab[i], tab[j])
            self.pm_memo[key] = hit
        return hit

    def has(self, tab: Hand, w: int = 0) -> bool:
        """True if three cards of ``tab`` form a set or a run under wilds ``w``."""
        key = (tab, w)
        hit = self.has_memo.get(key)
        if hit is None:
            hit = len(tab) >= 3 and (self.has(tab[:-1], w)
                                     or bool(self.pm(tab[:-1], w) >> tab[-1] & 1))
            self.has_memo[key] = hit
        return hit

    def has_plus(self, tab: Hand, x: int, w: int = 0) -> bool:
        """True if ``tab`` plus a card of type x holds a set or a run under wilds ``w``."""
        return self.has(tab, w) or bool(self.pm(tab, w) >> x & 1)
