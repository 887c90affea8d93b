"""The lessons' self-check exercises: every checker accepts its right answer, refuses a wrong one,
and greets a missing one kindly; the checking machinery never raises on a student's answer."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from swkit.errors import SwkitError
from swkit.exercises import Exercise, all_exercises, check, get, hint, same

EXERCISES = list(all_exercises())


@pytest.mark.parametrize("exercise", EXERCISES, ids=[e.key for e in EXERCISES])
def test_right_wrong_and_missing(exercise: Exercise, capsys):
    assert check(exercise.key, exercise.answer()).right is True
    assert "right" in capsys.readouterr().out
    assert check(exercise.key, exercise.wrong).right is False
    out = capsys.readouterr().out
    assert "not yet" in out or "decimal" in out or "could not compare" in out
    assert check(exercise.key, ...).right is None
    assert "no answer yet" in capsys.readouterr().out


def test_keys_are_unique_and_match_their_module():
    keys = [e.key for e in EXERCISES]
    assert len(keys) == len(set(keys))
    assert "0.1" in keys


def test_exact_forms_agree():
    assert same(Fraction(1, 6), sympy.Rational(1, 6))
    assert same(Fraction(1, 6), "1/6")
    assert same(6, sympy.Integer(6))
    assert same((Fraction(1, 2), "Keep Mickey"), [sympy.Rational(1, 2), "keep  mickey"])
    assert same({1, 2}, [2, 1])
    assert not same(Fraction(1, 6), Fraction(1, 7))
    assert not same({1, 2}, [1, 1])


def test_a_decimal_is_refused_with_a_word_on_fractions(capsys):
    assert check("0.1", 1 / 6).right is False
    assert "exact" in capsys.readouterr().out


def test_a_strange_answer_never_raises(capsys):
    assert check("0.1", object()).right is False
    assert check("0.1", [1, 2]).right is False
    assert check("0.1", "banana").right is False
    out = capsys.readouterr().out
    assert "Traceback" not in out
    assert "1/6" not in out  # the answer is never revealed


def test_an_unknown_key_names_the_known_ones():
    with pytest.raises(SwkitError, match="0.1"):
        get("0.9")
    with pytest.raises(SwkitError, match="no exercise"):
        get("banana")


def test_an_unknown_key_in_check_prints_one_friendly_line(capsys):
    feedback = check("5.9", 1)
    out = capsys.readouterr().out
    assert feedback.right is None
    assert out.count("\n") == 1 and "5.1, 5.2, 5.3, 5.4" in out and "Traceback" not in out


def test_no_answer_yet_says_how_to_answer_and_keeps_the_hint_for_later(capsys):
    for exercise in EXERCISES:
        check(exercise.key, ...)
        out = capsys.readouterr().out
        assert "Replace the ..." in out and exercise.hint not in out
        assert f'hint("{exercise.key}")' in out
        check(exercise.key, exercise.wrong)
        assert exercise.hint in capsys.readouterr().out  # a wrong answer earns the hint
    assert hint("1.1").endswith(get("1.1").hint)


def test_a_wrong_decimal_is_told_not_yet_and_asked_for_an_exact_fraction(capsys):
    assert check("1.2", 7 / 2838).right is False
    out = capsys.readouterr().out
    assert "not yet" in out and "not the answer" in out and "exact fraction" in out


# -- a decimal rounded right is named as such -----------------------------------------------------

@pytest.mark.parametrize("exact, given", [
    (Fraction(14, 473), "0.0296"), (Fraction(14, 473), 0.0296), (Fraction(14, 473), "2.96%"),
    (Fraction(5, 36), "13.89%"), (Fraction(5, 36), 0.1389), (Fraction(5, 36), "0,139"),
    (Fraction(1375, 486), 2.83), (Fraction(1375, 486), "2.829"),
])
def test_a_correctly_rounded_decimal_is_right_rounded(exact, given):
    from swkit.exercises import assess
    exercise = Exercise("9.9", "q", lambda: exact, "a hint", 0, kind="expected value"
                        if exact > 1 else "")
    right, message = assess(exercise, given)
    assert right is False
    assert "right, rounded" in message and "write it exactly" in message
    assert "not the answer" not in message and str(exact) not in message


@pytest.mark.parametrize("exact, given", [
    (Fraction(14, 473), "0.0297"), (Fraction(14, 473), 0.0295), (Fraction(5, 36), "13.88%"),
    (Fraction(1375, 486), 2.81), (Fraction(1375, 486), "2.82"), (Fraction(14, 473), 0.0),
])
def test_a_wrongly_rounded_decimal_is_not_yet(exact, given):
    from swkit.exercises import assess
    exercise = Exercise("9.9", "q", lambda: exact, "a hint", 0, kind="expected value"
                        if exact > 1 else "")
    right, message = assess(exercise, given)
    assert right is False and "right, rounded" not in message


def test_exercise_7_1_is_checked_as_rounded():
    from swkit.exercises import assess
    assert "right, rounded" in assess(get("7.1"), 2.83)[1]
    assert "right, rounded" not in assess(get("7.1"), 2.81)[1]


def test_every_about_in_a_message_is_the_answer_rounded():
    """ "About 2.81 points" was wrong for 1375/486 = 2.829...: each "About <decimal>" an
    explanation gives is its exercise's computed answer, rounded to as many places."""
    import re

    from swkit.exercises import all_exercises
    found = 0
    for exercise in all_exercises():
        match = re.match(r"About (\d+\.\d+)", exercise.explain)
        if match:
            found += 1
            places = len(match[1].split(".")[1])
            assert round(float(exercise.answer()), places) == float(match[1]), exercise.key
    assert found >= 2


def test_exercise_8_3_asks_for_large_n_and_takes_a_stated_tolerance():
    from swkit.exercises import assess
    from swkit.exercises.lesson08 import LARGE_N, TOLERANCE
    from swkit.odds.montecarlo_dice import wilson
    exercise = get("8.3")
    assert "large n" in exercise.question and "5%" in exercise.question
    assert Fraction(5, 100) == TOLERANCE and LARGE_N == 10_000
    # independent of the 1/sqrt(n) rule: the exact Wilson widths at p = 13/648 (lesson 8)
    p = 13 / 648

    def width(n: float) -> float:
        ci = wilson(round(p * n), round(n))
        return ci.high - ci.low

    target = width(LARGE_N) / 2
    low, high = LARGE_N, 100 * LARGE_N
    while high - low > 1:
        mid = (low + high) // 2
        low, high = (mid, high) if width(mid) > target else (low, mid)
    assert abs(high - exercise.answer()) <= TOLERANCE * exercise.answer()
    assert abs(high - 4 * LARGE_N) < 0.05 * 4 * LARGE_N
    for given, right in [(40_000, True), (38_000, True), (42_000, True), ("40,000", True),
                         (41_500.0, True), (37_999, False), (42_001, False), (400, False),
                         (20_000, False), ("many", False)]:
        assert assess(exercise, given)[0] is right, given
