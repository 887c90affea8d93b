"""A small lessons folder of our own for the tests of ``swkit lessons``, so the copy rules are
tested whatever lessons the kit ships: two lessons, the guide, a worked answer and a file that
is not a lesson."""

from __future__ import annotations

from pathlib import Path


def small_kit(folder: Path) -> Path:
    """Write the kit into ``folder / "kit"`` and return that folder."""
    src = folder / "kit"
    (src / "solutions").mkdir(parents=True)
    for name in ("01-a.ipynb", "02-b.ipynb", "README.md", "solutions/01-a.ipynb"):
        (src / name).write_text(f"kit version 1 of {name}\n")
    (src / "notes.txt").write_text("not a lesson\n")
    return src
