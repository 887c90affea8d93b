"""The one way the kit writes a probability as a percentage, for every front end (the command
line, the widgets, the charts and their words).

Rule: a percentage is ``p * 100`` rounded to ``digits`` decimals, except that a chance that is
possible never reads as 0 and one that is not certain never reads as 100: where the rounded
figure would say so, it reads ``<0.01%`` / ``>99.99%`` (``under 0.01%`` / ``over 99.99%`` in
words). A child reads "0%" or "100%" as a promise.

>>> from fractions import Fraction
>>> percent_text(Fraction(25, 2838)), percent_text(Fraction(1, 10**6)), percent_text(1)
('0.88%', '<0.01%', '100.00%')
>>> about(Fraction(5, 9)), about(Fraction(1, 10**5))
('about 55.6%', 'under 0.1%')
"""

from __future__ import annotations

from fractions import Fraction

__all__ = ["about", "percent_number", "percent_text"]

Probability = Fraction | float


def percent_text(p: Probability, digits: int = 2, *, words: bool = False,
                 exact: bool = True) -> str:
    """``p`` (a probability in [0, 1]) as a percentage with ``digits`` decimals: ``"0.88%"``.

    A value strictly between 0 and 1 whose rounded figure would read 0 or 100 reads
    ``"<0.01%"`` / ``">99.99%"`` (with ``words``: ``"under 0.01%"`` / ``"over 99.99%"``).
    ``exact=False``: ``p`` is a float near the true chance (a solved table's), so 0 and 1
    themselves read as under / over too. In: a Fraction or float, ``digits`` >= 0; out: text.
    """
    value = float(p) * 100
    shown = f"{value:.{digits}f}"
    smallest = 10 ** -digits
    low, high = ("under ", "over ") if words else ("<", ">")
    if (value > 0 or not exact) and float(shown) == 0 and value < 100:
        return f"{low}{smallest:.{digits}f}%"
    if (value < 100 or not exact) and float(shown) == 100 and value > 0:
        return f"{high}{100 - smallest:.{digits}f}%"
    return f"{shown}%"


def about(p: Probability, digits: int = 1, exact: bool = True) -> str:
    """A percentage for reading beside an exact value: ``"about 55.6%"``, or ``"under 0.1%"`` /
    ``"over 99.9%"`` where the rounded figure would read 0 or 100 (:func:`percent_text` with
    words). In: a probability in [0, 1] (``exact=False``: a float near the true chance)."""
    text = percent_text(p, digits, words=True, exact=exact)
    return text if text[0] in "uo" else f"about {text}"


def percent_number(p: Probability) -> float:
    """``p`` in percent as a JSON number, rounded to 4 decimals: ``Fraction(1, 8)`` -> 12.5."""
    return round(float(p) * 100, 4)
