"""``swkit lessons`` after a student opened a lesson: JupyterLab writes the kernel's details,
cell ids and its own JSON layout into a notebook on every save (Ctrl+S with no edit, an
autosave). That is not the student's change: such a copy is still updated when the kit's
lesson improves. What a student can change (a cell's source, its outputs, a pasted picture,
a new or deleted cell) keeps their copy, as before."""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from test_cli_lessons import own_jupyter_data  # noqa: F401 - autouse: a fresh Jupyter data folder

from swkit.cli import lessons

ROOT = Path(__file__).resolve().parent.parent
LESSON = "01-counting-sets-and-runs.ipynb"


@pytest.fixture
def source(tmp_path: Path) -> Path:
    """A kit of two real lessons (their notebooks as the kit ships them) and the guide."""
    src = tmp_path / "kit"
    src.mkdir()
    lessons_dir = ROOT / "lessons"
    for path in sorted(lessons_dir.glob("*.ipynb"))[:2]:
        (src / path.name).write_bytes(path.read_bytes())
    (src / "README.md").write_text("the guide\n")
    return src


def first_lesson(source: Path) -> str:
    return sorted(p.name for p in source.glob("*.ipynb"))[0]


def save_like_jupyterlab(path: Path, change=None) -> None:
    """What a JupyterLab save writes: the notebook read and written again by nbformat (the
    server's writer: one-space indent, lines split), the kernel's details in the metadata,
    execution counts, cell metadata; ``change(notebook)`` is the student's edit, if any."""
    notebook = nbformat.read(path, as_version=4)
    notebook.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)",
                                       "language": "python", "name": "python3"}
    notebook.metadata["language_info"] = {
        "codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
        "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3", "version": "3.11.7"}
    for cell in notebook.cells:
        cell.metadata["editable"] = True
        if cell.cell_type == "code":
            cell.execution_count = None
    if change is not None:
        change(notebook)
    nbformat.write(notebook, path)


def improve_the_kit(source: Path, name: str) -> bytes:
    """The kit's next version of lesson ``name``: a sentence added to its first cell."""
    data = json.loads((source / name).read_text(encoding="utf-8"))
    cell = data["cells"][0]
    text = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    cell["source"] = text + "\n\nA sentence the kit added in its next version."
    new = (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode()
    (source / name).write_bytes(new)
    return new


def test_a_save_with_no_edit_is_not_a_change(source, tmp_path):
    work = tmp_path / "work"
    name = first_lesson(source)
    lessons.copy_lessons(work, source=source)
    save_like_jupyterlab(work / name)
    saved = (work / name).read_bytes()
    assert saved != (source / name).read_bytes()        # the bytes did change
    report = lessons.copy_lessons(work, source=source)
    assert report.kept == [] and name in report.unchanged
    assert (work / name).read_bytes() == saved          # nothing rewritten for nothing
    new = improve_the_kit(source, name)
    report = lessons.copy_lessons(work, source=source)
    assert report.updated == [name] and report.kept == []
    assert (work / name).read_bytes() == new
    assert "kept yours" not in "\n".join(report.lines())


def test_saved_again_and_again_it_still_updates(source, tmp_path):
    work = tmp_path / "work"
    name = first_lesson(source)
    lessons.copy_lessons(work, source=source)
    for _ in range(3):
        save_like_jupyterlab(work / name)
        lessons.copy_lessons(work, source=source)
    improve_the_kit(source, name)
    assert lessons.copy_lessons(work, source=source).updated == [name]


def typed_into_a_cell(notebook) -> None:
    code = next(c for c in notebook.cells if c.cell_type == "code")
    code.source = code.source.replace("...", "Fraction(1, 2)", 1) + "\n# my answer"


def ran_a_cell(notebook) -> None:
    code = next(c for c in notebook.cells if c.cell_type == "code")
    code.execution_count = 1
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text="Exercise 1.1: ...\n")]


def pasted_a_picture(notebook) -> None:
    cell = next(c for c in notebook.cells if c.cell_type == "markdown")
    cell.attachments = {"me.png": {"image/png": "iVBORw0KGgo="}}
    cell.source += "\n![me](attachment:me.png)"


def added_a_cell(notebook) -> None:
    notebook.cells.append(nbformat.v4.new_markdown_cell("my notes"))


def deleted_a_cell(notebook) -> None:
    del notebook.cells[-1]


@pytest.mark.parametrize("edit", [typed_into_a_cell, ran_a_cell, pasted_a_picture,
                                  added_a_cell, deleted_a_cell],
                         ids=lambda f: f.__name__)
def test_what_a_student_can_change_keeps_their_copy(source, tmp_path, edit):
    work = tmp_path / "work"
    name = first_lesson(source)
    lessons.copy_lessons(work, source=source)
    save_like_jupyterlab(work / name, edit)
    mine = (work / name).read_bytes()
    improve_the_kit(source, name)
    for _ in range(2):
        report = lessons.copy_lessons(work, source=source)
        assert report.kept == [name] and (work / name).read_bytes() == mine


def test_a_folder_copied_by_an_older_swkit_is_still_read(source, tmp_path):
    """An older manifest holds the SHA-256 of each file's bytes: an untouched copy is still
    updated, a changed one kept."""
    import hashlib

    work = tmp_path / "work"
    names = sorted(p.name for p in source.glob("*.ipynb"))
    lessons.copy_lessons(work, source=source)
    manifest = work / lessons.MANIFEST
    old = {name: hashlib.sha256((work / name).read_bytes()).hexdigest()
           for name in json.loads(manifest.read_text())["files"]}
    manifest.write_text(json.dumps({"files": old}))
    save_like_jupyterlab(work / names[1], typed_into_a_cell)
    for name in names:
        improve_the_kit(source, name)
    report = lessons.copy_lessons(work, source=source)
    assert report.updated == [names[0]] and report.kept == [names[1]]
    assert json.loads(manifest.read_text())["files"][names[0]].startswith("cells:")


def test_a_lesson_that_is_no_longer_a_notebook_is_kept(source, tmp_path):
    work = tmp_path / "work"
    name = first_lesson(source)
    lessons.copy_lessons(work, source=source)
    (work / name).write_text("{ not json")
    improve_the_kit(source, name)
    assert lessons.copy_lessons(work, source=source).kept == [name]


def test_the_fingerprint_reads_cells_not_bytes():
    path = ROOT / "lessons" / LESSON
    data = path.read_bytes()
    notebook = json.loads(data)
    again = json.dumps(notebook, indent=4, sort_keys=True).encode()   # another layout
    assert lessons.fingerprint(LESSON, again) == lessons.fingerprint(LESSON, data)
    assert lessons.fingerprint(LESSON, data).startswith("cells:")
    notebook["cells"][0]["source"] = "changed"
    assert lessons.fingerprint(LESSON, json.dumps(notebook).encode()) != lessons.fingerprint(
        LESSON, data)
    assert lessons.fingerprint("README.md", b"x") == lessons.fingerprint("README.md", b"x")
    assert lessons.fingerprint("README.md", b"x") != lessons.fingerprint("README.md", b"x ")
