"""Games between entrants (built-in bots and students' bot files), in duplicate format, of
either game: Clubhouse dice (``"dice"``) or Something Wild! cards (``"cards"``).

**Duplicate** (as in duplicate bridge and the computer poker competition): a *pair* of games
with the same seed, the seats swapped (:func:`play_pair`), so whoever sits in a seat meets
that seat's luck in both games of the pair; luck cancels and the pair measures the bots.

- Dice: the dice a seat sees on its ``t``-th turn, ``r``-th roll are fixed in advance by the
  seed, per seat, turn, roll and die (:func:`duplicate_faces`), whatever either bot keeps. The
  game's own stream still settles a Clubhouse roll-off (RULES.md §B5).
- Cards: the seed deals the Power piles, the hands and the deck (RULES.md §A2), the same in
  both games. Then the deck is shared out as it would reach the seats if every turn drew one
  card (:class:`DuplicateDeck`: seat 0 the top card, seat 1 the next, and so on), and each
  seat draws its own cards in that order, so a seat's draws are the same cards in both games
  even when a Power (draw two cards) or a shorter turn changes how many cards each seat
  draws. Only two things can break that, both written in docs/DECISIONS.md: a seat that has
  drawn all its own cards draws the other seat's last one, and a deck refilled from the
  discard pile (whose cards depend on the play) is shared out again.

A bot's own randomness lives in its own stream (a built-in bot), its own process (a student's
file) or Python's shared ``random`` (a student's function in this process,
:mod:`swkit.arena.in_process`), never in the streams of the dice or the deck, so it never
moves them.

A game a bot forfeits (:class:`swkit.arena.bot_process.Forfeit`) ends there: the other seat
wins, and the result names the forfeit and its reason.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from swkit.arena.forfeits import Forfeit, Limits
from swkit.errors import ConfigurationError
from swkit.state import CHANCE, TERMINAL, substream_seed

__all__ = ["ARENA_GAMES", "BuiltinEntrant", "DuplicateDeck", "Entrant", "FileEntrant",
           "GameResult", "check_game", "duplicate_faces", "make_entrant", "play_cards",
           "play_dice", "play_game", "play_pair", "win_share"]

ARENA_GAMES: tuple[str, ...] = ("dice", "cards")
"""The games the arena plays: Clubhouse dice and Something Wild! cards."""

GAME_WORDS = {"dice": "Clubhouse dice", "cards": "Something Wild!"}
"""Each game's name in words."""

LUCK_WORDS = {"dice": "the same dice", "cards": "the same deal"}
"""What a duplicate pair shares, in words, per game."""

OWN_LUCK_WORDS = {"dice": "dice of their own", "cards": "a deal of their own"}
"""What an unpaired game has, in words, per game."""


def check_game(game: object) -> str:
    """``game`` when it is one of :data:`ARENA_GAMES`; raises ConfigurationError naming it and
    the accepted games otherwise."""
    if game not in ARENA_GAMES:
        raise ConfigurationError(f"unknown game {game!r}: choose dice or cards")
    return str(game)


class Entrant:
    """A player of the arena: ``name`` (how results name it), ``start_game(seat, seed)`` before
    each game, ``move(game, seat)`` returns the move as text, ``close()`` at the end."""

    name = "entrant"

    def start_game(self, seat: int, seed: int) -> None:
        """Get ready to play ``seat`` of a game seeded ``seed``. Raises Forfeit (with
        ``every_game``) when the entrant cannot play at all: its file does not load."""

    def move(self, game: Any, seat: int) -> str:
        """The move for ``seat`` in ``game`` (its turn), as text. Raises Forfeit."""
        raise NotImplementedError

    def close(self) -> None:
        """Free what the entrant holds (a student's process)."""


class BuiltinEntrant(Entrant):
    """A built-in bot of ``game`` by name (dice: ``random``, ``greedy``, ``points``, ``win``;
    cards: ``random``, ``greedy``; :func:`swkit.runner.make_bot`), playing in this process
    with its own stream seeded from the game's seed and its seat. Raises ConfigurationError
    for an unknown game or name, naming the bots there are."""

    def __init__(self, name: str, game: str = "dice") -> None:
        self.game = check_game(game)
        if game == "dice":
            from swkit.odds.dice_bots import dice_bot_factory
            dice_bot_factory(name)   # unknown: ConfigurationError naming the bots there are
        else:
            from swkit.runner import bot_names
            if name not in bot_names(game):
                raise ConfigurationError(f"unknown card bot {name!r}: choose one of "
                                         f"{', '.join(bot_names(game))}")
        self.name = name
        self._bot: Any = None

    def start_game(self, seat: int, seed: int) -> None:
        from swkit.runner import make_bot
        self._bot = make_bot(self.game, self.name, seat, seed)

    def move(self, game: Any, seat: int) -> str:
        return str(self._bot.choose(game))


class FileEntrant(Entrant):
    """A student's bot file, in its own process (:class:`StudentBot`), for either game; it sees
    only its seat's view (``game.view(seat).to_dict()``: in the card game no other hand and no
    deck order) and the legal moves as text (``str(action)``, as the command line writes
    them)."""

    def __init__(self, path: str, limits: Limits | None = None) -> None:
        from swkit.arena.bot_process import StudentBot  # processes: never in the browser
        self.bot = StudentBot(path, limits)
        self.name = self.bot.name

    def start_game(self, seat: int, seed: int) -> None:
        """A new game: its clock starts, and its process is started (its file loaded) when
        there is none. Raises Forfeit (``every_game``) when its file does not load, so the
        game is lost before any move, whoever moves first."""
        self.bot.new_game()
        self.bot.load()

    def move(self, game: Any, seat: int) -> str:
        legal = [str(action) for action in game.legal_actions()]
        return self.bot.choose(game.view(seat).to_dict(), legal)

    def close(self) -> None:
        self.bot.close()


def make_entrant(text: str, limits: Limits | None = None, game: str = "dice") -> Entrant:
    """An entrant of ``game`` from a ``--bots`` entry: a path ending in ``.py`` is a student's
    bot file (the same for both games), anything else a built-in bot's name. Raises
    ConfigurationError for neither, or an unknown game."""
    check_game(game)
    if text.lower().endswith(".py"):
        return FileEntrant(text, limits)
    return BuiltinEntrant(text.strip().lower(), game)


@dataclass(frozen=True)
class GameResult:
    """One game: ``names`` by seat, ``winners`` (seats; several when a roll-off left a tie,
    none when a card game reached its round limit), ``scores`` by seat (dice: points; cards:
    Powers scored; when it ended), ``forfeit``: ``(seat, reason)`` or None; dice: ``rolls``,
    ``(seat, dice)`` after each roll of a turn, in order (the dice each seat saw); cards:
    ``draws``, ``(seat, card)`` for each card drawn, in order. ``unplayed``: the seats whose
    bot could not play at all (its file did not load): the game was lost before any move
    (``forfeit`` names the first such seat, ``also_forfeit`` the other when neither bot could
    play: a game with no winner)."""

    names: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    forfeit: tuple[int, str] | None = None
    rolls: tuple[tuple[int, tuple[str, ...]], ...] = ()
    draws: tuple[tuple[int, str], ...] = ()
    also_forfeit: tuple[int, str] | None = None
    unplayed: tuple[int, ...] = ()

    @property
    def forfeits(self) -> tuple[tuple[int, str], ...]:
        """Every forfeit of the game, ``(seat, reason)``: none, one, or two (neither bot's
        file loaded)."""
        return tuple(f for f in (self.forfeit, self.also_forfeit) if f is not None)


def win_share(result: GameResult, seat: int) -> Fraction:
    """What ``result`` counts for ``seat``: 1 for its sole win, 1/k for a win shared by k
    seats (a roll-off that never ended), 0 otherwise (a loss, or a card game stopped at the
    round limit with no winner: neither seat won)."""
    if seat in result.winners:
        return Fraction(1, len(result.winners))
    return Fraction(0)


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


class DuplicateDeck:
    """The card game's draws in duplicate format (module docstring): the deck as the deal left
    it is shared out between the seats as it would reach them if every turn drew one card
    (the top card to the seat that draws first, the next to the next seat, ...), and each seat
    draws its own cards, in that order. A seat with none of its own left draws the card
    another seat would draw last; a deck refilled from the discard pile is shared out again
    the same way, starting with the seat that draws it. ``own[s]``: seat ``s``'s cards still in
    the deck, next first."""

    def __init__(self, players: int) -> None:
        self.own: list[list[Any]] = [[] for _ in range(players)]

    def _share_out(self, deck: Sequence[Any], first: int) -> None:
        players = len(self.own)
        top_first = list(reversed(deck))
        self.own = [top_first[(s - first) % players::players] for s in range(players)]

    def draw(self, game: Any) -> Any:
        """Draw for the seat whose turn it is in ``game`` (a CardGame at a chance node), by
        ``game.apply_chance(card)``; returns the card."""
        seat = game.turn_player
        if sum(map(len, self.own)) != len(game.deck):   # the deal, or a refilled deck
            self._share_out(game.deck, seat)
        mine = self.own[seat]
        if mine:
            card = mine.pop(0)
        else:
            others = [(seat + k) % len(self.own) for k in range(1, len(self.own))]
            card = self.own[next(s for s in others if self.own[s])].pop()
        return game.apply_chance(card)


def _dice_table(seed: int, duplicate: bool) -> tuple[Any, Callable[[Any], tuple[int, Any]]]:
    from swkit.dice.game import DiceGame

    def chance(game: Any) -> tuple[int, Any]:
        if duplicate and game.phase == "roll":
            dice = duplicate_faces(seed, game.seat, game.turn, game.roll_number + 1, game.faces)
            game.apply_chance([f for f, kept in zip(dice, game.kept, strict=True) if not kept])
            return game.seat, tuple(game.dice)
        game.apply_chance()
        return -1, None      # a roll-off roll: not a seat's dice
    return DiceGame(2, seed), chance


def _cards_table(seed: int, duplicate: bool) -> tuple[Any, Callable[[Any], tuple[int, Any]]]:
    from swkit.cards.game import CardGame
    deck = DuplicateDeck(2)

    def chance(game: Any) -> tuple[int, Any]:
        seat = game.turn_player
        card = deck.draw(game) if duplicate else game.apply_chance()
        return seat, str(card)
    return CardGame(2, seed), chance


_TABLES = {"dice": _dice_table, "cards": _cards_table}


def play_game(game: str, entrants: Sequence[Entrant], seed: int, *,
              duplicate: bool = True) -> GameResult:
    """Play one two-player game of ``game`` (``"dice"`` or ``"cards"``), ``entrants[s]`` in seat
    ``s``, seeded ``seed``; ``duplicate``: the dice from :func:`duplicate_faces`, or the cards
    drawn by a :class:`DuplicateDeck` (else the game's own stream, as at the table). A bot that
    forfeits loses: the other seat wins, scores as they stood. A bot that cannot play at all
    (its file does not load: :meth:`Entrant.start_game` raises Forfeit) loses before any move,
    whoever moves first; when neither can, neither wins. Raises ConfigurationError for an
    unknown game or not 2 entrants."""
    check_game(game)
    if len(entrants) != 2:
        raise ConfigurationError(f"an arena game has 2 players, got {len(entrants)}")
    state, chance = _TABLES[game](seed, duplicate)
    names = tuple(e.name for e in entrants)
    luck: list[tuple[int, Any]] = []
    cannot: list[tuple[int, str]] = []
    for seat, entrant in enumerate(entrants):
        try:
            entrant.start_game(seat, seed)
        except Forfeit as forfeit:
            cannot.append((seat, forfeit.reason))

    def result(winners: tuple[int, ...], scores: Sequence[int],
               forfeit: tuple[int, str] | None) -> GameResult:
        seen = tuple(x for x in luck if x[0] >= 0)
        return GameResult(names, winners, tuple(scores), forfeit,
                          seen if game == "dice" else (), seen if game == "cards" else ())

    if cannot:   # lost before any move: the other seat wins, or neither when both cannot play
        winners = tuple(s for s in range(2) if s not in {c[0] for c in cannot})
        return GameResult(names, winners, tuple(_scores(state)), cannot[0],
                          also_forfeit=cannot[1] if len(cannot) > 1 else None,
                          unplayed=tuple(c[0] for c in cannot))

    while True:
        seat = state.current_player()
        if seat == TERMINAL:
            break
        if seat == CHANCE:
            luck.append(chance(state))
            continue
        try:
            move = entrants[seat].move(state, seat)
        except Forfeit as forfeit:
            return result((1 - seat,), _scores(state), (seat, forfeit.reason))
        state.apply(move)
    outcome = state.outcome()
    assert outcome is not None
    return result(tuple(outcome.winners), outcome.scores, None)


def _scores(state: Any) -> list[int]:
    """The scores as they stand: dice points, or Powers scored."""
    board = getattr(state, "board", None)
    return list(board.totals()) if board is not None else list(state.scores())


def play_dice(entrants: Sequence[Entrant], seed: int, *, duplicate: bool = True) -> GameResult:
    """One two-player Clubhouse dice game: :func:`play_game` with ``"dice"``."""
    return play_game("dice", entrants, seed, duplicate=duplicate)


def play_cards(entrants: Sequence[Entrant], seed: int, *, duplicate: bool = True) -> GameResult:
    """One two-player game of Something Wild! cards: :func:`play_game` with ``"cards"``."""
    return play_game("cards", entrants, seed, duplicate=duplicate)


def play_pair(first: Entrant, second: Entrant, seed: int,
              game: str = "dice") -> tuple[GameResult, GameResult]:
    """A duplicate pair of ``game``: ``first`` in seat 0 then in seat 1, both games seeded
    ``seed``."""
    return (play_game(game, [first, second], seed),
            play_game(game, [second, first], seed))
