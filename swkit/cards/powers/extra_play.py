"""Power 6 (extra_play): play ``count`` more cards from the hand, one at a time (RULES.md §A7).

The whole rule: when it can be used (a card in the hand), its effect when used (the Power step
``power_play`` with ``count`` plays to make), its moves (``power play R4``: a card of the hand),
a move's effect (the card goes from the hand to the tableau; the step ends after min(count,
hand) cards) and why an action is not one of its moves. For the odds engine
(:mod:`swkit.odds.cards`), :func:`odds_plays` enumerates the same moves on card-type indices.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from swkit.cards.editions import Power
from swkit.cards.explain import missing_words
from swkit.cards.multiset import insert, remove
from swkit.cards.notation import Card, format_cards
from swkit.cards.powers.base import Move, Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = ("extra_play",)
PHASE = Phase.POWER_PLAY
STEP = "step 4 (Power: play one more card)"
EVENTS = {"power_play": "a card played by the Power (``card``)"}


def refused(hand: int) -> Refusal | None:
    """The rule: why an extra play can change nothing with ``hand`` cards in the hand (none),
    or None."""
    return None if hand else Refusal.EMPTY_HAND


def refusal(power: Power | None, table: Table) -> Refusal | None:
    """Why an extra play can change nothing at ``table`` (:func:`refused`), or None."""
    return refused(table.hand)


def use(turn: Turn, power: Power) -> None:
    """Start the Power's step: ``count`` cards to play."""
    turn.remaining = power.params["count"]
    turn.phase = PHASE


def moves(turn: Turn) -> dict[str, Move]:
    """``power play <card>`` for each card of the mover's hand while plays remain."""
    if turn.remaining <= 0:
        return {}
    return {f"power play {c}": ("extra_play", c) for c in turn.hands[turn.turn % turn.players]}


def do(turn: Turn, move: Move) -> None:
    """Play the move's card from the hand into the tableau."""
    me = turn.turn % turn.players
    card = move[1]
    turn.hands[me].remove(card)
    turn.tableaux[me].append(card)
    turn.log[-1]["power"]["cards"].append(str(card))
    turn.record_event("power_play", card=str(card))
    turn.remaining -= 1
    if turn.remaining <= 0 or not turn.hands[me]:
        turn.phase = Phase.SCORE


def why_not(turn: Turn, words: Sequence[str], args: Sequence[Card]) -> str | None:
    """Why ``args`` is not a card to play now, or None."""
    hand = turn.hands[turn.turn % turn.players]
    missing = missing_words(args, hand, f"your hand ({format_cards(hand)})")
    if missing or len(args) != 1:
        return (missing or "play one card from your hand") + " (RULES.md §A7 Power extra play)"
    return None


def odds_plays(count: int, hand: tuple[int, ...], tab: tuple[int, ...]
               ) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """The Power's moves on sorted tuples of card-type indices: each choice of min(count, hand)
    cards played (their order does not matter), as (cards played, hand after, tableau after);
    none when :func:`refused` refuses."""
    if refused(len(hand)):
        return []
    out = []
    for qs in sorted(set(combinations(hand, min(count, len(hand))))):
        t, h = tab, hand
        for q in qs:
            t, h = insert(t, q), remove(h, q)
        out.append((qs, h, t))
    return out
