"""What a student's bot gets and gives, wherever it runs (its own process or this one): the
:class:`View` its ``choose(view)`` receives, the move it returns as text (:func:`move_text`),
and what it did wrong in words (:func:`exception_words`, :func:`exit_words`).

Only the standard library: the browser site's kernel imports it too.
"""

from __future__ import annotations

import traceback
from typing import Any

__all__ = ["View", "exception_words", "exit_words", "move_text"]


class View:
    """What a seat may see, given to ``choose(view)``: every field of the game's view as an
    attribute (dice: ``view.dice``, ``view.board``, ``view.unscored``...; cards: ``view.hand``,
    ``view.tableaux``, ``view.discard``, ``view.deck_size``, ``view.phase``..., never another
    hand or the deck's order), and ``view.legal_moves``, the moves ``choose`` may return,
    written as the command line writes them (``"keep Mickey Mickey"``, ``"score Goofy"``,
    ``"play R7"``). ``view.to_dict()`` gives the fields as a dict."""

    def __init__(self, fields: dict[str, Any], legal_moves: list[str]) -> None:
        self.__dict__.update(fields)
        self.legal_moves = tuple(legal_moves)

    def to_dict(self) -> dict[str, Any]:
        """The view's fields as a dict (``legal_moves`` as a list)."""
        data = dict(self.__dict__)
        data["legal_moves"] = list(self.legal_moves)
        return data

    def __repr__(self) -> str:
        shown = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items() if k != "history")
        return f"View({shown})"


def move_text(move: Any) -> str:
    """What ``choose`` returned, as the text of a move: a text as it is, an action its
    ``.text``, anything else its ``repr`` (which is then no legal move)."""
    if isinstance(move, str):
        return move
    if hasattr(move, "text"):
        return str(move.text)
    return repr(move)


def exception_words(exc: BaseException, filename: str = "") -> str:
    """``"<ExceptionName>: <message>"``, with the line of ``filename`` (the bot's file) where it
    happened when the traceback passes through it; at most 500 characters."""
    text = f"{type(exc).__name__}: {exc}".strip().rstrip(":")
    if isinstance(exc, SyntaxError) and exc.lineno:
        return f"{text.split(' (')[0]} (line {exc.lineno})"
    frames = traceback.extract_tb(exc.__traceback__)
    lines = [f for f in frames if filename and f.filename == filename]
    if lines:
        text += f" (line {lines[-1].lineno})"
    return text[:500]


def exit_words(code: Any) -> str:
    """Why a bot that called ``exit(code)`` (or ``sys.exit``) forfeits, in words."""
    return f"the bot called exit({code!r})"
