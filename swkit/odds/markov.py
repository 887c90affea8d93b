"""The reroll Markov chain of a keep policy (RULES.md §C2), its transition matrix, and the
distributions of a count it gives (:func:`target_distribution`, :func:`best_distribution`).

A step of the chain is one roll. The chain starts in the state ``start`` (nothing rolled yet);
after step ``r`` it is in the state reached after ``r`` rolls. The chain is first built on full
dice states (count vectors) and then **lumped**: states with the same key are merged, and the
lumping is checked to be exact (every merged state must have the same lumped row), otherwise a
ConfigurationError explains why. This is how RULES.md §C2 shows up in code:

- policy ``"target"`` (keep the target and the Clubhouses) lumps exactly on the target's count;
- policy ``"best"`` (keep the most common character and the Clubhouses, re-chosen after every
  roll) lumps on the pair (kept character's dice, kept Clubhouses) -- and with wild faces NOT on
  the best count alone (``key="count"`` raises), because the Clubhouses are kept for every
  character while the character's own dice may be dropped when another character overtakes it;
- policy ``"best-once"`` (choose the most common character after the first roll, keep it for
  the rest of the turn) is the best-count first roll followed by the target chain: its state
  and count are the CHOSEN character's count, which can end below the best count (another
  character may show more on the rerolled dice); the best count's distribution under this
  policy is :func:`best_distribution` (``statistic="chosen"`` gives this chain's).

sympy is imported only by :meth:`MarkovChain.sympy_matrix` and :func:`transition_matrix` with
``form="sympy"``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from swkit.errors import ConfigurationError
from swkit.odds.dice import Counts, DiceModel, most_common, policy_keep

START = "start"


@dataclass(frozen=True)
class MarkovChain:
    """A finite Markov chain with exact Fraction transition probabilities.

    ``states[i]`` is a hashable state key with display label ``labels[i]`` and the count it
    stands for ``counts[i]`` (None for the start state); ``matrix[i][j]`` is P(state i -> j),
    each row summing to exactly 1. ``start`` is the index of the state before the first roll.
    """

    states: tuple[Hashable, ...]
    labels: tuple[str, ...]
    counts: tuple[int | None, ...]
    matrix: tuple[tuple[Fraction, ...], ...]
    start: int = 0

    def step(self, dist: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
        """One roll: the row vector ``dist`` times the transition matrix."""
        size = len(self.states)
        out = [Fraction(0)] * size
        for i, p in enumerate(dist):
            if p:
                row = self.matrix[i]
                for j in range(size):
                    if row[j]:
                        out[j] += p * row[j]
        return tuple(out)

    def distribution(self, steps: int) -> tuple[Fraction, ...]:
        """The state distribution after ``steps`` rolls from the start (start row of P^steps)."""
        dist = tuple(Fraction(int(i == self.start)) for i in range(len(self.states)))
        for _ in range(steps):
            dist = self.step(dist)
        return dist

    def count_distribution(self, steps: int) -> dict[int, Fraction]:
        """The count's distribution after ``steps`` rolls, ``{count: probability}``, summing to
        exactly 1. Raises ConfigurationError for ``steps`` < 1 (no count before a roll)."""
        if steps < 1:
            raise ConfigurationError(f"a count needs at least one roll, got {steps} rolls")
        out: dict[int, Fraction] = {}
        for p, cnt in zip(self.distribution(steps), self.counts, strict=True):
            if p:
                out[cnt] = out.get(cnt, 0) + p  # type: ignore[index]
        return dict(sorted(out.items()))

    def sympy_matrix(self) -> Any:
        """The transition matrix as a sympy ``Matrix`` of ``Rational`` entries."""
        import sympy
        return sympy.Matrix([[sympy.Rational(p.numerator, p.denominator) for p in row]
                             for row in self.matrix])


# --------------------------------------------------------------------------------------------


def _full_rows(model: DiceModel, keep: Callable[[Counts], Counts]
               ) -> dict[Hashable, dict[Counts, int]]:
    """Transition rows on full dice states reachable from the start, as integer weights over
    the common denominator ``faces ** n``."""
    rows: dict[Hashable, dict[Counts, int]] = {}
    todo: list[Hashable] = [START]
    while todo:
        state = todo.pop()
        if state in rows:
            continue
        kept = (0,) * (model.characters + 1) if state == START else keep(state)  # type: ignore
        row: dict[Counts, int] = {}
        for nxt, w in model.reroll(kept):
            row[nxt] = row.get(nxt, 0) + w
        rows[state] = row
        todo.extend(s for s in row if s not in rows)
    return rows


def lump(model: DiceModel, rows: dict[Hashable, dict[Counts, int]],
         key: Callable[[Counts], Hashable], what: str
         ) -> tuple[list[Hashable], dict[Hashable, dict[Hashable, Fraction]]]:
    """Merge full states with equal ``key``; raise ConfigurationError if not exact (some
    merged states would move to the merged states with different probabilities)."""
    lumped: dict[Hashable, dict[Hashable, int]] = {}
    witness: dict[Hashable, Hashable] = {}
    keys: dict[Counts, Hashable] = {}
    for state, row in rows.items():
        k = START if state == START else key(state)  # type: ignore[arg-type]
        lrow: dict[Hashable, int] = {}
        for nxt, w in row.items():
            nk = keys.get(nxt)
            if nk is None:
                nk = keys[nxt] = key(nxt)
            lrow[nk] = lrow.get(nk, 0) + w
        if k in lumped:
            if lumped[k] != lrow:
                a, b = witness[k], state
                raise ConfigurationError(
                    f"the chain on {what} is not a Markov chain: dice "
                    f"{' '.join(model.faces_of(a))} and {' '.join(model.faces_of(b))} "  # type: ignore[arg-type]
                    f"both have {what} {k} but move differently after a reroll; lump on a finer "
                    "state (with wilds: carry the kept Clubhouses, RULES.md §C2)")
        else:
            lumped[k] = lrow
            witness[k] = state
    total = model.faces ** model.n
    return list(lumped), {k: {nk: Fraction(w, total) for nk, w in row.items()}
                          for k, row in lumped.items()}


def policy_chain(model: DiceModel, keep: Callable[[Counts], Counts],
                 key: Callable[[Counts], Hashable] | None = None,
                 count: Callable[[Hashable], int] | None = None,
                 label: Callable[[Hashable], str] | None = None,
                 what: str = "the key") -> MarkovChain:
    """The reroll chain of any memoryless keep policy ``keep`` (dice showing -> dice kept, as
    count vectors), lumped on ``key`` (default: the full dice multiset).

    ``count`` gives the count a lumped state stands for (for
    :meth:`MarkovChain.count_distribution`); ``label`` its display label (default ``str``, the
    faces for full states); ``what`` names the key in the error raised when the lumping is not
    exact (ConfigurationError). States are sorted with ``start`` first.
    """
    rows = _full_rows(model, keep)
    if key is None:
        def key(d: Counts) -> Hashable:
            return d
        label = label or (lambda d: " ".join(model.faces_of(d)))  # type: ignore[arg-type]
    names, lumped = lump(model, rows, key, what)
    others = sorted((s for s in names if s != START),
                    key=lambda s: (sum(s), s) if isinstance(s, tuple) else (s, 0))  # type: ignore
    order = [START, *others]
    index = {s: i for i, s in enumerate(order)}
    matrix = []
    for s in order:
        row = [Fraction(0)] * len(order)
        for nxt, p in lumped[s].items():
            row[index[nxt]] = p
        matrix.append(tuple(row))
    show = label or str
    return MarkovChain(tuple(order),
                       tuple(START if s == START else show(s) for s in order),
                       tuple(None if s == START or count is None else count(s) for s in order),
                       tuple(matrix))


@lru_cache(maxsize=64)
def markov_chain(model: DiceModel | None = None, policy: str = "best", target: int = 0,
                 key: str = "auto") -> MarkovChain:
    """The reroll Markov chain of a named keep policy (see :data:`swkit.odds.dice.POLICIES`).

    ``key`` chooses the lumped state: ``"auto"`` (target count for ``"target"``; the pair
    (kept character's dice, kept Clubhouses) for ``"best"``, labelled ``"2+1C"``, or just the
    character's dice without wilds; the chosen character's count for ``"best-once"``) or
    ``"count"`` (the count alone: exact for ``"target"`` and ``"best-once"``, and for
    ``"best"`` only without wild faces). Raises ConfigurationError for an unknown policy or
    key, or a lumping that is not exact (RULES.md §C2). The first state is ``start``; one
    step is one roll.
    """
    model = model or DiceModel()
    if key not in ("auto", "count"):
        raise ConfigurationError(f"unknown chain key {key!r}: use 'auto' or 'count'")
    if policy == "best-once":
        return best_once_chain(model)
    keep = policy_keep(model, policy, target)
    wild = model.wild
    if policy == "target":
        def kfun(d: Counts) -> Hashable:
            return model.count_of(d, target)
        return policy_chain(model, keep, kfun, int, str, f"{model.names[target]}'s count")
    if key == "count" or model.wilds == 0:
        def kfun(d: Counts) -> Hashable:
            return model.best_count(d)
        return policy_chain(model, keep, kfun, int, str, "the best count")

    def pair(d: Counts) -> Hashable:
        return (max(d[:wild]), d[wild])
    return policy_chain(model, keep, pair, sum, lambda s: f"{s[0]}+{s[1]}C",  # type: ignore
                        "(character dice, Clubhouses)")


def target_rows(model: DiceModel) -> list[list[Fraction]]:
    """The target chain's rows on counts 0..n: from count ``k`` the ``n - k`` rerolled dice hit
    (target or Clubhouse) each with probability ``p = (1 + wilds) / faces``, so
    P(k -> k + j) = C(n - k, j) p^j (1 - p)^(n - k - j)."""
    p = Fraction(1 + model.wilds, model.faces)
    n = model.n
    return [[Fraction(comb(n - k, j - k)) * p ** (j - k) * (1 - p) ** (n - j) if j >= k
             else Fraction(0) for j in range(n + 1)] for k in range(n + 1)]


def best_once_chain(model: DiceModel) -> MarkovChain:
    """The chain of policy ``"best-once"`` on the chosen character's count: the first roll
    gives the best count (most common character plus Clubhouses); that character is then kept
    with the Clubhouses, so later steps follow :func:`target_rows`. States: start, counts
    0..n of the chosen character (not the best count over every character after a reroll:
    see :func:`best_distribution`)."""
    first = markov_chain(model, "best").count_distribution(1)
    n = model.n
    start_row = tuple([Fraction(0)] + [first.get(k, Fraction(0)) for k in range(n + 1)])
    rows = [start_row] + [tuple([Fraction(0)] + r) for r in target_rows(model)]
    return MarkovChain((START, *range(n + 1)), (START, *(str(k) for k in range(n + 1))),
                       (None, *range(n + 1)), tuple(rows))


def transition_matrix(model: DiceModel | None = None, policy: str = "best", *, target: int = 0,
                      key: str = "auto", form: str = "sympy") -> Any:
    """The transition matrix of a keep policy's reroll chain (see :func:`markov_chain`).

    ``form="sympy"``: a sympy ``Matrix`` of ``Rational`` (for lessons); ``form="fraction"``: a
    tuple of rows of Fractions (for speed). Rows sum to exactly 1. State labels are
    ``markov_chain(...).labels``. Raises ConfigurationError for an unknown form.
    """
    chain = markov_chain(model or DiceModel(), policy, target, key)
    if form == "fraction":
        return chain.matrix
    if form == "sympy":
        return chain.sympy_matrix()
    raise ConfigurationError(f"unknown matrix form {form!r}: use 'sympy' or 'fraction'")


# --------------------------------------------------------------------------------------------
# count distributions under a named keep policy


def target_distribution(model: DiceModel, rolls: int | None = None,
                        target: int = 0) -> dict[int, Fraction]:
    """The distribution of ``target``'s count after ``rolls`` rolls (default ``model.rolls``)
    when keeping the target and the Clubhouses (policy ``"target"``); rolls=1 is one roll.
    Exact Fractions from the target Markov chain (RULES.md §C2: the count alone is exact)."""
    chain = markov_chain(model, "target", target=target)
    return chain.count_distribution(model.rolls if rolls is None else rolls)


STATISTICS = ("best", "chosen")
"""What :func:`best_distribution` measures at the end of the turn: ``"best"``, the best count
(the largest over every character of its dice plus the Clubhouses, RULES.md §C2), or
``"chosen"``, the count of the character the policy keeps (for ``"best-once"`` the one chosen
after the first roll; for ``"best"`` the most common one, which is then the best count)."""


def best_distribution(model: DiceModel, rolls: int | None = None, policy: str = "best",
                      statistic: str = "best") -> dict[int, Fraction]:
    """The distribution of the best count at the end of the turn, after ``rolls`` rolls
    (default ``model.rolls``), under ``policy`` ``"best"`` (keep the most common character and
    the Clubhouses, re-chosen after every roll) or ``"best-once"`` (choose the most common
    character after the first roll and keep it and the Clubhouses thereafter).

    ``statistic`` (see :data:`STATISTICS`): ``"best"`` (default) measures the true best count,
    the maximum over EVERY character of its dice plus the Clubhouses, whatever the policy
    keeps: under ``"best-once"`` another character can end ahead of the chosen one on the
    rerolled dice. ``"chosen"`` measures the chosen character's count instead (the count of
    :func:`markov_chain`'s ``"best-once"`` chain). Five of a kind is the same
    event for both (Yahtzee dice, chosen once: 4108139/90699264, RULES.md §B6). Exact Fractions
    summing to 1. Raises ConfigurationError for an unknown policy or statistic, or rolls < 1.
    """
    if statistic not in STATISTICS:
        raise ConfigurationError(f"unknown statistic {statistic!r}: use 'best' or 'chosen'")
    rolls = model.rolls if rolls is None else rolls
    if policy == "best-once":
        return dict(_best_once_distribution(model, rolls, statistic))
    if policy != "best":
        raise ConfigurationError(f"unknown policy {policy!r} for the best count: use 'best' or "
                                 "'best-once' (or target_distribution for 'target')")
    return markov_chain(model, "best").count_distribution(rolls)


@lru_cache(maxsize=64)
def _best_once_distribution(model: DiceModel, rolls: int, statistic: str
                            ) -> dict[int, Fraction]:
    """Policy ``"best-once"`` stepped exactly over (dice multiset, chosen character): the
    first roll chooses the most common character (ties: scoreboard order, as
    :func:`policy_keep`); each later roll keeps its dice and the Clubhouses."""
    if rolls < 1:
        raise ConfigurationError(f"a count needs at least one roll, got {rolls}")
    c, wild, n = model.characters, model.wild, model.n
    dist: dict[tuple[Counts, int], int] = {}
    for v, w in model.roll(n):
        j = most_common(v, c)
        dist[(v, j)] = dist.get((v, j), 0) + w
    for _ in range(rolls - 1):
        kept: dict[tuple[Counts, int], int] = {}
        for (v, j), p in dist.items():
            key = (tuple(k if i in (j, wild) else 0 for i, k in enumerate(v)), j)
            kept[key] = kept.get(key, 0) + p
        dist = {}
        for (keep, j), p in kept.items():
            for v, w in model.reroll(keep):
                dist[(v, j)] = dist.get((v, j), 0) + p * w
    denom = model.faces ** (n * rolls)
    out: dict[int, Fraction] = {}
    for (v, j), p in dist.items():
        x = model.best_count(v) if statistic == "best" else model.count_of(v, j)
        out[x] = out.get(x, 0) + Fraction(p, denom)
    return dict(sorted(out.items()))
