"""The teacher's class report (``swkit.classroom.report``, ``swkit.classroom.hand_ins``): what
it counts, how it names students, and every kind of bad input (issue 27 §4-5)."""

from __future__ import annotations

import io
import json
import os
import re
import struct
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from class_hand_ins import check_outputs, notebook, notebook_bytes, zip_bytes

from swkit.classroom.hand_ins import (
    HandIn,
    Limits,
    Skipped,
    code_lines,
    find_hand_ins,
    student_name,
)
from swkit.classroom.report import answer_key, class_report, misconception
from swkit.exercises import all_exercises

ROOT = Path(__file__).resolve().parents[1]

RIGHT_11 = ("1.1", 420)


def tree(folder: Path) -> dict[str, int]:
    """Every file under ``folder`` with its size: to show that nothing was written."""
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*")}


def by_student(report) -> dict[str, dict]:
    return {row["student"]: row for row in report.to_json()["students"]}


# -- what it counts -------------------------------------------------------------------------

def test_counts_are_over_students_and_wrong_answers_group_by_value(tmp_path):
    (tmp_path / "ann.ipynb").write_bytes(notebook_bytes([
        ("1.2", "1/25"), ("1.2", Fraction(1, 25)), ("1.2", ...), ("1.2", Fraction(14, 473)),
        ("1.1", 2520)]))
    (tmp_path / "bob.ipynb").write_bytes(notebook_bytes([
        ("1.2", "1 / 25"), ("1.2", Fraction(1, 5)), ("1.2", Fraction(1, 6))]))
    (tmp_path / "cat.ipynb").write_bytes(notebook_bytes([RIGHT_11, ("1.2", "14/473")]))
    report = class_report([tmp_path]).to_json()
    assert report["notebooks"] == 3
    e12 = report["exercises"]["1.2"]
    assert (e12["tried"], e12["right"]) == (3, 2)
    # ann gave 1/25 twice (two spellings): one student; bob once: two students in all
    assert e12["wrong"][0] == ["1/25", 2]
    assert sorted(e12["wrong"][1:]) == [["1/5", 1], ["1/6", 1]]
    assert e12["median_attempts"] == 3          # ann 3, bob 3 (never right), cat 1
    e11 = report["exercises"]["1.1"]
    assert (e11["tried"], e11["right"], e11["median_attempts"]) == (2, 1, 1)
    assert e11["misconceptions"] == {"2520": "Order matters when counting hands"}
    # every exercise of the lesson is listed, tried or not
    assert report["exercises"]["1.4"] == {"question": report["exercises"]["1.4"]["question"],
                                          "tried": 0, "right": 0, "median_attempts": None,
                                          "wrong": [], "misconceptions": {}}
    students = by_student(class_report([tmp_path]))
    assert students["ann"]["right"] == ["1.2"] and students["ann"]["tried"] == ["1.1", "1.2"]
    assert students["bob"]["right"] == [] and students["bob"]["intact"] is True


def test_a_student_with_two_hand_ins_counts_once():
    first = check_outputs([("1.1", 84)], session="5a1e")
    later = check_outputs([("1.1", 84), RIGHT_11], session="5a1e")
    assert first[0]["log"][0] == later[0]["log"][0]
    data = zip_bytes([
        ("smithsam_111_901_01-counting-sets-and-runs.ipynb", json.dumps(notebook(first))),
        ("smithsam_late_111_902_01-counting-sets-and-runs-1.ipynb",
         json.dumps(notebook(later)))])
    report = class_report([_file(data, "canvas.zip")])
    e11 = report.to_json()["exercises"]["1.1"]
    assert (e11["tried"], e11["right"], e11["wrong"]) == (1, 1, [["84", 1]])
    assert e11["median_attempts"] == 2
    rows = report.to_json()["students"]
    assert [r["student"] for r in rows] == ["smithsam", "smithsam"]
    assert [r["late"] for r in rows] == [False, True]
    assert not any(r["copy"] for r in rows), "a resubmission is not a copy"


_TMP: list[Path] = []


def _file(data: bytes, name: str) -> Path:
    """``data`` written to a file ``name`` in the test's folder (set by the fixture)."""
    path = _TMP[-1] / name
    path.write_bytes(data)
    return path


@pytest.fixture(autouse=True)
def _folder(tmp_path):
    _TMP.append(tmp_path)
    yield
    _TMP.pop()


def test_an_edited_record_is_flagged_and_left_out_of_the_counts(tmp_path):
    outputs = check_outputs([("1.1", 2520), RIGHT_11])
    for output in outputs:
        output["log"][0]["answer"] = "420"         # edited after check() wrote it
    (tmp_path / "eve.ipynb").write_text(json.dumps(notebook(outputs)))
    (tmp_path / "fay.ipynb").write_bytes(notebook_bytes([("1.1", 84)]))
    report = class_report([tmp_path])
    eve = by_student(report)["eve"]
    assert eve["intact"] is False and eve["problems"]
    e11 = report.to_json()["exercises"]["1.1"]
    assert (e11["tried"], e11["right"], e11["wrong"]) == (1, 0, [["84", 1]])
    assert report.to_json()["not_intact"] == 1
    assert "do not check out" in report.to_text()


def test_a_copied_notebook_is_flagged_on_both_students(tmp_path):
    data = notebook_bytes([("1.1", 2520), RIGHT_11])
    (tmp_path / "gil.ipynb").write_bytes(data)
    (tmp_path / "hal.ipynb").write_bytes(data)
    (tmp_path / "ivy.ipynb").write_bytes(notebook_bytes([RIGHT_11]))
    students = by_student(class_report([tmp_path]))
    assert students["gil"]["copies"] == [str(tmp_path / "hal.ipynb")]
    assert students["hal"]["copies"] == [str(tmp_path / "gil.ipynb")]
    assert students["ivy"]["copy"] is False


def test_a_notebook_with_no_records_is_counted_as_no_records(tmp_path):
    other = {"cells": [{"cell_type": "code", "source": "print(1)", "metadata": {},
                        "outputs": [], "execution_count": None}],
             "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "other-course.ipynb").write_text(json.dumps(other))
    report = class_report([tmp_path])
    assert report.skipped == ()
    row = report.to_json()["students"][0]
    assert row["no_records"] is True and row["intact"] is True
    assert report.to_json()["no_records"] == 1
    assert "no records" in report.to_text()


def test_misconceptions_name_a_bold_title_of_the_guide():
    guide = (ROOT / "lessons" / "README.md").read_text(encoding="utf-8")
    section = guide.split("## Common misconceptions", 1)[1].split("\n## ", 1)[0]
    titles = set(re.findall(r"\*\*(.+?)\*\*", section))
    import importlib
    named = 0
    for exercise in all_exercises():
        lesson = exercise.key.split(".")[0]
        module = importlib.import_module(f"swkit.exercises.lesson{int(lesson):02d}")
        for wrong, words in getattr(module, "MISCONCEPTIONS", {}).get(exercise.key, ()):
            assert words in titles, f"{exercise.key}: {words!r} is not a title of the guide"
            assert misconception(exercise.key, str(wrong)) == words
            named += 1
    assert named >= 4
    assert misconception("1.1", "420") is None and misconception("99.1", "1") is None


def test_answers_group_by_exact_value_or_words():
    assert answer_key("1/25") == answer_key("Fraction(1, 25)") == answer_key("'1 / 25'")
    assert answer_key("0.04") != answer_key("1/25")
    assert answer_key("Keep  Clubhouse") == answer_key("keep clubhouse")


# -- naming students ------------------------------------------------------------------------

@pytest.mark.parametrize(("parts", "name", "late"), [
    (["class.zip", "smithsam_12345_67890_01-counting-sets-and-runs.ipynb"], "smithsam", False),
    (["class.zip", "smithsam_late_12345_67890_lesson1-1.ipynb"], "smithsam", True),
    (["class.zip", "smithsam_LATE_12345_67890_lesson1.ipynb"], "smithsam", True),
    (["m.zip", "Sam Smith_1234_assignsubmission_file_", "01-x.ipynb"], "Sam Smith", False),
    (["m.zip", "Sam Smith_1234_assignsubmission_file_01-x.ipynb"], "Sam Smith", False),
    (["g.zip", "Lesson 1-20261206T101500Z-001", "Sam O'Neil - 01-x.ipynb"], "Sam O'Neil",
     False),
    (["work", "sam.ipynb"], "sam", False),
    (["work", "ali", "01-counting-sets-and-runs.ipynb"], "ali", False),
    (["ali-work.zip", "01-counting-sets-and-runs.ipynb"], "ali-work", False),
    (["work", "01-counting-sets-and-runs.ipynb"], "work/01-counting-sets-and-runs.ipynb", False),
])
def test_students_are_named_as_the_lms_or_the_file_names_them(parts, name, late):
    assert student_name(parts) == (name, late)


def test_code_lines_take_a_name_before_the_code():
    text = "Sam Lee: 1K-7QX4\n\n1K-7QX4\n2026-12-06 10:00,Ali Khan,1K-7QX4\nBea\t1K-7QX4\n"
    assert code_lines(text) == [(1, "Sam Lee", "1K-7QX4"), (3, "", "1K-7QX4"),
                                (4, "Ali Khan", "1K-7QX4"), (5, "Bea", "1K-7QX4")]


# -- bad input: each one line, and the report completes ---------------------------------------

def test_every_kind_of_bad_file_is_one_line_and_the_rest_is_read(tmp_path):
    good = notebook_bytes([RIGHT_11])
    (tmp_path / "ok.ipynb").write_bytes(good)
    (tmp_path / "broken.ipynb").write_text("{ not json")
    (tmp_path / "list.ipynb").write_text("[1, 2]")
    (tmp_path / "photo.jpg").write_bytes(b"\xff\xd8\xff")
    (tmp_path / "corrupt.zip").write_bytes(b"PK\x03\x04" + b"\0" * 100)
    (tmp_path / "truncated.zip").write_bytes(zip_bytes([("a.ipynb", good)])[:-30])
    (tmp_path / ".ipynb_checkpoints").mkdir()
    (tmp_path / ".ipynb_checkpoints" / "ok-checkpoint.ipynb").write_bytes(good)
    report = class_report([tmp_path])
    assert report.notebooks == 1 and report.exercises[0].right == 1
    lines = {Path(s.source).name: s.reason for s in report.skipped}
    assert set(lines) == {"broken.ipynb", "list.ipynb", "photo.jpg", "corrupt.zip",
                          "truncated.zip"}
    assert "not a notebook (.ipynb), a zip" in lines["photo.jpg"]
    assert "not a zip that can be read" in lines["corrupt.zip"]
    assert all("\n" not in r for r in lines.values())


def _lying_zip(name: str, data: bytes, declared: int) -> bytes:
    """A zip whose member ``name`` says it unpacks to ``declared`` bytes, in both headers."""
    raw = bytearray(zip_bytes([(name, data)]))
    for signature, offset in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):
        at = raw.find(signature)
        raw[at + offset:at + offset + 4] = struct.pack("<I", declared)
    return bytes(raw)


def test_zip_bombs_are_refused_by_declared_and_by_actual_size(tmp_path):
    good = notebook_bytes([RIGHT_11])
    zeros = b"0" * 3_000_000                                   # deflates to a few kB
    (tmp_path / "a.zip").write_bytes(zip_bytes([("big.ipynb", zeros)]))
    (tmp_path / "b.zip").write_bytes(_lying_zip("small.ipynb", zeros, 1000))
    (tmp_path / "c.ipynb").write_bytes(good)
    limits = Limits(file_bytes=1_000_000, total_bytes=10_000_000)
    report = class_report([tmp_path], limits)
    lines = {s.source.split("/")[-1]: s.reason for s in report.skipped}
    assert "more than the 1,000,000 the report reads from one file" in lines["big.ipynb"]
    assert set(lines) == {"big.ipynb", "small.ipynb"}
    assert report.notebooks == 1
    # the sum of what the zips declare counts too: a zip of many members under the per-file cap
    many = zip_bytes([(f"n{i}.ipynb", zeros[:900_000]) for i in range(20)])
    (tmp_path / "a.zip").write_bytes(many)
    report = class_report([tmp_path / "a.zip", tmp_path / "c.ipynb"], limits)
    assert "unpacks to 18,000,000 bytes" in report.skipped[0].reason
    assert report.notebooks == 1


def test_zips_inside_zips_are_read_to_a_depth_and_no_deeper(tmp_path):
    good = notebook_bytes([RIGHT_11])
    inner = zip_bytes([("Sam Lee_1_assignsubmission_file_/01-x.ipynb", good)])
    nested = zip_bytes([("moodle.zip", inner), ("Ann Bo_2_assignsubmission_file_01-x.ipynb",
                                                good)])
    (tmp_path / "download.zip").write_bytes(nested)
    names = [r["student"] for r in class_report([tmp_path]).to_json()["students"]]
    assert names == ["Ann Bo", "Sam Lee"]
    deep = good
    for i in range(6):
        deep = zip_bytes([(f"level{i}.zip" if i else "ann.ipynb", deep)])
    (tmp_path / "download.zip").write_bytes(deep)
    report = class_report([tmp_path], Limits(depth=3))
    assert report.notebooks == 0
    assert "deeper than the 3 the report opens" in report.skipped[0].reason


def test_member_count_is_capped_and_ten_thousand_files_complete(tmp_path):
    good = notebook_bytes([RIGHT_11])
    files = [(f"scan{i:05d}.pdf", b"%PDF") for i in range(10_000)] + [("zoe.ipynb", good)]
    (tmp_path / "big.zip").write_bytes(zip_bytes(files, zipfile.ZIP_STORED))
    report = class_report([tmp_path])
    assert report.notebooks == 1 and len(report.skipped) == 10_000
    report = class_report([tmp_path], Limits(members=5_000))
    assert report.notebooks == 0 and len(report.skipped) == 1
    assert "holds 10,001 files, more than the 5,000" in report.skipped[0].reason


def test_odd_and_duplicate_names_are_only_names_and_nothing_is_written(tmp_path):
    good = notebook_bytes([RIGHT_11])
    outside = tmp_path / "outside"
    outside.mkdir()
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as archive, pytest.warns(UserWarning, match="Duplicate"):
        for name in ("../../evil.ipynb", "/etc/passwd.ipynb", "a\\..\\..\\win.ipynb",
                     "dup.ipynb", "dup.ipynb", "bell\x07<b>.ipynb", "ünï cödé.ipynb"):
            archive.writestr(name, good)
    inputs = outside / "in"
    inputs.mkdir()
    (inputs / "class.zip").write_bytes(raw.getvalue())
    before = tree(tmp_path)
    cwd = os.getcwd()
    os.chdir(inputs)
    try:
        report = class_report(["class.zip"])
    finally:
        os.chdir(cwd)
    assert tree(tmp_path) == before, "the report wrote something"
    sources = [r["source"] for r in report.to_json()["students"]]
    assert len(sources) == 7 and len(set(sources)) == 7
    assert "class.zip/dup.ipynb (copy 2)" in sources
    assert all(s.isprintable() for s in sources)
    assert "class.zip/bell\\x07<b>.ipynb" in sources
    assert "bell\\x07&lt;b&gt;.ipynb" in report.to_html()


def test_html_has_a_chart_per_lesson_with_its_text_alternative(tmp_path):
    (tmp_path / "a.ipynb").write_bytes(notebook_bytes([RIGHT_11, ("1.2", "1/25")]))
    (tmp_path / "b.ipynb").write_bytes(notebook_bytes([("2.4", Fraction(4, 29))]))
    (tmp_path / "<script>x.ipynb").write_bytes(notebook_bytes([RIGHT_11]))
    html = class_report([tmp_path]).to_html()
    assert html.count('role="img"') == 2
    assert "The numbers in this chart" in html
    assert "Lesson 1: students who tried each exercise, and who got it right" in html
    assert "<script>" not in html and "&lt;script&gt;x" in html
    assert "Next turn&#x27;s chance is the same as this turn&#x27;s" in html
    assert html.startswith("<!DOCTYPE html>") and 'lang="en"' in html


def test_the_walk_yields_hand_ins_and_skips_in_order(tmp_path):
    (tmp_path / "b.ipynb").write_bytes(b"{}")
    (tmp_path / "a.txt").write_text("x")
    (tmp_path / "c.md").write_text("x")
    found = list(find_hand_ins([tmp_path, tmp_path / "missing.ipynb"]))
    assert [type(f) for f in found] == [HandIn, HandIn, Skipped, Skipped]
    assert [f.kind for f in found[:2]] == ["codes", "notebook"]
    assert "cannot be read" in found[-1].reason


# -- progress codes -------------------------------------------------------------------------

def test_progress_codes_count_with_the_notebooks_and_a_typo_is_one_line(tmp_path):
    from swkit.classroom.codes import progress_code
    sam = progress_code(1, ["1.1"], ["1.1", "1.2"])
    ali = progress_code(1, [], ["1.3"])
    typo = sam[:-1] + ("0" if sam[-1] != "0" else "1")
    (tmp_path / "codes.csv").write_text(
        "Name,Code\n"
        f"Sam Lee,{sam}\n"
        f"Ali Khan {ali.replace('-', ' ')}\n"
        f"Bea Roy: {typo}\n"
        "Cleo Novak: 99X-YYY\n", encoding="utf-8")
    (tmp_path / "Sam Lee - 01-counting-sets-and-runs.ipynb").write_bytes(
        notebook_bytes([("1.1", 2520), RIGHT_11, ("1.4", 1470)]))
    report = class_report([tmp_path])
    json_report = report.to_json()
    assert json_report["codes"] == 2 and json_report["notebooks"] == 1
    e = json_report["exercises"]
    # Sam counts once for 1.1 (notebook and code); his 1.2 try comes from the code
    assert (e["1.1"]["tried"], e["1.1"]["right"]) == (1, 1)
    assert (e["1.2"]["tried"], e["1.3"]["tried"], e["1.4"]["tried"]) == (1, 1, 1)
    codes = [r for r in json_report["students"] if r["kind"] == "code"]
    assert [(r["student"], r["right"], r["tried"]) for r in codes] == [
        ("Sam Lee", ["1.1"], ["1.1", "1.2"]), ("Ali Khan", [], ["1.3"])]
    lines = [s.line() for s in report.skipped]
    assert len(lines) == 2
    assert lines[0].startswith(f"{tmp_path / 'codes.csv'} line 4: progress code")
    assert "has a typo" in lines[0]
    assert lines[1].startswith(f"{tmp_path / 'codes.csv'} line 5: ")


def test_a_code_list_that_is_not_utf8_is_one_line(tmp_path):
    (tmp_path / "codes.txt").write_bytes("Sam: 14N-00B".encode("utf-16"))
    report = class_report([tmp_path])
    assert [s.reason for s in report.skipped] == [
        "this list of progress codes is UTF-16 text, not UTF-8: save it as UTF-8 (in Notepad: "
        "Save as, Encoding UTF-8) and try again"]


# -- the teacher's notebook -----------------------------------------------------------------

def test_report_here_reads_the_folder_and_forgets_only_when_asked(tmp_path, capsys):
    from swkit.classroom.teacher import NO_HAND_INS, report_here
    assert report_here(tmp_path) is None
    assert capsys.readouterr().out.strip() == NO_HAND_INS
    data = zip_bytes([("smithsam_1_2_01-counting-sets-and-runs.ipynb",
                       notebook_bytes([RIGHT_11]))])
    (tmp_path / "canvas.zip").write_bytes(data)
    (tmp_path / "hand-ins" / "ali").mkdir(parents=True)
    (tmp_path / "hand-ins" / "ali" / "01-counting-sets-and-runs.ipynb").write_bytes(
        notebook_bytes([("1.1", 2520)]))
    (tmp_path / "lesson.ipynb").write_bytes(notebook_bytes([RIGHT_11]))   # not a hand-in here
    report = report_here(tmp_path)                   # under CPython: nothing is removed
    assert [s.student for s in report.students] == ["smithsam", "ali"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["canvas.zip", "hand-ins",
                                                           "lesson.ipynb"]
    capsys.readouterr()
    report = report_here(tmp_path, forget=True)       # as in the browser
    assert report.notebooks == 2
    assert [p.name for p in tmp_path.iterdir()] == ["lesson.ipynb"]
    assert "removed from this browser's storage" in capsys.readouterr().out


def test_a_file_given_in_memory_is_read_as_one_on_disk():
    data = zip_bytes([("Sam Lee_1_assignsubmission_file_01-x.ipynb", notebook_bytes([RIGHT_11]))])
    report = class_report([("moodle.zip", data), ("notes.pdf", b"%PDF")])
    assert [s.source for s in report.students] == [
        "moodle.zip/Sam Lee_1_assignsubmission_file_01-x.ipynb"]
    assert [s.source for s in report.skipped] == ["notes.pdf"]


def test_a_folder_of_ten_thousand_files_and_a_pipe(tmp_path):
    folder = tmp_path / "class"
    for i in range(100):
        sub = folder / f"group{i:03d}"
        sub.mkdir(parents=True)
        for j in range(100):
            (sub / f"scan{j:03d}.pdf").write_bytes(b"%PDF")
    (folder / "group000" / "zoe.ipynb").write_bytes(notebook_bytes([RIGHT_11]))
    os.mkfifo(folder / "pipe.ipynb")
    report = class_report([folder])
    assert report.notebooks == 1 and len(report.skipped) == 10_001
    assert any(s.source.endswith("pipe.ipynb") and "not a file" in s.reason
               for s in report.skipped)


def test_many_files_left_out_for_one_reason_are_summed_up_in_the_text(tmp_path):
    files = [(f"scan{i:03d}.pdf", b"%PDF") for i in range(50)] + [("bad.ipynb", b"{")]
    report = class_report([("class.zip", zip_bytes(files))])
    lines = report.not_read_lines()
    assert len(lines) == 22 and lines[:21] == [s.line() for s in report.skipped[:21]]
    assert lines[0].startswith("class.zip/bad.ipynb: ")      # in the zip's order, by name
    assert lines[21].startswith("... and 30 more files for the same reason (not a notebook")
    assert len(report.to_json()["not_read"]) == 51
    assert report.to_text().count("\n  ") >= 22


def test_a_folder_of_several_students_copies_of_one_lesson_names_each_by_its_path():
    lesson1 = "01-counting-sets-and-runs"
    first = check_outputs([("1.1", 84)], session="5a1e")
    again = check_outputs([("1.1", 84), RIGHT_11], session="5a1e")
    drive = zip_bytes([
        (f"Lesson 1/{lesson1}.ipynb", notebook_bytes([RIGHT_11])),
        (f"Lesson 1/{lesson1} (1).ipynb", notebook_bytes([("1.1", 2520)])),
        (f"sam/{lesson1}.ipynb", json.dumps(notebook(first)).encode()),
        (f"sam/{lesson1}-1.ipynb", json.dumps(notebook(again)).encode()),
        ("sam/02-drawing-to-a-set-or-run.ipynb", notebook_bytes([("2.1", 5)])),
    ])
    report = class_report([("drive.zip", drive)])
    assert [s.student for s in report.students] == [
        f"drive.zip/Lesson 1/{lesson1} (1).ipynb", f"drive.zip/Lesson 1/{lesson1}.ipynb",
        "sam", "sam", "sam"]
    e11 = report.to_json()["exercises"]["1.1"]
    assert (e11["tried"], e11["right"]) == (3, 2)
    assert not any(s.copies for s in report.students)
