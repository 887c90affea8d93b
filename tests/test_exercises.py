"""The lessons' self-check exercises: every checker accepts its right answer, refuses a wrong one,
and greets a missing one kindly; the checking machinery never raises on a student's answer."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy

from swkit.errors import SwkitError
from swkit.exercises import Exercise, all_exercises, check, get, same

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
