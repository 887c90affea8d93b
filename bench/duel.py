"""The exact two-player dice game (issue 14 §1). Run: python bench/duel.py [--no-solve]

Prints, measured in this run on this machine (CPU time, time.process_time()):
1. the full solve of Clubhouse dice (numpy, float64, swkit.odds.duel.batch.solve): CPU time,
   peak memory (the process's maximum resident set), boards by level, seat 0's value, and
   that the shipped table holds exactly these values (targets: < 10 min CPU, < 2 GB);
2. the float error: the float64 values against exact Fractions (swkit.odds.duel.core.ExactGame,
   pure Python from the final totals) on random boards of the game's last two turns (one per
   player), the largest difference beside the stated bound;
3. the shipped table: its size, the CPU time to read it (standard library), and one
   duel_options query on random positions of every turn, cold (the turn's expectimax) and warm
   (target < 50 ms);
4. WinBot: whole two-player games per second of CPU (WinBot against WinBot, seeds 0..);
5. with --exact: the whole game solved exactly in pure Python (ExactGame, integers over common
   denominators, every board reached from the start): its CPU time and memory, seat 0's value
   as an exact fraction, and the largest |table value - exact value| over every stored board.

--no-solve skips 1 and takes the float values of 2 from the shipped table (the same values).
The machine is shared: run the full solve once or twice only.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import time
from fractions import Fraction


def random_board(rng: random.Random, placed: int, characters: int = 5):
    """A board of Clubhouse dice with ``placed`` tokens in the turn order, random rows and
    spaces (as tests/test_odds_duel.py)."""
    from swkit.dice.faces import DEFAULT_CHARACTERS
    from swkit.odds.duel import DuelBoard
    rows = [[-1, -1] for _ in range(characters)]
    for t in range(placed):
        seat = t % 2
        j = rng.choice([j for j, row in enumerate(rows) if row[seat] == -1])
        other = rows[j][1 - seat]
        rows[j][seat] = rng.choice([v for v in range(6) if v == 0 or v != other])
    return DuelBoard(DEFAULT_CHARACTERS[:characters], tuple(tuple(r) for r in rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-solve", action="store_true", help="skip the full solve")
    parser.add_argument("--exact", action="store_true",
                        help="also solve the whole game exactly in pure Python (minutes)")
    parser.add_argument("--boards", type=int, default=200,
                        help="random boards a level for the error (default 200)")
    args = parser.parse_args()

    from swkit.odds.dice import DiceModel
    from swkit.odds.duel import _float_value, duel_options
    from swkit.odds.duel.batch import error_bound
    from swkit.odds.duel.core import ExactGame, board_key
    from swkit.odds.duel.table import read_table, shipped_path

    model = DiceModel()
    path = shipped_path(5, 5, 1, 3)
    start = time.process_time()
    table = read_table(path)
    load = time.process_time() - start
    solved = None
    if not args.no_solve:
        import numpy as np

        from swkit.odds.duel.batch import solve
        print("1. the full solve (numpy, float64, level by level from the end)")
        solved = solve(model)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        sizes = solved.info["boards"]
        print(f"   CPU {solved.cpu_seconds:.1f} s, peak memory {peak:.0f} MB "
              f"(targets: 600 s, 2048 MB)")
        print(f"   boards: {sum(sizes):,} ({sizes[-1]:,} final); by level "
              f"{', '.join(f'{s:,}' for s in sizes)}")
        print(f"   seat 0's chance to win at the start, P(win) + 1/2 P(tie): "
              f"{float(solved.values[0][0]):.15f}")
        keys = np.concatenate(solved.keys[:-1])
        values = np.concatenate(solved.values[:-1])
        order = np.argsort(keys)
        same = (np.array_equal(np.array(table.keys, dtype=np.uint32), keys[order])
                and np.array_equal(np.array(table.values), values[order]))
        print(f"   the shipped table holds exactly these values: {same}")

    def float_value(codes) -> float:
        if solved is not None:
            return solved.lookup(board_key(codes))
        return _float_value(model, tuple(sorted(codes)))

    print("2. float64 against exact Fractions on the last two turns, random boards")
    game = ExactGame(model)
    rng = random.Random(14)
    bound = error_bound(model)
    for placed, who in [(9, "seat 1's last turn"), (8, "seat 0's last turn")]:
        worst = Fraction(0)
        start = time.process_time()
        for _ in range(args.boards):
            board = random_board(rng, placed)
            exact = game.value(board.codes)
            worst = max(worst, abs(Fraction(float_value(board.codes)) - exact))
        cpu = time.process_time() - start
        print(f"   {placed} tokens placed ({who}), {args.boards} boards: largest "
              f"|float - exact| = {float(worst):.3g} (bound {bound:.3g}); exact solve "
              f"{cpu / args.boards * 1000:.1f} ms a board")

    print("3. the shipped table and one query")
    print(f"   {path.name}: {path.stat().st_size:,} bytes, {len(table.keys):,} boards; "
          f"read in {load * 1000:.0f} ms of CPU (standard library)")
    names = model.names
    faces = [*names, "Clubhouse"]
    for placed in range(10):
        cold, warm = [], []
        for _ in range(20):
            board = random_board(rng, placed)
            dice = " ".join(rng.choice(faces) for _ in range(5))
            left = rng.randrange(3)
            t0 = time.process_time()
            duel_options(board, dice, left)
            t1 = time.process_time()
            duel_options(board, dice, left)
            t2 = time.process_time()
            cold.append(t1 - t0)
            warm.append(t2 - t1)
        print(f"   {placed} tokens placed: duel_options cold median "
              f"{statistics.median(cold) * 1000:.1f} ms, max {max(cold) * 1000:.1f} ms; "
              f"warm median {statistics.median(warm) * 1000:.2f} ms")

    from swkit.dice.game import DiceGame
    from swkit.odds.duel import WinBot
    games = 40
    start = time.process_time()
    wins = [0, 0, 0]
    for seed in range(games):
        g = DiceGame(players=2, seed=seed)
        bots = [WinBot(0, seed), WinBot(1, seed)]
        while not g.is_terminal():
            seat = g.current_player()
            if seat < 0:
                g.apply_chance()
            else:
                g.apply(bots[seat].choose(g))
        t0, t1 = g.board.totals()
        wins[0 if t0 > t1 else 1 if t1 > t0 else 2] += 1
    cpu = time.process_time() - start
    print(f"4. WinBot against WinBot: {games} games in {cpu:.2f} s of CPU = "
          f"{games / cpu:.0f} games/s (a check of speed, not of strength: seat 0 won "
          f"{wins[0]}, seat 1 {wins[1]}, {wins[2]} tied on points)")

    if args.exact:
        exact_game = ExactGame(model)
        exact_game.MAX_MEMO = 10 ** 9          # keep every board
        start = time.process_time()
        value = exact_game.value((0,) * 5)
        cpu = time.process_time() - start
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        print(f"5. the exact solve: {len(exact_game._memo):,} boards in {cpu:.0f} s of CPU, "
              f"peak memory {peak:.0f} MB")
        print(f"   seat 0's chance to win: {value.numerator}/{value.denominator}")
        print(f"   = {float(value):.17f}")
        worst = Fraction(0)
        checked = 0
        for codes in list(exact_game._memo):
            stored = table.get(board_key(codes))
            if stored is None:
                continue
            checked += 1
            worst = max(worst, abs(Fraction(stored) - exact_game.value(codes)))
        print(f"   the table against it on {checked:,} boards: largest |float - exact| = "
              f"{float(worst):.3g} (bound {bound:.3g})")


if __name__ == "__main__":
    main()
