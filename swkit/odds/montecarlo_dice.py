"""Monte Carlo twins of the exact dice odds (seeded; numpy-vectorized where numpy is there).

Every question of :mod:`swkit.odds.dice`, :mod:`swkit.odds.markov` and :mod:`swkit.odds.solo`
has a simulated twin here that plays the same policy on simulated dice and returns an
:class:`MCResult`: the estimate with a 99% confidence interval (Wilson interval for a
probability, normal interval for a mean), so a lesson can show the simulation closing in on the
exact Fraction.

Two kernels play the same policies (the keep tables come from one place, ``optimal_rows``):
with numpy (``swkit.odds._mc_dice_numpy``, randomness only from
``numpy.random.default_rng(seed)``), and without it (Pyodide, or
``SWKIT_NUMPY=0``, see :mod:`swkit.odds.accel`) turn by turn in Python, randomness only from
``random.Random(seed)``. The same seed is reproducible on each kernel; the two kernels draw
different dice, so their estimates differ within the interval. numpy is imported on the first
simulation, not with this module.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from swkit.errors import ConfigurationError
from swkit.odds import accel
from swkit.odds._mc_dice_tables import optimal_rows, solo_rows
from swkit.odds.dice import (
    Counts,
    DiceModel,
    Objective,
    check_dice,
    check_rolls_left,
    policy_keep,
)
from swkit.whole import as_whole

Z99 = 2.5758293035489004
"""The two-sided 99% normal quantile."""


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


def samples(n: object, seed: object, least: int = 1) -> tuple[int, int]:
    """``(n, seed)`` of a Monte Carlo question as Python ints (a NumPy or sympy integer is
    the number it holds). Raises ConfigurationError naming the bad one: ``n`` must be a whole
    number of at least ``least`` samples, ``seed`` a whole number (it fixes every draw)."""
    count, fixed = as_whole(n), as_whole(seed)
    if count is None or count < least:
        many = {1: "one sample", 2: "two samples"}.get(least, f"{least} samples")
        raise ConfigurationError(f"a Monte Carlo estimate needs at least {many} (n, a whole "
                                 f"number >= {least}), got n={n!r}")
    if fixed is None:
        raise ConfigurationError(f"seed is {seed!r}; accepted: a whole number (it fixes every "
                                 "draw)")
    return count, fixed


def wilson(successes: int, n: int, z: float = Z99) -> MCResult:
    """The proportion ``successes / n`` with its Wilson score interval (99% by default)."""
    if n <= 0:
        raise ConfigurationError("a Monte Carlo estimate needs at least one sample")
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return MCResult(float(p), float(max(0.0, centre - half)), float(min(1.0, centre + half)), n)


def mean_interval(total: float, total_sq: float, n: int, z: float = Z99) -> MCResult:
    """The sample mean from the sum and sum of squares, with a normal 99% interval."""
    if n <= 1:
        raise ConfigurationError("a Monte Carlo mean needs at least two samples")
    mean = total / n
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = z * math.sqrt(var / n)
    return MCResult(float(mean), float(mean - half), float(mean + half), n)


def _fast() -> ModuleType | None:
    """The numpy kernels, or None (numpy missing or off: the Python kernels)."""
    if accel.numpy() is None:
        return None
    from swkit.odds import _mc_dice_numpy
    return _mc_dice_numpy


# --------------------------------------------------------------------------------------------
# the Python kernel: one turn at a time, random.Random(seed)


class _PyDice:
    """Dice rolled and kept as count vectors (a die's face is uniform on ``model.faces``)."""

    def __init__(self, model: DiceModel, seed: int) -> None:
        self.rng = random.Random(seed)
        self.n = model.n
        self.c = model.characters
        self.cats = [min(f, model.characters) for f in range(model.faces)]
        self.index_of = {s: i for i, s in enumerate(model.states())}

    def roll(self, kept: Sequence[int]) -> list[int]:
        """``kept`` plus the other dice rolled again."""
        counts = list(kept)
        for cat in self.rng.choices(self.cats, k=self.n - sum(kept)):
            counts[cat] += 1
        return counts

    def play(self, tables: Sequence[Sequence[Counts] | None], play_rolls: int,
             start: Counts | None) -> int:
        """One turn from ``start`` (None: a first roll) with ``play_rolls`` rolls to play under
        the keeps ``tables``; the final state's index."""
        counts = self.roll((0,) * (self.c + 1)) if start is None else list(start)
        index_of = self.index_of
        for t in range(play_rolls, 0, -1):
            table = tables[t] if len(tables) > t else tables[-1]
            counts = self.roll(table[index_of[tuple(counts)]])  # type: ignore[index]
        return index_of[tuple(counts)]


def _py_policy_hist(model: DiceModel, policy: str, keep: Callable[[Counts], Counts] | None,
                    rolls: int, stat_rows: list[int] | None, chosen: bool, n: int,
                    seed: int) -> list[int]:
    dice = _PyDice(model, seed)
    c = model.characters
    table = None if keep is None else [keep(s) for s in model.states()]
    hist = [0] * (model.n + 1)
    for _ in range(n):
        if table is not None:
            x = stat_rows[dice.play([None, table], rolls - 1, None)]  # type: ignore[index]
        else:                                       # best-once: the first roll's best character
            counts = dice.roll((0,) * (c + 1))
            pick = max(range(c), key=lambda j: (counts[j], -j))
            for _r in range(rolls - 1):
                kept = [0] * (c + 1)
                kept[pick], kept[c] = counts[pick], counts[c]
                counts = dice.roll(kept)
            x = (counts[pick] + counts[c] if chosen
                 else stat_rows[dice.index_of[tuple(counts)]])  # type: ignore[index]
        if x >= len(hist):
            hist.extend([0] * (x + 1 - len(hist)))
        hist[x] += 1
    return hist


def _py_optimal(model: DiceModel, objective: Objective, rolls: int, play_rolls: int,
                start: Counts | None, n: int, seed: int, values: bool) -> list[int] | tuple:
    tables, value, measure = optimal_rows(model, objective, rolls)
    dice = _PyDice(model, seed)
    if values:
        total = total_sq = 0.0
        for _ in range(n):
            v = value[dice.play(tables, play_rolls, start)]
            total += v
            total_sq += v * v
        return total, total_sq
    hist = [0] * (max(measure) + 1)
    for _ in range(n):
        hist[measure[dice.play(tables, play_rolls, start)]] += 1
    return hist


def _py_solo_sums(model: DiceModel, n: int, seed: int) -> tuple[float, float]:
    c, rolls = model.characters, model.rolls
    tables = solo_rows(model)
    dice = _PyDice(model, seed)
    index_of = dice.index_of
    nothing = (0,) * (c + 1)
    total = total_sq = 0.0
    for _ in range(n):
        mask = points = 0
        for _turn in range(c):
            counts = dice.roll(nothing)
            for t in range(rolls - 1, 0, -1):
                counts = dice.roll(tables[mask][t][index_of[tuple(counts)]])  # type: ignore[index]
            cnt = [-1 if mask >> j & 1 else counts[j] + counts[c] for j in range(c)]
            j = max(range(c), key=lambda i: (cnt[i], -i))      # ties: scoreboard order
            points += min(cnt[j], 5)
            mask |= 1 << j
        total += points
        total_sq += points * points
    return total, total_sq


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
    n, seed = samples(n, seed)
    hist = _policy_hist(model, policy, rolls, target, n, seed, statistic)
    return {x: wilson(h, n) for x, h in enumerate(hist)}


def mc_policy_at_least(model: DiceModel, k: int, policy: Policy = "best",
                       rolls: int | None = None, target: int = 0, n: int = 200_000,
                       seed: int = 0, statistic: Statistic = None) -> MCResult:
    """Simulated P(count >= k) after ``rolls`` rolls under a keep policy (as
    :func:`mc_policy_distribution`)."""
    n, seed = samples(n, seed)
    hist = _policy_hist(model, policy, rolls, target, n, seed, statistic)
    return wilson(sum(h for x, h in enumerate(hist) if x >= k), n)


def _policy_hist(model: DiceModel, policy: Policy, rolls: int | None, target: int, n: int,
                 seed: int, statistic: Statistic) -> list[int]:
    """How many of ``n`` simulated turns end with each count (index: the count)."""
    rolls = model.rolls if rolls is None else rolls
    if rolls < 1:
        raise ConfigurationError(f"a count needs at least one roll, got {rolls}")
    if isinstance(statistic, str) and statistic not in ("best", "chosen"):
        raise ConfigurationError(f"unknown statistic {statistic!r}: use 'best' or 'chosen'")
    states = model.states()
    measure_chosen = statistic == "chosen" or (statistic is None and policy == "target")
    if callable(statistic):
        stat = [statistic(s) for s in states]
    elif policy == "target" and measure_chosen:
        stat = [model.count_of(s, target) for s in states]
    else:  # the best count; under "best" the kept character's count is the best one
        stat = [model.best_count(s) for s in states]
    keep = None
    if policy != "best-once":
        keep = policy if callable(policy) else policy_keep(model, policy, target)
    name = policy if isinstance(policy, str) else "custom"
    chosen = policy == "best-once" and statistic == "chosen"
    fast = _fast()
    kernel = _py_policy_hist if fast is None else fast.policy_hist
    return kernel(model, name, keep, rolls, stat, chosen, n, seed)


def mc_optimal(model: DiceModel, objective: Objective, dice: Sequence[int] | None = None,
               rolls_left: int | None = None, n: int = 200_000, seed: int = 0) -> MCResult:
    """Simulated twin of :func:`swkit.odds.dice.optimal_value`: play the exact optimal keeps
    on simulated dice; a probability (Wilson interval) for ``at_least`` questions, the mean
    points (normal interval) for ``points`` questions."""
    objective = objective.resolve(model)
    n, seed = samples(n, seed, least=1 if objective.kind == "at_least" else 2)
    t = check_rolls_left(model, dice, rolls_left)
    start = None if dice is None else check_dice(model, dice)
    play = t - 1 if start is None else t
    fast = _fast()
    if fast is None:
        total, total_sq = _py_optimal(model, objective, max(t, 1), play, start, n, seed,
                                      values=True)  # type: ignore[misc]
    else:
        total, total_sq = fast.optimal_sums(model, objective, max(t, 1), play, start, n, seed)
    if objective.kind == "at_least":
        return wilson(round(total), n)
    return mean_interval(total, total_sq, n)


def mc_optimal_distribution(model: DiceModel, objective: Objective,
                            dice: Sequence[int] | None = None, rolls_left: int | None = None,
                            n: int = 200_000, seed: int = 0) -> dict[int, MCResult]:
    """Simulated twin of :func:`swkit.odds.dice.optimal_distribution` (count or points)."""
    n, seed = samples(n, seed)
    objective = objective.resolve(model)
    t = check_rolls_left(model, dice, rolls_left)
    start = None if dice is None else check_dice(model, dice)
    play = t - 1 if start is None else t
    fast = _fast()
    if fast is None:
        hist = _py_optimal(model, objective, max(t, 1), play, start, n, seed, values=False)
    else:
        hist = fast.optimal_hist(model, objective, max(t, 1), play, start, n, seed)
    return {x: wilson(h, n) for x, h in enumerate(hist) if h}  # type: ignore[arg-type]


def mc_solo(model: DiceModel | None = None, n: int = 100_000, seed: int = 0) -> MCResult:
    """Simulated twin of :func:`swkit.odds.solo.solo_expected`: whole solo games (one turn per
    character, RULES.md §B2) played with the exact optimal keeps, scoring the unscored
    character with the highest count (ties: scoreboard order); mean total with 99% interval."""
    n, seed = samples(n, seed, least=2)
    model = model or DiceModel()
    fast = _fast()
    total, total_sq = (_py_solo_sums(model, n, seed) if fast is None
                       else fast.solo_sums(model, n, seed))
    return mean_interval(total, total_sq, n)


def turns_per_second(model: DiceModel | None = None, turns: int = 2_000_000,
                     seed: int = 0) -> float:
    """Simulated dice turns per second: whole turns (``model.rolls`` rolls) played with the
    exact optimal keeps for expected points on the empty board (tables built before timing),
    on the kernel in use (numpy, or Python without it)."""
    model = model or DiceModel()
    objective = Objective.points()
    optimal_rows(model, objective, model.rolls)
    mc_optimal(model, objective, n=1000, seed=seed)
    start = time.perf_counter()
    mc_optimal(model, objective, n=turns, seed=seed)
    return turns / (time.perf_counter() - start)
