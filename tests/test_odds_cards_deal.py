"""Counting and dealing (swkit.odds.deal) against brute force (RULES.md §A4, §A9, §C1)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest
from oracles.cards_oracle import count_deals_brute

from swkit.cards.triples import NO_WILDS, Wilds
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.deal import KINDS, Deck, count_deals, deal_formula, deal_odds, make_wilds

FULL = Deck()

WILDS = [NO_WILDS, make_wilds("P"), make_wilds(wild_number=1), make_wilds(wild_number=9),
         make_wilds(wild_number=5), make_wilds("Y", 1)]


def test_known_values_one_edition() -> None:
    """The values the project's specification published for 3 and 4 cards."""
    r3, r4 = deal_odds(3), deal_odds(4)
    assert (r3.set, r3.run, r3.either) == (Fraction(3, 473), Fraction(7, 2838),
                                           Fraction(25, 2838))
    assert (r4.set, r4.run, r4.either) == (Fraction(81, 3311), Fraction(32, 3311),
                                           Fraction(113, 3311))
    assert r3.total == comb(45, 3) and r3.counts["set"] == 9 * comb(5, 3)


@pytest.mark.parametrize("cards", [3, 4])
@pytest.mark.parametrize("wilds", WILDS, ids=str)
def test_full_deck_small_k_matches_brute_force(cards: int, wilds: Wilds) -> None:
    fav, total = count_deals_brute(cards, FULL, wilds)
    for kind in KINDS:
        assert count_deals(cards, kind, FULL, wilds) == fav[kind]
        assert deal_odds(cards, wilds=wilds).probability(kind) == Fraction(fav[kind], total)


@pytest.mark.parametrize("kind", KINDS)
def test_full_deck_no_wilds_naive_independent_check(kind: str) -> None:
    """An independent reading of §A4 (no triples module) agrees for 3 and 4 cards."""
    for cards in (3, 4):
        assert count_deals(cards, kind) == count_deals_brute(cards, FULL, naive=True)[0][kind]


@pytest.mark.parametrize("wilds", [NO_WILDS, make_wilds("P"), make_wilds(wild_number=1)], ids=str)
def test_full_deck_five_cards_matches_brute_force(wilds: Wilds) -> None:
    fav = count_deals_brute(5, FULL, wilds)[0]
    for kind in KINDS:
        assert count_deals(5, kind, FULL, wilds) == fav[kind]


@pytest.mark.slow
def test_full_deck_six_cards_matches_brute_force() -> None:
    fav = count_deals_brute(6, FULL)[0]
    for kind in KINDS:
        assert count_deals(6, kind) == fav[kind]


REDUCED = [
    Deck(colors=("B", "R"), numbers=(1, 2, 3, 4, 5), editions=1),
    Deck(colors=("B", "R"), numbers=(1, 2, 3, 4, 5), editions=2),
    Deck(colors=("G", "P", "Y"), numbers=(3, 4, 5, 6), editions=2),
    Deck(colors=("P", "R"), numbers=(1, 2, 3), editions=3),
    Deck(colors=("B", "G", "P", "R", "Y"), numbers=(7, 8, 9), editions=1),
]


@pytest.mark.parametrize("deck", REDUCED, ids=str)
@pytest.mark.parametrize("wilds", WILDS, ids=str)
def test_reduced_decks_match_brute_force(deck: Deck, wilds: Wilds) -> None:
    for cards in range(0, 7 if deck.size <= 20 else 6):
        if cards > deck.size:
            continue
        fav, total = count_deals_brute(cards, deck, wilds)
        for kind in KINDS:
            assert count_deals(cards, kind, deck, wilds) == fav[kind], (cards, kind)


@pytest.mark.parametrize("editions", [1, 2, 3])
@pytest.mark.parametrize("wilds", WILDS[:5], ids=str)
def test_sympy_formula_for_three_cards_equals_enumeration(editions: int, wilds: Wilds) -> None:
    deck = Deck(editions=editions)
    for kind in KINDS:
        expr = deal_formula(3, kind, deck, wilds)
        assert expr is not None
        assert int(expr.doit()) == count_deals(3, kind, deck, wilds)
    if editions == 1:
        for kind in KINDS:
            assert int(deal_formula(3, kind, deck, wilds).doit()) == \
                count_deals_brute(3, deck, wilds)[0][kind]


@pytest.mark.parametrize("deck", REDUCED[:3], ids=str)
def test_sympy_formula_on_reduced_decks(deck: Deck) -> None:
    for wilds in WILDS[:5]:
        for kind in KINDS:
            expr = deal_formula(3, kind, deck, wilds)
            assert int(expr.doit()) == count_deals(3, kind, deck, wilds)


def test_formula_text_shows_the_reasoning() -> None:
    assert str(deal_formula(3, "set")) == "9*binomial(5, 3)"
    assert deal_formula(4, "set") is None
    assert deal_formula(3, "set", FULL, make_wilds("P", 1)) is None


@pytest.mark.parametrize("cards", [3, 4, 5, 6, 7])
def test_probabilities_are_in_range_and_ordered(cards: int) -> None:
    for wilds in (WILDS if cards <= 5 else WILDS[:2]):
        r = deal_odds(cards, wilds=wilds)
        for kind in KINDS:
            assert 0 <= r.probability(kind) <= 1
        assert max(r.set, r.run) <= r.either <= r.set + r.run
        # an event and its complement sum to exactly 1
        assert r.either + Fraction(r.total - r.counts["either"], r.total) == 1


def test_more_cards_never_lower_the_odds() -> None:
    values = [deal_odds(k).either for k in range(3, 8)]
    assert values == sorted(values)


def test_edge_counts() -> None:
    tiny = Deck(colors=("R",), numbers=(1, 2), editions=1)
    assert count_deals(2, "either", tiny) == 0            # no three cards at all
    assert count_deals(0, "set", tiny) == 0
    one = Deck(colors=("R",), numbers=(4,), editions=3)
    assert count_deals(3, "set", one) == 1                  # three copies of R4: a set (§A9)
    assert count_deals(3, "run", one) == 0


def test_bad_input_names_the_bad_part() -> None:
    with pytest.raises(ConfigurationError, match="3 to 7"):
        deal_odds(8)
    with pytest.raises(ConfigurationError, match="3 to 7"):
        deal_odds(2)
    with pytest.raises(NotationError, match="orange"):
        deal_odds(3, wild_color="orange")
    with pytest.raises(ConfigurationError, match="outside 1-9"):
        deal_odds(3, wild_number=10)
    with pytest.raises(ConfigurationError, match="editions"):
        deal_odds(3, editions=0)
    with pytest.raises(ConfigurationError):
        Deck(colors=("X",))


def test_several_editions_known_small_values() -> None:
    """With E editions, three cards: sets 9·C(5E, 3), runs 5·7·E³ (RULES.md §A9, §C1)."""
    for e in (2, 3):
        r = deal_odds(3, editions=e)
        assert r.counts["set"] == 9 * comb(5 * e, 3)
        assert r.counts["run"] == 35 * e ** 3
        assert r.total == comb(45 * e, 3)
