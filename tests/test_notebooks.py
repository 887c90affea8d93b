"""The lesson notebooks: stored clean, run top to bottom with nothing a student must not see,
and every one named in the teacher's guide (issue 8). Executing them is the ``notebooks`` tier
(also ``slow``); the README's test command runs it."""

from __future__ import annotations

import nbformat
import pytest
from nbrun import LESSONS, ROOT, execute, lesson_notebooks, problems, stored_outputs

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


@pytest.mark.slow
@pytest.mark.notebooks
@pytest.mark.parametrize("path", lesson_notebooks(), ids=relative)
def test_notebook_runs_top_to_bottom_without_errors_or_warnings(path):
    notebook, _ = execute(path)
    found = problems(notebook)
    assert not found, f"{relative(path)} shows:\n" + "\n".join(map(str, found))


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
