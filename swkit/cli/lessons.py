"""``swkit lessons``: copy the lesson notebooks to a working folder and open JupyterLab there.

    swkit lessons [--dir DIR] [--no-open] [--no-solutions]

The lessons live in the project's top-level ``lessons/`` folder. A wheel ships them as the data
package ``swkit.lessons`` (setup.py maps it onto ``lessons/``); a source checkout reads them
from ``lessons/`` beside the ``swkit`` package. Copying never overwrites a file the student has
changed: the folder keeps a small manifest (``.swkit-lessons.json``) of what was copied, so an
untouched copy of a lesson the kit has since improved is refreshed, and an edited one is kept.
JupyterLab is started with its own launcher (``python -m jupyter lab``) as a child process.
(Issue 8, "The classroom workflow"; decisions in docs/DECISIONS.md, "Lessons".)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import webbrowser
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO
from urllib.parse import quote

from swkit.errors import SwkitError

DEFAULT_FOLDER = "swkit-lessons"
"""The working folder ``swkit lessons`` copies to, relative to where it is run."""

MANIFEST = ".swkit-lessons.json"
"""In the working folder: a SHA-256 digest of each file as swkit last wrote it."""

LESSON_PATTERNS = ("*.ipynb", "README.md")
"""What is copied from the lessons folder (and, with the solutions, from ``solutions/``)."""

FIRST_PORT = 8888
"""JupyterLab's usual port; the next free one up to ``FIRST_PORT + 100`` is taken."""

LOG_LEVEL = "WARN"
"""JupyterLab's log level: its start-up INFO lines would scroll the address away; warnings and
errors still show."""

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


def lesson_files(source: Path, *, solutions: bool = True) -> list[str]:
    """The files to copy, as sorted POSIX paths relative to ``source`` (lessons, then solutions)."""
    names = sorted({p.name for pattern in LESSON_PATTERNS for p in source.glob(pattern)
                    if p.is_file()})
    if solutions and (source / "solutions").is_dir():
        names += sorted(f"solutions/{p.name}" for p in (source / "solutions").glob("*.ipynb"))
    return names


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


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

    def lines(self) -> list[str]:
        """The report in words, one line per copied, updated or kept file."""
        out = [f"Lessons folder: {self.folder}"]
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
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise LessonsError(f"--dir {folder}: cannot create the folder ({exc.strerror}): give a "
                           f"folder you can write to") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise LessonsError(f"--dir {folder}: the folder is not writable: give a folder you can "
                           f"write to")
    return folder


def copy_lessons(folder: str | os.PathLike[str], *, solutions: bool = True,
                 source: Path | None = None) -> CopyReport:
    """Copy the lessons (and ``solutions/`` unless ``solutions=False``) into ``folder``.

    A file missing from the folder is copied. A file the student changed (its content differs
    from what swkit last wrote there, per the folder's manifest) is kept. A copy nobody changed
    is replaced by the kit's version when that differs. ``source`` defaults to
    :func:`lessons_source`. Raises :class:`LessonsError` for a folder that is a file, cannot be
    created or cannot be written; nothing already in the folder is lost.
    """
    source = lessons_source() if source is None else source
    folder = _prepare_folder(Path(folder))
    report = CopyReport(folder)
    manifest_path = folder / MANIFEST
    try:
        written: dict[str, str] = json.loads(manifest_path.read_text())["files"]
    except (OSError, ValueError, KeyError, TypeError):
        written = {}
    try:
        for name in lesson_files(source, solutions=solutions):
            data = (source / name).read_bytes()
            target = folder / name
            if not target.exists():
                kind = report.copied
            elif not target.is_file():
                report.kept.append(name)
                continue
            else:
                current = _digest(target.read_bytes())
                if current == _digest(data):
                    written[name] = current
                    report.unchanged.append(name)
                    continue
                if written.get(name) != current:
                    report.kept.append(name)
                    continue
                kind = report.updated
            target.parent.mkdir(parents=True, exist_ok=True)
            partial = target.with_name(f".{target.name}.partial")
            partial.write_bytes(data)
            partial.replace(target)
            written[name] = _digest(data)
            kind.append(name)
        manifest_path.write_text(json.dumps({"files": written}, indent=1, sort_keys=True) + "\n")
    except OSError as exc:
        raise LessonsError(f"--dir {folder}: cannot write the lessons there "
                           f"({exc.strerror}): give a folder you can write to") from None
    return report


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
    JupyterLab logs only warnings and errors (:data:`LOG_LEVEL`), so the address stays in view,
    and fetches no news (the question whether to is turned off by :func:`lab_config`).
    The token is not on the command line (other users could read it): pass it in the
    ``JUPYTER_TOKEN`` environment variable. On POSIX the kernels talk to JupyterLab over IPC
    (Unix sockets in Jupyter's runtime folder), not TCP: no "Kernel is running over TCP without
    encryption" warning, and no port other users of the machine could listen on (issue 15
    item 14).
    """
    command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={folder}",
               "--ServerApp.ip=localhost", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--ServerApp.log_level={LOG_LEVEL}",
               f"--LabApp.log_level={LOG_LEVEL}", "--LabApp.news_url=None"]
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


def lab_config(folder: Path) -> Path:
    """Write into ``folder`` a Jupyter config folder (``labconfig/page_config.json``) that turns
    off :data:`NEWS_PLUGIN`; put it on ``JUPYTER_CONFIG_PATH`` for JupyterLab to read it. The
    user's own settings and config stay as they are. Returns ``folder``."""
    (folder / "labconfig").mkdir(parents=True, exist_ok=True)
    (folder / "labconfig" / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {NEWS_PLUGIN: True}}), encoding="utf-8")
    return folder


def lab_address(port: int, token: str, first: str | None) -> str:
    """The address of the JupyterLab page showing ``first`` (or the folder), token included."""
    page = f"lab/tree/{quote(first)}" if first else "lab"
    return f"http://localhost:{port}/{page}?token={token}"


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


def announce_when_ready(port: int, address: str, alive: Callable[[], bool], *,
                        wait: float = READY_WAIT, poll: float = 0.5,
                        out: TextIO | None = None) -> bool:
    """Wait until JupyterLab answers on ``port``, then print ``address`` again (below
    JupyterLab's own start-up lines) and return True. Returns False, printing nothing, when
    ``alive()`` turns False (JupyterLab stopped) or after ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and alive():
        if is_listening(port):
            print(f"\nJupyterLab is ready. Open this address in a browser on this computer "
                  f"if no page opened:\n    {address}\nStop it with Ctrl-C in this window "
                  f"(twice).", file=out or sys.stdout, flush=True)
            return True
        time.sleep(poll)
    return False


def open_lab(folder: Path) -> int:
    """Run JupyterLab on ``folder`` at its first lesson until it stops; return its exit status.
    A stop request to this command (SIGTERM, or SIGHUP when its terminal closes) is passed on
    to JupyterLab, so that no server is left running without it."""
    first = first_lesson(folder)
    port = free_port()
    token = secrets.token_hex(24)
    browser = can_open_browser()
    command = jupyter_command(folder, first, port, browser=browser, root=is_root())
    address = lab_address(port, token, first)
    if browser:
        print("Opening JupyterLab in your browser. If no page opens, open this address:")
    else:
        print("No web browser can be opened from here: open this address in a browser on "
              "this computer:")
    print(f"    {address}")
    print("Stop JupyterLab with Ctrl-C in this window (twice). Your work stays in the folder.",
          flush=True)
    with tempfile.TemporaryDirectory(prefix="swkit-lab-") as config:
        paths = [str(lab_config(Path(config))), os.environ.get("JUPYTER_CONFIG_PATH", "")]
        env = dict(os.environ, JUPYTER_TOKEN=token,
                   JUPYTER_CONFIG_PATH=os.pathsep.join(p for p in paths if p))
        child = subprocess.Popen(command, cwd=folder, env=env)
        for name in ("SIGTERM", "SIGHUP"):          # SIGHUP: not on Windows
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), lambda _sig, _frame: child.terminate())
        threading.Thread(target=announce_when_ready,
                         args=(port, address, lambda: child.poll() is None), daemon=True).start()
        while True:
            try:
                return child.wait()
            except KeyboardInterrupt:  # JupyterLab got the Ctrl-C too and decides itself
                continue


def _folder(text: str) -> str:
    """An argparse type for ``--dir``: any folder name, but not an empty one."""
    if not text.strip():
        raise argparse.ArgumentTypeError(
            f"an empty value: give a folder, e.g. --dir {DEFAULT_FOLDER}, or leave --dir out")
    return text


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the options of ``swkit lessons`` to its (sub)parser."""
    parser.add_argument("--dir", default=DEFAULT_FOLDER, metavar="DIR", type=_folder,
                        help=f"the working folder to copy the lessons into, created if missing "
                             f"(default ./{DEFAULT_FOLDER}); a file you changed there is never "
                             f"overwritten")
    parser.add_argument("--no-open", action="store_true",
                        help="only copy the lessons; do not start JupyterLab")
    parser.add_argument("--no-solutions", action="store_true",
                        help="do not copy the worked answers (solutions/), e.g. on the "
                             "students' machines of a lab")


def run(args: argparse.Namespace, prog: str = "swkit lessons") -> int:
    """Carry out ``swkit lessons`` for parsed ``args``; return the exit status (2: bad input)."""
    try:
        report = copy_lessons(args.dir, solutions=not args.no_solutions)
        print("\n".join(report.lines()), flush=True)
        if args.no_open:
            print(f"Open them with: swkit lessons --dir {report.folder}")
            return 0
        return open_lab(report.folder)
    except LessonsError as exc:
        print(f"{prog}: error: {' '.join(str(exc).split())}", file=sys.stderr)
        return 2


def main(argv: list[str] | None = None) -> int:
    """``swkit lessons`` on its own (also ``python -m swkit.cli.lessons``)."""
    parser = argparse.ArgumentParser(prog="swkit lessons", description=__doc__.split("\n")[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
