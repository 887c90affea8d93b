"""Hand-ins for the class report's tests and bench: notebooks whose check() outputs carry
records, built the contract's way (CLASS-CONTRACT.md), and LMS zips of them, in memory."""

from __future__ import annotations

import hashlib
import io
import json
import random
import zipfile
from collections.abc import Iterable, Sequence

MIME = "application/vnd.swkit.check+json"


def _digest(record: dict) -> str:
    body = {k: v for k, v in record.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def records(lesson: int, answers: Sequence[tuple[str, str, str]],
            before: Sequence[dict] = ()) -> list[dict]:
    """The chained records of ``answers`` ((exercise, answer text, result) in order), after
    the records ``before`` (the log goes on from them)."""
    log = list(before)
    prev = log[-1]["digest"] if log else ""
    attempts: dict[str, int] = {}
    for r in log:
        attempts[r["exercise"]] = r["attempt"]
    for n, (exercise, answer, result) in enumerate(answers, start=len(log) + 1):
        attempts[exercise] = attempts.get(exercise, 0) + 1
        record = {"n": n, "exercise": exercise, "answer": answer, "result": result,
                  "attempt": attempts[exercise], "time": f"2026-12-06T10:{n // 60:02d}:"
                  f"{n % 60:02d}Z", "swkit": "0.1.0", "lesson_digest": "", "prev": prev}
        record["digest"] = _digest(record)
        prev = record["digest"]
        log.append(record)
    return log


def notebook(lesson: int, log: Sequence[dict]) -> dict:
    """A saved lesson notebook whose check() cells' outputs carry ``log`` (each output the
    log so far, as check() writes it)."""
    cells = [{"cell_type": "markdown", "id": "m0", "metadata": {},
              "source": [f"# Lesson {lesson}"]}]
    for i in range(len(log)):
        cells.append({"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": i + 1,
                      "source": [f"check({log[i]['exercise']!r}, ...)"],
                      "outputs": [{"output_type": "display_data", "metadata": {},
                                   "data": {"text/plain": ["Not yet."],
                                            MIME: {"swkit_check": 1, "lesson": lesson,
                                                   "log": list(log[:i + 1])}}}]})
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def notebook_bytes(lesson: int, answers: Sequence[tuple[str, str, str]]) -> bytes:
    """A saved notebook of ``answers`` as its file's bytes."""
    return json.dumps(notebook(lesson, records(lesson, answers))).encode("utf-8")


def zip_bytes(files: Iterable[tuple[str, bytes]], compression: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A zip of ``files`` ((name, bytes)), made in memory."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression) as archive:
        for name, data in files:
            archive.writestr(name, data)
    return out.getvalue()


LESSON1 = {"1.1": ("420", ["2520", "84", "840"]), "1.2": ("14/473", ["1/25", "Fraction(1, 25)", "1/5"]),
           "1.3": ("3690", ["3600"]), "1.4": ("1440", ["1470"])}


def simulated_answers(rng: random.Random, skill: float) -> list[tuple[str, str, str]]:
    """One simulated student's tries at lesson 1's exercises: wrong answers drawn from the
    usual mistakes, then (most of the time) the right one."""
    answers = []
    for key, (right, wrongs) in LESSON1.items():
        if rng.random() < 0.1:
            continue
        for _ in range(rng.choice((0, 0, 1, 1, 2, 3)) if rng.random() > skill else 0):
            answers.append((key, rng.choice(wrongs), "not yet"))
        if rng.random() < 0.85:
            answers.append((key, right, "right"))
    return answers
