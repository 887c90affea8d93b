"""Power 8 (take_from_discard): take the top ``count`` cards of the discard pile into the hand
(RULES.md §A7).

The whole rule: when it can be used (a card in the discard pile) and its effect when used (the
top min(count, pile) cards go to the hand, no choice; then Score). It has no step of its own.
For the odds engine (:mod:`swkit.odds.cards`), :func:`odds_take` gives the same effect on
card-type indices.
"""

from __future__ import annotations

from bisect import insort

from swkit.cards.editions import Power
from swkit.cards.multiset import insert
from swkit.cards.powers.base import Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = ("take_from_discard",)
EVENTS = {"power_take": "cards taken from the discard pile by the Power (``cards``)"}


def refused(discard: int) -> Refusal | None:
    """The rule: why taking can change nothing with ``discard`` cards in the discard pile
    (none), or None."""
    return None if discard else Refusal.EMPTY_DISCARD


def refusal(power: Power | None, table: Table) -> Refusal | None:
    """Why taking from the discard pile can change nothing at ``table`` (:func:`refused`), or
    None."""
    return refused(table.discard)


def use(turn: Turn, power: Power) -> None:
    """Take the top min(count, pile) cards into the hand, one at a time from the top, and go
    on to Score."""
    me = turn.turn % turn.players
    taken = []
    for _ in range(power.params["count"]):
        if not turn.discard:
            break
        card = turn.discard.pop()
        insort(turn.hands[me], card)
        taken.append(str(card))
    turn.log[-1]["power"]["cards"] = taken
    if taken:
        turn.record_event("power_take", cards=taken)
    turn.phase = Phase.SCORE


def odds_take(count: int, hand: tuple[int, ...], disc: tuple[int, ...]
              ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """The Power's one move on card-type indices (``hand`` sorted, ``disc`` bottom to top):
    [(cards taken, hand after, discard pile after)], or [] when :func:`refused` refuses."""
    if refused(len(disc)):
        return []
    k = min(count, len(disc))
    h = hand
    for c in disc[len(disc) - k:]:
        h = insert(h, c)
    return [(disc[len(disc) - k:], h, disc[:len(disc) - k])]
