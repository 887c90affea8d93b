"""The exact value of a pairing of fixed policies in the two-player dice game.

A **policy** is a choice function: given the model, the board (a labelled
:class:`~swkit.odds.duel.DuelBoard`: which character holds which tokens matters, since the
bots break ties in row order), the dice showing (a count vector: one entry a character, the
Clubhouse last) and the rolls left, it returns ``("keep", counts)`` (keep those dice, reroll
the rest) or ``("score", row)`` (stop and score that character's row, RULES.md §B3, §B4).

:func:`pairing_value` evaluates two such policies against each other: seat 0's
P(win) + 1/2 P(tie) (RULES.md §B5) when seat 0 plays ``policies[0]`` and seat 1
``policies[1]``. It is the solve's recursion (each turn: the first roll's expectation, then
every keep's expectation over the reroll) with each player's choice fixed by their policy
instead of the best one. Exact Fractions for every model.

**The state.** The boards stay labelled: the bots break ties in row order, and two characters
tied for a bot can hold different rows, so relabelling a board can change a pairing's value
(the tests show one). But a row that holds both tokens is over: nobody scores it again, its
tokens block nobody, and only its points still count, through the totals. So the memo's key
(:func:`pairing_state`) keeps each open row as it is, in board order, writes every finished row
as :data:`DONE` and adds their points difference (seat 0's minus seat 1's). The bots' choices
depend on nothing else: GreedyBot and PointsBot look at the rows the mover has not scored and
the spaces the other seat holds there; WinBot's values are chances to win, a function of the
open rows and the difference, and its ties go in board order. Clubhouse dice has 932,512 such
states (:func:`pairing_state_counts`), against 96.6 million labelled boards; small
models take milliseconds (2 dice, 2 characters) to seconds (3 dice, 3 characters). The full
game is still out of reach in pure Python (each turn calls the policies up to 756 times;
bench/duel_pairing.py measures the rate and docs/tournaments.md gives the estimate).

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
from itertools import product
from math import factorial, prod
from typing import Any

from swkit.dice.scoring import TOP_SPACE, space_for
from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel, Objective, keep_options
from swkit.odds.duel import DuelBoard, duel_options
from swkit.odds.duel.core import ABSENT, MAX_DUEL_CHARACTERS, check_duel_model

__all__ = ["DONE", "POLICIES", "Choice", "Policy", "greedy_policy", "pairing_state",
           "pairing_state_counts", "pairing_value", "points_policy", "win_policy"]

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


DONE = (TOP_SPACE + 1, TOP_SPACE + 1)
"""A finished row (both tokens in it) in a :func:`pairing_state`."""

PairingState = tuple[tuple[tuple[int, int], ...], int]


def pairing_state(board: DuelBoard) -> PairingState:
    """The state of ``board`` that a pairing of the bots' policies depends on: ``(rows,
    difference)``, where ``rows`` is the board's rows in board order with every row that holds
    both tokens replaced by :data:`DONE`, and ``difference`` is the points of those rows, seat
    0's minus seat 1's (RULES.md §B5: only the totals decide the winner).

    >>> pairing_state(DuelBoard.parse("Mickey:3,Goofy:0 / Mickey:5,Minnie:2"))
    (((6, 6), (-1, 2), (-1, -1), (0, -1), (-1, -1)), -2)
    """
    rows: list[tuple[int, int]] = []
    difference = 0
    for p0, p1 in board.rows:
        if p0 != ABSENT and p1 != ABSENT:
            rows.append(DONE)
            difference += max(p0, 0) - max(p1, 0)
        else:
            rows.append((p0, p1))
    return tuple(rows), difference


def pairing_state_counts(characters: int = 5) -> dict[int, int]:
    """How many :func:`pairing_state` values a two-player board of ``characters`` rows has at
    each level (tokens placed, in the turn order: seat 0 ``ceil(level/2)``, seat 1
    ``floor(level/2)``), the final level included (there only the difference is left).

    Counted, not enumerated: a row is open (1 way), holds only seat 0's token (6: the Picture
    Column or a space 1..5), only seat 1's (6), or is finished; ``k`` finished rows have
    ``10k + 1`` differences (each row's is -5..5). For 5 characters: 932,512 states in all.
    Raises ConfigurationError for more than 5 characters.
    """
    if not 1 <= characters <= MAX_DUEL_CHARACTERS:
        raise ConfigurationError(f"a two-player board has 1 to {MAX_DUEL_CHARACTERS} "
                                 f"characters, got {characters!r}")
    kinds = ((0, 0, 1), (1, 0, TOP_SPACE + 1), (0, 1, TOP_SPACE + 1), (1, 1, 0))
    out: dict[int, int] = {}
    for combo in product(kinds, repeat=characters):
        a = sum(k[0] for k in combo)
        b = sum(k[1] for k in combo)
        if a not in (b, b + 1):
            continue
        done = sum(1 for k in combo if k[2] == 0)
        ways = prod(k[2] for k in combo if k[2]) * (2 * TOP_SPACE * done + 1)
        out[a + b] = out.get(a + b, 0) + ways
    return dict(sorted(out.items()))


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
                  board: DuelBoard | str | None = None, *, by_state: bool | None = None,
                  visited: dict[int, int] | None = None) -> Fraction:
    """Seat 0's chance to win, P(win) + 1/2 P(tie) (RULES.md §B5), when seat 0 plays
    ``policies[0]`` and seat 1 ``policies[1]`` (choice functions, or names of
    :data:`POLICIES`) from ``board`` (default: the empty board), before the mover's roll.

    ``model``: a :class:`~swkit.odds.dice.DiceModel` of the two-player solve (at most 5 dice
    and 5 characters). Returns an exact Fraction.

    ``by_state``: remember values by :func:`pairing_state` (True) or by the whole labelled
    board (False). The default is True when both policies are the bots' own (:data:`POLICIES`,
    by name or function), whose choices depend on that state alone, and False for any other
    choice function (which may look at a finished row). ``visited``: when given, a dict that
    receives, for each level (tokens placed), the number of turns evaluated (states for
    ``by_state``, labelled boards otherwise); final boards are not counted.

    The cost is a turn per state, each calling the policies up to ``rolls`` times for each
    dice multiset: milliseconds to seconds on small models; the full game's 932,512 states are
    out of reach (docs/tournaments.md). Raises ConfigurationError for an unknown policy name, a
    model the solve does not take, or a policy that returns an illegal choice (naming it).
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
    if by_state is None:
        own = set(POLICIES.values())
        by_state = all(p in own for p in pols)
    rolls = {m: _rolls(model, m) for m in range(model.n + 1)}
    memo: dict[Any, Fraction] = {}

    def value(b: DuelBoard) -> Fraction:
        key = pairing_state(b) if by_state else b.rows
        hit = memo.get(key)
        if hit is not None:
            return hit
        if b.is_over():
            t0, t1 = b.totals
            v = Fraction(1) if t0 > t1 else Fraction(1, 2) if t0 == t1 else Fraction(0)
        else:
            v = turn(b)
            if visited is not None:
                level = sum(b.tokens)
                visited[level] = visited.get(level, 0) + 1
        memo[key] = v
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
