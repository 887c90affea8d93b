"""The lessons read well with a screen reader (WCAG 1.3.1, 1.1.1): headings in order, and
pictures shown as HTML, where their words reach the reader.

The browser test (tests/browser/test_accessibility.py) runs axe on lessons 1, 9 and 10; these
checks cover every lesson and solution without a browser."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

LESSONS = Path(__file__).resolve().parents[1] / "lessons"
NOTEBOOKS = sorted(LESSONS.glob("*.ipynb")) + sorted((LESSONS / "solutions").glob("*.ipynb"))


def headings(path: Path) -> list[tuple[int, str]]:
    """(level, words) of every markdown heading, in order (none inside a code fence)."""
    found = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        fenced = False
        for line in cell.source.splitlines():
            if line.startswith("```"):
                fenced = not fenced
            match = re.match(r"(#{1,6})\s+(.*)", line)
            if match and not fenced:
                found.append((len(match.group(1)), match.group(2)))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:20])
def test_headings_go_in_order(path: Path) -> None:
    """One title (#) first; then no heading skips a level (## then ####)."""
    found = headings(path)
    assert found and found[0][0] == 1, found[:1]
    assert [level for level, _ in found].count(1) == 1, found
    skips = [(a, b) for a, b in zip(found, found[1:], strict=False) if b[0] > a[0] + 1]
    assert not skips, skips


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:20])
def test_pictures_are_shown_as_html(path: Path) -> None:
    """``display(SVG(...))`` makes JupyterLab draw an ``<img>`` with no alt; ``HTML`` keeps
    the picture's ``<svg>`` inline, with its role, label and title."""
    code = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells
                     if c.cell_type == "code")
    assert not re.search(r"\bSVG\(", code), path.name


def test_the_heading_check_sees_a_skip(tmp_path: Path) -> None:
    v4 = nbformat.v4
    bad = tmp_path / "bad.ipynb"
    nbformat.write(v4.new_notebook(cells=[v4.new_markdown_cell("# Title\n\n### Too deep")]), bad)
    assert headings(bad) == [(1, "Title"), (3, "Too deep")]
    with pytest.raises(AssertionError):
        test_headings_go_in_order(bad)
