"""A player's odds (swkit.odds.cards) against the game itself (RULES.md §A3, §A7, §C1).

The oracle searches ``CardGame`` exhaustively (chance_outcomes + legal_actions) turn by turn
in the §C1 model, on reduced decks so that it runs in seconds.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from oracles.cards_oracle import game_oracle, obvious_outs

from swkit.cards.editions import load_edition
from swkit.cards.notation import Card
from swkit.errors import ConfigurationError, NotationError
from swkit.odds.cards import (
    CENTER_UNKNOWN_NOTE,
    UNKNOWN_CENTER,
    Position,
    make_position,
    parse_others,
    player_odds,
)
from swkit.odds.deal import Deck

EDITION = load_edition("mickey")
POWERS = EDITION.powers

DECKS = [
    Deck(colors=("B", "G", "P", "R", "Y"), numbers=(4, 5, 6), editions=1),
    Deck(colors=("B", "R"), numbers=(1, 2, 3, 4), editions=2),
    Deck(colors=("B", "G", "Y"), numbers=(5, 7, 8, 9), editions=1),
]


def random_position(seed: int, deck: Deck, min_unseen: int = 2, max_unseen: int = 7) -> Position:
    """A random legal position on ``deck`` with a handful of unseen cards."""
    rng = random.Random(seed)
    physical = [t for t in deck.types for _ in range(deck.editions)]
    rng.shuffle(physical)
    unseen = rng.randint(min_unseen, min(max_unseen, len(physical)))
    cards = physical[unseen:]
    hand = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 3)))]
    tableau = [cards.pop() for _ in range(min(len(cards), rng.randint(0, 4)))]
    n_others = rng.randint(1, 2)
    others: list[list[Card]] = [[] for _ in range(n_others)]
    discard = []
    for c in cards:          # the rest: others' tableaux (up to 3 each) or the discard pile
        seat = rng.randrange(n_others + 1)
        if seat < n_others and len(others[seat]) < 3:
            others[seat].append(c)
        else:
            discard.append(c)
    powers = list(POWERS)
    rng.shuffle(powers)
    center = None if rng.random() < 0.08 else powers.pop()
    scored = tuple(powers[: rng.randint(0, 2)])
    return Position(hand=tuple(hand), tableau=tuple(tableau), discard=tuple(discard),
                    others=tuple(tuple(o) for o in others), center=center,
                    figure=rng.random() < 0.5, scored=scored, deck=deck)


def oracle(pos: Position, turns: int) -> Fraction:
    """The game tree's answer; without a center nothing can be scored (RULES.md §A3 step 5)."""
    return Fraction(0) if pos.center is None else game_oracle(pos, turns)


def check_answer(pos: Position, turns: int) -> Fraction:
    r = player_odds(pos, turns)
    assert 0 <= r.probability <= 1
    assert list(r.within) == sorted(r.within)            # more turns never lower the odds
    # the plans are a distribution over the draw: copies sum to the pile, values average out
    n = sum(d.copies for d in r.plans)
    if r.draw_from == "nothing":
        assert [d.card for d in r.plans] == [None]
    else:
        assert n == (r.unseen if r.draw_from == "unseen cards" else len(pos.discard))
        assert sum(Fraction(d.copies, n) for d in r.plans) == 1
        assert sum(d.copies * d.probability for d in r.plans) / n == r.probability
    assert all(0 <= d.probability <= 1 for d in r.plans)
    if turns == 1:
        assert {d.card: d.copies for d in r.plans if d.scores_now} == r.outs
    return r.probability


@pytest.mark.parametrize("seed", range(60))
def test_this_turn_matches_the_game_tree(seed: int) -> None:
    pos = random_position(seed, DECKS[seed % 3])
    assert check_answer(pos, 1) == oracle(pos, 1)


@pytest.mark.parametrize("seed", range(60, 90))
def test_outs_match_the_game_tree(seed: int) -> None:
    pos = random_position(seed, DECKS[seed % 3])
    assert player_odds(pos, 1).outs == ({} if pos.center is None else obvious_outs(pos))


SLOW_TWO_TURNS = {115}
"""Seeds whose game tree takes over 10 s: 115 plays draw two through the reshuffle of its
discard pile (three unseen cards, RULES.md §C1)."""


@pytest.mark.parametrize("seed", [pytest.param(s, marks=pytest.mark.slow) if s in SLOW_TWO_TURNS
                                  else s for s in range(100, 125)])
def test_two_turns_match_the_game_tree(seed: int) -> None:
    pos = random_position(seed, DECKS[seed % 3], min_unseen=2, max_unseen=5)
    assert check_answer(pos, 2) == oracle(pos, 2)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(200, 240))
def test_two_turns_match_the_game_tree_more(seed: int) -> None:
    pos = random_position(seed, DECKS[seed % 3], min_unseen=2, max_unseen=7)
    assert check_answer(pos, 2) == oracle(pos, 2)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(300, 315))
def test_three_turns_match_the_game_tree(seed: int) -> None:
    pos = random_position(seed, DECKS[seed % 3], min_unseen=3, max_unseen=4)
    assert check_answer(pos, 3) == oracle(pos, 3)


@pytest.mark.parametrize("power", [p.key for p in POWERS])
@pytest.mark.parametrize("figure", [False, True])
def test_each_power_as_center_matches_the_game_tree(power: str, figure: bool) -> None:
    """Every §A7 Power in reach, with and without the figure (full rules, tiny unseen set)."""
    for seed in range(6):
        base = random_position(1000 + seed, DECKS[seed % 3])
        pos = Position(hand=base.hand, tableau=base.tableau, discard=base.discard,
                       others=base.others, center=EDITION.powers[[p.key for p in POWERS]
                                                                 .index(power)],
                       figure=figure, scored=(), deck=base.deck)
        assert check_answer(pos, 1) == oracle(pos, 1)


def test_known_position_full_deck() -> None:
    """R4 R6 in the tableau: only R5 completes a run this turn (one copy of 31 unseen)."""
    pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                        others="G1 G2 / Y5 P7", center="green-discard")
    r = player_odds(pos, 1)
    assert r.unseen == 31 and r.outs == {Card("R", 5): 1}
    assert r.probability == Fraction(1, 31)
    assert r.best.card == Card("R", 5) and "score R4 R5 R6 (run)" in r.best.play


def test_wild_color_power_with_the_figure() -> None:
    """Holding the figure with purple-wild: R4 R5 + any P3 or P6 also scores (RULES.md §A4)."""
    pos = make_position("B1 G9", tableau="R4 R5", center="purple-wild", figure=True)
    r = player_odds(pos, 1)
    expect = {Card(c, n) for c, n in [("R", 3), ("R", 6), ("P", 3), ("P", 6)]}
    assert set(r.outs) == expect
    no_fig = player_odds(make_position("B1 G9", tableau="R4 R5", center="purple-wild"), 1)
    # without the figure a purple card played takes it, so P3 and P6 still score
    assert set(no_fig.outs) == expect


SMALL_EDITION = {"edition": "Three Powers", "key": "three", "powers": [
    {"number": 1, "key": "purple-wild", "color": "P", "text": "Purple is any color.",
     "effect": "wild_color", "params": {"color": "P"}},
    {"number": 2, "key": "yellow-wild", "color": "Y", "text": "Yellow is any color.",
     "effect": "wild_color", "params": {"color": "Y"}},
    {"number": 3, "key": "red-1s-wild", "color": "R", "text": "1s are any number.",
     "effect": "wild_number", "params": {"number": 1}},
]}


def test_no_center_means_no_score() -> None:
    """``center="none"``: no center Power at all, so nothing can be scored (RULES.md §A3). A
    center is empty only when every Power of its edition is scored: with three Powers in each
    of two editions, two players can have scored all three of edition 1."""
    from swkit.cards.editions import edition_from_dict
    small = edition_from_dict(SMALL_EDITION)
    pos = make_position("R3", tableau="R4 R5", others="B1", scored="1", center="none",
                        edition=small, editions=2)
    assert pos.center is None and not pos.has_center
    r = player_odds(pos, 1)
    assert r.probability == 0 and r.outs == {}
    assert UNKNOWN_CENTER not in " ".join(r.left_out)


def test_unknown_center_is_the_default() -> None:
    """No center given: a center Power is there but unknown, so playing R3 scores R3 R4 R5."""
    pos = make_position("R3 B7 G5", tableau="R4 R5")
    assert pos.center == UNKNOWN_CENTER and pos.has_center and pos.center_power is None
    r = player_odds(pos, 1)
    assert r.probability == 1 and r.best.scores_now and "score R3 R4 R5 (run)" in r.best.play
    assert r.left_out == (CENTER_UNKNOWN_NOTE,)
    assert make_position("R3", center="unknown").center == UNKNOWN_CENTER
    assert make_position("R3", center="").center == UNKNOWN_CENTER
    two = player_odds(make_position("B1 G9", tableau="R4 R5"), 2)
    assert two.within[0] == Fraction(2, 41) and two.probability > two.within[0]


def test_unknown_center_uses_only_a_held_figure() -> None:
    """Unknown center: scored Powers need the figure the player holds; no play takes one."""
    no_fig = player_odds(make_position("B1 G9", tableau="R4 R5", scored="purple-wild"), 1)
    assert set(no_fig.outs) == {Card("R", 3), Card("R", 6)}        # P3, P6 take no figure
    assert any("out of reach" in m for m in no_fig.modelled)
    fig = player_odds(make_position("B1 G9", tableau="R4 R5", scored="purple-wild",
                                    figure=True), 1)
    assert set(fig.outs) == {Card(c, n) for c in "RP" for n in (3, 6)}


@pytest.mark.parametrize("seed", range(20))
@pytest.mark.parametrize("turns", [1, 2])
def test_unknown_center_is_a_center_with_no_effect(seed: int, turns: int) -> None:
    """On a deck without blue cards, an unknown center answers as a blue center whose Power
    (draw two) is never used: no play takes its figure and its effect is never in reach."""
    deck = Deck(colors=("G", "R", "Y"), numbers=(3, 4, 5, 6), editions=1)
    base = random_position(2000 + seed, deck, min_unseen=2, max_unseen=5)
    draw_two = next(p for p in POWERS if p.effect == "extra_draw")
    scored = tuple(p for p in base.scored if p != draw_two)
    kw = dict(hand=base.hand, tableau=base.tableau, discard=base.discard, others=base.others,
              figure=base.figure, scored=scored, deck=deck)
    unknown = player_odds(Position(center=UNKNOWN_CENTER, **kw), turns)
    blue = Position(center=draw_two, **kw)
    assert unknown.probability == player_odds(blue, turns).probability
    if turns == 1:
        assert unknown.probability == game_oracle(blue, 1)


def test_tableau_already_holding_a_triple_scores_for_sure() -> None:
    pos = make_position("B1", tableau="R4 R5 R6", center="purple-wild")
    assert player_odds(pos, 1).probability == 1


def test_empty_deck_draws_from_the_discard_pile() -> None:
    """No unseen card: the draw comes from the discard pile (RULES.md §C1, §A3)."""
    deck = Deck(colors=("R",), numbers=(1, 2, 3, 4, 5), editions=1)
    pos = Position(hand=(Card("R", 4),), tableau=(Card("R", 1), Card("R", 2)),
                   discard=(Card("R", 3), Card("R", 5)), center=POWERS[0], deck=deck)
    r = player_odds(pos, 1)
    assert r.unseen == 0 and r.draw_from == "discard pile"
    assert r.probability == Fraction(1, 2)                 # R3 scores R1 R2 R3, R5 does not
    assert r.probability == game_oracle(pos, 1)
    empty = Position(hand=(Card("R", 4),), tableau=(Card("R", 1), Card("R", 2)),
                     others=((Card("R", 3), Card("R", 5)),), center=POWERS[0], deck=deck)
    r2 = player_odds(empty, 1)
    assert r2.draw_from == "nothing" and r2.probability == 0 == game_oracle(empty, 1)
    # two turns: the second draw takes the pile shuffled in again (RULES.md §C1), never refused
    assert player_odds(pos, 2).probability == game_oracle(pos, 2) >= r.probability


def test_one_unseen_card() -> None:
    deck = Deck(colors=("R",), numbers=(1, 2, 3, 4), editions=1)
    pos = Position(hand=(Card("R", 4),), tableau=(Card("R", 1), Card("R", 2)),
                   center=POWERS[0], deck=deck)
    r = player_odds(pos, 1)
    assert r.unseen == 1 and r.outs == {Card("R", 3): 1} and r.probability == 1
    # more turns than unseen cards: answered (an empty deck takes the discard pile, §C1)
    assert player_odds(pos, 2).probability == 1


def test_more_turns_help_and_left_out_is_named() -> None:
    pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                        others="G1 G2 / Y5 P7", center="blue-draw-two", figure=True,
                        scored="purple-pass")
    r1, r2 = player_odds(pos, 1), player_odds(pos, 2)
    # draw two and pass are modelled for later turns: nothing is left out
    assert r1.left_out == () == r2.left_out
    assert "blue-draw-two" in " ".join(r2.modelled) and "purple-pass" in " ".join(r2.modelled)
    assert r1.probability == r2.within[0] <= r2.probability


def test_bad_input_names_the_bad_part() -> None:
    with pytest.raises(NotationError, match="hand"):
        make_position("R3 Q7")
    with pytest.raises(ConfigurationError, match="R3 x2"):
        make_position("R3", tableau="R3")
    with pytest.raises(NotationError, match="tableau 2"):
        make_position("R3", others="R4 / X9")
    with pytest.raises(NotationError, match="no Power"):
        make_position("R3", center="11")
    with pytest.raises(ConfigurationError, match="both"):
        make_position("R3", center="purple-wild", scored="1")
    with pytest.raises(ConfigurationError, match="turns"):
        player_odds(make_position("R3"), 4)
    with pytest.raises(ConfigurationError, match="not in the deck"):
        Position(hand=(Card("R", 9),), deck=Deck(numbers=(1, 2, 3)))


def test_tableau_of_more_than_five_cards_is_refused() -> None:
    """A tableau (yours or another's) of six or more cards cannot occur at the start of a turn
    (RULES.md §A3 step 6; a swap exchanges one card for one), so the position is refused."""
    with pytest.raises(ConfigurationError, match=r"tableau: 7 cards \(B1 B2 B3 B4 B5 B6 B7\).*§A3"):
        make_position("R3 R4", tableau="B1 B2 B3 B4 B5 B6 B7", center=7)
    with pytest.raises(ConfigurationError, match=r"others tableau 2: 6 cards .*§A3"):
        make_position("R3", others="R1 / G1 G2 G3 G4 G5 G6")
    with pytest.raises(ConfigurationError, match="tableau: 6 cards"):
        Position(hand=(), tableau=tuple(Card("Y", n) for n in range(1, 7)))
    # five cards are fine, yours and another's
    five = make_position("R3", tableau="B1 B2 B4 B6 B8", others="G1 G3 G5 G7 G9")
    assert len(five.tableau) == 5 and len(five.others[0]) == 5


def test_tableau_holding_a_triple_is_still_possible() -> None:
    """An opponent's swap can hand you the third card of a triple (RULES.md §A7 Swap: "the
    other player can score only in their own turn"), so such a tableau is allowed and scores."""
    pos = make_position("B1", tableau="R4 R5 R6 G2 Y8", center="yellow-swap")
    assert player_odds(pos, 1).probability == 1
    assert player_odds(pos, 3).probability == 1


def test_parse_others() -> None:
    assert parse_others("R1 R2 / B5; G7") == ((Card("R", 1), Card("R", 2)), (Card("B", 5),),
                                              (Card("G", 7),))
    assert parse_others("") == ()
    assert parse_others(["R1", ["B2"]]) == ((Card("R", 1),), (Card("B", 2),))


def test_unseen_counts_editions() -> None:
    pos = make_position("R3 R3", editions=2)
    assert pos.unseen()[Card("R", 3)] == 0 and sum(pos.unseen().values()) == 88
    assert Counter(pos.hand) == Counter({Card("R", 3): 2})
