"""What every Power module shares: the refusal, the table a Power looks at, the turn it changes.

A Power may be used only if it can change something (RULES.md §A7 decisions). Each Power module
decides that from a :class:`Table` and answers with a :class:`Refusal` or None; the words a
player reads are made from the refusal by :func:`refusal_words`, so deciding never builds text.
:class:`Turn` names the parts of a game in progress that a Power reads and changes, so a Power
module needs no import of the game itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from typing import Any, NamedTuple, Protocol

from swkit.cards.editions import Power
from swkit.cards.notation import Card, format_cards
from swkit.cards.state import Phase
from swkit.cards.triples import Wilds

__all__ = ["Move", "Refusal", "Table", "Turn", "refusal_words"]


class Refusal(Enum):
    """Why using a Power now can change nothing (RULES.md §A7 decisions). The value is the
    refusal's words after ``"Power <key> "``; ``{number}`` is the Power's required number and
    ``{tableau}`` the player's tableau (:func:`refusal_words` fills them in)."""

    NEEDS_NUMBER = "needs a {number} in your tableau ({tableau})"
    EMPTY_DISCARD = "needs a card in the discard pile, which is empty"
    EMPTY_HAND = "needs a card in your hand, which is empty"
    NOTHING_TO_DRAW = "needs a card in the deck or the discard pile; both are empty"
    NOTHING_TO_SWAP = "needs a card in your tableau and one in another player's tableau"
    UNKNOWN_EFFECT = "has an unknown effect {effect!r}"


class Table(NamedTuple):
    """What a Power's use depends on, seen from the player about to use it: ``hand`` and
    ``tableau``, the cards in their hand and tableau; ``numbers``, the numbers of their
    tableau's cards (read at most once); ``discard`` and ``deck``, the cards in the discard
    pile and in the deck; ``others``, the cards in the other players' tableaux."""

    hand: int
    tableau: int
    numbers: Iterable[int]
    discard: int
    deck: int
    others: int


def refusal_words(refusal: Refusal, power: Power, tableau: Sequence[Card]) -> str:
    """The words of ``refusal`` for ``power`` and the player's ``tableau``:
    ``"Power green-discard needs a 5 in your tableau (R4 B6)"``."""
    text = refusal.value.format(number=power.params.get("requires_number"),
                                tableau=format_cards(tableau) or "empty", effect=power.effect)
    return f"Power {power.key} {text}"


Move = tuple[Any, ...]
"""A legal move as the game keeps it: its kind, then what it moves (cards, seats)."""


class Turn(Protocol):
    """The parts of a game in progress (:class:`swkit.cards.turn.TurnMachine`, and
    :class:`swkit.cards.game.CardGame` too) that a Power reads and changes: the seats' hands and
    tableaux, the deck and discard pile (top last), the phase, this turn's wilds, the Power's
    step count ``remaining``, the Pass under way (``pass_count``, ``pass_order``,
    ``pass_choices``) and this turn's record ``log[-1]``."""

    players: int
    turn: int
    phase: Phase
    hands: list[list[Card]]
    tableaux: list[list[Card]]
    deck: list[Card]
    discard: list[Card]
    wilds: Wilds
    remaining: int
    pass_count: int
    pass_order: list[int]
    pass_choices: dict[int, list[Card]]
    log: list[dict[str, Any]]

    def record_event(self, event: str, **data: Any) -> None:
        """Add an event to this turn's record."""

    def refill_deck(self) -> bool:
        """Refill an empty deck from the discard pile; False if there is no card to draw."""
