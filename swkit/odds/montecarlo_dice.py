"""Monte Carlo twins of the exact dice odds (numpy-vectorized, seeded).

Every question of :mod:`swkit.odds.dice`, :mod:`swkit.odds.markov` and :mod:`swkit.odds.solo`
has a simulated twin here that plays the same policy on simulated dice and returns an
:class:`MCResult`: the estimate with a 99% confidence interval (Wilson interval for a
probability, normal interval for a mean), so a lesson can show the simulation closing in on the
exact Fraction. Randomness comes only from ``numpy.random.default_rng(seed)``.

A batch of turns is a ``(turns, n)`` array of face categories (0..c-1 characters, c the
Clubhouse; a die shows face ``0..F-1`` uniformly and faces ``>= c`` are Clubhouses). Keeping
is vectorized: dice are sorted by category and a die is kept when its rank within its category
is below the policy's kept count for that category.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from swkit.errors import ConfigurationError
from swkit.odds.dice import (
    Counts,
    DiceModel,
    Objective,
    _check_dice,
    _rolls_left,
    _solution,
    policy_keep,
    sub_multisets,
)

Z99 = 2.5758293035489004
"""The two-sided 99% normal quantile."""

BATCH = 1 << 16


@dataclass(frozen=True)
class MCResult:
    """A Monte Carlo estimate with its 99% confidence interval [low, high] from n samples."""

    estimate: float
    low: float
    high: float
    n: int

    def covers(self, value: float) -> bool:
        """Whether ``value`` (e.g. the exact Fraction) lies in the interval."""
        return self.low <= float(value) <= self.high


def wilson(successes: int, n: int, z: float = Z99) -> MCResult:
    """The proportion ``successes / n`` with its Wilson score interval (99% by default)."""
    if n <= 0:
        raise ConfigurationError("a Monte Carlo estimate needs at least one sample")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return MCResult(float(p), float(max(0.0, centre - half)), float(min(1.0, centre + half)), n)


def mean_interval(total: float, total_sq: float, n: int, z: float = Z99) -> MCResult:
    """The sample mean from the sum and sum of squares, with a normal 99% interval."""
    if n <= 1:
        raise ConfigurationError("a Monte Carlo mean needs at least two samples")
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = z * np.sqrt(var / n)
    return MCResult(float(mean), float(mean - half), float(mean + half), n)


# --------------------------------------------------------------------------------------------
# state indexing and keep tables


class _Indexer:
    """Maps rows of dice categories to the index of their multiset in ``model.states()``."""

    def __init__(self, model: DiceModel) -> None:
        self.model = model
        self.states = model.states()
        base = model.n + 1
        self.radix = np.array([base ** i for i in range(model.characters + 1)], dtype=np.int64)
        codes = np.array([sum(k * base ** i for i, k in enumerate(s)) for s in self.states],
                         dtype=np.int64)
        self.index_of = {s: i for i, s in enumerate(self.states)}
        size = base ** (model.characters + 1)
        if size <= 1 << 22:
            self.dense: np.ndarray | None = np.full(size, -1, dtype=np.int32)
            self.dense[codes] = np.arange(len(codes), dtype=np.int32)
        else:
            self.dense = None
            self.order = np.argsort(codes)
            self.sorted_codes = codes[self.order]

    def __call__(self, cats: np.ndarray) -> np.ndarray:
        code = self.radix[cats].sum(axis=1)
        if self.dense is not None:
            return self.dense[code]
        return self.order[np.searchsorted(self.sorted_codes, code)]


@lru_cache(maxsize=16)
def _indexer(model: DiceModel) -> _Indexer:
    return _Indexer(model)


def _table(model: DiceModel, keep: Callable[[Counts], Counts]) -> np.ndarray:
    states = _indexer(model).states
    return np.array([keep(s) for s in states], dtype=np.int8)


@lru_cache(maxsize=64)
def _optimal_tables(model: DiceModel, objective: Objective, rolls: int
                    ) -> tuple[list[np.ndarray | None], np.ndarray, np.ndarray]:
    """Keep tables ``tables[t]`` (t rolls left) of the optimal play, the terminal value and
    the measured quantity of every state of ``model.states()``."""
    layout, sol = _solution(model, objective)
    tb = sol.tables
    states = _indexer(model).states
    tables: list[np.ndarray | None] = [None]
    for t in range(1, rolls + 1):
        rows = []
        for d in states:
            s = tb.state_index[layout.engine(d)]
            k = sol.choice(s, t)
            if k is None:
                rows.append(d)
                continue
            want = tb.keeps[k]
            rows.append(next(kk for kk in sub_multisets(d) if layout.engine(kk) == want))
        tables.append(np.array(rows, dtype=np.int8))
    eng = [tb.state_index[layout.engine(d)] for d in states]
    value = np.array([sol.f[s] for s in eng], dtype=np.float64)
    measure = np.array([sol.measure[s] for s in eng], dtype=np.int64)
    return tables, value, measure


# --------------------------------------------------------------------------------------------
# the vectorized turn


def _roll(rng: np.random.Generator, model: DiceModel, shape: tuple[int, int]) -> np.ndarray:
    faces = rng.integers(0, model.faces, size=shape, dtype=np.int8)
    return np.minimum(faces, np.int8(model.characters))


def _apply_keep(rng: np.random.Generator, model: DiceModel, cats: np.ndarray,
                kept: np.ndarray) -> np.ndarray:
    """Reroll every die not kept; ``kept`` holds each row's kept count per category."""
    scat = np.sort(cats, axis=1)
    n = model.n
    occ = np.zeros_like(scat)
    for i in range(1, n):
        occ[:, i] = (occ[:, i - 1] + 1) * (scat[:, i] == scat[:, i - 1])
    keep = occ < np.take_along_axis(kept, scat.astype(np.intp), axis=1)
    return np.where(keep, scat, _roll(rng, model, scat.shape))


def _play(rng: np.random.Generator, model: DiceModel, turns: int,
          tables: Sequence[np.ndarray | None], rolls_left: int,
          start: Counts | None = None) -> np.ndarray:
    """Simulate ``turns`` turns; return each row's final dice multiset index."""
    index = _indexer(model)
    if start is None:
        cats = _roll(rng, model, (turns, model.n))
    else:
        row = np.array([i for i, k in enumerate(start) for _ in range(k)], dtype=np.int8)
        cats = np.tile(row, (turns, 1))
    for t in range(rolls_left, 0, -1):
        table = tables[t] if len(tables) > t else tables[-1]
        kept = table[index(cats)]  # type: ignore[index]
        cats = _apply_keep(rng, model, cats, kept)
    return index(cats)


def _batches(total: int) -> list[int]:
    return [min(BATCH, total - i) for i in range(0, total, BATCH)]


# --------------------------------------------------------------------------------------------
# public twins


Policy = str | Callable[[Counts], Counts]


Statistic = str | Callable[[Counts], int] | None


def mc_policy_distribution(model: DiceModel, policy: Policy = "best", rolls: int | None = None,
                           target: int = 0, n: int = 200_000, seed: int = 0,
                           statistic: Statistic = None) -> dict[int, MCResult]:
    """Simulated distribution of the count after ``rolls`` rolls under a keep policy:
    ``{count: MCResult}``. ``policy`` is a name (``"target"``, ``"best"``, ``"best-once"``, see
    :data:`swkit.odds.dice.POLICIES`) or any memoryless keep function (count vector -> kept
    count vector). ``statistic``: a function of the final dice (count vector), or ``"best"``
    (the best count over every character, the default except for ``"target"``, which measures
    the target's count), or ``"chosen"`` (the count of the character the policy keeps; for
    ``"best-once"`` the one chosen after the first roll), as
    :func:`~swkit.odds.markov.best_distribution`. Twin of
    :func:`~swkit.odds.markov.target_distribution`, :func:`~swkit.odds.markov.best_distribution`
    and :func:`~swkit.odds.dice.policy_distribution`."""
    counts = _policy_counts(model, policy, rolls, target, n, seed, statistic)
    hist = np.bincount(counts, minlength=model.n + 1)
    return {x: wilson(int(hist[x]), n) for x in range(len(hist))}


def mc_policy_at_least(model: DiceModel, k: int, policy: Policy = "best",
                       rolls: int | None = None, target: int = 0, n: int = 200_000,
                       seed: int = 0, statistic: Statistic = None) -> MCResult:
    """Simulated P(count >= k) after ``rolls`` rolls under a keep policy (as
    :func:`mc_policy_distribution`)."""
    counts = _policy_counts(model, policy, rolls, target, n, seed, statistic)
    return wilson(int((counts >= k).sum()), n)


def _policy_counts(model: DiceModel, policy: Policy, rolls: int | None, target: int, n: int,
                   seed: int, statistic: Statistic) -> np.ndarray:
    rolls = model.rolls if rolls is None else rolls
    if rolls < 1:
        raise ConfigurationError(f"a count needs at least one roll, got {rolls}")
    if isinstance(statistic, str) and statistic not in ("best", "chosen"):
        raise ConfigurationError(f"unknown statistic {statistic!r}: use 'best' or 'chosen'")
    rng = np.random.default_rng(seed)
    index = _indexer(model)
    states = index.states
    c = model.characters
    measure_chosen = statistic == "chosen" or (statistic is None and policy == "target")
    if callable(statistic):
        stat = np.array([statistic(s) for s in states])
    elif policy == "target" and measure_chosen:
        stat = np.array([model.count_of(s, target) for s in states])
    else:  # the best count; under "best" the kept character's count is the best one
        stat = np.array([model.best_count(s) for s in states])
    if policy != "best-once":
        keep = policy if callable(policy) else policy_keep(model, policy, target)
        table = _table(model, keep)
    out = []
    for size in _batches(n):
        if policy == "best-once":
            cats = _roll(rng, model, (size, model.n))
            onehot = cats[:, :, None] == np.arange(c, dtype=np.int8)
            chosen = onehot.sum(axis=1).argmax(axis=1).astype(np.int8)
            for _ in range(rolls - 1):
                keep_mask = (cats == chosen[:, None]) | (cats == c)
                cats = np.where(keep_mask, cats, _roll(rng, model, cats.shape))
            if statistic == "chosen":
                out.append(((cats == chosen[:, None]) | (cats == c)).sum(axis=1))
            else:
                out.append(stat[index(cats)])
        else:
            out.append(stat[_play(rng, model, size, [None, table], rolls - 1)])
    return np.concatenate(out)


def mc_optimal(model: DiceModel, objective: Objective, dice: Sequence[int] | None = None,
               rolls_left: int | None = None, n: int = 200_000, seed: int = 0) -> MCResult:
    """Simulated twin of :func:`swkit.odds.dice.optimal_value`: play the exact optimal keeps
    on simulated dice; a probability (Wilson interval) for ``at_least`` questions, the mean
    points (normal interval) for ``points`` questions."""
    objective = objective.resolve(model)
    t = _rolls_left(model, dice, rolls_left)
    start = None if dice is None else _check_dice(model, dice)
    tables, value, _ = _optimal_tables(model, objective, max(t, 1))
    rng = np.random.default_rng(seed)
    total = total_sq = 0.0
    for size in _batches(n):
        v = value[_play(rng, model, size, tables, t - 1 if start is None else t, start)]
        total += float(v.sum())
        total_sq += float((v * v).sum())
    if objective.kind == "at_least":
        return wilson(round(total), n)
    return mean_interval(total, total_sq, n)


def mc_optimal_distribution(model: DiceModel, objective: Objective,
                            dice: Sequence[int] | None = None, rolls_left: int | None = None,
                            n: int = 200_000, seed: int = 0) -> dict[int, MCResult]:
    """Simulated twin of :func:`swkit.odds.dice.optimal_distribution` (count or points)."""
    objective = objective.resolve(model)
    t = _rolls_left(model, dice, rolls_left)
    start = None if dice is None else _check_dice(model, dice)
    tables, _, measure = _optimal_tables(model, objective, max(t, 1))
    rng = np.random.default_rng(seed)
    hist = np.zeros(int(measure.max()) + 1, dtype=np.int64)
    for size in _batches(n):
        m = measure[_play(rng, model, size, tables, t - 1 if start is None else t, start)]
        hist += np.bincount(m, minlength=len(hist))
    return {x: wilson(int(hist[x]), n) for x in range(len(hist)) if hist[x]}


@lru_cache(maxsize=8)
def _solo_tables(model: DiceModel) -> list[list[np.ndarray | None]]:
    c = model.characters
    out = []
    for mask in range(1 << c):
        scored = [j for j in range(c) if mask >> j & 1]
        if len(scored) == c:
            out.append([None])
            continue
        out.append(_optimal_tables(model, Objective.points(scored=scored), model.rolls)[0])
    return out


def mc_solo(model: DiceModel | None = None, n: int = 100_000, seed: int = 0) -> MCResult:
    """Simulated twin of :func:`swkit.odds.solo.solo_expected`: whole solo games (one turn per
    character, RULES.md §B2) played with the exact optimal keeps, scoring the unscored
    character with the highest count (ties: scoreboard order); mean total with 99% interval."""
    model = model or DiceModel()
    c, nd, rolls = model.characters, model.n, model.rolls
    tables = _solo_tables(model)
    index = _indexer(model)
    rng = np.random.default_rng(seed)
    total = total_sq = 0.0
    chars = np.arange(c, dtype=np.int8)
    for size in _batches(n):
        mask = np.zeros(size, dtype=np.int64)
        points = np.zeros(size, dtype=np.int64)
        for _ in range(c):
            cats = _roll(rng, model, (size, nd))
            for t in range(rolls - 1, 0, -1):
                idx = index(cats)
                kept = np.empty((size, c + 1), dtype=np.int8)
                for m in np.unique(mask):
                    rows = mask == m
                    kept[rows] = tables[m][t][idx[rows]]  # type: ignore[index]
                cats = _apply_keep(rng, model, cats, kept)
            cnt = (cats[:, :, None] == chars).sum(axis=1) + (cats == c).sum(axis=1)[:, None]
            scored = (mask[:, None] >> chars.astype(np.int64)) & 1
            cnt = np.where(scored == 1, -1, cnt)
            j = cnt.argmax(axis=1)
            points += np.minimum(cnt[np.arange(size), j], 5)
            mask |= 1 << j
        total += float(points.sum())
        total_sq += float((points.astype(np.float64) ** 2).sum())
    return mean_interval(total, total_sq, n)


def turns_per_second(model: DiceModel | None = None, turns: int = 2_000_000,
                     seed: int = 0) -> float:
    """Simulated dice turns per second: whole turns (``model.rolls`` rolls) played with the
    exact optimal keeps for expected points on the empty board (tables built before timing)."""
    model = model or DiceModel()
    objective = Objective.points()
    _optimal_tables(model, objective, model.rolls)
    mc_optimal(model, objective, n=1000, seed=seed)
    start = time.perf_counter()
    mc_optimal(model, objective, n=turns, seed=seed)
    return turns / (time.perf_counter() - start)
