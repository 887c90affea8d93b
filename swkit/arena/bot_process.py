"""A student's bot in a process of its own, with limits, and the forfeits when it breaks them.

:class:`StudentBot` starts ``python -m swkit.arena.child`` for one bot file and asks it for a
move by sending the seat's view (plain data, never the game object) and the legal moves as
text. A bot **forfeits** (:class:`Forfeit`, with the reason in words) when:

- its file does not load: a syntax error, an import that fails, no ``choose`` (every game);
- ``choose`` raises (the exception's name and message), or calls ``exit()``;
- a move takes more than :attr:`Limits.move_seconds` (default 2 s), or its moves in one game
  more than :attr:`Limits.game_seconds`: the process is stopped;
- it uses more than :attr:`Limits.memory_bytes` (default 512 MB; an allocation past it fails);
- it prints more than :attr:`Limits.output_bytes` (its stdout and stderr go to a file whose
  size is capped, and are never shown in the terminal);
- its process ends by itself (a crash);
- it returns a move that is not legal (``"returned 'score Nobody' which is not a legal move"``).

After a forfeit the process is stopped and a fresh one is started for the next game (unless the
file did not load). What this is **not**: a sandbox. A bot runs as the teacher's user: it can
read what the teacher can read and reach the network. On Windows there are no rlimits: only the
time limits and the forfeits hold there (docs/DECISIONS.md, "Students' bots").
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from swkit.arena.forfeits import Forfeit, Limits, legal_or_forfeit, raised
from swkit.arena.protocol import ProtocolError, receive, send
from swkit.errors import ConfigurationError

__all__ = ["Forfeit", "Limits", "StudentBot"]

START_SECONDS = 30.0
"""How long a bot's process may take to start and load its file (imports included)."""


class StudentBot:
    """One student's bot file, played in its own process (see the module docstring).

    ``path``: the bot file (``.py``); ``limits``: :class:`Limits`. Use :meth:`choose` for each
    move, :meth:`new_game` between games, :meth:`close` (or ``with``) at the end. Raises
    ConfigurationError when ``path`` is not a readable file."""

    def __init__(self, path: str | os.PathLike[str], limits: Limits | None = None) -> None:
        self.path = Path(path).absolute()
        if not self.path.is_file():
            raise ConfigurationError(f"bot file {str(path)!r} is not a file: give a .py file "
                                     f"that defines choose(view)")
        self.name = self.path.stem
        self.limits = limits or Limits()
        self.load_error: str | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._connection: socket.socket | None = None
        self._output: Any = None
        self._game_seconds = 0.0

    # --- the process -----------------------------------------------------------------------

    def _start(self) -> None:
        if self.load_error is not None:
            raise Forfeit(self.load_error, every_game=True)
        parent, child = socket.socketpair()
        self._output = tempfile.TemporaryFile(prefix="swkit-bot-")  # noqa: SIM115 (closed in _stop)
        command = [sys.executable, "-m", "swkit.arena.child", "--fd", str(child.fileno()),
                   "--bot", str(self.path), "--memory", str(self.limits.memory_bytes),
                   "--output", str(self.limits.output_bytes)]
        env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", PYTHONUNBUFFERED="1")
        try:
            self._process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=self._output, stderr=self._output,
                pass_fds=(child.fileno(),), cwd=self.path.parent, env=env,
                start_new_session=True)
        finally:
            child.close()
        self._connection = parent
        parent.settimeout(START_SECONDS)
        try:
            message = receive(parent)
        except (TimeoutError, OSError, ProtocolError):
            message = None
        if message is not None and message.get("ready"):
            return
        reason = self._ended_why() if message is None else str(
            message.get("load_failed", "it sent something that is not a move"))
        self.load_error = f"its file did not load: {reason}"
        self._stop()
        raise Forfeit(self.load_error, every_game=True)

    def _stop(self) -> None:
        """Stop the process (if any) and forget it."""
        if self._connection is not None:
            with contextlib.suppress(OSError):
                send(self._connection, {"stop": True})
            self._connection.close()
            self._connection = None
        if self._process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._process.wait(0.2)
            if self._process.poll() is None:
                self._process.kill()
                self._process.wait()
            self._process = None
        if self._output is not None:
            self._output.close()
            self._output = None

    def _printed(self) -> int:
        try:
            return os.fstat(self._output.fileno()).st_size if self._output else 0
        except OSError:
            return 0

    def _ended_why(self) -> str:
        """Why the process ended (or stopped answering) by itself, in words."""
        process = self._process
        code = None
        if process is not None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                code = process.wait(1.0)
        if self._printed() >= self.limits.output_bytes:
            return self.limits.words("output")
        if code is not None and code < 0:
            import signal
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            if name == "SIGXFSZ":
                return self.limits.words("output")
            return f"its process was stopped by {name}"
        if code is not None:
            return f"its process ended (exit status {code})"
        return "its process stopped answering"

    # --- moves ------------------------------------------------------------------------------

    def load(self) -> None:
        """Start the bot's process (load its file) unless it is running. Raises
        :class:`Forfeit` (``every_game``) when the file does not load (again at every call,
        without trying again)."""
        if self._process is None:
            self._start()

    def new_game(self) -> None:
        """Start a new game's clock (the per-game time limit)."""
        self._game_seconds = 0.0

    def choose(self, view: dict[str, Any], legal_moves: list[str]) -> str:
        """The bot's move for the seat's ``view`` (plain JSON-ready data) among ``legal_moves``
        (text). Raises :class:`Forfeit` with the reason when the bot breaks a rule; its process
        is then stopped (a new one starts at the next call)."""
        if self._process is None:
            self._start()
        assert self._connection is not None
        left = min(self.limits.move_seconds, self.limits.game_seconds - self._game_seconds)
        start = time.monotonic()
        try:
            send(self._connection, {"view": view, "legal_moves": legal_moves})
            self._connection.settimeout(max(left, 0.001))
            reply = receive(self._connection)
        except TimeoutError:
            self._stop()
            kind = "move" if left >= self.limits.move_seconds else "game"
            raise Forfeit(self.limits.words(kind)) from None
        except ProtocolError as exc:
            self._stop()
            raise Forfeit(f"it sent something that is not a move ({exc})") from None
        except OSError:
            reply = None
        self._game_seconds += time.monotonic() - start
        if reply is None:
            reason = self._ended_why()
            self._stop()
            raise Forfeit(reason)
        if self._printed() >= self.limits.output_bytes:
            self._stop()
            raise Forfeit(self.limits.words("output"))
        if "memory" in reply:
            self._stop()
            raise Forfeit(self.limits.words("memory"))
        if "error" in reply:
            self._stop()
            raise raised(str(reply["error"]))
        if "exited" in reply:
            self._stop()
            raise Forfeit(str(reply["exited"]))
        return legal_or_forfeit(reply.get("move"), legal_moves)

    def output(self, limit: int = 2000) -> str:
        """What the bot printed so far in this process (at most ``limit`` characters)."""
        if self._output is None:
            return ""
        self._output.seek(0)
        return self._output.read(limit).decode("utf-8", "replace")

    def close(self) -> None:
        """Stop the bot's process."""
        self._stop()

    def __enter__(self) -> StudentBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
