"""The card odds engine's fast paths give the plain search's answers.

The worst-case positions of bench/odds_cards.py keep the answers the plain engine gave before
any fast path (the probability within 1, 2 and 3 turns and the conditional probability after
every possible draw, exact Fractions); and on random full-deck positions the outs bitmask, the
hand-free tables of the last turn and the outs derived from the hand without the new card
equal what the plain search finds.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from swkit.odds.cards import make_position, player_odds

SWAP = dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
            others="G1 G2 / Y5 P7", center="yellow-swap", figure=True, scored="purple-wild")
"""Holding the figure with a swap (Power 9) and purple-wild (Power 1) in reach."""

MOVERS = dict(hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1",
              others="G1 G2 / Y5 P7", center="red-take-discard", figure=True,
              scored="green-discard,green-extra-play")
"""Holding the figure with take-discard (8), play-from-discard (3) and extra play (6)."""

CASES = {
    "swap": (SWAP, ("1/31", "59/93", "277/310"), {
        "23/29": "B3 G4", "47/58": "B4 P1", "661/870": "B5 G9",
        "1": "B6 B7 B9 P2 P3 P6 P8 P9 R2 R5 R7 R8 Y2 Y6 Y7 Y8",
        "338/435": "G5 G8 R1 Y1", "227/290": "G6", "73/87": "P4", "323/435": "R3 R9",
        "22/29": "Y3"}),
    "movers": (MOVERS, ("1/5", "72/145", "8797/12180"), {
        "1": "B3 B4 B5 G4 G6 P4 R5", "519/812": "B6", "39/58": "B7 G9", "137/203": "B9",
        "136/203": "G8", "35/58": "P1", "123/203": "P2 P3 P6 Y6", "130/203": "P8",
        "517/812": "P9 R9", "122/203": "R1 Y1", "131/203": "R2 R3 Y2 Y3", "257/406": "R7",
        "549/812": "R8", "513/812": "Y7", "547/812": "Y8"}),
}

TWO_TURNS = {
    "swap": {"1/3": "B3 B4 B5 G4 G5 G6 G8 G9 P1 P3 P4 R1 R3 R9 Y1 Y3 Y6",
             "1": "B6 B7 B9 P2 P6 P8 P9 R2 R5 R7 R8 Y2 Y7 Y8"},
    "movers": {"1": "B3 B4 B5 G4 G6 P4 R5", "10/29": "B6 P8 P9 R2 R3 R7 R9 Y2 Y3 Y7",
               "11/29": "B7 B9 G8 G9 R8 Y8", "9/29": "P1 P2 P3 P6 R1 Y1 Y6"}}
"""The value after each draw for T = 2."""


@pytest.mark.parametrize("name", ["swap", pytest.param("movers", marks=pytest.mark.slow)])
def test_worst_cases_keep_their_answers(name: str) -> None:
    spec, within, plans = CASES[name]
    r = player_odds(make_position(**spec), 3)
    assert r.within == tuple(Fraction(w) for w in within)
    assert r.probability == Fraction(within[-1])
    got = {str(d.card): d.probability for d in r.plans}
    want = {c: Fraction(p) for p, cards in plans.items() for c in cards.split()}
    assert got == want
    assert {str(c) for c in r.outs} == {str(d.card) for d in r.plans if d.scores_now}


@pytest.mark.parametrize("name", ["swap", "movers"])
def test_worst_cases_two_turns(name: str) -> None:
    spec, within, _ = CASES[name]
    r = player_odds(make_position(**spec), 2)
    assert r.within == tuple(Fraction(w) for w in within[:2])
    got = {str(d.card): d.probability for d in r.plans}
    assert got == {c: Fraction(p) for p, cards in TWO_TURNS[name].items() for c in cards.split()}


def _full_deck_positions(count: int) -> list:
    """Random legal positions on the full deck (too big for the game-tree oracle)."""
    from test_odds_cards import random_position

    from swkit.odds.deal import Deck
    return [random_position(5000 + seed, Deck(), min_unseen=20, max_unseen=30)
            for seed in range(count)]


@pytest.mark.parametrize("index", range(12))
def test_fast_outs_match_the_plain_search(index: int) -> None:
    """The outs bitmask (hand-free D, then the hand) equals trying every draw with the plain
    search of plays and Powers (``_can_score``), on full-deck positions."""
    from swkit.odds.cards.engine import _engine
    from swkit.odds.cards.hands import insert
    pos = _full_deck_positions(12)[index]
    for later in (False, True):
        eng = _engine(pos, later=later)
        index_of = {c: i for i, c in enumerate(eng.types)}
        hand = tuple(sorted(index_of[c] for c in pos.hand))
        tab = tuple(sorted(index_of[c] for c in pos.tableau))
        disc = tuple(index_of[c] for c in pos.discard)
        others = tuple(sorted(index_of[c] for t in pos.others for c in t)) if eng.swap else ()
        for figure in (False, True):
            plain = 0
            if eng.scorable:
                for x in range(len(eng.types)):
                    if eng._can_score(insert(hand, x), tab, disc, others, figure):
                        plain |= 1 << x
                    assert eng.can_score(insert(hand, x), tab, disc, others, figure) == \
                        bool(plain >> x & 1)
            assert eng.outs_mask(hand, tab, disc, others, figure) == plain


@pytest.mark.parametrize("index", range(12))
def test_hand_free_last_turn_matches_branch_and_bound(index: int) -> None:
    """Without an extra play, the hand-free tables give the branch and bound's best value of
    the last turn after every draw (full-deck positions, figure held or not)."""
    from swkit.odds.cards.engine import _engine
    from swkit.odds.cards.hands import insert
    pos = _full_deck_positions(12)[index]
    eng = _engine(pos, later=True)
    if eng.extra_plays:
        pytest.skip("extra play in reach: the branch and bound is the only path")
    index_of = {c: i for i, c in enumerate(eng.types)}
    hand = tuple(sorted(index_of[c] for c in pos.hand))
    tab = tuple(sorted(index_of[c] for c in pos.tableau))
    disc = eng.disc_key(tuple(index_of[c] for c in pos.discard), 2)
    others = tuple(sorted(index_of[c] for t in pos.others for c in t)) if eng.swap else ()
    for figure in (False, True):
        for x in range(len(eng.types)):
            if not eng.base[x]:
                continue
            h = insert(hand, x)
            if eng.can_score(h, tab, disc, others, figure):
                continue
            assert eng._best_last_no_extra(h, tab, disc, others, figure, (x,)) == \
                eng._best_last(h, tab, disc, others, figure, (x,))


@pytest.mark.parametrize("index", range(12))
def test_outs_of_a_hand_with_the_new_card_derive_from_the_hand_without_it(index: int) -> None:
    """With one extra play in reach (``_outs_new``): the outs of hand + x, derived from the
    outs of the hand and the cards completing tableau + x, equal the outs computed directly,
    for every x, with and without the figure, on full-deck positions and on the tableau
    grown by one card (the positions before a Discard)."""
    from dataclasses import replace

    from swkit.cards.editions import load_edition
    from swkit.odds.cards.engine import _engine
    from swkit.odds.cards.hands import insert
    powers = load_edition("mickey").powers
    extra = next(p for p in powers if p.effect == "extra_play")
    base = _full_deck_positions(12)[index]
    scored = tuple(p for p in base.scored if p.key != extra.key)[:1]
    center = base.center if isinstance(base.center, type(extra)) and base.center != extra \
        and base.center not in scored else \
        next(p for p in powers if p != extra and p not in scored)
    pos = replace(base, scored=(*scored, extra), center=center)
    eng = _engine(pos, later=True)
    assert eng.extra_plays == 1
    index_of = {c: i for i, c in enumerate(eng.types)}
    hand = tuple(sorted(index_of[c] for c in pos.hand))
    tab = tuple(sorted(index_of[c] for c in pos.tableau))
    disc = eng.disc_key(tuple(index_of[c] for c in pos.discard), 1)
    others = tuple(sorted(index_of[c] for t in pos.others for c in t)) if eng.swap else ()
    tabs = [tab] + [insert(tab, y) for y in range(0, len(eng.types), 7)]
    for figure in (False, True):
        for t in tabs:
            for x in range(len(eng.types)):
                h = insert(hand, x)
                direct = eng._outs_fast(h, t, disc, others, figure)
                assert eng._outs_new(h, t, disc, others, figure, x) == direct
                assert eng._outs_new(h, t, disc, others, figure, None) == direct
