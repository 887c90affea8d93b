"""Bots for Clubhouse dice (RULES.md section B): a random bot and a greedy bot.

Each bot has its own ``random.Random`` stream, seeded from the game's seed and its seat by
:func:`swkit.state.substream_seed`, separate from the game's stream of rolls, so a bot's choices
never change the dice. Ties are broken by the sorted order of the legal actions.

The greedy bot takes a fast path: it does not list every legal action, but it reads the counts
and spaces from the same rule functions (:func:`swkit.dice.scoring.count`, cached per dice
multiset by the game; :func:`swkit.dice.scoring.space_for`, tabulated per row state) and its
action is validated by :meth:`DiceGame.apply` like any other.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

from swkit.dice import scoring
from swkit.dice.board import SPACE_VALUES
from swkit.dice.faces import CLUBHOUSE
from swkit.dice.game import MAX_ROLLS, Action, DiceGame, canonical_action
from swkit.errors import ConfigurationError, IllegalActionError
from swkit.state import rng_from_json, rng_to_json, substream_seed

__all__ = ["BOTS", "DiceBot", "GreedyBot", "RandomBot", "bot_factory", "bot_from_dict",
           "make_bot"]


class DiceBot:
    """Base class: a bot plays one seat. ``seat``: its seat index; ``seed``: the game's seed.

    Its stream is ``random.Random(substream_seed(seed, "dice-bot-<seat>"))``.
    """

    name = "bot"

    def __init__(self, seat: int, seed: int = 0) -> None:
        self.seat = seat
        self.rng = random.Random(substream_seed(seed, f"dice-bot-{seat}"))

    def choose(self, game: DiceGame) -> Action:
        """The action this bot takes in ``game``, where it is this bot's seat to move.
        Raises IllegalActionError when it is not."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of this bot: its name, seat and stream state (see
        :func:`bot_from_dict`), so a saved game can resume with its bots."""
        return {"bot": self.name, "seat": self.seat, "rng": rng_to_json(self.rng)}

    def _check(self, game: DiceGame) -> None:
        if game.current_player() != self.seat:
            raise IllegalActionError(
                f"it is not player {self.seat}'s move (to move: {game.current_player()})")

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class RandomBot(DiceBot):
    """Picks uniformly among all legal actions (every keep and every score) from its stream."""

    name = "random"

    def choose(self, game: DiceGame) -> Action:
        """A uniformly random legal action of ``game`` (RULES.md §B3, §B4)."""
        self._check(game)
        return self.rng.choice(game.legal_actions())


class GreedyBot(DiceBot):
    """Chases one character at a time and scores the best space it can.

    For each character it has not scored it looks at the space a score would take now
    (``value``, via ``scoring.space_for``) and the best space still open in that row (``cap``):

    - it stops and scores when the best ``value`` already equals its row's ``cap`` (no reroll can
      do better there) or after the third roll;
    - otherwise it keeps the dice of the character with the highest (value, cap, count) plus every
      Clubhouse, and rerolls the rest;
    - it scores the character with the highest value, and among equal values the one with the
      lowest cap (wasting the row that can give least later).

    Remaining ties go to the first action in sorted order (rows in board order). It draws no
    randomness; its stream exists for the common bot interface.
    """

    name = "greedy"

    def choose(self, game: DiceGame) -> Action:
        """The greedy action in ``game`` (RULES.md §B3, §B4).

        Fast path: the spaces come from a table of :func:`scoring.space_for` indexed by the
        row's taken spaces (``Scoreboard.row_masks``) and the count, read with the counts
        of the dice showing (``DiceGame.roll_counts``).
        """
        if game.current_player() != self.seat:   # _check, inlined: this runs every move
            self._check(game)
        board = game.board
        counts = game.roll_counts
        masks = board.row_masks
        best_keep: tuple[int, int, int] = (-1, -1, -1)
        keep_char = ""
        best_score: tuple[int, int] = (-1, 0)
        score_char = ""
        for character in board.unscored(self.seat):
            n = counts[character]
            spaces = _SPACES[masks[character]]
            value = spaces[n]
            cap = spaces[scoring.TOP_SPACE]
            kk = (value, cap, n)
            if kk > best_keep:
                best_keep, keep_char = kk, character
            sk = (value, -cap)
            if sk > best_score:
                best_score, score_char = sk, character
        value, cap, _ = best_keep
        if game.roll_number >= MAX_ROLLS or value >= cap:
            return game.score_action(score_char)
        dice = game.dice
        kept = (keep_char,) * dice.count(keep_char) + (CLUBHOUSE,) * dice.count(CLUBHOUSE)
        return canonical_action(game.characters, "keep", kept)


_SPACES: list[tuple[int, ...]] = [
    tuple(scoring.space_for(n, {v for v in SPACE_VALUES if mask >> (v - 1) & 1})
          for n in range(scoring.TOP_SPACE + 1))
    for mask in range(1 << scoring.TOP_SPACE)]
"""``_SPACES[mask][count]``: ``scoring.space_for(count, taken)`` for the taken spaces ``mask``."""


BOTS: dict[str, Callable[[int, int], DiceBot]] = {"greedy": GreedyBot, "random": RandomBot}
"""The bots by name, for ``play_game`` and the CLI."""


def bot_factory(name: str) -> Callable[[int, int], DiceBot]:
    """The factory ``(seat, seed) -> DiceBot`` of this module's bot ``name`` (``"greedy"`` or
    ``"random"``, case ignored). Raises ConfigurationError for an unknown name.
    :func:`swkit.runner.make_bot` builds every bot of both games by name."""
    try:
        return BOTS[name.lower()]
    except (KeyError, AttributeError):
        raise ConfigurationError(
            f"unknown dice bot {name!r}: choose one of {', '.join(sorted(BOTS))}") from None


def make_bot(name: str, seat: int, seed: int = 0) -> DiceBot:
    """Deprecated (warns): use ``swkit.runner.make_bot("dice", name, seat, seed)``, which knows
    every dice bot and the card game's too. A bot by name (``"greedy"`` or ``"random"``) for
    ``seat`` in a game seeded ``seed``; raises ConfigurationError for an unknown name."""
    warnings.warn("swkit.dice.bots.make_bot(name, seat, seed) is deprecated: use "
                  "swkit.runner.make_bot('dice', name, seat, seed)", DeprecationWarning,
                  stacklevel=2)
    return bot_factory(name)(seat, seed)


def bot_from_dict(data: dict[str, Any]) -> DiceBot:
    """The inverse of :meth:`DiceBot.to_dict`. Raises ConfigurationError for an unknown bot."""
    bot = bot_factory(data["bot"])(data["seat"], 0)
    bot.rng = rng_from_json(data["rng"])
    return bot
