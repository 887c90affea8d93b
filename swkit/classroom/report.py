"""The teacher's class report: every hand-in's records, added up per exercise and per student.

:func:`class_report` reads what :mod:`swkit.classroom.hand_ins` finds in the paths given
(notebooks, folders, LMS zips, lists of progress codes), reads each notebook's ``check()``
records (:func:`swkit.classroom.records.read_notebook`) and each progress code
(:func:`swkit.classroom.codes.read_progress_code`), and returns a :class:`ClassReport`:

- per exercise (:class:`ExerciseSummary`): how many students tried it and how many got it
  right, the median number of attempts (up to the first right answer), the most common wrong
  answers with how many students gave each, and, where the teacher's guide names the
  misconception behind a wrong answer (an exercise module's ``MISCONCEPTIONS``), that;
- per hand-in (:class:`StudentRow`): the exercises right and tried, flagged when its records
  do not check out (``intact`` False: then left out of every count) or when it shares a record
  chain with another student's hand-in (a copy);
- what could not be read, one line each (:class:`swkit.classroom.hand_ins.Skipped`).

Counts are over students, not attempts: a student named by two hand-ins (a resubmission, a
notebook and a code) counts once, with everything either shows. Answers are grouped by value
where they are numbers (``1/25``, ``Fraction(1, 25)`` and ``"1 / 25"`` are one answer, shown
in lowest terms: ``1/25``), else by their words (case and spaces aside; shown as most students
wrote them).

It shows as text (:meth:`ClassReport.to_text`, the command's answer), JSON
(:meth:`ClassReport.to_json`) and HTML (:meth:`ClassReport.to_html`, :func:`report_page`: one
page a teacher opens in any browser; :func:`report_section`, the same for a notebook cell):
per lesson a chart through :mod:`swkit.plots` (students who tried each exercise, and who got
it right) with its text alternative and "the numbers in this chart" under it, then a table
of the exercises; then the hand-ins with their flags, and what was not read. Every name and
answer from a hand-in is escaped: a file name cannot add markup. Nothing is written
anywhere.
"""

from __future__ import annotations

import importlib
import os
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from swkit.classroom.hand_ins import HandIn, Limits, Skipped, code_lines, find_hand_ins
from swkit.errors import SwkitError
from swkit.plots import Chart

__all__ = ["ClassReport", "ExerciseSummary", "StudentRow", "answer_key", "attempts_text",
           "class_report", "flags", "lesson_chart", "misconception", "report_page",
           "report_section", "student_words"]

RIGHT, NOT_YET = "right", "not yet"
"""The results a record may hold that count as a try (``"no answer"`` does not)."""

MOST_WRONG = 5
"""Wrong answers listed per exercise at most (the most common first)."""

SHOWN_ALIKE = 20
"""Things not read for the same reason shown one by one in the text and HTML, at most."""


@dataclass(frozen=True)
class ExerciseSummary:
    """One exercise over the class: ``key`` (``"1.2"``), ``question``, ``tried`` and ``right``
    (students), ``median_attempts`` (over the students who tried: attempts up to and with the
    first right answer, or all of them; None when nobody tried), ``wrong`` (``(answer,
    students)`` pairs, the most common first, at most :data:`MOST_WRONG`) and
    ``misconceptions`` (answer shown -> the guide's words for the misconception behind it)."""

    key: str
    question: str
    tried: int
    right: int
    median_attempts: Fraction | None
    wrong: tuple[tuple[str, int], ...]
    misconceptions: dict[str, str] = field(default_factory=dict)

    @property
    def lesson(self) -> int:
        """The lesson's number (``1`` for ``"1.2"``)."""
        return _lesson_of(self.key) or 0


@dataclass(frozen=True)
class StudentRow:
    """One hand-in: ``source`` (where it was found), ``student`` (as the LMS or the file
    names them), ``kind`` (``"notebook"`` or ``"code"``), ``lesson`` (None when unknown),
    ``intact`` (its records check out), ``problems`` (why not, in words), ``right`` and
    ``tried`` (exercise keys, ``right`` within ``tried``), ``records`` (how many),
    ``copies`` (the other students' hand-ins sharing a record chain with it), ``late`` (the
    LMS marked it late) and ``copy_students`` (the students of ``copies``)."""

    source: str
    student: str
    kind: str
    lesson: int | None
    intact: bool
    problems: tuple[str, ...] = ()
    right: tuple[str, ...] = ()
    tried: tuple[str, ...] = ()
    records: int = 0
    copies: tuple[str, ...] = ()
    late: bool = False
    copy_students: tuple[str, ...] = ()

    @property
    def no_records(self) -> bool:
        """A notebook with no check() records (another course's, or never checked)."""
        return self.kind == "notebook" and self.records == 0

    def to_json(self) -> dict[str, Any]:
        """This row as JSON-ready values."""
        return {"source": self.source, "student": self.student, "kind": self.kind,
                "lesson": self.lesson, "intact": self.intact, "problems": list(self.problems),
                "right": list(self.right), "tried": list(self.tried), "records": self.records,
                "no_records": self.no_records, "copy": bool(self.copies),
                "copies": list(self.copies), "copy_students": list(self.copy_students),
                "late": self.late}


@dataclass(frozen=True)
class ClassReport:
    """The class report (module docstring): ``exercises`` in lesson order, ``students`` (one
    row per hand-in, in the order found), ``skipped`` (what could not be read)."""

    exercises: tuple[ExerciseSummary, ...]
    students: tuple[StudentRow, ...]
    skipped: tuple[Skipped, ...]

    @property
    def notebooks(self) -> int:
        """Notebooks read (with records or not)."""
        return sum(1 for s in self.students if s.kind == "notebook")

    @property
    def codes(self) -> int:
        """Progress codes read."""
        return sum(1 for s in self.students if s.kind == "code")

    @property
    def lessons(self) -> list[int]:
        """The lessons in the report, in order."""
        return sorted({e.lesson for e in self.exercises})

    def to_json(self) -> dict[str, Any]:
        """The report as JSON-ready values: ``{"notebooks": N, "codes": n, "no_records": n,
        "not_intact": n, "copies": n, "exercises": {"1.2": {"question", "tried", "right",
        "median_attempts", "wrong": [[answer, students], ...], "misconceptions": {answer:
        words}}}, "students": [row, ...], "not_read": [{"source", "reason"}, ...]}``."""
        return {
            "notebooks": self.notebooks,
            "codes": self.codes,
            "no_records": sum(1 for s in self.students if s.no_records),
            "not_intact": sum(1 for s in self.students if not s.intact),
            "copies": sum(1 for s in self.students if s.copies),
            "exercises": {e.key: {"question": e.question, "tried": e.tried, "right": e.right,
                                  "median_attempts": _json_number(e.median_attempts),
                                  "wrong": [[a, n] for a, n in e.wrong],
                                  "misconceptions": dict(e.misconceptions)}
                          for e in self.exercises},
            "students": [s.to_json() for s in self.students],
            "not_read": [{"source": s.source, "reason": s.reason} for s in self.skipped],
        }

    def summary(self) -> str:
        """One sentence: what was read, and what is flagged."""
        parts = [_count(self.notebooks, "notebook")]
        empty = sum(1 for s in self.students if s.no_records)
        if empty:
            parts[0] += f" ({empty} with no records)"
        if self.codes:
            parts.append(_count(self.codes, "progress code"))
        flagged = []
        broken = sum(1 for s in self.students if not s.intact)
        copies = sum(1 for s in self.students if s.copies)
        if broken:
            flagged.append(f"{broken} whose records do not check out (left out of the counts)")
        if copies:
            flagged.append(f"{copies} sharing records with another student's (copies)")
        if self.skipped:
            flagged.append(f"{_count(len(self.skipped), 'file')} not read")
        students = len({s.student for s in self.students if s.intact and not s.no_records})
        text = (f"{' and '.join(parts)} read; {_count(students, 'student')} counted"
                + (f"; {'; '.join(flagged)}" if flagged else "") + ".")
        return text

    def to_text(self) -> str:
        """The report as text, for a terminal: the summary, each lesson's exercises, each
        hand-in, and the lines of what was not read."""
        lines = [f"Class report: {self.summary()}"]
        for lesson in self.lessons:
            lines += ["", f"Lesson {lesson}"]
            for e in (e for e in self.exercises if e.lesson == lesson):
                median = ("" if e.median_attempts is None
                          else f", median attempts {attempts_text(e.median_attempts)}")
                lines.append(f"  {e.key:<5} tried {e.tried}, right {e.right}{median}")
                if e.wrong:
                    lines.append("        wrong: " + "; ".join(
                        f"{a} ({_count(n, 'student')}"
                        + (f"; the guide's misconception: {e.misconceptions[a]}"
                           if a in e.misconceptions else "") + ")"
                        for a, n in e.wrong))
        if self.students:
            lines += ["", "Students"]
            for s in self.students:
                lines.append(f"  {s.student}: {student_words(s)} [{s.source}]")
        if self.skipped:
            lines += ["", f"Not read ({len(self.skipped):,})"]
            lines += [f"  {line}" for line in self.not_read_lines()]
        return "\n".join(lines)

    def not_read_lines(self, alike: int = SHOWN_ALIKE) -> list[str]:
        """One line per thing not read; where more than ``alike`` share a reason (a folder of
        scans), the first ``alike`` of them and one line saying how many more (the JSON's
        ``not_read`` lists them all)."""
        counts = Counter(s.reason for s in self.skipped)
        shown: Counter[str] = Counter()
        lines = []
        for s in self.skipped:
            shown[s.reason] += 1
            if counts[s.reason] <= alike or shown[s.reason] <= alike:
                lines.append(s.line())
            elif shown[s.reason] == alike + 1:
                lines.append(f"... and {_count(counts[s.reason] - alike, 'more file')} for the "
                             f"same reason ({s.reason}; --json lists them all)")
        return lines

    def to_html(self, drawing: str = "svg") -> str:
        """The report as one HTML page (no file it needs beside it): a chart per lesson
        through :mod:`swkit.plots` with its text alternative, the exercises' table, the
        students' table and what was not read. ``drawing``: ``"svg"`` (default, no matplotlib
        needed) or ``"png"``."""
        return report_page(self, drawing)

    def _repr_html_(self) -> str:
        return report_section(self, "svg")


def student_words(row: StudentRow) -> str:
    """What a hand-in shows, in words: its lesson, the exercises right and the others tried,
    and its flags."""
    if row.kind == "notebook" and row.records == 0:
        words = "no records (never checked, or another course's notebook)"
    else:
        others = [k for k in row.tried if k not in row.right]
        words = (f"lesson {row.lesson if row.lesson is not None else '?'}: right "
                 f"{', '.join(row.right) or 'none'}; tried, not yet right "
                 f"{', '.join(others) or 'none'}")
    if row.kind == "code":
        words = "progress code, " + words
    return words + "".join(f" ({f})" for f in flags(row))


def flags(row: StudentRow) -> list[str]:
    """A hand-in's flags in words: records that do not check out (the first reason, and how
    many more: the JSON has them all), a copy (whose), late."""
    said = []
    if not row.intact:
        more = len(row.problems) - 1
        said.append("records do not check out, left out of the counts: "
                    + (row.problems[0] if row.problems else "")
                    + (f" (and {_count(more, 'more problem')})" if more > 0 else ""))
    if row.copies:
        said.append("copy: shares records with " + ", ".join(
            dict.fromkeys(row.copy_students or row.copies)))
    if row.late:
        said.append("late")
    return said


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


def attempts_text(value: Fraction) -> str:
    """A median number of attempts as text: ``"2"``, ``"2.5"``."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def _json_number(value: Fraction | None) -> int | float | None:
    if value is None:
        return None
    return value.numerator if value.denominator == 1 else float(value)


def _lesson_of(key: str) -> int | None:
    head, dot, _ = key.partition(".")
    return int(head) if dot and head.isascii() and head.isdigit() else None


def _key_order(key: str) -> tuple[Any, ...]:
    parts = key.split(".")
    return tuple((0, int(p), "") if p.isascii() and p.isdigit() else (1, 0, p) for p in parts)


def _unquoted(text: str) -> str:
    """An answer's text with its spaces made single and the quotes of a text's ``repr``
    left aside (``"'1/25'"`` is ``1/25``)."""
    words = " ".join(str(text).split())
    if len(words) >= 2 and words[0] == words[-1] and words[0] in "'\"":
        words = words[1:-1].strip()
    return words


def answer_key(text: str) -> tuple[str, Any]:
    """The group a wrong answer falls in: ``("number", Fraction)`` when it reads as an exact
    number (``"1/25"``, ``"Fraction(1, 25)"``, ``"0.04"`` is a decimal: grouped by its
    words), else ``("words", text)`` with case and extra spaces left aside. Quotes around the
    text are left aside too (``"'420'"`` is ``420``)."""
    from swkit.exercises import read_number
    words = _unquoted(text)
    number = read_number(words)
    if isinstance(number, Fraction):
        return "number", number
    return "words", words.casefold()


def misconception(key: str, answer: str) -> str | None:
    """The teacher's guide's words for the misconception behind ``answer`` to exercise
    ``key``, from the lesson module's ``MISCONCEPTIONS`` (``{key: ((wrong answer, words),
    ...)}``; optional), or None."""
    lesson = _lesson_of(key)
    if lesson is None:
        return None
    try:
        module = importlib.import_module(f"swkit.exercises.lesson{lesson:02d}")
    except ImportError:
        return None
    from swkit.exercises import read_number, same
    given: Any = answer
    number = read_number(answer)
    if isinstance(number, Fraction):
        given = number
    for wrong, words in getattr(module, "MISCONCEPTIONS", {}).get(key, ()):
        try:
            if same(wrong, given):
                return str(words)
        except Exception:  # noqa: BLE001 - a decimal where a number is due: not this one
            continue
    return None


def _lesson_exercises(lesson: int) -> list[tuple[str, str]]:
    """``(key, question)`` of a lesson's exercises, or [] for a lesson swkit does not have."""
    try:
        module = importlib.import_module(f"swkit.exercises.lesson{lesson:02d}")
    except ImportError:
        return []
    return [(e.key, e.question) for e in getattr(module, "EXERCISES", ())]


@dataclass
class _Student:
    """One student's work, gathered over their intact hand-ins."""

    right: set[str] = field(default_factory=set)
    tried: set[str] = field(default_factory=set)
    attempts: dict[str, dict[str, Any]] = field(default_factory=lambda: defaultdict(dict))


def class_report(paths: Iterable[str | os.PathLike[str] | tuple[str, bytes]],
                 limits: Limits | None = None,
                 progress: Callable[[int], None] | None = None) -> ClassReport:
    """Read every hand-in under ``paths`` (or given in memory as ``(file name, bytes)``) and
    add them up (module docstring). ``limits``: what
    may be read at most (:class:`swkit.classroom.hand_ins.Limits`); ``progress(n)``: called
    with the number of files looked at so far. Never raises for what the paths hold: what
    cannot be read is in the report's ``skipped``, one line each."""
    entries: list[_Entry] = []
    skipped: list[Skipped] = []
    for found in find_hand_ins(paths, limits, progress):
        if isinstance(found, Skipped):
            skipped.append(found)
        elif found.kind == "notebook":
            _read_notebook(found, entries, skipped)
        else:
            _read_codes(found, entries, skipped)
    _name_shared_folders(entries)
    rows = _mark_copies(entries)
    students: dict[str, _Student] = defaultdict(_Student)
    lessons: set[int] = set()
    for entry, row in zip(entries, rows, strict=True):
        if not row.intact or (row.kind == "notebook" and not row.records):
            continue
        if row.lesson is not None:
            lessons.add(row.lesson)
        student = students[row.student]
        student.right.update(row.right)
        student.tried.update(row.tried)
        for r in entry.tried:
            lessons.update(x for x in (_lesson_of(r.exercise),) if x is not None)
            student.attempts[r.exercise][r.digest] = r
    return ClassReport(_exercises(students, lessons), tuple(rows), tuple(skipped))


@dataclass
class _Entry:
    """A hand-in read: its row, its tries (records right or not yet), its record chains and
    whether its student's name is its folder's (:func:`swkit.classroom.hand_ins.naming`)."""

    row: StudentRow
    tried: tuple[Any, ...] = ()
    chains: tuple[str, ...] = ()
    by_folder: bool = False


def _read_notebook(found: HandIn, entries: list[_Entry], skipped: list[Skipped]) -> None:
    from swkit.classroom.records import read_notebook
    try:
        notebook = read_notebook(found.data)
    except (SwkitError, ValueError, TypeError, KeyError, RecursionError) as exc:
        reason = " ".join(str(exc).split()) or type(exc).__name__
        skipped.append(Skipped(found.source, reason if reason.startswith("not a notebook")
                               else f"not a notebook that can be read ({reason})"))
        return
    records = notebook.records
    tried = tuple(r for r in records if r.result in (RIGHT, NOT_YET))
    lesson = notebook.lesson
    if lesson is None and records:
        lesson = _lesson_of(records[-1].exercise)
    row = StudentRow(found.source, found.student, "notebook", lesson, notebook.intact,
                     tuple(notebook.problems),
                     tuple(sorted({r.exercise for r in tried if r.result == RIGHT},
                                  key=_key_order)),
                     tuple(sorted({r.exercise for r in tried}, key=_key_order)),
                     len(records), late=found.late)
    entries.append(_Entry(row, tried, tuple(notebook.chains), found.by_folder))


def _name_shared_folders(entries: list[_Entry]) -> None:
    """A folder (or zip) that names its notebooks' student but holds two notebooks of one
    lesson with no record chain in common holds several students' work (a class's copies of
    one lesson, kept under their own file names): each of its notebooks is then named by its
    path instead."""
    groups: dict[str, list[_Entry]] = defaultdict(list)
    for entry in entries:
        if entry.by_folder:
            groups[entry.row.student].append(entry)
    for group in groups.values():
        shared = False
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if (a.row.lesson is not None and a.row.lesson == b.row.lesson
                        and not set(a.chains) & set(b.chains)):
                    shared = True
        if shared:
            for entry in group:
                entry.row = StudentRow(**{**entry.row.__dict__, "student": entry.row.source})


def _read_codes(found: HandIn, entries: list[_Entry], skipped: list[Skipped]) -> None:
    from swkit.classroom.codes import read_progress_code
    from swkit.files import decode_text
    try:
        text = decode_text(found.data, "this list of progress codes")
    except (SwkitError, ValueError) as exc:
        skipped.append(Skipped(found.source, " ".join(str(exc).split())))
        return
    lines = code_lines(text)
    for number, name, code_text in lines:
        source = f"{found.source} line {number}"
        if number == 1 and not any(ch.isdigit() for ch in code_text):
            continue            # a spreadsheet's header ("Name,Code")
        try:
            name, code = _code_on_line(name, code_text, read_progress_code)
        except (SwkitError, ValueError) as exc:
            skipped.append(Skipped(source, " ".join(str(exc).split())))
            continue
        # a line without a name: the student the file is named after when it holds one code
        student = name or (found.student if len(lines) == 1 else source)
        right = tuple(sorted(code.right, key=_key_order))
        tried = tuple(sorted(set(code.tried) | set(code.right), key=_key_order))
        entries.append(_Entry(StudentRow(source, student, "code", code.lesson, True, (), right,
                                         tried)))


def _code_on_line(name: str, text: str, read: Callable[[str], Any]) -> tuple[str, Any]:
    """The student's name and their read progress code on one line of a code list: the
    code alone or after a separator (:func:`swkit.classroom.hand_ins.code_lines`), or after
    the name and a space (``Sam Lee 14N-00B``, ``Sam Lee 14N 00B``). Raises the reading's
    error for the code the line most likely holds (its last word when it has several)."""
    try:
        return name, read(text)
    except (SwkitError, ValueError) as exc:
        words = text.split()
        if name or len(words) < 2:
            raise
        first = exc
    for taken in (2, 1):
        if len(words) > taken:
            try:
                return " ".join(words[:-taken]), read(" ".join(words[-taken:]))
            except (SwkitError, ValueError) as exc:
                first = exc
    raise first


def _mark_copies(entries: list[_Entry]) -> list[StudentRow]:
    """The rows, each carrying the sources of the other students' hand-ins that share one of
    its record chains (the same student's resubmissions share chains rightly)."""
    rows = [e.row for e in entries]
    holders: dict[str, list[int]] = defaultdict(list)
    for i, entry in enumerate(entries):
        for chain in entry.chains:
            holders[chain].append(i)
    copies: dict[int, set[int]] = defaultdict(set)
    for held in holders.values():
        for i in held:
            copies[i].update(j for j in held if rows[j].student != rows[i].student)
    return [StudentRow(**{**row.__dict__,
                          "copies": tuple(rows[j].source for j in sorted(copies[i])),
                          "copy_students": tuple(rows[j].student for j in sorted(copies[i]))})
            if copies.get(i) else row for i, row in enumerate(rows)]


def _median(values: list[int]) -> Fraction | None:
    if not values:
        return None
    ordered = sorted(values)
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return Fraction(ordered[middle])
    return Fraction(ordered[middle - 1] + ordered[middle], 2)


def _exercises(students: dict[str, _Student], lessons: set[int]) -> tuple[ExerciseSummary, ...]:
    questions: dict[str, str] = {}
    for lesson in sorted(lessons):
        questions.update(_lesson_exercises(lesson))
    for student in students.values():
        for key in student.tried:
            questions.setdefault(key, "")
    summaries = []
    for key in sorted(questions, key=_key_order):
        tried = right = 0
        attempts: list[int] = []
        wrong: Counter[tuple[str, Any]] = Counter()
        shown: dict[tuple[str, Any], Counter[str]] = defaultdict(Counter)
        for student in students.values():
            if key not in student.tried:
                continue
            tried += 1
            right += key in student.right
            records = sorted(student.attempts.get(key, {}).values(),
                             key=lambda r: (r.time, r.n))
            if records:
                first_right = next((i for i, r in enumerate(records) if r.result == RIGHT),
                                   None)
                attempts.append(len(records) if first_right is None else first_right + 1)
            answers: dict[tuple[str, Any], str] = {}
            for r in records:
                if r.result == NOT_YET:
                    answers.setdefault(answer_key(r.answer), _unquoted(r.answer))
            for group, text in answers.items():
                wrong[group] += 1
                shown[group][text] += 1
        listed = sorted(wrong.items(), key=lambda item: (-item[1], str(item[0][1])))
        pairs = tuple((str(g[1]) if g[0] == "number" else shown[g].most_common(1)[0][0], n)
                      for g, n in listed[:MOST_WRONG])
        named = {a: m for a, _ in pairs if (m := misconception(key, a)) is not None}
        summaries.append(ExerciseSummary(key, questions[key], tried, right, _median(attempts),
                                         pairs, named))
    return tuple(summaries)


# --- HTML ----------------------------------------------------------------------------------

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
.swkit-report td.keys{white-space:nowrap}
.swkit-report td.file{font-size:13px;overflow-wrap:anywhere;min-width:16em;max-width:30em}
.swkit-report td.flags{max-width:24em}
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
                     + (f"<br>the guide's misconception: <em>{escape(why)}</em>" if why
                        else "") + "</li>")
    return f'<ul style="margin:0;padding-left:1.2em">{"".join(items)}</ul>'


def _exercise_table(report: ClassReport, lesson: int) -> str:
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
        said = flags(s) + (["no records"] if s.no_records else [])
        flagged = "".join(f"<div class=flag>{escape(f)}</div>" for f in said)
        not_yet = [k for k in s.tried if k not in s.right]
        rows.append(
            f'<tr><th scope="row">{escape(s.student)}</th>'
            f'<td class="n">{"" if s.lesson is None else s.lesson}</td>'
            f'<td class="keys">{escape(" ".join(s.right)) or "–"}</td>'
            f'<td class="keys">{escape(" ".join(not_yet)) or "–"}</td>'
            f'<td class="flags">{flagged or "–"}</td>'
            f'<td class="muted file">{escape(s.source)}'
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
        parts.append(f"<h2>Not read ({len(report.skipped):,})</h2><ul>")
        parts += [f"<li>{escape(line)}</li>" for line in report.not_read_lines()]
        parts.append("</ul>")
    parts.append("</div>")
    return "\n".join(parts)


def report_page(report: ClassReport, drawing: str = "svg") -> str:
    """The report as a whole HTML page (UTF-8, nothing fetched from anywhere)."""
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            "<title>Class report (swkit)</title></head><body>"
            "<h1>Class report</h1>\n" + report_section(report, drawing) + "\n</body></html>\n")
