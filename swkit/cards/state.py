"""The state of a game of Something Wild! (RULES.md §A): what is on the table, with no rules in it.

:class:`Phase` names the phases of a turn (:mod:`swkit.cards.phases` says who moves in each and
its actions).
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase"]


class Phase(StrEnum):
    """A phase of a turn, in order (RULES.md §A3; the table of :mod:`swkit.cards.phases`).

    Each member is its text (``Phase.PLAY == "play"``, ``str(Phase.PLAY) == "play"``) and its
    ``repr`` is the text's (``'play'``), so a save, a transcript, a JSON output or a message
    that shows a phase reads as the text does. ``Phase("play")`` reads a phase's text; a text
    that is no phase raises ValueError."""

    DRAW = "draw"
    PLAY = "play"
    FIGURE = "figure"
    POWER = "power"
    POWER_PLAY = "power_play"
    POWER_DISCARD = "power_discard"
    POWER_DRAW = "power_draw"
    POWER_SWAP = "power_swap"
    PASS = "pass"
    SCORE = "score"
    DISCARD = "discard"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self._value_)
