"""``swkit class report``: its arguments, its answers (text, JSON, HTML) and its refusals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from class_hand_ins import notebook_bytes, zip_bytes

from swkit.cli.command import main

RIGHT_11 = ("1.1", 420)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(["class", "report", *argv])
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def hand_ins(tmp_path: Path) -> Path:
    files = [(f"{name}_{i}_assignsubmission_file_/01-counting-sets-and-runs.ipynb",
              notebook_bytes(answers))
             for i, (name, answers) in enumerate([
                 ("Sam Lee", [("1.1", 2520), RIGHT_11]),
                 ("Ali Khan", [("1.1", 2520)]),
                 ("Bea Roy", [RIGHT_11, ("1.2", "1/25")])])]
    (tmp_path / "moodle.zip").write_bytes(zip_bytes(files + [("notes.pdf", b"%PDF-1.4")]))
    return tmp_path / "moodle.zip"


def test_the_text_report(capsys, hand_ins):
    code, out, err = run(capsys, str(hand_ins))
    assert code == 0 and err == ""
    assert out.startswith("Class report: 3 notebooks read; 3 students counted; 1 file not read.")
    assert "1.1   tried 3, right 2, median attempts 1" in out
    assert ("wrong: 2520 (2 students; the guide's misconception: Order matters when counting "
            "hands)") in out
    assert "notes.pdf: not a notebook" in out


def test_json_has_the_shape_the_issue_gives(capsys, hand_ins):
    code, out, _ = run(capsys, str(hand_ins), "--json")
    report = json.loads(out)
    assert code == 0 and report["notebooks"] == 3
    assert report["exercises"]["1.1"]["tried"] == 3
    assert report["exercises"]["1.1"]["wrong"] == [["2520", 2]]
    assert {s["student"] for s in report["students"]} == {"Sam Lee", "Ali Khan", "Bea Roy"}
    assert all(s["intact"] is True and "source" in s for s in report["students"])


def test_html_is_written_where_asked_and_nowhere_else(capsys, hand_ins, tmp_path):
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    before = sorted(p.name for p in tmp_path.iterdir())
    code, out, err = run(capsys, str(hand_ins), "--html", str(out_dir / "report.html"))
    assert code == 0 and err == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert [p.name for p in out_dir.iterdir()] == ["report.html"]
    html = (out_dir / "report.html").read_text(encoding="utf-8")
    assert 'role="img"' in html and "Sam Lee" in html
    assert out.rstrip().endswith(f"HTML report written: {out_dir / 'report.html'}")


@pytest.mark.parametrize(("argv", "words"), [
    (["missing.zip"], "'missing.zip' does not exist: give a notebook, a folder, a zip"),
    (["{zip}", "--html", "report.txt"], "give a file name ending in .html"),
    (["{zip}", "--html", "nowhere/report.html"], "the folder 'nowhere' does not exist"),
    (["{zip}", "--html", ""], "an empty value: give a file name ending in .html"),
    ([""], "an empty PATH"),
    ([], "the following arguments are required: PATH"),
    (["{zip}", "--jsn"], "did you mean --json?"),
])
def test_bad_arguments_are_one_line_and_exit_2(capsys, hand_ins, argv, words, monkeypatch):
    monkeypatch.chdir(hand_ins.parent)
    code, out, err = run(capsys, *[a.format(zip=hand_ins) for a in argv])
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err


def test_a_folder_for_html_is_refused(capsys, hand_ins, tmp_path):
    (tmp_path / "r.html").mkdir()
    code, _, err = run(capsys, str(hand_ins), "--html", str(tmp_path / "r.html"))
    assert code == 2 and "is a folder" in err


def test_the_command_runs_as_a_program(hand_ins):
    done = subprocess.run([sys.executable, "-m", "swkit", "class", "report", str(hand_ins),
                           "--json"], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["notebooks"] == 3


def test_progress_lines_go_to_stderr_for_long_work(monkeypatch, capsys, hand_ins):
    import swkit.cli.class_report as command
    monkeypatch.setattr(command, "FIRST_NOTICE", 0.0)
    code, out, err = run(capsys, str(hand_ins), "--json")
    assert code == 0 and json.loads(out)
    assert err.startswith("swkit class report: still reading: 1 files looked at so far")


def test_a_list_of_progress_codes(capsys, tmp_path):
    from swkit.classroom.codes import progress_code
    code = progress_code(1, ["1.1"], ["1.1", "1.4"])
    (tmp_path / "codes.txt").write_text(f"Sam Lee: {code}\nAli Khan: {code[:-1]}\n")
    status, out, err = run(capsys, str(tmp_path / "codes.txt"), "--json")
    report = json.loads(out)
    assert status == 0 and err == ""
    assert report["codes"] == 1 and report["exercises"]["1.4"]["tried"] == 1
    assert report["not_read"][0]["source"].endswith("codes.txt line 2")
    assert "a character is missing or one too many" in report["not_read"][0]["reason"]
