"""``swkit lessons``, the copy: the lesson notebooks into a working folder, never over a change.

The lessons live in the project's top-level ``lessons/`` folder. A wheel ships them as the data
package ``swkit.lessons`` (setup.py maps it onto ``lessons/``); a source checkout reads them
from ``lessons/`` beside the ``swkit`` package. Copying never overwrites a file the student has
changed: the folder keeps a small manifest (``.swkit-lessons.json``) of what was copied, so an
untouched copy of a lesson the kit has since improved is refreshed, and an edited one is kept.
``RULES.md``, which the lessons cite, is copied with them. Nothing is written through a
symbolic link (:func:`write_exclusive`), so a shared folder is safe to use as root. The
kit's own copies are marked trusted for Jupyter (:func:`trust_notebooks`, as ``jupyter trust``).
Decisions: docs/DECISIONS.md, "Lessons" and "Command line and user files".
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
import sqlite3
import stat
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swkit.errors import ConfigurationError, SwkitError
from swkit.files import decode_text, expand_home, parse_json, read_bytes

MANIFEST = ".swkit-lessons.json"
"""In the working folder: the :func:`fingerprint` of each file as swkit last wrote it (a
manifest written before notebooks were fingerprinted by their cells holds the SHA-256 of the
bytes; it is still read)."""

LESSON_PATTERNS = ("*.ipynb", "README.md")
"""What is copied from the lessons folder (and, with the solutions, from ``solutions/``)."""

GUIDE_NAME = "README.md"
"""The teacher's guide. It quotes worked answers, so it goes only with the solutions: a
student's copy (``solutions=False``) leaves it out."""

class LessonsError(SwkitError):
    """The working folder cannot be used (a file, not writable) or the lessons are missing."""


def lessons_source() -> Path:
    """The folder holding the kit's lesson notebooks (``*.ipynb``, ``README.md``, ``solutions/``).

    Installed from a wheel: ``swkit/lessons`` inside the package. A source checkout (or an
    editable install): the top-level ``lessons/`` beside the ``swkit`` package. Raises
    :class:`LessonsError` when neither exists (a broken installation).
    """
    package = Path(__file__).resolve().parents[1]  # the swkit package
    installed = package / "lessons"
    if (installed / "README.md").is_file():
        return installed
    checkout = package.parent / "lessons"
    if (package.parent / "pyproject.toml").is_file() and (checkout / "README.md").is_file():
        return checkout
    raise LessonsError(f"the lessons are missing from this installation of swkit (looked in "
                       f"{installed} and {checkout}): reinstall swkit")


RULES_NAME = "RULES.md"
"""The rules the lessons cite ("RULES.md §B4"), copied beside them from the project's
``docs/RULES.md`` (a wheel ships it as the data package ``swkit.docs``, see setup.py)."""


def rules_source() -> Path:
    """The file ``RULES.md`` to copy with the lessons: in a wheel ``swkit/docs/RULES.md``, in
    a source checkout (or an editable install) ``docs/RULES.md``. Raises :class:`LessonsError`
    when neither exists (a broken installation)."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "docs" / RULES_NAME
    if installed.is_file():
        return installed
    checkout = package.parent / "docs" / RULES_NAME
    if (package.parent / "pyproject.toml").is_file() and checkout.is_file():
        return checkout
    raise LessonsError(f"the rules are missing from this installation of swkit (looked for "
                       f"{installed} and {checkout}): reinstall swkit")


def lesson_files(source: Path, *, solutions: bool = True) -> list[str]:
    """The files to copy, as sorted POSIX paths relative to ``source`` (lessons, the guide and
    :data:`RULES_NAME`, then solutions; without ``solutions``, neither the solutions nor the
    guide, :data:`GUIDE_NAME`). ``RULES.md`` is read from :func:`rules_source`, not from
    ``source``."""
    names = sorted({p.name for pattern in LESSON_PATTERNS for p in source.glob(pattern)
                    if p.is_file() and (solutions or p.name != GUIDE_NAME)} | {RULES_NAME})
    if solutions and (source / "solutions").is_dir():
        names += sorted(f"solutions/{p.name}" for p in (source / "solutions").glob("*.ipynb"))
    return names


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


CELL_FIELDS = ("cell_type", "source", "outputs", "attachments")
"""What a student can change in a notebook: each cell's kind, source, outputs and pasted
images. The rest is JupyterLab's to write (the kernel's details in the notebook's metadata,
cell ids and metadata, execution counts, the JSON's layout): a save with no edit changes only
that, so it does not make a lesson "changed"."""


def _plain(value: Any) -> Any:
    """A notebook value with its layout removed: a list of text lines joined (nbformat writes
    a text either way), execution counts and metadata left out, at any depth."""
    if isinstance(value, list):
        if value and all(isinstance(item, str) for item in value):
            return "".join(value)
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()
                if key not in ("execution_count", "metadata")}
    return value


def fingerprint(name: str, data: bytes) -> str:
    """The digest by which :func:`copy_lessons` tells a student's change: for a notebook
    (``*.ipynb`` that reads as one) ``"cells:"`` and the SHA-256 of its cells'
    :data:`CELL_FIELDS`; for any other file, the SHA-256 of its bytes."""
    if name.endswith(".ipynb"):
        try:
            cells = json.loads(data)["cells"]
            content = [{key: _plain(cell.get(key)) for key in CELL_FIELDS} for cell in cells]
            text = json.dumps(content, sort_keys=True, ensure_ascii=False)
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError):
            return _digest(data)      # not a notebook any more: its bytes decide
        return "cells:" + _digest(text.encode())
    return _digest(data)


@dataclass
class CopyReport:
    """What :func:`copy_lessons` did, each a list of relative paths (POSIX, sorted as copied).

    ``copied``: new in the folder. ``updated``: the kit's newer version replaced a copy nobody
    had changed. ``kept``: the student's changed copy, left alone. ``unchanged``: already the
    kit's version. ``left_out``: the teacher's guide in a student's copy (not copied).
    """

    folder: Path
    copied: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    note: str | None = None
    """Why the folder's manifest was not used, if it was not (see :func:`copy_lessons`)."""

    def lines(self) -> list[str]:
        """The report in words, one line per copied, updated or kept file."""
        out = [f"Lessons folder: {self.folder}"]
        if self.note:
            out.append(f"  note: {self.note}")
        out += [f"  copied     {name}" for name in self.copied]
        out += [f"  updated    {name} (you had not changed it)" for name in self.updated]
        out += [f"  kept yours {name} (you changed it; to get a fresh copy, rename yours and "
                f"run swkit lessons again)" for name in self.kept]
        out += [f"  left out   {name} (the teacher's guide: it shows answers, so it comes only "
                f"with the worked answers)" for name in self.left_out]
        if self.unchanged:
            out.append(f"  {len(self.unchanged)} file{'' if len(self.unchanged) == 1 else 's'}"
                       f" already up to date")
        return out


def _prepare_folder(folder: Path) -> Path:
    """Create ``folder`` if needed and check it is a writable folder; return it absolute."""
    try:
        folder = Path(expand_home(folder, "--dir")).absolute()
    except ConfigurationError as exc:
        raise LessonsError(str(exc)) from None
    if folder.exists() and not folder.is_dir():
        raise LessonsError(f"--dir {folder} is a file, not a folder: give a folder to copy the "
                           f"lessons into (it is created if missing)")
    if _is_link(folder) and not folder.exists():
        raise LessonsError(f"--dir {folder} is a symbolic link to {os.readlink(folder)}, which "
                           f"does not exist: create that folder, or give another name")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LessonsError(f"--dir {folder}: cannot create the folder ({exc.strerror}): give a "
                           f"folder you can write to") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise LessonsError(f"--dir {folder}: the folder is not writable: give a folder you can "
                           f"write to")
    return folder


def _is_link(path: Path) -> bool:
    try:
        return path.is_symlink()
    except OSError:
        return False


def _regular_file(path: Path) -> bool | None:
    """True: a regular file (not a link); False: something else there (a folder, a link, a
    device, a pipe); None: nothing there."""
    try:
        info = path.lstat()
    except FileNotFoundError:
        return None
    return stat.S_ISREG(info.st_mode)


def write_exclusive(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` without ever following a symbolic link: the bytes go to a
    new temporary file in ``target``'s folder, created exclusively (``O_CREAT | O_EXCL``, so
    a file or link already at that name is never opened), then moved over ``target`` with
    ``os.replace`` (which replaces a link at ``target`` itself, never what it points to). The
    new file gets the usual permissions (0666 less the umask). Raises OSError; the temporary
    file is removed on failure."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(100):
        partial = target.with_name(f".{target.name}.{secrets.token_hex(6)}.partial")
        try:
            fd = os.open(partial, flags, 0o666)
        except FileExistsError:
            continue
        break
    else:  # pragma: no cover - 100 random names all taken
        raise FileExistsError(f"no free temporary name beside {target}")
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
        os.replace(partial, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(partial)
        raise


def _read_manifest(path: Path) -> tuple[dict[str, str], str | None]:
    """The manifest's digests, and a note when it exists but cannot be used (then every file
    that differs from the kit's is kept). Raises LessonsError for a manifest that is a
    symbolic link (someone may aim it at a file swkit would then overwrite)."""
    if _is_link(path):
        raise LessonsError(f"{path} is a symbolic link: swkit never writes through a link; "
                           f"remove it (swkit lessons makes a new manifest)")
    if _regular_file(path) is None:
        return {}, None
    try:
        data = parse_json(decode_text(read_bytes(path, "manifest", follow_symlinks=False),
                                      f"manifest {path.name}"), f"manifest {path.name}")
        files = data["files"]
        if not isinstance(files, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
            raise TypeError
        return dict(files), None
    except (ConfigurationError, KeyError, TypeError) as exc:
        why = str(exc) if isinstance(exc, ConfigurationError) else "not a swkit manifest"
        return {}, (f"the manifest {MANIFEST} could not be read ({why}): every file that "
                    "differs from the kit's is kept; a new manifest is written")


def kit_bytes(source: Path, name: str) -> bytes:
    """The bytes swkit writes into the working folder for ``name``: the file as the kit has
    it, except that the teacher's guide's link to ``../docs/RULES.md`` (right in the project)
    points at the ``RULES.md`` copied beside it (:data:`RULES_NAME`)."""
    if name == RULES_NAME:
        return rules_source().read_bytes()
    data = (source / name).read_bytes()
    if name == "README.md":
        data = data.replace(b"[docs/RULES.md](../docs/RULES.md) of the project",
                            b"[RULES.md](RULES.md), copied beside this guide")
        data = data.replace(b"(../docs/RULES.md)", b"(RULES.md)")
    return data


def copy_lessons(folder: str | os.PathLike[str], *, solutions: bool = True,
                 source: Path | None = None) -> CopyReport:
    """Copy the lessons (and ``solutions/`` and the teacher's guide unless ``solutions=False``:
    :func:`lesson_files`), with the rules (``RULES.md``, which the lessons cite), into
    ``folder``.

    A file missing from the folder is copied. A file the student changed (its content differs
    from what swkit last wrote there, per the folder's manifest) is kept. A copy nobody changed
    is replaced by the kit's version when that differs. A notebook's content is what a student
    can change, its cells (:func:`fingerprint`): JupyterLab's own writes on a save (the
    kernel's details, ids, layout) are not a change. Anything else in a lesson's place (a
    folder, a symbolic link, a device) is kept and never opened. Nothing is written through a
    symbolic link: every file is written by :func:`write_exclusive`. ``source`` defaults to
    :func:`lessons_source`. Raises :class:`LessonsError` for a folder that is a file, cannot be
    created or cannot be written, and for a manifest or a ``solutions`` folder that is a
    symbolic link; nothing already in the folder is lost.
    """
    source = lessons_source() if source is None else source
    folder = _prepare_folder(Path(folder))
    report = CopyReport(folder)
    manifest_path = folder / MANIFEST
    written, report.note = _read_manifest(manifest_path)
    names = lesson_files(source, solutions=solutions)
    if not solutions and (source / GUIDE_NAME).is_file():
        report.left_out.append(GUIDE_NAME)
    if any(n.startswith("solutions/") for n in names) and _is_link(folder / "solutions"):
        raise LessonsError(f"{folder / 'solutions'} is a symbolic link: swkit never writes "
                           "through a link; remove it, or use --no-solutions")
    try:
        for name in names:
            data = kit_bytes(source, name)
            target = folder / name
            there = _regular_file(target)
            if there is None:
                kind = report.copied
            elif not there:
                report.kept.append(name)
                continue
            else:
                there_bytes = target.read_bytes()
                current = fingerprint(name, there_bytes)
                if current == fingerprint(name, data):
                    written[name] = current
                    report.unchanged.append(name)
                    continue
                if written.get(name) not in (current, _digest(there_bytes)):
                    report.kept.append(name)
                    continue
                kind = report.updated
            target.parent.mkdir(parents=True, exist_ok=True)
            write_exclusive(target, data)
            written[name] = fingerprint(name, data)
            kind.append(name)
        write_exclusive(manifest_path, (json.dumps({"files": written}, indent=1, sort_keys=True)
                                        + "\n").encode())
    except OSError as exc:
        raise LessonsError(f"--dir {folder}: cannot write the lessons there "
                           f"({exc.strerror}): give a folder you can write to") from None
    return report


def trust_notebooks(folder: Path, names: Iterable[str]) -> str | None:
    """Mark the notebooks ``names`` (paths relative to ``folder``; other files are skipped) as
    trusted by Jupyter on this computer, as ``jupyter trust`` does: nbformat's
    ``NotebookNotary`` stores each notebook's signature in the user's Jupyter data folder
    (``nbsignatures.db``, created with its key on first use, as Jupyter does on a first save).
    Without it JupyterLab logs "Notebook 01-....ipynb is not trusted" when a lesson is first
    opened (harmless: the lessons are stored without outputs, so there is nothing to distrust).

    Call it only for files whose content is the kit's own (:class:`CopyReport` ``copied``,
    ``updated``, ``unchanged``), never for a student's changed copy. A file that is not a
    readable notebook is skipped. Returns None, or a note saying why nothing could be marked
    (a Jupyter data folder that cannot be written): the lessons work all the same."""
    notebooks = [name for name in names if name.endswith(".ipynb")]
    if not notebooks:
        return None
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:  # no Jupyter on this computer: nothing will say "not trusted"
        return None
    try:
        with NotebookNotary() as notary, warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a validation warning is not the teacher's
            for name in notebooks:
                path = folder / name
                if _regular_file(path) is not True:
                    continue
                try:
                    notebook = nbformat.read(path, as_version=4)
                except (ValueError, KeyError, TypeError, AttributeError, UnicodeDecodeError):
                    continue  # not a notebook: JupyterLab will not open it as one either
                notary.sign(notebook)
    except (OSError, sqlite3.Error) as exc:
        reason = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
        return (f"the lessons could not be marked as trusted for Jupyter ({reason}); "
                "JupyterLab may say a lesson 'is not trusted', which is harmless")
    return None
