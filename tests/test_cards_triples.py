"""Card notation (RULES.md §A1) and sets and runs with wild Powers (RULES.md §A4)."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from swkit.cards.editions import load_edition, lookup_power
from swkit.cards.notation import ALL_CARDS, COLORS, NUMBERS, Card, format_cards, parse_cards
from swkit.cards.triples import (
    NO_WILDS,
    Wilds,
    explain_not_triple,
    find_triples,
    has_triple,
    is_run,
    is_set,
    triple_kind,
)
from swkit.errors import NotationError


def cards(text: str) -> list[Card]:
    return parse_cards(text)


# -- RULES.md §A1: notation ----------------------------------------------------------------------

@pytest.mark.parametrize("text", ["X7", "R0", "R10", "7R", "purple", "R 7 7", "R7!"])
def test_notation_errors_name_the_token_and_the_forms_A1(text: str) -> None:
    with pytest.raises(NotationError) as info:
        parse_cards(text)
    message = str(info.value)
    assert "cannot read card" in message and "R7" in message and "purple" in message


def test_notation_accepts_lower_case_full_names_and_commas_A1() -> None:
    assert cards("r7, red7 Red 7,B1") == [Card("R", 7)] * 3 + [Card("B", 1)]
    assert format_cards(cards("y9 g1")) == "Y9 G1"
    assert cards("") == []


# -- RULES.md §A4: sets and runs -----------------------------------------------------------------

def test_a_run_needs_consecutive_numbers_of_one_color_A4() -> None:
    assert is_run(cards("R3 R4 R5")) and is_run(cards("R5 R3 R4"))  # order of play is free
    assert not is_run(cards("R3 R4 B5"))
    assert not is_run(cards("R3 R5 R6"))
    assert not is_run(cards("R4 R4 R5"))


def test_a_run_does_not_wrap_A4() -> None:
    """RULES.md §A4 decision: Y8 Y9 Y1 is not a run."""
    assert not is_run(cards("Y8 Y9 Y1"))
    assert not is_run(cards("Y9 Y1 Y2"))
    assert "do not wrap" in explain_not_triple(cards("Y8 Y9 Y1"))
    # even with 9s wild, a run cannot pass 9
    assert not is_run(cards("Y8 B9 Y1"), Wilds(numbers=frozenset({9})))
    assert is_run(cards("Y8 Y9 Y1"), Wilds(numbers=frozenset({1})))  # Y1 stands for Y7


def test_a_set_allows_repeated_colors_with_two_editions_A4_A9() -> None:
    assert is_set(cards("R5 R5 B5"))
    assert is_set(cards("R5 G5 P5"))
    assert not is_set(cards("R5 R5 R6"))


def test_explanations_name_the_cards_and_the_section_A4() -> None:
    why = explain_not_triple(cards("R5 R7 B8"))
    assert why is not None and why.startswith("R5 R7 B8 is not a set")
    assert "not a run" in why and "RULES.md §A4" in why
    assert explain_not_triple(cards("R5 R6 R7")) is None


def test_a_card_is_used_in_only_one_triple_A4() -> None:
    """find_triples lists overlapping triples; scoring takes one (see test_cards_game)."""
    found = find_triples(cards("R4 R5 R6 B5 G5"))
    assert ((0, 1, 2), "run") in found and ((1, 3, 4), "set") in found


def _oracle(three: tuple[Card, ...], wilds: Wilds) -> bool:
    """Brute force: try every (color, number) each card may stand for (RULES.md §A4)."""
    def stands_for(card: Card) -> list[tuple[str, int]]:
        colors = COLORS if card.color in wilds.colors else (card.color,)
        numbers = NUMBERS if card.number in wilds.numbers else (card.number,)
        return [(c, n) for c in colors for n in numbers]

    for choice in product(*(stands_for(c) for c in three)):
        numbers = sorted(n for _, n in choice)
        if len(set(numbers)) == 1:
            return True  # a set: colors do not matter
        if len({c for c, _ in choice}) == 1 and numbers == list(range(numbers[0],
                                                                          numbers[0] + 3)):
            return True
    return False


@pytest.mark.parametrize("key", ["purple-wild", "yellow-wild", "red-1s-wild", "blue-9s-wild"])
def test_wild_powers_make_the_triples_they_should_and_no_others_A4_A7(key: str) -> None:
    """Every 3-card type combination (with repeats, as with several editions) under each wild
    Power agrees with a brute-force oracle; every new triple holds a wild card."""
    power = lookup_power(load_edition(), key)
    wilds = power.wilds
    for three in combinations_with_replacement(ALL_CARDS, 3):
        kind = triple_kind(three, wilds)
        assert (kind is not None) == _oracle(three, wilds), (three, key)
        if kind is not None and triple_kind(three) is None:
            assert any(c.color in wilds.colors or c.number in wilds.numbers for c in three)


def test_purple_wild_helps_runs_only_A4() -> None:
    purple = Wilds(colors=frozenset("P"))
    assert is_run(cards("R3 P4 R5"), purple)
    assert not is_run(cards("R3 P4 R5"))
    assert not is_set(cards("R3 P4 R5"), purple)
    assert not is_run(cards("R3 P5 R6"), purple)  # P5 keeps its number


def test_ones_wild_helps_sets_and_runs_A4() -> None:
    ones = Wilds(numbers=frozenset({1}))
    assert is_set(cards("B7 G7 R1"), ones)
    assert is_run(cards("B7 B8 B1"), ones)
    assert not is_run(cards("B7 B8 R1"), ones)  # R1 keeps its color
    assert not is_set(cards("B7 G6 R1"), ones)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(ALL_CARDS), min_size=0, max_size=9),
       st.sets(st.sampled_from(COLORS), max_size=2), st.sets(st.sampled_from(NUMBERS), max_size=2))
def test_fast_has_triple_equals_brute_force_A4(hand: list[Card], colors: set[str],
                                               numbers: set[int]) -> None:
    """The counting fast path of has_triple agrees with triple_kind over every three cards."""
    wilds = Wilds(frozenset(colors), frozenset(numbers))
    brute = any(triple_kind(t, wilds) for t in combinations(hand, 3))
    assert has_triple(hand, wilds) == brute
    assert has_triple(hand) == any(triple_kind(t, NO_WILDS) for t in combinations(hand, 3))
