"""95% intervals of a win rate: from independent games (:func:`wilson95`) and from duplicate
pairs of games (:func:`paired95`). Standard library only (the browser site uses them too)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

__all__ = ["Z95", "paired95", "wilson95"]

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson95(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` of ``games``), as (low, high)."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + Z95 ** 2 / games
    centre = (p + Z95 ** 2 / (2 * games)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / games + Z95 ** 2 / (4 * games ** 2)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def variance(values: Sequence[Fraction]) -> Fraction:
    """The sample variance of ``values`` (divided by n - 1), exact; 0 for fewer than 2."""
    n = len(values)
    if n < 2:
        return Fraction(0)
    mean = sum(values, Fraction(0)) / n
    return sum(((v - mean) ** 2 for v in values), Fraction(0)) / (n - 1)


def paired95(pair_wins: Sequence[Fraction]) -> tuple[float, float]:
    """The 95% interval of a win rate measured in duplicate pairs: ``pair_wins`` holds one
    bot's wins in each pair of two games (0 to 2). The pairs are the independent units, so
    the interval is the mean's normal interval from their own spread,
    rate ± 1.96 · sd(pair wins) / (2 √pairs), cut to [0, 1]. When every pair gave the same
    wins (no spread to measure: two bots that always split a pair, or one that wins every
    game) it is the Wilson interval with each pair counted as one game, never an interval of
    width 0."""
    n = len(pair_wins)
    if n == 0:
        return 0.0, 1.0
    total = sum(pair_wins, Fraction(0))
    spread = variance(pair_wins)
    if spread == 0:
        return wilson95(float(total / 2), n)
    rate = float(total / (2 * n))
    half = Z95 * math.sqrt(float(spread) / n) / 2
    return max(0.0, rate - half), min(1.0, rate + half)
