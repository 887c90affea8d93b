"""Whole numbers a caller hands in: a count, a seat, a seed, a limit.

A notebook user's count is often not a Python ``int``: ``np.int64(2)`` from a NumPy array,
``sympy.Integer(3)`` from a formula. Every place in the kit that takes a whole number reads it
through :func:`as_whole`, so any integer type is accepted as the number it holds and stored as a
Python ``int`` (exact arithmetic, JSON-ready), and anything else gets the place's own error. A
bool is not a count (``True`` is not 1 player). This module imports nothing of swkit.
"""

from __future__ import annotations

import numbers

__all__ = ["as_whole"]


def as_whole(value: object) -> int | None:
    """``value`` as a Python ``int`` when it is a whole number of any integer type (``int``,
    a NumPy integer, ``sympy.Integer``: every ``numbers.Integral``) and not a bool; else None
    (a float, a text, a bool, None...)."""
    if type(value) is int:  # the common case, without the ABC's slower check
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)
