"""numpy is an accelerator, not a requirement: the core imports and answers
without it, with the same exact answers.

Two ways to take numpy away: the switch the engine reads (``swkit.odds.accel.enabled``, the
``SWKIT_NUMPY=0`` variable), which lets one process compare both paths position by position;
and a fresh interpreter where ``import numpy`` fails (``sys.modules["numpy"] = None``, as in a
Pyodide kernel without numpy), which proves that nothing imports it behind the switch's back.
The card odds positions below take the numpy batch (``Batch.numerator2_batch``: one extra
play in reach, no swap, no wild; the test checks that they do) when numpy is on."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from fractions import Fraction

import pytest
from test_odds_cards_extra_play import BATCHED, _position

from swkit.odds import (
    DiceModel,
    Objective,
    accel,
    deal_odds,
    keep_options,
    make_position,
    optimal_distribution,
    optimal_value,
    player_odds,
)
from swkit.odds.cards.batch import Batch
from swkit.odds.cards.engine import start_search as start
from swkit.odds.dice import policy_distribution
from swkit.odds.montecarlo_dice import (
    mc_optimal,
    mc_optimal_distribution,
    mc_policy_at_least,
    mc_policy_distribution,
    mc_solo,
)
from swkit.odds.solo import solo_expected

HEAVY = dict(hand="B2 G7 Y9", tableau="R4 R6 B8 G5", discard="G3 P5 Y4 B1",
             others="G1 G2 / Y5 P7", center="red-take-discard", figure=True,
             scored="green-discard,green-extra-play")
"""bench/odds_cards.py's worst batched position (figure, Powers 1, 3 and 4 in reach)."""

# (seed of test_odds_cards_extra_play._position, T): the numpy batch runs on each (checked)
FAST = [(0, 3), (1, 2), (1, 3), (9, 2), (9, 3), (16, 2), (16, 3), (17, 3), (19, 3), (22, 2),
        (31, 3), (40, 3), (49, 3), (55, 3), (56, 3)]
SLOW = [(s, t) for s in BATCHED if s < 100 for t in (2, 3) if (s, t) not in FAST]


@pytest.fixture
def batch_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the numpy batch's calls."""
    calls: list[int] = []
    real = Batch._numerator2_numpy
    monkeypatch.setattr(Batch, "_numerator2_numpy",
                        lambda self, *a: calls.append(1) or real(self, *a))
    return calls


def _both(monkeypatch: pytest.MonkeyPatch, calls: list[int], ask, batched: bool = True):
    """``ask()`` with numpy on, then off: (on, off). With ``batched`` the numpy run must take
    the batch; the run without numpy never does."""
    monkeypatch.setattr(accel, "enabled", True)
    calls.clear()
    on = ask()
    if batched:
        assert calls, "this position should take the numpy batch"
    monkeypatch.setattr(accel, "enabled", False)
    calls.clear()
    off = ask()
    assert not calls, "the numpy batch ran with numpy off"
    return on, off


@pytest.mark.parametrize("seed, turns", [*FAST, *(pytest.param(*c, marks=pytest.mark.slow)
                                                  for c in SLOW)])
def test_card_odds_are_the_same_exact_fractions_without_numpy(seed, turns, monkeypatch,
                                                              batch_calls):
    pos = _position(seed)
    on, off = _both(monkeypatch, batch_calls, lambda: player_odds(pos, turns),
                    batched=(seed, turns) in FAST)
    assert on == off                           # the probability, every plan, every figure
    assert isinstance(off.probability, Fraction)


@pytest.mark.parametrize("turns", [2, pytest.param(3, marks=pytest.mark.slow)])
def test_the_heaviest_batched_position_is_the_same_without_numpy(turns, monkeypatch,
                                                                 batch_calls):
    # the default budget: both paths keep the same memo entries (about 51,000 at T = 3)
    pos = make_position(**HEAVY)
    on, off = _both(monkeypatch, batch_calls, lambda: player_odds(pos, turns))
    assert on == off
    assert off.probability == {2: Fraction(72, 145), 3: Fraction(8797, 12180)}[turns]


def _spent(pos, turns: int) -> tuple[Fraction, int]:
    """The value of ``pos`` within ``turns`` turns and the memo entries its search kept."""
    eng, hand, tab, disc, others = start(pos, turns)
    disc = eng.disc_key(disc, turns) if turns >= 2 else disc
    return eng.value(hand, tab, disc, others, pos.figure, (), turns), eng.memo_entries()


@pytest.mark.parametrize("seed, turns", FAST[:8])
def test_without_numpy_the_search_keeps_the_same_memo_entries(seed, turns, monkeypatch,
                                                              batch_calls):
    """The path without numpy expands the same choices and keeps the same rows: the same
    memo entries, so the same budget answers on both (the site's kernel has no numpy)."""
    pos = _position(seed)
    on, off = _both(monkeypatch, batch_calls, lambda: _spent(pos, turns))
    assert on == off and on[1] > 0


def test_seeded_dice_simulations_without_numpy_replay_and_cover_the_exact_values(monkeypatch):
    """Without numpy the twins draw with random.Random(seed): other dice than numpy's, the
    same seed the same run, and the 99% interval still covers the exact value."""
    monkeypatch.setattr(accel, "enabled", False)
    club, yahtzee = DiceModel(), DiceModel(characters=6, wilds=0)
    dice = club.counts("Mickey Mickey Clubhouse Goofy Pluto")
    pure = mc_optimal(club, Objective.at_least(4), n=20_000, seed=3)
    for objective in (Objective.at_least(4), Objective.points(scored=[1, 2])):
        sim = mc_optimal(club, objective, n=20_000, seed=3)
        assert sim.covers(optimal_value(club, objective))
        assert sim == mc_optimal(club, objective, n=20_000, seed=3)
        dist = mc_optimal_distribution(club, objective, dice, 1, n=20_000, seed=8)
        exact = optimal_distribution(club, objective, dice, 1)
        assert set(dist) <= set(exact) and all(dist[x].covers(p) for x, p in exact.items())
    assert mc_policy_at_least(yahtzee, 5, "best-once", n=40_000, seed=11).covers(
        Fraction(4108139, 90699264))
    only_wild = lambda d: (0,) * 3 + (d[3],)  # noqa: E731
    small = DiceModel(4, 3, 1)
    sim = mc_policy_distribution(small, only_wild, 3, n=20_000, seed=12,
                                 statistic=small.best_count)
    exact = policy_distribution(small, only_wild, small.best_count, 3)
    assert all(sim[x].covers(p) for x, p in exact.items())
    assert mc_solo(DiceModel(3, 3, 1), n=5_000, seed=9).covers(solo_expected(DiceModel(3, 3, 1)))
    monkeypatch.setattr(accel, "enabled", True)
    assert mc_optimal(club, Objective.at_least(4), n=20_000, seed=3) != pure  # numpy's dice


_NO_NUMPY = textwrap.dedent("""
    import json, sys
    sys.modules["numpy"] = None            # import numpy now fails, as without numpy
    sys.modules["matplotlib"] = None
    import swkit.cards, swkit.cards.game, swkit.dice, swkit.dice.game, swkit.odds
    from swkit.odds import (DiceModel, Objective, deal_odds, keep_options, make_position,
                            optimal_value, player_odds)
    from swkit.odds.montecarlo_dice import mc_optimal
    from swkit.odds.montecarlo_cards import mc_deal
    from swkit.odds.solo import solo_expected
    spec, seeds = json.loads(sys.argv[1])
    sys.path.insert(0, "tests")
    from test_odds_cards_extra_play import _position
    model = DiceModel()
    dice = model.counts("Mickey Mickey Clubhouse Goofy Pluto")
    out = {
        "deal": [str(deal_odds(k).either) for k in (3, 4, 5)],
        "heavy": str(player_odds(make_position(**spec), 2).probability),
        "batched": [str(player_odds(_position(s), t).probability) for s, t in seeds],
        "keep": [[str(o.keep), str(o.value)] for o in keep_options(
            model, Objective.at_least(4, target=0), dice, 2)],
        "points": str(optimal_value(model, Objective.points())),
        "solo": str(solo_expected(DiceModel(3, 3, 1))),
        "mc": mc_optimal(model, Objective.at_least(4), n=2_000, seed=1).covers(
            optimal_value(model, Objective.at_least(4))),
        "mc_cards": mc_deal(3, n=2_000, seed=1).n,
        "numpy": sys.modules["numpy"] is None,
    }
    print(json.dumps(out))
""")


def test_the_core_imports_and_answers_where_numpy_cannot_be_imported():
    seeds = FAST[:6]
    done = subprocess.run([sys.executable, "-c", _NO_NUMPY, json.dumps([HEAVY, seeds])],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout)
    model = DiceModel()
    dice = model.counts("Mickey Mickey Clubhouse Goofy Pluto")
    assert got["deal"] == [str(deal_odds(k).either) for k in (3, 4, 5)]
    assert got["deal"][0] == "25/2838"
    assert got["heavy"] == "72/145"
    assert got["batched"] == [str(player_odds(_position(s), t).probability) for s, t in seeds]
    assert got["keep"] == [[str(o.keep), str(o.value)] for o in keep_options(
        model, Objective.at_least(4, target=0), dice, 2)]
    assert got["points"] == str(optimal_value(model, Objective.points()))
    assert got["solo"] == str(solo_expected(DiceModel(3, 3, 1)))
    assert got["mc"] is True and got["mc_cards"] == 2_000
    assert got["numpy"] is True                # nothing put a numpy back in its place
