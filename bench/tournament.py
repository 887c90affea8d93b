"""Tournament speed and the PointsBot-against-GreedyBot figure (issue 14 §3).

Usage: python bench/tournament.py [--rate-games N] [--speedup-games N] [--duel-games N]
                                  [--speedup-bots A,B] [--duel-bots A,B] [--seed S]
                                  [--speedup-game dice|cards] [--skip-dask]
                                  [--only rates|speedup|duel]

Prints, on this machine:

1. games per CPU second of one core, for each game and pairing, played in this process
   through ``run_tournament(..., workers=1)`` (``time.process_time``: what one core does,
   whatever else runs on the machine);
2. the speed-up from 1 to 2 workers: wall time of the same tournament with ``--workers 1``
   (in the command's process) and 2 (``local``: two processes; ``dask``: a 2-worker
   LocalCluster), each a fresh ``swkit tournament`` process, with the load average (the
   machine is shared: a load above 2 on 2 cores means the workers queue for a core) and CPU
   seconds: "playing", the games themselves in whichever process played them; "waited for",
   the command's process and the children it reaped (the local pool's workers come from a
   fork server, not its child, so they are missing there; Dask's LocalCluster workers are
   in it, with their start-up and Dask's own work);
3. PointsBot against GreedyBot (``--duel-bots``: any two dice bots), seats alternating,
   over ``--duel-games`` games on 2 local workers: each bot's win rate with its 99% Wilson
   interval, the seat figures, and whether the difference from 50% is significant at 99%.

The figures of (3) do not depend on the backend or the worker count (game i is seeded from
(S, i)); the timings of (1) and (2) do.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time

from swkit.tournament import run_tournament

PAIRINGS = (("dice", ("greedy", "greedy")), ("dice", ("points", "greedy")),
            ("dice", ("points", "points")), ("dice", ("points", "greedy", "random", "greedy")),
            ("cards", ("greedy", "greedy")), ("cards", ("greedy", "random")))


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def rates(games: int, seed: int) -> None:
    """Games per CPU second, one core, each pairing: the best of 3 runs of ``games`` games."""
    print(f"1. Games per CPU second of one core (best of 3 runs of {games} games; {_load()})")
    for game, bots in PAIRINGS:
        n = games - games % len(bots)
        if game == "cards":
            n = max(len(bots), n // 10 - (n // 10) % len(bots))
        run_tournament(game, bots, len(bots), seed=-1, workers=1)  # warm the caches
        best = 0.0
        for k in range(3):
            cpu = time.process_time()
            run_tournament(game, bots, n, seed=seed + k, workers=1)
            best = max(best, n / (time.process_time() - cpu))
        print(f"   {game:5}  {','.join(bots):28}  {best:8,.0f} games/CPU-s  ({n} games a run)")


def speedup(games: int, seed: int, skip_dask: bool, bots: str = "points,greedy",
            game: str = "dice") -> None:
    """Wall and CPU time of the same tournament (PointsBot against GreedyBot at dice by
    default) with 1 and 2 workers, each run as a fresh ``swkit tournament`` process (cold
    caches for every row; the CPU seconds are that process's and its workers')."""
    print(f"2. Speed-up from 1 to 2 workers: {game}, {bots}, {games} games, each row a "
          f"fresh 'swkit tournament' process")
    digests = []
    backends = [("local", 1), ("local", 2)] + ([] if skip_dask else [("dask", 2)])
    base = None
    for backend, workers in backends:
        before = _load()
        argv = [sys.executable, "-m", "swkit", "tournament", "--game", game, "--bots",
                bots, "--games", str(games), "--seed", str(seed), "--backend",
                backend, "--workers", str(workers), "--json", "--no-progress"]
        wall, kids = time.perf_counter(), _children_cpu()
        out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
        wall = time.perf_counter() - wall
        cpu = _children_cpu() - kids
        base = base or wall
        data = json.loads(out)
        digests.append(data["digest"])
        play = data["cpu_seconds"]
        print(f"   {backend:5} {workers} worker{'s' if workers > 1 else ' '}: {wall:6.1f} s wall "
              f"({games / wall:5,.0f} games/s), speed-up {base / wall:4.2f}x; CPU s: {play:5.1f} "
              f"playing ({games / play:4,.0f} games per CPU-s), {cpu:5.1f} in the processes "
              f"this one waited for; before: {before}")
    print(f"   after: {_load()}")
    print(f"   same games on every row: {len(set(digests)) == 1} (digest {digests[0]})")


def duel(games: int, seed: int, bots: str = "points,greedy") -> None:
    """Two dice bots (PointsBot against GreedyBot by default), seats alternating, on 2 local
    workers."""
    first, second = bots.split(",")
    print(f"3. {first} against {second}, seats alternating: {games} games, seed {seed} "
          f"({_load()})")
    wall = time.perf_counter()
    result = run_tournament("dice", (first, second), games, seed=seed, workers=2)
    wall = time.perf_counter() - wall
    used = result.cpu_seconds
    print("   " + result.format_text().replace("\n", "\n   "))
    points = result.entries[0].win_rate
    seat0 = result.seat_win_rate[0]
    verdict = ("significant at 99%: the interval excludes 50%" if not points.covers(0.5)
               else "not significant at 99%: the interval holds 50%")
    print(f"   {first} over {second}: {100 * points.estimate:.2f}% "
          f"(99%: {100 * points.low:.2f}% to {100 * points.high:.2f}%), {verdict}")
    favour = ("seat 0 (who moves first)" if seat0.low > 0.5 else
              "seat 1 (who moves second)" if seat0.high < 0.5 else
              "neither seat at 99%")
    print(f"   The game favours {favour}: seat 0 wins {100 * seat0.estimate:.2f}% "
          f"(99%: {100 * seat0.low:.2f}% to {100 * seat0.high:.2f}%)")
    print(f"   {wall:.0f} s wall, {used:.0f} CPU s of play ({games / used:,.0f} games per "
          f"CPU-s); after: {_load()}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate-games", type=int, default=400, help="dice games a run (1.)")
    parser.add_argument("--speedup-games", type=int, default=2000, help="games (2.)")
    parser.add_argument("--duel-games", type=int, default=20_000, help="games (3.)")
    parser.add_argument("--duel-bots", default="points,greedy",
                        help="the two dice bots of (3.), e.g. win,points once swkit.odds.duel "
                             "is installed")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--speedup-bots", default="points,greedy", help="bots (2.)")
    parser.add_argument("--speedup-game", choices=("dice", "cards"), default="dice",
                        help="game (2.); cards bots are greedy and random")
    parser.add_argument("--skip-dask", action="store_true", help="no Dask row in (2.)")
    parser.add_argument("--only", choices=("rates", "speedup", "duel"), default=None)
    args = parser.parse_args()
    if args.only in (None, "rates"):
        rates(args.rate_games, args.seed)
    if args.only in (None, "speedup"):
        speedup(args.speedup_games, args.seed, args.skip_dask, args.speedup_bots,
                args.speedup_game)
    if args.only in (None, "duel"):
        duel(args.duel_games, args.seed, args.duel_bots)


if __name__ == "__main__":
    main()
