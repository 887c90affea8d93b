"""A question's Monte Carlo estimate, closing in on its exact answer batch by batch
(:func:`simulation`), from the twins :mod:`swkit.odds.montecarlo_cards` and
:mod:`swkit.odds.montecarlo_dice` (RULES.md §C).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from swkit.errors import ConfigurationError
from swkit.odds.montecarlo_cards import mc_deal, mc_player_odds, mc_policy_odds
from swkit.odds.montecarlo_dice import mc_optimal_distribution, mean_interval, wilson
from swkit.plots import Trial
from swkit.present.questions import MODEL, DealQuestion, HandQuestion, Question

__all__ = ["Simulated", "checkpoints", "simulation", "trial_of"]


@dataclass(frozen=True)
class Simulated:
    """The running Monte Carlo estimate after ``n`` trials: ``trial`` the estimate of the
    answer's value with its 99% interval, ``bars`` the estimates of the charted bars we
    simulate (the current K or T, or every count/points value of a dice distribution)."""

    n: int
    trial: Trial
    bars: dict[int, Trial]


def trial_of(result: Any) -> Trial:
    """A Monte Carlo result (``swkit.odds.MCResult``: ``n``, ``estimate``, ``low``, ``high``)
    as a chart's :class:`~swkit.plots.Trial`."""
    return Trial(result.n, result.estimate, result.low, result.high)


def checkpoints(total: int, points: int = 16, first: int = 100) -> list[int]:
    """Increasing trial counts from about ``first`` to ``total``, evenly spaced on a log scale
    (where the running estimate is measured and drawn)."""
    if total < 1:
        raise ConfigurationError(f"simulate at least one trial, got {total}")
    start = min(first, total)
    if total == start:
        return [total]
    ratio = (total / start) ** (1 / (points - 1))
    out = sorted({min(total, round(start * ratio ** i)) for i in range(points)} | {total})
    return out


def simulation(question: Question, total: int, seed: int = 0,
               points: int = 16, simple: bool = False) -> Iterator[Simulated]:
    """Run the question's Monte Carlo twin in batches, yielding the running estimate after
    each batch (``points`` checkpoints from about 100 trials to ``total``, log-spaced).

    Batch ``i`` uses the twin's seed ``seed * 1_000_003 + i``, so a seed replays the run.
    Twins: ``mc_deal``, ``mc_player_odds``, ``mc_optimal_distribution`` (RULES.md §C). The
    batches are merged exactly (hit counts), so the estimate is that of all ``n`` trials.
    A hand question whose batches are slow (T >= 2) merges its remaining batches into four.
    ``simple``: for a hand question, simulate the simple strategy instead (``mc_policy_odds``:
    each turn the best play for the next turn only, a lower bound on the best play, quick on
    any position), the estimate offered for a question over the work budget.
    """
    marks = checkpoints(total, points)
    done = 0
    hits = 0
    hist: dict[int, int] = {}
    position = question.position() if isinstance(question, HandQuestion) else None
    i = 0
    while marks:
        size = marks[0] - done
        batch_seed = seed * 1_000_003 + i
        started = time.perf_counter()
        if isinstance(question, DealQuestion):
            r = mc_deal(question.cards, question.event, question.editions,  # type: ignore[arg-type]
                        question.wild_color, question.wild_number, n=size, seed=batch_seed)
            hits += round(r.estimate * size)
        elif isinstance(question, HandQuestion):
            twin = mc_policy_odds if simple else mc_player_odds
            r = twin(position, question.turns, n=size, seed=batch_seed)  # type: ignore[arg-type]
            hits += round(r.estimate * size)
        else:
            dist = mc_optimal_distribution(MODEL, question.objective(), question.counts(),
                                           question.rolls_left, n=size, seed=batch_seed)
            for x, res in dist.items():
                hist[x] = hist.get(x, 0) + round(res.estimate * size)
        done = marks.pop(0)
        i += 1
        if isinstance(question, HandQuestion) and time.perf_counter() - started > 0.5 \
                and len(marks) > 4:
            marks = marks[len(marks) % 4 - 1::len(marks) // 4][-4:]
            marks[-1] = total
        yield _summary(question, done, hits, hist)


def _summary(question: Question, n: int, hits: int, hist: dict[int, int]) -> Simulated:
    if isinstance(question, DealQuestion):
        trial = trial_of(wilson(hits, n))
        return Simulated(n, trial, {question.cards: trial})
    if isinstance(question, HandQuestion):
        trial = trial_of(wilson(hits, n))
        return Simulated(n, trial, {question.turns: trial})
    bars = {x: trial_of(wilson(h, n)) for x, h in sorted(hist.items())}
    if question.at_least is not None:
        trial = trial_of(wilson(sum(h for x, h in hist.items() if x >= question.at_least), n))
    elif n > 1:
        total = sum(x * h for x, h in hist.items())
        total_sq = sum(x * x * h for x, h in hist.items())
        trial = trial_of(mean_interval(float(total), float(total_sq), n))
    else:
        x = next(iter(hist))
        trial = Trial(1, float(x), float(x), float(x))
    return Simulated(n, trial, bars)

