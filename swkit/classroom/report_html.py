"""The class report as HTML: one page a teacher opens in any browser, or a notebook cell's output.

:func:`report_page` is a whole page (``swkit class report --html FILE``); :func:`report_section`
is the same content without the page around it (the teacher's notebook shows it).
Per lesson: a chart through :mod:`swkit.plots` (students who tried each exercise, and who got it
right) with its text alternative and "the numbers in this chart" under it, then a table of the
exercises (tried, right, median attempts, the most common wrong answers with the misconception
the teacher's guide names). Then a table of the hand-ins with their flags, and what was not
read. Every name and answer from a hand-in is escaped: a file name cannot add markup.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from swkit.plots import Chart

if TYPE_CHECKING:
    from swkit.classroom.report import ClassReport, ExerciseSummary

__all__ = ["lesson_chart", "report_page", "report_section"]

STYLE = """
.swkit-report{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1a1a1a;
  max-width:1100px;line-height:1.4}
.swkit-report h2{margin:1.2em 0 .3em}
.swkit-report .scroll{overflow-x:auto}
.swkit-report table{border-collapse:collapse;margin:.5em 0 1em;font-size:15px}
.swkit-report th,.swkit-report td{border:1px solid #888;padding:4px 8px;text-align:left;
  vertical-align:top}
.swkit-report th{background:#eef2f7}
.swkit-report td.n{text-align:right;font-variant-numeric:tabular-nums}
.swkit-report .flag{color:#8a1c00;font-weight:600}
.swkit-report .muted{color:#4a4a4a}
"""


def lesson_chart(report: ClassReport, lesson: int) -> Chart:
    """The chart of one lesson: for each exercise, the students who tried it and those who
    got it right (bars with their counts written on them)."""
    exercises = [e for e in report.exercises if e.lesson == lesson]
    keys = [e.key for e in exercises]
    most = max([e.tried for e in exercises] + [1])
    chart = Chart(f"Lesson {lesson}: students who tried each exercise, and who got it right",
                  xlabel="exercise", ylabel="students", categories=keys,
                  limits=(0, most * 1.15), width=max(6.0, min(11.0, 1.1 * len(keys) + 3)),
                  height=4.0)
    chart.bars("tried", [e.tried for e in exercises], texts=[str(e.tried) for e in exercises])
    chart.bars("right", [e.right for e in exercises], texts=[str(e.right) for e in exercises])
    return chart


def _wrong_cell(e: ExerciseSummary) -> str:
    if not e.wrong:
        return '<span class="muted">none</span>'
    items = []
    for answer, n in e.wrong:
        why = e.misconceptions.get(answer)
        items.append(f"<li><code>{escape(answer)}</code>: {n} student{'' if n == 1 else 's'}"
                     + (f"<br>the guide's misconception: <em>{escape(why)}</em>" if why else "") + "</li>")
    return f'<ul style="margin:0;padding-left:1.2em">{"".join(items)}</ul>'


def _exercise_table(report: ClassReport, lesson: int) -> str:
    from swkit.classroom.report import attempts_text
    rows = []
    for e in (e for e in report.exercises if e.lesson == lesson):
        median = "–" if e.median_attempts is None else attempts_text(e.median_attempts)
        rows.append(f'<tr><th scope="row">{escape(e.key)}</th><td>{escape(e.question)}</td>'
                    f'<td class="n">{e.tried}</td><td class="n">{e.right}</td>'
                    f'<td class="n">{median}</td><td>{_wrong_cell(e)}</td></tr>')
    return ('<div class="scroll"><table><caption class="muted">Lesson '
            f'{lesson}: each exercise over the class (counts are students)</caption><thead><tr>'
            '<th scope="col">Exercise</th><th scope="col">Question</th><th scope="col">Tried'
            '</th><th scope="col">Right</th><th scope="col">Median attempts</th>'
            '<th scope="col">Most common wrong answers</th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table></div>")


def _students_table(report: ClassReport) -> str:
    rows = []
    for s in report.students:
        flags = []
        if not s.intact:
            flags.append("records do not check out: " + "; ".join(s.problems)
                         + " (left out of the counts)")
        if s.copies:
            flags.append("copy: shares records with " + ", ".join(s.copies))
        if s.late:
            flags.append("late")
        if s.no_records:
            flags.append("no records")
        not_yet = [k for k in s.tried if k not in s.right]
        rows.append(
            f'<tr><th scope="row">{escape(s.student)}</th>'
            f'<td class="n">{"" if s.lesson is None else s.lesson}</td>'
            f'<td>{escape(", ".join(s.right)) or "–"}</td>'
            f'<td>{escape(", ".join(not_yet)) or "–"}</td>'
            f'<td>{"".join(f"<div class=flag>{escape(f)}</div>" for f in flags) or "–"}</td>'
            f'<td class="muted">{escape(s.source)}'
            f'{" (progress code)" if s.kind == "code" else ""}</td></tr>')
    return ('<div class="scroll"><table><caption class="muted">One row per hand-in, in the '
            'order found</caption><thead><tr><th scope="col">Student</th><th scope="col">'
            'Lesson</th><th scope="col">Right</th><th scope="col">Tried, not yet right</th>'
            '<th scope="col">Flags</th><th scope="col">File</th></tr></thead><tbody>'
            + "".join(rows) + "</tbody></table></div>")


def report_section(report: ClassReport, drawing: str = "svg") -> str:
    """The report's content as an HTML fragment (a ``<div>`` with its own style): for a
    notebook cell. ``drawing``: ``"svg"`` or ``"png"`` (:meth:`swkit.plots.Chart.html`)."""
    parts = [f"<style>{STYLE}</style>", '<div class="swkit-report">',
             f"<p>{escape(report.summary())}</p>"]
    for lesson in report.lessons:
        parts.append(f"<h2>Lesson {lesson}</h2>")
        parts.append(lesson_chart(report, lesson).html(drawing=drawing))
        parts.append(_exercise_table(report, lesson))
    if report.students:
        parts.append("<h2>Students</h2>")
        parts.append(_students_table(report))
    if report.skipped:
        parts.append(f"<h2>Not read ({len(report.skipped)})</h2><ul>")
        parts += [f"<li>{escape(s.line())}</li>" for s in report.skipped]
        parts.append("</ul>")
    parts.append("</div>")
    return "\n".join(parts)


def report_page(report: ClassReport, drawing: str = "svg") -> str:
    """The report as a whole HTML page (UTF-8, nothing fetched from anywhere)."""
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Class report (swkit)</title></head><body>"
            "<h1>Class report</h1>\n" + report_section(report, drawing) + "\n</body></html>\n")
