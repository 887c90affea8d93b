"""Multisets of card types as sorted tuples: the small operations the Powers' odds moves and
the odds engine (:mod:`swkit.odds.cards.hands`) share.

A hand, a tableau or the other tableaux is a sorted tuple of card-type indices; each operation
returns a new sorted tuple.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable

__all__ = ["distinct", "insert", "remove"]


def insert(t: tuple[int, ...], x: int) -> tuple[int, ...]:
    """``t`` with one more ``x``, still sorted."""
    i = bisect_left(t, x)
    return t[:i] + (x,) + t[i:]


def remove(t: tuple[int, ...], x: int) -> tuple[int, ...]:
    """``t`` with one ``x`` taken out; ValueError if there is none."""
    i = t.index(x)
    return t[:i] + t[i + 1:]


def distinct(t: Iterable[int]) -> list[int]:
    """The different values of ``t``, sorted."""
    return sorted(set(t))
