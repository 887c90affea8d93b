"""The search over turns: P(scoring within T of your turns).

With U unseen cards, ``numerator(position, drawn, T)`` = P(score within T turns) x
U(U-1)...(U-T+1), an integer: for T = 1 the weighted outs; else the sum over the draws x of
u_x x ((U-1)...(U-T+1) if x scores now, else ``best_next``), where ``best_next`` = the largest
numerator over every end of the turn (``ends``) and the chance Powers (``with_chance``),
memoised on (hand, tableau, discard key, others, figure, drawn, T). Two turns to go take the
shared paths of ``noextra``, ``extra`` and ``batch``. ``value`` = numerator / U(U-1)... as a
Fraction. Each position valued over two or more turns is a step of work (``work.Work``).
Checked against the game tree:
``tests/test_odds_cards.py::test_two_turns_match_the_game_tree`` and
``::test_three_turns_match_the_game_tree``; the budget: ``tests/test_odds_cards_budget.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from swkit.odds.cards.batch import Batch
from swkit.odds.cards.blanks import Blanks
from swkit.odds.cards.chance import Chance
from swkit.odds.cards.extra import ExtraPlay
from swkit.odds.cards.facts import Facts, Unseen
from swkit.odds.cards.hands import Hand, falling_factorial, insert, pool_net, pool_take
from swkit.odds.cards.moves import Moves
from swkit.odds.cards.noextra import NoExtra
from swkit.odds.cards.outs import Outs
from swkit.odds.cards.work import Work


class Search:
    """The search over turns (``numerator``, ``best_next``, ``value``)."""

    def __init__(self, facts: Facts, unseen: Unseen, work: Work, moves: Moves, outs: Outs,
                 blanks: Blanks, noextra: NoExtra, extra: ExtraPlay, chance: Chance,
                 batch: Batch) -> None:
        self.types, self.extra_plays, self.unseen0 = facts.types, facts.extra_plays, facts.unseen0
        self.noextra, self.extra = noextra, extra
        self.value_memo: dict[Any, int | Fraction] = {}
        self.progress: Callable[[int, int], None] | None = None  # (first draws done, of)
        self.unseen = unseen
        self.work = work
        self.moves = moves
        self.outs = outs
        self.blanks = blanks
        self.batch = batch
        self.chance = chance

    def value_key(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int) -> tuple[Any, ...]:
        """The memo key of ``numerator`` (turns >= 2): the position, ``drawn`` and ``turns``;
        two turns to go without an extra play, with the blanks lumped (``blanks``), so
        positions that differ only in which blanks they hold share one entry."""
        if turns == 2 and self.extra_plays == 0:
            return (*self.blanks.blank_key(hand, tab, disc, others, figure, drawn), turns)
        return (hand, tab, disc, others, figure, drawn, turns)

    def numerator(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int) -> int:
        """P(score within ``turns`` turns) from the start of a turn (before the draw) times
        U·(U−1)·…·(U−turns+1), U = the unseen cards (the initial ones minus ``drawn``)."""
        if turns == 1:
            return self.unseen.weighted(self.outs.outs_mask(hand, tab, disc, others, figure), drawn)
        key = self.value_key(hand, tab, disc, others, figure, drawn, turns)
        hit = self.value_memo.get(key)
        if hit is not None:
            return hit
        self.work.tick()
        if turns == 2 and self.extra_plays == 0 and self.unseen0 - pool_net(drawn) > 1:
            hit = self.value_memo[key] = self.noextra.numerator2(hand, tab, disc, others, figure,
                                                                 drawn)
            return hit
        if turns == 2 and self.batch.batched():
            hit = self.value_memo[key] = self.batch.numerator2_batch(
                [(hand, tab, disc, others, figure)], drawn)[0]
            return hit
        if turns == 2 and self.extra_plays == 1:
            hit = self.value_memo[key] = self.extra.numerator2_extra(hand, tab, disc, others,
                                                                     figure, drawn)
            return hit
        u_total = self.unseen0 - pool_net(drawn)
        full = falling_factorial(u_total - 1, turns - 1)
        total = 0
        top = self.progress if not drawn else None      # the question's own first draws
        for x in range(len(self.types)):
            if top is not None:
                top(x, len(self.types))
            u = self.unseen.copies(x, drawn)
            if u <= 0:
                continue
            h = insert(hand, x)
            if self.outs.can_score(h, tab, disc, others, figure):
                total += u * full
            else:
                total += u * self.best_next(h, tab, disc, others, figure, pool_take(drawn, x),
                                            turns, full, x)
        self.value_memo[key] = total
        return total

    def best_next(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int, full: int, new: int | None = None) -> int:
        """The best numerator of the next turns after a non-scoring turn (``turns`` >= 2);
        ``new``: the card just drawn (in ``hand``), if known (see ``outs_new``)."""
        if turns == 2:
            if self.extra_plays == 0:
                best = self.noextra.best_last_no_extra(hand, tab, disc, others, figure, drawn)
            else:
                best = self.extra.best_last(hand, tab, disc, others, figure, drawn, new)
            return self.chance.with_chance(best, hand, tab, disc, others, figure, drawn, turns)
        nexts = list(dict.fromkeys(
            nxt for _steps, nxt in self.moves.ends(hand, tab, disc, others, figure, turns - 1)))
        if turns == 3 and self.batch.batched():
            # the next positions' two-turn values in one batch (``numerator2_batch``)
            todo = [nxt for nxt in nexts if (*nxt, drawn, 2) not in self.value_memo]
            self.work.check_budget()
            for nxt, v in zip(todo, self.batch.numerator2_batch(todo, drawn), strict=True):
                self.value_memo[(*nxt, drawn, 2)] = v
        best = 0
        for nxt in nexts:
            v = self.numerator(*nxt, drawn, turns - 1)
            if v > best:
                best = v
                if best == full:
                    break
        return self.chance.with_chance(best, hand, tab, disc, others, figure, drawn, turns)

    def value(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
              drawn: Hand, turns: int) -> Fraction:
        """P(score within ``turns`` turns) from the start of a turn, as a Fraction."""
        u_total = self.unseen0 - pool_net(drawn)
        return Fraction(self.numerator(hand, tab, disc, others, figure, drawn, turns),
                        falling_factorial(u_total, turns))
