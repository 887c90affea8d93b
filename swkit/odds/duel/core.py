"""The two-player dice game's states and one turn's expectimax, in pure Python (RULES.md §B).

**Rows.** A character's row holds seat 0's token and seat 1's token; each is absent (-1), in the
Picture Column (0) or on a numbered space 1..5, and the two never share a numbered space: 44
**row states**, coded 0..43 (:data:`ROWS`; code 0 is the empty row). Where a token goes is
:func:`swkit.dice.scoring.space_for`, the one home of the push-left rule, tabulated in
:data:`PLACE`.

**Boards.** The characters are interchangeable (the dice treat every character alike), so a
board is a multiset of ``c`` row states: the sorted tuple of codes, or its integer
:func:`board_key` (the codes as base-44 digits, first code most significant, so sorted tuples
and keys sort alike). With ``a`` tokens of seat 0 and ``b`` of seat 1, seat 0 moves when
``a == b`` and seat 1 when ``a == b + 1`` (seat 0 starts, RULES.md §B2); the game is over when
both have placed ``c`` tokens (one a character, ``c`` turns each). A final board's value is
seat 0's P(win) + 1/2 P(tie): 1, 1/2 or 0 by the totals (RULES.md §B5: exact odds share a tie).

**A turn** (RULES.md §B3, §B4): roll all dice; up to ``rolls - 1`` times keep any dice and
reroll the rest; stop after any roll and put a token in a row the mover has not scored, for the
count of that character (its dice plus every Clubhouse), a count of 0 included (the voluntary
zero; after the last roll with nothing to count it is the forced zero). :class:`TurnTables`
holds the dice multisets and the keep -> roll transition; :func:`solve_turn` is the expectimax
of one turn for any payoff of the final dice, with exact integers (over a common denominator)
or floats. The dice keep every category apart (each character its own, the Clubhouse last), so
character ``r`` of the dice is row ``r`` of the board.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial, prod
from operator import mul

from swkit.dice.scoring import TOP_SPACE, space_for
from swkit.errors import ConfigurationError
from swkit.odds.dice import DiceModel

ABSENT = -1
"""A seat's token not yet in the row."""

ROWS: tuple[tuple[int, int], ...] = tuple(
    (p0, p1) for p0 in range(ABSENT, TOP_SPACE + 1) for p1 in range(ABSENT, TOP_SPACE + 1)
    if not (p0 == p1 and p0 >= 1))
"""Row state code -> (seat 0's place, seat 1's place): -1 absent, 0 Picture Column, 1..5."""

ROW_CODE: dict[tuple[int, int], int] = {row: i for i, row in enumerate(ROWS)}
N_ROWS = len(ROWS)  # 44


def _place(code: int, seat: int, count: int) -> int:
    row = ROWS[code]
    if row[seat] != ABSENT:
        return -1
    other = row[1 - seat]
    space = space_for(count, {other} if other >= 1 else set())
    new = (space, row[1]) if seat == 0 else (row[0], space)
    return ROW_CODE[new]


PLACE: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(_place(code, seat, x) for x in range(TOP_SPACE + 1)) for seat in (0, 1))
    for code in range(N_ROWS))
"""``PLACE[code][seat][count]``: the row's code after ``seat`` scores that character with
``count`` (RULES.md §B4 via ``space_for``), or -1 when ``seat`` has already scored it."""

POINTS: tuple[tuple[int, int], ...] = tuple((max(p0, 0), max(p1, 0)) for p0, p1 in ROWS)
"""``POINTS[code]``: the points of seat 0's and seat 1's tokens in the row (0 when absent)."""

HAS: tuple[tuple[int, int], ...] = tuple((int(p0 != ABSENT), int(p1 != ABSENT))
                                         for p0, p1 in ROWS)
"""``HAS[code]``: whether seat 0's and seat 1's tokens are in the row (1) or not (0)."""

MAX_DUEL_DICE = 5
MAX_DUEL_CHARACTERS = 5


def check_duel_model(model: DiceModel) -> None:
    """Raise ConfigurationError unless ``model`` (a :class:`~swkit.odds.dice.DiceModel`) fits
    the two-player solve: at most 5 dice (counts run to 5, the top space) and at most 5
    characters (one token and one turn a character, RULES.md §B1, §B2)."""
    n, c = model.n, model.characters
    if n > MAX_DUEL_DICE or c > MAX_DUEL_CHARACTERS:
        raise ConfigurationError(
            f"the two-player solve takes at most {MAX_DUEL_DICE} dice and "
            f"{MAX_DUEL_CHARACTERS} characters, got {n} dice and {c} characters "
            f"(a row has spaces 1..5 and each player one token a character, RULES.md §B1)")


# --------------------------------------------------------------------------------------------
# boards


def board_key(codes: Sequence[int]) -> int:
    """The integer key of a board given as row codes in any order (sorted first): the sorted
    codes as base-44 digits, the first (smallest) most significant."""
    key = 0
    for code in sorted(codes):
        key = key * N_ROWS + code
    return key


def tokens(codes: Sequence[int]) -> tuple[int, int]:
    """How many tokens seat 0 and seat 1 have on the board."""
    return sum(HAS[x][0] for x in codes), sum(HAS[x][1] for x in codes)


def mover(codes: Sequence[int]) -> int:
    """The seat to move on a board (0 when the token counts are equal, 1 when seat 0 has one
    more). Raises ConfigurationError for counts no two-player game reaches."""
    a, b = tokens(codes)
    if a == b:
        return 0
    if a == b + 1:
        return 1
    raise ConfigurationError(
        f"seat 0 has {a} tokens and seat 1 has {b}: seat 0 moves first (RULES.md §B2), so "
        f"seat 0 has as many tokens as seat 1 or one more")


def is_final(codes: Sequence[int]) -> bool:
    """True when both seats have a token in every row (the game is over)."""
    return all(HAS[x] == (1, 1) for x in codes)


def totals(codes: Sequence[int]) -> tuple[int, int]:
    """Seat 0's and seat 1's totals on the board (RULES.md §B5)."""
    return sum(POINTS[x][0] for x in codes), sum(POINTS[x][1] for x in codes)


def final_half_value(codes: Sequence[int]) -> int:
    """Twice seat 0's value on a final board: 2 (seat 0 wins), 1 (a tie) or 0 (seat 1 wins),
    RULES.md §B5 (a tie shares the win: 1/2 each)."""
    t0, t1 = totals(codes)
    return 2 if t0 > t1 else 1 if t0 == t1 else 0


def level_boards(characters: int, level: int) -> list[tuple[int, ...]]:
    """Every board (sorted code tuple) of ``characters`` rows with ``level`` tokens placed in
    the turn order (seat 0 ``ceil(level/2)``, seat 1 ``floor(level/2)``), in key order."""
    want = ((level + 1) // 2, level // 2)
    return [b for b in combinations_with_replacement(range(N_ROWS), characters)
            if tokens(b) == want]


def successor(codes: Sequence[int], row: int, seat: int, count: int) -> tuple[int, ...] | None:
    """The board (sorted codes) after ``seat`` scores row ``row`` with ``count``, or None when
    that seat has scored that row."""
    new = PLACE[codes[row]][seat][min(count, TOP_SPACE)]
    if new < 0:
        return None
    out = list(codes)
    out[row] = new
    return tuple(sorted(out))


# --------------------------------------------------------------------------------------------
# one turn


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(total, -1, -1)
            for rest in _compositions(total - first, parts - 1)]


@dataclass(frozen=True)
class TurnTables:
    """The dice of one turn: ``n`` dice over ``live`` characters the mover may still score
    (one category each), the ``dead`` characters it has scored lumped into one category (their
    dice count for nothing), and the Clubhouse (``wilds`` faces) last, when there is one.

    ``keeps``: every multiset of 0..n dice over these categories (count vectors), by size;
    ``states``: the keep indices of the multisets of ``n`` dice (the dice showing after a
    roll), and ``spos`` the inverse (keep index -> state position); ``trans[k] = (positions,
    weights)``: the states a roll of the dice not kept reaches from keep ``k``, with integer
    weights on the common denominator ``F ** n`` (F faces a die), and ``ptrans[k]`` the same
    weights as probabilities; ``children[k]``: the keeps one die smaller; ``counts[i][r]``:
    live character ``r``'s count in state position ``i`` (its dice plus every Clubhouse,
    RULES.md §B4).
    """

    n: int
    live: int
    dead: int
    wilds: int
    keeps: tuple[tuple[int, ...], ...]
    keep_index: dict[tuple[int, ...], int]
    states: tuple[int, ...]
    spos: dict[int, int]
    trans: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
    ptrans: tuple[tuple[float, ...], ...]
    children: tuple[tuple[int, ...], ...]
    counts: tuple[tuple[int, ...], ...]

    @property
    def faces(self) -> int:
        """Faces a die: ``live + dead + wilds``."""
        return self.live + self.dead + self.wilds

    def lump(self, dice: Sequence[int], live_rows: Sequence[int]) -> tuple[int, ...]:
        """The engine's vector of a model count vector (one entry a character, then the
        Clubhouse): the ``live_rows`` in order, the other characters summed, the Clubhouse."""
        out = [dice[r] for r in live_rows]
        if self.dead:
            out.append(sum(dice[:-1]) - sum(out))
        if self.wilds:
            out.append(dice[-1])
        return tuple(out)


@lru_cache(maxsize=64)
def lumped_tables(n: int, live: int, dead: int, wilds: int) -> TurnTables:
    """The :class:`TurnTables` of ``n`` dice, ``live`` characters to score, ``dead`` scored
    ones (lumped) and ``wilds`` Clubhouse faces."""
    weights = (1,) * live + ((dead,) if dead else ()) + ((wilds,) if wilds else ())
    parts = len(weights)
    F = live + dead + wilds
    keeps = tuple(k for m in range(n + 1) for k in _compositions(m, parts))
    index = {k: i for i, k in enumerate(keeps)}
    states = tuple(i for i, k in enumerate(keeps) if sum(k) == n)
    spos = {k: i for i, k in enumerate(states)}
    trans = []
    for k in keeps:
        m = n - sum(k)
        scale = F ** (n - m)
        pos, ws = [], []
        for out in _compositions(m, parts):
            w = (factorial(m) // prod(factorial(x) for x in out)
                 * prod(wt ** x for wt, x in zip(weights, out, strict=True)))
            if w:
                pos.append(spos[index[tuple(a + b for a, b in zip(k, out, strict=True))]])
                ws.append(w * scale)
        trans.append((tuple(pos), tuple(ws)))
    denom = F ** n
    ptrans = tuple(tuple(w / denom for w in ws) for _, ws in trans)
    children = tuple(tuple(index[k[:i] + (k[i] - 1,) + k[i + 1:]] for i in range(parts) if k[i])
                     for k in keeps)
    wild = parts - 1 if wilds else None
    counts = tuple(tuple(keeps[s][r] + (keeps[s][wild] if wild is not None else 0)
                         for r in range(live)) for s in states)
    return TurnTables(n, live, dead, wilds, keeps, index, states, spos, tuple(trans), ptrans,
                      children, counts)


def turn_tables(n: int, c: int, wilds: int) -> TurnTables:
    """The :class:`TurnTables` with every one of ``c`` characters live (the numpy solve's)."""
    return lumped_tables(n, c, 0, wilds)


@dataclass
class Turn:
    """One turn's expectimax for the mover (its own value, maximised).

    ``V[t][i]``: the value of the dice ``keeps[states[i]]`` showing with ``t`` rolls left;
    ``W[t][k]``: the value of keeping ``keeps[k]`` and rerolling the rest with ``t`` rolls
    left after that roll; ``start``: the value before the turn's first roll. Exact mode:
    integers, ``V[t]`` over ``D * F**(n*t)``, ``W[t]`` over ``D * F**(n*(t+1))``, ``start`` over
    ``D * F**(n*rolls)`` (D the payoff's denominator); float mode: plain values.
    ``live_rows``: the board rows of the live characters, in the tables' order.
    """

    tables: TurnTables
    rolls: int
    exact: bool
    V: list[list[float | int]]
    W: list[list[float | int]]
    start: float | int
    live_rows: tuple[int, ...] = ()


def solve_turn(tables: TurnTables, rolls: int, payoff: Callable[[int], float | int],
               exact: bool) -> Turn:
    """The expectimax of one turn (RULES.md §B3) for ``payoff(i)``, the mover's value of
    stopping with the dice of state position ``i`` (its best score choice), maximised.

    Exact mode: ``payoff`` gives integers over a denominator D, and the values come back over
    ``D * F ** (n * j)`` (see :class:`Turn`); float mode: probabilities. Stopping is allowed
    after every roll; a keep of every die is the same as stopping, so it is not a reroll.
    """
    grow = tables.faces ** tables.n if exact else 1
    trans, ptrans = tables.trans, tables.ptrans
    children, states = tables.children, tables.states
    g = [payoff(i) for i in range(len(states))]
    V: list[list[float | int]] = [g]
    W: list[list[float | int]] = []
    scale = 1
    for _t in range(rolls):
        get = V[-1].__getitem__
        if exact:
            w_row = [sum(map(mul, ws, map(get, pos))) for pos, ws in trans]
        else:
            w_row = [sum(map(mul, pw, map(get, pos)))
                     for (pos, _), pw in zip(trans, ptrans, strict=True)]
        W.append(w_row)
        if len(W) == rolls:
            break
        scale *= grow
        best = _down_max(tables, w_row)
        row: list[float | int] = []
        for i, s in enumerate(states):
            v = g[i] * scale
            for kid in children[s]:
                if best[kid] > v:
                    v = best[kid]
            row.append(v)
        V.append(row)
    start = W[-1][tables.keep_index[(0,) * len(tables.keeps[0])]]
    return Turn(tables, rolls, exact, V, W, start)


def _down_max(tables: TurnTables, w_row: list[float | int]) -> list[float | int]:
    """``out[k]``: the best of ``w_row`` over the sub-multisets of keep ``k`` (``k`` included),
    for the keeps smaller than ``n`` dice."""
    best = list(w_row)
    n, keeps = tables.n, tables.keeps
    for k, kids in enumerate(tables.children):
        if kids and sum(keeps[k]) < n:
            b = best[k]
            for kid in kids:
                if best[kid] > b:
                    b = best[kid]
            best[k] = b
    return best


# --------------------------------------------------------------------------------------------
# a board's turn and the exact game


def board_turn(n: int, wilds: int, rolls: int, codes: Sequence[int], seat: int,
               value_of: Callable[[tuple[int, ...]], float | int], top: float | int,
               exact: bool) -> tuple[Turn, list[list[float | int | None]]]:
    """The turn of ``seat`` on the board ``codes`` (one code a character, in the dice's
    character order) with ``n`` dice, ``wilds`` Clubhouse faces and ``rolls`` rolls, and the
    mover's value of each score choice.

    ``value_of(sorted codes)`` is seat 0's value of a board one token further on, on the
    scale ``top`` (1.0 for floats, the next level's denominator for exact integers); the mover's
    value is that for seat 0 and ``top`` minus it for seat 1. Returns the :class:`Turn`
    (values for the mover; the characters the mover has scored are one lumped category) and
    ``score[r][x]``: the mover's value of scoring row ``r`` with a count ``x`` (None when the
    mover has scored that row).
    """
    score: list[list[float | int | None]] = []
    for r, code in enumerate(codes):
        if PLACE[code][seat][0] < 0:
            score.append([None] * (n + 1))
            continue
        vals: list[float | int | None] = []
        for x in range(n + 1):
            nxt = list(codes)
            nxt[r] = PLACE[code][seat][x]
            v = value_of(tuple(sorted(nxt)))
            vals.append(v if seat == 0 else top - v)
        score.append(vals)
    live_rows = tuple(r for r, row in enumerate(score) if row[0] is not None)
    if not live_rows:
        raise ConfigurationError(f"seat {seat} has a token in every row: nothing to score")
    tables = lumped_tables(n, len(live_rows), len(codes) - len(live_rows), wilds)
    rows = [score[r] for r in live_rows]
    counts = tables.counts

    def payoff(i: int) -> float | int:
        return max(row[x] for row, x in zip(rows, counts[i], strict=True))  # type: ignore

    turn = solve_turn(tables, rolls, payoff, exact)
    turn.live_rows = live_rows
    return turn, score


class ExactGame:
    """The two-player game solved exactly in pure Python, board by board on demand (memoised).

    ``model``: a :class:`~swkit.odds.dice.DiceModel` (at most 5 dice and 5 characters). A board
    of level ``m`` (``m`` tokens placed) has seat 0's value as an integer over
    ``denominator(m) = 2 * F ** (n * rolls * (2c - m))`` (F faces a die): every turn's ``rolls``
    rolls multiply the denominator by ``F ** (n * rolls)``, the final boards' values are 0, 1/2
    or 1. Quick for small models and for a board of the full game's last two turns; the whole
    of Clubhouse dice (every board) is a long solve that needs ``MAX_MEMO`` raised above its
    988,392 boards (``python bench/duel.py --exact`` measures it).
    """

    MAX_MEMO = 300_000
    """Boards remembered at most (then the memo starts again and values are recomputed): it
    bounds the memory of a long-lived player (WinBot's last two turns)."""

    def __init__(self, model: DiceModel) -> None:
        check_duel_model(model)
        self.model = model
        self.n: int = model.n
        self.wilds: int = model.wilds
        self.rolls: int = model.rolls
        self.levels: int = 2 * model.characters
        self.step: int = model.faces ** (model.n * model.rolls)
        self._memo: dict[tuple[int, ...], int] = {}

    def denominator(self, level: int) -> int:
        """The common denominator of the values of the boards with ``level`` tokens placed."""
        return 2 * self.step ** (self.levels - level)

    def numerator(self, codes: Sequence[int]) -> int:
        """Seat 0's value of the board ``codes`` (any order) before the mover's first roll, as
        an integer over :meth:`denominator` of its level."""
        key = tuple(sorted(codes))
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        if is_final(key):
            value = final_half_value(key)
        else:
            seat = mover(key)
            level = sum(tokens(key))
            top = self.denominator(level + 1)
            turn, _ = board_turn(self.n, self.wilds, self.rolls, key, seat, self.numerator, top,
                                 True)
            value = turn.start if seat == 0 else self.denominator(level) - turn.start
        if len(self._memo) >= self.MAX_MEMO:
            self._memo.clear()
        self._memo[key] = int(value)
        return int(value)

    def value(self, codes: Sequence[int]) -> Fraction:
        """Seat 0's value (P(win) + 1/2 P(tie)) of the board ``codes``, an exact Fraction."""
        level = sum(tokens(codes))
        return Fraction(self.numerator(codes), self.denominator(level))
