"""The conditions every ``swkit`` command runs under, handled once for all of them.

:func:`guarded` runs a command's whole body (parsing included) and turns what the terminal or
the shell does to it into an exit status and at most one line on stderr, never a traceback:

- **Ctrl-C** (SIGINT): the line says what was kept (``kept``), exit status 130 (128 + SIGINT,
  as a shell reports a command stopped by Ctrl-C);
- **an output that cannot be written**: stdout closed when the command starts (``swkit ...
  >&-``: refused before any work, as a file the command opened would otherwise take the
  closed descriptor's place), a full disk (``> /dev/full``) or any other failed write: one line
  and exit status 1, never 0 after a failed write; a reader that has gone (``swkit ... |
  head``, a broken pipe): no line, exit status 1, as Python's documentation recommends
  ("Note on SIGPIPE", :mod:`signal`);
- **an output encoding that cannot show a character** (``PYTHONIOENCODING=ascii``, an ASCII
  locale): the character is written as a backslash escape (``\\xa7``), before the arguments
  are parsed, so ``--help`` works too;
- **stderr closed** (``2>&-``): messages are dropped; the exit status still says what
  happened.

Every write to stdout goes through :class:`CheckedOutput`, which raises :class:`OutputError`
(not an OSError) when it fails, so that no handler of a command's own file errors (an OSError)
mistakes it for one of them.
"""

from __future__ import annotations

import codecs
import io
import os
import sys
from collections.abc import Callable
from typing import Any

__all__ = ["INTERRUPTED", "CheckedOutput", "OutputError", "guarded", "readable"]

INTERRUPTED = 130
"""The exit status after Ctrl-C: 128 + SIGINT (2), as shells report it."""

OUTPUT_FAILED = 1
"""The exit status when the output cannot be written."""


class OutputError(Exception):
    """Writing to stdout failed; ``error`` is the OSError the write raised."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error) or type(error).__name__)
        self.error = error


class CheckedOutput:
    """A text stream around ``stream`` (stdout) whose ``write`` and ``flush`` raise
    :class:`OutputError` instead of an OSError; everything else is the stream's own."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        """Write ``text``; raises OutputError when the stream cannot take it."""
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise OutputError(exc) from None

    def flush(self) -> None:
        """Flush the stream; raises OutputError when it cannot be written."""
        try:
            self._stream.flush()
        except OSError as exc:
            raise OutputError(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


SURROGATES_OR_BACKSLASH = "swkit-surrogateescape-or-backslashreplace"
"""The name of the error handler :func:`readable` gives a stream that had
``surrogateescape`` (Python's choice under the C or POSIX locale)."""


def _surrogates_or_backslash(error: UnicodeError) -> tuple[str | bytes, int]:
    """``surrogateescape`` where it applies (a file name's undecodable bytes go out as they
    came in), else ``backslashreplace`` (``§`` in an ASCII locale becomes ``\\xa7``)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    try:
        return codecs.lookup_error("surrogateescape")(error)
    except UnicodeError:
        return codecs.lookup_error("backslashreplace")(error)


codecs.register_error(SURROGATES_OR_BACKSLASH, _surrogates_or_backslash)


def readable(stream: Any) -> None:
    """Let ``stream`` print any text: a character its encoding cannot show (``§`` under
    ``PYTHONIOENCODING=ascii`` or the C locale, a folder name that is not UTF-8 under
    ``PYTHONIOENCODING=utf-8:strict``) is written as a backslash escape, as stderr already
    does, instead of stopping with UnicodeEncodeError; under ``surrogateescape`` (the C
    locale) undecodable bytes of a file name still go out as they came in. A stream that is
    not a ``TextIOWrapper`` (a test's capture) is left as it is."""
    if not isinstance(stream, io.TextIOWrapper):
        return
    if stream.errors == "strict":
        stream.reconfigure(errors="backslashreplace")
    elif stream.errors == "surrogateescape":
        stream.reconfigure(errors=SURROGATES_OR_BACKSLASH)


def _say(line: str) -> None:
    """``line`` on stderr, or nowhere when stderr is closed or cannot be written."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def _drop_stdout() -> None:
    """Point stdout's descriptor at the null device, so that Python's own flush at exit does
    not fail again (and print "Exception ignored")."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


def guarded(body: Callable[[], int], where: Callable[[], str],
            kept: Callable[[], str]) -> int:
    """Run ``body`` (a command: parse, work, print; returns its exit status) under the
    conditions of the module docstring, and return the exit status.

    ``where()``: the command's name for a message (``"swkit odds hand"``, as far as it was
    parsed); ``kept()``: after Ctrl-C, what was kept, e.g. ``"no answer; nothing was
    written"``. A ``SystemExit`` from ``body`` (argparse's ``--help``, ``--version`` and
    errors) is raised again once stdout is flushed (or, when that fails, becomes exit status
    1)."""
    if sys.stderr is None:   # started with stderr closed: messages go nowhere
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (for the run)
    if sys.stdout is None:   # started with stdout closed (`swkit ... >&-`)
        _say(f"{where()}: error: the output (stdout) is closed, so nothing could be shown: "
             "run the command with its output open, or send it to a file (> FILE)")
        return OUTPUT_FAILED
    readable(sys.stdout)
    original = sys.stdout
    sys.stdout = CheckedOutput(original)
    try:
        try:
            status = body()
        except SystemExit:
            sys.stdout.flush()
            raise
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        _say(f"{where()}: interrupted: {kept()}")
        return INTERRUPTED
    except OutputError as exc:
        sys.stdout = original
        _drop_stdout()
        if isinstance(exc.error, BrokenPipeError):
            return OUTPUT_FAILED   # the reader has gone (`| head`): it wanted no more
        _say(f"{where()}: error: cannot write the output (stdout): {exc}")
        return OUTPUT_FAILED
    finally:
        sys.stdout = original
