"""A student's number of any type: NumPy integers and floats, sympy numbers and Python ints too
long to write out are judged as the same value in Python's exact arithmetic, ``check`` never
raises or warns, and the expected answer is never shown unless the student's value equals it
up to float rounding."""

from __future__ import annotations

import dataclasses
import warnings
from fractions import Fraction

import numpy as np
import pytest
import sympy

from swkit.exercises import ROUNDING, Exercise, all_exercises, assess, check


def computed_once(exercise: Exercise) -> Exercise:
    """The exercise with its answer computed once (the same answer, checked many times)."""
    answer = exercise.answer()
    return dataclasses.replace(exercise, answer=lambda: answer)


NUMBERED = [computed_once(e) for e in all_exercises() if e.answer_kind().number]

INTEGER_TYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
                 np.uint64)


def ids(exercises: list[Exercise]) -> list[str]:
    return [e.key for e in exercises]


def quietly(exercise: Exercise, given: object) -> tuple[bool | None, str]:
    """``assess`` with every warning an error (NumPy's overflow warning among them)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return assess(exercise, given)


def reveals(message: str, expected: object) -> bool:
    """Whether ``message`` writes out the exact answer (a fraction's two parts, in any of the
    forms the messages use)."""
    exact = Fraction(expected)
    p, q = exact.numerator, exact.denominator
    return q != 1 and any(form in message for form in (f"{p}, {q}", f"{p}/{q}"))


def near(value: Fraction, exact: Fraction) -> bool:
    return abs(value - exact) <= abs(exact) * ROUNDING


@pytest.mark.parametrize("exercise", NUMBERED, ids=ids(NUMBERED))
def test_a_numpy_integer_is_judged_as_the_python_int_it_holds(exercise):
    expected = exercise.answer()
    for number_type in INTEGER_TYPES:
        info = np.iinfo(number_type)
        for value in (0, 1, 3, 7, 12, 35, 420, 3645, -1, -7, info.max, info.min):
            if not info.min <= value <= info.max:
                continue
            given = number_type(value)
            right, message = quietly(exercise, given)
            assert right == quietly(exercise, int(value))[0], (number_type, value)
            assert "could not compare" not in message, (number_type, value, message)
            if not right:
                assert not reveals(message, expected), (number_type, value, message)
    if Fraction(expected).denominator == 1 and exercise.compare is None:
        assert quietly(exercise, np.int64(int(expected)))[0] is True
        assert quietly(exercise, np.float64(int(expected)))[0] is True


@pytest.mark.parametrize("exercise", NUMBERED, ids=ids(NUMBERED))
def test_numpy_floats_and_sympy_numbers_match_their_python_twins(exercise):
    expected = Fraction(exercise.answer())
    for value in (float(expected), 0.5, 1.0, 7.0, -2.25, 1e30):
        for given in (np.float64(value), np.float32(value), sympy.Float(value)):
            twin = float(given)
            right, message = quietly(exercise, given)
            assert right == quietly(exercise, twin)[0], (type(given), value)
            if not right and not near(Fraction(twin), expected):
                assert not reveals(message, expected), (type(given), value, message)
    for given in (sympy.Integer(7), sympy.Rational(expected.numerator, expected.denominator)):
        assert quietly(exercise, given)[0] == quietly(exercise, Fraction(given.p, given.q))[0]


@pytest.mark.parametrize("exercise", NUMBERED, ids=ids(NUMBERED))
def test_a_number_too_long_to_write_out_is_judged_without_raising(exercise):
    expected = exercise.answer()
    huge = 10**5000
    for given in (huge, -huge, Fraction(huge, 3), Fraction(1, huge), Fraction(-huge, huge + 1),
                  sympy.Integer(huge)):
        right, message = quietly(exercise, given)
        assert right is False and not reveals(message, expected)
        assert "could not compare" not in message


@pytest.mark.parametrize("exercise", NUMBERED, ids=ids(NUMBERED))
def test_a_text_of_more_digits_than_python_reads_is_named_so(exercise):
    """A number typed as text with more digits than Python reads from a text (4,300) is named
    as too long, in words a student reads (no exception's name)."""
    expected = exercise.answer()
    for given in ("9" * 5000, "1/" + "3" * 5000, "-" + "7" * 10**5, "Fraction(1, " + "2" * 5000
                  + ")", "1" + ",000" * 1500):
        right, message = quietly(exercise, given)
        assert right is False and not reveals(message, expected), given[:20]
        assert "digits: no answer here is that long" in message, message
        assert "Error" not in message and "could not compare" not in message


def test_the_reported_cases_say_not_yet_and_hide_the_answer(capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert check("8.1", np.int64(1)).right is False
        assert check("8.4", np.int32(7)).right is False
        assert check("1.1", 10**5000).right is False
    out = capsys.readouterr().out
    assert "2252305" not in out and "very close" not in out
    assert "could not compare" not in out and "asks for a probability" in out
    assert "a whole number too long to write out" in out
