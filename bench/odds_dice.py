"""Speed of the exact dice odds (issue 3, dice part). Run: python bench/odds_dice.py [--quick]

Prints, measured in this run on this machine:
1. the solo game's optimal expected total (exact Fraction) and the time to compute it cold;
2. the same value by a PLAIN expectimax written here: floats, memoised on the sorted dice,
   trying all 32 keep masks per roll and every face sequence of the rerolled dice -- and the
   speed-up of the exact engine over it (target >= 20x; exact solo < 1 s);
3. one warm best-keep query (expected points on a board, after a roll; target < 5 ms);
4. simulated dice turns per second (target >= 1,000,000).
"""

from __future__ import annotations

import statistics
import sys
import time
from functools import cache
from itertools import product


def plain_solo(characters: int = 5, dice: int = 5, rolls: int = 3) -> float:
    """The solo game's optimal expected total, the plain way (floats, sequences, masks).

    Faces 0..characters-1 are characters, face `characters` the Clubhouse. Like the exact
    engine it uses that the future depends on how many characters are scored, not which."""
    faces = characters + 1
    wild = characters
    seqs = {m: list(product(range(faces), repeat=m)) for m in range(dice + 1)}
    masks = list(range(2 ** dice - 1))  # every mask but "keep all" (= stop)

    @cache
    def game(scored: int) -> float:
        if scored == characters:
            return 0.0
        later = game(scored + 1)
        unscored = range(scored, characters)  # by symmetry, the last ones are unscored

        @cache
        def value(d: tuple[int, ...], left: int) -> float:
            w = d.count(wild)
            best = max(min(d.count(j) + w, 5) for j in unscored) + later
            if left == 0:
                return best
            for mask in masks:
                kept = [d[i] for i in range(dice) if mask >> i & 1]
                rest = seqs[dice - len(kept)]
                total = 0.0
                for s in rest:
                    total += value(tuple(sorted(kept + list(s))), left - 1)
                best = max(best, total / len(rest))
            return best

        return sum(value(tuple(sorted(s)), rolls - 1) for s in seqs[dice]) / faces ** dice

    return game(0)


def timed(fn, *args):
    start = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - start


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    t0 = time.perf_counter()
    import swkit.odds.dice as dice_mod
    from swkit.odds.dice import DiceModel, Objective, best_keep
    from swkit.odds.montecarlo_dice import turns_per_second
    from swkit.odds.solo import solo_expected
    t_import = time.perf_counter() - t0

    exact, t_exact = timed(solo_expected, DiceModel())
    print(f"solo optimal expected total (exact): {exact} = {float(exact):.9f} points")
    print(f"  exact engine, cold: {t_exact * 1000:.1f} ms (imports {t_import * 1000:.0f} ms)"
          f"  [target < 1 s]")

    if quick:
        print("plain expectimax skipped (--quick)")
    else:
        plain, t_plain = timed(plain_solo)
        print(f"plain float expectimax (32 masks, sequences): {plain:.9f} in {t_plain:.1f} s")
        print(f"  agrees with exact to {abs(plain - float(exact)):.1e}; exact is "
              f"{t_plain / t_exact:.0f}x faster  [target >= 20x]")

    model = DiceModel()
    objective = Objective.points(scored=[1, 2], taken={0: [5], 3: [4, 5]})
    shown = model.counts("Mickey Mickey Clubhouse Goofy Pluto")
    (_, t_cold) = timed(best_keep, model, objective, shown)
    times = []
    for _ in range(200):
        keep, t = timed(best_keep, model, objective, shown)
        times.append(t)
    print(f"best keep (expected points, board Mickey:5 Goofy:4,5, Minnie+Donald scored): "
          f"{keep.describe()} = {keep.value} ({float(keep.value):.4f} points)")
    print(f"  cold {t_cold * 1000:.1f} ms; warm median {statistics.median(times) * 1000:.3f} ms"
          f"  [target < 5 ms]")
    other = model.counts("Donald Goofy Goofy Pluto Clubhouse")
    (_, t_other) = timed(best_keep, model, objective, other)
    print(f"  another roll on the same board (tables warm): {t_other * 1000:.3f} ms")
    dice_mod._SOLUTIONS.clear()

    rate = turns_per_second(model, turns=1_000_000 if quick else 4_000_000)
    print(f"simulated dice turns per second (optimal keeps, 3 rolls): {rate:,.0f}"
          f"  [target >= 1,000,000]")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
