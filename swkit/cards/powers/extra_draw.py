"""Power 7 (extra_draw, "draw two"): draw ``count`` cards into the hand (RULES.md §A7).

The whole rule of the game:

- when it can be used: a card in the deck or the discard pile (:func:`refusal`);
- its effect when used: the Power step ``power_draw``, ``count`` draws to make (:func:`use`);
- the step waits for chance while draws remain and a card can be drawn, the empty deck being
  refilled from the discard pile first (:func:`waits_for_chance`); otherwise it ends;
- each draw is a chance node: the card goes into the hand (:func:`draw`).

The odds engine (:mod:`swkit.odds.cards`, RULES.md §C1) models the Power over later turns only,
drawing from the unseen cards: :func:`odds_draws` says when its integer search
(:mod:`swkit.odds.cards.chance`) sums every set of ``count`` cards drawn; when the unseen cards
can run out, :mod:`swkit.odds.cards.reshuffle` draws them one by one with this game's reshuffle.
"""

from __future__ import annotations

from bisect import insort

from swkit.cards.editions import Power
from swkit.cards.notation import Card
from swkit.cards.powers.base import Refusal, Table, Turn
from swkit.cards.state import Phase

EFFECTS = ("extra_draw",)
PHASE = Phase.POWER_DRAW
STEP = "step 4 (Power: draw)"
EVENTS = {"power_draw": "a card drawn by the Power (``card``)"}


def refused(deck: int, discard: int) -> Refusal | None:
    """The rule: why drawing can change nothing with ``deck`` cards in the deck and
    ``discard`` in the discard pile (none in both), or None."""
    return None if deck or discard else Refusal.NOTHING_TO_DRAW


def refusal(power: Power | None, table: Table) -> Refusal | None:
    """Why drawing can change nothing at ``table`` (:func:`refused`), or None."""
    return refused(table.deck, table.discard)


def use(turn: Turn, power: Power) -> None:
    """Start the Power's step: ``count`` cards to draw."""
    turn.remaining = power.params["count"]
    turn.phase = PHASE


def waits_for_chance(turn: Turn) -> bool:
    """At the Power's step: True if a draw is due (draws remain and the deck, refilled from
    the discard pile if empty, has a card); otherwise the step ends and Score follows."""
    if turn.remaining > 0 and turn.refill_deck():
        return True
    turn.phase = Phase.SCORE
    return False


def draw(turn: Turn, card: Card) -> None:
    """A draw of the Power (the card already out of the deck): into the mover's hand; the step
    ends after the last draw."""
    insort(turn.hands[turn.turn % turn.players], card)
    turn.log[-1]["power"]["cards"].append(str(card))
    turn.record_event("power_draw", card=str(card))
    turn.remaining -= 1
    if turn.remaining <= 0:
        turn.phase = Phase.SCORE


def odds_draws(count: int, unseen: int, later_draws: int) -> bool:
    """True if the odds engine's integer search draws ``count`` cards now: the ``unseen`` cards
    hold them and every one of the ``later_draws`` after them (so no reshuffle is needed; the
    questions where one can be are searched by :mod:`swkit.odds.cards.reshuffle`, RULES.md
    §C1)."""
    return bool(count) and unseen >= count + later_draws
