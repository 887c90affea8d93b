"""The keep tables the dice Monte Carlo twins play (shared by the numpy and the Python
kernels of :mod:`swkit.odds.montecarlo_dice`), as plain lists: the optimal play of
:mod:`swkit.odds.dice` for every state of ``model.states()``."""

from __future__ import annotations

from functools import lru_cache

from swkit.odds.dice import Counts, DiceModel, Objective, sub_multisets, turn_solution


@lru_cache(maxsize=64)
def optimal_rows(model: DiceModel, objective: Objective, rolls: int
                  ) -> tuple[list[list[Counts] | None], list[float], list[int]]:
    """The optimal play's keeps ``tables[t][i]`` (t rolls left, i the state's index in
    ``model.states()``: the kept counts), and each state's terminal value and measured
    quantity."""
    layout, sol = turn_solution(model, objective)
    tb = sol.tables
    states = model.states()
    tables: list[list[Counts] | None] = [None]
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
        tables.append(rows)
    eng = [tb.state_index[layout.engine(d)] for d in states]
    value = [float(sol.f[s]) for s in eng]
    measure = [int(sol.measure[s]) for s in eng]
    return tables, value, measure


@lru_cache(maxsize=8)
def solo_rows(model: DiceModel) -> list[list[list[Counts] | None]]:
    """The optimal points keeps of the solo game by the mask of scored characters."""
    c = model.characters
    out: list[list[list[Counts] | None]] = []
    for mask in range(1 << c):
        scored = [j for j in range(c) if mask >> j & 1]
        if len(scored) == c:
            out.append([None])
            continue
        out.append(optimal_rows(model, Objective.points(scored=scored), model.rolls)[0])
    return out
