"""Card types as sorted tuples and bitmasks: the small operations every part of the search uses.

A hand, a tableau or the other tableaux is a sorted tuple of card-type indices (``Hand``,
indices into ``Deck.types``); a set of types is an int bitmask (bit x = type x). A pool change
``drawn`` lists the cards that left the unseen cards (x >= 0) or joined them (``~x`` < 0: a card
passed to an opponent, Power 10). Counting: ``falling_factorial(n, k)`` = n(n-1)...(n-k+1),
the ordered draws of k cards out of n; ``distinct_orders(combo)`` = k! / (m1! m2! ...), the
orders of a multiset; ``maximal_masks`` keeps the masks inside no other. Checked through
every engine test, e.g. ``tests/test_odds_cards.py`` against the game tree.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from math import factorial

from swkit.cards.multiset import distinct, insert, remove

Hand = tuple[int, ...]  # sorted positions in deck.types

__all__ = ["Hand", "distinct", "distinct_orders", "falling_factorial", "insert", "maximal_masks",
           "pool_give", "pool_net", "pool_take", "remove", "sorted_multisets", "type_bits",
           "without"]



def without(t: Hand, cards: Iterable[int]) -> Hand:
    """``t`` with one copy of each of ``cards`` taken out."""
    for c in cards:
        t = remove(t, c)
    return t


def type_bits(t: Iterable[int]) -> int:
    """The bitmask of the card types in ``t``."""
    out = 0
    for x in t:
        out |= 1 << x
    return out


def maximal_masks(masks: set[int]) -> tuple[int, ...]:
    """The maximal masks of a set of bitmasks (those inside no other). Going from the most
    bits down, a mask is compared with the maximal ones kept so far only: a mask inside a
    dropped one is inside the kept one that dropped it. The order of the result is not
    meaningful (callers take the largest weight)."""
    top: list[int] = []
    for m in sorted(masks, key=int.bit_count, reverse=True):
        for t in top:
            if m & t == m:
                break
        else:
            top.append(m)
    return tuple(top)


def pool_take(drawn: Hand, x: int) -> Hand:
    """The pool change ``drawn`` after a card of type x leaves the unseen cards. Entries are
    types taken out (x >= 0) or put in (``~x`` < 0: a card passed to an opponent, Power 10),
    sorted, never both for one type."""
    return remove(drawn, ~x) if ~x in drawn else insert(drawn, x)


def pool_give(drawn: Hand, x: int) -> Hand:
    """The pool change ``drawn`` after a card of type x joins the unseen cards."""
    return remove(drawn, x) if x in drawn else insert(drawn, ~x)


def pool_net(drawn: Hand) -> int:
    """Cards taken out of the unseen cards, net of those put in."""
    return sum(1 if d >= 0 else -1 for d in drawn)


def sorted_multisets(pool: list[tuple[int, int]], k: int) -> Iterator[tuple[int, ...]]:
    """Every sorted k-multiset of types x with at most u copies each, ``pool`` = [(x, u)]."""
    if k == 0:
        yield ()
        return
    for i, (x, u) in enumerate(pool):
        for m in range(1, min(u, k) + 1):
            for rest in sorted_multisets(pool[i + 1:], k - m):
                yield (x,) * m + rest


def distinct_orders(combo: tuple[int, ...]) -> int:
    """The distinct orders of a multiset: k! over the factorials of the repeats."""
    out = factorial(len(combo))
    for m in Counter(combo).values():
        out //= factorial(m)
    return out


def falling_factorial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out

