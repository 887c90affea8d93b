"""P(scoring within T turns) never falls as T grows (RULES.md §C1: you stop at your first score).

The model does not depend on T: a draw with no card unseen takes the discard pile shuffled into
a new deck (RULES.md §A3, §C1), so every question is answered and a strategy for T turns is one
for T + 1. Checked on the two positions where it once fell (the engine left draw two out of a
three-turn question whose later draws it could not cover, and the game-tree oracle did the
same), on questions that need more draws than the unseen cards hold, against the game tree,
and as a property over random positions with every Power and every pair of Powers.
"""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from itertools import permutations

import pytest
from oracles.cards_oracle import game_oracle
from test_odds_cards import DECKS, POWERS, check_answer, random_position
from test_odds_cards_exact_powers import _position

from swkit.cards.notation import Card
from swkit.odds.cards import Position, player_odds
from swkit.odds.deal import Deck
from swkit.odds.montecarlo_cards import mc_player_odds

KEY = {p.key: p for p in POWERS}


SETUPS = [(c, ()) for c in KEY] + [(c, (s,)) for c, s in permutations(KEY, 2)]
"""Every Power in the center alone, and every ordered pair (center, scored)."""

FAST_SETUPS = [("blue-draw-two", ("green-extra-play",)), ("green-extra-play", ("blue-draw-two",)),
               ("purple-pass", ("blue-draw-two",)), ("red-take-discard", ("green-discard",)),
               ("yellow-swap", ()), ("blue-draw-two", ())]


def _small_deck_case(figure: bool) -> Position:
    """A position of the tests' small decks (``random_position(92, DECKS[2])``) with an extra
    play in the center and draw two scored: four unseen cards, five in the discard pile."""
    base = random_position(92, DECKS[2], min_unseen=2, max_unseen=5)
    return replace(base, center=KEY["green-extra-play"],
                   scored=(KEY["blue-draw-two"], KEY["yellow-wild"]), figure=figure)


def test_the_engine_no_longer_falls_from_two_turns_to_three() -> None:
    """It said 3/4 within two turns and 1/4 within three: the three-turn search left draw two
    out whenever the four unseen cards could not also cover the later draws. With the discard
    pile shuffled in, the third turn can only add."""
    pos = _small_deck_case(figure=True)
    assert sum(pos.unseen().values()) == 4
    two, three = player_odds(pos, 2), player_odds(pos, 3)
    assert two.probability == Fraction(3, 4)
    assert three.within == (0, Fraction(3, 4), 1) == tuple(sorted(three.within))
    assert three.left_out == ()
    assert game_oracle(pos, 3) == 1


def test_the_oracle_uses_draw_two_with_the_reshuffle() -> None:
    """The game tree left draw two out for a whole three-turn question when the deck could not
    hold its cards and every later draw, and answered 1/2 where a player can make certain:
    it now plays the game's own reshuffle, and agrees with the engine."""
    pos = _position(40, "blue-draw-two", (), turns=3, max_unseen=4)
    assert sum(pos.unseen().values()) == 4
    assert game_oracle(pos, 3) == 1 == check_answer(pos, 3)


def test_more_draws_than_unseen_cards_are_answered() -> None:
    """One unseen card and two turns: the second draw takes the discard pile shuffled in.
    Tableau R1 R2, hand R4, R3 unseen, R5 discarded: R3 scores at once; the question that
    was refused is now the certain answer, and with R3 in the discard pile instead the
    second turn draws it from the reshuffled pile."""
    deck = Deck(colors=("R",), numbers=(1, 2, 3, 4, 5), editions=1)
    base = dict(hand=(Card("R", 4),), tableau=(Card("R", 1), Card("R", 2)), center=POWERS[0],
                deck=deck)
    one = Position(**base, discard=(Card("R", 5),))
    assert player_odds(one, 2).probability == 1 == game_oracle(one, 2)
    # nothing unseen: the first draw is from the pile (R3 or R5); after R5 is played or kept,
    # the pile holds what was discarded, if anything
    none = Position(**base, discard=(Card("R", 3), Card("R", 5)))
    r1, r2, r3 = (player_odds(none, t) for t in (1, 2, 3))
    assert r1.draw_from == r2.draw_from == "discard pile" and r2.unseen == 0
    assert r1.probability == Fraction(1, 2) <= r2.probability <= r3.probability
    for t, r in ((2, r2), (3, r3)):
        assert r.probability == game_oracle(none, t) == check_answer(none, t)
    assert any("shuffled" in n for n in r2.notes)


def test_a_nearly_spent_full_deck_is_answered_by_hand() -> None:
    """Full deck, B1 and B3 the only unseen cards, every other card in the discard pile, draw
    two in the center, the figure held. Turn 1 draws B1 or B3 and draw two brings the other
    and one card of the 37 shuffled in. Within two turns only R5 scores (R4 R5 R6): it comes
    with draw two (1/37) or with turn 2's draw (36/37 x 1/36), so 2/37. Within three turns it
    is certain: play B1 or B3 in turn 1 (keeping it in the tableau), turn 2 draws the other
    unseen one if draw two did not, so turns 2 and 3 play B2 and it: a run. The question was
    refused before (three draws, two unseen)."""
    from swkit.cards.notation import ALL_CARDS
    from swkit.odds.cards import make_position

    seen = {"B2", "G7", "Y9", "R4", "R6", "B8", "B1", "B3"}
    pile = " ".join(str(c) for c in ALL_CARDS if str(c) not in seen)
    pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", discard=pile, center="blue-draw-two",
                        figure=True)
    assert sum(pos.unseen().values()) == 2 and len(pos.discard) == 37
    r = player_odds(pos, 3)
    assert r.within == (0, Fraction(2, 37), 1)
    assert [(str(d.card), d.probability) for d in r.plans] == [("B1", 1), ("B3", 1)]


@pytest.mark.parametrize("seed", range(8))
def test_small_pools_match_the_game_tree(seed: int) -> None:
    """One to three unseen cards, two and three turns, the Powers of the random position: the
    engine (the discard pile shuffled in) and the game tree (the game's own reshuffle)."""
    pos = random_position(9100 + seed, DECKS[seed % 3], min_unseen=1, max_unseen=3)
    for turns in (2, 3):
        expected = Fraction(0) if pos.center is None else game_oracle(pos, turns)
        assert check_answer(pos, turns) == expected


def test_the_monte_carlo_twin_samples_the_reshuffle() -> None:
    pos = _small_deck_case(figure=False)
    exact = player_odds(pos, 3).probability
    assert exact == Fraction(3, 4)
    assert mc_player_odds(pos, 3, n=3000, seed=5).covers(exact)


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("setup", FAST_SETUPS)
def test_both_searches_agree_where_no_reshuffle_can_happen(setup: tuple, seed: int) -> None:
    """Where the unseen cards cover every draw the model did not change: the integer search
    answers, and the reshuffle search (asked directly) gives the same Fraction."""
    from swkit.odds.cards.engine import start_search

    center, scored = setup
    rng = random.Random(f"agree {center} {scored} {seed}")
    turns = 2 if seed % 3 else 3
    low = 7 if turns == 3 and "blue-draw-two" in (center, *scored) else 3 + turns
    base = random_position(rng.randrange(10**6), DECKS[seed % 3], min_unseen=low,
                           max_unseen=low + 1)
    pos = replace(base, center=KEY[center], scored=tuple(KEY[s] for s in scored),
                  figure=rng.random() < 0.6)
    eng, hand, tab, disc, others = start_search(pos, turns)
    assert not eng.reshuffle.needed(turns)
    state = eng.reshuffle.start(hand, tab, disc, others, pos.figure)
    assert eng.reshuffle.value(state, turns) == player_odds(pos, turns).probability


# ---- the property: P(T) <= P(T + 1) --------------------------------------------------------

def _monotone(setup: tuple[str, tuple[str, ...]], seed: int) -> None:
    center, scored = setup
    rng = random.Random(f"{center} {scored} {seed}")
    base = random_position(rng.randrange(10**6), DECKS[seed % 3], min_unseen=1, max_unseen=5)
    pos = replace(base, center=KEY[center], scored=tuple(KEY[s] for s in scored),
                  figure=rng.random() < 0.6)
    answers = [player_odds(pos, t, budget=None) for t in (1, 2, 3)]
    probs = [r.probability for r in answers]
    assert probs == sorted(probs), (setup, seed, probs)
    assert list(answers[-1].within) == probs             # one question's t = 1..3 agree too
    assert list(answers[-1].within) == sorted(answers[-1].within)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("setup", FAST_SETUPS)
def test_more_turns_never_lower_the_odds_sample(setup: tuple, seed: int) -> None:
    _monotone(setup, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("setup", SETUPS)
def test_more_turns_never_lower_the_odds(setup: tuple, seed: int) -> None:
    _monotone(setup, seed)
