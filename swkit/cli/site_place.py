"""Putting a built site into ``swkit site --out`` without ever deleting what swkit did not write.

A built site holds :data:`MARKER`, a record of every file swkit wrote there with its SHA-256
(``{"swkit": "0.1.0", "files": {"index.html": "<sha256>", ...}}``). A rebuild over it
(:func:`place_site`):

- deletes or replaces only the earlier site's own files: those its record lists whose content is
  still what swkit wrote (a file changed since is the teacher's, and kept);
- keeps every other file and folder in ``--out`` as it is (a ``.git``, a ``CNAME``, notes);
- refuses, before touching anything, when a file of the new site would land on a file that is
  not the earlier site's own and differs from it (or on a folder, or goes through a symbolic
  link): the error names it, and the teacher moves it;
- moves an earlier site aside whole (to a new folder beside it, named in the report) when its
  record does not list its files (sites built before swkit recorded them), since which of its
  files swkit wrote cannot be told.

A new or empty ``--out`` simply becomes the built folder. Ctrl-C while files are being moved is
held back until the move ends, so ``--out`` is never left half old, half new.
Decisions: docs/DECISIONS.md, "The command line and user files".
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import stat
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from swkit import __version__
from swkit.errors import SwkitError

__all__ = ["MARKER", "Placement", "PlacementError", "earlier_record", "file_digests",
           "place_site", "write_marker"]

MARKER = ".swkit-site.json"
"""In a built site: which swkit built it and every file it wrote, with its SHA-256."""

MARKER_LIMIT = 20_000_000
"""Bytes of :data:`MARKER` read at most (a site's record is about 100 KB)."""

SHOWN = 3
"""How many of the files in the way an error names (then "and N more")."""


class PlacementError(SwkitError):
    """The built site cannot be put into ``--out`` without overwriting files that are not the
    earlier site's own; nothing in ``--out`` was changed."""


@dataclass
class Placement:
    """What :func:`place_site` did. ``kept``: files in ``--out`` that are not the site's and
    were left as they were (POSIX paths relative to it); ``moved_to``: where an earlier site
    whose files swkit could not tell apart was moved (None: nothing moved)."""

    kept: list[str] = field(default_factory=list)
    moved_to: Path | None = None


def _digest(path: Path) -> str:
    sha = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def _regular(path: Path) -> bool:
    """Whether ``path`` is a regular file (never following a symbolic link)."""
    try:
        return stat.S_ISREG(path.lstat().st_mode)
    except OSError:
        return False


def file_digests(folder: Path) -> dict[str, str]:
    """Every regular file under ``folder`` (symbolic links neither followed nor listed):
    POSIX path relative to ``folder`` -> SHA-256 hex, sorted by path."""
    found: dict[str, str] = {}
    for top, folders, names in os.walk(folder):  # os.walk never enters a linked folder
        folders.sort()
        for name in names:
            path = Path(top) / name
            if _regular(path):
                found[path.relative_to(folder).as_posix()] = _digest(path)
    return dict(sorted(found.items()))


def write_marker(site: Path) -> dict[str, str]:
    """Write :data:`MARKER` into the built ``site``, listing every file in it; returns the
    listing (path -> SHA-256)."""
    files = {name: digest for name, digest in file_digests(site).items() if name != MARKER}
    (site / MARKER).write_text(json.dumps({"swkit": __version__, "files": files}, indent=0)
                               + "\n", encoding="utf-8")
    return files


def earlier_record(out: Path) -> dict[str, str] | None:
    """The files an earlier swkit site in ``out`` says swkit wrote (path -> SHA-256), or None
    when ``out`` holds no readable record of them (no site, a site built before the record, a
    marker that is a link or is not a record, or one naming a file swkit never lists: empty,
    absolute, through ``..``, the marker itself)."""
    marker = out / MARKER
    if not _regular(marker):
        return None
    try:
        with open(marker, "rb") as file:
            data = json.loads(file.read(MARKER_LIMIT))
    except (OSError, ValueError):
        return None
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
        return None
    for name in files:
        parts = PurePosixPath(name).parts
        if not name or PurePosixPath(name).is_absolute() or ".." in parts or name == MARKER:
            return None   # swkit never lists such a name: not a record it wrote
    return dict(files)


def _within(out: Path, name: str) -> bool:
    """Whether every folder on the way from ``out`` to ``name`` is a real folder (no link)."""
    parts = PurePosixPath(name).parts
    for depth in range(1, len(parts)):
        try:
            if not stat.S_ISDIR((out / "/".join(parts[:depth])).lstat().st_mode):
                return False
        except OSError:
            return False
    return True


def _ours(out: Path, record: dict[str, str]) -> set[str]:
    """The files of ``record`` still in ``out`` as swkit wrote them (regular, same SHA-256,
    reached through no symbolic link)."""
    return {name for name, digest in record.items()
            if _within(out, name) and _regular(out / name) and _digest(out / name) == digest}


def _files(folder: Path) -> list[str]:
    """Every file and link under ``folder`` (links not followed), as sorted POSIX paths."""
    found = []
    for top, _, names in os.walk(folder):
        found += [(Path(top) / name).relative_to(folder).as_posix() for name in names]
    return sorted(found)


def _same(path: Path, new: Path) -> bool:
    """Whether ``path`` is a regular file with exactly ``new``'s bytes (replacing it loses
    nothing: an earlier site's lessons folder carried into the rebuild, for one)."""
    return _regular(path) and path.lstat().st_size == new.lstat().st_size \
        and _digest(path) == _digest(new)


def _in_the_way(out: Path, built: Path, new: list[str], ours: set[str]) -> list[str]:
    """The paths in ``out`` a new file would overwrite or write through that are not the
    earlier site's own (``ours``) nor the same bytes: a different file, a folder, a link."""
    blocked: list[str] = []
    if os.path.lexists(out / MARKER) and not _regular(out / MARKER):
        blocked.append(MARKER)   # a folder or a link at the marker's name is not swkit's
    checked: set[str] = set()
    for name in new:
        parts = PurePosixPath(name).parts
        under_blocked = False
        for depth in range(1, len(parts)):
            prefix = "/".join(parts[:depth])
            if prefix in checked:
                if prefix in blocked:
                    under_blocked = True
                    break
                continue
            checked.add(prefix)
            try:
                mode = (out / prefix).lstat().st_mode
            except (FileNotFoundError, NotADirectoryError):  # missing, or below the earlier
                continue                                     # site's own file (replaced)
            if stat.S_ISDIR(mode) or prefix in ours:
                continue
            blocked.append(prefix)   # a file or a link where the site needs a folder
            under_blocked = True
            break                    # nothing below it is looked at (it is no folder)
        if under_blocked:
            continue
        target = out / name
        if name in ours or name == MARKER or not os.path.lexists(target):
            continue
        if not _same(target, built / name):
            blocked.append(name)
    return blocked


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back for the duration, and raise KeyboardInterrupt after it when
    one came (only in the main thread, where Python handles signals)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = signal.signal(signal.SIGINT, lambda signum, _frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def _make_folders(folder: Path, top: Path) -> None:
    """Create ``folder`` and its missing parents up to ``top`` (which exists), one level at a
    time (no recursion, so any depth the file system takes)."""
    missing = []
    while folder != top and not folder.is_dir():
        missing.append(folder)
        folder = folder.parent
    for path in reversed(missing):
        path.mkdir(exist_ok=True)


def _remove_empty_folders(out: Path, names: list[str]) -> None:
    """Remove the folders under ``out`` that held ``names`` and are empty now, deepest first
    (a folder still holding anything is left)."""
    folders = {PurePosixPath(n).parents[i].as_posix() for n in names
               for i in range(len(PurePosixPath(n).parts) - 1)}
    for name in sorted(folders, key=lambda n: n.count("/"), reverse=True):
        with contextlib.suppress(OSError):
            (out / name).rmdir()


def _aside(out: Path) -> Path:
    """A new name beside ``out`` for moving an earlier site aside: ``NAME-earlier``,
    ``NAME-earlier-2``, ..."""
    for n in range(1, 10_000):
        candidate = out.with_name(f"{out.name}-earlier" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(candidate):
            return candidate
    raise PlacementError(f"--out {out}: no free name beside it to move the earlier site to")


def place_site(built: Path, out: Path) -> Placement:
    """Put the built site ``built`` (a folder holding :data:`MARKER`, on the same file system
    as ``out``) into ``out`` as the module docstring says, and return what was done. ``out``
    has passed :func:`swkit.cli.site.check_out` (not a link, not a file; a folder holding files
    that are not a site only with ``--force``). Raises :class:`PlacementError`, with ``out``
    unchanged, when new files would overwrite files that are not the earlier site's own;
    OSError from the file system."""
    placement = Placement()
    if not os.path.lexists(out):
        built.rename(out)
        return placement
    if not any(out.iterdir()):
        with _ctrl_c_held():
            out.rmdir()
            built.rename(out)
        return placement
    record = earlier_record(out)
    if record is None and (out / MARKER).is_file():  # a site whose files swkit cannot tell
        placement.moved_to = _aside(out)
        with _ctrl_c_held():
            out.rename(placement.moved_to)
            built.rename(out)
        return placement
    record = record or {}
    ours = _ours(out, record)
    new = [name for name in file_digests(built) if name != MARKER]
    blocked = _in_the_way(out, built, new, ours)
    if blocked:
        shown = ", ".join(blocked[:SHOWN]) + (
            f" and {len(blocked) - SHOWN} more" if len(blocked) > SHOWN else "")
        raise PlacementError(
            f"--out {out}: the site would overwrite {shown}, which swkit did not write (or "
            f"which was changed since): move {'it' if len(blocked) == 1 else 'them'} out of "
            f"the folder, or give another --out; nothing was changed")
    new_set = set(new)
    with _ctrl_c_held():
        for name in sorted(ours - new_set):
            (out / name).unlink()
        _remove_empty_folders(out, sorted(ours - new_set))
        for name in new:
            target = out / name
            _make_folders(target.parent, out)
            os.replace(built / name, target)
        os.replace(built / MARKER, out / MARKER)
    placement.kept = [name for name in _files(out) if name != MARKER and name not in new_set]
    return placement
