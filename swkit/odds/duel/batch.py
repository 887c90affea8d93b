"""The two-player game solved level by level with numpy (float64), every board of a level at once.

The same game as :class:`swkit.odds.duel.core.ExactGame` (RULES.md §B; boards, rows and turns
as in :mod:`swkit.odds.duel.core`), solved from the end: the final boards' values come from
the totals; then for each level (tokens placed) from the last turn back to the first, every
board's turn is one batch of array operations over the boards of the level (in chunks):

1. ``score[r, x]``: the mover's value of scoring row ``r`` with count ``x``, a look-up of the
   next level's value of the successor board (sorted, keyed, ``searchsorted``);
2. ``g[s]``: the best score choice for each dice state ``s`` (a max over the open rows);
3. each reroll: ``W = T @ V`` with ``T`` the fixed keep -> roll transition matrix
   (keeps x states, probabilities), the best sub-keep of every keep by a downward max over
   one-die-smaller keeps, then ``V = max(g, best proper sub-keep)``;
4. the first roll: ``T[empty keep] @ V``.

numpy is imported here only (the core and the shipped table's reader run without it).

Float error (the bound of :func:`error_bound`). The final values 0, 1/2, 1 are exact. A roll
is an expectation: a dot product of ``S`` stored probabilities (``S`` dice states, 252 for
Clubhouse dice; each probability rounded, relative error <= ``u = 2**-53``) with values in
[0, 1]; in any summation order its rounding error is at most ``gamma_{S+2}`` (Higham, Accuracy
and Stability of Numerical Algorithms, 2nd ed., §3.1: ``gamma_k = k u / (1 - k u)``), and,
since the probabilities sum to 1, the inputs' errors pass through it multiplied by at most
``1 + gamma_{S+2}``. Max and min add no error; seat 1's ``1 - x`` adds at most ``u`` a turn;
clipping to [0, 1] only moves a value towards the exact one. With ``N = 2c * rolls`` rolls in
the game: ``|error| <= (N gamma_{S+2} + 2c u) (1 + gamma_{S+2})**N`` (8.47e-13 for Clubhouse
dice). A query (:func:`swkit.odds.duel.duel_options`) adds one turn to values of boards one
turn later, so it stays within the same bound.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from itertools import chain, combinations_with_replacement
from typing import Any

from swkit.odds.duel.core import (
    HAS,
    N_ROWS,
    PLACE,
    POINTS,
    TurnTables,
    check_duel_model,
    turn_tables,
)

UNIT_ROUNDOFF = 2.0 ** -53


def error_bound(model: Any) -> float:
    """An upper bound on |float64 value - exact value| of every board's value from
    :func:`solve` for ``model`` (see the module docstring):
    ``(N gamma_{S+2} + 2c u) (1 + gamma_{S+2})**N`` with ``N = 2c * rolls``."""
    tb = turn_tables(model.n, model.characters, model.wilds)
    k = len(tb.states) + 2
    gamma = k * UNIT_ROUNDOFF / (1 - k * UNIT_ROUNDOFF)
    steps = 2 * model.characters * model.rolls
    return ((steps * gamma + 2 * model.characters * UNIT_ROUNDOFF)
            * (1 + gamma) ** steps)


@dataclass
class SolvedLevels:
    """Every board's value, level by level: ``keys[m]`` (sorted uint32 board keys, see
    :func:`swkit.odds.duel.core.board_key`) and ``values[m]`` (seat 0's value, float64) for
    ``m`` = 0..2c tokens placed; ``cpu_seconds`` the solve's CPU time."""

    model: Any
    keys: list[Any]
    values: list[Any]
    cpu_seconds: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)

    def lookup(self, key: int) -> float:
        """Seat 0's value of the board with ``key`` (any level). KeyError if absent."""
        import numpy as np
        for keys, values in zip(self.keys, self.values, strict=True):
            i = int(np.searchsorted(keys, key))
            if i < len(keys) and int(keys[i]) == key:
                return float(values[i])
        raise KeyError(key)


def all_boards(characters: int) -> tuple[Any, Any]:
    """Every multiset of ``characters`` row codes as a sorted (boards x characters) int16 array
    in key order, and the keys (int64)."""
    import numpy as np
    flat = np.fromiter(chain.from_iterable(combinations_with_replacement(range(N_ROWS),
                                                                         characters)),
                       dtype=np.int16)
    boards = flat.reshape(-1, characters)
    return boards, _keys(boards)


def _keys(boards: Any) -> Any:
    import numpy as np
    key = np.zeros(len(boards), dtype=np.int64)
    for j in range(boards.shape[1]):
        key = key * N_ROWS + boards[:, j]
    return key


def level_arrays(characters: int) -> list[tuple[Any, Any]]:
    """For each level ``m`` = 0..2c: the boards (sorted codes, int16) and their keys (int64) with
    seat 0 ``ceil(m/2)`` and seat 1 ``floor(m/2)`` tokens, in key order."""
    import numpy as np
    boards, keys = all_boards(characters)
    has = np.array(HAS, dtype=np.int16)
    a = has[boards, 0].sum(axis=1)
    b = has[boards, 1].sum(axis=1)
    out = []
    for m in range(2 * characters + 1):
        sel = (a == (m + 1) // 2) & (b == m // 2)
        out.append((boards[sel], keys[sel]))
    return out


@dataclass(frozen=True)
class _Mats:
    T: Any            # (K, S) probabilities: keep -> state
    cnt: Any          # (S, c) counts of each row's character in each state
    down: list[tuple[Any, Any]]   # per keep size: (keep indices, children (parts, len))
    sub: Any          # (S, parts) child keep index of each state (K = padding, -inf)
    empty: int


def _mats(tb: TurnTables) -> _Mats:
    import numpy as np
    S, K = len(tb.states), len(tb.keeps)
    T = np.zeros((K, S))
    for k, ((pos, _), pw) in enumerate(zip(tb.trans, tb.ptrans, strict=True)):
        T[k, list(pos)] = pw
    cnt = np.array(tb.counts, dtype=np.int64)
    parts = len(tb.keeps[0])
    down = []
    for m in range(1, tb.n):
        idx = [k for k, kp in enumerate(tb.keeps) if sum(kp) == m]
        ch = np.array([[tb.keep_index[kp[:i] + (kp[i] - 1,) + kp[i + 1:]] if kp[i] else k
                        for k, kp in ((k, tb.keeps[k]) for k in idx)] for i in range(parts)],
                      dtype=np.int64)
        down.append((np.array(idx, dtype=np.int64), ch))
    sub = np.full((S, parts), K, dtype=np.int64)
    for i, s in enumerate(tb.states):
        for j, kid in enumerate(tb.children[s]):
            sub[i, j] = kid
    return _Mats(T, cnt, down, sub, tb.keep_index[(0,) * parts])


def solve(model: Any, chunk: int = 8192, progress: Any = None) -> SolvedLevels:
    """Every board's value (seat 0's P(win) + 1/2 P(tie), float64) for ``model`` (a
    :class:`~swkit.odds.dice.DiceModel`, at most 5 dice and 5 characters), solved level by level
    from the end. ``chunk``: boards per batch (memory ~ 1 KB x states x chunk);
    ``progress(level, boards, cpu_seconds)`` is called after each level.

    Raises ConfigurationError for a model the solve does not take.
    """
    import numpy as np
    check_duel_model(model)
    t0 = time.process_time()
    c, n = model.characters, model.n
    tb = turn_tables(n, c, model.wilds)
    mats = _mats(tb)
    levels = level_arrays(c)
    place = np.array(PLACE, dtype=np.int16)      # (44, 2, 6)
    points = np.array(POINTS, dtype=np.int64)
    L = 2 * c
    fb, fk = levels[L]
    t_0 = points[fb, 0].sum(axis=1)
    t_1 = points[fb, 1].sum(axis=1)
    values: list[Any] = [None] * (L + 1)
    values[L] = np.where(t_0 > t_1, 1.0, np.where(t_0 == t_1, 0.5, 0.0))
    for m in range(L - 1, -1, -1):
        boards, _ = levels[m]
        nkeys, nvals = levels[m + 1][1], values[m + 1]
        seat = m % 2
        out = np.empty(len(boards))
        for lo in range(0, len(boards), chunk):
            out[lo:lo + chunk] = _level_chunk(boards[lo:lo + chunk], seat, nkeys, nvals, place,
                                              mats, model.rolls, n)
        values[m] = out
        if progress is not None:
            progress(m, len(boards), time.process_time() - t0)
    keys = [k.astype(np.uint32) for _, k in levels]
    return SolvedLevels(model, keys, values, time.process_time() - t0,
                        {"boards": [len(k) for k in keys]})


def _level_chunk(boards: Any, seat: int, nkeys: Any, nvals: Any, place: Any, mats: _Mats,
                 rolls: int, n: int) -> Any:
    import numpy as np
    b, c = boards.shape
    score = np.full((c, n + 1, b), -1.0)
    for r in range(c):
        col = boards[:, r]
        open_ = place[col, seat, 0] >= 0
        if not open_.any():
            continue
        for x in range(n + 1):
            nxt = boards.copy()
            nxt[:, r] = place[col, seat, x]
            nxt.sort(axis=1)
            key = np.zeros(b, dtype=np.int64)
            for j in range(c):
                key = key * N_ROWS + nxt[:, j]
            idx = np.searchsorted(nkeys, key)
            idx[~open_] = 0
            if not (nkeys[idx] == key)[open_].all():
                raise AssertionError("a successor board is missing from the next level")
            v = nvals[idx]
            if seat == 1:
                v = 1.0 - v
            score[r, x] = np.where(open_, v, -1.0)
    g = score[0, mats.cnt[:, 0]]
    for r in range(1, c):
        np.maximum(g, score[r, mats.cnt[:, r]], out=g)
    V = g
    for _ in range(rolls - 1):
        W = mats.T @ V
        for idx, ch in mats.down:
            best = W[idx]
            for i in range(ch.shape[0]):
                np.maximum(best, W[ch[i]], out=best)
            W[idx] = best
        W = np.vstack([W, np.full((1, b), -np.inf)])
        Vn = g.copy()
        for j in range(mats.sub.shape[1]):
            np.maximum(Vn, W[mats.sub[:, j]], out=Vn)
        V = Vn
    start = mats.T[mats.empty] @ V
    # the exact values lie in [0, 1]: clipping moves a rounded value only towards them
    return np.clip(start if seat == 0 else 1.0 - start, 0.0, 1.0)
