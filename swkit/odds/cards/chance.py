"""Draw two (7) and pass (10): Powers whose cards come by chance, over later turns.

RULES.md §A7, §C1: draw two takes k cards uniformly from the unseen cards (this search runs only
when they hold k cards and every later draw, ``reshuffle.Reshuffle.needed``; otherwise the
discard pile can be shuffled in and ``reshuffle`` answers); pass gives a chosen card of the
hand, which joins the unseen cards, and brings one card uniform over them. The value of an
option = the sum over the ordered draws (the multisets with their orders and copies) of the
best next numerator after the best Discard knowing the cards (``_draw_value``,
``_pass_value``). Before the last turn without an extra play, a closed form: with union = the
union of the Discard choices' outs and w = the weight of the best one,
(N_k - miss) (n - k) + miss w for draw two (miss = the ordered k-draws missing the union),
hit n + (n - hit) w' for pass. An option's sum is abandoned once even certainty for the
outcomes left could not beat the best so far. Two turns after the chance Power, without an extra
play, the cards that cannot make a triple within those two plays (``blanks``) are one entry of
the unseen cards per class (``lumped_pool``): one search per class instead of one per card.
Checked against the game tree: ``tests/test_odds_cards_exact_powers.py``; the lumping:
``tests/test_odds_cards_blanks.py``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

from swkit.cards.powers import extra_draw, passing
from swkit.odds.cards.blanks import Blanks
from swkit.odds.cards.facts import Facts, Unseen
from swkit.odds.cards.hands import (
    Hand,
    distinct,
    distinct_orders,
    falling_factorial,
    insert,
    pool_give,
    pool_net,
    pool_take,
    remove,
    sorted_multisets,
)
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.position import TABLEAU_LIMIT
from swkit.odds.cards.work import Work


class Chance:
    """Draw two and pass over later turns: their values by chance outcome. The next turns
    are valued by the search (``search.numerator``), which the engine gives once it is built."""

    def __init__(self, facts: Facts, unseen: Unseen, work: Work, moves: Moves, outs: Outs,
                 blanks: Blanks) -> None:
        self.types, self.unseen0, self.scorable = facts.types, facts.unseen0, facts.scorable
        self.every, self.extra_plays = facts.every, facts.extra_plays
        self.draw_k, self.pass_n = facts.draw_k, facts.pass_n
        self.plus_memo = outs.plus_memo   # read, not filled
        self.read_masks = True  # False: every outcome through ``_best_next`` (tests compare)
        self.unseen = unseen
        self.work = work
        self.moves = moves
        self.outs = outs
        self.blanks = blanks
        self.search: Any = None     # the engine's Search, given once it is built

    # ---- draw two (7) and pass (10): Powers whose cards come by chance ----
    def with_chance(self, best: int | Fraction, hand: Hand, tab: Hand, disc: Hand,
                     others: Hand, figure: bool, drawn: Hand, turns: int) -> int | Fraction:
        """``best`` or, if higher, the best value of using draw two or pass this turn."""
        if not (self.draw_k or self.pass_n) or not self.scorable:
            return best
        full = falling_factorial(self.unseen0 - pool_net(drawn), turns - 1)
        if best >= full:
            return best
        for _steps, v in self.chance_options(hand, tab, disc, others, figure, drawn, turns,
                                             beat=best):
            if v > best:
                best = v
                if best >= full:
                    break
        return best

    def chance_options(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                       drawn: Hand, turns: int, beat: int | Fraction | None = None
                       ) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        """After the draw of a non-scoring turn with ``turns`` >= 2 turns to go (this one
        included): each play followed by draw two (7) or pass (10), as (steps, numerator of
        the next turns on the scale of ``numerator``, i.e. times (N)(N-1)...(N-turns+2) with N
        the unseen cards now). The cards come by chance (RULES.md §C1): draw two takes k cards
        uniformly from the unseen cards (which hold k cards and every later draw here:
        ``player_odds`` sends the questions where they may not to ``reshuffle``); pass gives a
        chosen card of the hand, which joins the
        unseen cards, and receives one card uniform over the unseen cards (the other hands
        are part of them; none if they are empty). Then the best Discard, knowing the cards.
        ``beat``: leave out the options whose value cannot exceed it (their sum is abandoned as
        soon as even certainty for the outcomes left could not lift it above ``beat``)."""
        after = turns - 1
        n = self.unseen0 - pool_net(drawn)
        scale = falling_factorial(n, after)
        pool = [(x, self.unseen.copies(x, drawn)) for x in range(len(self.types))]
        pool = [(x, u) for x, u in pool if u > 0]
        for p, tab1, hand1, fig1 in self.moves.plays(hand, tab, figure):
            if not fig1:
                continue
            step0 = ("play", p, not figure)
            k = self.draw_k
            if extra_draw.odds_draws(k, n, after):
                ends = self._ends(tab1, disc, after)
                denom = falling_factorial(n, k) * falling_factorial(n - k, after)
                need = None if beat is None else Fraction(beat * denom, scale)
                acc = self._draw_value(hand1, ends, others, fig1, drawn, after, k, pool, n, need)
                if acc is not None:
                    yield (step0, ("draw", k, len(tab1) > TABLEAU_LIMIT)), \
                        Fraction(acc * scale, denom)
            if self.pass_n and passing.refused(len(hand1)) is None:
                ends = self._ends(tab1, disc, after)
                for q in distinct(hand1):
                    need = None if beat is None else beat * max(n, 1)
                    acc = self._pass_value(remove(hand1, q), q, ends, others, fig1, drawn, after,
                                           pool, need)
                    if acc is not None:
                        yield ((step0, ("pass", q, len(tab1) > TABLEAU_LIMIT)),
                               Fraction(acc, n) if n else Fraction(acc))

    def _ends(self, tab1: Hand, disc: Hand, after: int) -> list[tuple[Hand, Hand]]:
        """The (tableau, discard key) after each Discard choice, without repeats."""
        moves = self.moves
        return list(dict.fromkeys((t3, moves.disc_key(d3, after))
                                  for _d, t3, d3 in moves.discards(tab1, disc, after)))

    def _draw_value(self, hand1: Hand, ends: list[tuple[Hand, Hand]], others: Hand,
                    fig1: bool, drawn: Hand, after: int, k: int, pool: list[tuple[int, int]],
                    n: int, need: int | Fraction | None = None) -> int | None:
        """Sum over the ordered k-card draws of the best next numerator (after the Discard);
        None as soon as it cannot exceed ``need``."""
        if after == 1 and self.extra_plays == 0:
            # closed form: every type if a drawn card is an out of some end, else the best end
            masks = [self.outs.outs_mask(hand1, t3, dk3, others, fig1) for t3, dk3 in ends]
            union = 0
            for m in masks:
                union |= m
            w_best = max(self.unseen.weighted(m, drawn) for m in masks)
            miss = falling_factorial(n - self.unseen.weighted(union, drawn), k)
            return (falling_factorial(n, k) - miss) * (n - k) + miss * w_best
        masks = self._derived_masks(hand1, ends, others, fig1, after)
        lumps = self.blanks.lumped_pool(pool, ends, others, fig1) if after == 2 else pool
        if masks is not None and k == 2 and self.extra_plays == 1 and self.read_masks:
            return self._pair_sum(masks, pool, n, need)
        total = 0
        left = falling_factorial(n, k)               # ordered draws not summed yet
        top = falling_factorial(n - k, after)        # the most one of them can add
        for combo in sorted_multisets([(i, u) for i, (_x, u) in enumerate(lumps)], k):
            self.work.outcome()
            ways = distinct_orders(combo)
            cards: list[int] = []
            for i, m in Counter(combo).items():
                x, u = lumps[i]
                ways *= falling_factorial(u, m)
                cards.extend((x,) * m if isinstance(x, int) else x[:m])
            d2 = drawn
            for x in cards:
                d2 = pool_take(d2, x)
            v = self._best_next(hand1, tuple(cards), ends, masks, others, fig1, d2, after)
            total += ways * v
            left -= ways
            if need is not None and total + left * top <= need:
                return None
        return total

    def _pair_sum(self, masks: list[tuple[Hand, int]], pool: list[tuple[int, int]], n: int,
                  need: int | Fraction | None) -> int | None:
        """``_draw_value`` for draw two one turn before the end with one extra play and the
        figure (``masks``: ``_derived_masks``): the same sum over the pairs of cards, in the
        same order (``sorted_multisets``), each charged as one chance outcome (``outcome``), with
        the same early stop, but each pair's value read from the masks directly: after the
        cards a and b join the hand, an end's outs are every type if its mask holds a, or b
        is in mask | plus(tableau, a); else mask | plus(a) | plus(b) (``outs_with``); their
        weight loses the cards a and b drawn (``_best_next``)."""
        every = self.every
        live, weight = self._pool_weight(pool)
        plus, known = self.outs.plus_mask, self.plus_memo.get
        outcome = self.work.outcome
        types = len(self.types)
        # per end: its tableau, its mask, plus(tableau, c) per card type c as asked
        rows: list[tuple[Hand, int, list[int | None]]] = [(t3, m, [None] * types)
                                                           for t3, m in masks]
        full = n - 2                        # the weight of every type after the two cards
        total = 0
        left = n * (n - 1)                  # ordered draws not summed yet
        top = n - 2                         # the most one of them can add
        # the early stop in integers: total + left * top <= need
        need_num, need_den = (0, 0) if need is None else (need.numerator, need.denominator)
        full_a = -1                         # a mark: every type an out once a joins

        def plus_at(t3: Hand, row: list[int | None], c: int) -> int:
            hit = row[c]
            if hit is None:
                hit = known((t3, c))
                hit = row[c] = plus(t3, c) if hit is None else hit
            return hit

        for i, (a, ua) in enumerate(pool):  # sorted_multisets' order: (a, b) for b after a, (a, a)
            # what a alone decides, per end, worked out when a pair first reaches that end (as
            # the loop over the ends did for each pair, so the same plus masks are asked):
            # None not yet, full_a if every type is an out there once a joins the hand (its
            # mask holds a, or is every type with plus(a)), else the end's mask | plus(a)
            ab = 1 << a
            a_rows: list[int | None] = [None] * len(rows)
            pairs = [(b, 2 * ua * ub) for b, ub in pool[i + 1:]]
            if ua >= 2:
                pairs.append((a, ua * (ua - 1)))
            for b, ways in pairs:
                outcome()
                v = 0
                bb = 1 << b
                for r, (t3, m, row) in enumerate(rows):
                    m2 = a_rows[r]
                    if m2 is None:
                        m2 = full_a if m == every or m & ab else m | plus_at(t3, row, a)
                        a_rows[r] = m2 = full_a if m2 == every else m2
                    if m2 == full_a or m2 & bb:     # b joins: full if in the end's mask
                        v = full
                        break
                    pb = row[b]
                    m2 |= plus_at(t3, row, b) if pb is None else pb
                    w = ((m2 & live).bit_count() if live else weight(m2)) \
                        - (m2 & ab != 0) - (m2 & bb != 0)
                    if w > v:
                        v = w
                total += ways * v
                left -= ways
                if need_den and (total + left * top) * need_den <= need_num:
                    return None
        return total

    def _pass_value(self, hand2: Hand, q: int, ends: list[tuple[Hand, Hand]], others: Hand,
                    fig1: bool, drawn: Hand, after: int, pool: list[tuple[int, int]],
                    need: int | Fraction | None = None) -> int | None:
        """Sum over the received card (copies as weights) of the best next numerator after
        passing q (``hand2`` = the hand without q); None as soon as it cannot exceed ``need``."""
        if not pool:
            d2 = pool_give(drawn, q)
            numerator = self.search.numerator
            v = max(numerator(hand2, t3, dk3, others, fig1, d2, after) for t3, dk3 in ends)
            return None if need is not None and v <= need else v
        n = self.unseen0 - pool_net(drawn)
        if after == 1 and self.extra_plays == 0:
            # closed form: every type if the card received is an out of some Discard choice,
            # else the best choice's outs (the received card is not among them; q joins the
            # unseen cards)
            masks = [self.outs.outs_mask(hand2, t3, dk3, others, fig1) for t3, dk3 in ends]
            union = 0
            for m in masks:
                union |= m
            w_best = max(self.unseen.weighted(m, drawn) + (m >> q & 1) for m in masks)
            hit = self.unseen.weighted(union, drawn)
            return hit * n + (n - hit) * w_best
        masks = self._derived_masks(hand2, ends, others, fig1, after)
        if masks is not None and self.extra_plays == 1 and self.read_masks:
            return self._pass_sum(masks, pool, q, n, need)
        total = 0
        left = sum(u for _c, u in pool)
        top = falling_factorial(self.unseen0 - pool_net(drawn), after)
        lumps = self.blanks.lumped_pool(pool, ends, others, fig1) if after == 2 else pool
        for x, u in lumps:
            self.work.outcome()
            c = x if isinstance(x, int) else x[0]
            d2 = pool_give(pool_take(drawn, c), q)
            v = self._best_next(hand2, (c,), ends, masks, others, fig1, d2, after)
            total += u * v
            left -= u
            if need is not None and total + left * top <= need:
                return None
        return total

    def _pass_sum(self, masks: list[tuple[Hand, int]], pool: list[tuple[int, int]], q: int,
                  n: int, need: int | Fraction | None) -> int | None:
        """``_pass_value`` one turn before the end with one extra play and the figure
        (``masks``: ``_derived_masks``): the same sum over the card received, in the same
        order, each charged as one chance outcome, with the same early stop, but each card's
        value read from the masks: once card c joins the hand, an end's outs are every type if
        its mask holds c, else mask | plus(tableau, c) (``outs_with``); their weight loses
        the card c received and gains the card q passed (``_best_next``)."""
        every = self.every
        live, weight = self._pool_weight(pool)
        plus, known = self.outs.plus_mask, self.plus_memo.get
        outcome = self.work.outcome
        qb = 1 << q
        total = 0
        left = sum(u for _c, u in pool)
        # the early stop in integers: total + left * n <= need
        need_num, need_den = (0, 0) if need is None else (need.numerator, need.denominator)
        for c, u in pool:
            outcome()
            best = 0
            cb = 1 << c
            for t3, m in masks:
                if m == every or m & cb:
                    best = n
                    break
                pc = known((t3, c))
                m2 = m | (plus(t3, c) if pc is None else pc)
                v = ((m2 & live).bit_count() if live else weight(m2)) \
                    - (m2 & cb != 0) + (m2 & qb != 0)
                if v > best:
                    best = v
            total += u * best
            left -= u
            if need_den and (total + left * n) * need_den <= need_num:
                return None
        return total

    @staticmethod
    def _pool_weight(pool: list[tuple[int, int]]) -> tuple[int, Callable[[int], int]]:
        """The unseen copies of the types in a mask, the unseen cards being ``pool`` (as
        ``weighted``, from ``pool`` instead of the pool change; nothing remembered): (live,
        weight). ``live``: the mask of the pool's types when each has one copy (the weight
        of m is then ``(m & live).bit_count()``, which the loops write inline), else 0;
        ``weight(m)`` in every case."""
        by: dict[int, int] = {}
        for x, u in pool:
            by[u] = by.get(u, 0) | 1 << x
        if len(by) == 1 and 1 in by:
            live = by[1]
            return live, lambda m: (m & live).bit_count()
        levels = list(by.items())
        return 0, lambda m: sum(k * (m & lm).bit_count() for k, lm in levels)

    def _derived_masks(self, hand: Hand, ends: list[tuple[Hand, Hand]], others: Hand,
                       fig1: bool, after: int) -> list[tuple[Hand, int]] | None:
        """With one turn after (``after`` = 1) and outs that can be derived from masks
        (``derivable``): each Discard end's tableau with its outs mask for ``hand``, so that
        a chance outcome's value needs no search (``_best_next``); else None."""
        if after == 1 and self.outs.derivable(fig1):
            return [(t3, self.outs.outs_mask(hand, t3, dk3, others, fig1)) for t3, dk3 in ends]
        return None

    def _best_next(self, hand: Hand, cards: tuple[int, ...], ends: list[tuple[Hand, Hand]],
                   masks: list[tuple[Hand, int]] | None, others: Hand, fig1: bool,
                   d2: Hand, after: int) -> int:
        """The best next numerator over the Discard ends once ``cards`` (drawn or received)
        join ``hand``; ``d2``: the cards drawn so far, ``cards`` included. From ``masks``
        (``_derived_masks``) when given, else by the search over ``after`` turns."""
        if masks is not None:
            weighted, outs_with = self.unseen.weighted, self.outs.outs_with
            return max(weighted(outs_with(m, t3, cards), d2) for t3, m in masks)
        for x in cards:
            hand = insert(hand, x)
        numerator = self.search.numerator
        return max(numerator(hand, t3, dk3, others, fig1, d2, after) for t3, dk3 in ends)
