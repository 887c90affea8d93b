"""Draw two (7) and pass (10) over T >= 2 turns are exact (RULES.md §A7, §C1).

An earlier search never used them for later turns, so those answers were lower bounds.
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
          ("green-extra-play", ("purple-pass",))]
COMBOS2 = [*COMBOS, ("blue-draw-two", ("green-extra-play",))]
"""Draw two with an extra play too (its pairs read from the masks for two turns)."""


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
@pytest.mark.parametrize("combo", range(len(COMBOS2)))
@pytest.mark.parametrize("seed", range(12))
def test_two_turns_with_draw_two_or_pass_match_the_game_tree(seed: int, combo: int) -> None:
    center, scored = COMBOS2[combo]
    pos = _position(seed, center, scored, max_unseen=5)
    assert check_answer(pos, 2) == game_oracle(pos, 2)


@pytest.mark.slow
@pytest.mark.parametrize("combo", range(len(COMBOS2)))
@pytest.mark.parametrize("seed", range(40, 46))
def test_three_turns_with_draw_two_or_pass_match_the_game_tree(seed: int, combo: int) -> None:
    """Four unseen cards at most: draw two's cards and the later draws can outnumber them, and
    then both take the discard pile shuffled in (RULES.md §C1; the game's own reshuffle)."""
    center, scored = COMBOS2[combo]
    pos = _position(seed, center, scored, turns=3, max_unseen=4)
    assert check_answer(pos, 3) == game_oracle(pos, 3)


def test_draw_two_is_modelled_when_the_unseen_cards_are_too_few() -> None:
    """With three unseen cards, two turns can draw four (draw two's two and the next turn's):
    the last comes from the discard pile shuffled into a new deck (RULES.md §C1, §A3), so draw
    two is modelled and nothing is left out, with four unseen cards or three."""
    deck = Deck(colors=("R",), numbers=(1, 2, 3, 4, 5, 6), editions=1)
    seen = dict(hand=(Card("R", 1),), tableau=(Card("R", 6),), center=KEY["blue-draw-two"],
                figure=True, deck=deck)
    four = Position(**seen)
    three = Position(**seen, discard=(Card("R", 2),))
    assert sum(four.unseen().values()) == 4 and sum(three.unseen().values()) == 3
    for pos in (four, three):
        r = player_odds(pos, 2)
        assert r.left_out == () and any("blue-draw-two" in m for m in r.modelled)
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


# ---- draw two and pass with an extra play: outcomes read from the masks -----------------------

READ_MASKS = [
    dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
         figure=True, center="blue-draw-two", scored="green-extra-play"),
    dict(hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1", figure=True,
         center="blue-draw-two", scored="green-extra-play,green-discard", editions=2),
    dict(hand="B2 B3", tableau="R4 G6", discard="G3", figure=False, center="green-extra-play",
         scored="blue-draw-two", editions=3),
    dict(hand="B2 G7 Y9", tableau="R4 R6 B8", discard="G3 P5 Y4 B1", others="G1 G2 / Y5 P7",
         figure=True, center="purple-pass", scored="green-extra-play"),
    dict(hand="B2 B3 Y7", tableau="R4 G6", discard="G3", figure=False, center="green-extra-play",
         scored="purple-pass,red-take-discard", editions=2),
]


def _answer_and_work(pos: Position, read_masks: bool, monkeypatch: pytest.MonkeyPatch
                     ) -> tuple:
    """``player_odds(pos, 2)`` with the engine's ``read_masks`` as given: the answer, the
    chance outcomes valued, the memo entries, and how often the outcomes were read from the
    masks (``_pair_sum``, ``_pass_sum``)."""
    from swkit.odds.cards import chance, engine

    calls: list[str] = []
    made: list = []
    make = engine._engine
    for name in ("_pair_sum", "_pass_sum"):
        real = getattr(chance.Chance, name)
        monkeypatch.setattr(chance.Chance, name, lambda self, *a, real=real, name=name:
                            calls.append(name) or real(self, *a))

    def build(p, later):
        made.append(make(p, later))
        made[-1].read_masks = read_masks
        return made[-1]

    monkeypatch.setattr(engine, "_engine", build)
    r = player_odds(pos, 2, budget=None)
    monkeypatch.undo()
    return r, made[-1].outcomes, made[-1].memo_entries(), sorted(set(calls))


@pytest.mark.parametrize("spec", [pytest.param(0, marks=pytest.mark.slow),
                                  pytest.param(1, marks=pytest.mark.slow), 2, 3, 4])
def test_chance_outcomes_read_from_the_masks_match_the_search(spec, monkeypatch) -> None:
    """Draw two's pairs and pass's cards one turn before the end, with an extra play and the
    figure, read from the masks: the same answers, plans and chance outcomes as through
    ``_best_next``, and no more memo entries (an outcome that makes every type an out at one
    end needs no other end's masks)."""
    pos = make_position(**READ_MASKS[spec])
    fast = _answer_and_work(pos, True, monkeypatch)
    slow = _answer_and_work(pos, False, monkeypatch)
    assert fast[3] and not slow[3], "the outcomes should be read from the masks here"
    assert fast[:2] == slow[:2] and fast[2] <= slow[2]
