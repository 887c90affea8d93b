"""The search when the unseen cards can run out: the discard pile is shuffled in (RULES.md §C1).

In the §C1 model every draw (a turn's, or draw two's) comes uniformly from the unseen cards;
when none is unseen and a card must be drawn, the whole discard pile is shuffled into a new
deck first (RULES.md §A3's rule: its cards are face down again, so they are the unseen cards
now and the pile is empty), and with both empty the draw is skipped. Over T turns this can
happen only when the unseen cards are fewer than the draws the question can make:
``needed(T)``, U < T + (T - 1)·k with draw two (k cards) in reach (a pass never takes a card
out of the unseen cards: it gives one back for the one it brings). Otherwise the integer
search of ``search`` is exact and answers; here a plain search over the same parts (the plays,
Powers and Discards of ``moves``, this turn's scores of ``outs``) values each position with
Fractions, keeping the unseen cards as counts per type (``Pool``) and the whole discard pile
(its cards come back at a reshuffle). The last turn is its outs mask weighted by the cards the
draw comes from; after draw two or pass one turn before the end, the outs of the hand plus the
cards that came derive from the hand's (``outs.outs_with``), as in ``chance``. Each position
valued over two or more turns is a memo entry of the work budget, each card drawn or received a
chance outcome.
The same rule in the game: ``swkit.cards.powers.base`` (``refill_deck``); checked against the
game tree (``tests/oracles/cards_oracle.py``, which plays the game's own reshuffle) by
``tests/test_odds_cards_monotone.py``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from swkit.cards.powers import extra_draw, passing
from swkit.odds.cards.facts import Facts
from swkit.odds.cards.hands import Hand, distinct, insert, remove
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.position import TABLEAU_LIMIT
from swkit.odds.cards.work import Work

Pool = tuple[int, ...]
"""The unseen cards as copies per type (index = type)."""

State = tuple[Hand, Hand, Hand, Hand, bool, Pool]
"""(hand, tableau, discard pile bottom to top, other tableaux, figure held, unseen cards)."""


class Reshuffle:
    """P(score within T turns) when the unseen cards can run out (module docstring): ``value``
    from the start of a turn, ``options`` after a draw (every end of the turn, draw two and
    pass, each with its value), ``draws`` (where the next card comes from)."""

    def __init__(self, facts: Facts, work: Work, moves: Moves, outs: Outs) -> None:
        self.types, self.unseen0, self.base = facts.types, facts.unseen0, facts.base
        self.draw_k, self.pass_n, self.scorable = facts.draw_k, facts.pass_n, facts.scorable
        self.work, self.moves, self.outs = work, moves, outs
        self.reshuffle_memo: dict[Any, Fraction] = {}
        self.choice_memo: dict[Any, tuple[Any, ...]] = {}  # ``sample``'s best ends

    def needed(self, turns: int) -> bool:
        """True if ``turns`` turns can draw more cards than are unseen now (T >= 2; T = 1 with
        nothing unseen draws from the discard pile, ``player_odds`` answers it directly)."""
        return turns >= 2 and self.unseen0 < turns + (turns - 1) * self.draw_k

    def start(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool) -> State:
        """The state of the question (the unseen cards of the position)."""
        return (hand, tab, self._disc(disc), others, figure, self.base)

    # ---- where a card comes from ----
    def draws(self, pool: Pool, disc: Hand) -> list[tuple[int | None, int, int, Pool, Hand]]:
        """The next draw: [(type drawn or None when nothing can be drawn, its copies, out of
        how many, the unseen cards after, the discard pile after)]; from the unseen cards, or,
        with none, from the discard pile shuffled into a new deck (then empty)."""
        n = sum(pool)
        if not n and disc:
            counts = [0] * len(self.types)
            for c in disc:
                counts[c] += 1
            pool, disc, n = tuple(counts), (), len(disc)
        if not n:
            return [(None, 1, 1, pool, disc)]
        return [(x, u, n, pool[:x] + (u - 1,) + pool[x + 1:], disc)
                for x, u in enumerate(pool) if u]

    def _disc(self, disc: Hand) -> Hand:
        """The discard pile as remembered: its order only where Power 3 or 8 can read it."""
        return disc if self.moves.order_matters() else tuple(sorted(disc))

    # ---- the values ----
    def value(self, state: State, turns: int) -> Fraction:
        """P(scoring within ``turns`` turns) from the start of a turn (before the draw)."""
        if turns == 1:
            return self._last(state)
        key = (*state, turns)
        hit = self.reshuffle_memo.get(key)
        if hit is not None:
            return hit
        self.work.tick()
        hand, tab, disc, others, figure, pool = state
        total = Fraction(0)
        for x, u, n, pool2, disc2 in self.draws(pool, disc):
            h = hand if x is None else insert(hand, x)
            total += Fraction(u, n) * self.after_draw((h, tab, disc2, others, figure, pool2),
                                                      turns)
        self.reshuffle_memo[key] = total
        return total

    def _last(self, state: State) -> Fraction:
        """P(scoring in the last turn): the outs (the types whose draw scores, remembered by
        ``outs``) weighted by their copies among the cards the draw comes from; not remembered
        here, a sum over the types being cheap."""
        hand, tab, disc, others, figure, pool = state
        n = sum(pool)
        if not n and disc:              # the discard pile shuffled in
            counts = [0] * len(self.types)
            for c in disc:
                counts[c] += 1
            pool, disc, n = tuple(counts), (), len(disc)
        if not n:
            scores = self.outs.can_score(hand, tab, self._now(disc, 1), others, figure)
            return Fraction(int(scores))
        mask = self.outs.outs_mask(hand, tab, self._now(disc, 1), others, figure)
        return Fraction(sum(u for x, u in enumerate(pool) if mask >> x & 1), n)

    def after_draw(self, state: State, turns: int) -> Fraction:
        """P(scoring within ``turns`` turns) after this turn's draw (the hand holds it)."""
        hand, tab, disc, others, figure, _pool = state
        if self.outs.can_score(hand, tab, self._now(disc, turns), others, figure):
            return Fraction(1)
        if turns == 1:
            return Fraction(0)
        best = Fraction(0)
        for _steps, v in self.options(state, turns):
            if v > best:
                best = v
                if best == 1:
                    break
        return best

    def _now(self, disc: Hand, turns: int) -> Hand:
        """The discard pile as this turn's score reads it (Power 3's top cards)."""
        return self.moves.disc_key(disc, 1) if turns == 1 else disc

    def options(self, state: State, turns: int) -> Iterator[tuple[tuple[Any, ...], Fraction]]:
        """After the draw of a turn that does not score, ``turns`` >= 2 to go: each way to end
        it (the engine's steps) with P(scoring within the next ``turns`` - 1 turns): every
        play, Power that moves cards and Discard (as ``Moves.ends``), then each play followed
        by draw two or pass, whose cards come by chance, with the best Discard knowing them."""
        hand, tab, disc, others, figure, pool = state
        after = turns - 1
        moves = self.moves
        for p, tab1, hand1, fig1 in moves.plays(hand, tab, figure):
            step0: tuple[Any, ...] = ("play", p, fig1 and not figure)
            for steps, h2, t2, d2, o2 in moves.powers_then(hand1, tab1, disc, others, fig1):
                for dsteps, t3, d3 in moves.discards(t2, d2, after):
                    yield ((step0, *steps, *dsteps),
                           self.value((h2, t3, self._disc(d3), o2, fig1, pool), after))
        if not (self.draw_k or self.pass_n) or not self.scorable:
            return
        derived = after == 1 and self.outs.derivable(True)
        for p, tab1, hand1, fig1 in moves.plays(hand, tab, figure):
            if not fig1:
                continue
            step0 = ("play", p, not figure)
            big = len(tab1) > TABLEAU_LIMIT
            if self.draw_k and extra_draw.refused(sum(pool), len(disc)) is None:
                v = Fraction(0)
                masks: dict[Hand, list[tuple[Hand, int]]] = {}
                for w, cards, pool2, disc2 in self._drawn((), pool, disc, self.draw_k):
                    if derived and sum(pool2):
                        v += w * self._derived(hand1, cards, tab1, disc2, others, pool2, masks)
                    else:
                        h2 = hand1
                        for c in cards:
                            h2 = insert(h2, c)
                        v += w * self._best_discard(h2, tab1, disc2, others, pool2, after)
                yield (step0, ("draw", self.draw_k, big)), v
            if self.pass_n and passing.refused(len(hand1)) is None:
                for q in distinct(hand1):
                    v = Fraction(0)
                    hand2 = remove(hand1, q)
                    masks = {}
                    for w, c, pool2 in self._received(q, pool):
                        if derived:
                            cards = () if c is None else (c,)
                            v += w * self._derived(hand2, cards, tab1, disc, others, pool2,
                                                   masks)
                        else:
                            h2 = hand2 if c is None else insert(hand2, c)
                            v += w * self._best_discard(h2, tab1, disc, others, pool2, after)
                    yield (step0, ("pass", q, big)), v

    def _derived(self, hand: Hand, cards: tuple[int, ...], tab1: Hand, disc: Hand,
                 others: Hand, pool: Pool, masks: dict[Hand, list[tuple[Hand, int]]]
                 ) -> Fraction:
        """One turn left, a card unseen for its draw, the outs derivable (``outs.derivable``):
        the best Discard's chance once ``cards`` join ``hand``, from each Discard's outs for
        ``hand`` alone (``masks``, per discard pile) and ``outs.outs_with``, as the integer
        search does (``chance``), so no position is remembered per chance outcome."""
        ends = masks.get(disc)
        if ends is None:
            ends = masks[disc] = [
                (t3, self.outs.outs_mask(hand, t3, self._now(d3, 1), others, True))
                for _d, t3, d3 in self.moves.discards(tab1, disc, 1)]
        n = sum(pool)
        best = 0
        for t3, m in ends:
            m2 = self.outs.outs_with(m, t3, cards)
            got = sum(u for x, u in enumerate(pool) if m2 >> x & 1)
            if got > best:
                best = got
                if best == n:
                    break
        return Fraction(best, n)

    def _drawn(self, cards: tuple[int, ...], pool: Pool, disc: Hand, k: int
               ) -> Iterator[tuple[Fraction, tuple[int, ...], Pool, Hand]]:
        """Draw two's ``k`` cards, one draw at a time (each from the unseen cards, or the
        discard pile shuffled in, or skipped): (probability, the cards drawn after ``cards``,
        unseen cards, pile)."""
        if not k:
            yield Fraction(1), cards, pool, disc
            return
        for x, u, n, pool2, disc2 in self.draws(pool, disc):
            self.work.outcome()
            if x is None:
                yield Fraction(1), cards, pool2, disc2
                continue
            for w, got, pool3, disc3 in self._drawn((*cards, x), pool2, disc2, k - 1):
                yield Fraction(u, n) * w, got, pool3, disc3

    def _received(self, q: int, pool: Pool) -> Iterator[tuple[Fraction, int | None, Pool]]:
        """Pass: q joins the unseen cards, one card uniform over the unseen cards before it
        comes (none when nothing is unseen): (probability, card received or None, unseen
        cards)."""
        n = sum(pool)
        if not n:
            yield Fraction(1), None, pool[:q] + (pool[q] + 1,) + pool[q + 1:]
            return
        for c, u in enumerate(pool):
            if u:
                self.work.outcome()
                got = list(pool)
                got[c] -= 1
                got[q] += 1
                yield Fraction(u, n), c, tuple(got)

    def _best_discard(self, hand: Hand, tab1: Hand, disc: Hand, others: Hand, pool: Pool,
                      after: int) -> Fraction:
        """The best value over the Discard choices, the cards already known (figure held)."""
        return max(self.value((hand, t3, self._disc(d3), others, True, pool), after)
                   for _d, t3, d3 in self.moves.discards(tab1, disc, after))

    # ---- the Monte Carlo twin ----
    def sample(self, state: State, turns: int, rng: random.Random, look: int | None) -> bool:
        """One game of ``turns`` turns from ``state`` with the draws sampled: True if the
        player scores. Each non-scoring turn ends the best way for the next turns (``look``:
        the next ``look`` turns only, None: all of them), draw two's and pass's cards
        sampled too (the Monte Carlo twin of ``value``)."""
        for t in range(turns, 0, -1):
            hand, tab, disc, others, figure, pool = state
            x, _u, _n, pool, disc = self._pick(rng, pool, disc)
            hand = hand if x is None else insert(hand, x)
            state = (hand, tab, disc, others, figure, pool)
            if self.outs.can_score(hand, tab, self._now(disc, t), others, figure):
                return True
            if t == 1:
                return False
            after = t - 1 if look is None else min(look, t - 1)
            best = self.choice_memo.get((state, after))
            if best is None:
                top = Fraction(-1)
                for steps, v in self.options(state, after + 1):
                    if v > top:
                        top, best = v, steps
                        if v == 1:
                            break
                assert best is not None
                self.choice_memo[(state, after)] = best
            state = self._follow(state, best, after, rng)
        return False  # pragma: no cover - the loop returns at t == 1

    def _pick(self, rng: random.Random, pool: Pool, disc: Hand
              ) -> tuple[int | None, int, int, Pool, Hand]:
        opts = self.draws(pool, disc)
        return rng.choices(opts, weights=[o[1] for o in opts])[0]

    def _follow(self, state: State, steps: tuple[Any, ...], after: int, rng: random.Random
                ) -> State:
        """The state at the start of the next turn after the end ``steps`` (sampled cards
        for draw two and pass, then the Discard best for the next ``after`` turns knowing
        them)."""
        hand, tab, disc, others, figure, pool = state
        if steps[-1][0] not in ("draw", "pass"):
            for s, nxt_v in self._ends_with_state(state, after):
                if s == steps:
                    return nxt_v
            raise AssertionError("the chosen end is one of the ends")  # pragma: no cover
        p = steps[0][1]
        tab1 = tab if p is None else insert(tab, p)
        hand1 = hand if p is None else remove(hand, p)
        if steps[-1][0] == "draw":
            for _ in range(self.draw_k):
                x, _u, _n, pool, disc = self._pick(rng, pool, disc)
                if x is None:
                    break
                hand1 = insert(hand1, x)
        else:
            q = steps[-1][1]
            hand1 = remove(hand1, q)
            opts = list(self._received(q, pool))
            _w, c, pool = rng.choices(opts, weights=[o[0] for o in opts])[0]
            hand1 = hand1 if c is None else insert(hand1, c)
        best = None
        for _d, t3, d3 in self.moves.discards(tab1, disc, after):
            nxt = (hand1, t3, self._disc(d3), others, True, pool)
            v = self.value(nxt, after)
            if best is None or v > best[0]:
                best = (v, nxt)
        assert best is not None
        return best[1]

    def _ends_with_state(self, state: State, after: int) -> Iterator[tuple[tuple[Any, ...],
                                                                            State]]:
        hand, tab, disc, others, figure, pool = state
        for p, tab1, hand1, fig1 in self.moves.plays(hand, tab, figure):
            step0: tuple[Any, ...] = ("play", p, fig1 and not figure)
            for steps, h2, t2, d2, o2 in self.moves.powers_then(hand1, tab1, disc, others, fig1):
                for dsteps, t3, d3 in self.moves.discards(t2, d2, after):
                    yield (step0, *steps, *dsteps), (h2, t3, self._disc(d3), o2, fig1, pool)
