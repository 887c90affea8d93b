"""A sample class: saved lesson notebooks whose check() outputs carry real records, and an LMS
zip of them, made in memory. For the teacher's notebook (a report to look at before the class
hands anything in), the class report's tests and its bench.

Each simulated student's checks are made by :class:`swkit.classroom.records.Log` (as check()
makes them) and judged by the real checker (:func:`swkit.exercises.assess`), so a change of
the records' format or of an exercise's answer shows up in what reads them. The names are made
up; nothing is written anywhere.
"""

from __future__ import annotations

import base64
import io
import itertools
import json
import random
import zipfile
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from swkit.classroom.records import MIME, Log
from swkit.exercises import assess, get

__all__ = ["LESSON1", "check_outputs", "judged", "notebook", "notebook_bytes", "sample_zip",
           "simulated_answers", "simulated_class", "zip_bytes"]


def check_outputs(answers: Sequence[tuple[str, Any]], session: str = "",
                  start: int = 0) -> list[dict[str, Any]]:
    """What check() puts in each output for ``answers`` ((exercise key, the student's value)
    in order), one kernel's run: the records' MIME values, the last one holding the whole log.
    ``session``: the run's random id (random when empty); ``start``: minutes after 10:00 of the
    first check (each check 20 s after the one before)."""
    seconds = itertools.count(60 * start, 20)

    def clock() -> str:
        at = next(seconds)
        return f"2026-12-06T{10 + at // 3600:02d}:{at // 60 % 60:02d}:{at % 60:02d}Z"

    log = Log(clock=clock, new_session=lambda: session or f"{random.getrandbits(64):016x}",
              digest_of=lambda lesson: "")
    values = []
    for key, value in answers:
        values.append(log.keep(key, value, judged(key, type(value).__name__, repr(value),
                                                  value)))
    return values


_JUDGED: dict[tuple[str, str, str], bool | None] = {}


def judged(key: str, kind: str, shown: str, value: Any) -> bool | None:
    """The real checker's verdict on ``value`` for exercise ``key`` (kept by ``(key, kind,
    shown)``: the checker computes each exercise's answer, which takes a while)."""
    if (key, kind, shown) not in _JUDGED:
        _JUDGED[key, kind, shown] = assess(get(key), value)[0]
    return _JUDGED[key, kind, shown]


def notebook(outputs: Sequence[dict[str, Any]], picture: int = 0) -> dict[str, Any]:
    """A saved notebook whose code cells' outputs are check() outputs with these record
    values (and the words a student sees beside them); ``picture``: the bytes of a chart's
    PNG (base64) in an output before them, as a lesson's saved charts weigh."""
    cells: list[dict[str, Any]] = [{"cell_type": "markdown", "id": "m0", "metadata": {},
                                    "source": ["# A lesson"]}]
    if picture:
        png = base64.b64encode(random.Random(picture).randbytes(picture * 3 // 4)).decode()
        cells.append({"cell_type": "code", "id": "p0", "metadata": {}, "execution_count": 0,
                      "source": ["chart"], "outputs": [{
                          "output_type": "display_data", "metadata": {},
                          "data": {"image/png": png, "text/plain": ["<Chart>"]}}]})
    for i, value in enumerate(outputs):
        cells.append({"cell_type": "code", "id": f"c{i}", "metadata": {},
                      "execution_count": i + 1, "source": ["check(...)"],
                      "outputs": [{"output_type": "display_data", "metadata": {},
                                   "data": {"text/plain": ["Not yet."], MIME: value}}]})
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def notebook_bytes(answers: Sequence[tuple[str, Any]], session: str = "",
                   picture: int = 0) -> bytes:
    """A saved notebook of one run through ``answers``, as its file's bytes (``picture``: as
    in :func:`notebook`)."""
    return json.dumps(notebook(check_outputs(answers, session), picture)).encode("utf-8")


def zip_bytes(files: Iterable[tuple[str, bytes]],
              compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of ``files`` ((name, bytes)), made in memory."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in files:
            archive.writestr(name, data)
    return out.getvalue()


LESSON1: dict[str, tuple[Any, list[Any]]] = {
    "1.1": (420, [2520, 84, 840, "420 hands"]),
    "1.2": (Fraction(14, 473), [Fraction(1, 25), "1/25", Fraction(1, 5), 0.0296]),
    "1.3": (3645, [3600, 3690]),
    "1.4": (1440, [1470, 1475]),
}
"""Lesson 1's right answers, and the wrong ones simulated students give (the usual mistakes)."""


def simulated_answers(rng: random.Random) -> list[tuple[str, Any]]:
    """One simulated student's checks in lesson 1: some exercises skipped, wrong answers drawn
    from the usual mistakes, then (most of the time) the right one."""
    skill = rng.random()
    answers: list[tuple[str, Any]] = []
    for key, (right, wrongs) in LESSON1.items():
        if rng.random() < 0.1:
            continue
        if rng.random() < 0.15:
            answers.append((key, ...))
        for _ in range(0 if rng.random() < skill else rng.choice((1, 1, 2, 3))):
            answers.append((key, rng.choice(wrongs)))
        if rng.random() < 0.85:
            answers.append((key, right))
    return answers


def simulated_class(students: int, seed: int = 0, picture: int = 0,
                    flagged: bool = False) -> list[tuple[str, bytes]]:
    """A Moodle "download all submissions" of lesson 1 for ``students`` simulated students:
    (file name in the zip, the saved notebook's bytes); ``picture`` as in :func:`notebook`.
    ``flagged`` (10 students or more): the fourth student edited a record (a wrong answer made
    right) and the eighth handed in the sixth's notebook."""
    rng = random.Random(seed)
    first = ["Ada", "Ben", "Cleo", "Dev", "Ema", "Finn", "Gia", "Hugo", "Ines", "Jay"]
    last = ["Lee", "Khan", "Roy", "Silva", "Novak", "Berg", "Mori", "Diaz", "Okoro", "Park"]
    files = []
    for i in range(students):
        name = f"{first[i % 10]} {last[(i // 10 + i) % 10]}{'' if i < 100 else f' {i}'}"
        data = notebook_bytes(simulated_answers(rng), session=f"{rng.getrandbits(64):016x}",
                              picture=picture)
        if flagged and i == 3:
            data = data.replace(b'"result": "not yet"', b'"result": "right"', 1)
        if flagged and i == 7:
            data = files[5][1]
        files.append((f"{name}_{1000 + i}_assignsubmission_file_/"
                      "01-counting-sets-and-runs.ipynb", data))
    return files


def sample_zip(students: int = 30, seed: int = 0) -> bytes:
    """A Moodle "download all submissions" zip of lesson 1 for ``students`` simulated students
    (:func:`simulated_class`, one student's record edited and one notebook copied when there
    are 10 or more), made in memory."""
    return zip_bytes(simulated_class(students, seed, flagged=students >= 10))
