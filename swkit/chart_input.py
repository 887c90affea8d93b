"""What a :class:`~swkit.plots.Chart` takes, checked once where it comes in, so that both of
its drawings (matplotlib's and the SVG) can draw whatever the description holds.

One rule for the whole chart API:

- **Words are text.** A title, an axis name, a series' label, a bar's text and a note are
  ``str`` (``None`` where the word is optional); a number or another object is refused, not
  written out for you. Categories are the one exception: they name the positions across, so a
  number is welcome there (``categories=range(1, 6)``) and is written as Python writes it.
- **Text a drawing can carry.** A character that XML cannot hold (the control characters
  U+0000-U+001F but tab, newline and carriage return; a lone surrogate; U+FFFE, U+FFFF) is
  refused, naming where it is: a chart's SVG must always parse.
- **Colors** are ``#rgb``, ``#rrggbb`` or a name of the Okabe–Ito palette (``"blue"``,
  ``"sky blue"``...); nothing else reaches a drawing, so no color can carry markup.
- **Numbers** are real numbers (``int``, ``float``, ``Fraction``; not text, not ``True``),
  finite and at most :data:`LARGEST` in size: a drawing has room for 200 powers of ten, and
  no count or chance in the kit comes near.

Every refusal is a :class:`~swkit.errors.ConfigurationError` naming the bad argument and the
accepted form.
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Iterable, Mapping, Sized
from typing import Any

from swkit.chart_parts import OKABE_ITO
from swkit.errors import ConfigurationError

__all__ = ["LARGEST", "check_color", "check_flag", "check_intervals", "check_name",
           "check_number", "check_numbers", "check_size", "check_text", "check_values",
           "same_length"]

LARGEST = 1e100
"""The largest size of a number a chart takes: 1e100 (a googol). Larger numbers are refused."""

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def _is_list(value: Any) -> bool:
    """True for a list, tuple, range, array...: items with a length, not text or a dict."""
    return (isinstance(value, Iterable) and isinstance(value, Sized)
            and not isinstance(value, (str, bytes, Mapping)))


def _shown(value: Any) -> str:
    """``value`` as a message quotes it: its repr, cut to 40 characters."""
    try:
        text = repr(value)
    except Exception:        # noqa: BLE001 - a strange object still gets a message
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def check_text(value: Any, name: str, *, optional: bool = False) -> str | None:
    """``value`` if it is text a drawing can carry; ``None`` passes where ``optional``.
    Raises ConfigurationError for anything but a ``str`` (naming ``name``) or for a character
    XML cannot hold (naming the character and where it is)."""
    if value is None and optional:
        return None
    if not isinstance(value, str):
        what = "text (a str) or None" if optional else "text (a str)"
        kind = ("a number" if isinstance(value, numbers.Number)
                else f"of type {type(value).__name__}")
        raise ConfigurationError(f"{name} must be {what}, got {_shown(value)} ({kind}); "
                                 "put words in quotes")
    bad = _NOT_XML.search(value)
    if bad:
        raise ConfigurationError(
            f"{name} holds the character U+{ord(bad.group()):04X} at position {bad.start()}, "
            "which no drawing can show: use printable text (a new line is '\\n')")
    return value


def check_name(value: Any, name: str) -> str:
    """A category's name: text (as :func:`check_text`) or a number, written as Python writes
    it (``3``, ``2.5``, ``1/3``). Raises ConfigurationError for anything else."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return str(value)
    text = check_text(value, name)
    assert text is not None
    return text


def check_color(value: Any, name: str) -> str:
    """A color as the drawings take it: ``#rgb`` or ``#rrggbb`` as given, a palette name as its
    ``#rrggbb``. Raises ConfigurationError for anything else, listing what is accepted."""
    if isinstance(value, str):
        if _HEX.fullmatch(value):
            return value
        if value in OKABE_ITO:
            return OKABE_ITO[value]
    raise ConfigurationError(f"{name} must be a color: '#rgb' or '#rrggbb' (e.g. '#0072B2') "
                             f"or one of the palette's names ({', '.join(OKABE_ITO)}), "
                             f"got {_shown(value)}")


def check_flag(value: Any, name: str) -> bool:
    """``value`` if it is ``True`` or ``False``; raises ConfigurationError otherwise."""
    if not isinstance(value, bool):
        raise ConfigurationError(f"{name} must be True or False, got {_shown(value)}")
    return value


def check_size(value: Any, name: str, high: float) -> float:
    """A size (e.g. inches) in (0, ``high``], as a float. Raises ConfigurationError for text,
    a bool, or a number outside the range."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        size = float(value)
        if 0 < size <= high:
            return size
    raise ConfigurationError(f"{name} must be a number in (0, {high:g}] (inches), "
                             f"got {_shown(value)}")


def check_number(value: Any, name: str) -> float:
    """A real number a chart can draw, as a float. Raises ConfigurationError for text, a bool,
    ``None``, a non-finite number or one larger than :data:`LARGEST` in size."""
    kind = type(value)
    if (kind is float or kind is int) and -LARGEST <= value <= LARGEST:    # the common case
        return float(value)
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise ConfigurationError(f"{name} must be a number, got {_shown(value)}")
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        number = math.inf
    if math.isnan(number):
        raise ConfigurationError(f"{name} must be a finite number, got {_shown(value)}")
    if not abs(number) <= LARGEST:
        raise ConfigurationError(f"{name} must be a finite number of size at most 1e100, "
                                 f"got {_shown(value)}")
    return number


def check_values(values: Any, name: str) -> tuple[float | None, ...]:
    """Bar values: numbers (as :func:`check_number`) or ``None`` (no bar), as floats.
    Raises ConfigurationError naming the first bad one."""
    if not _is_list(values):
        raise ConfigurationError(f"{name} must be a list of numbers, got {_shown(values)}")
    return tuple(None if v is None else check_number(v, f"{name}[{i}]")
                 for i, v in enumerate(values))


def check_numbers(values: Any, name: str) -> tuple[float, ...]:
    """Numbers only (as :func:`check_number`), as floats. Raises ConfigurationError naming
    the first bad one."""
    if not _is_list(values):
        raise ConfigurationError(f"{name} must be a list of numbers, got {_shown(values)}")
    out = []
    for i, v in enumerate(values):
        if v is None:
            raise ConfigurationError(f"{name} must hold numbers only, got None at {i}")
        out.append(check_number(v, f"{name}[{i}]"))
    return tuple(out)


def check_intervals(intervals: Any, n: int,
                    name: str) -> tuple[tuple[float, float] | None, ...]:
    """One ``(low, high)`` pair (numbers, low <= high) or ``None`` per value, for ``n``
    values. Raises ConfigurationError naming the bad pair."""
    if intervals is None:
        return (None,) * n
    if not _is_list(intervals):
        raise ConfigurationError(f"{name} must be a list of (low, high) pairs or None, "
                                 f"got {_shown(intervals)}")
    if len(intervals) != n:
        raise ConfigurationError(f"{name} needs one (low, high) or None per value: "
                                 f"{n} values, {len(intervals)} intervals")
    out: list[tuple[float, float] | None] = []
    for i, pair in enumerate(intervals):
        if pair is None:
            out.append(None)
            continue
        if not _is_list(pair) or len(pair) != 2:
            raise ConfigurationError(f"{name}[{i}] must be a (low, high) pair or None, "
                                     f"got {_shown(pair)}")
        low, high = check_numbers(list(pair), f"{name}[{i}]")
        if low > high:
            raise ConfigurationError(f"{name}[{i}]: low {low} is above high {high}")
        out.append((low, high))
    return tuple(out)


def same_length(name: str, n: int, values: Any, what: str) -> None:
    """Raise ConfigurationError unless ``values`` (if given) is a list of ``n`` items."""
    if values is None:
        return
    if not _is_list(values):
        raise ConfigurationError(f"{name}: {what} must be a list, got {_shown(values)}")
    if len(values) != n:
        raise ConfigurationError(f"{name}: {n} values but {len(values)} {what}")

