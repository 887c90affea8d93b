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
