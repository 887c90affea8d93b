"""A student's own progress (swkit.classroom.progress): right / tried / not tried from the check
records, which to go back to, the progress code, HTML in Jupyter and text elsewhere, and one
friendly line (never an error) for a lesson it cannot show. Every lesson with exercises ends
with a progress() cell."""

from __future__ import annotations

import itertools
import json
import re
from fractions import Fraction

import pytest

from swkit.classroom import progress as progress_module
from swkit.classroom import records
from swkit.classroom.progress import (
    NOT_TRIED,
    RIGHT,
    TRIED,
    Progress,
    lesson_exercises_of,
    progress,
    progress_of,
)
from swkit.classroom.records import Log
from swkit.errors import SwkitError
from swkit.exercises import all_exercises, check


@pytest.fixture
def fresh_log(monkeypatch):
    ticks = itertools.count()
    log = Log(clock=lambda: f"2026-12-06T10:00:{next(ticks) % 60:02d}Z",
              new_session=lambda: "s", digest_of=lambda lesson: "")
    monkeypatch.setattr(records, "LOG", log)
    return log


def test_right_tried_and_not_tried_come_from_the_records(fresh_log):
    for key, answer in [("1.1", 1260), ("1.1", 420), ("1.2", 1), ("1.3", ...)]:
        check(key, answer)
    found = progress_of(1, records.kept(1))
    assert found.exercises == ("1.1", "1.2", "1.3", "1.4")
    assert found.right == {"1.1"} and found.tried == {"1.1", "1.2"}
    assert [found.state(k) for k in found.exercises] == [RIGHT, TRIED, NOT_TRIED, NOT_TRIED]
    assert found.go_back == ("1.2",) and found.not_tried == ("1.3", "1.4")
    assert "Go back to 1.2" in found.summary() and "Still to try: 1.3 and 1.4" in found.summary()


def test_right_once_stays_right(fresh_log):
    check("0.1", "1/6")
    check("0.1", "1/36")
    assert progress_of(0, records.kept(0)).right == {"0.1"}


def test_the_words_for_nothing_tried_and_everything_right():
    nothing = Progress(1, ("1.1", "1.2"), frozenset(), frozenset())
    assert "not seen an answer" in nothing.summary() and "restart" in nothing.summary()
    done = Progress(1, ("1.1", "1.2"), frozenset({"1.1", "1.2"}), frozenset({"1.1", "1.2"}))
    assert done.summary() == "All 2 right. Brilliant work!"


def test_the_text_says_each_exercise_in_words():
    shown = Progress(2, ("2.1", "2.2", "2.3"), frozenset({"2.1"}), frozenset({"2.1", "2.2"}),
                     code="84K-00C").text()
    assert shown.splitlines()[:4] == ["Lesson 2: your exercises", "  ✓ 2.1  right",
                                      "  ↺ 2.2  tried, not right yet", "  ○ 2.3  not tried yet"]
    assert "Your progress code for lesson 2: 84K-00C." in shown


def test_the_html_is_a_captioned_table_with_words_not_only_signs():
    found = Progress(1, ("1.1", "1.2"), frozenset({"1.1"}), frozenset({"1.1"}), code="A<B",
                     questions=(("1.1", "Is 3 < 4?"),))
    page = found.html()
    assert "<caption" in page and page.count('<th scope="row"') == 2
    assert 'aria-hidden="true">✓</span> right' in page
    assert "Is 3 &lt; 4?" in page and "A&lt;B" in page and "A<B" not in page
    assert "not tried yet" in page


def test_progress_shows_html_in_a_kernel_and_text_elsewhere(fresh_log, monkeypatch, capsys):
    check("1.1", 420)
    capsys.readouterr()
    found = progress(1)
    assert capsys.readouterr().out == found.text() + "\n"
    import IPython
    import IPython.display

    class Shell:
        kernel = object()

    shown = []
    monkeypatch.setattr(IPython, "get_ipython", lambda: Shell())
    monkeypatch.setattr(IPython.display, "display", lambda b, raw=False: shown.append(b))
    again = progress()  # the lesson of the last check
    assert again == found and shown == [{"text/html": found.html(), "text/plain": found.text()}]


@pytest.mark.parametrize("lesson", [99, -1, "x", True, 1.5, 9])
def test_a_lesson_it_cannot_show_gets_one_friendly_line(lesson, fresh_log, capsys):
    assert progress(lesson) is None
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "progress(1)" in out


def test_with_nothing_checked_it_asks_for_the_lesson(fresh_log, capsys):
    assert progress() is None
    assert "Give the lesson's number" in capsys.readouterr().out


def test_a_lesson_with_no_exercises_is_named():
    with pytest.raises(SwkitError, match="no lesson 9 with exercises: the lessons with "
                                         "exercises are 0, 1, 2"):
        lesson_exercises_of(9)
    assert [ex.key for ex in lesson_exercises_of(10)][:1] == ["10.1"]


def test_the_progress_code_is_the_codes_modules(fresh_log):
    from swkit.classroom import codes

    check("1.1", 420)
    check("1.2", Fraction(1, 25))
    found = progress_of(1, records.kept(1))
    assert found.code == codes.progress_code(1, ["1.1"], ["1.1", "1.2"])
    assert codes.read_progress_code(found.code).right == {"1.1"}
    assert f"Your progress code for lesson 1: {found.code}." in found.text()
    assert progress_of(1, ()).code == codes.progress_code(1, [], [])
    assert repr(found) == (f"Progress(lesson=1, right=['1.1'], tried=['1.1', '1.2'], "
                           f"code={found.code!r})")


def test_a_code_that_cannot_be_made_is_left_out(monkeypatch):
    def refuse(*args):
        raise SwkitError("lesson 1 has too many exercises for a code")

    monkeypatch.setattr(progress_module, "progress_code", refuse)
    found = progress_of(1, ())
    assert found.code is None and "progress code" not in found.text()


def test_every_lesson_with_exercises_ends_with_its_progress_cell():
    from nbrun import LESSONS

    lessons = {int(ex.key.partition(".")[0]) for ex in all_exercises()} - {0}
    for path in sorted(LESSONS.glob("*.ipynb")):
        number = int(re.match(r"\d+", path.name)[0])
        cells = json.loads(path.read_text())["cells"]
        last = "".join(cells[-1]["source"])
        if number not in lessons:
            assert "progress(" not in last, path.name
            continue
        assert last.splitlines()[-1] == f"progress({number})", path.name
        assert cells[-2]["cell_type"] == "markdown" and "progress code" in "".join(
            cells[-2]["source"]), path.name
