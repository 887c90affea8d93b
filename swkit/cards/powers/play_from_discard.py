"""Power 3 (play_from_discard): play a card from the top ``depth`` cards of the discard pile
(RULES.md §A7).

The whole rule: when it can be used (a card in the discard pile, and a card with
``requires_number`` in the tableau when the Power names one), its effect when used (the Power
step ``power_discard``, choosing among the top ``depth`` cards), its moves (``power play R4
from discard``), a move's effect (the topmost copy of that card goes from the pile to the
tableau) and why an action is not one of its moves. For the odds engine
(:mod:`swkit.odds.cards`), :func:`odds_plays` enumerates the same moves on card-type indices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from swkit.cards.editions import Power
from swkit.cards.multiset import insert
from swkit.cards.notation import Card, format_cards
from swkit.cards.powers.base import Move, Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = ("play_from_discard",)
PHASE = Phase.POWER_DISCARD
STEP = "step 4 (Power: play from the discard pile)"
EVENTS = {"power_play_from_discard":
          "a card played from the discard pile by the Power (``card``)"}


def refused(requires_number: int | None, numbers: Iterable[int], discard: int
            ) -> Refusal | None:
    """The rule: why the Power, needing ``requires_number`` in the tableau (None: no number),
    can change nothing with a tableau of ``numbers`` (read at most once) and ``discard`` cards
    in the discard pile, or None: the number is missing, or the discard pile is empty."""
    if requires_number is not None and requires_number not in numbers:
        return Refusal.NEEDS_NUMBER
    if not discard:
        return Refusal.EMPTY_DISCARD
    return None


def number_mask(requires_number: int | None, types: Sequence[Card]) -> int:
    """The bitmask of the card types (bit i = ``types[i]``) that meet the Power's number
    condition on their own (:func:`refused`): the types showing ``requires_number``, every
    type when the Power names none. For the odds engine's masks (:func:`odds_gate`)."""
    return sum(1 << i for i, c in enumerate(types)
               if refused(requires_number, (c.number,), 1) is None)


def needs_number(requires_number: int | None, numbers: Iterable[int]) -> bool:
    """True if a tableau of ``numbers`` (read at most once) misses the Power's number
    condition (:func:`refused`), so the card played next must bring it."""
    return refused(requires_number, numbers, 1) is Refusal.NEEDS_NUMBER


def odds_gate(requires_number: int | None, numbers: Iterable[int], discard: int, every: int,
              number_bits: int) -> int | None:
    """The rule for a card x about to be played into a tableau of ``numbers`` (read at most
    once) with ``discard`` cards in the pile, as a bitmask of card types: None when the Power
    is refused whatever x is (the pile is empty); else the x after whose play it may be used:
    ``every`` type when the tableau meets the number condition, else ``number_bits``
    (:func:`number_mask`)."""
    if refused(None, (), discard) is not None:
        return None
    return number_bits if needs_number(requires_number, numbers) else every


def refusal(power: Power, table: Table) -> Refusal | None:
    """Why ``power`` can change nothing at ``table`` (:func:`refused`), or None."""
    return refused(power.params["requires_number"], table.numbers, table.discard)


def use(turn: Turn, power: Power) -> None:
    """Start the Power's step: choose among the top ``depth`` cards of the discard pile."""
    turn.remaining = power.params["depth"]
    turn.phase = PHASE


def choices(turn: Turn) -> list[Card]:
    """The cards the Power may take now: the top ``depth`` of the discard pile, bottom to
    top (none outside its step)."""
    depth = turn.remaining
    return turn.discard[-depth:] if depth > 0 else []


def moves(turn: Turn) -> dict[str, Move]:
    """``power play <card> from discard`` for each card among :func:`choices`."""
    return {f"power play {c} from discard": ("play_from_discard", c) for c in choices(turn)}


def do(turn: Turn, move: Move) -> None:
    """Move the topmost copy of the move's card from the discard pile to the tableau."""
    me = turn.turn % turn.players
    card = move[1]
    pile = turn.discard
    for i in range(len(pile) - 1, -1, -1):
        if pile[i] == card:
            del pile[i]
            break
    turn.tableaux[me].append(card)
    turn.log[-1]["power"]["cards"].append(str(card))
    turn.record_event("power_play_from_discard", card=str(card))
    turn.phase = Phase.SCORE


def why_not(turn: Turn, words: Sequence[str], args: Sequence[Card]) -> str | None:
    """Why ``args`` is not a card the Power may take now, or None."""
    top = choices(turn)
    if len(args) == 1 and args[0] not in top:
        return (f"{args[0]} is not among the top {len(top)} card(s) of the discard pile "
                f"({format_cards(top)}) (RULES.md §A7 Power play from discard)")
    return None


def odds_plays(requires_number: int | None, depth: int, types: Sequence[Card],
               tab: tuple[int, ...], disc: tuple[int, ...]
               ) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The Power's moves on card-type indices (``types`` maps an index to its card; ``tab``
    sorted, ``disc`` bottom to top): each card x of the top ``depth``, once per different (x,
    pile left), as (x, tableau after, discard pile after); none when :func:`refused`
    refuses."""
    if refused(requires_number, (types[c].number for c in tab), len(disc)):
        return []
    out = []
    seen = set()
    for i in range(max(0, len(disc) - depth), len(disc)):
        d2 = disc[:i] + disc[i + 1:]
        if (disc[i], d2) in seen:
            continue
        seen.add((disc[i], d2))
        out.append((disc[i], insert(tab, disc[i]), d2))
    return out
