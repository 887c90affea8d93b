"""What ``swkit lessons`` and the teacher's guide tell a teacher to run next, and what a
student's copy holds: the "Open them with" hint (every option that matters, this swkit), the
student's copy without the guide, the address line without a browser, the guide's HTML export
as printed, and the files the README's commands leave in the project folder."""

from __future__ import annotations

import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_cli_lessons import own_jupyter_data  # noqa: F401  (autouse: a fresh Jupyter data folder)

from swkit.cli import lessons, lessons_command, lessons_launch, main

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"


def shell_words(command: str) -> list[str]:
    """The words a POSIX shell makes of ``command``."""
    done = subprocess.run(["sh", "-c", "set -- " + command + '; printf "%s\\0" "$@"'],
                          capture_output=True, text=True, check=True)
    return done.stdout.split("\0")[:-1]


def hint(out: str) -> str:
    line = out.splitlines()[-1]
    assert line.startswith("Open them with: "), out
    return line.removeprefix("Open them with: ")


# -- the "Open them with" hint ---------------------------------------------------------------

@pytest.mark.skipif(os.name != "posix", reason="POSIX shell quoting")
def test_the_hint_keeps_no_solutions(tmp_path, capsys):
    """A student who runs the printed command must not get the worked answers."""
    folder = tmp_path / "my lessons"
    assert main(["lessons", "--no-open", "--no-solutions", "--dir", str(folder)]) == 0
    words = shell_words(hint(capsys.readouterr().out))
    assert words == ["swkit", "lessons", "--dir", str(folder), "--no-solutions"]
    assert main(["lessons", *words[2:]][:-1] + ["--no-open", "--no-solutions"]) == 0
    assert not (folder / "solutions").exists()


def test_the_hint_names_the_swkit_that_was_run(tmp_path):
    script = tmp_path / "venv bin" / "swkit"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\n")
    other = tmp_path / "swkit"
    other.write_text("#!/bin/sh\n")
    command = lessons_command.swkit_command
    assert command(str(script), lambda name: None) == lessons_command.shell_word(str(script))
    assert command(str(script), lambda name: str(other)) == lessons_command.shell_word(
        str(script))
    assert command(str(script), lambda name: str(script)) == "swkit"
    # python -m swkit: this Python, unless the swkit on PATH sits beside it
    main_file = str(ROOT / "swkit" / "__main__.py")
    python = lessons_command.shell_word(sys.executable)
    assert command(main_file, lambda name: None) == f"{python} -m swkit"
    assert command(main_file, lambda name: str(other)) == f"{python} -m swkit"
    # swkit inside another program (a test runner, a notebook): the usual name
    assert command(sys.argv[0], lambda name: None) == "swkit"
    assert command("", lambda name: None) == "swkit"


@pytest.mark.skipif(os.name != "posix", reason="a venv's bin/swkit script")
def test_a_swkit_not_on_path_is_named_in_the_hint_as_it_was_run(tmp_path):
    """The guide's lab set-up runs ``~/swkit-venv/bin/swkit``, which is not on PATH: the hint
    names that command, so that it can be pasted."""
    swkit = Path(sys.executable).parent / "swkit"
    if not swkit.is_file():
        pytest.skip("no swkit script beside this Python")
    folder = tmp_path / "work"
    env = dict(os.environ, PATH=os.pathsep.join(["/usr/bin", "/bin"]))
    done = subprocess.run([str(swkit), "lessons", "--no-open", "--no-solutions", "--dir",
                           str(folder)], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    words = shell_words(hint(done.stdout))
    assert words == [str(swkit), "lessons", "--dir", str(folder), "--no-solutions"]
    again = subprocess.run(words + ["--no-open"], capture_output=True, text=True, env=env,
                           timeout=120)
    assert again.returncode == 0 and "already up to date" in again.stdout, again.stderr


# -- a student's copy: no answers, no guide --------------------------------------------------

def test_a_students_copy_leaves_the_guide_out_and_says_so(tmp_path, capsys):
    """The guide quotes lesson 10's answers and lesson 9's hint answers."""
    guide = (LESSONS / lessons.GUIDE_NAME).read_text(encoding="utf-8")
    assert "worked answers" in guide and "solutions/" in guide
    student, teacher = tmp_path / "student", tmp_path / "teacher"
    assert main(["lessons", "--no-open", "--no-solutions", "--dir", str(student)]) == 0
    out = capsys.readouterr().out
    assert not (student / "README.md").exists() and not (student / "solutions").exists()
    assert "  left out   README.md (the teacher's guide" in out
    assert "copied     README.md" not in out and (student / "RULES.md").is_file()
    assert sorted(p.name for p in student.glob("*.ipynb")) == sorted(
        p.name for p in LESSONS.glob("*.ipynb"))
    assert main(["lessons", "--no-open", "--dir", str(teacher)]) == 0
    out = capsys.readouterr().out
    assert (teacher / "README.md").is_file() and "left out" not in out


# -- the address line ------------------------------------------------------------------------

@pytest.mark.parametrize("can_open", [True, False])
def test_the_address_line_says_if_no_page_opened_only_when_one_could(can_open, monkeypatch):
    info = {"port": 8899, "token": "t0k", "url": "http://localhost:8899/"}
    monkeypatch.setattr(lessons_launch, "wait_for_server", lambda *a, **k: info)
    out = io.StringIO()
    assert lessons.announce_when_ready(lambda: True, 1, "t0k", Path("."), "01-a.ipynb",
                                       out=out, browser=can_open)
    lines = out.getvalue().splitlines()
    ready = lines[lines.index("    http://localhost:8899/lab/tree/01-a.ipynb?token=t0k") - 1]
    if can_open:
        assert ready == ("JupyterLab is ready. Open this address in a browser on this computer "
                         "if no page opened:")
    else:
        assert ready == "JupyterLab is ready. Open this address in a browser on this computer:"


# -- the guide's HTML export, run as printed ------------------------------------------------

def guide_block(section: str) -> list[str]:
    """The lines of the first ``bash`` block after the heading ``section`` of the guide."""
    guide = (LESSONS / "README.md").read_text(encoding="utf-8")
    start = guide.index(f"### {section}\n")
    return re.search(r"```bash\n(.*?)\n```", guide[start:], re.S).group(1).splitlines()


@pytest.mark.slow
@pytest.mark.notebooks
@pytest.mark.skipif(os.name != "posix", reason="the guide's commands are for a POSIX shell")
def test_the_guides_html_export_runs_as_printed(tmp_path):
    """The copy, then both nbconvert lines exactly as printed, on a fresh copy whose
    notebooks are replaced by one small notebook in each folder (the lessons themselves run in
    the notebooks tier). Over IPC the kernel makes its socket files in the notebook's folder:
    run from another folder, nbconvert gave up waiting for the kernel and left its files."""
    import nbformat
    first, *export = guide_block("No computers for the students: an HTML export")
    assert first == "swkit lessons --no-open --dir swkit-lessons && cd swkit-lessons"
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent),
                                                 os.environ.get("PATH", "")]))
    if shutil.which("swkit", path=env["PATH"]) is None:
        pytest.skip("no swkit command beside this Python")
    copy = subprocess.run(["bash", "-e", "-c", first], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)
    assert copy.returncode == 0, copy.stderr
    work = tmp_path / "swkit-lessons"
    for old in [*work.glob("*.ipynb"), *work.glob("solutions/*.ipynb")]:
        old.unlink()
    for name, text in (("01-a.ipynb", "lesson"), ("solutions/01-a-solution.ipynb", "answer")):
        notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
            f"import os\nprint('{text}', 6 * 7, os.path.basename(os.getcwd()))")])
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                           "language": "python"}
        nbformat.write(notebook, work / name)
    done = subprocess.run(["bash", "-e", "-c", "\n".join(export)], cwd=work, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "lesson 42 swkit-lessons" in (work / "html" / "01-a.html").read_text("utf-8")
    assert "answer 42 solutions" in (work / "html" / "solutions" / "01-a-solution.html"
                                     ).read_text("utf-8")
    assert not [p for p in tmp_path.rglob("*ipc*")], "socket files left behind"


# -- what the README's commands leave in the project folder ---------------------------------

def test_git_ignores_what_the_readmes_commands_write_into_the_project(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    made = set(re.findall(r"--(?:out|plot) ([\w.-]+)", readme))
    made = {name for name in made if not name.isupper()}    # DIR, FILE: a placeholder
    assert {"swkit-site", "wins.png", "hub"} <= made
    made.add(lessons.DEFAULT_FOLDER)
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    paths = [f"{name}/index.html" if "." not in name else name for name in sorted(made)]
    done = subprocess.run(["git", "check-ignore", "--no-index", *paths], cwd=ROOT,
                          capture_output=True, text=True)
    assert sorted(done.stdout.split()) == sorted(paths), done.stdout
