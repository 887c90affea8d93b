"""Every way to end a turn after the draw: the play, the Powers that move cards, the Discard.

RULES.md §A3 steps 2 to 6, §A7: ``plays`` = each card of the hand played (or none for an empty
hand) and whether a Power is usable (the figure held, or the play takes it: its color is the
center Power's); ``powers_then`` = the extra play (6), a card from the top ``depth`` of the
discard pile (3), the top cards taken into the hand (8), a swap (9), each Power's moves from
its module of :mod:`swkit.cards.powers`; ``discards`` = the Discard
choices down to five cards (in every order when the pile's order can matter later). ``ends``
yields (steps, next position). ``disc_key(disc, t)`` = the part of the pile that can still
matter within t turns: the sorted top ``depth`` cards in the last turn; before it the top
max(look, per + need(t - 1)) cards in order (need(1) = depth). Checked:
``tests/test_odds_cards_extra_play.py`` (its plain enumeration is ``ends`` with the outs computed
directly) and the game tree of ``tests/test_odds_cards.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, permutations
from typing import Any

from swkit.cards.powers import extra_play, play_from_discard, swap, take_from_discard
from swkit.odds.cards.facts import Facts
from swkit.odds.cards.hands import Hand, distinct, insert, remove, without
from swkit.odds.cards.position import TABLEAU_LIMIT


class Moves:
    """The plays, the Powers that move cards and the Discard choices (``ends``)."""

    def __init__(self, facts: Facts) -> None:
        self.types = facts.types
        self.center_color = facts.center_color
        self.extra_plays, self.discard_play = facts.extra_plays, facts.discard_play
        self.discard_take, self.swap = facts.discard_take, facts.swap
        self.dk1_memo: dict[Hand, Hand] = {}

    def access(self, p: int | None, figure: bool) -> bool:
        """True if a Power is usable after playing type ``p`` (None: no play): the figure is
        held, or the play takes it (its color is the center Power's)."""
        return figure or (p is not None and self.center_color is not None
                          and self.types[p].color == self.center_color)

    def plays(self, hand: Hand, tab: Hand, figure: bool
              ) -> Iterator[tuple[int | None, Hand, Hand, bool]]:
        """Each play of a turn after the draw (RULES.md §A3 step 2): (the card type played, or
        None for an empty hand; the tableau after it; the hand after it; True if a Power is
        usable: the figure is held or this play takes it)."""
        for p in distinct(hand) or [None]:
            if p is None:
                yield None, tab, hand, figure
            else:
                yield p, insert(tab, p), remove(hand, p), self.access(p, figure)

    # ---- later turns ----
    def order_matters(self) -> bool:
        """True if the order of the discard pile can matter later (Power 3 or 8 in reach)."""
        return bool(self.discard_play or self.discard_take)

    def disc_key(self, disc: Hand, turns: int) -> Hand:
        """The part of the discard pile that can matter within ``turns`` more turns."""
        if turns <= 1:   # the last turn: only the set of the top cards for Power 3
            if not self.discard_play:
                return ()
            hit = self.dk1_memo.get(disc)
            if hit is None:
                hit = self.dk1_memo[disc] = tuple(sorted(disc[-self.discard_play[1]:]))
            return hit
        if not self.order_matters():
            return ()
        # a turn removes at most ``per`` cards (one Power), all from the top ``look``; the
        # cards discarded on top are known, so the next turns need the old top
        # max(look, per + need(turns - 1)), need(1) = the Power 3 depth.
        look = max(self.discard_play[1] if self.discard_play else 0, self.discard_take)
        per = max(1 if self.discard_play else 0, self.discard_take)
        keep = self.discard_play[1] if self.discard_play else 0
        for _ in range(turns - 1):
            keep = max(look, per + keep)
        return disc[-keep:] if keep else ()

    def ends(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
             turns_after: int) -> Iterator[tuple[tuple[Any, ...], tuple[Any, ...]]]:
        """Every way to finish a non-scoring turn after the draw: (steps, next position) with
        the next position = (hand, tableau, discard key, others, figure)."""
        for p, tab1, hand1, fig1 in self.plays(hand, tab, figure):
            step0: tuple[Any, ...] = ("play", p, fig1 and not figure)
            for steps, h2, t2, d2, o2 in self.powers_then(hand1, tab1, disc, others, fig1):
                for dsteps, t3, d3 in self.discards(t2, d2, turns_after):
                    yield ((step0, *steps, *dsteps),
                           (h2, t3, self.disc_key(d3, turns_after), o2, fig1))

    def powers_then(self, hand1: Hand, tab1: Hand, disc: Hand, others: Hand,
                    fig1: bool) -> Iterator[tuple[tuple[Any, ...], Hand, Hand, Hand, Hand]]:
        """After the play: no Power, or (with a Power usable, ``fig1``) each move of the
        Powers in reach that move cards, as (steps, hand, tableau, discard pile, others)."""
        yield (), hand1, tab1, disc, others
        if not fig1:
            return
        if self.extra_plays:
            for qs, h2, t2 in extra_play.odds_plays(self.extra_plays, hand1, tab1):
                yield (("extra", qs),), h2, t2, disc, others
        if self.discard_play:
            for x, t2, d2 in play_from_discard.odds_plays(*self.discard_play, self.types, tab1,
                                                          disc):
                yield (("from_discard", x),), hand1, t2, d2, others
        if self.discard_take:
            for taken, h2, d2 in take_from_discard.odds_take(self.discard_take, hand1, disc):
                yield (("take", taken),), h2, tab1, d2, others
        if self.swap:
            for t, o, t2, o2 in swap.odds_swaps(tab1, others):
                yield (("swap", t, o),), hand1, t2, disc, o2

    def discards(self, tab: Hand, disc: Hand, turns_after: int
                 ) -> Iterator[tuple[tuple[Any, ...], Hand, Hand]]:
        """The Discard choices down to the tableau limit (RULES.md §A3 step 6), in every
        order when the pile's order can matter later, as (steps, tableau, discard pile)."""
        need = len(tab) - TABLEAU_LIMIT
        if need <= 0:
            yield (), tab, disc
            return
        for combo in sorted(set(combinations(tab, need))):
            rest = without(tab, combo)
            orders = sorted(set(permutations(combo))) \
                if self.order_matters() and turns_after >= 2 else [combo]
            for order in orders:
                yield (("discard", order),), rest, disc + order
