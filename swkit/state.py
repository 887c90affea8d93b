"""The one game-state API that both games share (DESIGN.md, after OpenSpiel and python-chess).

A game state (``swkit.cards.game.CardGame``, ``swkit.dice.game.DiceGame``) offers:

- ``current_player()`` -> seat index ``0..players-1``, or ``CHANCE`` when chance moves next
  (a draw, a shuffle, a roll), or ``TERMINAL`` when the game is over.
- ``legal_actions()`` -> every legal action of the player to move, sorted and deterministic;
  each action is an ``Action`` whose ``str()`` is readable ("play R7", "keep Mickey Clubhouse",
  "score Goofy"). ``apply`` accepts the Action or its string.
- ``apply(action)`` validates first; an illegal action raises ``IllegalActionError`` that says
  why in words (naming the cards and the RULES.md section) and leaves the state unchanged.
- ``chance_outcomes()`` -> ``[(outcome, Fraction), ...]`` at a chance node, probabilities
  summing to exactly 1; ``apply_chance()`` samples from the game's own seeded stream,
  ``apply_chance(outcome)`` forces one outcome (for exact analysis and lessons).
- ``outcome()`` -> an ``Outcome`` (winners, reason, scores) once the game is over, else None.
- ``to_json()`` -> str and ``from_json(str)`` round-trip a game in progress, RNG streams included.
- ``history``: the actions and chance outcomes applied, for replay; ``undo()`` takes back the last.
- ``view(player)``: what that player may see (hidden information).

Randomness comes from ``random.Random`` streams the game owns (one for shuffles and rolls, one
per bot), seeded from the game's seed, so a seed replays a whole game byte for byte, whatever
PYTHONHASHSEED is.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

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
