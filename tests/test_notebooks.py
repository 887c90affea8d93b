"""The lesson notebooks: stored clean, run top to bottom with nothing a student must not see,
and every one named in the teacher's guide. Executing them is the ``notebooks`` tier
(also ``slow``); the README's test command runs it."""

from __future__ import annotations

import re

import nbformat
import pytest
from nbrun import (
    BROWSER_MISSING,
    LESSONS,
    ROOT,
    answer_leaks,
    execute,
    lesson_notebooks,
    problems,
    raw_reprs,
    shown_sum,
    stored_outputs,
)

STORED = sorted({*lesson_notebooks(), *ROOT.joinpath("tests").rglob("*.ipynb")})


def relative(path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", STORED, ids=relative)
def test_stored_notebook_has_no_outputs_and_no_execution_counts(path):
    nbformat.validate(nbformat.read(path, as_version=4))
    assert stored_outputs(path) == [], (
        f"{relative(path)} is stored with outputs: clear them (Edit -> Clear Outputs of All "
        f"Cells, or `jupyter nbconvert --clear-output --inplace {relative(path)}`)")


def test_the_teachers_guide_names_every_lesson_and_solution():
    guide = (LESSONS / "README.md").read_text()
    missing = [relative(p) for p in lesson_notebooks()
               if p.relative_to(LESSONS).as_posix() not in guide]
    assert not missing, f"lessons/README.md does not name {missing}"


def test_a_solution_has_a_tab_name_of_its_own():
    """JupyterLab and the Lite site name a tab by its file name: a lesson and its worked
    answers open side by side must not both read 01-counting-sets-and-runs.ipynb (a
    newcomer's trial). Each solution is its lesson's name with ``-solution``; a teacher's
    notebook among them (not a lesson's answers) starts with ``teacher-``."""
    lessons = {p.name for p in LESSONS.glob("*.ipynb")}
    solutions = [p.name for p in LESSONS.glob("solutions/*.ipynb")]
    assert solutions
    for name in solutions:
        assert name not in lessons, f"solutions/{name} has its lesson's tab name"
        if name.startswith("teacher-"):   # the teacher's own notebooks (the class report)
            continue
        assert name.endswith("-solution.ipynb"), name
        assert name.replace("-solution.ipynb", ".ipynb") in lessons, f"{name}: no such lesson"


def test_lesson_9_checks_its_numbers_out_of_sight():
    """Lesson 9's teacher's check was a wall of 16 asserts at the end of the student's page (a
    newcomer's trial); it is one call to swkit.exercises.lesson09, which still fails in CI
    when a quoted number changes (the notebooks tier runs it)."""
    notebook = nbformat.read(LESSONS / "09-play.ipynb", as_version=4)
    last = [c for c in notebook.cells if c.cell_type == "code"][-1].source
    assert "assert" not in last and last.strip().endswith("check_quoted_numbers()"), last
    assert len(last.strip().splitlines()) <= 3, last


@pytest.mark.slow
@pytest.mark.notebooks
@pytest.mark.parametrize("path", lesson_notebooks(), ids=relative)
def test_notebook_runs_top_to_bottom_without_errors_or_warnings(path):
    notebook, _ = execute(path)
    found = problems(notebook)
    assert not found, f"{relative(path)} shows:\n" + "\n".join(map(str, found))
    if path.parent == LESSONS:  # a lesson never shows an exercise's answer before it
        leaks = [line for line in answer_leaks(notebook)
                 if not any(line.startswith(f"exercise {key}:") for key in SHOWN_ELSEWHERE)]
        assert not leaks, f"{relative(path)}:\n" + "\n".join(leaks)
        raw = raw_reprs(notebook)  # Fraction(25, 2838) or 0.008809020436927414 for a child
        assert not raw, f"{relative(path)} shows Python values, print them:\n" + "\n".join(raw)


SHOWN_ELSEWHERE = {
    "7.4": "the answer's words name a keep, and the lesson ranks every keep on another board",
    "10.2": "the answer is a character's name (Minnie), which the lesson names throughout",
}
"""Exercises whose answer text appears above them without giving the answer away (why)."""


COLOR_LITERAL = re.compile(r"""\bcolou?r\s*=\s*\[?\s*["']""")
IMPORTS_MISSING = re.compile(r"^\s*(?:import|from)\s+(numpy|matplotlib)\b", re.MULTILINE)


@pytest.mark.parametrize("path", lesson_notebooks(), ids=relative)
def test_charts_draw_through_swkit_plots_in_the_kits_palette(path):
    """No lesson imports matplotlib or numpy (a browser kernel has neither): its charts draw
    through swkit.plots, and it names no color of its own (every color comes from
    swkit.plots.OKABE_ITO or the card colors)."""
    code = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells
                     if c.cell_type == "code")
    assert not IMPORTS_MISSING.findall(code), f"{relative(path)} imports numpy or matplotlib"
    assert "plt." not in code
    literals = [line.strip() for line in code.splitlines() if COLOR_LITERAL.search(line)]
    assert not literals, f"{relative(path)} names its own colors: {literals}"


@pytest.mark.slow
@pytest.mark.notebooks
@pytest.mark.parametrize("path", lesson_notebooks(), ids=relative)
def test_notebook_runs_top_to_bottom_without_numpy_or_matplotlib(path):
    """As in the browser kernel (a fast stand-in for it): a CPython kernel that cannot import
    numpy or matplotlib runs every cell, with its asserts, and shows no error, warning or
    stderr text; every chart draws as SVG with its words."""
    notebook, _ = execute(path, missing=BROWSER_MISSING)
    found = problems(notebook)
    assert not found, f"{relative(path)} without numpy and matplotlib shows:\n" + "\n".join(
        map(str, found))
    code = [c for c in notebook.cells if c.cell_type == "code"]
    assert all(c.execution_count for c in code), "a cell was left unrun"
    for cell in code:
        for output in cell.outputs:
            html = output.get("data", {}).get("text/html", "")
            if "<figure" in html:      # a chart: the SVG, never a PNG
                assert "<svg" in html and 'role="img"' in html and "<img" not in html


# --- the runner itself, on throwaway notebooks ----------------------------------------------

def throwaway(tmp_path, *sources: str):
    cells = [nbformat.v4.new_markdown_cell("A throwaway notebook")]
    cells += [nbformat.v4.new_code_cell(source) for source in sources]
    path = tmp_path / "throwaway.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=cells), path)
    return path


@pytest.mark.slow
@pytest.mark.notebooks
def test_the_scan_catches_stderr_warnings_and_errors_and_nothing_else(tmp_path):
    path = throwaway(
        tmp_path,
        "import swkit, pathlib\nprint('hello', swkit.__file__)",
        "import sys\nprint('oops', file=sys.stderr)",
        "import warnings\nwarnings.warn('careful: this is a warning')",
        "1 / 0",
        "import matplotlib.pyplot as plt\nfig, ax = plt.subplots()\nax.bar([1, 2], [3, 4])\n"
        "ax.set_title('a picture')\nplt.show()\nplt.close(fig)",
        "from fractions import Fraction\nFraction(25, 2838)",
    )
    notebook, _ = execute(path)
    found = problems(notebook)
    assert [(p.cell, p.kind) for p in found] == [(2, "stderr"), (3, "warning"), (4, "error")]
    assert "oops" in found[0].text and "careful" in found[1].text
    assert "ZeroDivisionError" in found[2].text
    # the kernel ran in the notebook's folder, with this checkout's swkit, to the last cell
    assert str(ROOT / "swkit") in notebook.cells[1].outputs[0]["text"]
    assert any(o.get("output_type") == "display_data" for o in notebook.cells[5].outputs)
    assert notebook.cells[6].outputs[0]["data"]["text/plain"] == "Fraction(25, 2838)"


@pytest.mark.slow
@pytest.mark.notebooks
def test_check_shows_its_message_and_no_value_under_it(tmp_path):
    notebook, _ = execute(throwaway(
        tmp_path, "from fractions import Fraction\nfrom swkit.exercises import check",
        'check("0.1", Fraction(1, 6))', 'check("0.1", 0.5)', 'check("0.1", ...)'))
    for cell in notebook.cells[2:]:
        kinds = [o["output_type"] for o in cell.outputs]
        assert kinds == ["display_data"], (cell.source, kinds)  # no Out[..]: True / False
        # HTML that wraps between words (a printed stream wrapped mid-word: "exa / ctly")
        shown = cell.outputs[0]["data"]
        assert "white-space:normal" in shown["text/html"] and "Exercise 0.1" in shown["text/plain"]
    assert "right!" in notebook.cells[2].outputs[0]["data"]["text/plain"]
    assert "<br>" in notebook.cells[3].outputs[0]["data"]["text/html"]   # the hint's own line


@pytest.mark.slow
@pytest.mark.notebooks
def test_a_lesson_run_prints_no_tcp_warning(tmp_path, capfd):
    """The kernels of the kit's runs talk over IPC: no "Kernel is running over TCP without
    encryption" on every run (issue 15 item 14), and no socket file left beside the lesson."""
    notebook, _ = execute(throwaway(tmp_path, "print(6 * 7)"))
    assert notebook.cells[1].outputs[0]["text"] == "42\n"
    assert "without encryption" not in capfd.readouterr().err
    assert not list(tmp_path.glob("*ipc*"))


@pytest.mark.slow
@pytest.mark.notebooks
def test_the_runner_works_in_the_notebooks_folder(tmp_path):
    (tmp_path / "data.txt").write_text("here\n")
    notebook, _ = execute(throwaway(tmp_path, "print(open('data.txt').read().strip())"))
    assert problems(notebook) == []
    assert notebook.cells[1].outputs[0]["text"] == "here\n"


def test_stored_outputs_are_found(tmp_path):
    path = throwaway(tmp_path, "1 + 1", "2 + 2")
    notebook = nbformat.read(path, as_version=4)
    notebook.cells[2].execution_count = 3
    notebook.cells[2].outputs = [nbformat.v4.new_output("stream", name="stdout", text="4\n")]
    nbformat.write(notebook, path)
    assert stored_outputs(path) == ["cell 2: 1 stored output(s)", "cell 2: execution count 3"]


def test_the_scan_finds_an_answer_that_is_a_sum_of_shown_fractions():
    from fractions import Fraction

    shown = "{0: Fraction(32, 243), 3: Fraction(40, 243), 4: Fraction(10, 243), 5: 1/243}"
    assert shown_sum(Fraction(11, 243), shown) == ["Fraction(10, 243)", "1/243"]
    assert shown_sum(Fraction(51, 243), shown) == ["Fraction(40, 243)", "Fraction(10, 243)",
                                                   "1/243"]
    assert shown_sum(Fraction(33, 243), shown) is None      # 32 + 1 are not side by side
    assert shown_sum(Fraction(40, 243), shown) is None      # one term: the exact-answer scan's job
    table = "| **1** | 0 | 16/81 | 1/81 |\n| **2** | 0 | 8/27 | 1/27 |"
    assert shown_sum(Fraction(25, 81), table) is None       # 1/81 + 8/27 spans two rows
    assert shown_sum(Fraction(17, 81), table) == ["16/81", "1/81"]


def test_raw_python_values_are_found():
    cells = [nbformat.v4.new_code_cell("x", outputs=[nbformat.v4.new_output(
        "execute_result", data={"text/plain": text}, execution_count=1)])
        for text in ("Fraction(25, 2838)", "0.008809020436927414", "25/2838", "0.88%")]
    found = raw_reprs(nbformat.v4.new_notebook(cells=cells))
    assert found == ["cell 0: shows 'Fraction(25, 2838)'", "cell 1: shows '0.008809020436927414'"]


@pytest.mark.parametrize("path", [p for p in lesson_notebooks() if p.parent == LESSONS],
                         ids=relative)
def test_a_lesson_names_the_solutions_folder_as_it_is_copied(path):
    """`swkit lessons` copies lessons/solutions/ to solutions/ next to the lessons (or leaves it
    out): a lesson names the folder next to it, never the checkout's lessons/solutions/."""
    text = path.read_text()
    assert "lessons/solutions/" not in text, f"{relative(path)} names lessons/solutions/"
