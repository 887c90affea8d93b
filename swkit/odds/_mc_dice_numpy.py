"""The numpy kernels of :mod:`swkit.odds.montecarlo_dice` (imported only when numpy is there
and on, ``swkit.odds.accel``; the pure-Python kernels live in that module).

A batch of turns is a ``(turns, n)`` array of face categories (0..c-1 characters, c the
Clubhouse; a die shows face ``0..F-1`` uniformly and faces ``>= c`` are Clubhouses). Keeping
is vectorized: dice are sorted by category and a die is kept when its rank within its category
is below the policy's kept count for that category. Randomness comes only from
``numpy.random.default_rng(seed)``; each kernel returns counts or sums, and
:mod:`swkit.odds.montecarlo_dice` turns them into an ``MCResult``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

import numpy as np

from swkit.odds._mc_dice_tables import optimal_rows, solo_rows
from swkit.odds.dice import Counts, DiceModel, Objective

BATCH = 1 << 16
"""Turns per batch (arrays of BATCH rows)."""


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


def _arrays(tables: Sequence[Sequence[Counts] | None]) -> list[np.ndarray | None]:
    return [None if t is None else np.array(t, dtype=np.int8) for t in tables]


@lru_cache(maxsize=64)
def _optimal_tables(model: DiceModel, objective: Objective, rolls: int
                    ) -> tuple[list[np.ndarray | None], np.ndarray, np.ndarray]:
    """``optimal_rows`` as numpy arrays."""
    tables, value, measure = optimal_rows(model, objective, rolls)
    return (_arrays(tables), np.array(value, dtype=np.float64),
            np.array(measure, dtype=np.int64))


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


def policy_hist(model: DiceModel, policy: str, keep: Callable[[Counts], Counts] | None,
                rolls: int, stat_rows: list[int] | None, chosen: bool, n: int,
                seed: int) -> list[int]:
    """How many of ``n`` simulated turns end with each count (index: the count), under a keep
    function ``keep`` or, for ``policy == "best-once"``, the first roll's best character.
    ``stat_rows``: the counted quantity of each state (None with ``chosen``: the count of the
    chosen character, best-once only)."""
    rng = np.random.default_rng(seed)
    index = _indexer(model)
    c = model.characters
    stat = None if stat_rows is None else np.array(stat_rows)
    if keep is not None:
        table = np.array([keep(s) for s in index.states], dtype=np.int8)
    out = []
    for size in _batches(n):
        if policy == "best-once":
            cats = _roll(rng, model, (size, model.n))
            onehot = cats[:, :, None] == np.arange(c, dtype=np.int8)
            pick = onehot.sum(axis=1).argmax(axis=1).astype(np.int8)
            for _ in range(rolls - 1):
                keep_mask = (cats == pick[:, None]) | (cats == c)
                cats = np.where(keep_mask, cats, _roll(rng, model, cats.shape))
            if chosen:
                out.append(((cats == pick[:, None]) | (cats == c)).sum(axis=1))
            else:
                out.append(stat[index(cats)])  # type: ignore[index]
        else:
            out.append(stat[_play(rng, model, size, [None, table], rolls - 1)])  # type: ignore[index]
    counts = np.concatenate(out)
    return [int(h) for h in np.bincount(counts, minlength=model.n + 1)]


def optimal_sums(model: DiceModel, objective: Objective, rolls: int, play_rolls: int,
                 start: Counts | None, n: int, seed: int) -> tuple[float, float]:
    """The sum and the sum of squares of the optimal play's value over ``n`` simulated turns
    (``play_rolls`` rolls still to play after the start)."""
    tables, value, _ = _optimal_tables(model, objective, rolls)
    rng = np.random.default_rng(seed)
    total = total_sq = 0.0
    for size in _batches(n):
        v = value[_play(rng, model, size, tables, play_rolls, start)]
        total += float(v.sum())
        total_sq += float((v * v).sum())
    return total, total_sq


def optimal_hist(model: DiceModel, objective: Objective, rolls: int, play_rolls: int,
                 start: Counts | None, n: int, seed: int) -> list[int]:
    """How many of ``n`` simulated turns of the optimal play end with each measured value."""
    tables, _, measure = _optimal_tables(model, objective, rolls)
    rng = np.random.default_rng(seed)
    hist = np.zeros(int(measure.max()) + 1, dtype=np.int64)
    for size in _batches(n):
        m = measure[_play(rng, model, size, tables, play_rolls, start)]
        hist += np.bincount(m, minlength=len(hist))
    return [int(h) for h in hist]


@lru_cache(maxsize=8)
def _solo_tables(model: DiceModel) -> list[list[np.ndarray | None]]:
    return [_arrays(t) for t in solo_rows(model)]


def solo_sums(model: DiceModel, n: int, seed: int) -> tuple[float, float]:
    """The sum and the sum of squares of ``n`` simulated solo games' totals."""
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
    return total, total_sq
