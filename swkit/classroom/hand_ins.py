"""Finding the hand-ins in what a teacher downloaded: notebooks, folders, zips and code lists.

:func:`find_hand_ins` walks the paths ``swkit class report`` is given and yields, one by one,
each :class:`HandIn` it finds (a notebook's bytes, or a text file of progress codes) and a
:class:`Skipped` line for each thing it could not read. It never raises for what it finds:
a corrupt zip, a file that is neither a notebook nor a list of codes, a zip bomb, an
unreadable file each become one line, and the walk goes on with the rest.

What is read:

- a notebook (``.ipynb``); a folder, recursively (hidden files and folders such as
  ``.ipynb_checkpoints`` and ``__MACOSX`` are left out: they hold copies, not hand-ins);
- a zip (by its content, whatever its name): an LMS's "download all submissions" (Canvas,
  Moodle, a Google Drive folder of a Classroom assignment), the site's "download all my work",
  with folders and zips inside zips;
- a text file (``.txt``, ``.csv``, ``.tsv``) of progress codes, one a line, each optionally
  after the student's name (``Sam Lee: 1K-7QX4``, ``Sam Lee,1K-7QX4``), as a form or a chat
  gives them: :func:`code_lines` splits it.

Zips are read in memory, member by member: nothing is ever extracted or written, so a name in a
zip (``../../etc/passwd``, an absolute path, a name given twice) is only a name in a message.
:class:`Limits` caps what a zip may make the report read (a zip bomb is refused with one line):
each file's size, the bytes read from zips in all, the number of zip members in all and how
deep zips nest; sizes are checked as the zip declares them *and* as the bytes come out.

Each hand-in is named after its student as the LMS names them (:func:`student_name`):

- Canvas: ``smithsam_12345_67890_01-counting-sets-and-runs.ipynb`` (``smithsam``; with
  ``_late_`` after the name when handed in late; a resubmission's file name ends ``-1``);
- Moodle: ``Sam Smith_1234_assignsubmission_file_01-counting-sets-and-runs.ipynb``, or a
  folder ``Sam Smith_1234_assignsubmission_file_/`` holding the student's files;
- Google Classroom (its Drive folder, downloaded as a zip): ``Sam Smith - 01-counting.ipynb``;
- otherwise the file's own name (``sam.ipynb``: ``sam``), or, for a file named as a lesson
  (``01-counting-sets-and-runs.ipynb``), the folder or zip holding it (``sam/`` or
  ``sam-work.zip``), unless that folder holds two students' notebooks of one lesson (Google
  Classroom keeps an uploaded file's own name): then each is named by its path
  (:func:`swkit.classroom.report.class_report` sees it).
"""

from __future__ import annotations

import io
import os
import re
import stat
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

__all__ = ["HandIn", "Limits", "Skipped", "code_lines", "find_hand_ins", "naming",
           "student_name"]

NOTEBOOK_SUFFIXES = (".ipynb",)
"""File name endings read as notebooks."""

CODES_SUFFIXES = (".txt", ".csv", ".tsv")
"""File name endings read as lists of progress codes."""

ZIP_MAGIC = b"PK\x03\x04"
EMPTY_ZIP_MAGIC = b"PK\x05\x06"

MIB = 2 ** 20


@dataclass(frozen=True)
class Limits:
    """What the report reads at most, so that a zip bomb or a wrong folder cannot fill the
    memory or run for hours. ``file_bytes``: one notebook or code list (bytes, uncompressed);
    ``zip_bytes``: one zip inside a zip (it is read into memory); ``total_bytes``: everything
    read out of zips, together; ``members``: zip members, together; ``depth``: zips inside
    zips (1: a zip in the zip given); ``files``: files looked at, together (folders and zips).
    The defaults take a school year of a large class's hand-ins with room to spare."""

    file_bytes: int = 64 * MIB
    zip_bytes: int = 1024 * MIB
    total_bytes: int = 4096 * MIB
    members: int = 200_000
    depth: int = 4
    files: int = 200_000


@dataclass(frozen=True)
class HandIn:
    """One hand-in: ``source`` (where it was found, zips and folders joined by ``/``, e.g.
    ``"class.zip/Sam Lee_1234_assignsubmission_file_/01-counting.ipynb"``), ``student`` (the
    name the LMS or the file gives), ``kind`` (``"notebook"`` or ``"codes"``), ``data`` (its
    bytes), ``late`` (the LMS marked it late) and ``by_folder`` (the name is the folder's or
    zip's holding it: :func:`naming`)."""

    source: str
    student: str
    kind: str
    data: bytes = field(repr=False)
    late: bool = False
    by_folder: bool = False


@dataclass(frozen=True)
class Skipped:
    """Something the walk could not take as a hand-in: ``source`` (as in :class:`HandIn`)
    and ``reason`` (one line for the teacher, saying what was wrong and what is read)."""

    source: str
    reason: str

    def line(self) -> str:
        """The one line the report shows: ``source: reason``."""
        return f"{self.source}: {self.reason}"


class _Budget:
    """What has been read so far, against the :class:`Limits`."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.bytes = 0
        self.members = 0
        self.files = 0


class _TooBig(Exception):
    """A member's bytes ran past a limit while being read."""


_CANVAS = re.compile(r"(?P<name>[^_/]+?)(?P<late>_late)?_(?P<user>\d+)_(?P<sub>\d+)_(?P<file>.+)",
                     re.IGNORECASE)
_MOODLE = re.compile(r"(?P<name>[^/]+?)_(?P<id>\d+)_assignsubmission_[a-z]+_?(?P<file>.*)",
                     re.IGNORECASE)
_GOOGLE = re.compile(r"(?P<name>[^\W\d_][^\W\d_ .'’-]*(?:[ .'’-]+[^\W\d_]+)*) - (?P<file>.+)")
_LESSON_FILE = re.compile(r"\d\d[-_ ].*|.*\bsolution\b.*|.*\blesson.*", re.IGNORECASE)
_RESUBMISSION = re.compile(r"-\d+$")


def _stem(name: str) -> str:
    """A file or folder name without its ending (``.ipynb``, ``.zip``...)."""
    return PurePosixPath(name).stem if "." in name.lstrip(".") else name


def student_name(parts: Iterable[str], given: int = 1) -> tuple[str, bool]:
    """The student a hand-in belongs to, and whether the LMS marked it late, from the parts of
    its ``source`` (the path given first, then folders and zip members, the file last).
    ``given``: how many leading parts are the path given on the command line (a folder given
    names the class, not a student). Rules: the module docstring."""
    name, late, _ = naming(parts, given)
    return name, late


def naming(parts: Iterable[str], given: int = 1) -> tuple[str, bool, bool]:
    """:func:`student_name`'s name and late mark, and whether the name is the folder's or
    zip's holding a file named as a lesson (a folder of one student's lessons, or of a whole
    class's copies of one lesson: the report tells them apart)."""
    parts = [p for p in parts if p]
    inner = list(range(len(parts) - 1, -1, -1))
    for i in inner:
        match = _MOODLE.fullmatch(parts[i])
        if match:
            return match["name"].strip(), False, False
        match = _CANVAS.fullmatch(parts[i])
        if match:
            return match["name"], bool(match["late"]), False
    match = _GOOGLE.fullmatch(parts[-1]) if parts else None
    if match:
        return match["name"].strip(), False, False
    stem = _stem(parts[-1]) if parts else ""
    if not _LESSON_FILE.fullmatch(stem):
        return stem, False, False
    for i in range(len(parts) - 2, -1, -1):
        if i >= given - 1 and (i >= given or parts[i].lower().endswith(".zip")):
            return _stem(parts[i]), False, True
    return "/".join(parts), False, False


def code_lines(text: str) -> list[tuple[int, str, str]]:
    """The progress codes in a code list: ``(line number, student name or "", code text)``
    for each line that is not blank. A line is a code alone, or a name and a code separated
    by a tab, a comma, a semicolon or a colon (the last one on the line: a form's export puts
    the code last); a line of a spreadsheet's export with more columns keeps the last two."""
    found = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip().strip("\ufeff")
        if not line:
            continue
        cut = max(line.rfind(sep) for sep in ("\t", ",", ";", ":"))
        if cut < 0:
            found.append((number, "", line))
            continue
        name, code = line[:cut], line[cut + 1:]
        rest = max(name.rfind(sep) for sep in ("\t", ",", ";"))
        name = name[rest + 1:] if rest >= 0 else name
        found.append((number, name.strip().strip('"').strip(), code.strip().strip('"')))
    return found


def _shown(name: str) -> str:
    """A name from a folder or a zip as the report shows it: control characters and
    backslashes written out, so that no name can break a line or fake another."""
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in name)


def _kind(name: str, head: bytes) -> str | None:
    """What a file is, by its name and its first bytes: ``"zip"``, ``"notebook"``,
    ``"codes"`` or None (none of them)."""
    if head.startswith((ZIP_MAGIC, EMPTY_ZIP_MAGIC)):
        return "zip"
    lower = name.lower()
    if lower.endswith(NOTEBOOK_SUFFIXES):
        return "notebook"
    if lower.endswith(CODES_SUFFIXES):
        return "codes"
    if lower.endswith(".zip"):
        return "zip"
    return None


_NOT_READ = ("not a notebook (.ipynb), a zip or a list of progress codes (.txt, .csv): "
             "left out")


def _hidden(name: str) -> bool:
    """True for names a walk leaves out: hidden files and folders (``.ipynb_checkpoints``,
    macOS's ``._`` copies) and ``__MACOSX``."""
    return (name.startswith(".") and name not in (".", "..")) or name == "__MACOSX"


def find_hand_ins(paths: Iterable[str | os.PathLike[str] | tuple[str, bytes]],
                  limits: Limits | None = None,
                  progress: Callable[[int], None] | None = None
                  ) -> Iterator[HandIn | Skipped]:
    """Every hand-in found in ``paths`` (notebooks, folders, zips, code lists; or a file given
    in memory as ``(file name, bytes)``), in order
    (each path in the order given; inside a folder or a zip, by name), and a :class:`Skipped`
    for each thing not read. Reads only: nothing is extracted or written anywhere.
    ``limits``: :class:`Limits` (the defaults when None); ``progress(n)``: called with the
    number of files looked at so far, after each one. Never raises for what it reads (an
    OSError of a path becomes a :class:`Skipped`)."""
    budget = _Budget(limits or Limits())
    for path in paths:
        if isinstance(path, tuple):
            yield from _walk_given(*path, budget=budget, progress=progress)
            continue
        text = os.fspath(path)
        yield from _walk_path(Path(text), text.rstrip("/\\") or text, budget, progress)


def _walk_given(name: str, data: bytes, budget: _Budget,
                progress: Callable[[int], None] | None) -> Iterator[HandIn | Skipped]:
    """The hand-ins in a file given in memory: ``name`` and its bytes ``data``."""
    budget.files += 1
    if progress is not None:
        progress(budget.files)
    kind = _kind(name, data[:4])
    if kind is None:
        yield Skipped(_shown(name), _NOT_READ)
    elif kind == "zip":
        yield from _walk_zip(io.BytesIO(data), [name], budget, progress, depth=0, given=1)
    elif len(data) > budget.limits.file_bytes:
        yield Skipped(_shown(name), f"more than a hand-in's {budget.limits.file_bytes:,} "
                                    "bytes: left out")
    else:
        student, late, by_folder = naming([name])
        yield HandIn(_shown(name), _shown(student), kind, data, late, by_folder)


def _walk_path(path: Path, source: str, budget: _Budget,
               progress: Callable[[int], None] | None) -> Iterator[HandIn | Skipped]:
    """The hand-ins under ``path`` given on the command line (shown as ``source``)."""
    try:
        info = path.stat()
    except OSError as exc:
        yield Skipped(_shown(source), f"cannot be read ({exc.strerror or exc})")
        return
    if stat.S_ISDIR(info.st_mode):
        yield from _walk_folder(path, [source], budget, progress)
    else:
        yield from _walk_file(path, [source], budget, progress, given=1)


def _walk_folder(folder: Path, parts: list[str], budget: _Budget,
                 progress: Callable[[int], None] | None) -> Iterator[HandIn | Skipped]:
    """The hand-ins in ``folder`` and its folders (not following links to folders, so a
    link cannot make a loop)."""
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError as exc:
        yield Skipped(_shown("/".join(parts)), f"cannot be read ({exc.strerror or exc})")
        return
    for entry in entries:
        if _hidden(entry.name):
            continue
        here = [*parts, entry.name]
        try:
            is_folder = entry.is_dir(follow_symlinks=False)
        except OSError:
            is_folder = False
        if is_folder:
            yield from _walk_folder(Path(entry.path), here, budget, progress)
        else:
            yield from _walk_file(Path(entry.path), here, budget, progress, given=1)


def _walk_file(path: Path, parts: list[str], budget: _Budget,
               progress: Callable[[int], None] | None, given: int) -> Iterator[HandIn | Skipped]:
    """The hand-ins in one file on disk: a notebook, a code list or a zip."""
    source = _shown("/".join(parts))
    budget.files += 1
    if progress is not None:
        progress(budget.files)
    if budget.files > budget.limits.files:
        if budget.files == budget.limits.files + 1:
            yield Skipped(source, f"more than {budget.limits.files:,} files: this one and the "
                                  "rest are left out (give fewer folders at a time)")
        return
    try:
        if not stat.S_ISREG(path.stat().st_mode):   # a pipe or a device would block or never end
            yield Skipped(source, "not a file (a pipe, a device or a socket): left out")
            return
        with open(path, "rb") as file:
            head = file.read(4)
            kind = _kind(path.name, head)
            if kind is None:
                yield Skipped(source, _NOT_READ)
                return
            if kind == "zip":
                file.seek(0)
                yield from _walk_zip(file, parts, budget, progress, depth=0, given=given)
                return
            size = os.fstat(file.fileno()).st_size
            if size > budget.limits.file_bytes:
                yield Skipped(source, f"{size:,} bytes, more than a hand-in's "
                                      f"{budget.limits.file_bytes:,}: left out")
                return
            data = head + file.read(budget.limits.file_bytes + 1 - len(head))
    except OSError as exc:
        yield Skipped(source, f"cannot be read ({exc.strerror or exc})")
        return
    if len(data) > budget.limits.file_bytes:
        yield Skipped(source, f"more than a hand-in's {budget.limits.file_bytes:,} bytes: "
                              "left out")
        return
    student, late, by_folder = naming(parts, given)
    yield HandIn(source, _shown(student), kind, data, late, by_folder)


def _walk_zip(file: io.BufferedIOBase, parts: list[str], budget: _Budget,
              progress: Callable[[int], None] | None, depth: int,
              given: int) -> Iterator[HandIn | Skipped]:
    """The hand-ins in one zip (``file``, open for reading), member by member."""
    source = _shown("/".join(parts))
    limits = budget.limits
    try:
        archive = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError, EOFError) as exc:
        yield Skipped(source, f"not a zip that can be read ({_reason(exc)}): download it "
                              "again")
        return
    with archive:
        members = [m for m in archive.infolist() if not m.is_dir()]
        if budget.members + len(members) > limits.members:
            yield Skipped(source, f"holds {len(members):,} files, more than the "
                                  f"{limits.members - budget.members:,} the report still "
                                  "reads: left out (a zip bomb, or give fewer zips at a time)")
            return
        declared = sum(m.file_size for m in members)
        if budget.bytes + declared > limits.total_bytes:
            yield Skipped(source, f"unpacks to {declared:,} bytes, more than the "
                                  f"{limits.total_bytes - budget.bytes:,} the report still "
                                  "reads: left out (a zip bomb?)")
            return
        budget.members += len(members)
        seen: dict[str, int] = {}
        for member in sorted(members, key=lambda m: m.filename):
            name = member.filename
            inner = [p for p in re.split(r"[/\\]", name) if p]
            if not inner or any(_hidden(p) for p in inner):
                continue
            count = seen[name] = seen.get(name, 0) + 1
            here = [*parts, *inner] if count == 1 else [*parts, *inner[:-1],
                                                          f"{inner[-1]} (copy {count})"]
            yield from _walk_member(archive, member, here, budget, progress, depth, given)


def _reason(exc: BaseException) -> str:
    """An exception's message on one line."""
    return " ".join(str(exc).split()) or type(exc).__name__


def _walk_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, parts: list[str],
                 budget: _Budget, progress: Callable[[int], None] | None, depth: int,
                 given: int) -> Iterator[HandIn | Skipped]:
    """The hand-ins in one zip member: a notebook, a code list, or a zip inside the zip."""
    source = _shown("/".join(parts))
    limits = budget.limits
    budget.files += 1
    if progress is not None:
        progress(budget.files)
    if budget.files > limits.files:
        if budget.files == limits.files + 1:
            yield Skipped(source, f"more than {limits.files:,} files: this one and the rest "
                                  "are left out (give fewer zips at a time)")
        return
    kind = _kind(member.filename, b"")
    if kind is None and member.file_size >= 4:
        try:
            with archive.open(member) as stream:
                kind = _kind(member.filename, stream.read(4))
        except (zipfile.BadZipFile, OSError, EOFError, zlib.error, RuntimeError,
                NotImplementedError, ValueError) as exc:
            yield Skipped(source, f"cannot be read from the zip ({_reason(exc)})")
            return
    if kind is None:
        yield Skipped(source, _NOT_READ)
        return
    if kind == "zip" and depth + 1 > limits.depth:
        yield Skipped(source, f"a zip inside {depth + 1} zips, deeper than the {limits.depth} "
                              "the report opens: left out (a zip bomb?)")
        return
    cap = limits.zip_bytes if kind == "zip" else limits.file_bytes
    try:
        data = _read_member(archive, member, cap, budget)
    except _TooBig as exc:
        yield Skipped(source, str(exc))
        return
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error, RuntimeError,
            NotImplementedError, ValueError) as exc:
        yield Skipped(source, f"cannot be read from the zip ({_reason(exc)})")
        return
    if kind == "zip":
        yield from _walk_zip(io.BytesIO(data), parts, budget, progress, depth + 1, given)
        return
    student, late, by_folder = naming(parts, given)
    yield HandIn(source, _shown(student), kind, data, late, by_folder)


def _read_member(archive: zipfile.ZipFile, member: zipfile.ZipInfo, cap: int,
                 budget: _Budget) -> bytes:
    """A zip member's bytes, read in pieces: refused (``_TooBig``) before reading when its
    declared size is over ``cap`` or the bytes left, and as soon as the bytes coming out run
    past its declared size, ``cap`` or the bytes left."""
    left = budget.limits.total_bytes - budget.bytes
    if member.file_size > cap:
        raise _TooBig(f"{member.file_size:,} bytes unpacked, more than the {cap:,} the report "
                      "reads from one file: left out")
    if member.file_size > left:
        raise _TooBig(f"{member.file_size:,} bytes unpacked, more than the {left:,} the "
                      "report still reads: left out (a zip bomb?)")
    most = min(member.file_size, cap, left)
    pieces, got = [], 0
    with archive.open(member) as stream:
        while True:
            piece = stream.read(MIB)
            if not piece:
                break
            got += len(piece)
            budget.bytes += len(piece)
            if got > most:
                raise _TooBig(f"unpacks to more than the {member.file_size:,} bytes the zip "
                              "says: left out (a zip bomb, or a damaged zip)")
            pieces.append(piece)
    return b"".join(pieces)
