"""The Powers (RULES.md §A7): one module per effect primitive, each the one home of its rule.

=====================  ==========================  ===============================
module                 primitives                  step of its own (phase)
=====================  ==========================  ===============================
:mod:`.wild`           wild_color, wild_number     none: Score follows
:mod:`.play_from_discard`  play_from_discard       ``power_discard``
:mod:`.extra_play`     extra_play                  ``power_play``
:mod:`.extra_draw`     extra_draw (Power 7)        ``power_draw`` (chance)
:mod:`.take_from_discard`  take_from_discard       none: Score follows
:mod:`.swap`           swap                        ``power_swap``
:mod:`.passing`        pass                        ``pass``
=====================  ==========================  ===============================

Each module owns when its Power can be used (``refusal(power, table)``: a
:class:`~swkit.cards.powers.base.Refusal` or None; :func:`refusal_words` makes the words), its
effect when used (``use(turn, power)``) and, with a step of its own, ``PHASE``, ``STEP`` (how
the step is named in words), its moves (``moves(turn)``), a move's effect (``do(turn, move)``)
and why an action is not one of its moves (``why_not``). ``EVENTS`` names the events of the
turn record it writes. The game (:mod:`swkit.cards.game`) and the odds engine
(:mod:`swkit.odds.cards`: ``odds_plays``, ``odds_take``, ``odds_swaps``, ``odds_draws``)
both use these modules.
"""

from __future__ import annotations

from types import ModuleType

from swkit.cards.editions import Power
from swkit.cards.powers import (
    extra_draw,
    extra_play,
    passing,
    play_from_discard,
    swap,
    take_from_discard,
    wild,
)
from swkit.cards.powers.base import Refusal, Table, Turn, refusal_words

__all__ = ["BY_EFFECT", "BY_MOVE", "BY_PHASE", "EVENTS", "STEPS", "Refusal", "Table",
           "Turn", "refusal", "refusal_words", "use"]

_MODULES: tuple[ModuleType, ...] = (wild, play_from_discard, extra_play, extra_draw,
                                    take_from_discard, swap, passing)

BY_EFFECT: dict[str, ModuleType] = {e: m for m in _MODULES for e in m.EFFECTS}
"""Effect primitive -> the module of its rule."""

_STEP_ORDER = (extra_play, play_from_discard, extra_draw, swap, passing)

BY_PHASE: dict[str, ModuleType] = {m.PHASE: m for m in _STEP_ORDER}
"""The phase of a Power's own step -> the module of its rule, in the order the game lists the
phases."""

STEPS: dict[str, str] = {m.PHASE: m.STEP for m in _STEP_ORDER}
"""The phase of a Power's own step -> how the step is named in words."""

BY_MOVE: dict[str, ModuleType] = {"extra_play": extra_play,
                                  "play_from_discard": play_from_discard,
                                  "swap": swap, "pass": passing}
"""The kind of a Power's move (its first item) -> the module that applies it."""

EVENTS: dict[str, str] = {name: words for m in (extra_draw, extra_play, play_from_discard,
                                                take_from_discard, swap, passing)
                          for name, words in m.EVENTS.items()}
"""The events a Power writes in the turn record -> their fields, in words."""


def refusal(power: Power, table: Table) -> Refusal | None:
    """Why using ``power`` at ``table`` can change nothing (RULES.md §A7 decisions: a Power
    may be used only if it can change something), or None when it can."""
    module = BY_EFFECT.get(power.effect)
    if module is None:
        return Refusal.UNKNOWN_EFFECT
    return module.refusal(power, table)


def use(turn: Turn, power: Power) -> None:
    """The effect of using ``power`` in ``turn`` (its step begins, or Score follows)."""
    BY_EFFECT[power.effect].use(turn, power)
