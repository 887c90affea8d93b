"""Two turns to go with one extra play in reach: the shared search is exact.

``Batch.numerator2_batch`` (no swap, no wild) and ``ExtraPlay.numerator2_extra`` (with them)
build the choices after each draw once per position and derive their outs (``swkit.odds.draws``,
``_derive1``), bounded by the outs before the Discard with a reduced discard key
(``_bound_key``). Here they are checked against a plain enumeration
without any bound or derivation: after every draw, the best over every play, Power use and
Discard (``Engine.ends``) of the last turn's outs computed directly (``outs_mask``), on random
positions of the full deck and of a reduced two-edition deck, with the figure held or not and the
other Powers around the extra play (3, 8, swap, wild, draw two, pass).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from swkit.cards.editions import load_edition, lookup_power
from swkit.odds.cards import Position
from swkit.odds.cards.batch import Batch
from swkit.odds.cards.engine import Engine, start_search
from swkit.odds.cards.hands import insert, pool_net, pool_take, remove
from swkit.odds.deal import Deck

EDITION = load_edition("mickey")

COMBOS = [("green-extra-play", ()), ("red-take-discard", ("green-discard", "green-extra-play")),
          ("green-extra-play", ("green-discard",)),
          ("green-discard", ("green-extra-play", "red-take-discard")),
          ("yellow-swap", ("green-extra-play",)), ("green-extra-play", ("purple-wild",)),
          ("green-extra-play", ("purple-pass",)), ("blue-draw-two", ("green-extra-play",))]
DECKS = [Deck(), Deck(colors=("B", "G", "R"), numbers=(1, 2, 3, 4, 5), editions=2),
         Deck(colors=("B", "G", "R", "Y"), numbers=(3, 4, 5, 6, 7), editions=1),
         Deck(colors=("B", "G", "R", "Y"), numbers=(4, 5, 6), editions=2)]


def _position(seed: int) -> Position:
    rng = random.Random(seed)
    deck = DECKS[seed % len(DECKS)]
    center, scored = COMBOS[seed % len(COMBOS)]
    cards = [t for t in deck.types for _ in range(deck.editions)]
    rng.shuffle(cards)
    hand = [cards.pop() for _ in range(rng.randint(1, 4))]
    tableau = [cards.pop() for _ in range(rng.randint(3, 5))]
    discard = [cards.pop() for _ in range(rng.randint(2, 4))]
    others = tuple(tuple(cards.pop() for _ in range(rng.randint(1, 2)))
                   for _ in range(rng.randint(1, 2)))
    return Position(hand=tuple(hand), tableau=tuple(tableau), discard=tuple(discard),
                    others=others, center=lookup_power(EDITION, center),
                    scored=tuple(lookup_power(EDITION, s) for s in scored),
                    figure=rng.random() < 0.6, deck=deck)


def _plain(eng: Engine, hand: tuple[int, ...], tab: tuple[int, ...], disc: tuple[int, ...],
           others: tuple[int, ...], figure: bool, drawn: tuple[int, ...] = ()) -> object:
    """``numerator(..., turns=2)`` by enumeration: every draw, every end of the turn."""
    full = eng.unseen0 - pool_net(drawn) - 1
    total = 0
    for y in range(len(eng.types)):
        u = eng.copies(y, drawn)
        if u <= 0:
            continue
        h = insert(hand, y)
        if eng.can_score(h, tab, disc, others, figure):
            total += u * full
            continue
        d2 = pool_take(drawn, y)
        best = max(eng.weighted(eng.outs_mask(*nxt), d2)
                   for _steps, nxt in eng.ends(h, tab, disc, others, figure, 1))
        total += u * eng.chance.with_chance(best, h, tab, disc, others, figure, d2, 2)
    return total


# seed 82 (fast tier too): the first that fails if the branch and bound of
# ``numerator2_batch`` keeps an expansion's values for draws where the choice is not allowed
FAST = [*range(48), 82]


@pytest.mark.parametrize("seed", [*FAST, *(pytest.param(s, marks=pytest.mark.slow)
                                           for s in range(48, 400) if s not in FAST)])
def test_two_turn_search_with_an_extra_play_matches_plain_enumeration(seed: int) -> None:
    pos = _position(seed)
    eng, hand, tab, disc_full, others = start_search(pos, 2)
    assert eng.extra_plays == 1
    disc = eng.disc_key(disc_full, 2)
    fast = eng.numerator(hand, tab, disc, others, pos.figure, (), 2)
    plain = _plain(start_search(pos, 2)[0], hand, tab, disc, others, pos.figure)
    assert fast == plain


# seed 114 (fast tier too): fails if y discarded on the pile is keyed with one old card too many
# (the seeds whose Powers hold no swap and no wild: the others take the per-draw search)
BATCHED = [s for s in range(160) if not {"yellow-swap", "purple-wild"} & {
    COMBOS[s % len(COMBOS)][0], *COMBOS[s % len(COMBOS)][1]}]
FAST_BATCH = [*BATCHED[:12], 114]


@pytest.mark.parametrize("seed", [*FAST_BATCH, *(pytest.param(s, marks=pytest.mark.slow)
                                                 for s in BATCHED[12:] if s not in FAST_BATCH)])
def test_many_positions_after_earlier_draws_match_plain_enumeration(seed: int) -> None:
    """The batch of ``numerator2_batch`` (the next positions of a turn, as T = 3 asks them)
    after one or two cards already drawn: each value equals the plain enumeration."""
    rng = random.Random(1000 + seed)
    pos = _position(seed)
    eng, hand, tab, disc_full, others = start_search(pos, 2)
    assert eng.batch.batched()
    disc = eng.disc_key(disc_full, 2)
    drawn: tuple[int, ...] = ()
    for _ in range(rng.randint(1, 2)):
        pool = [x for x in range(len(eng.types)) if eng.copies(x, drawn) > 0]
        drawn = pool_take(drawn, rng.choice(pool))
    # several positions: the hand and tableau of this one, with a card moved between them
    positions = [(hand, tab, disc, others, pos.figure)]
    for q in sorted(set(hand)):
        positions.append((remove(hand, q), insert(tab, q)[-5:], disc, others, not pos.figure))
    fast = eng.batch.numerator2_batch(positions, drawn)
    plain = [_plain(start_search(pos, 2)[0], *p, drawn) for p in positions]
    assert fast == plain


def test_a_shallow_power_3_matches_plain_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited Power 3 that reaches only the top card (depth 1, any number): discarding two
    cards (a full tableau, the drawn card and the extra play) puts more cards on the pile than
    it reaches, so ``numerator2_batch`` takes each Discard choice one by one
    (``_play_ends_direct``); the values still equal the plain enumeration."""
    shallow = dataclasses.replace(lookup_power(EDITION, "green-discard"),
                                  params={"requires_number": None, "depth": 1})
    calls = []
    direct = Batch._play_ends_direct
    monkeypatch.setattr(Batch, "_play_ends_direct",
                        lambda self, *a: calls.append(1) or direct(self, *a))
    # seeds 8 and 20: the first whose value needs the card-by-card Discard choices right
    for seed in (*range(6), 8, 20):
        rng = random.Random(2000 + seed)
        deck = DECKS[seed % 2 * 3]
        cards = [t for t in deck.types for _ in range(deck.editions)]
        rng.shuffle(cards)
        pos = Position(hand=tuple(cards[:3]), tableau=tuple(cards[3:8]),
                       discard=tuple(cards[8:11]), center=shallow,
                       scored=(lookup_power(EDITION, "green-extra-play"),), figure=True,
                       deck=deck)
        eng, hand, tab, disc_full, others = start_search(pos, 2)
        disc = eng.disc_key(disc_full, 2)
        fast = eng.numerator(hand, tab, disc, others, True, (), 2)
        assert fast == _plain(start_search(pos, 2)[0], hand, tab, disc, others, True)
    assert calls
