"""Games between entrants (built-in bots and students' bot files), in duplicate format.

**Duplicate** (as in duplicate bridge and the computer poker competition): a *pair* of games
with the same seed, the seats swapped. The dice a seat sees on its ``t``-th turn, ``r``-th
roll are fixed in advance by the seed, per seat, turn, roll and die (:func:`duplicate_faces`),
so whoever sits in seat 0 meets the same dice in both games of the pair, whatever either bot
keeps; luck cancels and the pair measures the bots. The game's own stream still settles a
Clubhouse roll-off (RULES.md §B5). A bot's own randomness lives in its own stream (a built-in
bot), its own process (a student's file) or Python's shared ``random`` (a student's function
in this process, :mod:`swkit.arena.in_process`), never in the dice's streams, so it never
moves the dice.

A game a bot forfeits (:class:`swkit.arena.bot_process.Forfeit`) ends there: the other seat
wins, and the result names the forfeit and its reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from swkit.arena.forfeits import Forfeit, Limits
from swkit.errors import ConfigurationError
from swkit.state import CHANCE, TERMINAL, substream_seed

__all__ = ["BuiltinEntrant", "Entrant", "FileEntrant", "GameResult", "duplicate_faces",
           "make_entrant", "play_dice", "play_pair"]


class Entrant:
    """A player of the arena: ``name`` (how results name it), ``start_game(seat, seed)`` before
    each game, ``move(game, seat)`` returns the move as text, ``close()`` at the end."""

    name = "entrant"

    def start_game(self, seat: int, seed: int) -> None:
        """Get ready to play ``seat`` of a game seeded ``seed``."""

    def move(self, game: Any, seat: int) -> str:
        """The move for ``seat`` in ``game`` (its turn), as text. Raises Forfeit."""
        raise NotImplementedError

    def close(self) -> None:
        """Free what the entrant holds (a student's process)."""


class BuiltinEntrant(Entrant):
    """A built-in bot by name (``random``, ``greedy``, ``points``...;
    :func:`swkit.runner.make_bot`), playing in this process with its own stream seeded from
    the game's seed and its seat."""

    def __init__(self, name: str) -> None:
        from swkit.odds.dice_bots import dice_bot_factory
        dice_bot_factory(name)   # unknown: ConfigurationError naming the bots there are
        self.name = name
        self._bot: Any = None

    def start_game(self, seat: int, seed: int) -> None:
        from swkit.runner import make_bot
        self._bot = make_bot("dice", self.name, seat, seed)

    def move(self, game: Any, seat: int) -> str:
        return str(self._bot.choose(game))


class FileEntrant(Entrant):
    """A student's bot file, in its own process (:class:`StudentBot`); it sees only its seat's
    view (``game.view(seat)``) and the legal moves as text."""

    def __init__(self, path: str, limits: Limits | None = None) -> None:
        from swkit.arena.bot_process import StudentBot  # processes: never in the browser
        self.bot = StudentBot(path, limits)
        self.name = self.bot.name

    def start_game(self, seat: int, seed: int) -> None:
        self.bot.new_game()

    def move(self, game: Any, seat: int) -> str:
        legal = [str(action) for action in game.legal_actions()]
        return self.bot.choose(game.view(seat).to_dict(), legal)

    def close(self) -> None:
        self.bot.close()


def make_entrant(text: str, limits: Limits | None = None) -> Entrant:
    """An entrant from a ``--bots`` entry: a path ending in ``.py`` is a student's bot file,
    anything else a built-in bot's name. Raises ConfigurationError for neither."""
    if text.lower().endswith(".py"):
        return FileEntrant(text, limits)
    return BuiltinEntrant(text.strip().lower())


@dataclass(frozen=True)
class GameResult:
    """One game: ``names`` by seat, ``winners`` (seats; several when a roll-off left a tie),
    ``scores`` by seat (points when it ended), ``forfeit``: ``(seat, reason)`` or None;
    ``rolls``: ``(seat, dice)`` after each roll of a turn, in order (the dice each seat saw)."""

    names: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    forfeit: tuple[int, str] | None = None
    rolls: tuple[tuple[int, tuple[str, ...]], ...] = ()


def duplicate_faces(seed: int, seat: int, turn: int, roll: int,
                    faces: Sequence[str]) -> tuple[str, ...]:
    """The five faces that ``seat`` sees on roll ``roll`` (1..3) of the game's turn ``turn``
    (0, 1, 2...: the game's count of turns, every seat's) of a duplicate game seeded ``seed``,
    one per die position: uniform and independent over ``faces``
    (the six faces of a die, RULES.md §B1), from the stream
    ``substream_seed(seed, "duplicate/<seat>/<turn>/<roll>")``. The rerolled dice take the
    faces of their positions (the game lays a forced roll out in its canonical order); a kept
    die keeps its own."""
    rng = random.Random(substream_seed(seed, f"duplicate/{seat}/{turn}/{roll}"))
    return tuple(rng.choice(faces) for _ in range(5))


def play_dice(entrants: Sequence[Entrant], seed: int, *, duplicate: bool = True) -> GameResult:
    """Play one two-player Clubhouse dice game, ``entrants[s]`` in seat ``s``, seeded ``seed``
    (dice from :func:`duplicate_faces` when ``duplicate``, else the game's stream). A bot that
    forfeits loses: the other seat wins, scores as they stood."""
    from swkit.dice.game import DiceGame

    if len(entrants) != 2:
        raise ConfigurationError(f"an arena game has 2 players, got {len(entrants)}")
    game = DiceGame(2, seed)
    names = tuple(e.name for e in entrants)
    rolls: list[tuple[int, tuple[str, ...]]] = []
    for seat, entrant in enumerate(entrants):
        entrant.start_game(seat, seed)
    while True:
        seat = game.current_player()
        if seat == TERMINAL:
            break
        if seat == CHANCE:
            if duplicate and game.phase == "roll":
                dice = duplicate_faces(seed, game.seat, game.turn, game.roll_number + 1,
                                       game.faces)
                game.apply_chance([f for f, kept in zip(dice, game.kept, strict=True) if not kept])
                rolls.append((game.seat, tuple(game.dice)))
            else:
                game.apply_chance()
            continue
        try:
            move = entrants[seat].move(game, seat)
        except Forfeit as forfeit:
            return GameResult(names, (1 - seat,), tuple(game.board.totals()),
                              (seat, forfeit.reason), tuple(rolls))
        game.apply(move)
    outcome = game.outcome()
    assert outcome is not None
    return GameResult(names, tuple(outcome.winners), tuple(outcome.scores), None, tuple(rolls))


def play_pair(first: Entrant, second: Entrant, seed: int) -> tuple[GameResult, GameResult]:
    """A duplicate pair: ``first`` in seat 0 then in seat 1, both games seeded ``seed``."""
    return play_dice([first, second], seed), play_dice([second, first], seed)
