"""argparse types for whole numbers, shared by every command line of the kit.

``swkit/cli/`` (the ``swkit`` command) and the maintainers' ``python -m swkit.odds.duel build``
read numbers the same way, so a bad value gets the same one-line message naming the option and
the accepted form (argparse adds ``argument --dice:``). This module imports only
:mod:`swkit.limits` (the seed's limit, the games' own), so the odds engine may use it without
importing the command line (``tests/test_layout.py``).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable

from swkit.limits import SEED_DIGITS

__all__ = ["MAX_DIGITS", "SEED_DIGITS", "int_range", "shown", "whole"]

MAX_DIGITS = 50
"""A whole number on the command line has at most this many digits (Python refuses to read
one of over 4,300; no count or limit of the kit needs more than 50). Seeds:
:data:`~swkit.limits.SEED_DIGITS`, the games' own limit."""



def shown(text: str, limit: int = 40) -> str:
    """``text`` as an error line quotes it: a value over ``limit`` characters is cut, with its
    length, so that the line stays readable (a pasted 5,000-digit number)."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit - 10]!r}… ({len(text):,} characters)"


def whole(text: str, wanted: str, most: int = MAX_DIGITS) -> int:
    """``text`` as a whole number (ASCII digits, a sign and spaces around) of at most ``most``
    digits, else an ``argparse.ArgumentTypeError`` saying ``wanted`` (the accepted form)."""
    if not re.fullmatch(r"\s*[+-]?[0-9]+\s*", text):
        raise argparse.ArgumentTypeError(f"must be {wanted}, got {shown(text)}")
    digits = len(text.strip().lstrip("+-").lstrip("0"))
    if digits > most:
        raise argparse.ArgumentTypeError(
            f"must be {wanted}, got a number of {digits:,} digits (at most {most})")
    return int(text)


def int_range(low: int, high: int, context: str = "") -> Callable[[str], int]:
    """An argparse type: a whole number (ASCII digits) from ``low`` to ``high``; a value
    outside raises ``argparse.ArgumentTypeError`` naming the range."""
    def parse(text: str) -> int:
        value = whole(text, f"a whole number from {low} to {high}{context}")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"must be from {low} to {high}{context}, got {value}")
        return value
    return parse
