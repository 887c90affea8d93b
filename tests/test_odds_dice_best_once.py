"""The best count at the end of a turn under policy "best-once" (the most common character is
chosen after the first roll and kept with the Clubhouses for the rest of the turn; RULES.md
§C2): exact values, the brute-force oracle, and the simulation's twin.

``statistic="best"`` measures the best count over every character at the end of the turn
(another character may end ahead of the chosen one on the rerolled dice);
``statistic="chosen"`` the count of the character chosen after the first roll.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from oracles.dice_oracle import Oracle

from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel
from swkit.odds.markov import best_distribution
from swkit.odds.montecarlo_dice import mc_policy_distribution

CLUB = DiceModel()
YAHTZEE = DiceModel(characters=6, wilds=0)


def test_c2_best_once_best_statistic_is_the_true_best_count():
    """A brute force: the best count at the end of the turn, over every character."""
    got = best_distribution(YAHTZEE, 3, "best-once")
    assert got[1] == Fraction(15625, 3779136)
    assert got[2] == Fraction(690625, 2519424)
    assert got[5] == Fraction(4108139, 90699264)  # RULES.md §B6, the same either way
    assert sum(got.values()) == 1
    club = best_distribution(CLUB, 3, "best-once")
    assert sum(p for x, p in club.items() if x >= 4) == Fraction(406501, 531441)
    chosen = best_distribution(YAHTZEE, 3, "best-once", statistic="chosen")
    assert chosen[5] == got[5] and chosen != got
    assert best_distribution(YAHTZEE, 3, "best", statistic="chosen") == best_distribution(
        YAHTZEE, 3, "best")
    with pytest.raises(ConfigurationError, match="statistic"):
        best_distribution(CLUB, 3, "best-once", statistic="mean")


def _most_common(dice, c):
    return max(range(c), key=lambda j: (sum(1 for d in dice if d == j), -j))


@pytest.mark.parametrize("n,c,w", [(2, 2, 1), (3, 2, 0), (3, 3, 1), (3, 2, 2), (2, 4, 1),
                                   (3, 4, 0), (1, 3, 1)])
@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_c2_best_once_both_statistics_match_the_oracle(n, c, w, rolls):
    model, o = DiceModel(n, c, w), Oracle(n, c, w)

    def keep_once(d, done, h):
        j = _most_common(h[0], c)
        return [i for i, x in enumerate(d) if x in (j, c)]
    want_best = o.policy_distribution(rolls, keep_once, lambda d, h: o.best(d))
    want_chosen = o.policy_distribution(rolls, keep_once,
                                        lambda d, h: o.count(d, _most_common(h[0], c)))
    assert best_distribution(model, rolls, "best-once") == dict(sorted(want_best.items()))
    got = best_distribution(model, rolls, "best-once", statistic="chosen")
    assert {k: v for k, v in got.items() if v} == dict(sorted(want_chosen.items()))


@pytest.mark.parametrize("model,oracle", [(YAHTZEE, Oracle(5, 6, 0)), (CLUB, Oracle(5, 5, 1))])
def test_c2_best_once_full_size_matches_the_oracle(model, oracle):
    """Five dice, three rolls: the values above, against every roll sequence."""
    want = oracle.keep_once_distribution(3, lambda d, j: oracle.best(d))
    assert best_distribution(model, 3, "best-once") == dict(sorted(want.items()))
    want = oracle.keep_once_distribution(3, lambda d, j: oracle.count(d, j))
    got = best_distribution(model, 3, "best-once", statistic="chosen")
    assert {k: v for k, v in got.items() if v} == dict(sorted(want.items()))


def test_c2_best_once_twin_measures_the_best_count():
    exact = best_distribution(YAHTZEE, 3, "best-once")
    sim = mc_policy_distribution(YAHTZEE, "best-once", 3, n=200_000, seed=3)
    for x, p in exact.items():
        assert sim[x].covers(p), (x, p, sim[x])
    exact = best_distribution(YAHTZEE, 3, "best-once", statistic="chosen")
    sim = mc_policy_distribution(YAHTZEE, "best-once", 3, n=200_000, seed=4, statistic="chosen")
    for x, p in exact.items():
        assert sim[x].covers(p), (x, p, sim[x])
