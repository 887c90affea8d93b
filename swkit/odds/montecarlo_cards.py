"""Monte Carlo twins of the card questions (seeded), sampling the same RULES.md §C1 model.

- ``mc_deal``: deal K distinguishable physical cards uniformly at random (a subset, §C1) and
  count the deals holding a set / a run / either (``swkit.odds.deal.deal_odds``'s twin).
- ``mc_player_odds``: draw this turn's card (and the next turns' cards, without replacement)
  uniformly from the unseen cards, then let the player play as in the exact model: score if any
  play and Power can, otherwise end the turn the way that maximises the exact chance of scoring
  later (``swkit.odds.cards.player_odds``'s twin; its draws are sampled, its choices are the
  model's best ones). When the best end uses draw two (7) or pass (10), the cards that come
  are sampled too (draw two: from the unseen cards; pass: one unseen card received, the passed
  card joins the unseen cards), the later draws are sampled again from what is unseen then,
  and the Discard is the best one knowing the cards. When the unseen cards can run out within
  the turns (``swkit.odds.cards.reshuffle``), every draw is sampled one at a time and an empty
  deck takes the discard pile shuffled in, as the exact model does.
- ``mc_policy_odds``: the same games with a simple strategy whose choices are quick on any
  position: each turn's end is the best for the next turn alone (the exact one-turn engine);
  a lower bound on the best play, for a question too large to answer exactly.

Each returns an ``MCResult`` (estimate, low, high, n) with a 99% Wilson interval, so a lesson can
show the simulation converging to the exact Fraction.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from swkit.cards.triples import Wilds
from swkit.errors import ConfigurationError, WorkBudgetError
from swkit.odds.budget import BUDGET_UNIT, DEFAULT_BUDGET
from swkit.odds.cards.engine import check_turns, start_search
from swkit.odds.cards.hands import falling_factorial, insert, pool_give, pool_net, pool_take, remove
from swkit.odds.cards.position import Position
from swkit.odds.cards.work import OverBudget
from swkit.odds.deal import KINDS, Deck, Kind, completion_table, make_wilds
from swkit.odds.montecarlo_dice import MCResult, samples, wilson
from swkit.whole import as_whole

__all__ = ["MCResult", "mc_deal", "mc_player_odds", "mc_policy_odds"]


def mc_deal(cards: int, kind: Kind = "either", editions: int = 1,
            wild_color: str | None = None, wild_number: int | None = None,
            deck: Deck | None = None, wilds: Wilds | None = None, n: int = 20_000,
            seed: int = 0) -> MCResult:
    """Estimate P(K random cards contain a ``kind``) from ``n`` seeded random deals.

    Same inputs as ``deal_odds`` (K may be any 0..deck size here). Returns an MCResult with
    a 99% interval. Raises ConfigurationError for bad input or n < 1.
    """
    if kind not in KINDS:
        raise ConfigurationError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    if deck is None:
        deck = Deck(editions=editions)
    if wilds is None:
        wilds = make_wilds(wild_color, wild_number)
    if as_whole(cards) is None or not 0 <= cards <= deck.size:
        raise ConfigurationError(f"cards must be 0 to {deck.size}, got {cards!r}")
    cards = as_whole(cards)
    n, seed = samples(n, seed)
    table = completion_table(deck.types, kind, wilds)
    physical = [i for i in range(len(deck.types)) for _ in range(deck.editions)]
    rng = random.Random(seed)
    hits = 0
    for _ in range(n):
        deal = rng.sample(physical, cards)
        mask = 0
        found = False
        for j, x in enumerate(deal):
            if mask >> x & 1:
                found = True
                break
            row = table[x]
            for y in deal[:j]:
                mask |= row[y]
        hits += found
    return wilson(hits, n)


def _pool(eng: Any, drawn: tuple[int, ...]) -> list[int]:
    """The unseen cards (one entry per physical card) after the pool change ``drawn``."""
    return [x for x in range(len(eng.types)) for _ in range(eng.copies(x, drawn))]


def _best_choice(eng: Any, hand: tuple[int, ...], tab: tuple[int, ...], disc: tuple[int, ...],
                 others: tuple[int, ...], figure: bool, drawn: tuple[int, ...],
                 t: int, look: int | None = None) -> tuple[Any, ...]:
    """The best end of a non-scoring turn with ``t`` turns to go for the chance of scoring
    within the next ``look`` turns (None: all ``t - 1`` of them, the exact model's best play;
    1: the next turn only): ("end", next position) or, when draw two or pass is better,
    ("chance", card played, ("draw", k) or ("pass", card))."""
    after = t - 1 if look is None else min(look, t - 1)
    full = falling_factorial(eng.unseen0 - pool_net(drawn), after)
    best: Any = -1
    out: tuple[Any, ...] = ()
    for _steps, end in eng.ends(hand, tab, disc, others, figure, t - 1):
        v = eng.numerator(*end, drawn, after)
        if v > best:
            best, out = v, ("end", end)
            if v == full:
                return out
    for steps, v in eng.chance_options(hand, tab, disc, others, figure, drawn, after + 1,
                                       beat=best):
        if v > best:
            best, out = v, ("chance", steps[0][1], steps[1])
    return out


def mc_player_odds(position: Position, turns: int = 1, n: int = 20_000,
                   seed: int = 0, *, stop: Callable[[], bool] | None = None) -> MCResult:
    """Estimate P(scoring within ``turns`` of your turns) by sampling the draws.

    Inputs as ``player_odds``; ``n`` samples, ``seed`` for ``random.Random``. The player's
    choices are the exact model's best ones (the exact values are computed once and cached).
    Returns an MCResult with a 99% interval. Raises ConfigurationError as ``player_odds`` does,
    and WorkBudgetError when the exact choices need more than ``player_odds``'s default
    budget (``mc_policy_odds`` then estimates a lower bound quickly). ``stop()``: the caller's
    cancel flag, as ``player_odds``'s (also asked before each game): SearchCancelled once True.
    """
    return _games(position, turns, n, seed, None, DEFAULT_BUDGET, stop)


def mc_policy_odds(position: Position, turns: int = 1, n: int = 2_000,
                   seed: int = 0, *, stop: Callable[[], bool] | None = None) -> MCResult:
    """Estimate P(scoring within ``turns`` turns) for a simple strategy, quickly, on any
    position: ``n`` seeded games where each non-scoring turn ends the way (play, Power,
    Discard, draw two or pass) that is best for scoring in the next turn alone, by the exact
    one-turn engine. Its chance is at most the best play's
    (``player_odds``), so the estimate is for a lower bound on the best play; at T = 1 no
    choice is left after a draw that does not score, so it estimates ``player_odds`` itself.

    Inputs as ``player_odds``; ``n`` >= 1 games, ``seed`` for ``random.Random``. Returns an
    MCResult (estimate, 99% Wilson interval). Raises ConfigurationError as ``player_odds`` does,
    and SearchCancelled once ``stop()`` (asked before each game and as the engine works)
    returns True.
    """
    return _games(position, turns, n, seed, 1, None, stop)


def _games(position: Position, turns: int, n: int, seed: int, look: int | None,
           budget: int | None, stop: Callable[[], bool] | None = None) -> MCResult:
    """Play ``n`` seeded games of ``turns`` turns from ``position`` (see ``mc_player_odds``);
    each choice is ``_best_choice`` with ``look``; ``budget`` bounds the engine's memo."""
    check_turns(turns)       # before the sample check, as ever (``start_search`` checks it again)
    n, seed = samples(n, seed)
    eng, hand0, tab0, disc_full, others0 = start_search(position, turns, budget, stop)
    try:
        return _sample(eng, position, turns, n, seed, look, hand0, tab0, disc_full, others0)
    except OverBudget as over:
        raise WorkBudgetError(
            f"too large to simulate with the exact best choices within the work budget "
            f"({over.spent:,} {BUDGET_UNIT} of {budget:,}): simulate the simpler strategy "
            "(each turn best for the next turn only, a lower bound) instead",
            needed=over.spent, budget=budget or 0, unit=BUDGET_UNIT) from None


def _sample(eng: Any, position: Position, turns: int, n: int, seed: int, look: int | None,
            hand0: tuple[int, ...], tab0: tuple[int, ...], disc_full: tuple[int, ...],
            others0: tuple[int, ...]) -> MCResult:
    unseen = [x for x in range(len(eng.types)) for _ in range(eng.base[x])]
    rng = random.Random(seed)
    choice: dict[Any, tuple[Any, ...]] = {}
    hits = 0
    if eng.reshuffle.needed(turns):
        # the unseen cards can run out: the discard pile is shuffled in (RULES.md §C1)
        state = eng.reshuffle.start(hand0, tab0, disc_full, others0, position.figure)
        for _ in range(n):
            hits += eng.reshuffle.sample(state, turns, rng, look)
        return wilson(hits, n)
    for _ in range(n):
        eng.work.check_stop()       # the caller's cancel flag, once a game
        if not unseen:      # empty deck: the discard pile is shuffled into a new deck (§C1)
            if disc_full:
                x = rng.choice(disc_full)
                hits += eng.can_score(insert(hand0, x), tab0, (), others0, position.figure)
            else:
                hits += eng.can_score(hand0, tab0, (), others0, position.figure)
            continue
        draws = rng.sample(unseen, turns)
        hand, tab, others, figure, drawn = hand0, tab0, others0, position.figure, ()
        disc = disc_full if turns == 1 else eng.disc_key(disc_full, turns)
        for t in range(turns, 0, -1):
            x = draws[turns - t]
            hand, drawn = insert(hand, x), pool_take(drawn, x)
            if eng.can_score(hand, tab, disc, others, figure):
                hits += 1
                break
            if t == 1:
                break
            key = (hand, tab, disc, others, figure, drawn, t)
            nxt = choice.get(key)
            if nxt is None:
                nxt = choice[key] = _best_choice(eng, hand, tab, disc, others, figure, drawn, t,
                                                 look)
            if nxt[0] == "end":
                hand, tab, disc, others, figure = nxt[1]
                continue
            # draw two (7) or pass (10): the cards come by chance, then the best Discard
            _kind, p, power = nxt
            fig1 = eng.access(p, figure)
            tab = tab if p is None else insert(tab, p)
            hand = hand if p is None else remove(hand, p)
            if power[0] == "draw":
                came = rng.sample(_pool(eng, drawn), power[1])
                for c in came:
                    hand, drawn = insert(hand, c), pool_take(drawn, c)
            else:
                pool = _pool(eng, drawn)
                hand = remove(hand, power[1])
                if pool:
                    c = rng.choice(pool)
                    hand, drawn = insert(hand, c), pool_take(drawn, c)
                drawn = pool_give(drawn, power[1])
            # the later draws come from what is unseen now
            draws = draws[:turns - t + 1] + rng.sample(_pool(eng, drawn), t - 1)
            best = -1
            after = t - 1 if look is None else min(look, t - 1)
            for _d, t3, d3 in eng.discards(tab, disc, t - 1):
                end = (hand, t3, eng.disc_key(d3, t - 1), others, fig1)
                v = eng.numerator(*end, drawn, after)
                if v > best:
                    best, chosen = v, end
            hand, tab, disc, others, figure = chosen
    return wilson(hits, n)
