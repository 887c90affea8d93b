"""The one game-state API that both games follow (DESIGN.md, after OpenSpiel and python-chess).

``swkit.cards.game.CardGame`` and ``swkit.dice.game.DiceGame`` both satisfy :class:`GameState`
(``isinstance(game, GameState)`` is True, and ``tests/test_state.py`` checks every signature), so
a front end (a widget, a lesson, a bot) can drive either game through these names alone:

- ``current_player()`` -> seat index ``0..players-1``, or ``CHANCE`` when chance moves next
  (a draw, a roll), or ``TERMINAL`` when the game is over. ``is_terminal()`` -> bool.
- ``legal_actions(seat=None)`` -> every legal action of the player to move, sorted and
  deterministic; each action's ``str()`` is readable ("play R7", "keep Mickey Clubhouse",
  "score Goofy"). With ``seat``: that seat's actions, empty when it is not that seat's move;
  a seat outside the game raises ``IllegalActionError``.
- ``apply(action, *, seat=None)`` validates first; an illegal action raises
  ``IllegalActionError`` that says why in words (naming the cards or dice and the RULES.md
  section) and leaves the state unchanged. With ``seat``: refused, naming whose move it is, when
  it is not that seat's move. ``apply`` accepts an action or its text.
- ``chance_outcomes()`` -> ``[(outcome, Fraction), ...]`` at a chance node, probabilities
  summing to exactly 1; ``apply_chance()`` samples from the game's own seeded stream,
  ``apply_chance(outcome)`` forces one outcome (for exact analysis and lessons); both return the
  outcome applied (the card drawn; the rerolled faces or the roll-off's Clubhouse counts).
- ``outcome()`` -> an :class:`Outcome` (winners, reason, scores) once the game is over, else None.
- ``to_json()`` -> str and ``from_json(str)`` round-trip a game in progress, random streams
  included; ``copy()`` is an independent copy, and so are ``copy.copy``, ``copy.deepcopy`` and
  a ``pickle`` round trip (all go through the save).
- ``history``: the steps applied (actions and chance outcomes), oldest first, for replay, as a
  tuple made when asked (changing it cannot change the game);
  ``undo()`` takes back the last one (rewinding the random stream too) and returns it. The entry
  type is the game's own: ``(seat or CHANCE, text)`` for cards, a ``Step`` for dice.
- ``view(player)``: what that player may see (hidden information), a frozen dataclass
  (``CardView``, ``DiceView``) with ``player``, ``to_move`` and ``phase`` fields and
  ``to_dict()`` (JSON-ready). A view never holds the seed or the random streams. Views show
  themselves in Jupyter (``_repr_svg_``, drawn by :mod:`swkit.pictures`).

Randomness comes from ``random.Random`` streams the game owns (one for shuffles and rolls, one
per bot), seeded from the game's seed, so a seed replays a whole game byte for byte, whatever
PYTHONHASHSEED is.

>>> from swkit.cards.game import CardGame
>>> from swkit.dice.game import DiceGame
>>> all(isinstance(g, GameState) for g in (CardGame(players=2, seed=1), DiceGame(2, seed=1)))
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol, Self, runtime_checkable

CHANCE = -1
"""``current_player()`` when chance moves next."""

TERMINAL = -2
"""``current_player()`` when the game is over."""


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners``: seat indices of the winner(s) (empty when nobody won, e.g. the round limit;
    several only for a shared win). ``reason``: one sentence. ``scores``: per seat, Powers scored
    (cards) or points (dice).
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] = field(default_factory=tuple)

    @property
    def winner(self) -> int | None:
        """The single winner's seat, or None (no winner or a shared win)."""
        return self.winners[0] if len(self.winners) == 1 else None


@runtime_checkable
class View(Protocol):
    """What one player may see of a game (``CardView``, ``DiceView``): a frozen dataclass."""

    player: int
    """The seat whose view this is."""
    to_move: int
    """``current_player()`` of the game: a seat, CHANCE or TERMINAL."""
    phase: str
    """The game's phase (``"draw"``, ``"play"``, ... for cards, a
    :class:`swkit.cards.state.Phase` equal to its text; ``"roll"``, ``"decide"``,
    ``"tiebreak"``, ``"over"`` for dice)."""

    def to_dict(self) -> dict[str, Any]:
        """The view as a JSON-ready dict."""
        ...


@runtime_checkable
class GameState(Protocol):
    """The interface both games follow (see the module docstring for the semantics).

    ``isinstance(x, GameState)`` checks that the names exist; ``tests/test_state.py`` checks
    that both games' signatures match these.
    """

    players: int
    """Number of seats."""
    seed: int
    """The seed of the game's random streams."""
    history: Sequence[Any]
    """Steps applied, oldest first (the entry type is the game's own)."""

    def current_player(self) -> int:
        """A seat, CHANCE or TERMINAL."""
        ...

    def is_terminal(self) -> bool:
        """True once the game is over."""
        ...

    def legal_actions(self, seat: int | None = None) -> Sequence[Any]:
        """The legal actions of the player to move (of ``seat``: empty if not its move)."""
        ...

    def apply(self, action: Any, *, seat: int | None = None) -> None:
        """Apply an action (or its text); IllegalActionError leaves the state unchanged."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[Any, Fraction]]:
        """``(outcome, probability)`` pairs of the pending chance node, summing to 1."""
        ...

    def apply_chance(self, outcome: Any = None) -> Any:
        """Sample (``outcome`` None) or force the chance outcome; return it."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...

    def undo(self) -> Any:
        """Take back the last history entry and return it."""
        ...

    def view(self, player: int) -> View:
        """What ``player`` may see."""
        ...

    def to_json(self) -> str:
        """The whole state, random streams included, as JSON text."""
        ...

    @classmethod
    def from_json(cls, text: str) -> Self:
        """The game saved by :meth:`to_json`."""
        ...

    def copy(self) -> Self:
        """An independent copy, random streams included."""
        ...


def rng_to_json(rng: random.Random) -> list[Any]:
    """A ``random.Random`` state as JSON-ready lists."""
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(data: list[Any]) -> random.Random:
    """The inverse of ``rng_to_json``."""
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng


def substream_seed(seed: int, name: str) -> int:
    """A deterministic 256-bit seed for the stream ``name`` of a game seeded with ``seed``.

    Every integer seed (negative and huge ones too) gives its own streams, and the result does
    not depend on PYTHONHASHSEED (no ``hash()``): it is the SHA-256 of ``"<seed>/<name>"``.
    """
    digest = hashlib.sha256(f"{int(seed)}/{name}".encode()).digest()
    return int.from_bytes(digest, "big")
