"""Draw two (7) and pass (10) over T >= 2 turns are exact (issue 6 item 10, RULES.md §A7, §C1).

Before issue 6 the search never used them for later turns, so those answers were lower bounds.
Each case is checked against the exhaustive search of the game itself (``game_oracle``:
``CardGame.from_position``, its chance outcomes and legal actions) on reduced decks, and against
the old lower bound, which it may only raise.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from oracles.cards_oracle import game_oracle
from test_odds_cards import DECKS, POWERS, check_answer, random_position

from swkit.cards.notation import Card
from swkit.odds.cards import Position, make_position, player_odds
from swkit.odds.deal import Deck

KEY = {p.key: p for p in POWERS}
COMBOS = [("blue-draw-two", ()), ("purple-pass", ()), ("purple-pass", ("blue-draw-two",)),
          ("green-extra-play", ("purple-pass",)), ("blue-draw-two", ("green-extra-play",))]


def _position(seed: int, center: str, scored: tuple[str, ...], turns: int = 2,
              max_unseen: int = 6) -> Position:
    base = random_position(7000 + seed, DECKS[seed % 3], min_unseen=max(3, turns),
                           max_unseen=max_unseen)
    return replace(base, center=KEY[center], scored=tuple(KEY[s] for s in scored),
                   figure=seed % 2 == 0)


OLD_LOWER_BOUNDS = {
    # (seed, center, scored): (the old engine's answer for T = 2, the game tree's)
    (10, "blue-draw-two", ()): ("1/2", "3/4"),
    (16, "green-extra-play", ("purple-pass",)): ("0", "1/6"),
    (4, "blue-draw-two", ()): ("2/15", "7/20"),
    (9, "green-extra-play", ("purple-pass",)): ("7/10", "17/20"),
    (28, "green-extra-play", ("purple-pass",)): ("1/10", "7/40"),
    (24, "purple-pass", ()): ("7/10", "17/20"),
}
"""Positions where the old lower bound was wrong: the game tree's answer is higher."""

FAST = [(10, "blue-draw-two", ()), (16, "green-extra-play", ("purple-pass",))]


@pytest.mark.parametrize("case", [pytest.param(c, marks=[] if c in FAST else pytest.mark.slow)
                                  for c in OLD_LOWER_BOUNDS])
def test_the_old_lower_bound_rises_to_the_game_tree(case: tuple) -> None:
    seed, center, scored = case
    old, tree = (Fraction(v) for v in OLD_LOWER_BOUNDS[case])
    pos = _position(seed, center, scored)
    assert game_oracle(pos, 2) == tree > old
    assert check_answer(pos, 2) == tree
    assert player_odds(pos, 2).left_out == ()


@pytest.mark.slow
@pytest.mark.parametrize("combo", range(len(COMBOS)))
@pytest.mark.parametrize("seed", range(12))
def test_two_turns_with_draw_two_or_pass_match_the_game_tree(seed: int, combo: int) -> None:
    center, scored = COMBOS[combo]
    pos = _position(seed, center, scored, max_unseen=5)
    assert check_answer(pos, 2) == game_oracle(pos, 2)


@pytest.mark.slow
@pytest.mark.parametrize("combo", range(len(COMBOS)))
@pytest.mark.parametrize("seed", range(40, 46))
def test_three_turns_with_draw_two_or_pass_match_the_game_tree(seed: int, combo: int) -> None:
    center, scored = COMBOS[combo]
    pos = _position(seed, center, scored, turns=3, max_unseen=4)
    assert check_answer(pos, 3) == game_oracle(pos, 3)


def test_left_out_names_draw_two_only_when_the_unseen_cards_are_too_few() -> None:
    """Draw two is used only while the unseen cards hold its two cards and every later draw
    (the odds never reshuffle the discard pile, RULES.md §C1): with T = 2 that needs four
    unseen cards; with fewer, ``left_out`` says so."""
    deck = Deck(colors=("R",), numbers=(1, 2, 3, 4, 5, 6), editions=1)
    seen = dict(hand=(Card("R", 1),), tableau=(Card("R", 6),), center=KEY["blue-draw-two"],
                figure=True, deck=deck)
    four = Position(**seen)
    three = Position(**seen, discard=(Card("R", 2),))
    assert sum(four.unseen().values()) == 4 and sum(three.unseen().values()) == 3
    assert player_odds(four, 2).left_out == ()
    note = player_odds(three, 2).left_out
    assert len(note) == 1 and "blue-draw-two" in note[0] and "3 unseen" in note[0]
    assert player_odds(three, 1).left_out == ()
    for pos in (four, three):
        assert check_answer(pos, 2) == game_oracle(pos, 2)


def test_the_best_play_names_draw_two() -> None:
    """R4 R6 in the tableau and nothing useful in hand: drawing two cards doubles the chances
    of holding R5 next turn, so the best play after a useless draw uses Power 7."""
    pos = make_position("B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1",
                        others="G1 G2 / Y5 P7", center="blue-draw-two", figure=True)
    r = player_odds(pos, 2)
    assert r.left_out == () and r.probability > r.this_turn
    useless = next(d for d in r.plans if d.card == Card("G", 8))
    assert "use Power blue-draw-two" in useless.play and "draw 2 cards" in useless.play


@pytest.mark.parametrize(("spec", "seed"), [
    (dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
          center="blue-draw-two", figure=True), 3),
    (dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
          center="purple-pass", figure=True), 4),
])
def test_monte_carlo_twin_samples_draw_two_and_pass(spec: dict, seed: int) -> None:
    """The twin samples the cards that draw two and pass bring (RULES.md §C1): its interval
    covers the exact value, which the old lower bound is below."""
    from swkit.odds.montecarlo_cards import mc_player_odds
    pos = make_position(**spec)
    exact = player_odds(pos, 2).probability
    est = mc_player_odds(pos, 2, n=20_000, seed=seed)
    assert est.covers(exact), (est, exact)


# ---- draw two with an extra play: the pairs' values read from the masks (issue 21) -----------

def _pair_sum_by_search(eng, masks, pool, drawn, n, need):
    """``Chance._pair_sum`` as the general loop of ``_draw_value`` computes it: each pair as
    a multiset with its orders and copies, its value by ``_best_next`` from the masks."""
    from collections import Counter

    from swkit.odds.cards.hands import _falling, _multisets, _orders, _take

    total, left, top = 0, _falling(n, 2), n - 2
    for combo in _multisets([(i, u) for i, (_x, u) in enumerate(pool)], 2):
        eng.outcome()
        ways, cards = _orders(combo), []
        for i, m in Counter(combo).items():
            ways *= _falling(pool[i][1], m)
            cards.extend((pool[i][0],) * m)
        d2 = drawn
        for x in cards:
            d2 = _take(d2, x)
        total += ways * eng._best_next((), tuple(cards), [], masks, (), True, d2, 1)
        left -= ways
        if need is not None and total + left * top <= need:
            return None
    return total


DRAW_TWO_EXTRA = [
    dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
         figure=True, center="blue-draw-two", scored="green-extra-play"),
    dict(hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1", figure=True,
         center="blue-draw-two", scored="green-extra-play,green-discard", editions=2),
    dict(hand="B2 B3", tableau="R4 G6", discard="G3", figure=False, center="green-extra-play",
         scored="blue-draw-two", editions=3),
]


def _answer_and_work(pos: Position, monkeypatch: pytest.MonkeyPatch) -> tuple:
    """``player_odds(pos, 2)``, the chance outcomes it valued, its memo entries, and whether
    ``_pair_sum`` ran."""
    from swkit.odds.cards import chance, engine

    calls: list[int] = []
    made: list = []
    real, make = chance.Chance._pair_sum, engine._engine
    monkeypatch.setattr(chance.Chance, "_pair_sum",
                        lambda self, *a: calls.append(1) or real(self, *a))
    monkeypatch.setattr(engine, "_engine", lambda p, later: made.append(make(p, later)) or made[-1])
    r = player_odds(pos, 2, budget=None)
    monkeypatch.setattr(chance.Chance, "_pair_sum", real)
    monkeypatch.setattr(engine, "_engine", make)
    return r, made[-1].outcomes, made[-1].memo_entries(), bool(calls)


@pytest.mark.parametrize("spec", [pytest.param(0, marks=pytest.mark.slow),
                                  pytest.param(1, marks=pytest.mark.slow), 2])
def test_draw_two_with_an_extra_play_reads_the_pairs_from_the_masks(spec, monkeypatch) -> None:
    """The same answers, plans and chance outcomes as the general loop; no more memo entries
    (a pair that makes every type an out at one end needs no other end's masks)."""
    from swkit.odds.cards import chance

    pos = make_position(**DRAW_TWO_EXTRA[spec])
    fast = _answer_and_work(pos, monkeypatch)
    monkeypatch.setattr(chance.Chance, "_pair_sum", _pair_sum_by_search)
    slow = _answer_and_work(pos, monkeypatch)
    assert fast[3] and slow[3], "draw two's pairs should be read from the masks here"
    assert fast[:2] == slow[:2] and fast[2] <= slow[2]
