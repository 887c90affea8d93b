"""Dice bots that use the odds engine, and the registry of every dice bot by name.

:class:`PointsBot` plays the dice cup's hint: after each roll it takes the first choice of
:func:`swkit.odds.dice.keep_options` with ``Objective.points`` on the board as it stands (the
keep, or the stop and score, with the most expected points *this turn*, exact, RULES.md §C2).
It looks no further than the turn: it does not block and takes no risk because it is behind.

The bots of :mod:`swkit.dice.bots` stand below the odds engine and may not import it (the
one-way flow of DESIGN.md), so the bots that need the engine live here, and so does the
registry that knows them all:

- ``"greedy"``, ``"random"``: :mod:`swkit.dice.bots`;
- ``"points"``: :class:`PointsBot`;
- ``"win"``: ``swkit.odds.duel.WinBot`` (maximises P(win) in a 2-player game),
  imported only when asked for, so this module works before and without it.

Every factory is called as ``factory(seat, seed)`` and returns a
:class:`~swkit.dice.bots.DiceBot` (``choose(game)``, ``to_dict()``).
"""

from __future__ import annotations

import importlib
import warnings
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from swkit.dice.bots import BOTS as _BASE_BOTS
from swkit.dice.bots import DiceBot
from swkit.dice.game import MAX_ROLLS, Action, DiceGame, canonical_action
from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel, Objective, sub_multisets, turn_solution
from swkit.state import rng_from_json

__all__ = ["DICE_BOT_NAMES", "PointsBot", "available_dice_bots", "bot_from_dict", "check_win_bot",
           "dice_bot_factory", "make_dice_bot", "win_bot_refusal"]

LAZY_BOTS: dict[str, tuple[str, str]] = {"win": ("swkit.odds.duel", "WinBot")}
"""Bots built elsewhere, imported on first use: name -> (module, class)."""

DICE_BOT_NAMES: tuple[str, ...] = ("greedy", "random", "points", "win")
"""Every dice bot name the registry knows: the kit's first two bots, then those of the odds
engine (``"win"`` may not be installed)."""


class PointsBot(DiceBot):
    """Maximises this turn's expected points: the dice cup's hint, played.

    After each roll it asks :func:`~swkit.odds.dice.keep_options` for every keep of the dice
    showing with ``Objective.points(scored, taken)``: the characters this seat has scored and
    the numbered spaces other tokens hold, so a taken space pushes its value left as in play
    (RULES.md §B4). It takes the first option: the most expected points, ties to stopping,
    then to fewer dice rerolled (the order of ``keep_options``). A stop scores the option's
    character: the unscored one worth most now, the first in row order among equals. After the
    third roll it scores the same way. Exact: the values are Fractions, no sampling, so the bot
    draws no randomness (its stream exists for the common interface).
    """

    name = "points"

    def choose(self, game: DiceGame) -> Action:
        """The action with the most expected points this turn (RULES.md §B3, §B4, §C2).

        ``game``: a :class:`~swkit.dice.game.DiceGame` where this bot's seat is to move after a
        roll. Returns a keep or a score Action, legal in ``game``. Raises IllegalActionError
        when it is not this seat's move.

        Fast path, same choice as ``keep_options(...)[0]``: the engine's solution is asked for
        the board with its unscored rows relabelled in a canonical order (by their taken
        spaces), so boards that differ only by which character holds which tokens share one
        solve; the keeps are still tried in ``keep_options``' order on the real dice, and
        their exact integer values compared, so ties go the same way.
        """
        self._check(game)
        characters = game.characters
        model = _model(characters)
        board = game.board
        unscored = board.unscored(self.seat)
        left = MAX_ROLLS - game.roll_number
        if left > 0:
            keep = self._best_keep(game, model, unscored, left)
            if keep is not None:
                return canonical_action(characters, "keep", model.faces_of(keep))
        best, pick = -1, unscored[0]
        for character in unscored:  # the hint's stop: the most points, first in row order
            value = game.space_for(character)
            if value > best:
                best, pick = value, character
        return game.score_action(pick)

    @staticmethod
    def _best_keep(game: DiceGame, model: DiceModel, unscored: tuple[str, ...],
                   left: int) -> tuple[int, ...] | None:
        """The first keep of ``keep_options`` for the dice showing (a count vector), or None
        when stopping comes first."""
        characters = game.characters
        board = game.board
        taken = {c: board.taken(c) for c in unscored}
        canon = sorted(unscored, key=lambda c: (sorted(taken[c]), characters.index(c)))
        rest = [c for c in characters if c not in taken]
        perm = [characters.index(c) for c in canon + rest]  # canonical index -> real index
        m = len(canon)
        objective = Objective.points(range(m, len(characters)),
                                     {p: taken[c] for p, c in enumerate(canon) if taken[c]})
        dice = model.counts(game.dice)
        solve_id, layout, sol = _canonical_solution(model, objective)
        memo_key = (solve_id, tuple(perm), dice, left)
        if memo_key in _KEEPS:
            return _KEEPS[memo_key]
        tables = sol.tables

        def engine(counts: tuple[int, ...]) -> tuple[int, ...]:
            return layout.engine(tuple(counts[i] for i in perm) + (counts[-1],))

        sol.ensure(left)
        row = sol.W[left - 1]
        state = tables.state_index[engine(dice)]
        best_value, best_reroll, best = sol.f[state] * sol.base ** left, 0, None
        n = model.n
        for keep in sub_multisets(dice):
            reroll = n - sum(keep)
            if reroll == 0:
                continue  # stopping: the starting candidate
            value = row[tables.keep_index[engine(keep)]]
            if value > best_value or (value == best_value and reroll < best_reroll):
                best_value, best_reroll, best = value, reroll, keep
        if len(_KEEPS) >= 200_000:
            _KEEPS.clear()
        _KEEPS[memo_key] = best
        return best


_SOLVES: dict[tuple[DiceModel, Objective], tuple[int, Any, Any]] = {}
"""PointsBot's own references to the engine's solutions, by canonical objective, each with a
number (the engine's cache is cleared when full; these stay). A 2-player game has at most 462
canonical boards; with more players, more: the dict is emptied past 4096 entries."""

_KEEPS: dict[tuple[Any, ...], tuple[int, ...] | None] = {}
"""PointsBot's choices already made: (solution number, relabelling, dice, rolls left) -> the
keep (None: stop). Emptied past 200,000 entries, to bound its memory."""


def _canonical_solution(model: DiceModel, objective: Objective) -> tuple[int, Any, Any]:
    key = (model, objective)
    hit = _SOLVES.get(key)
    if hit is None:
        if len(_SOLVES) >= 4096:
            _SOLVES.clear()
            _KEEPS.clear()  # its solution numbers start again
        hit = _SOLVES[key] = (len(_SOLVES), *turn_solution(model, objective))
    return hit


@lru_cache(maxsize=16)
def _model(characters: tuple[str, ...]) -> DiceModel:
    return DiceModel(characters=len(characters), names=characters)


def dice_bot_factory(name: str) -> Callable[[int, int], DiceBot]:
    """The factory ``(seat, seed) -> DiceBot`` of the dice bot ``name`` (case and spaces
    ignored): ``"random"``, ``"greedy"``, ``"points"`` or ``"win"``.

    ``"win"`` imports ``swkit.odds.duel`` now. Raises ConfigurationError for an unknown name,
    listing the accepted ones, and for ``"win"`` when this install has no ``swkit.odds.duel``
    (one line saying so and naming the bots that are available).
    """
    key = name.strip().lower() if isinstance(name, str) else name
    if key in _BASE_BOTS:
        return _BASE_BOTS[key]
    if key == "points":
        return PointsBot
    if key in LAZY_BOTS:
        module, attr = LAZY_BOTS[key]
        try:
            factory = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError):
            raise ConfigurationError(
                f"dice bot {key!r} is not available in this install: it needs {module}.{attr}"
                f" (the exact two-player solve), which this version of swkit does "
                f"not have; choose one of {', '.join(available_dice_bots())}") from None
        return factory  # type: ignore[no-any-return]
    raise ConfigurationError(f"unknown dice bot {name!r}: choose one of "
                             f"{', '.join(DICE_BOT_NAMES)}")


def win_bot_refusal(players: int) -> str:
    """The one refusal of the win bot in a game that is not for 2 players (the dice cup, ``swkit
    play dice`` and ``swkit tournament`` say it in these words): ``players`` is the game's
    player count."""
    return (f"the win bot plays the two-player game only (its chances come from the exact "
            f"two-player solve); this game has {players} player{'' if players == 1 else 's'}: "
            "play with 2 players, or choose the greedy or points bot")


def check_win_bot(names: Sequence[object], players: int) -> None:
    """Raises ConfigurationError (:func:`win_bot_refusal`) when ``names`` (bot names, case and
    spaces ignored) hold ``"win"`` and the game does not have 2 players."""
    if players != 2 and any(isinstance(n, str) and n.strip().lower() == "win" for n in names):
        raise ConfigurationError(win_bot_refusal(players))


def available_dice_bots() -> tuple[str, ...]:
    """The registry's names whose bot can be built in this install (``"win"`` only when
    ``swkit.odds.duel.WinBot`` imports)."""
    names = []
    for name in DICE_BOT_NAMES:
        if name in LAZY_BOTS:
            module, attr = LAZY_BOTS[name]
            try:
                getattr(importlib.import_module(module), attr)
            except (ImportError, AttributeError):
                continue
        names.append(name)
    return tuple(names)


def make_dice_bot(name: str, seat: int, seed: int = 0) -> DiceBot:
    """Deprecated (warns): use ``swkit.runner.make_bot("dice", name, seat, seed)``, one
    function for the bots of both games. The dice bot ``name`` for ``seat`` in a game seeded
    ``seed`` (see :func:`dice_bot_factory` for the names and the errors)."""
    warnings.warn("swkit.odds.dice_bots.make_dice_bot(name, seat, seed) is deprecated: use "
                  "swkit.runner.make_bot('dice', name, seat, seed)", DeprecationWarning,
                  stacklevel=2)
    return dice_bot_factory(name)(seat, seed)


def bot_from_dict(data: dict[str, Any]) -> DiceBot:
    """The inverse of :meth:`DiceBot.to_dict` for every bot of the registry. Raises
    ConfigurationError for an unknown or unavailable bot."""
    bot = dice_bot_factory(data["bot"])(data["seat"], 0)
    bot.rng = rng_from_json(data["rng"])
    return bot
