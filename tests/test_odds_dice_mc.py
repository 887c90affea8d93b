"""Monte Carlo twins of the dice odds: the 99% interval covers the exact value (fixed seeds)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from swkit.odds.dice import (
    DiceModel,
    Objective,
    optimal_distribution,
    optimal_value,
)
from swkit.odds.markov import best_distribution, target_distribution
from swkit.odds.montecarlo_dice import (
    MCResult,
    mc_optimal,
    mc_optimal_distribution,
    mc_policy_at_least,
    mc_policy_distribution,
    mc_solo,
    mean_interval,
    wilson,
)
from swkit.odds.solo import solo_expected

CLUB = DiceModel()
YAHTZEE = DiceModel(characters=6, wilds=0)


def test_intervals():
    r = wilson(50, 100)
    assert isinstance(r, MCResult) and r.low < 0.5 < r.high and r.n == 100
    assert wilson(0, 100).low == 0 and wilson(100, 100).high == 1
    m = mean_interval(10.0, 30.0, 5)
    assert m.estimate == 2 and m.covers(2)


@pytest.mark.parametrize("policy,k,exact", [
    ("best", 5, Fraction(347897, 7558272)),
    ("best-once", 5, Fraction(4108139, 90699264)),
    ("best", 4, None),
])
def test_policy_twins_cover_yahtzee(policy, k, exact):
    exact = exact if exact is not None else sum(
        p for x, p in best_distribution(YAHTZEE, 3, policy).items() if x >= k)
    assert mc_policy_at_least(YAHTZEE, k, policy, n=300_000, seed=11).covers(exact)


@pytest.mark.parametrize("policy", ["target", "best", "best-once"])
def test_policy_distribution_twins_cover_clubhouse(policy):
    exact = (target_distribution(CLUB, 3, 2) if policy == "target"
             else best_distribution(CLUB, 3, policy))
    sim = mc_policy_distribution(CLUB, policy, 3, target=2, n=200_000, seed=5)
    for x, p in exact.items():
        assert sim[x].covers(p), (x, p, sim[x])
    one = mc_policy_distribution(CLUB, policy, 1, target=2, n=100_000, seed=6)
    exact1 = (target_distribution(CLUB, 1, 2) if policy == "target"
              else best_distribution(CLUB, 1, "best"))
    assert all(one[x].covers(p) for x, p in exact1.items())


def test_custom_policy_twin_covers():
    from swkit.odds.dice import policy_distribution
    model = DiceModel(4, 3, 1)
    only_wild = lambda d: (0,) * 3 + (d[3],)  # noqa: E731
    exact = policy_distribution(model, only_wild, model.best_count, 3)
    sim = mc_policy_distribution(model, only_wild, 3, n=100_000, seed=12,
                                 statistic=model.best_count)
    assert all(sim[x].covers(p) for x, p in exact.items())


@pytest.mark.parametrize("objective", [
    Objective.at_least(4),
    Objective.at_least(5, target=3),
    Objective.at_least(3, scored=[0, 1]),
    Objective.points(),
    Objective.points(scored=[1, 2], taken={3: [4, 5], 0: [5]}),
])
def test_optimal_twins_cover(objective):
    exact = optimal_value(CLUB, objective)
    assert mc_optimal(CLUB, objective, n=200_000, seed=3).covers(exact)
    dice = CLUB.counts("Mickey Mickey Clubhouse Goofy Pluto")
    assert mc_optimal(CLUB, objective, dice, 2, n=100_000, seed=4).covers(
        optimal_value(CLUB, objective, dice, 2))
    sim = mc_optimal_distribution(CLUB, objective, dice, 1, n=100_000, seed=8)
    for x, p in optimal_distribution(CLUB, objective, dice, 1).items():
        assert sim[x].covers(p)


def test_optimal_twin_yahtzee_and_reproducible():
    a = mc_optimal(YAHTZEE, Objective.at_least(5), n=300_000, seed=1)
    assert a.covers(Fraction(347897, 7558272))
    assert a == mc_optimal(YAHTZEE, Objective.at_least(5), n=300_000, seed=1)


@pytest.mark.slow
def test_solo_twin_covers():
    assert mc_solo(CLUB, n=100_000, seed=2).covers(solo_expected())


def test_solo_twin_small_model():
    model = DiceModel(3, 3, 1)
    assert mc_solo(model, n=50_000, seed=9).covers(solo_expected(model))


@pytest.mark.parametrize("kernel", ["numpy", "python"])
def test_the_twins_draw_only_from_a_generator_of_their_seed(monkeypatch, kernel):
    """The numpy kernel's randomness is ``numpy.random.default_rng(seed)``, the Python
    kernel's ``random.Random(seed)`` (swkit.odds.montecarlo_dice): each made once per
    simulation from the seed given, and neither numpy's nor Python's global stream is drawn
    from (a notebook's own ``np.random`` and ``random`` calls are unchanged by a simulation)."""
    import random

    from swkit.odds import accel, montecarlo_dice

    monkeypatch.setattr(accel, "enabled", kernel == "numpy")
    seeds: list[object] = []
    if kernel == "numpy":
        real = np.random.default_rng

        def recording(seed=None):
            seeds.append(seed)
            return real(seed)
        monkeypatch.setattr(np.random, "default_rng", recording)
    else:
        class Recording(random.Random):
            def __init__(self, seed=None):
                seeds.append(seed)
                super().__init__(seed)
        monkeypatch.setattr(montecarlo_dice.random, "Random", Recording)

    def global_draws() -> tuple[float, float]:
        return np.random.random(), random.random()

    np.random.seed(1), random.seed(1)
    untouched = global_draws()
    np.random.seed(1), random.seed(1)
    a = mc_optimal(CLUB, Objective.at_least(4), n=3_000, seed=7)
    assert global_draws() == untouched
    assert seeds == [7]
    assert a == mc_optimal(CLUB, Objective.at_least(4), n=3_000, seed=7)
    assert a != mc_optimal(CLUB, Objective.at_least(4), n=3_000, seed=8)
    assert seeds == [7, 7, 8]
