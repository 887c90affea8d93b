"""Monte Carlo twins of the card odds cover the exact values (fixed seeds, RULES.md §C1)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from swkit.errors import ConfigurationError
from swkit.odds.cards import make_position, player_odds
from swkit.odds.deal import Deck, count_deals, deal_odds
from swkit.odds.montecarlo_cards import mc_deal, mc_player_odds


@pytest.mark.parametrize(("cards", "wild_color", "wild_number", "seed"), [
    (3, None, None, 1), (4, None, None, 2), (5, "P", None, 3), (6, None, 1, 4), (7, None, None, 5),
])
def test_deal_interval_covers_exact(cards: int, wild_color: str | None, wild_number: int | None,
                                    seed: int) -> None:
    exact = deal_odds(cards, wild_color=wild_color, wild_number=wild_number)
    for kind in ("set", "run", "either"):
        est = mc_deal(cards, kind, wild_color=wild_color, wild_number=wild_number, n=20_000,
                      seed=seed)
        assert est.n == 20_000 and 0 <= est.low <= est.estimate <= est.high <= 1
        assert est.covers(exact.probability(kind)), (kind, est, exact.probability(kind))


def test_deal_reduced_deck_and_seed_replays() -> None:
    deck = Deck(colors=("B", "R"), numbers=(1, 2, 3, 4), editions=2)
    a = mc_deal(4, deck=deck, n=5_000, seed=7)
    assert a == mc_deal(4, deck=deck, n=5_000, seed=7)
    assert a.covers(Fraction(count_deals(4, "either", deck), comb(deck.size, 4)))


POSITIONS = [
    dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
         center="green-discard"),
    dict(hand="R1 B9 G5", tableau="G4 G6 Y9", discard="P2 P3", others="B8 B7",
         center="blue-9s-wild"),
    dict(hand="Y3 P4", tableau="R3 B4 P5", center="purple-wild", figure=True),
]


@pytest.mark.parametrize("index", range(len(POSITIONS)))
@pytest.mark.parametrize("turns", [1, 2])
def test_player_interval_covers_exact(index: int, turns: int) -> None:
    pos = make_position(**POSITIONS[index])
    exact = player_odds(pos, turns).probability
    est = mc_player_odds(pos, turns, n=20_000, seed=index + 10 * turns)
    assert est.covers(exact), (est, exact)


def test_bad_input() -> None:
    with pytest.raises(ConfigurationError):
        mc_deal(3, n=0)
    with pytest.raises(ConfigurationError):
        mc_player_odds(make_position("R3"), turns=4)
