"""What one search knows before it starts: the deck, the unseen cards and the Powers in reach.

``Facts`` is read by every part of the engine (``swkit.odds.cards.engine``) and changed by
none: the card types, the wilds in reach, the unseen copies per type, and the Powers in reach by
effect primitive (RULES.md §A7, §C1). ``Unseen`` counts the unseen cards after a pool change
(``swkit.odds.cards.hands``): the copies of a type, the unseen copies of a set of types.
Checked through every engine test, e.g. ``tests/test_odds_cards.py`` against the game tree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from swkit.cards.editions import Power
from swkit.cards.notation import Card
from swkit.cards.powers import play_from_discard
from swkit.cards.triples import Wilds
from swkit.odds.cards.hands import Hand
from swkit.odds.cards.position import Position


@dataclass(frozen=True)
class Facts:
    """The facts of one search, built from a Position by ``swkit.odds.cards.engine``.

    ``types``: the card types (a card type is an index into them); ``wilds``: the wilds in
    reach (index 0 = no wilds); ``base``: the unseen copies per type; ``base_masks``: (k,
    bitmask of the types with k unseen copies); ``unseen0``: the unseen cards; the Powers in
    reach (``powers``: center first, then scored) by effect: ``extra_plays`` the extra plays
    (0: none), ``discard_play`` Power 3's play from the discard pile (required number, depth)
    or None, ``discard_take`` the cards Power 8 takes from the discard pile (0: none),
    ``swap``, ``draw_k`` the cards draw two draws (0: none), ``pass_n`` the cards pass
    gives (0: none); ``center_color`` and ``center_mask`` (the types of its color: a play
    of one takes the figure); ``scorable``: a center Power is there (known or not);
    ``every``: the bitmask of every type."""

    pos: Position
    types: tuple[Card, ...]
    wilds: tuple[Wilds, ...]
    base: tuple[int, ...]
    base_masks: tuple[tuple[int, int], ...]
    unseen0: int
    center_color: str | None
    powers: tuple[Power, ...]
    extra_plays: int = 0
    discard_play: tuple[int | None, int] | None = None
    discard_take: int = 0
    swap: bool = False
    draw_k: int = 0
    pass_n: int = 0
    center_mask: int = 0
    scorable: bool = True
    every: int = 0

    @cached_property
    def number_types(self) -> int:
        """Power 3's required number as a bitmask of types: the types showing it (0: Power 3
        is not in reach, or it names no number)."""
        need = self.discard_play[0] if self.discard_play else None
        return 0 if need is None else play_from_discard.number_mask(need, self.types)

    @cached_property
    def number_met(self) -> int:
        """The types whose play meets Power 3's number condition on their own
        (:func:`swkit.cards.powers.play_from_discard.number_mask`): those showing its number,
        every type when it names none (0: Power 3 is not in reach)."""
        if not self.discard_play:
            return 0
        if self.discard_play[0] is None:
            return play_from_discard.number_mask(None, self.types)
        return self.number_types


class Unseen:
    """The unseen cards after a pool change ``drawn`` (``hands.pool_take``, ``pool_give``):
    ``copies`` of a type, the ``weighted`` copies of a set of types, their ``levels``."""

    def __init__(self, facts: Facts) -> None:
        self.types = facts.types
        self.base = facts.base
        self.base_masks = facts.base_masks
        self.levels_memo: dict[Hand, list[tuple[int, int]]] = {}

    def weighted(self, mask: int, drawn: Hand) -> int:
        """Unseen copies (after ``drawn``) of the types in ``mask``."""
        total = 0
        for k, kmask in self.base_masks:
            total += k * (mask & kmask).bit_count()
        for d in drawn:
            if d >= 0:
                total -= mask >> d & 1
            else:
                total += mask >> ~d & 1
        return total

    def copies(self, x: int, drawn: Hand) -> int:
        """Unseen copies of type x after the pool change ``drawn``."""
        return self.base[x] - drawn.count(x) + drawn.count(~x)

    def levels(self, drawn: Hand) -> list[tuple[int, int]]:
        """The unseen cards after the pool change ``drawn`` as [(copies k, bitmask of the
        types with k unseen copies)], so ``weighted(m, drawn)`` = sum of k · |m ∩ mask|
        (memoised per ``drawn``)."""
        hit = self.levels_memo.get(drawn)
        if hit is None:
            by: dict[int, int] = {}
            for x in range(len(self.types)):
                c = self.copies(x, drawn)
                if c > 0:
                    by[c] = by.get(c, 0) | 1 << x
            hit = self.levels_memo[drawn] = sorted(by.items())
        return hit
