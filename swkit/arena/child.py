"""The process a student's bot runs in: ``python -m swkit.arena.child --fd N --bot FILE ...``.

It is started by :class:`swkit.arena.bot_process.StudentBot` and talks to it over the socket
``N`` (a socketpair end the parent passed down), in messages framed by
:mod:`swkit.arena.protocol`. Before loading the bot it sets its own limits (POSIX rlimits):
the address space (``--memory`` bytes: past it an allocation raises MemoryError) and the size
of any file it writes (``--output`` bytes: its stdout and stderr go to a file the parent
gave, and a write past the cap ends the process with SIGXFSZ). Then it loads the bot file
(:func:`load_bot`) and answers each view with a move.

Messages (JSON objects): the child first sends ``{"ready": true}`` or
``{"load_failed": "<words>"}``; then for each ``{"view": {...}, "legal_moves": [...]}`` it
sends ``{"move": "<text>"}``, or ``{"error": "<ExceptionName>: <message>"}`` when ``choose``
raised, or ``{"memory": true}`` when it ran out of memory. ``{"stop": true}`` ends it.

The child never holds a game object: only the seat's view, as plain data. It imports nothing
of swkit but the framing and the view (a bot may import swkit itself, for exact odds). It ends
itself once the process that started it is gone (:func:`watch_parent`), so a looping bot never
outlives its tournament.
"""

from __future__ import annotations

import argparse
import os
import runpy
import signal
import socket
import sys
import threading
import time
from typing import Any

from swkit.arena.protocol import receive, send
from swkit.arena.view import View, exception_words, exit_words, move_text

__all__ = ["PARENT_CHECK_SECONDS", "View", "load_bot", "main", "watch_parent"]


_BOT_FILE = [""]


def _words(exc: BaseException) -> str:
    """``"<ExceptionName>: <message>"`` with the line of the bot file where it happened."""
    return exception_words(exc, _BOT_FILE[0])


def load_bot(path: str) -> Any:
    """Run the bot file ``path`` and return its ``choose`` function. Raises LookupError when
    the file defines no callable ``choose``; whatever running the file raises (SyntaxError,
    ImportError...) otherwise."""
    _BOT_FILE[0] = os.path.abspath(path)
    namespace = runpy.run_path(path, run_name="student_bot")
    choose = namespace.get("choose")
    if not callable(choose):
        raise LookupError(f"{os.path.basename(path)} has no function choose(view)")
    return choose


def _limit(memory: int, output: int) -> None:
    """Set the address-space and file-size limits (POSIX only; elsewhere nothing)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows: no rlimits (the guide says so)
        return
    if memory > 0:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    if output > 0:
        resource.setrlimit(resource.RLIMIT_FSIZE, (output, output))


def serve(connection: socket.socket, choose: Any) -> None:
    """Answer views with moves until told to stop or the parent goes."""
    while True:
        message = receive(connection)
        if message is None or message.get("stop"):
            return
        view = View(message["view"], message["legal_moves"])
        try:
            reply: dict[str, Any] = {"move": move_text(choose(view))}
        except MemoryError:
            reply = {"memory": True}
        except SystemExit as exc:
            reply = {"exited": exit_words(exc.code)}
        except BaseException as exc:  # noqa: BLE001 - a student's bot may raise anything
            reply = {"error": _words(exc)}
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        send(connection, reply)
        if "exited" in reply:
            return


PARENT_CHECK_SECONDS = 0.5
"""How often the child looks whether the process that started it is still there."""


def watch_parent(parent: int, every: float = PARENT_CHECK_SECONDS) -> threading.Thread:
    """Start a daemon thread that ends this process (SIGKILL) once its parent process
    ``parent`` is gone (its parent pid changes: the game's process was ended at a Ctrl-C, or
    killed), so a bot in an endless loop never runs on after its tournament; returns it."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os.kill(os.getpid(), signal.SIGKILL)  # at once: the bot's code may hold anything
    thread = threading.Thread(target=watch, name="swkit-watch-parent", daemon=True)
    thread.start()
    return thread


def main(argv: list[str] | None = None) -> int:
    """The child's entry point (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="swkit.arena.child")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--bot", required=True)
    parser.add_argument("--memory", type=int, default=0)
    parser.add_argument("--output", type=int, default=0)
    args = parser.parse_args(argv)
    watch_parent(os.getppid())
    connection = socket.socket(fileno=args.fd)
    _limit(args.memory, args.output)
    sys.path.insert(0, os.path.dirname(os.path.abspath(args.bot)))  # its own helper modules
    try:
        choose = load_bot(args.bot)
    except MemoryError:
        send(connection, {"load_failed": "it ran out of memory while loading"})
        return 1
    except SystemExit as exc:
        send(connection, {"load_failed": f"the file called exit({exc.code!r}) while loading"})
        return 1
    except BaseException as exc:  # noqa: BLE001 - whatever the file does when it runs
        send(connection, {"load_failed": _words(exc) if not isinstance(exc, LookupError)
                          else str(exc)})
        return 1
    send(connection, {"ready": True})
    serve(connection, choose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
