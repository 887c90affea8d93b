"""Blank cards: the card types that cannot take part in a triple within the next two plays.

Two turns before the end without an extra play (one play a turn: at most two cards of the hand
or of later draws reach the tableau), let K = the known cards that are not in the hand (the
tableau, the discard key, the other tableaux). A type x is *blank* there when x is not in K and
no triple (set or run, under every wild in reach, RULES.md §A4) holds x and a card of K: then no
triple made within those two plays holds x, since its other two cards would both come from the
hand or later draws, and with x that is three plays. A blank card also decides nothing else:
the blanks of one class have the same answer to the other card tests of the rules (its color
is the center Power's, when the figure is not held, §A7: the play takes the figure; its number
is the one Power 3 requires). So within a class the blanks are interchangeable.

The value of a position depends on its blanks only through how many of each class are in the
hand and among the unseen cards (lumping): by induction over the turns left, drawing any blank
of a class leads to the same lumped position, with probability (the class's unseen copies) /
(the unseen cards); playing, discarding or passing any blank of a class does too, and whether
a play scores never depends on which blank it is. So

- the draws y of a two-turn value that are blanks of one class have one value
  (``noextra._turn2_profile`` builds one profile per class);
- the two-turn memo is keyed on the lumped position (``blank_key``): the hand and the pool
  change ``drawn`` without their blanks, and per class (blanks in hand, blanks unseen);
- draw two's pairs and pass's received cards at three turns go over the lumped unseen cards
  (``lumped_pool``): a class is one entry whose copies are the class's unseen copies, and
  choosing m of its U copies in order has U (U - 1) ... (U - m + 1) ways (Vandermonde's
  identity over the class's types), so every sum over the draws is unchanged.

Checked against the plain (unlumped) search and the game tree:
``tests/test_odds_cards_blanks.py``.
"""

from __future__ import annotations

from typing import Any

from swkit.odds.cards.facts import Facts
from swkit.odds.cards.hands import Hand, type_bits
from swkit.odds.cards.triples import Triples


class Blanks:
    """The blank types of a position and the lumped keys and pools built from them."""

    def __init__(self, facts: Facts, triples: Triples) -> None:
        self.types, self.wilds, self.every = facts.types, facts.wilds, facts.every
        self.extra_plays, self.discard_play = facts.extra_plays, facts.discard_play
        self.center_color = facts.center_color
        self.need_bits = facts.number_types   # the types showing Power 3's required number
        self.lumping = True                 # False: the plain search (tests compare the two)
        self.partner_memo: dict[int, int] = {}
        self.blank_memo: dict[Any, tuple[int, tuple[tuple[int, ...], ...],
                                         tuple[int, ...]]] = {}
        self.triples = triples

    def _partners(self, a: int) -> int:
        """The types x such that some triple holds a and x (under any wild in reach)."""
        hit = self.partner_memo.get(a)
        if hit is None:
            hit = 0
            for x in range(len(self.types)):
                for w in range(len(self.wilds)):
                    if self.triples.pair(w, a, x):
                        hit |= 1 << x
                        break
            self.partner_memo[a] = hit
        return hit

    def blank_classes(self, tab: Hand, disc: Hand, others: Hand, figure: bool
                      ) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """(live mask, classes, class of each type) for two turns before the end: the live
        mask holds every type that is not blank (see the module docstring); the classes are
        the blank types grouped by their color being the center Power's (figure not held)
        and their number being Power 3's required one, each a sorted tuple; the last entry
        maps each type to its class index, -1 for a live type. No blanks with an extra play
        in reach (more than one play a turn) or with ``lumping`` off."""
        key = (tab, disc, others, figure)
        hit = self.blank_memo.get(key)
        if hit is not None:
            return hit
        n = len(self.types)
        if self.extra_plays or not self.lumping:
            hit = self.blank_memo[key] = (self.every, (), (-1,) * n)
            return hit
        live = type_bits(tab) | type_bits(disc) | type_bits(others)
        for a in set(tab) | set(disc) | set(others):
            live |= self._partners(a)
        groups: dict[tuple[bool, bool], list[int]] = {}
        for x in range(n):
            if not live >> x & 1:
                c = self.types[x]
                flags = (not figure and self.center_color is not None
                         and c.color == self.center_color,
                         bool(self.need_bits >> x & 1))
                groups.setdefault(flags, []).append(x)
        classes = tuple(tuple(g) for _f, g in sorted(groups.items()))
        of = [-1] * n
        for i, g in enumerate(classes):
            for x in g:
                of[x] = i
        hit = self.blank_memo[key] = (live, classes, tuple(of))
        return hit

    def blank_key(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand) -> tuple[Any, ...]:
        """The memo key of a two-turn value (no extra play): the position with its blanks
        lumped (module docstring): the hand and ``drawn`` without the blank types, and per
        class (blanks in the hand, blank copies unseen)."""
        live, classes, of = self.blank_classes(tab, disc, others, figure)
        if not classes:
            return (hand, tab, disc, others, figure, drawn)
        counts = [0] * (2 * len(classes))
        h2 = []
        for x in hand:
            c = of[x]
            if c < 0:
                h2.append(x)
            else:
                counts[2 * c] += 1
        d2 = []
        for d in drawn:
            x = d if d >= 0 else ~d
            c = of[x]
            if c < 0:
                d2.append(d)
            else:
                counts[2 * c + 1] += 1 if d >= 0 else -1     # taken out of the unseen cards
        return (tuple(h2), tab, disc, others, figure, tuple(d2), tuple(counts))

    def lumped_pool(self, pool: list[tuple[int, int]], ends: list[tuple[Hand, Hand]],
                    others: Hand, figure: bool) -> list[tuple[int | tuple[int, ...], int]]:
        """``pool`` = [(type, unseen copies)] with the types blank after every Discard choice
        of ``ends`` (the (tableau, discard key) pairs, two turns before the end) lumped: the
        blanks of one class become one entry, (their physical cards as a tuple of types,
        their copies summed). A type blank at every end is blank whichever end is chosen,
        so the best of the ends has one value for every blank of the class."""
        live = 0
        of: tuple[int, ...] = ()
        for t3, dk3 in ends:
            lv, _classes, of = self.blank_classes(t3, dk3, others, figure)
            live |= lv
        if live == self.every:
            return list(pool)
        out: list[tuple[int | tuple[int, ...], int]] = []
        lumps: dict[tuple[bool, bool], list[tuple[int, int]]] = {}
        for x, u in pool:
            if live >> x & 1:
                out.append((x, u))
            else:
                c = self.types[x]
                flags = (not figure and self.center_color is not None
                         and c.color == self.center_color,
                         bool(self.need_bits >> x & 1))
                lumps.setdefault(flags, []).append((x, u))
        for flags in sorted(lumps):
            members = lumps[flags]
            if len(members) == 1:
                out.append(members[0])
            else:
                out.append((tuple(x for x, u in members for _ in range(u)),
                            sum(u for _x, u in members)))
        return out
