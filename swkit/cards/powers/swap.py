"""Power 9 (swap): swap a card of your tableau for one of another player's (RULES.md §A7).

The whole rule: when it can be used (a card in your tableau and one in another's), its effect
when used (the Power step ``power_swap``), its moves (``power swap R4 for B7 of seat 1``), a
move's effect (each card takes the other's place in its tableau) and why an action is not one
of its moves. For the odds engine (:mod:`swkit.odds.cards`), :func:`odds_swaps` enumerates the
same moves on card-type indices.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from swkit.cards.editions import Power
from swkit.cards.multiset import distinct, insert, remove
from swkit.cards.notation import Card, format_cards, parse_card
from swkit.cards.powers.base import Move, Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = ("swap",)
PHASE = Phase.POWER_SWAP
STEP = "step 4 (Power: swap)"
EVENTS = {"power_swap": "the swap (``gives``, ``takes``, other ``seat``)"}

_NUMBER = re.compile(r"[0-9]+$", re.ASCII)


def refused(tableau: int, others: int) -> Refusal | None:
    """The rule: why a swap can change nothing with ``tableau`` cards in your tableau and
    ``others`` in the other tableaux (none in one of them), or None."""
    return None if tableau and others else Refusal.NOTHING_TO_SWAP


def refusal(power: Power | None, table: Table) -> Refusal | None:
    """Why a swap can change nothing at ``table`` (:func:`refused`), or None."""
    return refused(table.tableau, table.others)


def use(turn: Turn, power: Power) -> None:
    """Start the Power's step: choose the two cards."""
    turn.phase = PHASE


def moves(turn: Turn) -> dict[str, Move]:
    """``power swap <yours> for <theirs> of seat <s>`` for each different pair of cards."""
    me = turn.turn % turn.players
    found: dict[str, Move] = {}
    mine = sorted(set(turn.tableaux[me]))
    for s in range(turn.players):
        if s == me:
            continue
        for theirs in sorted(set(turn.tableaux[s])):
            for c in mine:
                found[f"power swap {c} for {theirs} of seat {s}"] = ("swap", c, s, theirs)
    return found


def do(turn: Turn, move: Move) -> None:
    """Each card of the move takes the other's place in its tableau."""
    me = turn.turn % turn.players
    _, mine, seat, theirs = move
    mt, tt = turn.tableaux[me], turn.tableaux[seat]
    i, j = mt.index(mine), tt.index(theirs)
    mt[i], tt[j] = theirs, mine
    turn.log[-1]["power"]["cards"] = [str(mine), str(theirs), seat]
    turn.record_event("power_swap", gives=str(mine), takes=str(theirs), seat=seat)
    turn.phase = Phase.SCORE


def why_not(turn: Turn, words: Sequence[str], args: Sequence[Card]) -> str | None:
    """Why ``words`` (the action, read) is not a swap the player may make now, or None."""
    me = turn.turn % turn.players
    m = re.fullmatch(r"power swap (\S+) for (\S+) of seat (\S+)", " ".join(words))
    if not m or len(args) != 1:
        return ("write 'power swap <your card> for <their card> of seat <n>' "
                "(RULES.md §A7 Power swap)")
    mine, theirs, seat_text = parse_card(m.group(1)), parse_card(m.group(2)), m.group(3)
    if not _NUMBER.match(seat_text) or not 0 <= int(seat_text) < turn.players:
        return (f"there is no seat {seat_text}: the seats are 0 to {turn.players - 1} "
                "(RULES.md §A7 Power swap)")
    seat = int(seat_text)
    if seat == me:
        return (f"seat {seat} is yourself: swap with another player's tableau "
                "(RULES.md §A7 Power swap)")
    reasons = []
    if mine not in turn.tableaux[me]:
        reasons.append(f"{mine} is not in your tableau "
                       f"({format_cards(turn.tableaux[me]) or 'empty'})")
    if theirs not in turn.tableaux[seat]:
        reasons.append(f"{theirs} is not in seat {seat}'s tableau "
                       f"({format_cards(turn.tableaux[seat]) or 'empty'})")
    if reasons:
        return "; ".join(reasons) + " (RULES.md §A7 Power swap)"
    return None


def odds_swaps(tab: tuple[int, ...], others: tuple[int, ...]
               ) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """The Power's moves on sorted tuples of card-type indices (``others``: every other
    tableau's cards together): each different pair (yours t, theirs o) as (t, o, tableau
    after, others after); none when :func:`refused` refuses."""
    if refused(len(tab), len(others)):
        return []
    return [(t, o, insert(remove(tab, t), o), insert(remove(others, o), t))
            for o in distinct(others) for t in distinct(tab)]
