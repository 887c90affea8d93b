"""Monte Carlo twins of the card questions (seeded), sampling the same RULES.md §C1 model.

- ``mc_deal``: deal K distinguishable physical cards uniformly at random (a subset, §C1) and
  count the deals holding a set / a run / either (``swkit.odds.deal.deal_odds``'s twin).
- ``mc_player_odds``: draw this turn's card (and the next turns' cards, without replacement)
  uniformly from the unseen cards, then let the player play as in the exact model: score if any
  play and Power can, otherwise end the turn the way that maximises the exact chance of scoring
  later (``swkit.odds.cards.player_odds``'s twin; its draws are sampled, its choices are the
  model's best ones).

Each returns an ``MCResult`` (estimate, low, high, n) with a 99% Wilson interval, so a lesson can
show the simulation converging to the exact Fraction.
"""

from __future__ import annotations

import random
from typing import Any

from swkit.cards.triples import Wilds
from swkit.errors import ConfigurationError
from swkit.odds.cards import Position, _check_turns, _falling, _ins, _start
from swkit.odds.deal import KINDS, Deck, Kind, completion_table, make_wilds
from swkit.odds.montecarlo_dice import MCResult, wilson

__all__ = ["MCResult", "mc_deal", "mc_player_odds"]


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
    if not isinstance(cards, int) or not 0 <= cards <= deck.size:
        raise ConfigurationError(f"cards must be 0 to {deck.size}, got {cards!r}")
    if n < 1:
        raise ConfigurationError("a Monte Carlo estimate needs at least one sample")
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


def mc_player_odds(position: Position, turns: int = 1, n: int = 20_000,
                   seed: int = 0) -> MCResult:
    """Estimate P(scoring within ``turns`` of your turns) by sampling the draws.

    Inputs as ``player_odds``; ``n`` samples, ``seed`` for ``random.Random``. The player's
    choices are the exact model's best ones (the exact values are computed once and cached).
    Returns an MCResult with a 99% interval. Raises ConfigurationError as ``player_odds`` does.
    """
    _check_turns(turns)       # before the sample check, as ever (``_start`` checks it again)
    if n < 1:
        raise ConfigurationError("a Monte Carlo estimate needs at least one sample")
    eng, hand0, tab0, disc_full, others0 = _start(position, turns)
    unseen = [x for x in range(len(eng.types)) for _ in range(eng.base[x])]
    rng = random.Random(seed)
    choice: dict[Any, tuple[Any, ...]] = {}
    hits = 0
    for _ in range(n):
        if not unseen:      # empty deck: the discard pile is shuffled into a new deck (§C1)
            if disc_full:
                x = rng.choice(disc_full)
                hits += eng.can_score(_ins(hand0, x), tab0, (), others0, position.figure)
            else:
                hits += eng.can_score(hand0, tab0, (), others0, position.figure)
            continue
        draws = rng.sample(unseen, turns)
        hand, tab, others, figure, drawn = hand0, tab0, others0, position.figure, ()
        disc = disc_full if turns == 1 else eng.disc_key(disc_full, turns)
        for t in range(turns, 0, -1):
            x = draws[turns - t]
            hand, drawn = _ins(hand, x), _ins(drawn, x)
            if eng.can_score(hand, tab, disc, others, figure):
                hits += 1
                break
            if t == 1:
                break
            key = (hand, tab, disc, others, figure, drawn, t)
            nxt = choice.get(key)
            if nxt is None:
                best = -1
                for _steps, end in eng.ends(hand, tab, disc, others, figure, t - 1):
                    v = eng.numerator(*end, drawn, t - 1)
                    if v > best:
                        best, nxt = v, end
                        if v == _falling(eng.unseen0 - len(drawn), t - 1):
                            break
                assert nxt is not None
                choice[key] = nxt
            hand, tab, disc, others, figure = nxt
    return wilson(hits, n)
