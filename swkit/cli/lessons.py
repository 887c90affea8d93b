"""``swkit lessons``: copy the lesson notebooks to a working folder and open JupyterLab there.

    swkit lessons [--dir DIR] [--no-open] [--no-solutions]

The lessons live in the project's top-level ``lessons/`` folder. A wheel ships them as the data
package ``swkit.lessons`` (setup.py maps it onto ``lessons/``); a source checkout reads them
from ``lessons/`` beside the ``swkit`` package. Copying never overwrites a file the student has
changed: the folder keeps a small manifest (``.swkit-lessons.json``) of what was copied, so an
untouched copy of a lesson the kit has since improved is refreshed, and an edited one is kept.
``RULES.md``, which the lessons cite, is copied with them. Nothing is written through a
symbolic link (:func:`write_exclusive`), so a shared folder is safe to use as root. The
kit's own copies are marked trusted for Jupyter (:func:`trust_notebooks`, as ``jupyter trust``).
JupyterLab is started with its own launcher (``python -m jupyter lab``) as a child process, and
the address printed is read from that server's runtime file (:func:`announce_when_ready`).
(Issues 8 and 15; decisions in docs/DECISIONS.md, "Lessons" and "Command line and user files".)
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import secrets
import shlex
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
import tempfile
import threading
import time
import warnings
import webbrowser
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from swkit.errors import ConfigurationError, SwkitError
from swkit.files import decode_text, parse_json, read_bytes

DEFAULT_FOLDER = "swkit-lessons"
"""The working folder ``swkit lessons`` copies to, relative to where it is run."""

MANIFEST = ".swkit-lessons.json"
"""In the working folder: the :func:`fingerprint` of each file as swkit last wrote it (a
manifest written before notebooks were fingerprinted by their cells holds the SHA-256 of the
bytes; it is still read)."""

LESSON_PATTERNS = ("*.ipynb", "README.md")
"""What is copied from the lessons folder (and, with the solutions, from ``solutions/``)."""

FIRST_PORT = 8888
"""JupyterLab's usual port; the next free one up to ``FIRST_PORT + 100`` is taken."""

LOG_LEVEL = "WARN"
"""JupyterLab's log level: its start-up INFO lines would scroll the address away; warnings and
errors still show."""

STOP_LINE = "Stop it with Ctrl-C in this window (twice). Your work stays in the folder."
"""How to stop JupyterLab, printed once, under the address when it is ready (JupyterLab asks
"Shutdown this Jupyter server?" at the first Ctrl-C and stops at the second)."""

READY_WAIT = 300.0
"""Seconds to wait for JupyterLab to answer before giving up on announcing it is ready."""


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
    :data:`RULES_NAME`, then solutions). ``RULES.md`` is read from :func:`rules_source`, not
    from ``source``."""
    names = sorted({p.name for pattern in LESSON_PATTERNS for p in source.glob(pattern)
                    if p.is_file()} | {RULES_NAME})
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
    kit's version.
    """

    folder: Path
    copied: list[str] = field(default_factory=list)
    updated: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
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
        if self.unchanged:
            out.append(f"  {len(self.unchanged)} file{'' if len(self.unchanged) == 1 else 's'}"
                       f" already up to date")
        return out


def _prepare_folder(folder: Path) -> Path:
    """Create ``folder`` if needed and check it is a writable folder; return it absolute."""
    folder = folder.expanduser().absolute()
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
    """Copy the lessons (and ``solutions/`` unless ``solutions=False``), with the rules
    (``RULES.md``, which the lessons cite), into ``folder``.

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


def free_port(first: int = FIRST_PORT, tries: int = 100) -> int:
    """The first port from ``first`` on that nothing listens on at 127.0.0.1."""
    for port in range(first, first + tries):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise LessonsError(f"no free port from {first} to {first + tries - 1} for JupyterLab")


def can_open_browser() -> bool:
    """Whether Python's ``webbrowser`` (which JupyterLab uses) finds a browser to open."""
    try:
        webbrowser.get()
    except webbrowser.Error:
        return False
    return True


def is_root() -> bool:
    """Whether this process runs as root (JupyterLab then needs ``--allow-root``)."""
    return hasattr(os, "geteuid") and os.geteuid() == 0


KERNEL_TRANSPORT = "--KernelManager.transport=ipc"
"""JupyterLab's kernels over IPC (Unix sockets), where zmq has it (POSIX)."""


def jupyter_command(folder: Path, first: str | None, port: int, *, browser: bool,
                    root: bool) -> list[str]:
    """The ``python -m jupyter lab`` command serving ``folder`` and opening ``first``.

    ``first``: a notebook's path relative to ``folder`` to open, or None for the folder.
    ``port`` is where JupyterLab starts looking: when another server takes it first (two
    launches at once), JupyterLab moves on to the next free port by itself, and
    :func:`wait_for_server` reads the port it really took from its runtime file.
    JupyterLab logs only warnings and errors (:data:`LOG_LEVEL`), so the address stays in view,
    and fetches no news (the question whether to is turned off by :func:`lab_config`).
    The token is not on the command line (other users could read it): :func:`lab_config`
    writes it into a private config file (``IdentityProvider.token``). On POSIX the kernels
    talk to JupyterLab over IPC (Unix sockets in Jupyter's runtime folder), not TCP: no "Kernel
    is running over TCP without encryption" warning, and no port other users of the machine
    could listen on (issue 15 item 14).
    """
    command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={folder}",
               "--ServerApp.ip=localhost", f"--ServerApp.port={port}",
               f"--ServerApp.log_level={LOG_LEVEL}", f"--LabApp.log_level={LOG_LEVEL}",
               "--LabApp.news_url=None"]
    if os.name == "posix":
        command.append(KERNEL_TRANSPORT)
    if not browser:
        command.append("--no-browser")
    if root:
        command.append("--allow-root")
    if first is not None:
        command.append(first)
    return command


NEWS_PLUGIN = "@jupyterlab/apputils-extension:announcements"
"""JupyterLab's news and update plugin: on a fresh machine it asks "Would you like to get
notified about official Jupyter news?" in a pop-up that covers part of a lesson's widget."""

SHIM_EXTENSION = "notebook_shim"
"""The server extension that passes old classic-Notebook (``NotebookApp``) settings on to
Jupyter Server. JupyterLab does not need it, and while linking it reads every attribute of the
server, among them the deprecated ``ServerApp.token``, which prints "ServerApp.token config is
deprecated in jupyter-server 2.0" on every start whatever token option is used: the lessons'
server runs without it."""


def lab_config(folder: Path, token: str | None = None) -> Path:
    """Write into ``folder`` a Jupyter config folder for the lessons' JupyterLab: a
    ``labconfig/page_config.json`` that turns off :data:`NEWS_PLUGIN`, and a
    ``jupyter_server_config.json`` (readable by this user only) with the server's token
    (``IdentityProvider.token``, Jupyter Server 2's option) that leaves out
    :data:`SHIM_EXTENSION`. Put ``folder`` on ``JUPYTER_CONFIG_PATH`` for JupyterLab to read
    it; the user's own settings and config stay as they are. Returns ``folder``."""
    (folder / "labconfig").mkdir(parents=True, exist_ok=True)
    (folder / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {NEWS_PLUGIN: True}}), encoding="utf-8")
    server: dict[str, Any] = {"ServerApp": {"jpserver_extensions": {SHIM_EXTENSION: False}}}
    if token is not None:
        server["IdentityProvider"] = {"token": token}
    fd = os.open(folder / "jupyter_server_config.json",
                 os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0), 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as file:
        json.dump(server, file)
    return folder


def lab_address(port: int, token: str, first: str | None, base: str | None = None) -> str:
    """The address of the JupyterLab page showing ``first`` (or the folder), token included;
    ``base``: the server's own URL from its runtime file (``http://localhost:8889/``), else
    ``http://localhost:PORT/``."""
    page = f"lab/tree/{quote(first)}" if first else "lab"
    root = base if base else f"http://localhost:{port}/"
    return f"{root.rstrip('/')}/{page}?token={token}"


def first_lesson(folder: Path) -> str | None:
    """The first notebook in the folder's top level, in teaching order (by name), if any."""
    notebooks = sorted(p.name for p in folder.glob("*.ipynb") if p.is_file())
    return notebooks[0] if notebooks else None


def is_listening(port: int, host: str = "localhost") -> bool:
    """Whether something accepts connections on ``host:port`` (JupyterLab has started)."""
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def runtime_dir(env: Mapping[str, str] | None = None) -> Path:
    """The folder where Jupyter servers write their runtime files (``jpserver-PID.json``) for
    the environment ``env`` (default: this process's): ``JUPYTER_RUNTIME_DIR``, else Jupyter's
    default (``jupyter_core.paths.jupyter_runtime_dir``)."""
    env = os.environ if env is None else env
    if env.get("JUPYTER_RUNTIME_DIR"):
        return Path(env["JUPYTER_RUNTIME_DIR"])
    from jupyter_core.paths import jupyter_runtime_dir
    return Path(jupyter_runtime_dir())


def find_server(where: Path, pid: int, token: str) -> dict[str, Any] | None:
    """The runtime file (``jpserver-*.json`` in ``where``) of the server this launcher started:
    the one whose ``pid`` is ``pid`` or whose ``token`` is ``token`` (the launcher's random
    token; a user's own config may set another, so the process id counts too), as a dict with
    at least ``port``, ``url`` and ``token``; None when there is none yet. Another server's file
    (another launch at the same time) is never taken."""
    try:
        candidates = sorted(where.glob("jpserver-*.json"))
    except OSError:
        return None
    for path in candidates:
        try:
            info = json.loads(read_bytes(path, "runtime file", limit=100_000,
                                         follow_symlinks=False))
        except (ConfigurationError, ValueError, RecursionError):
            continue  # being written, or not a server's file
        if not isinstance(info, dict) or not isinstance(info.get("port"), int):
            continue
        if info.get("pid") == pid or (info.get("token") == token and token):
            return info
    return None


def wait_for_server(alive: Callable[[], bool], pid: int, token: str, where: Path, *,
                    wait: float = READY_WAIT, poll: float = 0.5) -> dict[str, Any] | None:
    """Wait until the server this launcher started (see :func:`find_server`) has written its
    runtime file and answers on its port; return the file's contents. Returns None when
    ``alive()`` turns False (the server stopped, e.g. it could not start) or after ``wait``
    seconds."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and alive():
        info = find_server(where, pid, token)
        if info is not None and is_listening(info["port"]):
            return info
        time.sleep(poll)
    return None


def announce_when_ready(alive: Callable[[], bool], pid: int, token: str, where: Path,
                        first: str | None, *, wait: float = READY_WAIT, poll: float = 0.5,
                        out: TextIO | None = None, err: TextIO | None = None) -> bool:
    """Print the address of the server this launcher started once it answers, read from that
    server's runtime file (its port, URL and token: :func:`wait_for_server`), and return True.
    When it stops first, or has not answered after ``wait`` seconds, print one line saying so
    on ``err`` and return False. Never prints another server's address."""
    info = wait_for_server(alive, pid, token, where, wait=wait, poll=poll)
    if info is None:
        why = ("JupyterLab stopped before it was ready (its messages are above)" if not alive()
               else f"JupyterLab has not answered after {wait:.0f} s")
        print(f"swkit lessons: error: {why}: no address to open; run swkit lessons again",
              file=err or sys.stderr, flush=True)
        return False
    address = lab_address(info["port"], str(info.get("token") or token), first,
                          info.get("url") if isinstance(info.get("url"), str) else None)
    print(f"\nJupyterLab is ready. Open this address in a browser on this computer "
          f"if no page opened:\n    {address}\n{STOP_LINE}", file=out or sys.stdout, flush=True)
    return True


def open_lab(folder: Path) -> int:
    """Run JupyterLab on ``folder`` at its first lesson until it stops; return its exit status.
    The address printed is read from the server this command started (never guessed: two
    launches at once each print their own). A stop request to this command (SIGTERM, or
    SIGHUP when its terminal closes) is passed on to JupyterLab, so that no server is left
    running without it."""
    first = first_lesson(folder)
    port = free_port()
    token = secrets.token_hex(24)
    browser = can_open_browser()
    command = jupyter_command(folder, first, port, browser=browser, root=is_root())
    if browser:
        print("Starting JupyterLab; it opens in your browser (a few seconds; the address "
              "follows when it is ready).", flush=True)
    else:
        print("Starting JupyterLab (a few seconds). No web browser can be opened from here: "
              "the address to open follows when it is ready.", flush=True)
    with tempfile.TemporaryDirectory(prefix="swkit-lab-") as config:
        paths = [str(lab_config(Path(config), token)), os.environ.get("JUPYTER_CONFIG_PATH", "")]
        env = dict(os.environ, JUPYTER_CONFIG_PATH=os.pathsep.join(p for p in paths if p))
        env.pop("JUPYTER_TOKEN", None)  # the config file's token is the one
        where = runtime_dir(env)
        child = subprocess.Popen(command, cwd=folder, env=env)
        for name in ("SIGTERM", "SIGHUP"):          # SIGHUP: not on Windows
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), lambda _sig, _frame: child.terminate())
        announcer = threading.Thread(
            target=announce_when_ready,
            args=(lambda: child.poll() is None, child.pid, token, where, first), daemon=True)
        announcer.start()
        while True:
            try:
                status = child.wait()
                break
            except KeyboardInterrupt:  # JupyterLab got the Ctrl-C too and decides itself
                continue
        announcer.join(timeout=5)  # its line on a server that stopped before it was ready
        return status


SYSTEM_FOLDERS = ("bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc",
                  "run", "sbin", "sys", "usr", "var")
"""The top-level folders of the operating system itself (its programs, libraries, settings,
devices and state, after the Filesystem Hierarchy Standard): a folder option refuses them and
the root ``/``, as root could write there. Folders inside them (``/var/www/swkit``) and
``/home``, ``/root``, ``/tmp``, ``/opt``, ``/srv``, ``/mnt`` are allowed."""


def system_folder(text: str) -> str | None:
    """What makes the folder ``text`` a system folder (``"/"``, ``"/usr"``; a relative name
    is taken from the current folder, ``..`` and symbolic links are followed, so ``/bin``
    is one where it links to ``/usr/bin``), or None for any other folder. A file system's
    root is always one (``/``, ``C:\\``)."""
    given = Path(os.path.abspath(os.path.expanduser(text)))
    found = Path(os.path.realpath(given))
    for path in (given, found):
        if path.parent == path:
            return str(path)
    if os.name != "posix":
        return None
    system = {Path("/", name) for name in SYSTEM_FOLDERS}
    system |= {Path(os.path.realpath(p)) for p in system}
    for path in (given, found):
        if path in system:
            return str(path)
    return None


def folder_option(option: str, default: str) -> Callable[[str], str]:
    """An argparse type for a folder option (``--dir`` here; ``swkit site`` uses it too): any
    folder name, but not an empty one, nor a system folder (:func:`system_folder`: ``/``,
    ``/usr``, ``/etc``...), refused in one line naming the option and its default."""
    def folder(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(
                f"an empty value: give a folder, e.g. {option} {default}, or leave {option} out")
        system = system_folder(text)
        if system is not None:
            shown = repr(text) if text == system else f"{text!r} ({system})"
            raise argparse.ArgumentTypeError(
                f"{shown} is a system folder: swkit never writes into the file system's root or "
                f"the operating system's own folders; give a folder of your own, e.g. "
                f"{option} {default}")
        return text
    return folder


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``swkit lessons`` to its (sub)parser."""
    parser.add_argument("--dir", default=DEFAULT_FOLDER, metavar="DIR",
                        type=folder_option("--dir", DEFAULT_FOLDER),
                        help=f"the working folder to copy the lessons into, created if missing "
                             f"(default ./{DEFAULT_FOLDER}); a file you changed there is never "
                             f"overwritten")
    parser.add_argument("--no-open", action="store_true",
                        help="only copy the lessons; do not start JupyterLab")
    parser.add_argument("--no-solutions", action="store_true",
                        help="do not copy the worked answers (solutions/), e.g. on the "
                             "students' machines of a lab")


def shell_option(option: str, value: str | os.PathLike[str]) -> str:
    """``option`` and ``value`` as one can paste them into a shell: ``--dir 'my lessons'``
    (POSIX quoting, shlex; on Windows double quotes around a value with a space), and
    ``--dir=-x`` for a value that starts with "-" (argparse would read it as an option).
    In: an option such as ``"--dir"`` (or ``"-d"``) and a folder; out: text."""
    text = os.fspath(value)
    if os.name == "posix":
        word = shlex.quote(text)
    else:
        word = f'"{text}"' if any(c.isspace() for c in text) or not text else text
    return f"{option}={word}" if text.startswith("-") else f"{option} {word}"


def run(args: argparse.Namespace, prog: str = "swkit lessons") -> int:
    """Carry out ``swkit lessons`` for parsed ``args``; return the exit status (2: bad input)."""
    try:
        report = copy_lessons(args.dir, solutions=not args.no_solutions)
        note = trust_notebooks(report.folder,
                               report.copied + report.updated + report.unchanged)
        if note:
            report.note = f"{report.note}; {note}" if report.note else note
        print("\n".join(report.lines()), flush=True)
        if args.no_open:
            print(f"Open them with: swkit lessons {shell_option('--dir', report.folder)}")
            return 0
        return open_lab(report.folder)
    except LessonsError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    """``swkit lessons`` on its own (also ``python -m swkit.cli.lessons``): the same as
    ``swkit lessons ARGS``, through the ``swkit`` command's ``main`` (one line and exit status 2
    for any refused input or failed file operation)."""
    from swkit.cli.command import main as swkit_main
    return swkit_main(["lessons", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
