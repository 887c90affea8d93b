"""A student's own progress in a lesson: which exercises are right, tried, not yet tried, and
the lesson's progress code (:func:`swkit.classroom.codes.progress_code`).

Each lesson's last cell calls :func:`progress`::

    from swkit.classroom.progress import progress
    progress(1)

It reads the check records this run of Python keeps (:mod:`swkit.classroom.records`), so it
knows the answers checked since the notebook's kernel started: after a restart, the
lesson's cells run again (Run All) bring them back. It shows HTML in Jupyter (a table, each
row saying in words and a sign how the exercise went) and prints plain text anywhere else.
Decisions: docs/DECISIONS.md, "Lessons", "check() records".
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Iterable
from dataclasses import dataclass

from swkit.classroom import records
from swkit.classroom.codes import progress_code
from swkit.classroom.records import Record
from swkit.errors import SwkitError
from swkit.exercises import Exercise, all_exercises

__all__ = ["Progress", "lesson_exercises_of", "progress", "progress_of"]

RIGHT, TRIED, NOT_TRIED = "right", "tried, not right yet", "not tried yet"
SIGNS = {RIGHT: "✓", TRIED: "↺", NOT_TRIED: "○"}
"""The sign beside each state. The words are always there too, and there is no colour: the
page's own text colour stays readable in a light or a dark theme."""



@dataclass(frozen=True)
class Progress:
    """One lesson's progress: ``lesson``; ``exercises`` (its keys, in order); ``right`` and
    ``tried`` (keys; every right one is also tried); ``code``: the progress code, None when
    it could not be made (a lesson a code cannot hold);
    ``questions``: each exercise's question, by key."""

    lesson: int
    exercises: tuple[str, ...]
    right: frozenset[str]
    tried: frozenset[str]
    code: str | None = None
    questions: tuple[tuple[str, str], ...] = ()

    def state(self, key: str) -> str:
        """``"right"``, ``"tried, not right yet"`` or ``"not tried yet"``."""
        return RIGHT if key in self.right else TRIED if key in self.tried else NOT_TRIED

    @property
    def go_back(self) -> tuple[str, ...]:
        """The exercises tried but not right yet, in order."""
        return tuple(k for k in self.exercises if self.state(k) == TRIED)

    @property
    def not_tried(self) -> tuple[str, ...]:
        """The exercises not tried yet, in order."""
        return tuple(k for k in self.exercises if self.state(k) == NOT_TRIED)

    def summary(self) -> str:
        """A sentence or two: how many are right, which to go back to, which to try."""
        total, right = len(self.exercises), len(self.right)
        if not self.tried:
            return ("I have not seen an answer to any of them yet. Answer them in the cells "
                    "above, then run this cell again. (I remember only what was checked since "
                    "the notebook started: after a restart, run all the cells again.)")
        if right == total:
            return f"All {total} right. Brilliant work!"
        lines = [f"{right} of {total} right so far." if right else
                 f"None right yet, but you have tried {len(self.tried)}: keep going!"]
        if self.go_back:
            lines.append(f"Go back to {_and(self.go_back)}: read the hint and try again.")
        if self.not_tried:
            lines.append(f"Still to try: {_and(self.not_tried)}.")
        return " ".join(lines)

    def code_line(self) -> str:
        """The line giving the progress code, or ``""`` without one."""
        if not self.code:
            return ""
        return (f"Your progress code for lesson {self.lesson}: {self.code}. If your teacher "
                f"asks for it, copy it exactly (its last character checks the others).")

    def text(self) -> str:
        """The progress as plain text, one exercise a line."""
        lines = [f"Lesson {self.lesson}: your exercises"]
        lines += [f"  {SIGNS[self.state(k)]} {k}  {self.state(k)}" for k in self.exercises]
        lines.append(self.summary())
        if self.code_line():
            lines.append(self.code_line())
        return "\n".join(lines)

    def html(self) -> str:
        """The progress as HTML: a table (exercise, how it went, the question) and the lines
        of :meth:`summary` and :meth:`code_line`."""
        questions = dict(self.questions)
        rows = "".join(
            f'<tr><th scope="row" style="text-align:left;padding:2px 10px 2px 0">{k}</th>'
            f'<td style="padding:2px 10px 2px 0;white-space:nowrap">'
            f'<span aria-hidden="true">{SIGNS[self.state(k)]}</span> '
            f'{self.state(k)}</td><td style="padding:2px 0">'
            f'{html.escape(questions.get(k, ""))}</td></tr>' for k in self.exercises)
        code = html.escape(self.code_line())
        if self.code:
            code = code.replace(html.escape(self.code), f"<strong style=\"font-family:"
                                f"monospace;font-size:1.2em\">{html.escape(self.code)}</strong>")
        return ('<div class="swkit-progress" style="white-space:normal;max-width:48em;'
                'line-height:1.45">'
                f'<table style="border-collapse:collapse"><caption style="text-align:left;'
                f'font-weight:bold">Lesson {self.lesson}: your exercises</caption>'
                '<thead><tr><th scope="col" style="text-align:left">Exercise</th>'
                '<th scope="col" style="text-align:left">How it went</th>'
                '<th scope="col" style="text-align:left">Question</th></tr></thead>'
                f'<tbody>{rows}</tbody></table>'
                f'<p>{html.escape(self.summary())}</p>'
                + (f"<p>{code}</p>" if code else "") + "</div>")

    def _ipython_display_(self) -> None:
        """Already shown by :func:`progress`: show nothing as the cell's value."""

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return (f"Progress(lesson={self.lesson}, right={sorted(self.right)}, "
                f"tried={sorted(self.tried)}, code={self.code!r})")


def _and(keys: Iterable[str]) -> str:
    keys = list(keys)
    return keys[0] if len(keys) == 1 else ", ".join(keys[:-1]) + " and " + keys[-1]


def _code(lesson: int, right: frozenset[str], tried: frozenset[str]) -> str | None:
    """The progress code (:func:`swkit.classroom.codes.progress_code`), or None when it cannot
    be made for the lesson (more exercises than a code holds)."""
    try:
        return progress_code(lesson, sorted(right), sorted(tried))
    except Exception:  # a code that cannot be made must not stop the lesson's last cell
        return None


def lesson_exercises_of(lesson: int) -> tuple[Exercise, ...]:
    """The exercises of lesson ``lesson`` (a whole number), in order. Raises SwkitError
    naming the lessons there are when it has none."""
    try:
        found = tuple(importlib.import_module(f"swkit.exercises.lesson{int(lesson):02d}")
                      .EXERCISES) if int(lesson) >= 0 else ()
    except ModuleNotFoundError:
        found = ()
    if not found:
        known = sorted({ex.key.partition(".")[0] for ex in all_exercises()}, key=int)
        raise SwkitError(f"there is no lesson {lesson} with exercises: the lessons with "
                         f"exercises are {', '.join(known)}")
    return found


def progress_of(lesson: int, records: Iterable[Record],
                exercises: Iterable[Exercise] | None = None) -> Progress:
    """The :class:`Progress` of ``lesson`` from its check ``records``: an exercise is right
    when one record of it says right, tried when one says right or not yet ("no answer" is
    not a try). ``exercises``: the lesson's (default :func:`lesson_exercises_of`). Raises
    SwkitError for a lesson with no exercises."""
    listed = tuple(exercises) if exercises is not None else lesson_exercises_of(lesson)
    keys = tuple(ex.key for ex in listed)
    mine = [r for r in records if r.exercise in keys]
    right = frozenset(r.exercise for r in mine if r.result == "right")
    tried = right | frozenset(r.exercise for r in mine if r.result == "not yet")
    return Progress(lesson, keys, right, tried, _code(lesson, right, tried),
                    tuple((ex.key, ex.question) for ex in listed))


def _show(text: str, markup: str | None = None) -> None:
    """``markup`` (HTML, with ``text`` beside it) in a Jupyter kernel; ``text`` printed
    anywhere else."""
    try:
        from IPython import get_ipython
        shell = get_ipython()
    except ImportError:  # pragma: no cover - IPython comes with Jupyter
        shell = None
    if shell is None or getattr(shell, "kernel", None) is None or markup is None:
        print(text)
        return
    from IPython.display import display
    display({"text/html": markup, "text/plain": text}, raw=True)


def progress(lesson: int | None = None) -> Progress | None:
    """Show this lesson's exercises as right / tried, not right yet / not tried yet, which to
    go back to, and the lesson's progress code; return the :class:`Progress` (Jupyter shows
    nothing more for it).

    ``lesson``: the lesson's number; None: the lesson of the last exercise checked. Uses the
    answers checked since this Python started (:func:`swkit.classroom.records.kept`). Never
    raises for a student's mistake: with no lesson known, or a lesson with no exercises, it
    says so in one line and returns None.
    """
    if lesson is None:
        lesson = records.LOG.last_lesson()
        if lesson is None:
            _show("I cannot tell which lesson this is yet: no exercise has been checked since "
                  "the notebook started. Give the lesson's number, for example progress(1).")
            return None
    try:
        number = int(lesson)
        if number != lesson or isinstance(lesson, bool):
            raise ValueError
        found = progress_of(number, records.kept(number))
    except (ValueError, TypeError, OverflowError, SwkitError):
        _show(f"There is no lesson {lesson!r} with exercises. Give the lesson's number, for "
              f"example progress(1).")
        return None
    _show(found.text(), found.html())
    return found
