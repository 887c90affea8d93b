"""Bots play a whole game: the one loop of both games, and their bots by name.

:func:`play_out` plays any :class:`~swkit.state.GameState` to the end, one bot per seat, chance
from the game's own seeded stream. ``swkit play`` (:func:`swkit.cards.play.play_game`,
:func:`swkit.dice.play.play_game`) and the tournament (:func:`swkit.tournament.play_one`) all
play through it; a :class:`Watcher` records what a transcript needs as the game goes.

:func:`make_bot` builds a bot of either game by name, with its own random stream seeded from the
game's seed and its seat (:func:`swkit.state.substream_seed`), so a bot's choices never change
the deck or the dice:

>>> from swkit.dice.game import DiceGame
>>> game = play_out(DiceGame(2, seed=3), [make_bot("dice", "greedy", s, 3) for s in range(2)])
>>> game.is_terminal()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from swkit.errors import ConfigurationError
from swkit.state import CHANCE, TERMINAL, GameState

__all__ = ["GAMES", "Bot", "Watcher", "bot_names", "make_bot", "play_out"]

GAMES: tuple[str, ...] = ("dice", "cards")
"""The games :func:`make_bot` knows."""

G = TypeVar("G", bound=GameState)


class Bot(Protocol):
    """A seat's policy: ``choose(game)`` returns a legal action for the seat to move."""

    def choose(self, game: Any) -> Any:
        """The action to apply for the seat to move in ``game``."""
        ...


class Watcher(Protocol):
    """Sees every step of :func:`play_out` (for a record or a transcript).

    ``before(game, seat, action)`` is called just before a step is applied (``seat``: the seat
    moving, or ``CHANCE`` with ``action`` None) and returns a note; ``after(game, seat, step,
    note)`` just after (``step``: the action applied, or the chance outcome drawn).
    """

    def before(self, game: Any, seat: int, action: Any) -> Any:
        """A note taken before the step, handed back to :meth:`after`."""
        ...

    def after(self, game: Any, seat: int, step: Any, note: Any) -> None:
        """Record the step just applied."""
        ...


def play_out(game: G, bots: Sequence[Bot], watcher: Watcher | None = None) -> G:
    """Play ``game`` to the end: ``bots[s]`` chooses for seat ``s``, chance nodes are sampled
    from the game's own stream (``apply_chance()``). ``watcher`` (optional) sees each step.
    Returns the same game, now over. Errors from a bot or the game (IllegalActionError for an
    illegal choice) propagate, with the game left as it was before that step."""
    while True:
        seat = game.current_player()
        if seat == TERMINAL:
            return game
        if seat == CHANCE:
            if watcher is None:
                game.apply_chance()
                continue
            note = watcher.before(game, seat, None)
            step = game.apply_chance()
        else:
            step = bots[seat].choose(game)
            if watcher is None:
                game.apply(step)
                continue
            note = watcher.before(game, seat, step)
            game.apply(step)
        watcher.after(game, seat, step, note)


def bot_names(game: str) -> tuple[str, ...]:
    """The bot names ``game`` accepts: dice, the registry of :mod:`swkit.odds.dice_bots`
    (``greedy``, ``random``, ``points``, ``win``); cards, :data:`swkit.cards.bots.BOTS`
    (``random``, ``greedy``). Raises ConfigurationError for an unknown game."""
    if _game(game) == "dice":
        from swkit.odds.dice_bots import DICE_BOT_NAMES
        return DICE_BOT_NAMES
    from swkit.cards.bots import BOTS
    return tuple(BOTS)


def make_bot(game: str, name: Any, seat: int = 0, seed: int = 0) -> Any:
    """The bot ``name`` of ``game`` (``"dice"`` or ``"cards"``) for ``seat`` in a game seeded
    ``seed``; a bot already built (anything with ``choose``) is returned as is.

    Dice: any name of :func:`swkit.odds.dice_bots.dice_bot_factory` (case and spaces ignored),
    a :class:`~swkit.dice.bots.DiceBot` with stream ``substream_seed(seed, "dice-bot-<seat>")``;
    ConfigurationError for an unknown or unavailable name. Cards: ``"random"`` or ``"greedy"``
    (:func:`swkit.cards.bots.bot_factory`), a :class:`~swkit.cards.bots.Bot` with stream
    ``substream_seed(seed, "<name>-<seat>")``; ValueError for an unknown name. Raises
    ConfigurationError for an unknown game.
    """
    kind = _game(game)
    if not isinstance(name, str) and callable(getattr(name, "choose", None)):
        return name
    if kind == "dice":
        from swkit.odds.dice_bots import dice_bot_factory
        return dice_bot_factory(name)(seat, seed)
    from swkit.cards.bots import bot_factory
    return bot_factory(name)(seat, seed)


def _game(game: object) -> str:
    if game not in GAMES:
        raise ConfigurationError(f"unknown game {game!r}: choose dice or cards")
    return str(game)
