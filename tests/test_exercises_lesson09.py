"""Lesson 9's teacher's check (swkit.exercises.lesson09): one call in the lesson's last cell
instead of a wall of asserts; it checks every quoted number on fresh widgets and names the
first that differs."""

from __future__ import annotations

import pytest

from swkit.exercises import lesson09


@pytest.mark.slow
def test_every_quoted_number_is_what_the_games_show(capsys):
    assert lesson09.check_quoted_numbers() is None          # no Out[] under the cell
    out = capsys.readouterr().out
    assert out == (f"Checked: the {len(lesson09.QUOTED)} numbers and lines this lesson quotes "
                   "are what the games show with seed 8.\n")


def test_a_quoted_number_the_games_do_not_show_is_named(monkeypatch):
    monkeypatch.setitem(lesson09.QUOTED, "the Roll button after it", "Roll (3 left)")
    with pytest.raises(AssertionError) as info:
        lesson09.check_quoted_numbers()
    assert str(info.value).startswith("lesson 9 quotes the Roll button after it as "
                                      "'Roll (3 left)', but the games show 'Roll (2 left)' "
                                      "with seed 8")


def test_lesson_9_has_no_exercises():
    from swkit.exercises import get
    assert lesson09.EXERCISES == []
    with pytest.raises(Exception, match="lesson 9 has no exercises"):
        get("9.1")
