"""Exact dice odds (RULES.md §B4, §B6, §C2) against the brute-force oracle in tests/oracles.

Every fast method (multisets, lumped and symmetric states, integer values) must equal the
oracle (roll sequences, keep masks over die positions) exactly.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles.dice_oracle import Oracle

from swkit.errors import ConfigurationError, NotationError
from swkit.odds.dice import (
    DiceModel,
    Objective,
    keep_hint,
    keep_options,
    one_roll_distribution,
    optimal_distribution,
    optimal_value,
    p_at_least,
    policy_distribution,
    policy_keep,
)
from swkit.odds.markov import (
    best_distribution,
    markov_chain,
    policy_chain,
    target_distribution,
    transition_matrix,
)
from swkit.odds.solo import solo_action, solo_expected, solo_value

YAHTZEE = DiceModel(characters=6, wilds=0)
SMALL = [(2, 2, 1), (3, 2, 0), (3, 3, 1), (3, 2, 2), (2, 4, 1), (3, 4, 0), (3, 3, 2), (1, 3, 1)]


def labels(counts) -> tuple[int, ...]:
    return tuple(i for i, k in enumerate(counts) for _ in range(k))


def counts_of(dice, c) -> tuple[int, ...]:
    return tuple(sum(1 for d in dice if d == i) for i in range(c + 1))


def most_common(dice, c) -> int:
    return max(range(c), key=lambda j: (sum(1 for d in dice if d == j), -j))


def assert_distribution(dist) -> None:
    assert sum(dist.values()) == 1
    assert all(0 <= p <= 1 for p in dist.values())


# --------------------------------------------------------------------------------------------
# RULES.md §B6: the published values


def test_published_five_of_a_kind_rechosen_every_roll():
    """RULES.md §B6: 1/1296, 221/17496, 347897/7558272 (= 2,783,176/60,466,176)."""
    expected = {1: Fraction(1, 1296), 2: Fraction(221, 17496), 3: Fraction(347897, 7558272)}
    for rolls, value in expected.items():
        assert best_distribution(YAHTZEE, rolls)[5] == value
    assert Fraction(347897, 7558272) == Fraction(2783176, 60466176)


def test_choose_once_is_lower_and_optimal_equals_rechosen():
    """RULES.md §B6: choosing the face once gives less; the optimal keep gives exactly the
    re-chosen policy's value."""
    once = best_distribution(YAHTZEE, 3, policy="best-once")[5]
    assert once == Fraction(4108139, 90699264)
    assert once < Fraction(347897, 7558272)
    assert optimal_value(YAHTZEE, Objective.at_least(5)) == Fraction(347897, 7558272)
    assert optimal_value(YAHTZEE, Objective.at_least(5), rolls_left=2) == Fraction(221, 17496)


# --------------------------------------------------------------------------------------------
# distributions under keep policies, and the chains


@pytest.mark.parametrize("n,c,w", SMALL)
def test_one_roll_distributions_match_sequences(n, c, w):
    model, o = DiceModel(n, c, w), Oracle(n, c, w)
    for target in range(c):
        dist = o.policy_distribution(1, None, lambda d, h, t=target: o.count(d, t))
        assert one_roll_distribution(model, "target", target) == dict(sorted(dist.items()))
    dist = o.policy_distribution(1, None, lambda d, h: o.best(d))
    assert one_roll_distribution(model, "best") == dict(sorted(dist.items()))
    assert_distribution(dist)


@pytest.mark.parametrize("n,c,w", SMALL)
@pytest.mark.parametrize("rolls", [1, 2, 3])
def test_policy_distributions_match_sequences(n, c, w, rolls):
    model, o = DiceModel(n, c, w, rolls), Oracle(n, c, w)
    target = c - 1
    want = o.policy_distribution(
        rolls, lambda d, done, h: [i for i, x in enumerate(d) if x in (target, c)],
        lambda d, h: o.count(d, target))
    got = target_distribution(model, rolls, target)
    assert got == {k: v for k, v in sorted(want.items())}
    assert_distribution(got)

    def keep_best(d, done, h):
        j = most_common(d, c)
        return [i for i, x in enumerate(d) if x in (j, c)]
    want = o.policy_distribution(rolls, keep_best, lambda d, h: o.best(d))
    got = best_distribution(model, rolls, "best")
    assert got == dict(sorted(want.items()))
    assert_distribution(got)

    def keep_once(d, done, h):
        j = most_common(h[0], c)
        return [i for i, x in enumerate(d) if x in (j, c)]
    want = o.policy_distribution(rolls, keep_once,
                                 lambda d, h: o.count(d, most_common(h[0], c)))
    got = best_distribution(model, rolls, "best-once", statistic="chosen")
    assert {k: v for k, v in got.items() if v} == dict(sorted(want.items()))
    assert_distribution(got)
    want = o.policy_distribution(rolls, keep_once, lambda d, h: o.best(d))
    got = best_distribution(model, rolls, "best-once")
    assert got == dict(sorted(want.items()))
    assert_distribution(got)


@pytest.mark.parametrize("model", [DiceModel(), YAHTZEE, DiceModel(4, 3, 2), DiceModel(3, 2, 0)])
@pytest.mark.parametrize("policy", ["target", "best", "best-once"])
def test_transition_matrix_rows_sum_to_one(model, policy):
    import sympy
    m = transition_matrix(model, policy, target=0)
    assert isinstance(m, sympy.Matrix)
    for i in range(m.rows):
        assert sum(m.row(i)) == 1
        assert all(isinstance(x, sympy.Rational) and 0 <= x <= 1 for x in m.row(i))
    fr = transition_matrix(model, policy, target=0, form="fraction")
    assert all(sum(row) == 1 for row in fr)
    chain = markov_chain(model, policy, 0)
    assert len(chain.labels) == len(fr) == m.rows
    assert m == chain.sympy_matrix()


def test_best_count_chain_needs_the_kept_clubhouses():
    """RULES.md §C2: with wilds the best count alone is not a Markov state."""
    with pytest.raises(ConfigurationError, match="Clubhouses"):
        markov_chain(DiceModel(), "best", key="count")
    chain = markov_chain(DiceModel(), "best")
    assert "2+1C" in chain.labels and chain.labels[0] == "start"
    # without wilds, the count alone is exact and equals the pair chain
    assert markov_chain(YAHTZEE, "best", key="count").matrix == markov_chain(YAHTZEE, "best").matrix
    # for a fixed target the count alone is exact
    assert markov_chain(DiceModel(), "target", 2, key="count").labels[1:] == tuple("012345")


@pytest.mark.parametrize("n,c,w", [(3, 2, 1), (3, 3, 2), (2, 4, 1), (3, 3, 0)])
def test_custom_policies_match_sequences(n, c, w):
    """Any memoryless keep: keep only Clubhouses; keep the two lowest characters."""
    model, o = DiceModel(n, c, w), Oracle(n, c, w)
    only_wild = lambda d: (0,) * c + (d[c],)  # noqa: E731
    want = o.policy_distribution(3, lambda d, done, h: [i for i, x in enumerate(d) if x == c],
                                 lambda d, h: o.best(d))
    got = policy_distribution(model, only_wild, model.best_count, 3)
    assert got == dict(sorted(want.items()))
    assert policy_chain(model, only_wild, count=model.best_count).count_distribution(3) == got
    low = lambda d: tuple(k if i < min(2, c) else 0 for i, k in enumerate(d))  # noqa: E731
    want = o.policy_distribution(2, lambda d, done, h: [i for i, x in enumerate(d) if x < 2],
                                 lambda d, h: o.count(d, 0))
    got = policy_distribution(model, low, lambda d: model.count_of(d, 0), 2)
    assert got == dict(sorted(want.items()))
    full = policy_chain(model, policy_keep(model, "best"))
    assert all(sum(row) == 1 for row in full.matrix)
    assert full.labels[0] == "start" and len(full.labels) == len(model.states()) + 1


def test_keep_hint():
    model = DiceModel()
    hint = keep_hint(model, Objective.at_least(4), model.counts("Mickey Mickey C Goofy Pluto"))
    assert hint == ("keep Mickey Mickey Clubhouse: 80.2% vs reroll all: 55.4%, "
                    "stop and score Mickey: 0.0%")


def test_target_chain_closed_form():
    p = Fraction(2, 6)
    dist = target_distribution(DiceModel(), 1)
    assert dist[5] == p ** 5 and dist[0] == (1 - p) ** 5
    three = target_distribution(DiceModel(), 3)
    q = 1 - (1 - p) ** 3  # each die becomes a hit within three rolls
    assert three[5] == q ** 5


# --------------------------------------------------------------------------------------------
# the optimal keep against keep masks


def objectives(c: int, n: int):
    yield Objective.at_least(n), {"k": n}
    yield Objective.at_least(max(1, n - 1), target=0), {"k": max(1, n - 1), "target": 0}
    if c > 1:
        k = min(2, n)
        yield Objective.at_least(k, scored=[0]), {"k": k, "scored": (0,)}
    yield Objective.points(), {"kind": "points"}
    if c > 1:
        taken = {0: sorted({n, max(1, n - 1)}), c - 1: [1]}
        yield (Objective.points(scored=[1], taken=taken),
               {"kind": "points", "scored": (1,), "taken": taken})
        yield (Objective.points(taken=taken, target=0),
               {"kind": "points", "taken": taken, "target": 0})


def oracle_terminal(o: Oracle, spec: dict):
    if spec.get("kind") == "points":
        taken = {j: set(v) for j, v in spec.get("taken", {}).items()}
        return o.points(spec.get("scored", ()), taken, spec.get("target"))
    return o.at_least(spec["k"], spec.get("target"), spec.get("scored", ()))


@pytest.mark.parametrize("n,c,w", [(2, 2, 1), (3, 2, 0), (3, 3, 1), (3, 2, 2), (2, 4, 1),
                                   (1, 3, 1), (3, 1, 1), (4, 2, 1)])
def test_optimal_values_and_every_keep_match_masks(n, c, w):
    model, o = DiceModel(n, c, w), Oracle(n, c, w)
    for obj, spec in objectives(c, n):
        V = o.solve(oracle_terminal(o, spec))
        for rolls in (1, 2, 3):
            assert optimal_value(model, obj, rolls_left=rolls) == o.first_roll_value(V, rolls)
        for state in model.states():
            dice = labels(state)
            for t in (0, 1, 2):
                assert optimal_value(model, obj, state, t) == V(dice, t)
                want = o.keep_values(V, dice, t)
                opts = keep_options(model, obj, state, t)
                assert {labels(x.counts): x.value for x in opts} == want
                assert opts[0].value == max(want.values())
                assert len(opts) == len(want)  # every distinct keep once
                if t == 0:
                    assert len(opts) == 1 and opts[0].reroll == 0


@pytest.mark.slow
@pytest.mark.parametrize("n,c,w", [(4, 3, 1), (5, 2, 1), (4, 5, 1), (3, 5, 1), (4, 6, 0)])
def test_optimal_values_match_masks_four_dice(n, c, w):
    model, o = DiceModel(n, c, w), Oracle(n, c, w)
    for obj, spec in objectives(c, n):
        V = o.solve(oracle_terminal(o, spec))
        assert optimal_value(model, obj) == o.first_roll_value(V, 3)
        for state in model.states()[::3]:
            want = o.keep_values(V, labels(state), 2)
            assert {labels(x.counts): x.value for x in keep_options(model, obj, state)} == want


@pytest.mark.parametrize("n,c,w", [(3, 3, 1), (3, 2, 0), (2, 4, 2)])
def test_optimal_distribution_agrees_with_value(n, c, w):
    model = DiceModel(n, c, w)
    for obj, _ in objectives(c, n):
        for dice in [None, *model.states()[::2]]:
            for t in ((1, 2, 3) if dice is None else (0, 1, 2)):
                dist = optimal_distribution(model, obj, dice, t)
                assert_distribution(dist)
                value = optimal_value(model, obj, dice, t)
                if obj.kind == "at_least":
                    assert p_at_least(dist, obj.k) == value
                    assert 0 <= value <= 1
                else:
                    assert sum(x * p for x, p in dist.items()) == value


# --------------------------------------------------------------------------------------------
# edges


def test_edges():
    model = DiceModel()
    dice = model.counts("Mickey Mickey Clubhouse Goofy Pluto")
    # no rolls left: only stopping
    opts = keep_options(model, Objective.points(), dice, 0)
    assert [o.describe() for o in opts] == ["stop and score Mickey"] and opts[0].value == 3
    # all dice kept is stopping, valued now
    stop = [o for o in keep_options(model, Objective.at_least(3), dice) if o.reroll == 0]
    assert len(stop) == 1 and stop[0].value == 1 and stop[0].counts == dice
    # all characters scored: nothing to score
    everyone = range(5)
    assert optimal_value(model, Objective.points(scored=everyone)) == 0
    assert optimal_value(model, Objective.at_least(1, scored=everyone)) == 0
    assert optimal_distribution(model, Objective.points(scored=everyone)) == {0: 1}
    # at least 0 is certain; five Clubhouses are five of a kind
    assert optimal_value(model, Objective.at_least(0)) == 1
    assert optimal_value(model, Objective.at_least(5), model.counts("C C C C C"), 0) == 1
    # a full row scores nothing, a Clubhouse makes every count at least 1
    full = {j: range(1, 6) for j in range(5)}
    assert optimal_value(model, Objective.points(taken=full)) == 0
    assert optimal_value(model, Objective.points(scored=[0, 1, 2, 3]),
                         model.counts("Mickey Mickey Minnie Donald Goofy"), 0) == 0


def test_bad_questions_raise():
    model = DiceModel()
    with pytest.raises(ConfigurationError, match="at least 6"):
        optimal_value(model, Objective.at_least(6))
    with pytest.raises(ConfigurationError, match="outside 1..5"):
        optimal_value(model, Objective.points(taken={2: [6]}))
    with pytest.raises(ConfigurationError, match="already scored"):
        optimal_value(model, Objective.points(scored=[1], target=1))
    with pytest.raises(NotationError, match="6 dice"):
        model.counts("Mickey Mickey C Goofy Pluto Pluto")
    with pytest.raises(NotationError, match="'Xavier'"):
        model.counts("Mickey Mickey C Goofy Xavier")
    with pytest.raises(ConfigurationError):
        DiceModel(n=0)
    with pytest.raises(ConfigurationError, match="rolls left"):
        optimal_value(model, Objective.points(), None, 0)


# --------------------------------------------------------------------------------------------
# solo


@pytest.mark.parametrize("n,c,w,rolls", [(3, 3, 1, 3), (2, 3, 1, 2), (3, 2, 0, 3), (2, 4, 1, 3)])
def test_solo_matches_scored_sets(n, c, w, rolls):
    model = DiceModel(n, c, w, rolls)
    assert solo_expected(model) == Oracle(n, c, w).solo(rolls)


def test_solo_default_and_actions():
    total = solo_expected()
    assert total == Fraction(506567866195, 26121388032)
    assert 19 < total < 20
    model = DiceModel()
    assert solo_value(model, 5) == 0
    act = solo_action(model.counts("Mickey Mickey Clubhouse Goofy Pluto"), 2, [1])
    assert act.action == "keep Mickey Mickey Clubhouse"
    assert act.value == max(o.value for o in act.options)
    last = solo_action(model.counts("Mickey Mickey Clubhouse Goofy Pluto"), 0, [0, 1, 2, 3])
    assert last.action == "stop and score Pluto" and last.value == 2
    assert solo_action(None, 3, []).value == total
    with pytest.raises(ConfigurationError, match="over"):
        solo_action(None, 3, range(5))


@pytest.mark.slow
def test_solo_oracle_five_characters_three_dice():
    assert solo_expected(DiceModel(3, 5, 1)) == Oracle(3, 5, 1).solo(3)


def test_all_policy_states_small_grid():
    """Many small models: chains, distributions and optimal values are proper."""
    for n, c, w in itertools.product((1, 2, 3), (1, 2, 3), (0, 1, 2)):
        model = DiceModel(n, c, w)
        for policy in ("best", "best-once"):
            assert_distribution(best_distribution(model, 3, policy))
        assert_distribution(target_distribution(model, 2, c - 1))
        for k in range(n + 1):
            v = optimal_value(model, Objective.at_least(k))
            assert 0 <= v <= 1
        assert optimal_value(model, Objective.at_least(n)) >= best_distribution(model, 3)[n]


# --------------------------------------------------------------------------------------------
# five real Clubhouse dice, last reroll: every keep against all masks and sequences

CLUB_ORACLE = Oracle(5, 5, 1)


@st.composite
def boards(draw):
    scored = draw(st.sets(st.integers(0, 4), max_size=4))
    taken = draw(st.dictionaries(st.integers(0, 4), st.sets(st.integers(1, 5), max_size=5),
                                 max_size=5))
    target = draw(st.one_of(st.none(), st.integers(0, 4).filter(lambda j: j not in scored)))
    return sorted(scored), {j: sorted(v) for j, v in taken.items()}, target


@settings(max_examples=12, deadline=None)
@given(state=st.sampled_from(DiceModel().states()), board=boards(), k=st.integers(1, 5),
       points=st.booleans())
def test_five_dice_last_reroll_every_keep_matches_masks(state, board, k, points):
    scored, taken, target = board
    model = DiceModel()
    if points:
        obj = Objective.points(scored, taken, target)
        term = CLUB_ORACLE.points(scored, {j: set(v) for j, v in taken.items()}, target)
    else:
        obj = Objective.at_least(k, target, scored)
        term = CLUB_ORACLE.at_least(k, target, scored)

    def V(dice, t):
        assert t == 0
        return Fraction(term(dice))
    want = CLUB_ORACLE.keep_values(V, labels(state), 1)
    got = keep_options(model, obj, state, 1)
    assert {labels(o.counts): o.value for o in got} == want


@pytest.mark.slow
def test_five_dice_first_reroll_bellman_over_masks():
    """Five Clubhouse dice, two rolls left: every keep mask's value, averaged over every face
    sequence of the rerolled dice, from the one-roll-left values (which the test above checks
    against the oracle): by induction the full 5-dice engine equals brute force."""
    model, o = DiceModel(), CLUB_ORACLE
    cases = [(Objective.at_least(4), "Mickey Mickey Clubhouse Goofy Pluto"),
             (Objective.points(scored=[1], taken={0: [5], 3: [3, 4]}),
              "Mickey Goofy Goofy Pluto Donald"),
             (Objective.at_least(5, target=4), "Pluto Clubhouse Minnie Minnie Donald")]
    for obj, text in cases:
        state = model.counts(text)

        def V(dice, t, obj=obj):
            return optimal_value(model, obj, counts_of(dice, 5), t)
        want = o.keep_values(V, labels(state), 2)
        assert {labels(x.counts): x.value for x in keep_options(model, obj, state, 2)} == want
