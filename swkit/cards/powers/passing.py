"""Power 10 (pass): every seat with a card passes ``count`` cards to the next seat, blind
(RULES.md §A7).

The whole rule: when it can be used (a card in your hand), its effect when used (the step
``pass``: every seat with a card chooses, in seat order from the turn's owner), its moves
(``pass R4``: min(count, hand) cards of the chooser's hand), a move's effect (the choice is
kept hidden until everyone has chosen, then every chosen card moves at once, :func:`resolve`)
and why an action is not one of its moves. The odds engine (:mod:`swkit.odds.cards.chance`)
models a pass of one card over later turns, using :func:`refused` for when it can be used.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import combinations

from swkit.cards.editions import Power
from swkit.cards.explain import missing_words
from swkit.cards.notation import Card, format_cards
from swkit.cards.powers.base import Move, Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = ("pass",)
PHASE = Phase.PASS
STEP = "step 4 (Power: pass)"
EVENTS = {"power_pass": "the passes (``cards``: [seat, cards passed to the next seat] pairs)"}


def refused(hand: int) -> Refusal | None:
    """The rule: why passing can change nothing with ``hand`` cards in your hand (none), or
    None."""
    return None if hand else Refusal.EMPTY_HAND


def refusal(power: Power | None, table: Table) -> Refusal | None:
    """Why passing can change nothing at ``table`` (:func:`refused`), or None."""
    return refused(table.hand)


def use(turn: Turn, power: Power) -> None:
    """Start the Pass: every seat holding a card chooses, from the turn's owner on."""
    me = turn.turn % turn.players
    turn.pass_count = power.params["count"]
    order = [(me + i) % turn.players for i in range(turn.players)]
    turn.pass_order = [s for s in order if turn.hands[s]]
    turn.pass_choices = {}
    turn.phase = PHASE


def moves(turn: Turn) -> dict[str, Move]:
    """``pass <cards>`` for each choice of min(count, hand) cards of the seat choosing."""
    seat = turn.pass_order[0]
    hand = turn.hands[seat]
    k = min(turn.pass_count, len(hand))
    if k == 0:
        return {}
    if k == 1:
        return {f"pass {c}": ("pass", (c,)) for c in hand}
    return {"pass " + format_cards(cs): ("pass", cs) for cs in combinations(hand, k)}


def do(turn: Turn, move: Move) -> None:
    """Keep the chooser's cards aside; after the last choice, pass them all (:func:`resolve`)
    and go on to Score."""
    seat = turn.pass_order.pop(0)
    turn.pass_choices[seat] = list(move[1])
    if not turn.pass_order:
        resolve(turn)
        turn.phase = Phase.SCORE


def resolve(turn: Turn) -> None:
    """Every chosen card goes to the next seat's hand at once; the Pass is over."""
    chosen = turn.pass_choices
    for seat, cards in chosen.items():
        for c in cards:
            turn.hands[seat].remove(c)
    for seat in sorted(chosen):
        for c in chosen[seat]:
            insort(turn.hands[(seat + 1) % turn.players], c)
    turn.log[-1]["power"]["cards"] = [[seat, format_cards(chosen[seat])]
                                      for seat in sorted(chosen)]
    turn.record_event("power_pass", cards=turn.log[-1]["power"]["cards"])
    turn.pass_choices = {}
    turn.pass_order = []
    turn.pass_count = 0


def why_not(turn: Turn, words: Sequence[str], args: Sequence[Card]) -> str | None:
    """Why ``args`` is not the chooser's pass (always a reason: the caller knows it is not)."""
    who = turn.pass_order[0]
    hand = turn.hands[who]
    count = min(turn.pass_count, len(hand))
    missing = missing_words(args, hand, f"your hand ({format_cards(hand)})")
    why = f"{missing}; seat {who} passes {count} card(s)" if missing else (
        f"seat {who} passes {count} card(s) from their hand ({format_cards(hand)})")
    return f"{why} (RULES.md §A7 Power pass)"
