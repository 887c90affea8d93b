"""Count the boards an exact P-player solve of Clubhouse dice would visit (issue 14 §3, on paper).

Usage: python bench/dice_solve_sizes.py [--players 2 3 4]

A character's row holds one token per seat: absent, in the Picture Column, or on one of the
spaces 1..5, no two on the same numbered space (RULES.md §B4). The characters are
interchangeable, so a board is a multiset of 5 rows. At level L (L tokens placed, player
L mod P to move) seat s has placed L // P tokens, plus one if s < L mod P (RULES.md §B2: P
players take 5, 5, 4, 3 turns each for P = 1..4, one token a turn). The counts are exact (a
dynamic programme over the row states); the memory and work columns are arithmetic on them.

Checks the figures of issue 14 §1 for 2 players: 44 row states, 988,392 boards, 324,632 final.
"""

from __future__ import annotations

import argparse
import itertools
from math import comb, perm

TURNS = {2: 5, 3: 4, 4: 3}
TOKEN = (None, 0, 1, 2, 3, 4, 5)  # absent, the Picture Column, spaces 1..5
ROWS = 5


def row_states(players: int) -> list[tuple[int | None, ...]]:
    """Every row: one token state per seat, numbered spaces distinct."""
    out = []
    for row in itertools.product(TOKEN, repeat=players):
        numbered = [v for v in row if v]
        if len(numbered) == len(set(numbered)):
            out.append(row)
    return out


def level_counts(players: int) -> dict[tuple[int, ...], int]:
    """Multisets of 5 rows by the number of tokens each seat has on the board (the vector)."""
    turns = TURNS[players]
    # per row type: which seats have a token there
    masks: dict[tuple[int, ...], int] = {}
    for row in row_states(players):
        v = tuple(int(x is not None) for x in row)
        masks[v] = masks.get(v, 0) + 1
    # dp over row kinds: (rows used, tokens per seat) -> multisets; a kind with m states
    # contributes multisets of size k from m states: comb(m + k - 1, k)
    dp: dict[tuple[int, tuple[int, ...]], int] = {(0, (0,) * players): 1}
    for v, m in masks.items():
        new: dict[tuple[int, tuple[int, ...]], int] = {}
        for (used, tokens), ways in dp.items():
            for k in range(ROWS - used + 1):
                t = tuple(a + k * b for a, b in zip(tokens, v, strict=True))
                if max(t) > turns:
                    break
                key = (used + k, t)
                new[key] = new.get(key, 0) + ways * comb(m + k - 1, k)
        dp = new
    return {t: ways for (used, t), ways in dp.items() if used == ROWS}


def levels(players: int) -> list[int]:
    """Canonical boards at each level L = 0 .. P * turns."""
    counts = level_counts(players)
    out = []
    for level in range(players * TURNS[players] + 1):
        t = tuple(level // players + (1 if s < level % players else 0) for s in range(players))
        out.append(counts.get(t, 0))
    return out


def labelled(players: int) -> int:
    """Boards with the characters told apart (rows ordered), over all levels."""
    rows = row_states(players)
    kinds: dict[tuple[int, ...], int] = {}
    for row in rows:
        v = tuple(int(x is not None) for x in row)
        kinds[v] = kinds.get(v, 0) + 1
    turns = TURNS[players]
    dp: dict[tuple[int, ...], int] = {(0,) * players: 1}
    for _ in range(ROWS):
        new: dict[tuple[int, ...], int] = {}
        for t, ways in dp.items():
            for v, m in kinds.items():
                u = tuple(a + b for a, b in zip(t, v, strict=True))
                if max(u) <= turns:
                    new[u] = new.get(u, 0) + ways * m
        dp = new
    total = 0
    for level in range(players * turns + 1):
        t = tuple(level // players + (1 if s < level % players else 0) for s in range(players))
        total += dp.get(t, 0)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    args = parser.parse_args()
    base_work = None
    for p in sorted(args.players):
        lv = levels(p)
        rows = len(row_states(p))
        formula = sum(comb(p, j) * 2 ** (p - j) * perm(5, j) for j in range(p + 1))
        assert rows == formula
        total, final = sum(lv), lv[-1]
        inner = lv[:-1]  # the final level's values come from the totals: never stored
        # solving level L reads level L + 1: the widest pair of stored (non-final) levels
        pair = max(a + b for a, b in zip(inner, inner[1:], strict=False))
        work = sum(inner) * (p - 1)
        base_work = base_work or work
        print(f"{p} players, {TURNS[p]} turns each: {rows} row states "
              f"(sum_j C({p},j) 2^({p}-j) 5!/(5-j)!); {total:,} canonical boards "
              f"({final:,} final), {labelled(p):,} labelled")
        print(f"  by level L = 0..{len(lv) - 1}: {', '.join(f'{n:,}' for n in lv)}")
        print(f"  boards to solve (not final): {sum(inner):,}; values: {p - 1} a board "
              f"(a P-vector of win shares summing to 1)")
        for name, size in (("float32", 4), ("float64", 8)):
            per = (p - 1) * size
            print(f"  {name}: the whole table {sum(inner) * per / 1e9:,.3f} GB; two adjacent "
                  f"levels at once {pair * per / 1e9:,.3f} GB, + {pair * 8 / 1e9:,.3f} GB of "
                  f"uint64 board keys (5 row indices) for the lookups")
        print(f"  work: boards to solve x values = {work:,} = {work / base_work:,.0f} x the "
              f"smallest count shown")


if __name__ == "__main__":
    main()
