"""The forms a student writes an answer in, for every exercise of each kind: a decimal that is
exactly a count, fractions typed with spaces or thousands commas, a decimal or a decimal-made
Fraction equal to the answer up to rounding, an answer of the wrong kind, and ``check``'s value
not echoed under its message in Jupyter."""

from __future__ import annotations

from fractions import Fraction

import pytest
from IPython.core.formatters import DisplayFormatter

from swkit.exercises import KINDS, Exercise, Feedback, all_exercises, assess, check

EXERCISES = list(all_exercises())


def of_kind(*names: str) -> list[Exercise]:
    """The exercises of these kinds checked exactly (not those with their own ``compare``,
    such as 8.3's stated tolerance)."""
    return [e for e in EXERCISES if e.answer_kind().name in names and e.compare is None]


COUNTS = of_kind("count", "whole number")
FRACTIONS = of_kind("probability", "expected value", "difference of probabilities")
PROBABILITIES = of_kind("probability")


def ids(exercises: list[Exercise]) -> list[str]:
    return [e.key for e in exercises]


def test_every_exercise_names_a_known_kind_its_answer_fits():
    for exercise in EXERCISES:
        kind = exercise.answer_kind()
        assert kind is not None and kind.name in KINDS, exercise.key
        answer = exercise.answer()
        if kind.number:
            assert kind.holds(Fraction(answer)), exercise.key
        else:
            assert isinstance(answer, str), exercise.key
    assert len(COUNTS) >= 8 and len(PROBABILITIES) >= 10


@pytest.mark.parametrize("exercise", COUNTS, ids=ids(COUNTS))
def test_a_decimal_that_is_exactly_the_count_is_right_with_a_word_on_floor_division(exercise):
    answer = exercise.answer()
    right, message = assess(exercise, float(answer))
    assert right is True and "right!" in message
    assert "//" in message and "a decimal that is exactly the" in message
    assert assess(exercise, answer)[1].count("//") == 0  # an int answer gets no such note


@pytest.mark.parametrize("exercise", COUNTS, ids=ids(COUNTS))
def test_a_count_is_a_whole_number(exercise):
    answer = exercise.answer()
    right, message = assess(exercise, answer + 0.5)
    assert right is False and "whole number" in message and "decimal (" not in message
    right, message = assess(exercise, float(answer) * (1 + 1e-15) + 1e-12)
    assert right is False and "whole number" in message


@pytest.mark.parametrize("exercise", COUNTS, ids=ids(COUNTS))
def test_a_probability_for_a_count_says_a_count_is_wanted(exercise):
    for given in (Fraction(7, 2838), 7 / 2838, "7/2838"):
        right, message = assess(exercise, given)
        assert right is False and "looks like a probability" in message, given
        assert "whole number" in message, given


@pytest.mark.parametrize("exercise", COUNTS, ids=ids(COUNTS))
def test_a_count_typed_as_text_with_thousands_commas_or_spaces(exercise):
    answer = exercise.answer()
    for text in (str(answer), f" {answer} ", f"{answer:,}", f"{answer:_}"):
        assert assess(exercise, text)[0] is True, text
    assert assess(exercise, f"{answer + 1:,}")[0] is False


@pytest.mark.parametrize("exercise", FRACTIONS, ids=ids(FRACTIONS))
def test_a_fraction_typed_with_spaces_around_the_slash_is_right(exercise):
    p, q = exercise.answer().numerator, exercise.answer().denominator
    for text in (f"{p} / {q}", f"{p}/ {q}", f" {p} /{q} ", f"{p}/{q}", f"Fraction({p}, {q})"):
        assert assess(exercise, text)[0] is True, text


@pytest.mark.parametrize("exercise", FRACTIONS, ids=ids(FRACTIONS))
def test_a_decimal_equal_to_the_answer_says_right_value_write_it_exactly(exercise):
    answer = exercise.answer()
    p, q = answer.numerator, answer.denominator
    right, message = assess(exercise, p / q)
    assert right is False
    assert "right value, but write it exactly" in message
    assert f"Fraction({p}, {q})" in message and f'"{p}/{q}"' in message


@pytest.mark.parametrize("exercise", FRACTIONS, ids=ids(FRACTIONS))
def test_a_fraction_made_from_a_decimal_is_explained(exercise):
    answer = exercise.answer()
    p, q = answer.numerator, answer.denominator
    made = Fraction(p / q)
    if made == answer:  # a denominator that is a power of 2 survives the decimal exactly
        assert assess(exercise, made)[0] is True
        return
    right, message = assess(exercise, made)
    assert right is False
    assert f"Fraction({p}/{q}) goes through a decimal first" in message
    assert f"Fraction({p}, {q})" in message


@pytest.mark.parametrize("exercise", FRACTIONS, ids=ids(FRACTIONS))
def test_a_decimal_typed_as_text_gets_the_decimal_message(exercise):
    answer = exercise.answer()
    rounded = f"{float(answer):.4f}"
    if Fraction(rounded) == answer:
        pytest.skip("this answer is a short decimal")
    text_message = assess(exercise, rounded)[1]
    assert text_message == assess(exercise, float(rounded))[1]
    assert "decimal" in text_message or "is from" in text_message
    assert f"{answer.numerator}/{answer.denominator}" not in text_message  # not revealed


@pytest.mark.parametrize("exercise", PROBABILITIES, ids=ids(PROBABILITIES))
def test_a_count_for_a_probability_says_a_probability_is_wanted(exercise):
    for given in (35, 14190.0, "35"):
        right, message = assess(exercise, given)
        assert right is False and "asks for a probability" in message, given


def test_an_out_of_range_probability_says_the_range():
    right, message = assess(PROBABILITIES[0], Fraction(3, 2))
    assert right is False and "from 0 to 1" in message


def test_check_returns_feedback_that_jupyter_does_not_echo(capsys):
    result = check("0.1", Fraction(1, 6))
    printed = capsys.readouterr().out
    assert isinstance(result, Feedback) and result.right is True and result
    assert result.message in printed
    assert DisplayFormatter().format(result) == ({}, {})   # no Out[..] under the message
    assert not check("0.1", Fraction(1, 7)) and check("0.1", ...).right is None
