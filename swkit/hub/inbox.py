"""The hand-in on a school's JupyterHub: a saved notebook into the class inbox.

The student saves the notebook (Ctrl+S) and runs ``hand_in("09-play.ipynb")`` in a cell. The
saved file, which carries its ``check()`` records (:mod:`swkit.classroom.records`), is copied
to ``INBOX/<hub user name>/09-play.ipynb``: one folder per student, named by the hub's user
name (``JUPYTERHUB_USER``), never by the operating system's user, which may be the same for the
whole class (the trial mode, a container image's ``jovyan``). ``INBOX`` is ``$SWKIT_INBOX``,
set for every student's server by the config ``swkit hub config`` writes. The teacher reads
the inbox with ``swkit class report INBOX``. Handing in again replaces the earlier copy: the
newest hand-in counts.

Nothing is written through a symbolic link, and a student's folder that another account made
is refused (with system users, the inbox lets each student make only their own folder and list
no one else's; see :func:`swkit.hub.config.make_inbox`).
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from swkit.errors import ConfigurationError, SwkitError

INBOX_VARIABLE = "SWKIT_INBOX"
"""The environment variable naming the class inbox (set by the hub's config)."""

USER_VARIABLE = "JUPYTERHUB_USER"
"""The environment variable JupyterHub sets to the student's hub user name."""

LESSONS_FOLDER = "swkit-lessons"
"""The lessons' folder in a student's home (as ``swkit lessons`` names it)."""

HAND_IN_LIMIT = 50_000_000
"""The largest notebook handed in, in bytes (a lesson with all its pictures is well under)."""


class HandInError(SwkitError):
    """The notebook cannot be handed in; the message says why and what to do."""


@dataclass(frozen=True)
class HandedIn:
    """What :func:`hand_in` did. ``path``: the copy in the inbox; ``user``: the hub user name;
    ``saved``: when the handed-in file was last saved (UTC); ``checks``: its ``check()``
    records; ``right``: the exercises among them the checker said were right."""

    path: Path
    user: str
    saved: datetime
    checks: int
    right: tuple[str, ...]

    def __str__(self) -> str:
        right = f", {len(self.right)} right" if self.right else ""
        checks = "no checks" if not self.checks else \
            f"{self.checks} check{'' if self.checks == 1 else 's'}{right}"
        return (f"Handed in {self.path.name} for {self.user} (saved at "
                f"{self.saved:%H:%M} UTC, {checks}). Changed something since? Save (Ctrl+S) "
                f"and hand in again: your newest hand-in counts.")

    def __repr__(self) -> str:
        return str(self)


def _find(name: str | os.PathLike[str]) -> Path:
    """The notebook ``name``: as given (relative to the folder the notebook runs in), else in
    the lessons folder of the home."""
    path = Path(name)
    if path.exists() or path.is_symlink() or path.is_absolute():
        return path
    home = Path(os.environ.get("HOME") or Path.home())
    beside = home / LESSONS_FOLDER / path
    return beside if beside.exists() or beside.is_symlink() else path


def _student_folder(inbox: Path, user: str) -> Path:
    """The student's folder in ``inbox``, made if missing (mode 0700: only its owner, and the
    teacher as the server's administrator, read it). Raises HandInError for an inbox that is
    missing or a link, and for a student's folder that is a link, not a folder, or made by
    another account."""
    try:
        info = inbox.lstat()
    except OSError:
        raise HandInError(f"the class inbox {inbox} is missing: tell your teacher (the hub's "
                          f"config makes it when the hub starts)") from None
    if not stat.S_ISDIR(info.st_mode):
        raise HandInError(f"the class inbox {inbox} is not a folder (a file or a link): tell "
                          f"your teacher")
    folder = inbox / user
    try:
        folder.mkdir(mode=0o700)
    except FileExistsError:
        pass
    except OSError as exc:
        raise HandInError(f"cannot make your folder in the class inbox {inbox} "
                          f"({exc.strerror}): tell your teacher") from None
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode):
        raise HandInError(f"{folder} is not a folder (a file or a link): tell your teacher; "
                          f"nothing was handed in")
    if hasattr(os, "geteuid") and info.st_uid != os.geteuid():
        raise HandInError(f"{folder} was made by another account, not yours: tell your "
                          f"teacher; nothing was handed in")
    return folder


def hand_in(name: str | os.PathLike[str], *, inbox: str | os.PathLike[str] | None = None,
            user: str | None = None) -> HandedIn:
    """Hand in the saved notebook ``name`` (e.g. ``"09-play.ipynb"``; relative to the folder
    the notebook runs in, or to the home's ``swkit-lessons``): copy it, as saved on the disk,
    to ``inbox/user/``. Save first (Ctrl+S): what is handed in is the file, not the screen.

    ``inbox`` defaults to ``$SWKIT_INBOX``, ``user`` to ``$JUPYTERHUB_USER`` (the hub's user
    name). Returns :class:`HandedIn` (it shows itself as one friendly line). Raises
    :class:`HandInError` when not on a hub with an inbox, for a file that is missing, a
    symbolic link, too large (:data:`HAND_IN_LIMIT`) or not a notebook, and when the inbox or
    the student's folder cannot be used; nothing is handed in then.
    """
    from swkit.classroom.records import NotANotebook, read_notebook
    from swkit.cli.lessons_copy import write_exclusive
    from swkit.files import read_bytes

    user = os.environ.get(USER_VARIABLE, "") if user is None else user
    inbox_name = os.environ.get(INBOX_VARIABLE, "") if inbox is None else os.fspath(inbox)
    if not user:
        raise HandInError("hand_in works on the class's JupyterHub (this is not one): save the "
                          "notebook and hand in the file the way your teacher says")
    if user in (".", "..") or "/" in user or "\\" in user or "\0" in user:
        raise HandInError(f"the hub user name {user!r} cannot name a folder: tell your teacher")
    if not inbox_name:
        raise HandInError(f"this hub has no class inbox (${INBOX_VARIABLE} is not set): tell "
                          f"your teacher, and hand in the file the way they say")
    path = _find(name)
    if not path.name.endswith(".ipynb"):
        raise HandInError(f"{path.name} is not a notebook: hand in a lesson's .ipynb file, "
                          f"e.g. hand_in(\"09-play.ipynb\")")
    try:
        data = read_bytes(path, "notebook", limit=HAND_IN_LIMIT, follow_symlinks=False)
        saved = datetime.fromtimestamp(path.stat().st_mtime, UTC)
    except (ConfigurationError, OSError) as exc:
        raise HandInError(f"{exc}; nothing was handed in") from None
    try:
        records = read_notebook(data)
    except NotANotebook as exc:
        raise HandInError(f"{path.name} cannot be handed in: {exc}") from None
    folder = _student_folder(Path(inbox_name), user)
    target = folder / path.name
    try:
        write_exclusive(target, data)
    except OSError as exc:
        raise HandInError(f"cannot write {target} ({exc.strerror}): tell your teacher; "
                          f"nothing was handed in") from None
    right = tuple(sorted({r.exercise for r in records.records if r.result == "right"}))
    return HandedIn(target, user, saved, len(records.records), right)
