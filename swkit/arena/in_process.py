"""A student's bot written as a function, played in this process: what a lesson notebook and
the browser site use (Pyodide starts no processes and no threads). Either game: the view is the
game's own (``game.view(seat)``: a card bot's holds no other hand and no deck order).

:class:`FunctionEntrant` calls ``choose(view)`` here, with a :class:`~swkit.arena.view.View`
built from plain data (the seat's view as JSON would carry it, never the game object), and the
same forfeits, in the same words, as a bot file in its own process
(:mod:`swkit.arena.bot_process`): ``choose`` raises (its name and message), calls ``exit()``,
returns a move that is not legal, or takes too long.

**Time is measured, not enforced.** A move that takes more than
:attr:`~swkit.arena.forfeits.Limits.move_seconds` (or a game's moves more than
:attr:`~swkit.arena.forfeits.Limits.game_seconds`) forfeits the game *once it returns*: in this
process there is no way to stop it sooner (an endless loop runs until the kernel is
interrupted or restarted). The memory and output limits need a process of their own and do not
apply here.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from swkit.arena.forfeits import Forfeit, Limits, legal_or_forfeit, raised
from swkit.arena.matches import Entrant
from swkit.arena.view import View, exception_words, exit_words, move_text
from swkit.errors import ConfigurationError

__all__ = ["FunctionEntrant", "plain_view"]


def plain_view(game: Any, seat: int) -> View:
    """The :class:`View` of ``seat`` in ``game``: its view's fields passed through JSON (as a
    bot in its own process receives them: lists, dicts, text and numbers; nothing that leads
    back to the game) and its legal moves as text."""
    fields = json.loads(json.dumps(game.view(seat).to_dict(), default=str))
    return View(fields, [str(action) for action in game.legal_actions()])


class FunctionEntrant(Entrant):
    """A ``choose(view)`` function as an arena entrant, played in this process (see the module
    docstring). ``name``: how results name it (default: the function's name, or "your bot" for
    ``choose`` and a lambda); ``limits``: only
    the two time limits apply. Raises ConfigurationError when ``choose`` is not callable."""

    def __init__(self, choose: Callable[[View], Any], name: str | None = None,
                 limits: Limits | None = None) -> None:
        if not callable(choose):
            raise ConfigurationError(f"a bot is a function choose(view) that returns a move, "
                                     f"got {type(choose).__name__}")
        self.choose = choose
        own = getattr(choose, "__name__", "")
        self.name = name or (own if own not in ("", "choose", "<lambda>") else "your bot")
        self.limits = limits or Limits()
        code = getattr(choose, "__code__", None)
        self._filename = getattr(code, "co_filename", "")
        self._game_seconds = 0.0

    def start_game(self, seat: int, seed: int) -> None:
        """A new game: its clock starts at 0."""
        self._game_seconds = 0.0

    def move(self, game: Any, seat: int) -> str:
        """``choose(view)`` for ``seat``'s view; raises :class:`Forfeit` when it raises, calls
        ``exit()``, took longer than the limits or returned no legal move. Ctrl-C (the
        kernel's interrupt) is not caught."""
        view = plain_view(game, seat)
        legal = list(view.legal_moves)
        start = time.perf_counter()
        try:
            move = self.choose(view)
        except SystemExit as exc:
            raise Forfeit(exit_words(exc.code)) from None
        except Exception as exc:  # noqa: BLE001 - a student's bot may raise anything
            raise raised(exception_words(exc, self._filename)) from None
        finally:
            took = time.perf_counter() - start
            self._game_seconds += took
        if took > self.limits.move_seconds:
            raise Forfeit(self.limits.words("move"))
        if self._game_seconds > self.limits.game_seconds:
            raise Forfeit(self.limits.words("game"))
        return legal_or_forfeit(move_text(move), legal)
