"""The arena's rules for a student's bot and what breaking them costs, wherever the bot runs:
its :class:`Limits`, the :class:`Forfeit` (a lost game, with the reason in words) and the words
shared by a bot in its own process (:mod:`swkit.arena.bot_process`) and a bot in this one
(:mod:`swkit.arena.in_process`).

Only the standard library: the browser site's kernel imports it too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Forfeit", "Limits", "legal_or_forfeit", "raised"]


@dataclass(frozen=True)
class Limits:
    """A student bot's limits: seconds per move and per game (wall clock), bytes of memory
    (address space) and bytes of output (stdout and stderr together). A bot in this process
    (:mod:`swkit.arena.in_process`) keeps only the two time limits."""

    move_seconds: float = 2.0
    game_seconds: float = 60.0
    memory_bytes: int = 512 * 2**20
    output_bytes: int = 100_000

    def words(self, kind: str) -> str:
        """The limit of ``kind`` (``"move"``, ``"game"``, ``"memory"``, ``"output"``) in words."""
        if kind == "move":
            return f"took more than {self.move_seconds:g} s for one move"
        if kind == "game":
            return f"took more than {self.game_seconds:g} s in one game"
        if kind == "memory":
            return f"used more than {self.memory_bytes // 2**20} MB"
        return f"printed more than {self.output_bytes:,} bytes"


class Forfeit(Exception):
    """A bot lost the game by breaking a rule of the arena; ``reason`` says how, in words, and
    ``every_game`` is True when the bot cannot play at all (its file does not load)."""

    def __init__(self, reason: str, *, every_game: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.every_game = every_game


def raised(words: str) -> Forfeit:
    """The forfeit of a ``choose`` that raised; ``words``: ``"<ExceptionName>: <message>"``
    (:func:`swkit.arena.view.exception_words`)."""
    return Forfeit(f"choose(view) raised {words}")


def legal_or_forfeit(move: object, legal_moves: Sequence[str]) -> str:
    """``move`` when it is one of ``legal_moves`` (text); else raises :class:`Forfeit`
    ("returned 'score Nobody' which is not a legal move")."""
    if isinstance(move, str) and move in legal_moves:
        return move
    shown = move if isinstance(move, str) else repr(move)
    raise Forfeit(f"returned {shown[:80]!r} which is not a legal move")
