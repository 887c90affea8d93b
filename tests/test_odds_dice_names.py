"""Objectives and dice may name characters and faces instead of indices and count vectors."""

from __future__ import annotations

from fractions import Fraction

import pytest

from swkit.errors import NotationError
from swkit.odds.dice import DiceModel, Objective, keep_options, optimal_distribution, optimal_value
from swkit.odds.montecarlo_dice import mc_optimal

MODEL = DiceModel()
DICE = "Mickey Mickey Clubhouse Goofy Pluto"


def test_names_give_the_same_answers_as_indices():
    by_name = Objective.points(scored=["Minnie", "don"], taken={"Mickey": [5], "Goofy": [4, 5]})
    by_index = Objective.points(scored=[1, 2], taken={0: [5], 3: [4, 5]})
    counts = MODEL.counts(DICE)
    assert optimal_value(MODEL, by_name, DICE) == optimal_value(MODEL, by_index, counts)
    # the same board was brute-forced independently by QA: 137/36 expected points
    assert optimal_value(MODEL, by_name, DICE) == Fraction(137, 36)
    names = [(o.keep, o.value) for o in keep_options(MODEL, by_name, DICE)]
    assert names == [(o.keep, o.value) for o in keep_options(MODEL, by_index, counts)]
    assert optimal_distribution(MODEL, Objective.at_least(3, target="Goofy")) == \
        optimal_distribution(MODEL, Objective.at_least(3, target=3))


def test_monte_carlo_twin_takes_names():
    result = mc_optimal(MODEL, Objective.at_least(4, target="Mickey"), DICE, n=20_000, seed=3)
    assert result.covers(optimal_value(MODEL, Objective.at_least(4, target=0), DICE))


def test_unknown_name_is_a_clear_error():
    with pytest.raises(NotationError, match="Zorro"):
        optimal_value(MODEL, Objective.at_least(3, target="Zorro"))
