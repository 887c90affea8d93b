"""The solo game of Clubhouse dice played optimally (RULES.md §B2, §B4).

One player, one turn per character (5 turns with 5 characters), the board empty at the start.
Each row receives only this player's one token, so no space is ever taken and a count ``x``
scores ``space_for(x, {})`` = ``min(x, 5)`` points. The future after a turn depends only on how
many characters are scored (the characters are interchangeable), so with ``u`` characters
unscored the game's value is

    S(u) = E[best points this turn, u characters unscored] + S(u - 1),   S(0) = 0,

where the first term is the expectimax of :func:`swkit.odds.dice.optimal_value` with the
``points`` objective and the scored characters' faces dead. The best action in any solo state is
the best keep for that objective (adding the constant S(u - 1) changes no choice).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel, KeepOption, Objective, keep_options, optimal_value


@lru_cache(maxsize=32)
def solo_turn_values(model: DiceModel | None = None) -> tuple[Fraction, ...]:
    """``values[u]``: the optimal expected points of one turn with ``u`` characters unscored
    (u = 0..characters; values[0] = 0), on the empty solo board. Exact Fractions (points)."""
    model = model or DiceModel()
    c = model.characters
    return (Fraction(0),) + tuple(
        optimal_value(model, Objective.points(scored=range(c - u))) for u in range(1, c + 1))


def solo_value(model: DiceModel | None = None, scored: int = 0) -> Fraction:
    """The optimal expected total points of the rest of the solo game, before a turn's first
    roll, with ``scored`` characters already scored (0: the whole game). Exact Fraction.

    Raises ConfigurationError if ``scored`` is outside 0..characters.
    """
    model = model or DiceModel()
    if not 0 <= scored <= model.characters:
        raise ConfigurationError(f"scored must be from 0 to {model.characters}, got {scored}")
    values = solo_turn_values(model)
    return sum(values[1:model.characters - scored + 1], Fraction(0))


def solo_expected(model: DiceModel | None = None) -> Fraction:
    """The solo game's optimal expected total (RULES.md §B2), an exact Fraction of points."""
    return solo_value(model, 0)


@dataclass(frozen=True)
class SoloAction:
    """The optimal action in a solo state and the values of every option.

    ``action``: ``"keep ..."``, ``"reroll all"``, ``"stop and score NAME"`` or ``"roll"``
    (before the first roll); ``value``: the expected total points of the rest of the game
    (this turn included) after the best action; ``options``: every distinct keep with its value
    on the same scale (empty before the first roll).
    """

    action: str
    value: Fraction
    options: tuple[KeepOption, ...]


def solo_action(dice: Sequence[int] | None, rolls_left: int | None = None,
                scored: Iterable[int] = (), model: DiceModel | None = None) -> SoloAction:
    """The optimal action of the solo game in the state (dice showing as a count vector or
    None before the first roll, rolls left, indices of scored characters).

    Values are the expected points of the rest of the game. Raises ConfigurationError when all
    characters are scored (the game is over) or for bad dice / rolls left.
    """
    model = model or DiceModel()
    done = frozenset(scored)
    if len(done) >= model.characters:
        raise ConfigurationError("every character is scored: the solo game is over")
    later = solo_value(model, len(done) + 1)
    obj = Objective.points(scored=done)
    if dice is None:
        return SoloAction("roll", optimal_value(model, obj, None, rolls_left) + later, ())
    opts = tuple(KeepOption(o.keep, o.reroll, o.value + later, o.counts, o.score)
                 for o in keep_options(model, obj, dice, rolls_left))
    return SoloAction(opts[0].describe(), opts[0].value, opts)
