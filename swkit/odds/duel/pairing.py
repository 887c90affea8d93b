"""The exact value of a pairing of fixed policies in the two-player dice game (issue 14 §3).

A **policy** is a choice function: given the model, the board (a labelled
:class:`~swkit.odds.duel.DuelBoard`: which character holds which tokens matters, since the
bots break ties in row order), the dice showing (a count vector: one entry a character, the
Clubhouse last) and the rolls left, it returns ``("keep", counts)`` (keep those dice, reroll
the rest) or ``("score", row)`` (stop and score that character's row, RULES.md §B3, §B4).

:func:`pairing_value` evaluates two such policies against each other: seat 0's
P(win) + 1/2 P(tie) (RULES.md §B5) when seat 0 plays ``policies[0]`` and seat 1
``policies[1]``. It is the solve's recursion (each turn: the first roll's expectation, then
every keep's expectation over the reroll) with each player's choice fixed by their policy
instead of the best one. Exact Fractions for every model; the boards are labelled (ties in
row order make the value depend on the labels), so it is practical for small models only
(``DiceModel(n=2, characters=2)`` in milliseconds, 3 dice and 3 characters in seconds).

The policies of the bots, written on any model (:data:`POLICIES`):

- :func:`win_policy`: WinBot's choice, ``duel_options(...)[0]`` (WinBot calls exactly this);
- :func:`points_policy`: PointsBot's choice, ``keep_options(..., Objective.points(...))[0]``
  with PointsBot's stop (the unscored character whose space is worth most now, the first in
  row order among equals);
- :func:`greedy_policy`: GreedyBot's rule (:class:`swkit.dice.bots.GreedyBot`).

The tests check each against its bot's own ``choose`` at every decision of whole games of
Clubhouse dice, and :func:`pairing_value` against a brute-force game tree.

With both seats on :func:`win_policy` the value is the solve's (:func:`~swkit.odds.duel.
duel_value`): the policy takes a best move, and equally good moves have equal values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from math import factorial, prod
from typing import Any

from swkit.dice.scoring import TOP_SPACE, space_for
from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel, Objective, keep_options
from swkit.odds.duel import DuelBoard, duel_options
from swkit.odds.duel.core import ABSENT, check_duel_model

__all__ = ["POLICIES", "Choice", "Policy", "greedy_policy", "pairing_value", "points_policy",
           "win_policy"]

Choice = tuple[str, Any]
"""``("keep", counts)`` or ``("score", row)``."""

Policy = Callable[[DiceModel, DuelBoard, tuple[int, ...], int], Choice]
"""``policy(model, board, dice, rolls_left) -> Choice`` for the player to move."""


def _taken(board: DuelBoard, seat: int) -> dict[int, set[int]]:
    """For each row ``seat`` has not scored: the numbered spaces the other seat holds."""
    return {r: ({row[1 - seat]} if row[1 - seat] >= 1 else set())
            for r, row in enumerate(board.rows) if row[seat] == ABSENT}


def win_policy(model: DiceModel, board: DuelBoard, dice: tuple[int, ...],
               rolls_left: int) -> Choice:
    """WinBot's choice: the first option of :func:`~swkit.odds.duel.duel_options`."""
    best = duel_options(board, dice, rolls_left, model)[0]
    if best.reroll == 0:
        return ("score", model.names.index(best.score))
    return ("keep", tuple(best.counts) if best.counts else
            model.counts(list(best.keep), exact=False))


def _points_stop(model: DiceModel, taken: dict[int, set[int]], dice: tuple[int, ...]) -> int:
    best, pick = -1, -1
    for r in sorted(taken):
        value = space_for(min(model.count_of(dice, r), TOP_SPACE), taken[r])
        if value > best:
            best, pick = value, r
    return pick


def points_policy(model: DiceModel, board: DuelBoard, dice: tuple[int, ...],
                  rolls_left: int) -> Choice:
    """PointsBot's choice: the first option of :func:`~swkit.odds.dice.keep_options` for this
    turn's expected points (the seat's scored rows and the other seat's spaces taken); a stop
    scores the unscored character worth most now, the first in row order among equals."""
    seat = board.mover
    taken = _taken(board, seat)
    if rolls_left > 0:
        scored = [r for r in range(model.characters) if r not in taken]
        objective = Objective.points(scored, {r: v for r, v in taken.items() if v})
        first = keep_options(model, objective, dice, rolls_left)[0]
        if first.reroll > 0:
            return ("keep", model.counts(list(first.keep), exact=False))
    return ("score", _points_stop(model, taken, dice))


def greedy_policy(model: DiceModel, board: DuelBoard, dice: tuple[int, ...],
                  rolls_left: int) -> Choice:
    """GreedyBot's rule (:class:`swkit.dice.bots.GreedyBot`): keep the character with the
    highest (space now, best space open, count) and every Clubhouse; stop when that space is
    the best open one or no roll is left, scoring the highest space now, the lowest best open
    space among equals; remaining ties in row order."""
    taken = _taken(board, board.mover)
    best_keep, keep_r = (-1, -1, -1), -1
    best_score, score_r = (-1, 0), -1
    for r in sorted(taken):
        n = model.count_of(dice, r)
        value = space_for(min(n, TOP_SPACE), taken[r])
        cap = space_for(TOP_SPACE, taken[r])
        if (value, cap, n) > best_keep:
            best_keep, keep_r = (value, cap, n), r
        if (value, -cap) > best_score:
            best_score, score_r = (value, -cap), r
    value, cap, _ = best_keep
    keep = [0] * len(dice)
    keep[keep_r] = dice[keep_r]
    keep[-1] = dice[-1]
    if rolls_left == 0 or value >= cap or sum(keep) == model.n:
        # with fewer than 5 dice the keep may be every die: that is a stop (RULES.md §B3)
        return ("score", score_r)
    return ("keep", tuple(keep))


POLICIES: dict[str, Policy] = {"win": win_policy, "points": points_policy,
                               "greedy": greedy_policy}
"""The bots' policies by bot name."""


def _rolls(model: DiceModel, m: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every outcome of rolling ``m`` dice (count vectors) with its probability."""
    weights = model.face_weights
    out: list[tuple[tuple[int, ...], Fraction]] = []

    def rec(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(weights) - 1:
            v = (*acc, left)
            w = factorial(m) // prod(factorial(x) for x in v) * prod(
                wt ** x for wt, x in zip(weights, v, strict=True))
            if w:
                out.append((v, Fraction(w, model.faces ** m)))
            return
        for x in range(left, -1, -1):
            rec(i + 1, left - x, (*acc, x))
    rec(0, m, ())
    return out


def pairing_value(policies: Sequence[Policy | str], model: DiceModel | None = None,
                  board: DuelBoard | str | None = None) -> Fraction:
    """Seat 0's chance to win, P(win) + 1/2 P(tie) (RULES.md §B5), when seat 0 plays
    ``policies[0]`` and seat 1 ``policies[1]`` (choice functions, or names of
    :data:`POLICIES`) from ``board`` (default: the empty board), before the mover's roll.

    ``model``: a :class:`~swkit.odds.dice.DiceModel` of the two-player solve (at most 5 dice
    and 5 characters). Returns an exact Fraction. The cost grows with the labelled boards
    (44 ** characters) times the dice multisets: use small models. Raises ConfigurationError
    for an unknown policy name, a model the solve does not take, or a policy that returns an
    illegal choice (naming it).
    """
    model = model or DiceModel()
    check_duel_model(model)
    if len(policies) != 2:
        raise ConfigurationError(f"a pairing is 2 policies, got {len(policies)}")
    pols: list[Policy] = []
    for p in policies:
        if isinstance(p, str):
            if p not in POLICIES:
                raise ConfigurationError(f"unknown policy {p!r}: choose one of "
                                         f"{', '.join(POLICIES)}")
            p = POLICIES[p]
        pols.append(p)
    if board is None:
        start = DuelBoard.empty(model)
    elif isinstance(board, str):
        start = DuelBoard.parse(board, model)
    else:
        start = board
    rolls = {m: _rolls(model, m) for m in range(model.n + 1)}
    memo: dict[tuple[tuple[int, int], ...], Fraction] = {}

    def value(b: DuelBoard) -> Fraction:
        hit = memo.get(b.rows)
        if hit is not None:
            return hit
        if b.is_over():
            t0, t1 = b.totals
            v = Fraction(1) if t0 > t1 else Fraction(1, 2) if t0 == t1 else Fraction(0)
        else:
            v = turn(b)
        memo[b.rows] = v
        return v

    def turn(b: DuelBoard) -> Fraction:
        seat = b.mover
        policy = pols[seat]
        stage: dict[tuple[tuple[int, ...], int], Fraction] = {}

        def at(dice: tuple[int, ...], left: int) -> Fraction:
            key = (dice, left)
            hit = stage.get(key)
            if hit is not None:
                return hit
            kind, arg = policy(model, b, dice, left)
            if kind == "score":
                if not (0 <= arg < model.characters) or b.rows[arg][seat] != ABSENT:
                    raise ConfigurationError(f"policy {policy.__name__} scored row {arg!r}, "
                                             f"which seat {seat} cannot score on {b}")
                row = b.rows[arg]
                other = row[1 - seat]
                space = space_for(min(model.count_of(dice, arg), TOP_SPACE),
                                  {other} if other >= 1 else set())
                new = (space, row[1]) if seat == 0 else (row[0], space)
                rows = b.rows[:arg] + (new,) + b.rows[arg + 1:]
                v = value(DuelBoard(b.names, rows))
            else:
                keep = tuple(arg)
                if (kind != "keep" or left <= 0 or len(keep) != len(dice)
                        or any(k < 0 or k > d for k, d in zip(keep, dice, strict=True))
                        or sum(keep) == model.n):
                    raise ConfigurationError(f"policy {policy.__name__} chose {kind} {arg!r} "
                                             f"with dice {dice} and {left} rolls left")
                v = sum((p * at(tuple(a + o for a, o in zip(keep, out, strict=True)), left - 1)
                         for out, p in rolls[model.n - sum(keep)]), Fraction(0))
            stage[key] = v
            return v

        return sum((p * at(d, model.rolls - 1) for d, p in rolls[model.n]), Fraction(0))

    return value(start)
