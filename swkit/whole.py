"""Whole numbers a caller hands in: a count, a seat, a seed, a limit.

A notebook user's count is often not a Python ``int``: ``np.int64(2)`` from a NumPy array,
``sympy.Integer(3)`` from a formula. Every place in the kit that takes a whole number reads it
through :func:`as_whole`, so any integer type is accepted as the number it holds and stored as a
Python ``int`` (exact arithmetic, JSON-ready), and anything else gets the place's own error. A
bool is not a count (``True`` is not 1 player). A seed (:func:`as_seed`) has at most
:data:`~swkit.limits.SEED_DIGITS` digits. This module imports only :mod:`swkit.limits`.
"""

from __future__ import annotations

import numbers

from swkit.limits import SEED_DIGITS

__all__ = ["as_seed", "as_whole", "quoted"]



def as_whole(value: object) -> int | None:
    """``value`` as a Python ``int`` when it is a whole number of any integer type (``int``,
    a NumPy integer, ``sympy.Integer``: every ``numbers.Integral``) and not a bool; else None
    (a float, a text, a bool, None...)."""
    if type(value) is int:  # the common case, without the ABC's slower check
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def as_seed(value: object) -> int | None:
    """``value`` as a Python ``int`` when it is a seed: a whole number (:func:`as_whole`) of at
    most :data:`SEED_DIGITS` digits; else None."""
    number = as_whole(value)
    if number is None or abs(number) >= 10 ** SEED_DIGITS:
        return None
    return number


def quoted(value: object, limit: int = 60) -> str:
    """``value`` as an error message quotes it: its ``repr``, cut to about ``limit``
    characters; a whole number of over 12 digits by its size (Python cannot even write one of
    over 4,300 digits: ``repr`` raises ValueError)."""
    number = as_whole(value)
    if number is not None and abs(number) >= 10 ** 12:
        digits = len(str(abs(number))) if number.bit_length() < 14_000 else None
        sign = "negative " if number < 0 else ""
        return (f"a {sign}{digits}-digit number" if digits else
                f"a {sign}number of about {int(number.bit_length() * 0.30103):,} digits")
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a caller's object whose repr fails
        text = f"a {type(value).__name__}"
    return text if len(text) <= limit else f"{text[:limit - 10]}… ({len(text):,} characters)"
