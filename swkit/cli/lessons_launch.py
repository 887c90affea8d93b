"""``swkit lessons``, the launch: JupyterLab on the working folder, at its first lesson.

JupyterLab is started with its own launcher (``python -m jupyter lab``) as a child process, and
the address printed is read from that server's runtime file (:func:`announce_when_ready`), so
two launches at once each print their own.
"""

from __future__ import annotations

import io
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
import urllib.request
import webbrowser
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO
from urllib.parse import quote

from swkit.cli.guard import INTERRUPTED, OutputError
from swkit.cli.lessons_copy import LessonsError
from swkit.errors import ConfigurationError
from swkit.files import read_bytes

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

START_LOCK = "swkit-lessons-start.lock"
"""The lock file (in Jupyter's runtime folder) that one ``swkit lessons`` holds from choosing
its port until its JupyterLab answers there. Jupyter Server tries a port, lets it go, and
takes it for good a moment later; two servers started together can both pick the same free
port, and the second then stops ("no available port could be found"). With the lock, a
second launch chooses its port once the first one's server holds its own."""

STOP_WAIT = 20.0
"""Seconds JupyterLab, asked to stop before it was ready (Ctrl-C), has to stop before it is
killed."""

STOPPED_BY_CTRL_C = 30.0
"""Seconds: JupyterLab stopping this soon after a Ctrl-C (it asks at the first and stops at
the second, or at "y") was stopped by it, and ``swkit lessons`` ends with exit status 130 (not
JupyterLab's own status for it, 254)."""

HELD_BYTES = 200_000
"""The most of JupyterLab's messages (stderr) kept while it starts (:class:`HeldMessages`):
the last ones, should it fail."""

START_LOCK_WAIT = 60.0
"""Seconds a launch waits for another launch's start (:data:`START_LOCK`) before it starts
anyway."""


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
    ``port`` is where JupyterLab starts looking: when it is taken by then, JupyterLab moves on
    to the next free port by itself, and :func:`wait_for_server` reads the port it really
    took from its runtime file (and checks that the server answering there is this one).
    JupyterLab logs only warnings and errors (:data:`LOG_LEVEL`), so the address stays in view,
    and fetches no news (the question whether to is turned off by :func:`lab_config`).
    The token is not on the command line (other users could read it): :func:`lab_config`
    writes it into a private config file (``IdentityProvider.token``). On POSIX the kernels
    talk to JupyterLab over IPC (Unix sockets in Jupyter's runtime folder), not TCP: no "Kernel
    is running over TCP without encryption" warning, and no port other users of the machine
    could listen on.
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


def answers_as(info: Mapping[str, Any]) -> bool:
    """Whether the server a runtime file ``info`` describes answers at its address with its
    token: ``GET <url>api/status`` with ``Authorization: token <token>`` returns 200. Another
    server on the same port refuses the token (403), so it is never taken for this one. No
    proxy is asked (the server is on this computer)."""
    url = info.get("url") if isinstance(info.get("url"), str) else None
    url = (url or f"http://localhost:{info['port']}/").rstrip("/") + "/api/status"
    headers = {"Authorization": f"token {info['token']}"} if info.get("token") else {}
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=2) as answer:
            return answer.status == 200
    except (OSError, ValueError):   # refused, not yet listening, or not an HTTP server
        return False


def wait_for_server(alive: Callable[[], bool], pid: int, token: str, where: Path, *,
                    wait: float = READY_WAIT, poll: float = 0.5) -> dict[str, Any] | None:
    """Wait until the server this launcher started (see :func:`find_server`) has written its
    runtime file and answers at its address with its token (:func:`answers_as`: Jupyter
    Server writes the file before it holds its port, so something else may be answering
    there); return the file's contents. Returns None when ``alive()`` turns False (the server
    stopped, e.g. it could not start) or after ``wait`` seconds."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and alive():
        info = find_server(where, pid, token)
        if info is not None and answers_as(info):
            return info
        time.sleep(poll)
    return None


def hold_start(where: Path, wait: float = START_LOCK_WAIT) -> Any:
    """The start lock (:data:`START_LOCK` in ``where``), held: a ``filelock.FileLock`` that
    any thread may release (releasing it twice is harmless). Waits up to ``wait`` seconds
    while another launch holds it; returns None (start anyway) when it cannot be had in that
    time or cannot be made (a runtime folder that cannot be written)."""
    import filelock
    lock = filelock.FileLock(str(where / START_LOCK), thread_local=False)
    try:
        where.mkdir(parents=True, exist_ok=True)
        lock.acquire(timeout=wait)
    except (filelock.Timeout, OSError):
        return None
    return lock


def announce_when_ready(alive: Callable[[], bool], pid: int, token: str, where: Path,
                        first: str | None, *, wait: float = READY_WAIT, poll: float = 0.5,
                        out: TextIO | None = None, err: TextIO | None = None,
                        browser: bool = True,
                        ready: Callable[[], None] | None = None) -> bool:
    """Print the address of the server this launcher started once it answers, read from that
    server's runtime file (its port, URL and token: :func:`wait_for_server`), and return True.
    ``browser``: whether JupyterLab was asked to open a browser (then the address is for when
    no page opened; without one, it is the page to open). When the server stops first, or has
    not answered after ``wait`` seconds, print one line saying so on ``err`` and return False.
    Never prints another server's address. ``ready``: called once the server answers, before
    the address is printed."""
    info = wait_for_server(alive, pid, token, where, wait=wait, poll=poll)
    if info is None:
        why = ("JupyterLab stopped before it was ready (its messages are above)" if not alive()
               else f"JupyterLab has not answered after {wait:.0f} s")
        print(f"swkit lessons: error: {why}: no address to open; run swkit lessons again",
              file=err or sys.stderr, flush=True)
        return False
    if ready is not None:
        ready()
    address = lab_address(info["port"], str(info.get("token") or token), first,
                          info.get("url") if isinstance(info.get("url"), str) else None)
    when = " if no page opened" if browser else ""
    print(f"\nJupyterLab is ready. Open this address in a browser on this computer{when}:"
          f"\n    {address}\n{STOP_LINE}", file=out or sys.stdout, flush=True)
    return True


class HeldMessages:
    """JupyterLab's messages (its stderr, a pipe) held back while it starts, then passed on.

    A thread reads ``pipe`` (bytes) until it ends. Until :meth:`release` the messages are
    kept (the last :data:`HELD_BYTES` of them); :meth:`release` writes them to ``to`` (a text
    stream; default ``sys.stderr`` at the time) and passes every later one on as it comes;
    :meth:`drop` forgets them and every later one. So a Ctrl-C before JupyterLab is ready,
    which JupyterLab gets too (the same process group) and answers with a Python traceback
    while it is still importing, shows nothing; a real failure shows its messages. A message
    that cannot be written (stderr closed) is dropped."""

    def __init__(self, pipe: Any, to: TextIO | None = None) -> None:
        self._pipe = pipe
        self._to = to
        self._held = bytearray()
        self._state = "hold"    # "hold", "pass" or "drop"
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _write(self, data: bytes) -> None:
        to = self._to or sys.stderr
        try:
            to.write(data.decode("utf-8", "replace"))
            to.flush()
        except (OSError, ValueError, AttributeError):
            pass

    def _read(self) -> None:
        while True:
            try:
                data = self._pipe.read1(65536) if hasattr(self._pipe, "read1") else b""
            except (OSError, ValueError):
                data = b""
            if not data:
                return
            with self._lock:
                if self._state == "hold":
                    self._held += data
                    del self._held[:-HELD_BYTES]
                elif self._state == "pass":
                    self._write(data)

    def release(self) -> None:
        """Write the messages held so far, and from now on pass each one on as it comes."""
        with self._lock:
            if self._state == "hold":
                self._write(bytes(self._held))
                self._held.clear()
                self._state = "pass"

    def drop(self) -> None:
        """Forget the messages held so far and every later one."""
        with self._lock:
            self._held.clear()
            self._state = "drop"

    def finish(self, wait: float = 5.0) -> None:
        """Wait up to ``wait`` seconds for the pipe to end (JupyterLab has stopped)."""
        self._reader.join(timeout=wait)


class _StoppedFirst(Exception):
    """Ctrl-C came as JupyterLab became ready: its address is not printed."""


def open_lab(folder: Path) -> int:
    """Run JupyterLab on ``folder`` at its first lesson until it stops; return its exit status.
    The address printed is read from the server this command started (never guessed: two
    launches at once each print their own). A stop request to this command (SIGTERM, or
    SIGHUP when its terminal closes) is passed on to JupyterLab, so that no server is left
    running without it. When the address cannot be written (the reader has gone: ``swkit
    lessons | head -3``; or any other failed write), JupyterLab is stopped and the
    :class:`~swkit.cli.guard.OutputError` is raised here, so the command ends as
    :mod:`swkit.cli.guard` says (exit status 1; no line for a reader that has gone).

    JupyterLab's messages are held while it starts (:class:`HeldMessages`): shown once it is
    ready, or above the line saying it stopped when it fails. Ctrl-C before it is ready stops
    it (SIGTERM; killed after :data:`STOP_WAIT` s) with none of its messages (JupyterLab gets
    the Ctrl-C too and, still importing, writes a traceback), prints one line on stderr saying
    the lessons are all in ``folder``, and returns :data:`~swkit.cli.guard.INTERRUPTED` (130);
    a second Ctrl-C changes nothing (from then on, to the end of the command, Ctrl-C is
    ignored: the command is ending). Once it is ready, Ctrl-C is JupyterLab's to answer (it
    asks, and stops at the second); when it then stops (within :data:`STOPPED_BY_CTRL_C` s
    of a Ctrl-C), the exit status is 130 too."""
    stop = threading.Event()     # Ctrl-C before JupyterLab was ready
    ready = threading.Event()
    turn = threading.Lock()      # ready, or stopped: never both
    started: list[subprocess.Popen[bytes]] = []

    def stop_it(child: subprocess.Popen[bytes]) -> None:
        child.terminate()
        killer = threading.Timer(STOP_WAIT, lambda: child.poll() is None and child.kill())
        killer.daemon = True
        killer.start()

    pressed: list[float] = []    # when Ctrl-C came once JupyterLab was ready

    def interrupted(_sig: int, _frame: object) -> None:
        with turn:
            if ready.is_set():   # JupyterLab got it too and decides itself
                pressed.append(time.monotonic())
                return
            if stop.is_set():
                return
            stop.set()
        for child in started:
            stop_it(child)

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        status = _run_lab(folder, stop, ready, turn, started, stop_it)
    finally:   # stopped: the command ends, and a second Ctrl-C changes nothing (not even
        # while Python shuts down, when it puts back the default for a handler of its own)
        signal.signal(signal.SIGINT, signal.SIG_IGN if stop.is_set() else previous)
    if status is None:
        print(f"swkit lessons: interrupted: JupyterLab was stopped before it was ready; the "
              f"lessons are all copied in {folder}", file=sys.stderr, flush=True)
        return INTERRUPTED
    if pressed and time.monotonic() - pressed[-1] <= STOPPED_BY_CTRL_C:
        return INTERRUPTED   # stopped with Ctrl-C, as the address's STOP_LINE says
    return status


def _run_lab(folder: Path, stop: threading.Event, ready: threading.Event,
             turn: threading.Lock, started: list[subprocess.Popen[bytes]],
             stop_it: Callable[[subprocess.Popen[bytes]], None]) -> int | None:
    """:func:`open_lab`'s run: JupyterLab's exit status, or None when ``stop`` (Ctrl-C) came
    before it was ``ready``. ``turn`` guards the two; the server started is put in
    ``started``; ``stop_it`` stops it."""
    first = first_lesson(folder)
    token = secrets.token_hex(24)
    browser = can_open_browser()
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
        if stop.is_set():
            return None
        starting = hold_start(where)   # until our server holds its port (two launches at once)
        try:
            if stop.is_set():
                return None
            port = free_port()
            command = jupyter_command(folder, first, port, browser=browser, root=is_root())
            child = subprocess.Popen(command, cwd=folder, env=env, stderr=subprocess.PIPE)
            started.append(child)
            if stop.is_set():   # Ctrl-C as it started
                stop_it(child)
            messages = HeldMessages(child.stderr)
            for name in ("SIGTERM", "SIGHUP"):          # SIGHUP: not on Windows
                if hasattr(signal, name):
                    signal.signal(getattr(signal, name), lambda _sig, _frame: child.terminate())

            gone: list[OutputError] = []   # the address could not be written
            failed: list[str] = []         # the line saying it stopped before it was ready

            def now_ready() -> None:
                with turn:
                    if stop.is_set():
                        raise _StoppedFirst
                    ready.set()
                messages.release()

            def announce() -> None:
                said = io.StringIO()
                try:
                    if announce_when_ready(lambda: child.poll() is None and not stop.is_set(),
                                           child.pid, token, where, first, browser=browser,
                                           err=said, ready=now_ready):
                        return
                    if child.poll() is None and not stop.is_set():   # not answering: it runs on
                        messages.release()
                        print(said.getvalue(), end="", file=sys.stderr, flush=True)
                    else:
                        failed.append(said.getvalue())
                except _StoppedFirst:
                    pass
                except (OutputError, OSError) as exc:   # the reader has gone (`| head`)
                    gone.append(exc if isinstance(exc, OutputError) else OutputError(exc))
                    child.terminate()   # nobody can read its address: stop it, as Ctrl-C would
                finally:
                    if starting is not None:
                        starting.release()

            announcer = threading.Thread(target=announce, daemon=True)
            announcer.start()
            status = child.wait()   # Ctrl-C: JupyterLab gets it too (see open_lab)
            announcer.join(timeout=5)  # its line on a server that stopped before it was ready
            if gone:   # swkit.cli.guard ends the command as for any output that cannot be written
                raise gone[0]
            if ready.is_set():
                messages.finish()
                return status
            if stop.is_set():
                messages.drop()
                return None
            messages.finish()
            messages.release()   # JupyterLab's own messages: why it stopped
            if failed:
                print(failed[0], end="", file=sys.stderr, flush=True)
            return status
        finally:
            if starting is not None:
                starting.release()
