"""The search over turns: P(scoring within T of your turns), and its work budget.

With U unseen cards, ``numerator(position, drawn, T)`` = P(score within T turns) x
U(U-1)...(U-T+1), an integer: for T = 1 the weighted outs; else the sum over the draws x of
u_x x ((U-1)...(U-T+1) if x scores now, else ``best_next``), where ``best_next`` = the largest
numerator over every end of the turn (``ends``) and the chance Powers (``_with_chance``),
memoised on (hand, tableau, discard key, others, figure, drawn, T). Two turns to go take the
shared paths of ``noextra``, ``extra`` and ``batch``. ``value`` = numerator / U(U-1)... as a
Fraction. The work budget counts the entries of every memo table of the search
(``memo_entries``), the same on every path. Checked against the game tree:
``tests/test_odds_cards.py::test_two_turns_match_the_game_tree`` and
``::test_three_turns_match_the_game_tree``; the budget: ``tests/test_odds_cards_budget.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from swkit.odds.cards.hands import Hand, falling_factorial, insert, pool_net, pool_take

OUTCOMES_PER_ENTRY = 16
"""The work budget charges one memo entry for every 16 chance outcomes valued (draw two's
card pairs, pass's received cards: ``Search.outcome``). Most outcomes end in a remembered
position, and then this adds a little; but two turns before the end with an extra play in
reach, draw two's and pass's outcomes are derived from masks and remembered nowhere, and the
budget must still grow with the time spent. The measurements behind the 16 are in
bench/README.md ("Chance outcomes count too")."""


class OverBudget(Exception):
    """Raised inside the search when its memo tables pass the budget (``Engine._tick``);
    ``player_odds`` turns it into a ``WorkBudgetError`` that says why and what to ask."""

    def __init__(self, spent: int) -> None:
        super().__init__(spent)
        self.spent = spent


@dataclass(kw_only=True)
class Search:
    """The search over turns (``numerator``, ``best_next``, ``value``) and the work budget."""

    value_memo: dict[Any, Fraction] = field(default_factory=dict)
    levels_memo: dict[Hand, list[tuple[int, int]]] = field(default_factory=dict)
    budget: int | None = None               # memo entries allowed (None: no limit)
    ticks: int = 0                          # work steps since the start (see _tick)
    outcomes: int = 0                       # chance outcomes valued (see outcome)
    progress: Callable[[int, int], None] | None = None   # (first draws done, of) at the top
    memo_tables: list[dict[Any, Any]] = field(default_factory=list)  # see memo_entries

    # ---- the work budget (counted in memo entries, the same on every path) ----
    def memo_entries(self) -> int:
        """The entries of every memo table this search holds (its dicts, and the row tables
        of the numpy batch): the unit of the work budget. The triple lookups shared by every
        question (``PAIR_MEMOS``) are not counted."""
        if not self.memo_tables:        # every memo table is a field, made with the engine
            self.memo_tables = [v for v in self.__dict__.values() if isinstance(v, dict)]
        return sum(map(len, self.memo_tables)) + self._row_entries()

    def _tick(self) -> None:
        """One step of work (a position valued over two or more turns, a chance outcome):
        every 16th step, raise ``OverBudget`` once the memo tables hold more entries than
        ``budget``."""
        self.ticks += 1
        if not self.ticks & 15:
            self.check_budget()

    def outcome(self) -> None:
        """One chance outcome valued (a card pair of draw two, a card received by pass): a
        step of work (``_tick``) that also counts 1/``OUTCOMES_PER_ENTRY`` of a memo entry."""
        self.outcomes += 1
        self._tick()

    def spent(self) -> int:
        """The work spent, in memo entries: ``memo_entries()`` plus one entry per
        ``OUTCOMES_PER_ENTRY`` chance outcomes valued (the same on every path)."""
        return self.memo_entries() + self.outcomes // OUTCOMES_PER_ENTRY

    def check_budget(self) -> None:
        """Raise ``OverBudget`` if the work spent (``spent``: memo entries, and chance
        outcomes at 1/``OUTCOMES_PER_ENTRY`` each) passes ``budget``."""
        if self.budget is not None:
            spent = self.spent()
            if spent > self.budget:
                raise OverBudget(spent)

    def weighted(self, mask: int, drawn: Hand) -> int:
        """Unseen copies (after ``drawn``) of the types in ``mask``."""
        total = 0
        for k, kmask in self.base_masks:
            total += k * (mask & kmask).bit_count()
        for d in drawn:
            if d >= 0:
                total -= mask >> d & 1
            else:
                total += mask >> ~d & 1
        return total

    def copies(self, x: int, drawn: Hand) -> int:
        """Unseen copies of type x after the pool change ``drawn``."""
        return self.base[x] - drawn.count(x) + drawn.count(~x)

    def _levels(self, drawn: Hand) -> list[tuple[int, int]]:
        """The unseen cards after the pool change ``drawn`` as [(copies k, bitmask of the
        types with k unseen copies)], so ``weighted(m, drawn)`` = sum of k · |m ∩ mask|
        (memoised per ``drawn``)."""
        hit = self.levels_memo.get(drawn)
        if hit is None:
            by: dict[int, int] = {}
            for x in range(len(self.types)):
                c = self.copies(x, drawn)
                if c > 0:
                    by[c] = by.get(c, 0) | 1 << x
            hit = self.levels_memo[drawn] = sorted(by.items())
        return hit

    def value_key(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int) -> tuple[Any, ...]:
        """The memo key of ``numerator`` (turns >= 2): the position, ``drawn`` and ``turns``;
        two turns to go without an extra play, with the blanks lumped (``blanks``), so
        positions that differ only in which blanks they hold share one entry."""
        if turns == 2 and self.ep == 0:
            return (*self.blank_key(hand, tab, disc, others, figure, drawn), turns)
        return (hand, tab, disc, others, figure, drawn, turns)

    def numerator(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int) -> int:
        """P(score within ``turns`` turns) from the start of a turn (before the draw) times
        U·(U−1)·…·(U−turns+1), U = the unseen cards (the initial ones minus ``drawn``)."""
        if turns == 1:
            return self.weighted(self.outs_mask(hand, tab, disc, others, figure), drawn)
        key = self.value_key(hand, tab, disc, others, figure, drawn, turns)
        hit = self.value_memo.get(key)
        if hit is not None:
            return hit
        self._tick()
        if turns == 2 and self.ep == 0 and self.unseen0 - pool_net(drawn) > 1:
            hit = self.value_memo[key] = self._numerator2(hand, tab, disc, others, figure, drawn)
            return hit
        if turns == 2 and self._batched():
            hit = self.value_memo[key] = self._numerator2_batch(
                [(hand, tab, disc, others, figure)], drawn)[0]
            return hit
        if turns == 2 and self.ep == 1:
            hit = self.value_memo[key] = self._numerator2_extra(hand, tab, disc, others, figure,
                                                                drawn)
            return hit
        u_total = self.unseen0 - pool_net(drawn)
        full = falling_factorial(u_total - 1, turns - 1)
        total = 0
        top = self.progress if not drawn else None      # the question's own first draws
        for x in range(len(self.types)):
            if top is not None:
                top(x, len(self.types))
            u = self.copies(x, drawn)
            if u <= 0:
                continue
            h = insert(hand, x)
            if self.can_score(h, tab, disc, others, figure):
                total += u * full
            else:
                total += u * self.best_next(h, tab, disc, others, figure, pool_take(drawn, x),
                                            turns, full, x)
        self.value_memo[key] = total
        return total

    def best_next(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
                  drawn: Hand, turns: int, full: int, new: int | None = None) -> int:
        """The best numerator of the next turns after a non-scoring turn (``turns`` >= 2);
        ``new``: the card just drawn (in ``hand``), if known (see ``_outs_new``)."""
        if turns == 2:
            if self.ep == 0:
                best = self._best_last_no_extra(hand, tab, disc, others, figure, drawn)
            else:
                best = self._best_last(hand, tab, disc, others, figure, drawn, new)
            return self._with_chance(best, hand, tab, disc, others, figure, drawn, turns)
        nexts = list(dict.fromkeys(
            nxt for _steps, nxt in self.ends(hand, tab, disc, others, figure, turns - 1)))
        if turns == 3 and self._batched():
            # the next positions' two-turn values in one batch (``_numerator2_batch``)
            todo = [nxt for nxt in nexts if (*nxt, drawn, 2) not in self.value_memo]
            self.check_budget()
            for nxt, v in zip(todo, self._numerator2_batch(todo, drawn), strict=True):
                self.value_memo[(*nxt, drawn, 2)] = v
        best = 0
        for nxt in nexts:
            v = self.numerator(*nxt, drawn, turns - 1)
            if v > best:
                best = v
                if best == full:
                    break
        return self._with_chance(best, hand, tab, disc, others, figure, drawn, turns)

    def value(self, hand: Hand, tab: Hand, disc: Hand, others: Hand, figure: bool,
              drawn: Hand, turns: int) -> Fraction:
        """P(score within ``turns`` turns) from the start of a turn, as a Fraction."""
        u_total = self.unseen0 - pool_net(drawn)
        return Fraction(self.numerator(hand, tab, disc, others, figure, drawn, turns),
                        falling_factorial(u_total, turns))
