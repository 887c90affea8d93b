"""Self-check exercises for the lesson notebooks (``lessons/``).

A lesson's exercise cell looks like this::

    from swkit.exercises import check
    answer = ...            # replace ... with your answer, e.g. Fraction(25, 2838)
    check("1.2", answer)

``check`` prints friendly feedback and returns ``True`` (right), ``False`` (not yet) or ``None``
(no answer yet). It never raises because of a student's answer, so "Run All" always reaches the
end of a lesson. It never prints the expected answer either: the worked answers are in
``lessons/solutions/``.

Each lesson's exercises live in a module ``swkit.exercises.lessonNN`` (``NN`` = the lesson's
two-digit number) holding a list ``EXERCISES`` of :class:`Exercise`. An exercise's key is
``"<lesson>.<number>"``, e.g. ``"1.2"``. The expected answer is *computed* when checked (by the
library or a brute force), never typed in as a constant, so a changed engine shows up here too.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from numbers import Rational
from typing import Any

from swkit.errors import SwkitError

__all__ = ["Exercise", "check", "get", "all_exercises", "same"]


@dataclass(frozen=True)
class Exercise:
    """One self-check exercise.

    ``key``: ``"<lesson>.<number>"``. ``question``: one line, as in the notebook.
    ``answer``: a function of no arguments computing the expected answer (a Fraction, an int,
    a string, or a tuple/list of these). ``hint``: said when the answer is missing or wrong.
    ``wrong``: a plausible wrong answer (the tests check the checker refuses it).
    ``explain``: said after a right answer (optional). ``compare``: a custom test
    ``compare(expected, given) -> bool`` replacing :func:`same` (optional).
    """

    key: str
    question: str
    answer: Callable[[], Any]
    hint: str
    wrong: Any
    explain: str = ""
    compare: Callable[[Any, Any], bool] | None = field(default=None, compare=False)


class _Decimal(Exception):
    """A float was given where an exact value is expected."""


def _exact(value: Any) -> Fraction | Any:
    """A number as a Fraction (ints, Fractions, sympy Rationals, "25/2838"); other values as is.

    Raises ``_Decimal`` for a float (a probability here is exact).
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, float):
        raise _Decimal
    if isinstance(value, Rational):  # int, Fraction
        return Fraction(value)
    if type(value).__module__.startswith("sympy"):
        if getattr(value, "is_Rational", False):
            return Fraction(int(value.p), int(value.q))
        if getattr(value, "is_Float", False):
            raise _Decimal
        return value
    if isinstance(value, str):
        text = value.strip()
        try:
            return Fraction(text) if "." not in text else value
        except ValueError:
            return value
    return value


def same(expected: Any, given: Any) -> bool:
    """Whether ``given`` equals ``expected`` exactly.

    Numbers compare as Fractions (``Fraction(1, 3)``, ``sympy.Rational(1, 3)`` and ``"1/3"`` are
    the same); strings ignore case and extra spaces; tuples, lists and sets compare item by
    item (sets in any order). Raises ``_Decimal`` when a float stands where a number is due.
    """
    if isinstance(expected, (set, frozenset)):
        if not isinstance(given, (set, frozenset, list, tuple)):
            return False
        given_items = list(given)
        if len(given_items) != len(expected):
            return False
        pool = list(expected)
        for item in given_items:
            match = next((i for i, e in enumerate(pool) if same(e, item)), None)
            if match is None:
                return False
            pool.pop(match)
        return True
    if isinstance(expected, (tuple, list)):
        if not isinstance(given, (tuple, list)) or len(given) != len(expected):
            return False
        return all(same(e, g) for e, g in zip(expected, given, strict=True))
    if isinstance(expected, str):
        return isinstance(given, str) and " ".join(given.split()).lower() == " ".join(
            expected.split()).lower()
    exp = _exact(expected)
    got = _exact(given)
    if isinstance(exp, Fraction) and isinstance(got, Fraction):
        return exp == got
    return bool(exp == got)


def _lesson_module(lesson: int) -> Any:
    return importlib.import_module(f"swkit.exercises.lesson{lesson:02d}")


def get(key: str) -> Exercise:
    """The exercise with this key (``"1.2"``). Raises ``SwkitError`` naming the known keys."""
    lesson_text, _, _ = str(key).partition(".")
    try:
        module = _lesson_module(int(lesson_text))
    except (ValueError, ModuleNotFoundError):
        known = ", ".join(ex.key for ex in all_exercises())
        raise SwkitError(f"no exercise {key!r}: the exercises are {known}") from None
    for exercise in module.EXERCISES:
        if exercise.key == key:
            return exercise
    known = ", ".join(ex.key for ex in module.EXERCISES)
    raise SwkitError(f"no exercise {key!r}: lesson {int(lesson_text)} has {known}")


def all_exercises() -> Iterator[Exercise]:
    """Every exercise of every lesson, in lesson order."""
    package = importlib.import_module(__name__)
    names = sorted(m.name for m in pkgutil.iter_modules(package.__path__)
                   if m.name.startswith("lesson"))
    for name in names:
        yield from importlib.import_module(f"{__name__}.{name}").EXERCISES


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 60 else text[:57] + "..."


def check(key: str, answer: Any) -> bool | None:
    """Check a student's answer to exercise ``key`` and print friendly feedback.

    Returns ``True`` when the answer is right, ``False`` when it is not (yet), and ``None`` when
    there is no answer yet (``...`` or ``None``). Never raises because of the answer; an
    unknown ``key`` raises ``SwkitError`` (that is the lesson's mistake, not the student's).
    """
    exercise = get(key)
    if answer is ... or answer is None:
        print(f"Exercise {key}: no answer yet. Replace the ... with your answer and run the "
              f"cell again.\n  Hint: {exercise.hint}")
        return None
    compare = exercise.compare or same
    try:
        right = compare(exercise.answer(), answer)
    except _Decimal:
        print(f"Exercise {key}: you gave a decimal ({answer!r}). In these lessons a probability "
              f"is exact: write a fraction, such as Fraction(1, 6) or 1/6 as the text \"1/6\".")
        return False
    except Exception as error:  # a strange answer must never stop the lesson
        print(f"Exercise {key}: I could not compare {_show(answer)} with the answer "
              f"({type(error).__name__}). Check its form.\n  Hint: {exercise.hint}")
        return False
    if right:
        print(f"Exercise {key}: right! " + (exercise.explain or "Well done."))
        return True
    print(f"Exercise {key}: not yet. You gave {_show(answer)}.\n  Hint: {exercise.hint}")
    return False
